// The hyphen drop-in against the npm package hyphen 1.14.1, for hyphen_differential_test.py:
//   node hyphen_differential.mjs PACKAGE_DIR REFERENCE_DIR|- JOBS.json
// JOBS.json: [{ name, words?: FILE, html?: FILE, golden?: FILE, record?: bool }]. `name` is a
// module name (en, de, ...): libhyph/hyphen/NAME against hyphen/NAME, default options. Prints
// one JSON line per job: lines, equal, classes (count and examples of every difference). With
// REFERENCE_DIR '-' hyphen is absent: a job with a golden file is checked against it (hyphen's
// recorded answers), one without is skipped. `record` writes the golden file from hyphen.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';

const [packageDir, referenceDir, jobsFile] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const jobs = JSON.parse(readFileSync(jobsFile, 'utf8'));
const SHY = '\u00AD';

// hyphen's letters: what its reader does not take for a word's end.
const hyphenNotLetter = /\s|(?![\'])[\!-\@\[-\`\{-\~\u2013-\u203C]/;
const isHyphenLetter = (c) => !hyphenNotLetter.test(c);

// Break offsets (in the text without markers) of a hyphenated string.
function breaksOf(out) {
  const offsets = [];
  let n = 0;
  for (const c of out) {
    if (c === SHY) offsets.push(n);
    else n += c.length;
  }
  return offsets;
}

// hyphen's words of `text`: [start, end) runs of its letters.
function hyphenWords(text) {
  const words = [];
  for (let i = 0; i < text.length;) {
    if (!isHyphenLetter(text[i])) { ++i; continue; }
    let j = i;
    while (j < text.length && isHyphenLetter(text[j])) ++j;
    words.push([i, j]);
    i = j;
  }
  return words;
}

// hyphen/NAME's pattern file (hyphen/NAME/index.js may re-export another module name).
function hyphenPatternFile(referenceDir, name) {
  const root = path.join(referenceDir, 'node_modules', 'hyphen');
  for (let i = 0; i < 4; ++i) {
    const text = readFileSync(path.join(root, name, 'index.js'), 'utf8');
    const file = /patterns\/([\w-]+)\.js/.exec(text);
    if (file) return path.join(root, 'patterns', `${file[1]}.js`);
    name = /require\("\.\.\/([\w-]+)\/index\.js"\)/.exec(text)[1];
  }
  throw new Error(`hyphen/${name}: no pattern file found`);
}

// hyphen's patterns in TeX's spelling ("1gu2í"): its trie's keys with their levels.
function hyphenPatterns(file) {
  const [levels, trie] = require(file);
  const out = new Set();
  const spell = (letters, values) => {
    // A pattern that starts a word keeps no level before its '.': its first level is after it.
    if (letters[0] === '.') return '.' + spell(letters.slice(1), values);
    let p = '';
    for (let k = 0; k <= letters.length; ++k) p += (values[k] ? String(values[k]) : '') + (letters[k] ?? '');
    return p;
  };
  const walk = (node, prefix) => {
    for (const key of Object.keys(node)) {
      const n = node[key];
      if (Array.isArray(n)) { out.add(spell([...prefix, key], levels[n[1]])); walk(n[0], [...prefix, key]); }
      else if (typeof n === 'number') out.add(spell([...prefix, key], levels[n]));
      else walk(n, [...prefix, key]);
    }
  };
  walk(trie, []);
  return out;
}

// The patterns in one set and not the other, as their letters (what a word must contain).
function patternDifference(theirs, patFile) {
  const ours = new Set(readFileSync(patFile, 'utf8').split(/\s+/).filter(Boolean).map((p) => p.replaceAll('0', '')));
  const letters = (p) => p.replace(/[0-9]/g, '');
  const differing = [...theirs].filter((p) => !ours.has(p)).concat([...ours].filter((p) => !theirs.has(p)));
  return { count: differing.length, letters: [...new Set(differing.map(letters))] };
}

// Why `ours` and `theirs` (the same text hyphenated) differ: the class of the difference.
function classify(text, ours, theirs, lang) {
  const a = breaksOf(ours), b = breaksOf(theirs);
  const words = hyphenWords(text);
  if (words.some(([s, e]) => lang.exceptions.has(text.slice(s, e).toLowerCase())))
    return 'exception word: hyphen misplaces the breaks of its exception list after the first';
  // The minima: keep only breaks at least L letters from a word's start and R from its end.
  const left = Math.max(2, lang.leftMin), right = Math.max(2, lang.rightMin);
  const trim = (offsets) => offsets.filter((o) => words.some(([s, e]) => o - s >= left && e - o >= right)).join();
  if (trim(a) === trim(b)) return `hyphenmin: hyphen allows breaks 2 letters from either end, TeX's ${lang.tag} ${lang.leftMin} and ${lang.rightMin}`;
  if (/[-\u2010-\u2015]/.test(text)) return 'explicit hyphen: TeX breaks a word with a hyphen only at the hyphen, hyphen hyphenates its parts';
  if (/['\u2019]/.test(text)) return 'apostrophe: a letter to hyphen, a word boundary to TeX';
  if (/[^\p{L}\p{M}\s]/u.test(text)) return 'other non-letters: digits and punctuation split hyphen\'s words, TeX hyphenates only the first word of a run without spaces';
  if (lang.patternDiff !== null && words.some(([s, e]) => {
    const dotted = `.${text.slice(s, e).toLowerCase()}.`;
    return lang.patternDiff.letters.some((l) => dotted.includes(l));
  })) return `patterns: hyphen's ${lang.tag} patterns are another hyph-utf8 version (${lang.patternDiff.count} patterns in one set only); the word meets one of them`;
  return 'unclassified';
}

// Markup of an HTML sample, [start, end, what], found independently of the drop-in's scanner.
function markupRanges(text) {
  const ranges = [];
  const markup = /<!--[\s\S]*?-->|<(script|style)\b[\s\S]*?<\/\1\s*>|<[A-Za-z\/!?][^>]*>|&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/gi;
  for (const m of text.matchAll(markup)) {
    const what = m[0].startsWith('<!--') ? 'a comment' : m[1] ? `<${m[1].toLowerCase()}>` : m[0][0] === '&' ? 'a character reference' : 'a tag';
    ranges.push([m.index, m.index + m[0].length, what]);
  }
  return ranges;
}

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

function readGolden(file) {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  return { head: lines[0], diffs: new Map(lines.slice(1).map(([i, ours, theirs]) => [i, [ours, theirs]])) };
}

const results = [];
for (const job of jobs) {
  const ours = require(path.join(packageDir, 'hyphen', `${job.name}.cjs`));
  const reference = referenceDir === '-' ? null : require(path.join(referenceDir, 'node_modules', 'hyphen', job.name));
  const hyphenator = ours.patterns;
  const info = require(path.join(packageDir, 'index.cjs')).Hyphenator.loadSync(hyphenator.tag);
  const lang = { tag: hyphenator.tag, leftMin: info.leftMin, rightMin: info.rightMin, exceptions: new Set(job.exceptions ?? []),
    patternDiff: reference === null ? null : patternDifference(hyphenPatterns(hyphenPatternFile(referenceDir, job.name)), job.patterns) };
  info.free();
  const file = job.words ?? job.html;
  const inputs = job.words ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [readFileSync(file, 'utf8')];
  const call = job.words ? 'hyphenateSync' : 'hyphenateHTMLSync';
  const mine = inputs.map((t) => ours[call](t));
  let theirs;
  let golden = null;
  if (reference !== null) {
    theirs = inputs.map((t) => reference[call](t));
  } else if (job.golden && existsSync(job.golden)) {
    golden = readGolden(job.golden);
    // hyphen's answers: ours where the recorded run agreed, the recorded ones where not.
    theirs = mine.map((m, i) => golden.diffs.has(i) ? golden.diffs.get(i)[1] : m);
  } else {
    results.push({ name: job.name, file: path.basename(file), skipped: 'hyphen is not installed and no golden file is recorded for this input' });
    continue;
  }
  const result = { name: job.name, tag: lang.tag, file: path.basename(file), lines: inputs.length, equal: 0, classes: {}, reference: golden ? 'golden' : 'hyphen' };
  const diffs = [];
  for (let i = 0; i < inputs.length; ++i) {
    if (mine[i].replaceAll(SHY, '') !== inputs[i]) throw new Error(`${job.name}: removing the soft hyphens does not give the input back: ${inputs[i]}`);
    if (mine[i] === theirs[i]) { ++result.equal; continue; }
    diffs.push([i, mine[i], theirs[i]]);
    if (job.html) {
      // Per break: those inside markup are the markup class; others by their word.
      const a = new Set(breaksOf(mine[i])), b = new Set(breaksOf(theirs[i]));
      const text = inputs[i];
      for (const o of [...a, ...b].filter((o) => a.has(o) !== b.has(o))) {
        const inMarkup = markupRanges(text).find(([s, e]) => o > s && o < e);
        let cls;
        if (inMarkup) cls = `markup: hyphen hyphenates inside ${inMarkup[2]}, the drop-in leaves it alone`;
        else {
          let s = o, e = o;
          while (s > 0 && !/[\s<>]/.test(text[s - 1])) --s;
          while (e < text.length && !/[\s<>]/.test(text[e])) ++e;
          const word = text.slice(s, e);
          cls = classify(word, ours.hyphenateSync(word), reference ? reference.hyphenateSync(word) : word, lang);
          if (!reference) cls = 'recorded';
        }
        const c = (result.classes[cls] ??= { count: 0, examples: [] });
        ++c.count;
        if (c.examples.length < 3) c.examples.push(`${a.has(o) ? 'libhyph' : 'hyphen'} breaks at ${o}: ${JSON.stringify(text.slice(Math.max(0, o - 12), o))}|${JSON.stringify(text.slice(o, o + 12))}`);
      }
      continue;
    }
    const cls = classify(inputs[i], mine[i], theirs[i], lang);
    const c = (result.classes[cls] ??= { count: 0, examples: [] });
    ++c.count;
    if (c.examples.length < 3) c.examples.push(`${mine[i].replaceAll(SHY, '-')} / hyphen: ${theirs[i].replaceAll(SHY, '-')}`);
  }
  const theirsHash = sha256(theirs.join('\n'));
  if (golden !== null) {
    // Classes as hyphen's run found them (they need hyphen's own patterns).
    result.classes = golden.head.classes;
    if (golden.head.lines !== inputs.length) throw new Error(`${job.golden}: recorded for ${golden.head.lines} lines, the input has ${inputs.length}`);
    if (theirsHash !== golden.head.sha256)
      throw new Error(`${job.name} ${path.basename(file)}: the drop-in now differs from hyphen's recorded answers outside the recorded differences`);
    for (const [i, [recorded]] of golden.diffs)
      if (mine[i] !== recorded) throw new Error(`${job.name}: line ${i + 1} answers ${JSON.stringify(mine[i])}, recorded ${JSON.stringify(recorded)}`);
  }
  if (reference !== null && job.record) {
    const lines = [JSON.stringify({ lines: inputs.length, sha256: theirsHash, hyphen: '1.14.1', classes: result.classes }), ...diffs.map((d) => JSON.stringify(d))];
    writeFileSync(job.golden, gzipSync(lines.join('\n') + '\n', { level: 9 }));
  }
  results.push(result);
}
for (const r of results) console.log(JSON.stringify(r));
