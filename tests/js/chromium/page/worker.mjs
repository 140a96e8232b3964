// The Web Worker of page.html: it loads the package's module and both languages itself (by
// fetch, beside browser.mjs) and sends back the paragraphs with soft hyphens.
import { Hyphenator } from './pkg/browser.mjs';
import { ENGLISH, GERMAN, LANGUAGES, longTextAgrees } from './texts.mjs';

try {
  const english = await Hyphenator.load(LANGUAGES.english);
  const german = await Hyphenator.load(LANGUAGES.german);
  postMessage({
    inWorker: typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope,
    english: english.hyphenate(ENGLISH),
    german: german.hyphenate(GERMAN),
    long: { english: longTextAgrees(english, ENGLISH), german: longTextAgrees(german, GERMAN) },
  });
} catch (error) {
  postMessage({ error: String(error?.stack ?? error) });
}
