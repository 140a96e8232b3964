// libhyph for Node, ES module (import ... from 'libhyph'). The wrapper itself is core.js.
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';

// emscripten 3.1.6's ES module glue calls require() under Node: Node loads the CommonJS glue.
const createHyphModule = createRequire(import.meta.url)('./hyph-node.cjs');

async function readAsset(name) {
  return new Uint8Array(await readFile(new URL(name, import.meta.url)));
}

async function readLocation(where) {
  const text = where instanceof URL ? where.href : String(where);
  if (/^(https?|data|blob):/i.test(text)) {
    const response = await fetch(text);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
  return new Uint8Array(await readFile(text.startsWith('file:') ? new URL(text) : text));
}

function readAssetSync(name) {
  return new Uint8Array(readFileSync(new URL(name, import.meta.url)));
}

function readLocationSync(where) {
  const text = where instanceof URL ? where.href : String(where);
  if (/^(https?|data|blob):/i.test(text)) throw new Error('a URL cannot be read synchronously');
  return new Uint8Array(readFileSync(text.startsWith('file:') ? new URL(text) : text));
}

// Bytes as a string a byte a code unit (Latin-1): Buffer's decoder, Node's fastest path.
function latin1Text(bytes, start, end) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1', start, end);
}
