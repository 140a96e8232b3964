
// The drop-in for the npm package `hyphen` (doc/javascript.md, "The hyphen drop-in"): each
// libhyph/hyphen/NAME module answers as hyphen/NAME's does (hyphenate, hyphenateSync,
// hyphenateHTML, hyphenateHTMLSync, createHyphenator; the options async, html, hyphenChar,
// minWordLength, exceptions), with TeX's breaks for the same hyph-utf8 patterns. This file
// follows core.js in every entry point and uses its Hyphenator.

const kHyphenDefaults = { async: false, html: true, hyphenChar: '\u00AD', minWordLength: 5, exceptions: [] };

// Where markup starts at `i` (html mode), the index just past it; -1 where text goes on. Left
// alone: comments, <script> and <style> with their contents, tags (a quoted attribute may
// hold '>'), declarations and processing instructions, and character references.
function markupEnd(text, i) {
  const c = text[i];
  if (c === '&') {
    const m = /^&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});/.exec(text.slice(i, i + 40));
    return m === null ? -1 : i + m[0].length;
  }
  if (c !== '<') return -1;
  if (text.startsWith('<!--', i)) {
    const end = text.indexOf('-->', i + 4);
    return end < 0 ? text.length : end + 3;
  }
  const next = text[i + 1] ?? '';
  if (!/[A-Za-z\/!?]/.test(next)) return -1;
  let j = i + 1;
  let quote = '';
  for (; j < text.length; ++j) {
    const d = text[j];
    if (quote !== '') { if (d === quote) quote = ''; }
    else if (d === '"' || d === "'") quote = d;
    else if (d === '>') break;
  }
  j = Math.min(j + 1, text.length);
  const raw = /^<(script|style)[\s>\/]/i.exec(text.slice(i, i + 8));
  if (raw !== null) {
    const close = text.toLowerCase().indexOf(`</${raw[1].toLowerCase()}`, j);
    if (close < 0) return text.length;
    const gt = text.indexOf('>', close);
    return gt < 0 ? text.length : gt + 1;
  }
  return j;
}

// Breaks of positions() that stand: none inside a run of non-space text that already holds
// hyphenChar (hyphen leaves a word it finds hyphenated alone, so hyphenating twice is once).
function withoutHyphenated(text, offsets, hyphenChar) {
  if (hyphenChar === '' || offsets.length === 0 || !text.includes(hyphenChar)) return offsets;
  return offsets.filter((offset) => {
    let start = offset;
    while (start > 0 && !/\s/.test(text[start - 1])) --start;
    let end = offset;
    while (end < text.length && !/\s/.test(text[end])) ++end;
    return !text.slice(start, end).includes(hyphenChar);
  });
}

function hyphenateRun(hyphenator, text, hyphenChar, minWordLength) {
  return withMarks(text, withoutHyphenated(text, hyphenator.positions(text, { minWordLength }), hyphenChar), hyphenChar);
}

function hyphenateText(hyphenator, text, { html, hyphenChar, minWordLength }) {
  if (typeof text !== 'string') throw new TypeError('text must be a string');
  if (!html) return hyphenateRun(hyphenator, text, hyphenChar, minWordLength);
  let out = '';
  let runStart = 0;
  for (let i = 0; i < text.length;) {
    const end = text[i] === '<' || text[i] === '&' ? markupEnd(text, i) : -1;
    if (end < 0) { ++i; continue; }
    out += hyphenateRun(hyphenator, text.slice(runStart, i), hyphenChar, minWordLength) + text.slice(i, end);
    i = runStart = end;
  }
  return out + hyphenateRun(hyphenator, text.slice(runStart), hyphenChar, minWordLength);
}

// hyphen's options: a value of the wrong type falls back to the default, as hyphen does.
function hyphenOption(options, name, fallback, valid) {
  return options != null && name in options && (valid === undefined || valid(options[name])) ? options[name] : fallback;
}

// A language for the drop-in: its Hyphenator, and a way to open another one from the same
// bytes for a hyphenator that has exceptions of its own.
class HyphenLanguage {
  constructor(tag, bytes, hyphenator) {
    this.tag = tag;
    this.bytes = bytes;
    this.hyphenator = hyphenator;
  }

  fresh() {
    if (moduleReady === null) throw new LoadError('libhyph: the module is not loaded', { code: 'io' });
    return Hyphenator._fromBytesSync(this.bytes, { name: this.tag });
  }
}

// hyphen's createHyphenator(patterns, options), with `patterns` a HyphenLanguage.
function createHyphenFunction(language, options = {}) {
  const settings = {
    async: Boolean(hyphenOption(options, 'async', kHyphenDefaults.async)),
    html: Boolean(hyphenOption(options, 'html', kHyphenDefaults.html)),
    hyphenChar: String(hyphenOption(options, 'hyphenChar', kHyphenDefaults.hyphenChar)),
    minWordLength: Math.max(0, hyphenOption(options, 'minWordLength', kHyphenDefaults.minWordLength) >> 0),
  };
  // Exceptions (hyphen's "hy-phen-ation") go to a user dictionary of this function's own
  // Hyphenator, opened at the first; like hyphen's, those given to a call stay for later calls.
  let hyphenator = language.hyphenator;
  const addExceptions = (list) => {
    if (!Array.isArray(list) || list.length === 0) return;
    if (hyphenator === language.hyphenator) hyphenator = language.fresh();
    for (const word of list) hyphenator.userDictionary.add(String(word));
  };
  addExceptions(hyphenOption(options, 'exceptions', kHyphenDefaults.exceptions, Array.isArray));
  const run = (text, callOptions) => {
    addExceptions(hyphenOption(callOptions, 'exceptions', [], Array.isArray));
    return hyphenateText(hyphenator, text, {
      html: settings.html,
      hyphenChar: String(hyphenOption(callOptions, 'hyphenChar', settings.hyphenChar)),
      minWordLength: Math.max(0, hyphenOption(callOptions, 'minWordLength', settings.minWordLength) >> 0),
    });
  };
  if (!settings.async) return run;
  return (text, callOptions) => new Promise((resolve, reject) => {
    // Answered on a later turn of the event loop, as hyphen's async form is.
    setTimeout(() => { try { resolve(run(text, callOptions)); } catch (e) { reject(e); } });
  });
}

// What libhyph/hyphen/NAME exports, for a loaded language.
function hyphenModule(language) {
  const create = (patterns, options) => {
    // createHyphenator(options), or hyphen's createHyphenator(patterns, options).
    if (patterns instanceof HyphenLanguage) return createHyphenFunction(patterns, options);
    return createHyphenFunction(language, patterns);
  };
  return Object.freeze({
    hyphenate: createHyphenFunction(language, { async: true }),
    hyphenateHTML: createHyphenFunction(language, { async: true, html: true }),
    hyphenateHTMLSync: createHyphenFunction(language, { html: true }),
    hyphenateSync: createHyphenFunction(language),
    createHyphenator: create,
    patterns: language,
  });
}

/** libhyph/hyphen/NAME under require() and Node's import: the language loaded at once. */
function hyphenLanguage(tag) {
  const bytes = Hyphenator._readShippedSync(tag);
  return hyphenModule(new HyphenLanguage(tag, bytes, Hyphenator._fromBytesSync(bytes, { name: tag })));
}

/** libhyph/hyphen/NAME in pages and workers (awaited by the module itself). */
async function hyphenLanguageAsync(tag) {
  const bytes = await readAsset(`languages/${tag}.hyb`);
  const hyphenator = await Hyphenator.fromBytes(bytes, { name: tag });
  return hyphenModule(new HyphenLanguage(tag, bytes, hyphenator));
}
