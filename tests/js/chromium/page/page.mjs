// page.html's script: hyphenates the paragraphs on the page thread and in a Web Worker
// (worker.mjs), renders both, and reads back from the layout where each paragraph's lines
// end. The result is window.libhyphResult, which tests/js/chromium_drive.mjs waits for.
import { Hyphenator } from './pkg/browser.mjs';
import { ENGLISH, GERMAN, LANGUAGES, longTextAgrees } from './texts.mjs';

const SOFT_HYPHEN = '\u00AD';

function fromWorker() {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker.mjs', import.meta.url), { type: 'module' });
    worker.onmessage = (event) => { worker.terminate(); resolve(event.data); };
    worker.onerror = (event) => reject(new Error(`worker: ${event.message}`));
  });
}

// The top of one character of a text node on the screen, or null (a character with no box).
function topOf(node, index, length) {
  const range = document.createRange();
  range.setStart(node, index);
  range.setEnd(node, index + length);
  // The character's own box is the last: a range starting just after a soft hyphen at a line
  // end also holds the hyphen the browser drew there, on the line before.
  const rects = [...range.getClientRects()].filter((r) => r.width > 0);
  return rects.length ? rects[rects.length - 1].top : null;
}

// Where the rendered paragraph's lines end: the number of lines, and each word that starts on
// one line and goes on on the next: the word without soft hyphens, the UTF-16 offset where it
// is split, and whether a soft hyphen stands there (the only break the text allows in a word).
function lineEnds(paragraph) {
  const node = paragraph.firstChild;
  const text = node.data;
  const lineHeight = parseFloat(getComputedStyle(paragraph).lineHeight);
  const tops = new Set();
  const splits = [];
  let wordStart = 0;
  while (wordStart < text.length) {
    while (wordStart < text.length && /\s/.test(text[wordStart])) wordStart++;
    let wordEnd = wordStart;
    while (wordEnd < text.length && !/\s/.test(text[wordEnd])) wordEnd++;
    if (wordEnd === wordStart) break;
    let previousTop = null;
    let plain = '';
    let afterSoftHyphen = false;
    const wordSplits = [];
    for (let i = wordStart; i < wordEnd; i++) {
      const c = text[i];
      if (c === SOFT_HYPHEN) { afterSoftHyphen = true; continue; }
      const length = c.codePointAt(0) > 0xFFFF ? 2 : 1;
      const top = topOf(node, i, length);
      if (top !== null) {
        tops.add(Math.round(top));
        if (previousTop !== null && top - previousTop > lineHeight / 2) {
          wordSplits.push({ offset: plain.length, atSoftHyphen: afterSoftHyphen });
        }
        previousTop = top;
      }
      plain += text.slice(i, i + length);
      i += length - 1;
      afterSoftHyphen = false;
    }
    for (const split of wordSplits) splits.push({ word: plain, ...split });
    wordStart = wordEnd;
  }
  return { lines: tops.size, splits };
}

function render(id, text) {
  const paragraph = document.getElementById(id);
  paragraph.textContent = text;
  return paragraph;
}

async function run() {
  const english = await Hyphenator.load(LANGUAGES.english);
  const german = await Hyphenator.load(LANGUAGES.german);
  const page = { english: english.hyphenate(ENGLISH), german: german.hyphenate(GERMAN) };
  const worker = await fromWorker();
  if (worker.error) throw new Error(`worker: ${worker.error}`);
  const paragraphs = {};
  for (const [where, texts] of Object.entries({ page, worker })) {
    for (const language of ['english', 'german']) paragraphs[`${where}-${language}`] = render(`${where}-${language}`, texts[language]);
  }
  await document.fonts.ready;
  const layout = {};
  for (const [id, paragraph] of Object.entries(paragraphs)) {
    layout[id] = { ...lineEnds(paragraph), font: getComputedStyle(paragraph).fontFamily };
  }
  return {
    userAgent: navigator.userAgent,
    inputs: { english: ENGLISH, german: GERMAN },
    languages: LANGUAGES,
    page,
    worker: { english: worker.english, german: worker.german },
    long: { page: { english: longTextAgrees(english, ENGLISH), german: longTextAgrees(german, GERMAN) }, worker: worker.long },
    workerInWorker: worker.inWorker,
    layout,
  };
}

run().then(
  (result) => { window.libhyphResult = result; },
  (error) => { window.libhyphResult = { error: String(error?.stack ?? error) }; },
);
