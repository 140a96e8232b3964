/* libhyph-hyphen's hyphen.h against Debian's /usr/include/hyphen.h (libhyphen 2.8.8): the
 * same sizes and offsets for HyphenDict, HyphenState and HyphenTrans, checked when this file
 * compiles. Built only where libhyphen-dev is installed. Debian's header comes first, under
 * its own names; ours follows with every name it declares moved aside. */
#include <hyphen.h> /* Debian's: the project puts no hyphen.h on this file's include path */

#include <stddef.h>

#define _HyphenDict ours_HyphenDict_
#define _HyphenState ours_HyphenState_
#define _HyphenTrans ours_HyphenTrans_
#define HyphenDict ours_HyphenDict
#define HyphenState ours_HyphenState
#define HyphenTrans ours_HyphenTrans
#define hnj_hyphen_load ours_load
#define hnj_hyphen_load_file ours_load_file
#define hnj_hyphen_load_data ours_load_data
#define hnj_hyphen_free ours_free
#define hnj_hyphen_hyphenate ours_hyphenate
#define hnj_hyphen_hyphenate2 ours_hyphenate2
#define hnj_hyphen_hyphenate3 ours_hyphenate3
#include "hyphen/hyphen.h"
#undef HyphenDict
#undef HyphenState
#undef HyphenTrans
#undef hnj_hyphen_load
#undef hnj_hyphen_load_file
#undef hnj_hyphen_load_data
#undef hnj_hyphen_free
#undef hnj_hyphen_hyphenate
#undef hnj_hyphen_hyphenate2
#undef hnj_hyphen_hyphenate3

#define SAME_LAYOUT(type, member)                                                              \
  _Static_assert(offsetof(type, member) == offsetof(ours_##type, member),                     \
                 #type "." #member ": offset differs from Debian's hyphen.h");                 \
  _Static_assert(sizeof(((type *)0)->member) == sizeof(((ours_##type *)0)->member),           \
                 #type "." #member ": size differs from Debian's hyphen.h")

_Static_assert(sizeof(HyphenDict) == sizeof(ours_HyphenDict), "sizeof(HyphenDict) differs");
_Static_assert(_Alignof(HyphenDict) == _Alignof(ours_HyphenDict), "alignment of HyphenDict differs");
SAME_LAYOUT(HyphenDict, lhmin);
SAME_LAYOUT(HyphenDict, rhmin);
SAME_LAYOUT(HyphenDict, clhmin);
SAME_LAYOUT(HyphenDict, crhmin);
SAME_LAYOUT(HyphenDict, nohyphen);
SAME_LAYOUT(HyphenDict, nohyphenl);
SAME_LAYOUT(HyphenDict, num_states);
SAME_LAYOUT(HyphenDict, cset);
SAME_LAYOUT(HyphenDict, utf8);
SAME_LAYOUT(HyphenDict, states);
SAME_LAYOUT(HyphenDict, nextlevel);

_Static_assert(sizeof(HyphenState) == sizeof(ours_HyphenState), "sizeof(HyphenState) differs");
SAME_LAYOUT(HyphenState, match);
SAME_LAYOUT(HyphenState, repl);
SAME_LAYOUT(HyphenState, replindex);
SAME_LAYOUT(HyphenState, replcut);
SAME_LAYOUT(HyphenState, fallback_state);
SAME_LAYOUT(HyphenState, num_trans);
SAME_LAYOUT(HyphenState, trans);

_Static_assert(sizeof(HyphenTrans) == sizeof(ours_HyphenTrans), "sizeof(HyphenTrans) differs");
SAME_LAYOUT(HyphenTrans, ch);
SAME_LAYOUT(HyphenTrans, new_state);

/* The functions take and return the same types, struct names aside: one list of signatures,
 * written once with Debian's struct names (checked against Debian's declarations) and once
 * with ours (checked against ours). */
#define SAME_TYPE(a, b) _Static_assert(_Generic((a), __typeof__(b): 1, default: 0), #a " has another type")
SAME_TYPE((HyphenDict * (*)(const char *))0, &hnj_hyphen_load);
SAME_TYPE((HyphenDict * (*)(FILE *))0, &hnj_hyphen_load_file);
SAME_TYPE((void (*)(HyphenDict *))0, &hnj_hyphen_free);
SAME_TYPE((int (*)(HyphenDict *, const char *, int, char *))0, &hnj_hyphen_hyphenate);
SAME_TYPE((int (*)(HyphenDict *, const char *, int, char *, char *, char ***, int **, int **))0,
          &hnj_hyphen_hyphenate2);
SAME_TYPE((int (*)(HyphenDict *, const char *, int, char *, char *, char ***, int **, int **, int, int, int, int))0,
          &hnj_hyphen_hyphenate3);
SAME_TYPE((ours_HyphenDict * (*)(const char *))0, &ours_load);
SAME_TYPE((ours_HyphenDict * (*)(FILE *))0, &ours_load_file);
SAME_TYPE((ours_HyphenDict * (*)(const char *, size_t))0, &ours_load_data);
SAME_TYPE((void (*)(ours_HyphenDict *))0, &ours_free);
SAME_TYPE((int (*)(ours_HyphenDict *, const char *, int, char *))0, &ours_hyphenate);
SAME_TYPE((int (*)(ours_HyphenDict *, const char *, int, char *, char *, char ***, int **, int **))0,
          &ours_hyphenate2);
SAME_TYPE((int (*)(ours_HyphenDict *, const char *, int, char *, char *, char ***, int **, int **, int, int, int, int))0,
          &ours_hyphenate3);

int main(void) { return MAX_NAME == 20 && MAX_CHARS == 100 ? 0 : 1; }
