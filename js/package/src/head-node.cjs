'use strict';
// libhyph for Node, CommonJS (require('libhyph')). The wrapper itself is core.js.
const createHyphModule = require('./hyph-node.cjs');
const { readFile } = require('node:fs/promises');
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { fileURLToPath } = require('node:url');

async function readAsset(name) {
  return new Uint8Array(await readFile(path.join(__dirname, name)));
}

async function readLocation(where) {
  const text = where instanceof URL ? where.href : String(where);
  if (/^(https?|data|blob):/i.test(text)) {
    const response = await fetch(text);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
  return new Uint8Array(await readFile(text.startsWith('file:') ? fileURLToPath(text) : text));
}

function readAssetSync(name) {
  return new Uint8Array(readFileSync(path.join(__dirname, name)));
}

function readLocationSync(where) {
  const text = where instanceof URL ? where.href : String(where);
  if (/^(https?|data|blob):/i.test(text)) throw new Error('a URL cannot be read synchronously');
  return new Uint8Array(readFileSync(text.startsWith('file:') ? fileURLToPath(text) : text));
}

// Bytes as a string a byte a code unit (Latin-1): Buffer's decoder, Node's fastest path.
function latin1Text(bytes, start, end) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1', start, end);
}
