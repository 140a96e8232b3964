// Prints a file hyphenated by the npm package, for native_equality_test.py:
//   node hyphenate_file.mjs PACKAGE_DIR LANGUAGE FILE [--replacements]
// LANGUAGE is a tag the package ships or a compiled file's path. The whole file is one text
// (one call), marker '-'; --replacements spells non-standard breaks out from breaks(), as
// hyphenate --replacements does.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const [packageDir, language, file, mode] = process.argv.slice(2);
const { Hyphenator } = await import(pathToFileURL(path.join(packageDir, 'index.mjs')).href);
const hyphenator = await Hyphenator.load(language);
const text = readFileSync(file, 'utf8');
let out;
if (mode === '--replacements') {
  out = '';
  let from = 0;
  for (const b of hyphenator.breaks(text)) {
    const begin = b.offset - b.replacedBefore;
    if (begin < from) continue;  // overlaps a replacement already written, as libhyphen skips it
    out += text.slice(from, begin) + b.before + '-' + b.after;
    from = b.offset + b.replacedAfter;
  }
  out += text.slice(from);
} else {
  out = hyphenator.hyphenate(text, { hyphenChar: '-' });
}
process.stdout.write(out);
