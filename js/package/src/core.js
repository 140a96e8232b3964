// libhyph for JavaScript: the wrapper over the WebAssembly module (js/hyph_js.cpp's C ABI).
// This file is the body of both entry points: js/make_package.py puts it between the ES
// module's head (import) or the CommonJS head (require) and their exports. It uses only what
// the head defines: createHyphModule (emscripten's glue), readAsset(name) -> Promise<Uint8Array>
// for a file of the package, readLocation(pathOrUrl) -> Promise<Uint8Array>, and
// readAssetSync(name) -> Uint8Array (null where files cannot be read synchronously: pages),
// and latin1Text(bytes, start, end) -> the string of bytes[start, end), a byte a code unit,
// none of them 0x80..0x9F.

/** Every error libhyph raises. `code` is the library's (io, parse, bad_format, ...). */
class HyphenationError extends Error {
  constructor(message, { code = 'error', file = null, line = null, column = null } = {}) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.file = file;
    this.line = line;
    this.column = column;
  }
}
/** Language bytes that are not a compiled language, or are damaged. */
class FormatError extends HyphenationError {}
/** A word given to the user dictionary that the language cannot read, an option out of range. */
class InvalidArgumentError extends HyphenationError {}
/** A language that cannot be read (a missing file, a failed fetch). */
class LoadError extends HyphenationError {}
/** A Hyphenator used after free(). */
class FreedError extends HyphenationError {}

const kCodes = ['ok', 'io', 'parse', 'bad_utf8', 'unknown_language', 'invalid_argument', 'bad_format', 'capacity'];
const kBreakWords = 8;  // JsBreak: eight 32-bit words
const kErrorBytes = 16;  // JsError
// A long text goes to the module a run of whole tokens at a time (a token: a run without TeX's
// white space, which the word rules read alone), so that the module's buffers stay small: a
// run of about kRun code units, cut after white space; longer only where one token is. A
// token longer than kMaxRun is a RangeError: the module's memory is 32-bit, and the run is
// copied into it whole (three bytes a code unit: its UTF-16, and its bytes if it is ASCII).
const kRun = 1 << 15;
const kMaxRun = 1 << 28;
// Buffers the module keeps between calls, in code units (hyph_js.cpp's kKeptUnits).
const kKeptUnits = 1 << 16;
// TeX's white space (hyph::is_word_separator): space, \t, \n, \v, \f, \r.
const isSeparator = (unit) => unit === 32 || (unit >= 9 && unit <= 13);
const utf8Decoder = new TextDecoder('utf-8');
// The long-text path's decoder of the module's marked UTF-16: a byte order mark at a run's
// start is text, kept.
const utf16Decoder = new TextDecoder('utf-16le', { ignoreBOM: true });
// hyphenate() of a text longer than this is marked by the module (#marked): below it, the
// call's fixed cost (encoding, decoding) is more than JavaScript's marking of the offsets
// (equal at about 256 code units of prose here, 15% faster from 4,096).
const kShortText = 512;
// Whether a string has no lone surrogate (UTF-8 carries it unchanged): the engine's own test
// where it has one (Node 20, current browsers), else a scan.
const isWellFormed = typeof String.prototype.isWellFormed === 'function'
  ? (s) => s.isWellFormed()
  : (s) => !/\p{Surrogate}/u.test(s);
const utf8Encoder = new TextEncoder();

let modulePromise = null;
let moduleReady = null;

// The WebAssembly module, instantiated once and shared by every Hyphenator.
function loadModule() {
  if (moduleReady !== null) return Promise.resolve(moduleReady);
  if (modulePromise === null) {
    modulePromise = readAsset('hyph.wasm').then((wasmBinary) => createHyphModule({ wasmBinary })).then((m) => (moduleReady ??= m));
    modulePromise.catch(() => { modulePromise = null; });
  }
  return modulePromise;
}

// The same at once, for synchronous callers (the `hyphen` drop-in's require() in Node): the
// module compiled and instantiated synchronously, which emscripten's glue allows through its
// instantiateWasm hook; it then runs its start-up before returning.
function loadModuleSync() {
  if (moduleReady !== null) return moduleReady;
  const wasmBinary = readAssetSync === null ? null : readAssetSync('hyph.wasm');
  if (wasmBinary === null) throw new LoadError('libhyph: languages load synchronously only in Node; use await Hyphenator.load()', { code: 'io' });
  const m = {
    wasmBinary,
    instantiateWasm(imports, receive) {
      const instance = new WebAssembly.Instance(new WebAssembly.Module(wasmBinary), imports);
      receive(instance);
      return instance.exports;
    },
  };
  createHyphModule(m).catch(() => {});
  if (typeof m._hyph_js_load !== 'function' || !(m.HEAPU8 instanceof Uint8Array)) throw new LoadError('libhyph: the WebAssembly module did not start', { code: 'io' });
  moduleReady = m;
  return m;
}

function errorFrom(m, errorPtr, file) {
  const words = new Int32Array(m.HEAPU8.buffer, errorPtr, 4);
  const codeNumber = words[0];
  const line = words[1] >>> 0;
  const column = words[2] >>> 0;
  const messagePtr = words[3] >>> 0;
  let message = 'libhyph: unknown error';
  if (messagePtr !== 0) {
    const bytes = m.HEAPU8.subarray(messagePtr, m.HEAPU8.indexOf(0, messagePtr));
    message = utf8Decoder.decode(bytes);
    m._hyph_js_free_bytes(messagePtr);
  }
  const code = codeNumber === 100 ? 'out_of_memory' : kCodes[codeNumber] ?? 'error';
  const details = { code, file, line: line || null, column: column || null };
  if (code === 'bad_format' || code === 'parse' || code === 'bad_utf8') return new FormatError(message, details);
  if (code === 'invalid_argument') return new InvalidArgumentError(message, details);
  if (code === 'out_of_memory') return new RangeError(message);
  return new HyphenationError(message, details);
}

// A malloc'd copy of `bytes` in the module's memory (RangeError if memory cannot grow).
function copyIn(m, bytes) {
  const ptr = m._hyph_js_alloc(Math.max(bytes.length, 1));
  if (ptr === 0) throw new RangeError(`libhyph: no memory for ${bytes.length} bytes`);
  m.HEAPU8.set(bytes, ptr);
  return ptr;
}

// Is a code point a letter or mark? Words for minWordLength are runs of them.
const kLetter = /[\p{L}\p{M}]/u;

function checkMinWordLength(value) {
  if (value === undefined) return 0;
  if (!Number.isInteger(value) || value < 0) throw new InvalidArgumentError(`minWordLength must be a non-negative integer (it is ${value})`, { code: 'invalid_argument' });
  return value;
}

// The code point ending just before `i` and its length in code units.
function codePointBefore(text, i) {
  const low = text.charCodeAt(i - 1);
  if (low >= 0xDC00 && low <= 0xDFFF && i >= 2) {
    const high = text.charCodeAt(i - 2);
    if (high >= 0xD800 && high <= 0xDBFF) return [text.codePointAt(i - 2), 2];
  }
  return [low, 1];
}

// ASCII's letters are a-z and A-Z (and it has no marks); the rest asks Unicode's properties.
const isLetter = (cp) => (cp < 0x80 ? ((cp | 0x20) - 0x61) >>> 0 < 26 : kLetter.test(String.fromCodePoint(cp)));

// Drops the breaks that fall in words of fewer than `min` code points (a word: the run of
// letters and marks around the break).
function longWordsOnly(text, offsets, min) {
  if (min <= 1 || offsets.length === 0) return offsets;
  const kept = [];
  let wordEnd = -1;
  let keepWord = false;
  for (const offset of offsets) {
    if (offset >= wordEnd) {
      let count = 0;
      for (let i = offset; i > 0;) {
        const [cp, units] = codePointBefore(text, i);
        if (!isLetter(cp)) break;
        i -= units;
        ++count;
      }
      let end = offset;
      while (end < text.length) {
        const cp = text.codePointAt(end);
        if (!isLetter(cp)) break;
        end += cp > 0xFFFF ? 2 : 1;
        ++count;
      }
      wordEnd = end;
      keepWord = count >= min;
    }
    if (keepWord) kept.push(offset);
  }
  return kept;
}

// `text` with `mark` at each of `offsets` (ascending UTF-16 offsets into it): its pieces
// joined once, which for a long text is faster than growing a string piece by piece.
function withMarks(text, offsets, mark) {
  const count = offsets.length;
  if (count === 0) return text;
  const pieces = new Array(count + 1);
  let from = 0;
  for (let k = 0; k < count; ++k) {
    const offset = offsets[k];
    pieces[k] = text.slice(from, offset);
    from = offset;
  }
  pieces[count] = text.slice(from);
  return pieces.join(mark);
}

// Where the run of `text` starting at `from` ends: the whole rest if it is short, else after
// white space in its second kRun / 2 units, else at the end of the token that crosses kRun.
function runEnd(text, from) {
  const end = text.length;
  if (end - from <= kRun) return end;
  for (let i = from + kRun; i > from + (kRun >> 1); --i) if (isSeparator(text.charCodeAt(i - 1))) return i;
  const nextSeparator = /[\t\n\v\f\r ]/g;
  nextSeparator.lastIndex = from + kRun;
  const found = nextSeparator.exec(text);
  const to = found === null ? end : found.index;
  if (to - from > kMaxRun) throw new RangeError(`libhyph: a run of ${to - from} code units without white space is longer than ${kMaxRun}`);
  return to;
}

// A pointer from the module, or the RangeError of memory that cannot grow.
function noMemoryIfNull(ptr, what) {
  if (ptr === 0) throw new RangeError(`libhyph: no memory for ${what}`);
  return ptr;
}

const kConstruct = Symbol('freed');

/** A loaded language. Create with `await Hyphenator.load(...)` or `Hyphenator.fromBytes(...)`. */
class Hyphenator {
  #m;
  #handle;
  #error;
  #name;
  // The module's buffers for this language (hyph_js_text, hyph_js_offsets): their addresses
  // and how many code units and offsets they hold; 0 until a call needs them.
  #text = 0;
  #textUnits = 0;
  #offsets = 0;
  #offsetCount = 0;
  // The ASCII buffer beside the text buffer (hyph_js_ascii), for a word's commonest path.
  #ascii = 0;
  // That path's views of the module's memory and its call, kept rather than looked up on the
  // module each call. Growing the memory detaches the views (their length becomes 0): they
  // are taken again then.
  #bytes = new Uint8Array(0);
  #units = new Uint16Array(0);
  #words = new Uint32Array(0);
  #positionsAscii;
  // The long-text path's marker (hyph_js_marker_new), where it tells what it made (JsMarked,
  // in 32-bit words), its input buffer's address (3 * kRun bytes, a run's UTF-8 at most), and
  // the mark's length in code units; 0 until a long text needs them.
  #marker = 0;
  #markedAt = 0;
  #input = 0;
  #markUnits = 0;

  constructor(token, m, handle, errorPtr, name) {
    if (token !== kConstruct) throw new TypeError('use Hyphenator.load() or Hyphenator.fromBytes()');
    this.#m = m;
    this.#handle = handle;
    this.#error = errorPtr;
    this.#name = name;
    this.#positionsAscii = m._hyph_js_positions_ascii;
    this.userDictionary = new UserDictionary(this);
  }

  /**
   * Loads a compiled language (a file hyph-compile wrote, TeX's or a .dic dictionary's): a
   * tag of the languages this package ships ('en-us', 'de-1996', ...), a path (Node), or a URL.
   */
  static async load(language, options = {}) {
    const where = language instanceof URL ? language.href : String(language);
    let bytes;
    try {
      bytes = /^[A-Za-z][A-Za-z0-9_:-]*$/.test(where) && !where.includes(':')
        ? await readAsset(`languages/${where}.hyb`)
        : await readLocation(language);
    } catch (e) {
      throw new LoadError(`${where}: cannot read the language (${e.message})`, { code: 'io', file: where });
    }
    return Hyphenator.fromBytes(bytes, { name: where, ...options });
  }

  /** The same from the bytes of a compiled language (Uint8Array, ArrayBuffer, Buffer). */
  static async fromBytes(bytes, options = {}) {
    return Hyphenator.#open(await loadModule(), bytes, options);
  }

  /**
   * Hyphenator.load at once, for code that cannot wait (Node only: a shipped tag or a path).
   * The `hyphen` drop-in's modules load their language this way under require().
   */
  static loadSync(language, options = {}) {
    const m = loadModuleSync();
    const where = language instanceof URL ? language.href : String(language);
    let bytes;
    try {
      bytes = /^[A-Za-z][A-Za-z0-9_:-]*$/.test(where) && !where.includes(':')
        ? readAssetSync(`languages/${where}.hyb`)
        : readLocationSync(language);
    } catch (e) {
      throw new LoadError(`${where}: cannot read the language (${e.message})`, { code: 'io', file: where });
    }
    return Hyphenator.#open(m, bytes, { name: where, ...options });
  }

  // For the hyphen drop-in (hyphen.js): a shipped language's bytes, and a Hyphenator from
  // bytes, both at once.
  static _readShippedSync(tag) {
    loadModuleSync();
    try {
      return readAssetSync(`languages/${tag}.hyb`);
    } catch (e) {
      throw new LoadError(`${tag}: cannot read the language (${e.message})`, { code: 'io', file: tag });
    }
  }
  static _fromBytesSync(bytes, options = {}) {
    return Hyphenator.#open(loadModuleSync(), bytes, options);
  }

  // For the reliability tests: the module's memory and the bytes its heap has in use (0, 0
  // before the module is loaded).
  static _memory() {
    if (moduleReady === null) return { moduleBytes: 0, heapInUse: 0 };
    return { moduleBytes: moduleReady.HEAPU8.buffer.byteLength, heapInUse: moduleReady._hyph_js_heap_in_use() >>> 0 };
  }

  static #open(m, bytes, { name = '(bytes)', leftMin, rightMin } = {}) {
    const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    for (const [option, value] of [['leftMin', leftMin], ['rightMin', rightMin]])
      if (value !== undefined && (!Number.isInteger(value) || value < 0)) throw new InvalidArgumentError(`${option} must be a non-negative integer`, { code: 'invalid_argument' });
    const errorPtr = m._hyph_js_alloc(kErrorBytes);
    const namePtr = copyIn(m, utf8Encoder.encode(name + '\0'));
    const dataPtr = copyIn(m, view);  // the module owns it from here
    const handle = m._hyph_js_load(dataPtr, view.length, namePtr, leftMin ?? -1, rightMin ?? -1, errorPtr);
    m._hyph_js_free_bytes(namePtr);
    if (handle === 0) {
      const error = errorFrom(m, errorPtr, name);
      m._hyph_js_free_bytes(errorPtr);
      throw error;
    }
    // emscripten's glue binds an export to the module's function on its first call; one call
    // with no text binds this one, so that the Hyphenator keeps the function itself.
    m._hyph_js_positions_ascii(handle, 0);
    return new Hyphenator(kConstruct, m, handle, errorPtr, name);
  }

  #live() {
    if (this.#handle === 0) throw new FreedError(`${this.#name}: this Hyphenator was freed`, { code: 'freed', file: this.#name });
    return this.#m;
  }

  #string(ptrFn, lengthFn) {
    const m = this.#live();
    const ptr = ptrFn(this.#handle);
    return utf8Decoder.decode(m.HEAPU8.subarray(ptr, ptr + lengthFn(this.#handle)));
  }

  /** The language's tag and name as hyph-compile recorded them. */
  get tag() { return this.#string(this.#m._hyph_js_tag, this.#m._hyph_js_tag_length); }
  get name() { return this.#string(this.#m._hyph_js_name, this.#m._hyph_js_name_length); }
  /** 'tex' (TeX's patterns) or 'libhyphen' (a .dic dictionary). */
  get dialect() { return this.#live()._hyph_js_dialect(this.#handle) === 1 ? 'libhyphen' : 'tex'; }
  get leftMin() { return this.#live()._hyph_js_left_min(this.#handle); }
  get rightMin() { return this.#live()._hyph_js_right_min(this.#handle); }

  // A module call that may allocate: its result, or the Error it reported (RangeError when
  // memory cannot grow).
  #checked(result) {
    if (result === 0 || result < 0) throw errorFrom(this.#m, this.#error, this.#name);
    return result;
  }

  // Makes the module's text buffer (and the ASCII one) hold `units` code units.
  #reserve(m, units) {
    // Doubling up to a run's size; a long token gets exactly its size (given back after).
    const want = units > kRun ? units : Math.min(Math.max(units, 2 * this.#textUnits, 256), kRun);
    this.#text = this.#checked(m._hyph_js_text(this.#handle, want, this.#error));
    this.#ascii = m._hyph_js_ascii(this.#handle);
    this.#textUnits = want;
  }

  // Writes text[from, to) into the module's text buffer (made large enough first).
  #write(m, text, from, to) {
    const units = to - from;
    if (units > this.#textUnits) this.#reserve(m, units);
    const heap = m.HEAPU16;
    let at = this.#text >>> 1;
    for (let i = from; i < to; ++i) heap[at++] = text.charCodeAt(i);
    return units;
  }

  // After a run longer than the buffers keep: the module gives the room back.
  #trim(m) {
    // The marker gives back a mark, offsets or output beyond what it keeps (a long mark's).
    if (this.#marker !== 0) m._hyph_js_marker_trim(this.#marker);
    if (this.#textUnits <= kKeptUnits && this.#offsetCount <= kKeptUnits) return;
    m._hyph_js_trim(this.#handle);
    this.#text = this.#textUnits = this.#offsets = this.#offsetCount = this.#ascii = 0;
  }

  // The break records of the text buffer's first `units` (hyph_js_breaks): [count, their
  // first 32-bit word].
  #records(m, units) {
    const count = m._hyph_js_breaks(this.#handle, units, this.#error);
    if (count < 0) throw errorFrom(m, this.#error, this.#name);
    return [count, m._hyph_js_breaks_data(this.#handle) >>> 2];
  }

  // Appends the break offsets of text[from, to) (whole tokens) to `out`.
  #positionsOf(m, text, from, to, out) {
    const units = this.#write(m, text, from, to);
    let count = m._hyph_js_positions(this.#handle, units);
    if (count < 0) {
      // A user dictionary has words: its path gives records.
      const [n, at] = this.#records(m, units);
      const words = m.HEAPU32;
      for (let k = 0; k < n; ++k) out.push(words[at + k * kBreakWords] + from);
      return;
    }
    if (count > this.#offsetCount) {
      const want = count > kRun ? count : Math.min(Math.max(count, 2 * this.#offsetCount, 64), kRun);
      this.#offsets = this.#checked(m._hyph_js_offsets(this.#handle, want, this.#error));
      this.#offsetCount = want;
      count = m._hyph_js_positions(this.#handle, units);
    }
    const words = m.HEAPU32;
    const at = this.#offsets >>> 2;
    for (let k = 0; k < count; ++k) out.push(words[at + k] + from);
  }

  /**
   * Every break of `text`: { offset, value, replacedBefore, replacedAfter, before, after },
   * offsets and lengths in UTF-16 code units; before/after '' for a standard break.
   */
  breaks(text) {
    if (typeof text !== 'string') throw new TypeError('text must be a string');
    const m = this.#live();
    const out = [];
    try {
      for (let from = 0; from < text.length;) {
        const to = runEnd(text, from);
        const [count, at] = this.#records(m, this.#write(m, text, from, to));
        const words = m.HEAPU32;
        for (let k = 0; k < count; ++k) {
          const w = at + k * kBreakWords;
          const b = words[w + 4], bl = words[w + 5], a = words[w + 6], al = words[w + 7];
          out.push({
            offset: words[w] + from,
            value: words[w + 1],
            replacedBefore: words[w + 2],
            replacedAfter: words[w + 3],
            before: bl === 0 ? '' : utf8Decoder.decode(m.HEAPU8.subarray(b, b + bl)),
            after: al === 0 ? '' : utf8Decoder.decode(m.HEAPU8.subarray(a, a + al)),
          });
        }
        from = to;
      }
    } finally {
      this.#trim(m);
    }
    return out;
  }

  /**
   * Where `text` may break, in UTF-16 code units, as the native Hyphenator::hyphenate gives
   * them (a .dic dictionary's non-standard break too, at its offset: breaks() has its spelling).
   */
  positions(text, options) {
    const min = options === undefined ? 0 : checkMinWordLength(options.minWordLength);
    if (typeof text !== 'string') throw new TypeError('text must be a string');
    const m = this.#live();
    const units = text.length;
    if (units <= kRun) {
      // A word's commonest path: the code units written as they are read, as bytes while they
      // are ASCII (the module then converts nothing), one call, and the answer read straight
      // into an array of its size.
      if (units > this.#textUnits) this.#reserve(m, units);
      let bytes = this.#bytes;
      if (bytes.length === 0) {
        bytes = this.#bytes = m.HEAPU8;
        this.#units = m.HEAPU16;
        this.#words = m.HEAPU32;
      }
      const ascii = this.#ascii;
      let all = 0;
      for (let i = 0; i < units; ++i) {
        const unit = text.charCodeAt(i);
        all |= unit;
        bytes[ascii + i] = unit;
      }
      let count;
      if (all < 0x80) {
        count = this.#positionsAscii(this.#handle, units);
      } else {
        const heap = this.#units;
        for (let i = 0, at = this.#text >>> 1; i < units; ++i) heap[at + i] = text.charCodeAt(i);
        count = m._hyph_js_positions(this.#handle, units);
      }
      if (count >= 0 && count <= this.#offsetCount) {
        const words = this.#words;
        const at = this.#offsets >>> 2;
        const out = new Array(count);
        for (let k = 0; k < count; ++k) out[k] = words[at + k];
        return min <= 1 ? out : longWordsOnly(text, out, min);
      }
    }
    const out = [];
    if (text.length <= kRun) {
      this.#positionsOf(m, text, 0, text.length, out);
    } else {
      try {
        for (let from = 0; from < text.length;) {
          const to = runEnd(text, from);
          this.#positionsOf(m, text, from, to, out);
          from = to;
        }
      } finally {
        this.#trim(m);
      }
    }
    return min <= 1 ? out : longWordsOnly(text, out, min);
  }

  /**
   * `text` with `hyphenChar` (default U+00AD SOFT HYPHEN) at every break of positions():
   * removing them gives `text` back. Words shorter than `minWordLength` code points are left alone.
   */
  hyphenate(text, options) {
    if (options === undefined) return this.#marked(text, '\u00AD', 0);
    const { hyphenChar = '\u00AD', minWordLength } = options;
    return this.#marked(text, hyphenChar, checkMinWordLength(minWordLength));
  }

  // hyphenate()'s work. A long text is marked a run at a time (no word crosses a run's end,
  // which follows white space), so that the module's buffers stay small whatever its length.
  #marked(text, mark, min) {
    if (typeof text !== 'string') throw new TypeError('text must be a string');
    if (text.length <= kShortText) return withMarks(text, this.positions(text, { minWordLength: min }), mark);
    const m = this.#live();
    if (mark === '') return text;
    // The module marks each run itself (#markedRun), the text moved in and out by the engines'
    // bulk paths, so that JavaScript does nothing per character or per break. A mark or a run
    // with a lone surrogate (which neither path carries), minWordLength (Unicode's letters as
    // JavaScript knows them), and a run longer than kRun (one token of at least kRun / 2 units:
    // TeX hyphenates only its first word) take the offsets back and mark here.
    const inModule = min <= 1 && isWellFormed(mark);
    const runs = [];
    try {
      if (inModule) this.#writeMark(m, mark);
      for (let from = 0; from < text.length;) {
        const to = runEnd(text, from);
        const run = text.slice(from, to);
        const marked = inModule && run.length <= kRun ? this.#markedRun(m, run) : null;
        if (marked !== null) {
          runs.push(marked);
        } else {
          const offsets = [];
          this.#positionsOf(m, run, 0, run.length, offsets);
          runs.push(withMarks(run, min <= 1 ? offsets : longWordsOnly(run, offsets, min), mark));
        }
        from = to;
      }
    } finally {
      this.#trim(m);
    }
    return runs.join('');
  }

  // The module's marker for this language (hyph_js_marker_new), made at its first long text.
  #markerOf(m) {
    if (this.#marker === 0) {
      this.#marker = noMemoryIfNull(m._hyph_js_marker_new(), 'a marker');
      this.#markedAt = m._hyph_js_marker_marked(this.#marker) >>> 2;
    }
    return this.#marker;
  }

  // Writes `mark`'s code units into the marker's mark buffer.
  #writeMark(m, mark) {
    const at = noMemoryIfNull(m._hyph_js_marker_mark(this.#markerOf(m), mark.length), `a mark of ${mark.length} code units`) >>> 1;
    const heap = m.HEAPU16;
    for (let i = 0; i < mark.length; ++i) heap[at + i] = mark.charCodeAt(i);
    this.#markUnits = mark.length;
  }

  // `run` (whole tokens, at most kRun units) with the mark at every break, marked by the
  // module: UTF-8 in (encodeInto), UTF-16 out (TextDecoder). null if the run has a lone
  // surrogate, which encodeInto would replace, or the user dictionary has words (whose path
  // reads offsets).
  #markedRun(m, run) {
    const marker = this.#markerOf(m);
    const most = 3 * run.length;
    if (this.#input === 0) this.#input = noMemoryIfNull(m._hyph_js_marker_input(marker, 3 * kRun), `a run of ${3 * kRun} bytes`);
    const bytes = utf8Encoder.encodeInto(run, m.HEAPU8.subarray(this.#input, this.#input + most)).written;
    const units = m._hyph_js_mark(this.#handle, marker, bytes, this.#markUnits) >>> 0;
    if (units === 0xFFFFFFFF) throw new RangeError(`libhyph: no memory for a marked run of ${run.length} code units`);
    if (units === 0xFFFFFFFE) return null;  // the user dictionary has words: marked here
    // JsMarked: where the output is, whether the input held U+FFFD, which is also what
    // encodeInto wrote for a lone surrogate (only then is the run looked at), and whether the
    // output is Latin-1, a byte a code unit, rather than UTF-16.
    const words = m.HEAPU32;
    if (words[this.#markedAt + 1] !== 0 && !isWellFormed(run)) return null;
    const out = words[this.#markedAt];
    if (words[this.#markedAt + 2] !== 0) return latin1Text(m.HEAPU8, out, out + units);
    return utf16Decoder.decode(m.HEAPU16.subarray(out >>> 1, (out >>> 1) + units));
  }

  /** Releases the module's memory for this language; any later use throws FreedError. */
  free() {
    if (this.#handle === 0) return;
    this.#m._hyph_js_free(this.#handle);
    if (this.#marker !== 0) this.#m._hyph_js_marker_free(this.#marker);
    this.#marker = 0;
    this.#m._hyph_js_free_bytes(this.#error);
    this.#handle = 0;
  }

  // For UserDictionary: a call with a UTF-8 word and the error record.
  _wordCall(fn, word) {
    if (typeof word !== 'string') throw new TypeError('a word must be a string');
    const m = this.#live();
    const bytes = utf8Encoder.encode(word);
    const ptr = copyIn(m, bytes);
    try {
      const result = fn(this.#handle, ptr, bytes.length, this.#error);
      if (result < 0) throw errorFrom(m, this.#error, this.#name);
      return result === 1;
    } finally {
      m._hyph_js_free_bytes(ptr);
    }
  }
  _handle() { return [this.#live(), this.#handle]; }
}

/**
 * Words hyphenated the caller's way, answered before the language's own (TeX's \hyphenation):
 * add('hy-phen-ation'), remove('hyphenation'), clear(), size.
 */
class UserDictionary {
  #owner;
  constructor(owner) { this.#owner = owner; }
  /** Adds (or replaces) a word with '-' at its breaks; true if it was new. */
  add(hyphenated) { const [m] = this.#owner._handle(); return this.#owner._wordCall(m._hyph_js_user_add, hyphenated); }
  /** Removes a word (with or without hyphens); true if it was there. */
  remove(word) { const [m] = this.#owner._handle(); return this.#owner._wordCall(m._hyph_js_user_remove, word); }
  clear() { const [m, h] = this.#owner._handle(); m._hyph_js_user_clear(h); }
  get size() { const [m, h] = this.#owner._handle(); return m._hyph_js_user_size(h); }
}
