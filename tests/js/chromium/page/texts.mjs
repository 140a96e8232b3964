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
