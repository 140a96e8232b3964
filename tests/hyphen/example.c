/* A libhyphen client written the way libhyphen's documentation shows (hyphen.h, example.c
 * upstream): load a dictionary, then for each word of a file call hnj_hyphen_hyphenate2 and
 * hnj_hyphen_hyphenate3 with libhyphen's buffers, print everything they give back, free what
 * they allocated. Only hyphen.h's API: it builds unchanged against Debian's libhyphen and
 * against libhyph-hyphen, and both builds must print the same (tests/hyphen/meson.build).
 *
 *   example DICT.dic WORDS   (words one a line, in the dictionary's charset)
 */
#include <hyphen.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_breaks(const char *label, const char *hyphens, const char *hyphword, char **rep,
                         int *pos, int *cut, int word_size) {
  int i;
  printf("  %s: %s %s", label, hyphens, hyphword);
  if (rep != NULL) {
    for (i = 0; i < word_size; i++)
      if (rep[i] != NULL) printf(" [%d %s %d %d]", i, rep[i], pos[i], cut[i]);
  }
  printf("\n");
}

static void free_replacements(char **rep, int *pos, int *cut, int word_size) {
  int i;
  if (rep != NULL) {
    for (i = 0; i < word_size; i++) free(rep[i]);
    free(rep);
  }
  free(pos);
  free(cut);
}

int main(int argc, char **argv) {
  HyphenDict *dict;
  FILE *words;
  char line[1024];
  int i;

  if (argc != 3) {
    fprintf(stderr, "usage: %s DICT.dic WORDS\n", argv[0]);
    return 2;
  }
  dict = hnj_hyphen_load(argv[1]);
  if (dict == NULL) {
    fprintf(stderr, "%s: cannot load\n", argv[1]);
    return 1;
  }
  /* What clients read from the dictionary itself. */
  printf("cset=%s utf8=%d lhmin=%d rhmin=%d clhmin=%d crhmin=%d nohyphenl=%d nohyphen=", dict->cset,
         dict->utf8, dict->lhmin, dict->rhmin, dict->clhmin, dict->crhmin, dict->nohyphenl);
  if (dict->nohyphen != NULL) {
    const char *nh = dict->nohyphen;
    for (i = 0; i <= dict->nohyphenl; i++) {
      printf("%s%s", i ? "," : "", nh);
      nh += strlen(nh) + 1;
    }
  }
  printf("\n");

  words = fopen(argv[2], "r");
  if (words == NULL) {
    fprintf(stderr, "%s: cannot open\n", argv[2]);
    hnj_hyphen_free(dict);
    return 1;
  }
  while (fgets(line, sizeof line, words) != NULL) {
    int n = (int)strcspn(line, "\r\n");
    char *hyphens, *hyphword;
    char **rep = NULL;
    int *pos = NULL;
    int *cut = NULL;
    int status;
    line[n] = '\0';
    if (n == 0) continue;
    for (i = 0; i < n; i++)
      if (line[i] >= 'A' && line[i] <= 'Z') line[i] = (char)(line[i] - 'A' + 'a');
    hyphens = malloc((size_t)n + 5);   /* libhyphen's rule: word_size + 5 */
    hyphword = malloc((size_t)n * 2);  /* and twice the word */
    if (hyphens == NULL || hyphword == NULL) return 1;
    printf("%s\n", line);

    status = hnj_hyphen_hyphenate2(dict, line, n, hyphens, hyphword, &rep, &pos, &cut);
    printf("  status %d\n", status);
    print_breaks("hyphenate2", hyphens, hyphword, rep, pos, cut, n);
    free_replacements(rep, pos, cut, n);

    rep = NULL;
    pos = NULL;
    cut = NULL;
    hnj_hyphen_hyphenate3(dict, line, n, hyphens, hyphword, &rep, &pos, &cut, 3, 3, 3, 3);
    print_breaks("hyphenate3(3,3,3,3)", hyphens, hyphword, rep, pos, cut, n);
    free_replacements(rep, pos, cut, n);

    /* The old call: standard patterns only. (2.8.8's hyphenate2 and hyphenate3 need rep, pos
     * and cut: given NULL there, they crash.) */
    hnj_hyphen_hyphenate(dict, line, n, hyphens);
    printf("  hyphenate: %s\n", hyphens);
    free(hyphens);
    free(hyphword);
  }
  fclose(words);
  hnj_hyphen_free(dict);
  return 0;
}
