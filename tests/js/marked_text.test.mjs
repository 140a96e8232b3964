// hyphenate() of texts longer than a paragraph (doc/javascript.md, "The long-text path"): the
// module marks them itself, a run at a time, the text moved in as UTF-8 and out as UTF-16 (or
// Latin-1, for an ASCII run with a one-byte mark). Its
// answer must be the text with the mark at every offset positions() gives (the UTF-16 path's
// breaks, which the native library's equal), and removing the marks must give the text back:
// for every mark (empty, several code units, astral, a lone surrogate), for text beyond ASCII,
// surrogate pairs and byte order marks at runs' ends, lone surrogates (which UTF-8 cannot
// carry), U+FFFD, NUL, minWordLength and a user dictionary. On the package built in the build
// tree (LIBHYPH_PACKAGE).
import test from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const packageDir = process.env.LIBHYPH_PACKAGE;
const { Hyphenator } = await import(pathToFileURL(path.join(packageDir, 'index.mjs')).href);
const english = await Hyphenator.load('en-us');
const german = await Hyphenator.load('de-1996');

const kRun = 1 << 15;  // core.js's run: texts longer than this take the long-text path

let seed = 2511;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (items) => items[Math.floor(random() * items.length)];

// The answer by definition: `mark` at each of positions(text), with minWordLength applied as
// positions() applies it.
function expected(h, text, mark, minWordLength) {
  const offsets = h.positions(text, minWordLength === undefined ? undefined : { minWordLength });
  let out = '';
  let from = 0;
  for (const offset of offsets) {
    out += text.slice(from, offset) + mark;
    from = offset;
  }
  return out + text.slice(from);
}

function check(h, text, mark, minWordLength) {
  const options = minWordLength === undefined ? { hyphenChar: mark } : { hyphenChar: mark, minWordLength };
  const got = h.hyphenate(text, options);
  const want = expected(h, text, mark, minWordLength);
  if (got !== want) {
    let at = 0;
    while (at < got.length && got[at] === want[at]) ++at;
    assert.fail(`mark ${JSON.stringify(mark)}, minWordLength ${minWordLength}: differs at ${at}: ` +
      `${JSON.stringify(got.slice(at - 20, at + 20))} against ${JSON.stringify(want.slice(at - 20, at + 20))}`);
  }
  // Removing the marks gives the text back (where the text does not hold the mark itself).
  if (mark !== '' && !text.includes(mark)) assert.equal(got.split(mark).join(''), text, `mark ${JSON.stringify(mark)}: removed, the text comes back`);
}

// A text of about `units` code units from `pieces`, with white space between some of them.
function textOf(pieces, units) {
  const parts = [];
  let length = 0;
  while (length < units) {
    const piece = pick(pieces) + (random() < 0.6 ? pick([' ', ' ', '\n', '\t', '']) : '');
    parts.push(piece);
    length += piece.length;
  }
  return parts.join('');
}

const kMarks = ['\u00AD', '-', '', '<->', '\u{1F600}', '\u2027\u200B', '\uD800', 'a\uDC00'];

test('text beyond ASCII: every mark, the answer positions() gives', () => {
  const pieces = ['hyphenation', 'Typesetting', 'computer', 'répétition', 'naïveté', 'Ärger', 'Silbentrennung', 'ﬁnance',
    'İstanbul', '\u{1F600}', '\u{1D400}bold', 'x\u{10400}y', '—', '10-point', "don't", '\u00AD', 'über\u00ADall'];
  const text = textOf(pieces, 5 * kRun + 777);
  assert.ok(text.length > kRun);
  for (const mark of kMarks) {
    check(english, text, mark);
    check(german, text, mark);
  }
});

test('paragraphs: texts of one run, from just above the short texts\' length', () => {
  // core.js marks texts longer than 512 code units in the module, shorter ones itself.
  const pieces = ['hyphenation', 'Typesetting', 'répétition', '\u{1F600}', '\uFEFF', '\uD800', '\uFFFD', '\u0000', 'computer'];
  for (const units of [500, 511, 512, 513, 514, 600, 2000, kRun - 1, kRun]) {
    for (let k = 0; k < 4; ++k) {
      let text = textOf(pieces, units);
      text = text.length > units ? text.slice(0, units) : text;
      for (const mark of kMarks) check(english, text, mark);
      check(english, text, '\u00AD', 9);
    }
  }
});

test('surrogate pairs and byte order marks where runs end', () => {
  // Runs end after white space near kRun and kRun / 2 code units from their start: put astral
  // characters, byte order marks and words on every unit around those places.
  for (const at of [kRun / 2 - 3, kRun / 2, kRun - 2, kRun - 1, kRun, kRun + 1]) {
    for (const tail of ['\u{1F600}hyphenation', '\uFEFFhyphenation', ' \u{10400}\u{10401}', '\uFEFF', 'répétition\u{1F600}']) {
      const text = 'computer '.repeat(Math.ceil(at / 9)).slice(0, at - 1) + ' ' + tail + ' typesetting'.repeat(4000);
      check(english, text, '\u00AD');
      check(english, text, '=');
    }
  }
  // A token longer than a run, astral characters throughout: one run of its own.
  const token = 'hyphenation' + '\u{1F600}typesetting'.repeat(6000);
  check(english, `computer ${token} computer`, '|');
});

test('ASCII runs come out a byte a code unit: marks on both sides of Latin-1\'s edges', () => {
  // hyph_js_mark writes an ASCII run with a one-unit mark in 0..0x7F or 0xA0..0xFF as Latin-1;
  // other marks (0x80..0x9F, where a page's windows-1252 decoder differs, and beyond 0xFF)
  // and runs beyond ASCII come out as UTF-16.
  const ascii = textOf(['hyphenation', 'computer', 'Typesetting', 'table', '10-point', "don't", 'a', 'of'], 3 * kRun);
  for (const mark of ['\u00AD', '-', '\u0000', '\u007F', '\u0080', '\u009F', '\u00A0', '\u00FF', '\u0100', '\uFFFD', '--']) check(english, ascii, mark);
  check(english, `${ascii} répétition ${ascii}`, '\u00AD');
  check(german, ascii, '\u00AD');
});

test('lone surrogates, U+FFFD, NUL and controls in long texts', () => {
  const pieces = ['hyphenation', 'computer', 'Typesetting', '\uD800', '\uDC00', '\uDBFF\uDFFF', 'hyphen\uD800ation',
    '\uFFFD', 'hyph\uFFFDenation', '\u0000', 'hyph\u0000enation', '\u0001', '\uFEFF', '\uFFFF', 'é'];
  for (let k = 0; k < 6; ++k) {
    const text = textOf(pieces, kRun + Math.floor(random() * 3 * kRun));
    for (const mark of kMarks) check(english, text, mark);
  }
  // A lone surrogate in one run only: the other runs are marked by the module.
  const text = 'hyphenation '.repeat(10000) + 'x\uDC00 computer ' + 'typesetting '.repeat(10000);
  check(english, text, '\u00AD');
  check(english, text, '');
});

test('minWordLength in long texts', () => {
  const pieces = ['hyphenation', 'record', 'recording', 'répétition', 'ab', 'computer\u{1F600}', 'Typesetting', '\uD800x'];
  const text = textOf(pieces, 3 * kRun);
  for (const min of [0, 1, 2, 7, 9, 12]) {
    check(english, text, '\u00AD', min);
    check(english, text, '<->', min);
  }
});

test('a user dictionary in long texts, and the same Hyphenator after it is emptied', async () => {
  const h = await Hyphenator.load('en-us');
  const text = textOf(['hyphenation', 'computer', 'Typesetting', 'table', 'répétition'], 3 * kRun);
  const before = h.hyphenate(text, { hyphenChar: '-' });
  h.userDictionary.add('hy-phe-na-tion');
  h.userDictionary.add('ta-ble');
  check(h, text, '-');
  const withWords = h.hyphenate(text, { hyphenChar: '-' });
  assert.notEqual(withWords, before);
  assert.ok(withWords.includes('hy-phe-na-tion') && withWords.includes('ta-ble'));
  h.userDictionary.clear();
  assert.equal(h.hyphenate(text, { hyphenChar: '-' }), before);
  h.free();
});

test('the module keeps its buffers small: long texts leave at most the kept buffers, and no growth', async () => {
  const h = await Hyphenator.load('en-us');
  const prose = textOf(['hyphenation', 'computer', 'Typesetting', 'répétition'], 4 * kRun);
  h.hyphenate(prose);  // the first long text makes the buffers a run needs
  const before = Hyphenator._memory();
  // Longer texts, a token far longer than a run, and a long mark: the room beyond what the
  // module keeps (hyph_js.cpp's kKeptUnits) is given back after each.
  const calls = () => {
    h.hyphenate(prose.repeat(20));
    h.hyphenate(`a ${'hyphenation'.repeat(20000)} b`);
    h.hyphenate(prose, { hyphenChar: '\u00AD'.repeat(200) });
    h.hyphenate(prose);
  };
  calls();
  const once = Hyphenator._memory();
  // What the marker may keep at most: 3 * 2^16 bytes of input, 2^16 offsets (4 bytes each),
  // 2^16 units of mark and 2^17 of output (2 bytes each).
  const kept = 3 * 65536 + 4 * 65536 + 2 * 65536 + 2 * 131072;
  assert.ok(once.heapInUse - before.heapInUse <= kept, `the heap grew by ${once.heapInUse - before.heapInUse} bytes`);
  for (let k = 0; k < 3; ++k) calls();
  const after = Hyphenator._memory();
  assert.equal(after.heapInUse, once.heapInUse);
  assert.equal(after.moduleBytes, once.moduleBytes);
  h.free();
});
