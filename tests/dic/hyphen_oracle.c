/* Prints what a libhyphen (Debian's 2.8.8, or any library with its ABI found through
 * LD_LIBRARY_PATH) answers for each word, in the line format below, which
 * tests/dic/dic_answers.cpp writes too, so that the two outputs compare line by line:
 *   hyphen_oracle DICT [L,R,CL,CR ...] < words
 *
 * The first line is the loaded dictionary, fields separated by tabs:
 *   dict  utf8  lhmin  rhmin  clhmin  crhmin  charset  NOHYPHEN count - 1 (-1: none)  each NOHYPHEN
 * Then one line per input word (its bytes up to the newline, in the dictionary's charset):
 *   WORD  VALUES of hnj_hyphen_hyphenate, one a byte  CALL  [CALL for each L,R,CL,CR ...]
 * where each CALL is hyphenate2's (then hyphenate3's with those minimums) answer:
 *   STATUS VALUES HYPHENATED_WORD -                     (no replacements)
 *   STATUS VALUES HYPHENATED_WORD R;I:TEXT:POS:CUT...   (a replacement at byte I)
 * and its VALUES are one a character in a UTF-8 dictionary when STATUS is 0, else one a byte.
 * A value is the digit libhyphen wrote, '^' for a NUL, \xNN for any other byte; a tab, a
 * backslash or a control byte in a word or a text is written \xNN. */
#include <hyphen.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put_values(const char *hyphens, int count) {
  for (int i = 0; i < count; ++i) {
    unsigned char c = (unsigned char)hyphens[i];
    if (c >= '0' && c <= '9') putchar(c);
    else if (c == 0) putchar('^');
    else printf("\\x%02X", c);
  }
}

static void put_bytes(const char *s) {
  for (; *s; ++s) {
    unsigned char c = (unsigned char)*s;
    if (c == '\\' || c == '\t' || c < 0x20) printf("\\x%02X", c);
    else putchar(c);
  }
}

static int positions(const HyphenDict *dict, const char *word, int size, int status) {
  if (!dict->utf8 || status != 0) return size;
  int count = 0;
  for (int i = 0; i < size; ++i)
    if ((((unsigned char)word[i]) >> 6) != 2) ++count;
  return count;
}

static void put_call(const HyphenDict *dict, const char *word, int size, int status, const char *hyphens,
                     const char *hyphword, char **rep, int *pos, int *cut) {
  int count = positions(dict, word, size, status);
  printf("\t%d ", status);
  put_values(hyphens, count);
  putchar(' ');
  put_bytes(hyphword);
  putchar(' ');
  if (!rep) {
    putchar('-');
    return;
  }
  putchar('R');
  for (int i = 0; i < size; ++i) {
    if (!rep[i]) continue;
    printf(";%d:", i);
    put_bytes(rep[i]);
    printf(":%d:%d", pos[i], cut[i]);
  }
  for (int i = 0; i < size; ++i) free(rep[i]);
  free(rep);
  free(pos);
  free(cut);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: hyphen_oracle DICT [L,R,CL,CR ...] < words\n");
    return 2;
  }
  HyphenDict *dict = hnj_hyphen_load(argv[1]);
  if (!dict) {
    fprintf(stderr, "%s: cannot load\n", argv[1]);
    return 1;
  }
  printf("dict\t%d\t%d\t%d\t%d\t%d\t", dict->utf8, dict->lhmin, dict->rhmin, dict->clhmin, dict->crhmin);
  put_bytes(dict->cset);
  printf("\t%d", dict->nohyphen ? dict->nohyphenl : -1);
  if (dict->nohyphen) {
    const char *nh = dict->nohyphen;
    for (int k = 0; k <= dict->nohyphenl; ++k) {
      putchar('\t');
      put_bytes(nh);
      nh += strlen(nh) + 1;
    }
  }
  putchar('\n');
  char line[4096];
  while (fgets(line, sizeof line, stdin)) {
    size_t size = strlen(line);
    if (size && line[size - 1] == '\n') line[--size] = '\0';
    int n = (int)size;
    char *hyphens = calloc(n + 5, 1);
    char *hyphword = calloc(2 * n + 64, 1);
    put_bytes(line);
    hnj_hyphen_hyphenate(dict, line, n, hyphens);
    putchar('\t');
    put_values(hyphens, n);
    char **rep = NULL;
    int *pos = NULL, *cut = NULL;
    memset(hyphens, 0, n + 5);
    int status = hnj_hyphen_hyphenate2(dict, line, n, hyphens, hyphword, &rep, &pos, &cut);
    put_call(dict, line, n, status, hyphens, hyphword, rep, pos, cut);
    for (int a = 2; a < argc; ++a) {
      int l = 0, r = 0, cl = 0, cr = 0;
      sscanf(argv[a], "%d,%d,%d,%d", &l, &r, &cl, &cr);
      rep = NULL, pos = NULL, cut = NULL;
      memset(hyphens, 0, n + 5);
      memset(hyphword, 0, 2 * n + 64);
      status = hnj_hyphen_hyphenate3(dict, line, n, hyphens, hyphword, &rep, &pos, &cut, l, r, cl, cr);
      put_call(dict, line, n, status, hyphens, hyphword, rep, pos, cut);
    }
    putchar('\n');
    fflush(stdout);
    free(hyphens);
    free(hyphword);
  }
  hnj_hyphen_free(dict);
  return 0;
}
