// Types of libhyph/hyphen/NAME, the drop-in for the npm package `hyphen` (js/package/src/hyphen.js).

/** hyphen's options. */
export interface HyphenOptions {
  /** createHyphenator only: return a Promise (answered on a later turn of the event loop). Default false. */
  async?: boolean;
  /** createHyphenator only: leave HTML markup alone (tags, comments, <script>, <style>, character references). Default true. */
  html?: boolean;
  /** Inserted at every break. Default U+00AD SOFT HYPHEN. */
  hyphenChar?: string;
  /** Words shorter than this (in letters) are left alone. Default 5. */
  minWordLength?: number;
  /** Words hyphenated the caller's way: 'hy-phen-ation'. They stay for later calls. */
  exceptions?: string[];
}

/** A language as `patterns`: pass it to createHyphenator(patterns, options). */
export interface HyphenPatterns {
  readonly tag: string;
}

export type HyphenateSync = (text: string, options?: HyphenOptions) => string;
export type HyphenateAsync = (text: string, options?: HyphenOptions) => Promise<string>;

export const hyphenate: HyphenateAsync;
export const hyphenateHTML: HyphenateAsync;
export const hyphenateSync: HyphenateSync;
export const hyphenateHTMLSync: HyphenateSync;
export const patterns: HyphenPatterns;

/** A hyphenator of this language (or of `patterns`) with its own options. */
export function createHyphenator(options: HyphenOptions & { async: true }): HyphenateAsync;
export function createHyphenator(options?: HyphenOptions): HyphenateSync;
export function createHyphenator(patterns: HyphenPatterns, options: HyphenOptions & { async: true }): HyphenateAsync;
export function createHyphenator(patterns: HyphenPatterns, options?: HyphenOptions): HyphenateSync;

declare const language: {
  hyphenate: HyphenateAsync;
  hyphenateHTML: HyphenateAsync;
  hyphenateSync: HyphenateSync;
  hyphenateHTMLSync: HyphenateSync;
  createHyphenator: typeof createHyphenator;
  patterns: HyphenPatterns;
};
export default language;
