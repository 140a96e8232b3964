// The npm package's API (js/package/src/core.js), on the package built in the build tree
// (LIBHYPH_PACKAGE), with a Hungarian .dic compiled for it (LIBHYPH_HU_DIC).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const packageDir = process.env.LIBHYPH_PACKAGE;
const lib = await import(pathToFileURL(path.join(packageDir, 'index.mjs')).href);
const { Hyphenator, HyphenationError, FormatError, InvalidArgumentError, LoadError, FreedError } = lib;
const english = await Hyphenator.load('en-us');

test('hyphenate: TeX breaks, the soft hyphen by default, markers removed give the input back', () => {
  assert.equal(english.hyphenate('hyphenation', { hyphenChar: '-' }), 'hy-phen-ation');
  assert.equal(english.hyphenate('hyphenation'), 'hy\u00ADphen\u00ADation');
  const text = 'Typesetting 10-point type: the hyphenation of "Computers & Typesetting".\n';
  const out = english.hyphenate(text, { hyphenChar: '|' });
  assert.equal(out.replaceAll('|', ''), text);
  assert.equal(out, 'Type|set|ting 10-point type: the hy|phen|ation of "Com|put|ers & Type|set|ting".\n');
});

test('positions are UTF-16 code units, past astral characters', () => {
  assert.deepEqual(english.positions('hyphenation'), [2, 6]);
  assert.deepEqual(english.positions('\u{1F600} hyphenation'), [5, 9]);
  assert.deepEqual(english.positions(''), []);
});

test('minWordLength leaves short words alone', () => {
  assert.equal(english.hyphenate('record recording', { hyphenChar: '-', minWordLength: 7 }), 'record record-ing');
  assert.throws(() => english.hyphenate('x', { minWordLength: -1 }), InvalidArgumentError);
});

test('breaks: values, and the spelling of a .dic dictionary\'s non-standard break', async () => {
  assert.deepEqual(english.breaks('hyphenation').map((b) => [b.offset, b.value]), [[2, 3], [6, 5]]);
  const hungarian = await Hyphenator.load(process.env.LIBHYPH_HU_DIC);
  assert.equal(hungarian.dialect, 'libhyphen');
  const b = hungarian.breaks('\u{1F600}kulissza').find((x) => x.before !== '');
  assert.deepEqual({ ...b }, { offset: 7, value: 5, replacedBefore: 1, replacedAfter: 0, before: 'sz', after: '' });
  hungarian.free();
});

test('a user dictionary changes the answers at run time', async () => {
  const h = await Hyphenator.load('en-us');
  assert.equal(h.userDictionary.add('hy-phe-na-tion'), true);
  assert.equal(h.userDictionary.size, 1);
  assert.equal(h.hyphenate('Hyphenation hyphenations', { hyphenChar: '-' }), 'Hy-phe-na-tion hy-phen-ations');
  assert.deepEqual(h.breaks('hyphenation').map((x) => x.value), [1, 1, 1]);
  assert.equal(h.userDictionary.remove('hyphenation'), true);
  assert.equal(h.hyphenate('hyphenation', { hyphenChar: '-' }), 'hy-phen-ation');
  h.userDictionary.add('ta-ble');
  h.userDictionary.clear();
  assert.equal(h.userDictionary.size, 0);
  assert.throws(() => h.userDictionary.add('c3po'), (e) => e instanceof InvalidArgumentError && e.code === 'invalid_argument' && /not a letter/.test(e.message));
  h.free();
});

test('errors are HyphenationError subclasses naming the file', async () => {
  await assert.rejects(Hyphenator.fromBytes(new Uint8Array(64), { name: 'zeros.hyb' }),
    (e) => e instanceof FormatError && e instanceof HyphenationError && e.file === 'zeros.hyb' && e.code === 'bad_format');
  await assert.rejects(Hyphenator.load('no-such-language'), (e) => e instanceof LoadError && e.file === 'no-such-language');
  await assert.rejects(Hyphenator.load('/no/such/file.hyb'), LoadError);
  await assert.rejects(Hyphenator.fromBytes(new Uint8Array(8), { leftMin: -2 }), InvalidArgumentError);
});

test('damaged language bytes give an Error, never a trap', async () => {
  const good = new Uint8Array(readFileSync(process.env.LIBHYPH_EN_HYB));
  let seed = 12345;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  let loaded = 0;
  let refused = 0;
  for (let k = 0; k < 300; ++k) {
    const bytes = good.slice(0, k % 3 === 0 ? Math.floor(random() * good.length) : good.length);
    for (let flips = 0; flips < 4; ++flips) bytes[Math.floor(random() * bytes.length)] ^= 1 << Math.floor(random() * 8);
    try {
      const h = await Hyphenator.fromBytes(bytes);
      h.hyphenate('hyphenation of damaged files');
      h.free();
      ++loaded;
    } catch (e) {
      assert.ok(e instanceof HyphenationError, `${e}`);
      ++refused;
    }
  }
  assert.equal(loaded + refused, 300);
  // The module still works afterwards.
  assert.equal(english.hyphenate('hyphenation', { hyphenChar: '-' }), 'hy-phen-ation');
});

test('lone surrogates and NUL are non-letters, as in the C API\'s UTF-16 path', () => {
  // What `hyphenate` answers to the same text in (generalised) UTF-8: a non-letter ends TeX's
  // word, and the letters after it in the same token are not hyphenated.
  assert.deepEqual(english.positions('hyphen\uD800ation'), [2]);
  assert.deepEqual(english.positions('hyph\u0000enation'), []);
  assert.deepEqual(english.positions('hyph\u0001enation'), []);
  assert.equal(english.hyphenate('\uDC00hyphenation\uD800', { hyphenChar: '-' }), '\uDC00hy-phen-ation\uD800');
});

test('a long text in one call', () => {
  const text = 'hyphenation '.repeat(200000);
  const positions = english.positions(text);
  assert.equal(positions.length, 400000);
  assert.equal(positions.at(-1), 12 * 199999 + 6);
});

test('freed: every use afterwards throws FreedError', async () => {
  const h = await Hyphenator.load('fr');
  assert.equal(h.tag, 'fr');
  h.free();
  h.free();  // twice is harmless
  assert.throws(() => h.hyphenate('anticonstitutionnellement'), FreedError);
  assert.throws(() => h.positions('x'), FreedError);
  assert.throws(() => h.userDictionary.add('a-b'), FreedError);
  assert.throws(() => h.tag, FreedError);
});

test('CommonJS entry point', async () => {
  const require = createRequire(import.meta.url);
  const cjs = require(path.join(packageDir, 'index.cjs'));
  const german = await cjs.Hyphenator.load('de-1996');
  assert.equal(german.hyphenate('Silbentrennungsalgorithmus', { hyphenChar: '-' }), 'Sil-ben-tren-nungs-al-go-rith-mus');
  assert.ok(new cjs.FreedError('x') instanceof Error);
});

test('languages are separate files, listed in languages/index.json', () => {
  const tags = JSON.parse(readFileSync(path.join(packageDir, 'languages', 'index.json'), 'utf8'));
  assert.deepEqual(tags, ['de-1996', 'el-monoton', 'en-us', 'fr', 'hyph-utf8-en-us', 'nl', 'pl', 'pt', 'ru']);
});

test('the hyphen drop-in: options, exceptions, async, HTML left alone', async () => {
  const require = createRequire(import.meta.url);
  const cjs = () => require(path.join(packageDir, 'index.cjs'));
  const en = require(path.join(packageDir, 'hyphen', 'en.cjs'));
  assert.equal(en.hyphenateSync('hyphenation'), 'hy\u00ADphen\u00ADation');
  assert.equal(en.hyphenateSync('hyphenation', { hyphenChar: '-', minWordLength: 12 }), 'hyphenation');
  // A word already holding the marker is left alone, so hyphenating twice is once.
  const once = en.hyphenateSync('hyphenation representation');
  assert.equal(en.hyphenateSync(once), once);
  assert.equal(await en.hyphenate('hyphenation', { hyphenChar: '-' }), 'hy-phen-ation');
  const html = '<p title="hyphenation"><!-- hyphenation --><script>hyphenation()</script>hyphenation &hellip;</p>';
  assert.equal(en.hyphenateHTMLSync(html, { hyphenChar: '-' }),
    '<p title="hyphenation"><!-- hyphenation --><script>hyphenation()</script>hy-phen-ation &hellip;</p>');
  const plain = en.createHyphenator({ html: false, hyphenChar: '-' });
  assert.equal(plain('<!-- hyphenation -->'), '<!-- hy-phen-ation -->');
  assert.equal(en.hyphenateSync('<!-- hyphenation -->', { hyphenChar: '-' }), '<!-- hyphenation -->');
  // Exceptions belong to the hyphenator that was given them, and stay for its later calls.
  const mine = en.createHyphenator({ hyphenChar: '-', exceptions: ['hyph-e-nation'] });
  assert.equal(mine('Hyphenation'), 'Hyph-e-nation');
  assert.equal(en.hyphenateSync('hyphenation', { hyphenChar: '-' }), 'hy-phen-ation');
  const later = en.createHyphenator({ hyphenChar: '-' });
  assert.equal(later('hyphenation', { exceptions: ['hyphena-tion'] }), 'hyphena-tion');
  assert.equal(later('hyphenation'), 'hyphena-tion');
  const asyncOne = en.createHyphenator(en.patterns, { async: true, hyphenChar: '-' });
  assert.ok(asyncOne('hyphenation') instanceof Promise);
  assert.equal(await asyncOne('hyphenation'), 'hy-phen-ation');
  assert.throws(() => mine('x', { exceptions: ['a1b'] }), cjs().InvalidArgumentError);
});
