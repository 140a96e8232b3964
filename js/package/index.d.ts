// Types of the npm package libhyph (js/package/src/core.js).

/** Every error libhyph raises. */
export class HyphenationError extends Error {
  /** The library's code: 'io', 'parse', 'bad_format', 'invalid_argument', 'capacity', 'freed', ... */
  readonly code: string;
  /** The language file or location the error is about, if any. */
  readonly file: string | null;
  /** Line and column (from 1) in that file, when the error has a place. */
  readonly line: number | null;
  readonly column: number | null;
}
/** Language bytes that are not a compiled language, or are damaged. */
export class FormatError extends HyphenationError {}
/** A word the language cannot read, an option out of range. */
export class InvalidArgumentError extends HyphenationError {}
/** A language that cannot be read (a missing file, a failed fetch). */
export class LoadError extends HyphenationError {}
/** A Hyphenator used after free(). */
export class FreedError extends HyphenationError {}

export interface LoadOptions {
  /** \lefthyphenmin and \righthyphenmin; default: the compiled file's. */
  leftMin?: number;
  rightMin?: number;
}

export interface HyphenateOptions {
  /** Inserted at every break; default U+00AD SOFT HYPHEN. */
  hyphenChar?: string;
  /** Words (runs of letters and marks) of fewer code points are not hyphenated; default 0. */
  minWordLength?: number;
}

export interface Break {
  /** Where the break is, in UTF-16 code units of the text. */
  offset: number;
  /** The odd pattern value that allows it (1, 3, 5, ...); 1 for an exception. */
  value: number;
  /** A non-standard break (a .dic dictionary's): text[offset - replacedBefore, offset + replacedAfter) is spelled before + hyphen + after. 0 and '' otherwise. */
  replacedBefore: number;
  replacedAfter: number;
  before: string;
  after: string;
}

/** Words hyphenated the caller's way, answered before the language's own (TeX's \hyphenation). */
export class UserDictionary {
  private constructor();
  /** Adds or replaces a word with '-' at its breaks ('hy-phen-ation'); true if it was new. */
  add(hyphenated: string): boolean;
  /** Removes a word, given with or without its hyphens; true if it was there. */
  remove(word: string): boolean;
  clear(): void;
  readonly size: number;
}

/** A compiled language (hyph-compile's output: TeX patterns or a .dic dictionary). */
export class Hyphenator {
  private constructor();
  /** A language this package ships ('en-us', 'de-1996', ...: languages/index.json), a path (Node) or a URL. */
  static load(language: string | URL, options?: LoadOptions): Promise<Hyphenator>;
  /** The same from the bytes of a compiled file. */
  static fromBytes(bytes: Uint8Array | ArrayBuffer, options?: LoadOptions & { name?: string }): Promise<Hyphenator>;
  readonly tag: string;
  readonly name: string;
  readonly dialect: 'tex' | 'libhyphen';
  readonly leftMin: number;
  readonly rightMin: number;
  readonly userDictionary: UserDictionary;
  /** `text` with hyphenChar at every break of positions(); removing them gives `text` back. */
  hyphenate(text: string, options?: HyphenateOptions): string;
  /** Where `text` may break, in UTF-16 code units (a non-standard break at its offset; breaks() spells it). */
  positions(text: string, options?: Pick<HyphenateOptions, 'minWordLength'>): number[];
  /** Every break of `text`, with its value and, for a .dic dictionary's non-standard breaks, its spelling. */
  breaks(text: string): Break[];
  /** Releases the language's memory; using the Hyphenator afterwards throws FreedError. */
  free(): void;
}
