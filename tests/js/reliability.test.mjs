// Reliability of the npm package (issue 25, item 6; doc/javascript.md, "Reliability"): memory
// that does not grow over a million calls, every path of a text through the module giving the
// same breaks for lone surrogates and NUL, and a freed Hyphenator refusing every use. On the
// package built in the build tree (LIBHYPH_PACKAGE). Large texts are in large_text.test.mjs.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const packageDir = process.env.LIBHYPH_PACKAGE;
const { Hyphenator, FreedError } = await import(pathToFileURL(path.join(packageDir, 'index.mjs')).href);
const englishBytes = new Uint8Array(readFileSync(process.env.LIBHYPH_EN_HYB));

let seed = 2024;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (items) => items[Math.floor(random() * items.length)];

// Words, texts and the calls a page makes, `calls` of them in all: positions and hyphenate
// of words, breaks, a user dictionary changed, long texts (which grow the module's buffers and
// give them back), and languages loaded and freed.
function workload(h, calls) {
  const words = ['hyphenation', 'Typesetting', 'computer', 'x', '', 'répétition', 'naïve\u00ADté', '\u{1F600}characters', 'hy-phen'];
  const long = 'hyphenation of running text '.repeat(3000);
  let sink = 0;
  for (let k = 0; k < calls; ++k) {
    const w = words[k % words.length];
    switch (k % 10) {
      case 0: sink += h.hyphenate(w).length; break;
      case 1: sink += h.breaks(w).length; break;
      case 2: sink += h.positions(w, { minWordLength: 4 }).length; break;
      default: sink += h.positions(w).length; break;
    }
    if (k % 10000 === 5) {
      h.userDictionary.add('hy-phe-na-tion');
      sink += h.positions('hyphenation').length;
      h.userDictionary.remove('hyphenation');
    }
    if (k % 50000 === 7) sink += h.hyphenate(long).length;
  }
  return sink;
}

test('memory does not grow over 10^6 calls', async () => {
  const h = await Hyphenator.fromBytes(englishBytes, { name: 'en-us.hyb' });
  // Warm up: the buffers reach their kept sizes, the JIT settles.
  workload(h, 100000);
  for (let k = 0; k < 20; ++k) (await Hyphenator.fromBytes(englishBytes)).free();
  const before = { ...Hyphenator._memory(), rss: process.memoryUsage().rss };
  workload(h, 1000000);
  for (let k = 0; k < 200; ++k) {
    const other = await Hyphenator.fromBytes(englishBytes);
    other.positions('hyphenation');
    other.free();
  }
  const after = { ...Hyphenator._memory(), rss: process.memoryUsage().rss };
  const mib = (x) => (x / 1048576).toFixed(1);
  console.log(`module memory ${mib(before.moduleBytes)} -> ${mib(after.moduleBytes)} MiB, heap in use ` +
    `${before.heapInUse} -> ${after.heapInUse} bytes, process RSS ${mib(before.rss)} -> ${mib(after.rss)} MiB`);
  // The module's heap holds exactly what it held (the kept buffers); its memory has not grown.
  assert.equal(after.heapInUse, before.heapInUse);
  assert.equal(after.moduleBytes, before.moduleBytes);
  // The process: JavaScript's garbage comes and goes; a leak of one object a call would be
  // tens of MiB.
  assert.ok(after.rss - before.rss < 32 * 1048576, `RSS grew by ${mib(after.rss - before.rss)} MiB`);
  h.free();
});

test('lone surrogates, NUL and every other code unit: the same breaks by every path', async () => {
  // positions() takes ASCII through the library's UTF-8 one-word path and the rest through
  // its UTF-16 path; breaks() visits the UTF-16 path's breaks; with a user dictionary, the
  // text goes to the library as UTF-8 (a lone surrogate as its three-byte generalised form).
  // All must agree, as the C API's UTF-16 path and the UTF-8 path agree.
  const h = await Hyphenator.fromBytes(englishBytes);
  const withUser = await Hyphenator.fromBytes(englishBytes);
  withUser.userDictionary.add('zz-zz-zz');  // a word none of the texts holds
  const pieces = ['hyphenation', 'Typesetting', 'computer', ' ', '\n', '-', '\u0000', '\uD800', '\uDC00', '\uDBFF\uDFFF',
    '\u{1F600}', 'é', 'répétition', '\u00AD', '\u2014', "'", '1', '\uFFFF', 'Ä', 'ß', 'ﬁ', 'İ'];
  for (let k = 0; k < 3000; ++k) {
    let text = '';
    const n = 1 + Math.floor(random() * 8);
    for (let j = 0; j < n; ++j) text += pick(pieces);
    const expected = h.breaks(text).map((b) => b.offset);
    assert.deepEqual(h.positions(text), expected, JSON.stringify(text));
    assert.deepEqual(withUser.positions(text), expected, `user dictionary path: ${JSON.stringify(text)}`);
    assert.equal(h.hyphenate(text, { hyphenChar: '\u2010' }).replaceAll('\u2010', ''), text);
  }
  assert.deepEqual(h.positions('hyph\u0000enation'), []);
  assert.deepEqual(h.positions('hyphen\uD800ation'), [2]);
  h.free();
  withUser.free();
});

test('a freed Hyphenator refuses every use with FreedError', async () => {
  const h = await Hyphenator.fromBytes(englishBytes, { name: 'en-us.hyb' });
  h.free();
  for (const use of [() => h.positions('hyphenation'), () => h.hyphenate('hyphenation'), () => h.breaks('hyphenation'),
    () => h.positions('hyphenation '.repeat(10000)), () => h.tag, () => h.leftMin, () => h.dialect,
    () => h.userDictionary.add('a-b'), () => h.userDictionary.size, () => h.userDictionary.clear()])
    assert.throws(use, (e) => e instanceof FreedError && e.code === 'freed' && e.file === 'en-us.hyb');
  h.free();
});
