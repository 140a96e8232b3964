/* The functions Debian's libhyphen.so.0 exports besides hyphen.h's, with 2.8.8's signatures
 * (hnjalloc.h and hyphen.c upstream). Only the ABI-compatible libhyphen.so.0 exports them;
 * declared here for its sources and tests. */
#ifndef LIBHYPH_HYPHEN_LIBHYPHEN_PRIVATE_H
#define LIBHYPH_HYPHEN_LIBHYPHEN_PRIVATE_H

#include "hyphen/hyphen.h"

#ifdef __cplusplus
extern "C" {
#endif

void *hnj_malloc(int size);
void *hnj_realloc(void *p, int size);
void hnj_free(void *p);
void hnj_strchomp(char *s);
int hnj_ligature(unsigned char c);
int hnj_hyphen_strnlen(const char *word, int n, int utf8);
int hnj_hyphen_lhmin(int utf8, const char *word, int word_size, char *hyphens, char ***rep, int **pos, int **cut,
                     int lhmin);
int hnj_hyphen_rhmin(int utf8, const char *word, int word_size, char *hyphens, char ***rep, int **pos, int **cut,
                     int rhmin);
int hnj_hyphen_norm(const char *word, int word_size, char *hyphens, char ***rep, int **pos, int **cut);
void hnj_hyphen_hyphword(const char *word, int l, const char *hyphens, char *hyphword, char ***rep, int **pos,
                         int **cut);
/* hashtab: libhyphen's private loader table (HashTab *), opaque. */
void hnj_hyphen_load_line(char *buf, HyphenDict *dict, void *hashtab);
int hnj_hyphen_hyph_(HyphenDict *dict, const char *word, int word_size, char *hyphens, char ***rep, int **pos,
                     int **cut, int clhmin, int crhmin, int lend, int rend);

#ifdef __cplusplus
}
#endif

#endif /* LIBHYPH_HYPHEN_LIBHYPHEN_PRIVATE_H */
