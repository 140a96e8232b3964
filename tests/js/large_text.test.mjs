// Large texts (issue 25, item 6; doc/javascript.md, "Reliability"): a 100 MB string of running
// text is hyphenated; a 100 MB string without white space (one token) too; a token longer than
// the package's limit (2^28 code units) is a RangeError, and the Hyphenator works afterwards.
// On the package built in the build tree (LIBHYPH_PACKAGE). A process of its own (node --test
// runs each file so), since the module's memory, once grown, stays.
import test from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const packageDir = process.env.LIBHYPH_PACKAGE;
const { Hyphenator } = await import(pathToFileURL(path.join(packageDir, 'index.mjs')).href);
const english = await Hyphenator.load('en-us');

const kMB = 100 * 1000 * 1000;

test('a 100 MB string of running text is hyphenated', () => {
  const line = 'Hyphenation of running text, typesetting\n';  // 41 code units, 5 breaks
  const text = line.repeat(Math.ceil(kMB / line.length));
  assert.ok(text.length >= kMB);
  const lines = text.length / line.length;
  const expected = english.positions(line);
  assert.deepEqual(expected, [2, 6, 18, 33, 36]);
  const positions = english.positions(text);
  assert.equal(positions.length, lines * expected.length);
  // Spot checks across the whole text, run boundaries included.
  for (const k of [0, 1, 798, 799, 800, Math.floor(lines / 2), lines - 1])
    for (let j = 0; j < expected.length; ++j) assert.equal(positions[k * expected.length + j], k * line.length + expected[j]);
  const marked = english.hyphenate(text, { hyphenChar: '|' });
  assert.equal(marked.length, text.length + positions.length);
  const markedLine = 'Hy|phen|ation of run|ning text, type|set|ting\n';
  assert.equal(marked.slice(0, 2 * markedLine.length), markedLine.repeat(2));
  assert.equal(marked.slice(-markedLine.length), markedLine);
});

test('a 100 MB string without white space is one token, hyphenated as TeX does', () => {
  // TeX hyphenates the first word of a token (here "hyphenation") and nothing after the
  // first non-letter.
  const text = 'hyphenation' + '/typesetting'.repeat(Math.ceil(kMB / 12));
  assert.ok(text.length >= kMB);
  assert.deepEqual(english.positions(text), [2, 6]);
  assert.equal(english.hyphenate(text, { hyphenChar: '|' }).slice(0, 20), 'hy|phen|ation/typese');
  // The module gave back the room the token took.
  assert.deepEqual(english.positions('typesetting'), [4, 7]);
});

test('a token longer than 2^28 code units is a RangeError, and the Hyphenator works afterwards', () => {
  const text = 'hyphenation ' + 'a'.repeat(2 ** 28 + 1) + ' hyphenation';
  for (const call of [() => english.positions(text), () => english.hyphenate(text), () => english.breaks(text)])
    assert.throws(call, (e) => e instanceof RangeError && /longer than 268435456/.test(e.message));
  assert.deepEqual(english.positions('hyphenation'), [2, 6]);
  assert.equal(english.hyphenate('hyphenation', { hyphenChar: '-' }), 'hy-phen-ation');
});
