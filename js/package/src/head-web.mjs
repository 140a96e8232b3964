// libhyph for pages and Web Workers, ES module. The wrapper itself is core.js. Files of the
// package (hyph.wasm, languages/*.hyb) are fetched beside this module; other locations are
// URLs, relative ones against the page (or the worker's script).
import createHyphModule from './hyph-web.mjs';

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

function readAsset(name) {
  return fetchBytes(new URL(name, import.meta.url));
}

function readLocation(where) {
  return fetchBytes(new URL(where instanceof URL ? where.href : String(where), globalThis.location?.href));
}

// Pages and workers read files only by fetch, which does not answer at once.
const readAssetSync = null;
const readLocationSync = null;

// Bytes as a string a byte a code unit: windows-1252, which pages have, is Latin-1 but for
// 0x80..0x9F, which the wrapper never gives it.
const latin1Decoder = new TextDecoder('windows-1252');
function latin1Text(bytes, start, end) {
  return latin1Decoder.decode(bytes.subarray(start, end));
}
