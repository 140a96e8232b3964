// react-pdf 4.9, unmodified, renders a narrow column of English and German with libhyph's
// breaks (each <Text> with its own language's hyphenationCallback), and once more with
// react-pdf's default hyphenation, for react_pdf_test.py. Run from the folder where
// tests/js/react-pdf/ is installed:
//   node react_pdf_render.mjs LIBHYPH_PACKAGE_DIR OUT_LIBHYPH.pdf OUT_DEFAULT.pdf
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import React from 'react';
import { renderToFile, Document, Page, Text, View } from '@react-pdf/renderer';

const [packageDir, libhyphPdf, defaultPdf] = process.argv.slice(2);
const { Hyphenator } = await import(pathToFileURL(path.join(packageDir, 'index.mjs')).href);

// The same patterns as react-pdf's default (hyphen's en-us and de-1996 files): hyph-utf8's.
const english = await Hyphenator.load('hyph-utf8-en-us');
const german = await Hyphenator.load('de-1996');

// react-pdf asks for a word's parts; a part ends where the word may break.
const callbackOf = (hyphenator) => (word) => {
  const parts = [];
  let from = 0;
  for (const offset of hyphenator.positions(word)) {
    parts.push(word.slice(from, offset));
    from = offset;
  }
  parts.push(word.slice(from));
  return parts;
};

export const ENGLISH = 'Typographers have always negotiated between readability and economy. ' +
  'A justified column that is narrow forces the compositor to choose: stretch the interword ' +
  'spaces until rivers appear, or divide words at permissible syllable boundaries. Liang ' +
  'designed his algorithm so that a comparatively small collection of patterns reproduces ' +
  'nearly every division recorded in a dictionary, and typesetting programs everywhere ' +
  'inherited it. Responsible implementations respect the minimum lengths before and after ' +
  'each division, consult the exception lists, and never separate abbreviations or numbers.';
export const GERMAN = 'Die Silbentrennung gehört zu den unscheinbaren Voraussetzungen ' +
  'gelungener Druckerzeugnisse. Schmale Spalten im Blocksatz verlangen regelmäßige ' +
  'Trennungen, sonst entstehen unschöne Lücken zwischen den Wörtern. Zusammengesetzte ' +
  'Hauptwörter wie Straßenbahnhaltestelle, Rechtschreibreform, Verkehrsinfrastruktur oder ' +
  'Bundesverfassungsgericht zeigen, weshalb automatische Verfahren unverzichtbar geworden ' +
  'sind: Ohne Trennmuster müsste jede Zeitungsredaktion ihre Wörterbücher ständig befragen.';

const h = React.createElement;
const style = { fontSize: 9, lineHeight: 1.3, textAlign: 'justify', marginBottom: 8 };
function page(withLibhyph) {
  const text = (body, hyphenator) => h(Text, withLibhyph ? { style, hyphenationCallback: callbackOf(hyphenator) } : { style }, body);
  return h(Document, { title: withLibhyph ? 'react-pdf with libhyph' : 'react-pdf, default hyphenation' },
    h(Page, { size: [260, 640], style: { padding: 24 } },
      h(Text, { style: { fontSize: 10, marginBottom: 6 } }, withLibhyph ? 'libhyph' : 'react-pdf default'),
      h(View, { style: { width: 118 } },
        h(Text, { style: { fontSize: 8, marginBottom: 4 } }, 'ENGLISH'),
        text(ENGLISH, english),
        h(Text, { style: { fontSize: 8, marginBottom: 4 } }, 'DEUTSCH'),
        text(GERMAN, german))));
}

await renderToFile(page(true), libhyphPdf);
await renderToFile(page(false), defaultPdf);
console.log(JSON.stringify({ english: ENGLISH, german: GERMAN }));
