// The paragraphs the page and its Web Worker hyphenate (tests/js/chromium_test.py): English
// for the package's en-us (Knuth's hyphen.tex), German for de-1996.
export const ENGLISH = 'Browsers justify narrow columns badly unless somebody hyphenates the ' +
  'text beforehand. Soft hyphens, invisible characters inserted at permissible divisions, ' +
  'let the layout engine decide independently where each line terminates, and the reader ' +
  'notices nothing except comfortable, evenly distributed spacing. Generating those ' +
  'characters quickly, correctly and consistently with the typesetting tradition is ' +
  'precisely what a hyphenation library contributes to publishing software everywhere.';
export const GERMAN = 'Schmale Zeitungsspalten im Blocksatz brauchen Silbentrennung, sonst ' +
  'entstehen zwischen den Wörtern unschöne Lücken. Weiche Trennstriche markieren die ' +
  'zulässigen Trennstellen, und der Browser entscheidet selbstständig, welche davon er ' +
  'tatsächlich benutzt. Zusammengesetzte Hauptwörter wie Straßenbahnhaltestelle, ' +
  'Verkehrsinfrastruktur, Rechtschreibreform oder Bundesverfassungsgericht zeigen, weshalb ' +
  'automatische Verfahren für Webseiten unverzichtbar geworden sind.';
// The package's languages the page loads for them.
export const LANGUAGES = { english: 'en-us', german: 'de-1996' };

// A text of many of the package's runs (the paragraph 100 times), which the module marks itself
// (doc/javascript.md, "The long-text path"; English's runs as Latin-1, German's as UTF-16):
// whether its answer is the soft hyphens put at positions()' offsets.
export function longTextAgrees(hyphenator, paragraph) {
  const text = `${paragraph} `.repeat(100);
  let want = '';
  let from = 0;
  for (const at of hyphenator.positions(text)) {
    want += `${text.slice(from, at)}\u00AD`;
    from = at;
  }
  return hyphenator.hyphenate(text) === want + text.slice(from);
}
