// The JavaScript benchmark (doc/javascript.md, "Sizes and speed"): libhyph's npm package against
// npm's hyphen (hyphenateSync), hypher.js and Hyphenopoly, in one run, on the 466,551 English
// words of ../shared/data/english-words.txt (one call a word) and on a few MB of running prose
// (the README, .txt and .md files of /usr/share/doc, as bench/hyphenate-bench.cpp gathers
// them). Run by hand, never by `meson test`:
//
//   cd bench/js && npm ci && node bench.mjs [--package ../../build/js-package] [--words FILE]
//
// Each engine runs in a child process of its own, so that its peak RSS is its own; a child
// that only holds the words and the prose gives the baseline that RSS is counted above. Every
// child warms its engine on 50,000 other strings (the list's first words reversed: Hyphenopoly
// keeps every word it has hyphenated, and these are not the list's) and on the prose's first
// 64 KB, then times one pass over the words and one over the prose, wall clock and CPU time.
// The machine may be shared: the table names the load average, and CPU time is beside the wall
// clock.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');

const kProseBytes = 4 << 20;
const kWarmWords = 50000;
const kWarmProse = 64 << 10;

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at >= 0 && at + 1 < process.argv.length ? process.argv[at + 1] : fallback;
}

// Running prose: the plain-text README and doc files of installed packages, in path order,
// until kProseBytes (bench/hyphenate-bench.cpp's prose_corpus).
function proseCorpus() {
  const files = [];
  const walk = (dir) => {
    let entries;
    try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { return; }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        const ext = path.extname(e.name);
        if ((e.name.startsWith('README') || ext === '.txt' || ext === '.md') && ext !== '.gz') files.push(p);
      }
    }
  };
  walk('/usr/share/doc');
  files.sort();
  const pieces = [];
  let size = 0;
  for (const f of files) {
    const bytes = fs.readFileSync(f);
    pieces.push(bytes);
    size += bytes.length;
    if (size >= kProseBytes) break;
  }
  return Buffer.concat(pieces).toString('utf8');
}

function readWords(file) {
  if (!fs.existsSync(file)) return null;
  return fs.readFileSync(file, 'utf8').split('\n').filter((w) => w !== '');
}

// Each engine: a per-word function and a running-text function, built in the child.
const engines = {
  async baseline() { return null; },
  // No hyphenation: one small array a word and the prose handed back, for scale (what any
  // per-word call that returns an array costs Node in time and young-generation memory).
  async 'no-op (an array a word)'() {
    return { word: (w) => [w.length], text: (t) => t };
  },
  async 'libhyph positions()'(packageDir) {
    const { Hyphenator } = await import(pathToFileURL(path.join(packageDir, 'index.mjs')).href);
    const h = await Hyphenator.load('hyph-utf8-en-us');
    return { word: (w) => h.positions(w), text: (t) => h.hyphenate(t) };
  },
  async 'libhyph/hyphen/en hyphenateSync'(packageDir) {
    const dropIn = require(path.join(packageDir, 'hyphen', 'en.cjs'));
    return { word: (w) => dropIn.hyphenateSync(w), text: (t) => dropIn.hyphenateSync(t) };
  },
  async 'hyphen 1.14.1 hyphenateSync'() {
    const hyphen = require('hyphen/en');
    return { word: (w) => hyphen.hyphenateSync(w), text: (t) => hyphen.hyphenateSync(t) };
  },
  async 'hypher 0.2.5'() {
    const Hypher = require('hypher');
    const h = new Hypher(require('hyphenation.en-us'));
    return { word: (w) => h.hyphenate(w), text: (t) => h.hyphenateText(t) };
  },
  async 'Hyphenopoly 6.0.0'() {
    const hyphenopoly = (await import('hyphenopoly')).default;
    const h = hyphenopoly.config({
      require: ['en-us'], hyphen: '\u00AD', minWordLength: 1, compound: 'all', sync: true,
      loaderSync: (file, patDir) => fs.readFileSync(new URL(file, patDir)),
    }).get('en-us');
    return { word: (w) => h(w), text: (t) => h(t) };
  },
};

function measure(fn) {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const result = fn();
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1e6, result };
}

async function child(name, packageDir, wordsFile) {
  const words = readWords(wordsFile);
  const prose = proseCorpus();
  const engine = await engines[name](packageDir);
  const out = { name };
  if (engine !== null) {
    if (words !== null) {
      let sink = 0;
      for (const w of words.slice(0, kWarmWords)) sink += engine.word([...w].reverse().join('')).length;
      const t = measure(() => { let n = 0; for (const w of words) n += engine.word(w).length; return n; });
      out.words = { count: words.length, wall: t.wall, cpu: t.cpu, sink: sink + t.result };
    }
    engine.text(prose.slice(0, kWarmProse));
    const t = measure(() => engine.text(prose).length);
    out.prose = { bytes: Buffer.byteLength(prose), wall: t.wall, cpu: t.cpu, outLength: t.result };
  }
  // Peak RSS of the whole process, words and prose held throughout (KiB on Linux).
  out.maxRssKiB = process.resourceUsage().maxRSS;
  out.held = [words?.length ?? 0, prose.length];
  process.stdout.write(JSON.stringify(out));
}

function cpuName() {
  try {
    const info = fs.readFileSync('/proc/cpuinfo', 'utf8');
    const model = /^model name\s*:\s*(.*)$/m.exec(info)?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
    const avx512 = /\bavx512/.test(info) ? ', AVX-512' : /\bavx2\b/.test(info) ? ', AVX2' : '';
    return `${model}${avx512}, ${os.cpus().length} cores`;
  } catch {
    return os.cpus()[0]?.model ?? 'unknown';
  }
}

const fixed = (x, digits) => x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function parent() {
  const packageDir = path.resolve(option('--package', path.join(root, 'build', 'js-package')));
  const wordsFile = path.resolve(option('--words', path.join(root, '..', 'shared', 'data', 'english-words.txt')));
  if (!fs.existsSync(path.join(packageDir, 'index.mjs'))) {
    console.error(`bench: no libhyph package in ${packageDir} (meson test -C build --suite js builds it; or --package DIR)`);
    process.exit(1);
  }
  for (const name of ['hyphen', 'hypher', 'hyphenation.en-us', 'hyphenopoly']) {
    try { require.resolve(name); } catch {
      console.error(`bench: ${name} is not installed: run npm ci in ${here}`);
      process.exit(1);
    }
  }
  const haveWords = fs.existsSync(wordsFile);
  if (!haveWords) console.log(`words: ${wordsFile} is absent; the per-word rows are skipped`);
  const load = os.loadavg().map((x) => x.toFixed(2)).join(', ');
  const rows = [];
  for (const name of Object.keys(engines)) {
    const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', name, '--package', packageDir, '--words', wordsFile],
      { encoding: 'utf8', maxBuffer: 1 << 20 });
    if (run.status !== 0) {
      console.error(`bench: ${name} failed (${run.status}):\n${run.stderr}`);
      process.exit(1);
    }
    rows.push(JSON.parse(run.stdout));
    process.stderr.write(`${name} done\n`);
  }
  const loadAfter = os.loadavg().map((x) => x.toFixed(2)).join(', ');
  const baseline = rows.find((r) => r.name === 'baseline');
  const mib = (kib) => kib / 1024;
  console.log(`libhyph's npm package against JavaScript hyphenators: Node ${process.version}, ${cpuName()}`);
  console.log(`load average ${load} before, ${loadAfter} after; each engine in a process of its own`);
  if (haveWords) console.log(`words: ${baseline.held[0].toLocaleString('en-US')} from ${wordsFile}, one call a word`);
  const proseBytes = rows.find((r) => r.prose)?.prose.bytes ?? 0;
  console.log(`prose: ${fixed(proseBytes / 1e6, 1)} MB (${baseline.held[1].toLocaleString('en-US')} code units) of /usr/share/doc, one call`);
  console.log(`baseline: Node holding the words and the prose, peak RSS ${fixed(mib(baseline.maxRssKiB), 1)} MiB`);
  console.log('');
  console.log('| engine | words/s | µs/word | CPU µs/word | prose MB/s | prose MB/s (CPU) | peak RSS | above baseline |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    if (r === baseline) continue;
    const w = r.words;
    const cells = [r.name,
      w ? fixed(w.count / w.wall, 0) : '—', w ? fixed(w.wall * 1e6 / w.count, 3) : '—', w ? fixed(w.cpu * 1e6 / w.count, 3) : '—',
      fixed(r.prose.bytes / 1e6 / r.prose.wall, 1), fixed(r.prose.bytes / 1e6 / r.prose.cpu, 1),
      `${fixed(mib(r.maxRssKiB), 1)} MiB`, `${fixed(mib(r.maxRssKiB - baseline.maxRssKiB), 1)} MiB`];
    console.log(`| ${cells.join(' | ')} |`);
  }
  const ours = rows.find((r) => r.name === 'libhyph positions()');
  const ratio = (x) => `${fixed(x, 2)}x`;
  console.log('');
  console.log('libhyph positions() against each (words/s wall clock, by CPU time; prose MB/s wall clock, by CPU time):');
  for (const r of rows) {
    if (r === baseline || r === ours || r.name.startsWith('no-op')) continue;
    const words = ours.words && r.words
      ? `words ${ratio(r.words.wall / ours.words.wall)} (CPU ${ratio(r.words.cpu / ours.words.cpu)})` : 'words —';
    const prose = `prose ${ratio(r.prose.wall / ours.prose.wall)} (CPU ${ratio(r.prose.cpu / ours.prose.cpu)})`;
    console.log(`- ${r.name}: ${words}, ${prose}`);
  }
}

if (process.argv.includes('--child')) {
  await child(option('--child'), option('--package'), option('--words'));
} else {
  await parent();
}
