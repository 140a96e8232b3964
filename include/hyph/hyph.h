/* libhyph's C API: TeX-exact Liang hyphenation, and libhyphen's dialect, behind opaque handles.
 * C99 and C++.
 *
 *     hyph_hyphenator* h = NULL;
 *     hyph_error* err = NULL;
 *     if (hyph_load_language("en-us", NULL, 0, NULL, &h, &err) != HYPH_OK) {
 *       fprintf(stderr, "%s\n", err->message);
 *       hyph_error_free(err);
 *       return 1;
 *     }
 *     char out[64];
 *     hyph_hyphenated(h, "hyphenation", 11, "-", out, sizeof out);   // "hy-phen-ation"
 *     hyph_free(h);
 *
 * Ownership: every hyph_hyphenator* a load function gives is the caller's, released with
 * hyph_free; every hyph_error* is the caller's, released with hyph_error_free. Nothing else
 * the library returns needs freeing. Strings and buffers passed in are only read during the
 * call; the library keeps no pointer to them.
 *
 * Errors: loading may fail and returns a hyph_status; hyphenating cannot fail.
 *
 * Threads: a loaded hyph_hyphenator is immutable. Any number of threads may hyphenate with
 * the same one at once, without locking; only hyph_free must not overlap its other uses.
 *
 * Growth: what a load can be told is one struct, hyph_options, whose first field the caller
 * sets to the size it was compiled with; the library reads only what that size covers. New
 * settings are new fields at its end, never new functions (doc/c-api.md, "Versions and ABI").
 *
 * No C++ exception ever leaves a function of this API.
 *
 * doc/c-api.md has the details: error reporting, UTF-16 offsets, the options. */
#ifndef HYPH_HYPH_H
#define HYPH_HYPH_H

#include <hyph/export.h>
#include <hyph/version.h>

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#define HYPH_NOEXCEPT noexcept
#else
#define HYPH_NOEXCEPT
#endif

/* ---- Version ------------------------------------------------------------------------ */
/* The header's version is in <hyph/version.h> (HYPH_VERSION_MAJOR, _MINOR, _MICRO, _STRING,
 * _NUMBER), generated from the build's project version. */

/* The version of the library actually linked, e.g. "0.1.0" (the macros give the header's). */
HYPH_EXPORT const char* hyph_version(void) HYPH_NOEXCEPT;
/* The same as one number, as HYPH_VERSION_NUMBER: major * 10000 + minor * 100 + micro. */
HYPH_EXPORT int hyph_version_number(void) HYPH_NOEXCEPT;

/* ---- Errors ------------------------------------------------------------------------- */

/* What went wrong. 0 to 99 are the numbers of the C++ API's hyph::ErrorCode, value for value;
 * 100 and up are the C API's own. */
typedef enum hyph_status {
  HYPH_OK = 0,
  HYPH_ERROR_IO = 1,               /* a file could not be opened or read */
  HYPH_ERROR_PARSE = 2,            /* malformed pattern or exception source */
  HYPH_ERROR_BAD_UTF8 = 3,         /* invalid UTF-8 in a pattern or exception source */
  HYPH_ERROR_UNKNOWN_LANGUAGE = 4, /* no pattern set for the requested language */
  HYPH_ERROR_INVALID_ARGUMENT = 5, /* an argument or option out of range, or a NULL that may not be */
  HYPH_ERROR_BAD_FORMAT = 6,       /* a corrupt or truncated compiled pattern file */
  HYPH_ERROR_CAPACITY = 7,         /* a data structure could not hold what was asked of it */
  HYPH_ERROR_OUT_OF_MEMORY = 100,  /* memory ran out */
  HYPH_ERROR_INTERNAL = 101        /* a bug in libhyph: please report it with the message */
} hyph_status;

/* A short English name of a status: "ok", "I/O error", "parse error"... Never NULL; static. */
HYPH_EXPORT const char* hyph_status_string(hyph_status status) HYPH_NOEXCEPT;

/* Why a call failed, allocated by the library for the caller, who frees it with
 * hyph_error_free. The strings live as long as the hyph_error. This struct never grows. */
typedef struct hyph_error {
  hyph_status code;    /* equal to the status the failing function returned */
  const char* message; /* one line, ready to print: "file:line:column: reason" where known */
  const char* file;    /* the file or source name the error is in; "" if none applies */
  size_t line;         /* from 1; 0 if unknown */
  size_t column;       /* from 1, in code points; 0 if unknown */
} hyph_error;

/* Frees an error; NULL is allowed. */
HYPH_EXPORT void hyph_error_free(hyph_error* error) HYPH_NOEXCEPT;

/* ---- Options: what a load can be told ----------------------------------------------- */

/* hyph_options.left_min / right_min value meaning "the language's own" (en-us: 2 and 3). */
#define HYPH_MIN_DEFAULT INT_MIN

/* hyph_options.uchyph value meaning "the language's own": TeX's 1, or a compiled file's. */
#define HYPH_UCHYPH_DEFAULT INT_MIN

/* Which characters of the text are letters (TeX: a non-zero \lccode). Same order as
 * hyph::LetterPolicy; README, "What is a word", has the details. */
typedef enum hyph_letter_policy {
  HYPH_LETTERS_PATTERN = 0, /* 8-bit plain TeX: the letters the patterns and exceptions use, and their case forms */
  HYPH_LETTERS_UNICODE = 1  /* Unicode TeX (XeTeX, LuaTeX): every letter and mark; en and em dashes act as '-' */
} hyph_letter_policy;

/* hyph_options.letters value meaning "the language's own": HYPH_LETTERS_UNICODE for hyph-utf8
 * languages, HYPH_LETTERS_PATTERN for en-us and pattern sources, a compiled file's. */
#define HYPH_LETTERS_DEFAULT (-1)

/* Text that is not in Unicode Normalization Form C. Same order as hyph::Normalization. */
typedef enum hyph_normalization {
  HYPH_NORMALIZE_NONE = 0, /* as TeX: the text as it is */
  HYPH_NORMALIZE_NFC = 1   /* each word looked at in NFC; breaks mapped back to the text's bytes */
} hyph_normalization;

/* The exception list's pre-check. Every choice gives the same hyphenation; they differ only
 * in memory and speed (see README, hyphenate --filter). Same order as hyph::FilterKind. */
typedef enum hyph_filter_kind {
  HYPH_FILTER_NONE = 0,              /* no filter: every word probes the exact hash store */
  HYPH_FILTER_BLOOM = 1,             /* Bloom filter */
  HYPH_FILTER_BLOCKED_BLOOM = 2,     /* Bloom filter with one 64-byte block per key */
  HYPH_FILTER_CUCKOO = 3,            /* cuckoo filter */
  HYPH_FILTER_FUSE = 4,              /* binary fuse filter */
  HYPH_FILTER_COUNTING_BLOOM = 5,    /* Bloom filter of 4-bit counters */
  HYPH_FILTER_HASH_COMPACTION = 6,   /* Wolper-Leroy hash compaction */
  HYPH_FILTER_SCALABLE_BLOOM = 7,    /* chain of Bloom filters that grows */
  HYPH_FILTER_QUOTIENT = 8,          /* quotient filter */
  HYPH_FILTER_COUNTING_QUOTIENT = 9  /* counting quotient filter */
} hyph_filter_kind;

/* Whose minimums a `.dic` dictionary is answered with. Same order as hyph::DicMinimums. */
typedef enum hyph_dic_minimums {
  HYPH_DIC_MINIMUMS_LARGER = 0,  /* libhyphen's hnj_hyphen_hyphenate3: the larger of the options' and the file's
                                    LEFTHYPHENMIN / RIGHTHYPHENMIN */
  HYPH_DIC_MINIMUMS_SETTINGS = 1 /* the options' alone, as pyphen applies them: the file is answered as libhyphen
                                    answers it without its LEFTHYPHENMIN and RIGHTHYPHENMIN lines (2 where a
                                    minimum is HYPH_MIN_DEFAULT) */
} hyph_dic_minimums;

/* Everything a load can be told, in a struct that grows at its end. The caller sets
 * struct_size to the sizeof(hyph_options) it was compiled with: hyph_options_init(&o, sizeof o)
 * does that and sets every other field to its default. The library then reads only the
 * fields that struct_size covers, and takes the defaults for the rest, so a program built
 * against an older, smaller hyph_options keeps working with a later library. A struct_size
 * larger than this library knows is accepted if every byte past the fields it knows is zero
 * (a field added later means "default" when zero), else HYPH_ERROR_INVALID_ARGUMENT: the
 * caller asked for something this library cannot do. A struct_size smaller than
 * sizeof(size_t), or above 4096, is HYPH_ERROR_INVALID_ARGUMENT. Passing NULL instead of
 * options means every default. */
typedef struct hyph_options {
  size_t struct_size;      /* sizeof(hyph_options) as the caller's header declares it */
  int left_min;            /* TeX's \lefthyphenmin; 0 acts as 1, above 63 as 63, negative is HYPH_ERROR_INVALID_ARGUMENT. Default HYPH_MIN_DEFAULT: the language's */
  int right_min;           /* TeX's \righthyphenmin; likewise */
  int uchyph;              /* TeX's \uchyph: if <= 0, words whose first letter is upper case are left alone. Default HYPH_UCHYPH_DEFAULT */
  int letters;             /* a hyph_letter_policy, or HYPH_LETTERS_DEFAULT (the default) */
  int normalization;       /* a hyph_normalization; default HYPH_NORMALIZE_NONE */
  int dic_minimums;        /* a hyph_dic_minimums, for .dic dictionaries only; default HYPH_DIC_MINIMUMS_LARGER */
  int filter;              /* a hyph_filter_kind, the exception pre-check of TeX's dialect; default HYPH_FILTER_NONE */
  double fp_rate;          /* the filter's target false-positive rate, 0 < fp_rate < 1; default 0.01 */
  /* Compiled exception dictionaries (hyph-store files), read into memory, answering as their
   * sources would if loaded after every other source, a later one replacing an earlier one.
   * TeX's dialect, from sources only (compile them into a compiled file with hyph-compile).
   * Default: none. */
  const char* const* exception_stores;
  size_t exception_store_count;
  /* Later fields go here; each one's zero value means its default. */
} hyph_options;

/* Sets `options` to the defaults: zeroes its `struct_size` bytes, stores struct_size, and
 * sets every field that size covers to its default. Always pass sizeof of the caller's own
 * struct: hyph_options_init(&o, sizeof o). Does nothing for NULL or a struct_size smaller
 * than sizeof(size_t). */
HYPH_EXPORT void hyph_options_init(hyph_options* options, size_t struct_size) HYPH_NOEXCEPT;

/* ---- Loading: one function for each kind of source ---------------------------------- */

/* An immutable, thread-safe hyphenator. Opaque. */
typedef struct hyph_hyphenator hyph_hyphenator;

/* How a source's bytes are to be read. Same order as hyph::SourceFormat. */
typedef enum hyph_format {
  HYPH_FORMAT_DETECT = 0,         /* from the name: *.pat.txt, *.hyp.txt, *.tex; else from the content */
  HYPH_FORMAT_PATTERN_LIST = 1,   /* hyph-utf8 hyph-*.pat.txt */
  HYPH_FORMAT_EXCEPTION_LIST = 2, /* hyph-utf8 hyph-*.hyp.txt */
  HYPH_FORMAT_TEX = 3             /* TeX source with \patterns{...} and/or \hyphenation{...} */
} hyph_format;

/* A pattern or exception source in memory. `name` is used in error messages only. This struct
 * never grows. */
typedef struct hyph_source {
  const char* name;  /* NUL-terminated; NULL means "(memory)" */
  const char* bytes; /* need not be NUL-terminated; may be NULL if length is 0 */
  size_t length;
  int format;        /* a hyph_format */
} hyph_source;

/* Every load function below: `options` may be NULL (every default). On success returns HYPH_OK
 * and stores a new hyphenator in *out. On failure returns the status, stores NULL in *out and,
 * if `error` is not NULL, a new hyph_error in *error (NULL on success). `out` may not be NULL.
 * Sources are read in order, as TeX reads them: a later exception replaces an earlier one for
 * the same word. Which options each kind of source looks at is said beside it; one it cannot
 * honour is HYPH_ERROR_INVALID_ARGUMENT, one it does not look at is ignored. */

/* A language by tag, as the hyphenate command's --language takes it: "en-us" is plain TeX's US
 * English, Knuth's hyphen.tex embedded in the library; "de-1996", "fr"... are hyph-utf8
 * patterns found in the `dir_count` folders of `pattern_dirs` first, then in those of the
 * HYPH_PATTERNS_DIR environment variable, then in TeX Live's unless HYPH_NO_SYSTEM_DIRS is set
 * and not empty (see hyph/languages.h). Unset options take the language's own minimums and
 * letter policy. An unknown tag is HYPH_ERROR_UNKNOWN_LANGUAGE, with a message naming near
 * matches and where it looked. A `pattern_dirs` entry that is not a folder is HYPH_ERROR_IO,
 * the error's `file` naming it (whatever the tag, en-us too). Options: all but dic_minimums. */
HYPH_EXPORT hyph_status hyph_load_language(const char* tag, const char* const* pattern_dirs, size_t dir_count,
                                           const hyph_options* options, hyph_hyphenator** out,
                                           hyph_error** error) HYPH_NOEXCEPT;

/* Plain TeX's US English (the embedded hyphen.tex, as hyph_load_language("en-us")) followed by
 * the `count` files of `extra_files`, format detected: e.g. the hyphenex list ushyphex.tex.
 * Options: all but dic_minimums. */
HYPH_EXPORT hyph_status hyph_load_english(const char* const* extra_files, size_t count, const hyph_options* options,
                                          hyph_hyphenator** out, hyph_error** error) HYPH_NOEXCEPT;

/* Pattern and exception files (*.pat.txt, *.hyp.txt, TeX files), format detected. Options:
 * all but dic_minimums. */
HYPH_EXPORT hyph_status hyph_load_files(const char* const* files, size_t count, const hyph_options* options,
                                        hyph_hyphenator** out, hyph_error** error) HYPH_NOEXCEPT;

/* Sources already in memory. Options: all but dic_minimums. */
HYPH_EXPORT hyph_status hyph_load_sources(const hyph_source* sources, size_t count, const hyph_options* options,
                                          hyph_hyphenator** out, hyph_error** error) HYPH_NOEXCEPT;

/* A LibreOffice/libhyphen `.dic` hyphenation dictionary: libhyphen's dialect, where every run
 * of letters is a word, answered exactly as libhyphen 2.8.8's hnj_hyphen_hyphenate3. Options:
 * left_min, right_min and dic_minimums (with HYPH_DIC_MINIMUMS_LARGER, the larger of them and
 * the dictionary's own; HYPH_MIN_DEFAULT: the dictionary's); uchyph, letters and
 * normalization must stay at their defaults and exception_stores empty
 * (HYPH_ERROR_INVALID_ARGUMENT otherwise); filter and fp_rate are not looked at. Errors:
 * HYPH_ERROR_IO (cannot read), HYPH_ERROR_PARSE (bytes invalid in the declared charset, with
 * file, line and column). Every hyphenating function and stream works on the result. */
HYPH_EXPORT hyph_status hyph_load_dic(const char* path, const hyph_options* options, hyph_hyphenator** out,
                                      hyph_error** error) HYPH_NOEXCEPT;

/* The same from the `length` bytes of a `.dic` file (copied; `name`, which may be NULL, names
 * it in messages). */
HYPH_EXPORT hyph_status hyph_load_dic_memory(const void* bytes, size_t length, const char* name,
                                             const hyph_options* options, hyph_hyphenator** out,
                                             hyph_error** error) HYPH_NOEXCEPT;

/* A compiled file (doc/compiled-format.md), as the hyph-compile tool writes it, of either
 * dialect (hyph_probe_file tells which): a language's letters, patterns, exceptions and
 * filter, or a `.dic` dictionary, in one file, read whole into memory of the hyphenator's own
 * and used in place after every part of it is checked once: the file may be rewritten,
 * truncated or removed while the hyphenator is in use, which then answers as before
 * (doc/c-api.md, "Files in use"). A damaged, truncated or foreign file is
 * HYPH_ERROR_BAD_FORMAT, with a message naming the file and what is wrong; a device or a
 * folder is HYPH_ERROR_IO. Options, TeX's dialect: the file's minimums and \uchyph apply unless
 * set; letters, unless HYPH_LETTERS_DEFAULT, must be the file's policy; normalization applies;
 * exception_stores must be empty (else HYPH_ERROR_INVALID_ARGUMENT); filter and fp_rate are not
 * looked at: the file's filter is used. A compiled `.dic` takes the options hyph_load_dic
 * takes. */
HYPH_EXPORT hyph_status hyph_load_compiled(const char* path, const hyph_options* options, hyph_hyphenator** out,
                                           hyph_error** error) HYPH_NOEXCEPT;

/* The same from `length` bytes in memory, which are read in place: they must stay valid and
 * unchanged until hyph_free (unless they are not 16-byte aligned: then they are copied). */
HYPH_EXPORT hyph_status hyph_load_compiled_memory(const void* bytes, size_t length, const hyph_options* options,
                                                  hyph_hyphenator** out, hyph_error** error) HYPH_NOEXCEPT;

/* What a file holds, as far as its first bytes tell (C++: hyph::FileKind). */
typedef enum hyph_file_kind {
  HYPH_FILE_OTHER = 0,        /* not a compiled file: a pattern, exception or .dic source, or anything else */
  HYPH_FILE_COMPILED_TEX = 1, /* a compiled file of TeX's dialect (hyph-compile -l, -p): hyph_load_compiled */
  HYPH_FILE_COMPILED_DIC = 2  /* a compiled .dic dictionary, libhyphen's dialect (hyph-compile --dic): hyph_load_compiled */
} hyph_file_kind;

/* Stores in *kind (a hyph_file_kind) what the file at `path` holds, from its magic number
 * alone: a file that starts as a compiled file does may still be damaged further on, which
 * hyph_load_compiled tells. Reads at most 8 bytes (a pipe's are then gone). A file that cannot
 * be opened or read, a folder or a device is HYPH_ERROR_IO naming it; NULLs are
 * HYPH_ERROR_INVALID_ARGUMENT. */
HYPH_EXPORT hyph_status hyph_probe_file(const char* path, int* kind, hyph_error** error) HYPH_NOEXCEPT;

/* The same for `length` bytes in memory (NULL or too short: HYPH_FILE_OTHER). Never fails. */
HYPH_EXPORT int hyph_probe_memory(const void* bytes, size_t length) HYPH_NOEXCEPT;

/* Frees a hyphenator; NULL is allowed. No other call may be using it. */
HYPH_EXPORT void hyph_free(hyph_hyphenator* hyphenator) HYPH_NOEXCEPT;

/* ---- What was loaded ---------------------------------------------------------------- */

/* Which word rules a hyphenator answers with. Same order as hyph::Dialect. */
typedef enum hyph_dialect {
  HYPH_DIALECT_TEX = 0,       /* TeX's: patterns, exceptions, \lefthyphenmin... */
  HYPH_DIALECT_LIBHYPHEN = 1  /* libhyphen's: a .dic dictionary */
} hyph_dialect;
HYPH_EXPORT int hyph_dialect_of(const hyph_hyphenator* hyphenator) HYPH_NOEXCEPT; /* a hyph_dialect; -1 for NULL */

/* The minimums in force (after TeX's clamping to 1..63), \uchyph, the letter policy, the
 * normalization, counts. NULL gives 0. */
HYPH_EXPORT int hyph_left_min(const hyph_hyphenator* hyphenator) HYPH_NOEXCEPT;
HYPH_EXPORT int hyph_right_min(const hyph_hyphenator* hyphenator) HYPH_NOEXCEPT;
HYPH_EXPORT int hyph_uchyph(const hyph_hyphenator* hyphenator) HYPH_NOEXCEPT;
HYPH_EXPORT int hyph_letters(const hyph_hyphenator* hyphenator) HYPH_NOEXCEPT; /* a hyph_letter_policy */
HYPH_EXPORT int hyph_normalization_of(const hyph_hyphenator* hyphenator) HYPH_NOEXCEPT; /* a hyph_normalization */
HYPH_EXPORT size_t hyph_pattern_count(const hyph_hyphenator* hyphenator) HYPH_NOEXCEPT;
HYPH_EXPORT size_t hyph_exception_count(const hyph_hyphenator* hyphenator) HYPH_NOEXCEPT;
/* The language's tag and name: a language loaded by tag (hyph_load_language) reports the tag it
 * was found by ("de-1996"; "en-us" for "en") and its name, a compiled file the ones it records;
 * other loads "". Never NULL; the strings live as long as the hyphenator. */
HYPH_EXPORT const char* hyph_language_tag(const hyph_hyphenator* hyphenator) HYPH_NOEXCEPT;
HYPH_EXPORT const char* hyph_language_name(const hyph_hyphenator* hyphenator) HYPH_NOEXCEPT;
/* What the load accepted but warns about, to pass on to the user (a .dic file whose first line
 * names no known charset, or none of whose patterns can break: libhyphen loads both without a
 * word, and libhyph answers as it does): how many, and each as "file:line:column: reason" (or
 * "file: reason"), living as long as the hyphenator; NULL past the last. */
HYPH_EXPORT size_t hyph_warning_count(const hyph_hyphenator* hyphenator) HYPH_NOEXCEPT;
HYPH_EXPORT const char* hyph_warning(const hyph_hyphenator* hyphenator, size_t index) HYPH_NOEXCEPT;

/* ---- Hyphenating -------------------------------------------------------------------- */
/* The text is any bytes (any code units): white space separates words as TeX's glue does,
 * and each word is treated as TeX treats a word after glue (README, "What is a word"); in
 * libhyphen's dialect every run of letters is a word. These functions never fail and, but
 * hyph_explain, never allocate. `text` may be NULL if `length` is 0. */

/* The byte offsets into `text` (UTF-8, `length` bytes) where TeX would allow a break, in
 * increasing order. Writes the first `capacity` of them to `breaks` (which may be NULL if
 * capacity is 0) and returns how many there are in all, like snprintf: if the result is
 * larger than capacity, call again with a larger buffer. `length` breaks always suffice. */
HYPH_EXPORT size_t hyph_hyphenate(const hyph_hyphenator* hyphenator, const char* text, size_t length,
                                  size_t* breaks, size_t capacity) HYPH_NOEXCEPT;

/* The same for UTF-16 text of `length` code units, with offsets in code units: the breaks
 * are exactly those of hyph_hyphenate on the same text in UTF-8. An unpaired surrogate is a
 * non-letter, as invalid UTF-8 is. Native byte order; from C++, a char16_t* may be cast. */
HYPH_EXPORT size_t hyph_hyphenate_utf16(const hyph_hyphenator* hyphenator, const uint16_t* text, size_t length,
                                        size_t* breaks, size_t capacity) HYPH_NOEXCEPT;

/* Writes `text` (UTF-8, `length` bytes) with `marker` (NUL-terminated; NULL means "-")
 * inserted at every break into `out`, like snprintf: returns the length of the whole result
 * without a terminating NUL; writes at most out_size bytes, the last of them a NUL (nothing
 * if out_size is 0). The result is complete if the returned length is less than out_size. */
HYPH_EXPORT size_t hyph_hyphenated(const hyph_hyphenator* hyphenator, const char* text, size_t length,
                                   const char* marker, char* out, size_t out_size) HYPH_NOEXCEPT;

/* One break (C++: hyph::Break). This struct never grows: later fields come with new functions.
 * A non-standard break (libhyphen's rep/pos/cut) changes the spelling when the line breaks
 * there: the text from offset - replaced_before to offset + replaced_after is written `before`,
 * the hyphen, then `after` (Hungarian "kulissza": offset 5, replaced_before 1, before "sz",
 * after "": "kulisz-sza"). For other breaks both lengths are 0 and both texts "" . */
typedef struct hyph_break {
  size_t offset;           /* bytes (code units for UTF-16 text) into the text */
  int value;               /* the odd pattern value: 1, 3, 5, 7 or 9; an exception's break gets 1 */
  size_t replaced_before;  /* bytes (code units) before `offset` the replacement takes the place of */
  size_t replaced_after;   /* and after it */
  const char* before;      /* UTF-8, NUL-terminated, owned by the hyphenator (valid until hyph_free) */
  size_t before_length;
  const char* after;       /* likewise */
  size_t after_length;
} hyph_break;

/* Every break of `text` (UTF-8, `length` bytes) with its value and replacement, in increasing
 * order: the offsets hyph_hyphenate gives. Like snprintf, writes the first `capacity` (breaks
 * may be NULL if capacity is 0) and returns how many there are in all. Never fails, never
 * allocates. */
HYPH_EXPORT size_t hyph_breaks(const hyph_hyphenator* hyphenator, const char* text, size_t length, hyph_break* breaks,
                               size_t capacity) HYPH_NOEXCEPT;
/* The same for UTF-16 text: offsets and replaced lengths in code units; before and after stay
 * UTF-8. */
HYPH_EXPORT size_t hyph_breaks_utf16(const hyph_hyphenator* hyphenator, const uint16_t* text, size_t length,
                                     hyph_break* breaks, size_t capacity) HYPH_NOEXCEPT;

/* Writes `text` as libhyphen's hyphenated word spells it: `marker` (NULL: "-") at every break,
 * non-standard breaks spelled out ("kulisz-sza"); otherwise as hyph_hyphenated (snprintf-like).
 * Removing the markers does not give the text back where a spelling changed. */
HYPH_EXPORT size_t hyph_hyphenated_spelling(const hyph_hyphenator* hyphenator, const char* text, size_t length,
                                            const char* marker, char* out, size_t out_size) HYPH_NOEXCEPT;

/* Why `text` (UTF-8, `length` bytes) breaks where it does: one line for each word the word rules
 * look at, in the format of doc/explain.md (hyphenate --explain), each ending in '\n': the
 * patterns that matched, the whole value vector, what the minimums, an exception or NOHYPHEN
 * cut off, and the breaks. Like snprintf, writes what fits in `out_size` bytes (NUL-terminated;
 * out may be NULL if out_size is 0) and stores the whole length in *needed (may be NULL).
 * Allocates; fails only for NULL arguments or lack of memory. */
HYPH_EXPORT hyph_status hyph_explain(const hyph_hyphenator* hyphenator, const char* text, size_t length, char* out,
                                     size_t out_size, size_t* needed, hyph_error** error) HYPH_NOEXCEPT;

/* The breaks of one word (UTF-8, `length` bytes) taken whole, for a program that cuts its own
 * words (C++: Hyphenator::word_breaks). In libhyphen's dialect every byte belongs to the word
 * (digits, dots and joiners too), as libhyphen's callers hand a word to hnj_hyphen_hyphenate3:
 * lower-cased code point by code point; a character the dictionary's charset cannot spell, or
 * invalid UTF-8, is passed as '?'; a word of more than 200 characters gets no breaks. In TeX's
 * dialect, the same as hyph_breaks. Like hyph_breaks: snprintf-like (breaks may be NULL if
 * capacity is 0), never fails, never allocates; NULL hyphenator or word gives 0. */
HYPH_EXPORT size_t hyph_word_breaks(const hyph_hyphenator* hyphenator, const char* word, size_t length,
                                    hyph_break* breaks, size_t capacity) HYPH_NOEXCEPT;
/* The same for a UTF-16 word (`length` code units), as LibreOffice holds its words: offsets and
 * replaced lengths in code units (those of the same word in UTF-8); before and after stay UTF-8;
 * an unpaired surrogate is one character the charset cannot spell. */
HYPH_EXPORT size_t hyph_word_breaks_utf16(const hyph_hyphenator* hyphenator, const uint16_t* word, size_t length,
                                          hyph_break* breaks, size_t capacity) HYPH_NOEXCEPT;

/* ---- Streaming --------------------------------------------------------------------- */
/* Running text of any length, in pieces of any size: the bytes come out unchanged, with the
 * marker at every break, through the caller's sink. Memory stays bounded whatever the input
 * (C++: hyph::TextStream). */

typedef struct hyph_stream hyph_stream;

/* Receives output bytes, in order, in chunks of any size. It must not call back into the
 * stream. */
typedef void (*hyph_sink)(void* context, const char* bytes, size_t length);

/* A stream over `hyphenator` (which it keeps a reference to: the hyphenator may be freed
 * first). `marker` is NUL-terminated; NULL means "-". */
HYPH_EXPORT hyph_status hyph_stream_new(const hyph_hyphenator* hyphenator, const char* marker, hyph_sink sink,
                                        void* context, hyph_stream** out, hyph_error** error) HYPH_NOEXCEPT;
/* Feeds the next `length` bytes; output for complete words goes to the sink. Fails only with
 * HYPH_ERROR_IO, if a temporary file for a token longer than 64 KiB cannot be written. */
HYPH_EXPORT hyph_status hyph_stream_write(hyph_stream* stream, const char* bytes, size_t length,
                                          hyph_error** error) HYPH_NOEXCEPT;
/* Passes everything decided so far to the sink (output is otherwise batched). */
HYPH_EXPORT hyph_status hyph_stream_flush(hyph_stream* stream, hyph_error** error) HYPH_NOEXCEPT;
/* Ends the text: the last word is hyphenated and everything left goes to the sink. The stream
 * may then take a new text. */
HYPH_EXPORT hyph_status hyph_stream_finish(hyph_stream* stream, hyph_error** error) HYPH_NOEXCEPT;
/* Frees a stream without finishing it; NULL is allowed. */
HYPH_EXPORT void hyph_stream_free(hyph_stream* stream) HYPH_NOEXCEPT;

/* ---- User dictionaries ------------------------------------------------------------- */
/* A user's own hyphenations, changed while a program runs; asked before the language's
 * exceptions and patterns, as a \hyphenation after them would be (C++: hyph::UserDictionary).
 * Not thread-safe: one thread at a time, for every call, hyphenating included. */

typedef struct hyph_dictionary hyph_dictionary;

/* An empty dictionary over `hyphenator`'s language (which it keeps a reference to), with the
 * pre-check `filter` (a hyph_filter_kind) at `fp_rate`. */
HYPH_EXPORT hyph_status hyph_dictionary_new(const hyph_hyphenator* hyphenator, int filter, double fp_rate,
                                            hyph_dictionary** out, hyph_error** error) HYPH_NOEXCEPT;
/* Adds a word with '-' at every allowed break ("hy-phen-ation"), `length` bytes of UTF-8,
 * replacing it if it is there; *was_new (if not NULL) tells whether it was new. A word without
 * letters, or with a character that is not a letter of the language, is
 * HYPH_ERROR_INVALID_ARGUMENT; invalid UTF-8 is HYPH_ERROR_BAD_UTF8. */
HYPH_EXPORT hyph_status hyph_dictionary_add(hyph_dictionary* dictionary, const char* word, size_t length, int* was_new,
                                            hyph_error** error) HYPH_NOEXCEPT;
/* Removes a word (with or without its hyphens, in any case); *was_there (if not NULL) tells
 * whether it was there. */
HYPH_EXPORT hyph_status hyph_dictionary_remove(hyph_dictionary* dictionary, const char* word, size_t length,
                                               int* was_there, hyph_error** error) HYPH_NOEXCEPT;
/* The number of words. NULL gives 0. */
HYPH_EXPORT size_t hyph_dictionary_size(const hyph_dictionary* dictionary) HYPH_NOEXCEPT;
/* As hyph_hyphenate, with the dictionary's words first: *count (not NULL) gets how many breaks
 * there are in all, the first `capacity` of which go to `breaks`. Fails only if memory runs
 * out while a filter is rebuilt after a change. */
HYPH_EXPORT hyph_status hyph_dictionary_hyphenate(hyph_dictionary* dictionary, const char* text, size_t length,
                                                  size_t* breaks, size_t capacity, size_t* count,
                                                  hyph_error** error) HYPH_NOEXCEPT;
/* Frees a dictionary; NULL is allowed. */
HYPH_EXPORT void hyph_dictionary_free(hyph_dictionary* dictionary) HYPH_NOEXCEPT;

/* ---- Exception stores -------------------------------------------------------------- */
/* Compiled exception dictionaries (doc/exception-store-format.md), the files that
 * hyph_options.exception_stores reads: words with their hyphens, written once by a
 * writer, then opened, checked, listed and looked up (C++: hyph/exception_store.h). Words are
 * read as TeX's \hyphenation reads them, in order: a later word replaces an earlier one. The
 * same words always give the same bytes. A writer belongs to one thread at a time; an open
 * store is immutable and may be used by any number of threads at once. */

typedef struct hyph_store_writer hyph_store_writer;

/* What a source added to a writer held. The caller sets struct_size to
 * sizeof(hyph_store_source_counts); the library fills the fields that size covers. */
typedef struct hyph_store_source_counts {
  size_t struct_size;
  size_t words;            /* exceptions read (a word given twice counts twice) */
  size_t patterns_ignored; /* \patterns in the source: a store holds exceptions only */
  size_t lccodes_ignored;  /* \lccode assignments: a store keeps only its words' letters */
} hyph_store_source_counts;

/* An empty writer. */
HYPH_EXPORT hyph_status hyph_store_writer_new(hyph_store_writer** out, hyph_error** error) HYPH_NOEXCEPT;
/* Adds the exceptions of a source in memory (a *.hyp.txt list or a TeX file's \hyphenation;
 * HYPH_FORMAT_DETECT tells them apart). A malformed source is HYPH_ERROR_PARSE or
 * HYPH_ERROR_BAD_UTF8 with its file, line and column. `counts` may be NULL. */
HYPH_EXPORT hyph_status hyph_store_writer_add_source(hyph_store_writer* writer, const hyph_source* source,
                                                     hyph_store_source_counts* counts, hyph_error** error) HYPH_NOEXCEPT;
/* The same from a file, read whole; `format` a hyph_format. */
HYPH_EXPORT hyph_status hyph_store_writer_add_file(hyph_store_writer* writer, const char* path, int format,
                                                   hyph_store_source_counts* counts, hyph_error** error) HYPH_NOEXCEPT;
/* Adds a word and its hyphenated form ("tables", "tab-les"), `word_length` and
 * `hyphenated_length` bytes of UTF-8: each must be one word, and the hyphenated form must spell
 * the word (letters compared in lower case), else HYPH_ERROR_PARSE. Errors are placed as in a
 * line "word<TAB>hyphenated" that is line `line` of `name` (NULL: "(memory)"). */
HYPH_EXPORT hyph_status hyph_store_writer_add_pair(hyph_store_writer* writer, const char* word, size_t word_length,
                                                   const char* hyphenated, size_t hyphenated_length, const char* name,
                                                   size_t line, hyph_error** error) HYPH_NOEXCEPT;
/* Distinct words so far. NULL gives 0. */
HYPH_EXPORT size_t hyph_store_writer_size(const hyph_store_writer* writer) HYPH_NOEXCEPT;
/* Writes the store to `path` whole or not at all: a new temporary file beside it (created
 * exclusively, never through a link), synced, renamed over `path`, the folder synced; a reader
 * or another writer never sees half a store, and a failure leaves the old file and no
 * temporary. HYPH_ERROR_IO naming `path` and the reason ("No space left on device"),
 * HYPH_ERROR_CAPACITY past 2^32 - 1 words.
 * The writer keeps its words: it may write again, or take more. */
HYPH_EXPORT hyph_status hyph_store_writer_write(const hyph_store_writer* writer, const char* path,
                                                hyph_error** error) HYPH_NOEXCEPT;
/* Frees a writer; NULL is allowed. */
HYPH_EXPORT void hyph_store_writer_free(hyph_store_writer* writer) HYPH_NOEXCEPT;

typedef struct hyph_store hyph_store;

/* Opens a store file, read whole into memory of its own (the file may then change or go), and
 * checks all of it once. HYPH_ERROR_IO if it cannot be read or is a device; HYPH_ERROR_BAD_FORMAT, "path: not a valid exception store: reason", if it is
 * damaged, truncated or not a store. */
HYPH_EXPORT hyph_status hyph_store_open(const char* path, hyph_store** out, hyph_error** error) HYPH_NOEXCEPT;

/* What is in a store. The caller sets struct_size to sizeof(hyph_store_info); the library
 * fills the fields that size covers. */
typedef struct hyph_store_info {
  size_t struct_size;
  unsigned format_version; /* of the file (the one this library reads) */
  unsigned directory_bits; /* the lookup directory has 2^directory_bits buckets */
  size_t words;
  size_t letters;          /* distinct letters its words use */
  size_t file_size;        /* bytes */
} hyph_store_info;

/* Fills `info`. A struct_size that does not cover struct_size itself, or NULLs, are
 * HYPH_ERROR_INVALID_ARGUMENT. */
HYPH_EXPORT hyph_status hyph_store_get_info(const hyph_store* store, hyph_store_info* info, hyph_error** error) HYPH_NOEXCEPT;

/* The hyphenated form of `word` (lower case, without hyphens, as stored), like snprintf: the
 * length of the whole form, of which at most out_size - 1 bytes and a NUL are written; 0 if the
 * store does not have the word (a stored form is never empty). */
HYPH_EXPORT size_t hyph_store_find(const hyph_store* store, const char* word, size_t length, char* out,
                                   size_t out_size) HYPH_NOEXCEPT;

/* Receives one word of a store: the word as stored, its breaks (bit j: a hyphen may follow the
 * j-th letter) and its hyphenated form; the strings are not NUL-terminated and live only during
 * the call. Returns 0 to go on, anything else to stop. */
typedef int (*hyph_store_visitor)(void* context, const char* word, size_t word_length, uint64_t breaks,
                                  const char* hyphenated, size_t hyphenated_length);

/* Calls `visit` for every word, in the file's order, until it returns non-zero. */
HYPH_EXPORT hyph_status hyph_store_for_each(const hyph_store* store, hyph_store_visitor visit, void* context,
                                            hyph_error** error) HYPH_NOEXCEPT;
/* Frees a store; NULL is allowed. */
HYPH_EXPORT void hyph_store_free(hyph_store* store) HYPH_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HYPH_HYPH_H */
