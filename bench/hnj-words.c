/* The whole-process comparison's libhyphen client (README, Speed): reads a word file, lowercases
 * each line's ASCII letters, hyphenates it with hnj_hyphen_hyphenate2 and writes the
 * hyphenated word ('=' at each break), one a line, through a 64 KiB buffer. Each word is passed
 * '\0'-terminated, as libhyphen needs. Only hyphen.h's
 * API, so it links against Debian's libhyphen (hnj-words-libhyphen) or libhyph-hyphen
 * (hnj-words-libhyph) unchanged.
 *
 *   hnj-words DICT.dic WORDS > OUT   (words in the dictionary's charset, one a line)
 */
#include <hyphen.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { OUTPUT_BUFFER = 64 * 1024 };

struct output {
  char bytes[OUTPUT_BUFFER];
  size_t used;
};

static int flush_output(struct output *out) {
  size_t done = 0;
  while (done < out->used) {
    ssize_t n = write(1, out->bytes + done, out->used - done);
    if (n <= 0) return -1;
    done += (size_t)n;
  }
  out->used = 0;
  return 0;
}

static int put(struct output *out, const char *s, size_t n) {
  while (n > 0) {
    size_t room = sizeof out->bytes - out->used;
    size_t take = n < room ? n : room;
    memcpy(out->bytes + out->used, s, take);
    out->used += take;
    s += take;
    n -= take;
    if (out->used == sizeof out->bytes && flush_output(out) != 0) return -1;
  }
  return 0;
}

static char *read_all(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  char *data = NULL;
  size_t used = 0, capacity = 0, n;
  if (f == NULL) return NULL;
  do {
    if (capacity - used < 65536) {
      char *grown = realloc(data, capacity = capacity * 2 + 65536);
      if (grown == NULL) {
        free(data);
        fclose(f);
        return NULL;
      }
      data = grown;
    }
    n = fread(data + used, 1, capacity - used, f);
    used += n;
  } while (n > 0);
  fclose(f);
  data[used] = '\0'; /* the loop above always leaves room for it */
  *size = used;
  return data;
}

int main(int argc, char **argv) {
  HyphenDict *dict;
  char *text, *line, *end, *hyphens = NULL, *hyphword = NULL;
  size_t size = 0, capacity = 0;
  struct output *out;
  int status = 0;

  if (argc != 3) {
    fprintf(stderr, "usage: %s DICT.dic WORDS\n", argv[0]);
    return 2;
  }
  dict = hnj_hyphen_load(argv[1]);
  if (dict == NULL) {
    fprintf(stderr, "%s: cannot load %s\n", argv[0], argv[1]);
    return 1;
  }
  text = read_all(argv[2], &size);
  out = malloc(sizeof *out);
  if (text == NULL || out == NULL) {
    fprintf(stderr, "%s: cannot read %s\n", argv[0], argv[2]);
    return 1;
  }
  out->used = 0;
  for (line = text, end = text + size; line < end && status == 0;) {
    char *newline = memchr(line, '\n', (size_t)(end - line));
    size_t n = (size_t)((newline != NULL ? newline : end) - line);
    char **rep = NULL;
    int *pos = NULL, *cut = NULL;
    size_t i;
    if (n > 0 && line[n - 1] == '\r') n--;
    /* libhyphen reads the word up to its '\0' (NOHYPHEN's strstr, the minimums), so each
     * word ends in one, written over its line end. */
    line[n] = '\0';
    if (n > 0) {
      for (i = 0; i < n; i++)
        if (line[i] >= 'A' && line[i] <= 'Z') line[i] = (char)(line[i] - 'A' + 'a');
      if (n + 5 > capacity) {
        capacity = 2 * n + 5;
        free(hyphens);
        free(hyphword);
        hyphens = malloc(capacity);
        hyphword = malloc(2 * capacity);
        if (hyphens == NULL || hyphword == NULL) return 1;
      }
      hnj_hyphen_hyphenate2(dict, line, (int)n, hyphens, hyphword, &rep, &pos, &cut);
      if (rep != NULL) {
        for (i = 0; i < n; i++) free(rep[i]);
        free(rep);
      }
      free(pos);
      free(cut);
      if (put(out, hyphword, strlen(hyphword)) != 0 || put(out, "\n", 1) != 0) status = 1;
    }
    line = newline != NULL ? newline + 1 : end;
  }
  if (status == 0 && flush_output(out) != 0) status = 1;
  free(out);
  free(hyphens);
  free(hyphword);
  free(text);
  hnj_hyphen_free(dict);
  return status;
}
