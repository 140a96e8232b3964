/* libhyph-hyphen: libhyphen's C API, answered by libhyph.
 *
 * A program written for libhyphen 2.8.8 (the `hyphen.h` of Debian's libhyphen-dev) compiles
 * against this header unchanged and gets the same answers: the declarations, the HyphenDict
 * layout and the buffer and ownership rules are libhyphen's. Installed as
 * <libhyph-hyphen/hyphen.h>; `pkg-config --cflags libhyph-hyphen` puts that folder on the
 * include path, so `#include <hyphen.h>` finds it and Debian's own header is never shadowed.
 *
 * Buffers, as in libhyphen:
 *   - hyphens:  word_size + 5 bytes from the caller. On return, hyphens[i] is an odd digit
 *               ('1', '3', ...) when the word may break after its i-th character (UTF-8
 *               dictionaries: characters, not bytes), and the string ends there.
 *   - hyphenated_word: NULL, or 2 * word_size bytes; receives the word with '=' at each
 *               break and non-standard breaks spelt out ("kulisz=sza").
 *   - rep, pos, cut: NULL, or the addresses of three pointers that are NULL (or point to
 *               zeroed arrays of word_size entries). The call allocates the arrays with
 *               malloc only when a non-standard break occurs; the caller frees each rep[i]
 *               and the three arrays with free(). rep[i] is the replacement text around a
 *               break ('=' marks the break), pos[i] how many characters before i it starts,
 *               cut[i] how many characters of the word it replaces.
 * The word must already be lower case, in the dictionary's charset (cset; utf8 != 0 for
 * UTF-8).
 */
#ifndef LIBHYPH_HYPHEN_H
#define LIBHYPH_HYPHEN_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MAX_CHARS 100 /* libhyphen's longest pattern line, kept for source compatibility */
#define MAX_NAME 20   /* the size of HyphenDict.cset */

typedef struct _HyphenDict HyphenDict;
typedef struct _HyphenState HyphenState;
typedef struct _HyphenTrans HyphenTrans;

/* A loaded dictionary. Clients may read the user options, cset and utf8; libhyph keeps the
 * values libhyphen keeps there (including its implicit first level: without a NEXTLEVEL line
 * the dictionary returned is that level, whose nextlevel holds the file's own patterns).
 * libhyph's automaton is not made of these states: `states` points to a single root state
 * with no transitions (num_states 1), and `nextlevel` is NULL or another valid HyphenDict. */
struct _HyphenDict {
  char lhmin;        /* LEFTHYPHENMIN: no break closer than this to the word's start */
  char rhmin;        /* RIGHTHYPHENMIN: ... to its end */
  char clhmin;       /* COMPOUNDLEFTHYPHENMIN: ... to a compound boundary on the left */
  char crhmin;       /* COMPOUNDRIGHTHYPHENMIN: ... on the right */
  char *nohyphen;    /* NOHYPHEN entries, each ended by a NUL byte, or NULL */
  int nohyphenl;     /* the number of NOHYPHEN entries, less one */
  int num_states;
  char cset[MAX_NAME]; /* the charset line, e.g. "UTF-8" or "ISO8859-1" */
  int utf8;          /* nonzero when cset is "UTF-8" */
  HyphenState *states;
  HyphenDict *nextlevel; /* the next (compound) level, or NULL */
};

struct _HyphenState {
  char *match;
  char *repl;
  signed char replindex;
  signed char replcut;
  int fallback_state;
  int num_trans;
  HyphenTrans *trans;
};

struct _HyphenTrans {
  char ch;
  int new_state;
};

/* Loads a .dic file; NULL when it cannot be opened or read. */
HyphenDict *hnj_hyphen_load(const char *fn);
/* Loads a .dic from an open file, read from its current position to its end. */
HyphenDict *hnj_hyphen_load_file(FILE *f);
/* Loads a .dic from flen bytes in memory (upstream libhyphen's newer loader). */
HyphenDict *hnj_hyphen_load_data(const char *fdata, size_t flen);
/* Frees a dictionary from the loaders above, with its next levels. */
void hnj_hyphen_free(HyphenDict *dict);

/* The breaks of standard patterns only, no minimums (libhyphen's oldest call). */
int hnj_hyphen_hyphenate(HyphenDict *dict, const char *word, int word_size, char *hyphens);

/* Every break, non-standard ones included, with the dictionary's minimums. Returns 0, or 1
 * when a UTF-8 dictionary is given a word that does not start a UTF-8 character. */
int hnj_hyphen_hyphenate2(HyphenDict *dict, const char *word, int word_size, char *hyphens,
                          char *hyphenated_word, char ***rep, int **pos, int **cut);

/* As hnj_hyphen_hyphenate2, with the caller's minimums (each raised to the dictionary's). */
int hnj_hyphen_hyphenate3(HyphenDict *dict, const char *word, int word_size, char *hyphens,
                          char *hyphword, char ***rep, int **pos, int **cut, int lhmin,
                          int rhmin, int clhmin, int crhmin);

#ifdef __cplusplus
}
#endif

#endif /* LIBHYPH_HYPHEN_H */
