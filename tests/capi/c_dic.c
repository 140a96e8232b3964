/* libhyphen's dialect and the break model through the C API, compiled as C99:
 * hyph_load_dic, hyph_load_dic_memory, hyph_dialect_of, hyph_breaks (UTF-8 and UTF-16),
 * hyph_hyphenated_spelling, hyph_options.dic_minimums, hyph_word_breaks, and the existing
 * calls on a .dic hyphenator.
 *   c-dic PATH/hyph_hu_HU.dic */
#include <hyph/hyph.h>

#include <stdint.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
#include "c_check.h"

int main(int argc, char** argv) {
  hyph_hyphenator* h = NULL;
  hyph_error* error = NULL;
  hyph_break b[8];
  char out[64];
  size_t n;
  if (argc < 2) return 2;

  CHECK(hyph_load_dic(argv[1], NULL, &h, &error) == HYPH_OK);
  CHECK(error == NULL);
  if (!h) return 1;
  CHECK(hyph_dialect_of(h) == HYPH_DIALECT_LIBHYPHEN);
  CHECK(hyph_dialect_of(NULL) == -1);

  /* kulissza: ku|lis|sza, the second break spelled "kulisz-sza" */
  n = hyph_breaks(h, "kulissza", 8, b, 8);
  CHECK(n == 2);
  CHECK(b[0].offset == 2 && b[0].value % 2 == 1 && b[0].replaced_before == 0 && b[0].before_length == 0);
  CHECK(b[1].offset == 5 && b[1].replaced_before == 1 && b[1].replaced_after == 0);
  CHECK(b[1].before_length == 2 && strcmp(b[1].before, "sz") == 0 && b[1].after_length == 0 && strcmp(b[1].after, "") == 0);
  CHECK(hyph_breaks(h, "kulissza", 8, NULL, 0) == 2); /* snprintf-like */
  CHECK(hyph_breaks(h, "kulissza", 8, b, 1) == 2);

  /* hyph_explain: doc/explain.md's line, snprintf-like */
  {
    char line[512];
    size_t needed = 0;
    CHECK(hyph_explain(h, "kulissza", 8, line, sizeof line, &needed, &error) == HYPH_OK && error == NULL);
    CHECK(needed == strlen(line) && line[needed - 1] == '\n');
    {
      const char* head = "kulissza\tat=0\tword=kulissza\tanswer=patterns\t";
      CHECK(strncmp(line, head, strlen(head)) == 0);
    }
    CHECK(strstr(line, "\tbreaks=2 5:1:0:sz=\t") != NULL && strstr(line, "\tspelled=ku-lisz-sza\t") != NULL);
    CHECK(strstr(line, "2:kulis5s1za/sz=,5,1@0") != NULL);
    CHECK(hyph_explain(h, "kulissza", 8, NULL, 0, &needed, NULL) == HYPH_OK && needed == strlen(line));
    CHECK(hyph_explain(h, "kulissza", 8, out, 9, NULL, NULL) == HYPH_OK && strcmp(out, "kulissza") == 0);
    CHECK(hyph_explain(NULL, "kulissza", 8, out, sizeof out, &needed, &error) == HYPH_ERROR_INVALID_ARGUMENT && error != NULL);
    hyph_error_free(error);
    error = NULL;
    CHECK(hyph_explain(h, NULL, 0, line, sizeof line, &needed, NULL) == HYPH_OK && needed == 0 && line[0] == '\0');
  }

  {
    const uint16_t text[] = {'K', 'u', 'l', 'i', 's', 's', 'z', 'a'};
    n = hyph_breaks_utf16(h, text, 8, b, 8);
    CHECK(n == 2 && b[1].offset == 5 && b[1].replaced_before == 1 && strcmp(b[1].before, "sz") == 0);
  }

  n = hyph_hyphenated(h, "A kulissza.", 11, "=", out, sizeof out);
  CHECK(n == 13 && strcmp(out, "A ku=lis=sza.") == 0);
  n = hyph_hyphenated_spelling(h, "A kulissza.", 11, "=", out, sizeof out);
  CHECK(n == 14 && strcmp(out, "A ku=lisz=sza.") == 0);
  n = hyph_hyphenated_spelling(h, "A kulissza.", 11, NULL, out, 5);
  CHECK(n == 14 && strcmp(out, "A ku") == 0);
  {
    size_t offsets[4];
    CHECK(hyph_hyphenate(h, "kulissza/kulissza", 17, offsets, 4) == 4);
    CHECK(offsets[2] == 11 && offsets[3] == 14);
  }
  hyph_free(h);

  /* from memory; minimums; errors */
  {
    const char dic[] = "UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\nNEXTLEVEL\na1b\n";
    hyph_options s;
    hyph_options_init(&s, sizeof s);
    CHECK(hyph_load_dic_memory(dic, strlen(dic), "ab.dic", &s, &h, &error) == HYPH_OK);
    n = hyph_hyphenated(h, "abab", 4, "-", out, sizeof out);
    CHECK(strcmp(out, "a-ba-b") == 0);
    hyph_free(h);
    s.left_min = 2;
    CHECK(hyph_load_dic_memory(dic, strlen(dic), "ab.dic", &s, &h, &error) == HYPH_OK);
    n = hyph_hyphenated(h, "abab", 4, "-", out, sizeof out);
    CHECK(strcmp(out, "aba-b") == 0); /* the break after one letter goes */
    hyph_free(h);
    s.left_min = HYPH_MIN_DEFAULT;
    s.uchyph = 0;
    CHECK(hyph_load_dic_memory(dic, strlen(dic), "ab.dic", &s, &h, &error) == HYPH_ERROR_INVALID_ARGUMENT);
    CHECK(h == NULL && error != NULL);
    hyph_error_free(error);
    error = NULL;
  }
  /* the caller's minimums alone (pyphen's rule), and one word taken whole */
  {
    const char dic[] = "UTF-8\nLEFTHYPHENMIN 3\nRIGHTHYPHENMIN 3\nNEXTLEVEL\na1b\n";
    hyph_options s;
    hyph_options_init(&s, sizeof s);
    s.left_min = 1;
    s.right_min = 1;
    s.dic_minimums = HYPH_DIC_MINIMUMS_SETTINGS;
    CHECK(hyph_load_dic_memory(dic, strlen(dic), "ab.dic", &s, &h, &error) == HYPH_OK);
    CHECK(hyph_left_min(h) == 1 && hyph_right_min(h) == 1);
    n = hyph_word_breaks(h, "ab.ab", 5, b, 8);
    CHECK(n == 2 && b[0].offset == 1 && b[1].offset == 4); /* the dot belongs to the word */
    CHECK(hyph_hyphenate(h, "ab.ab", 5, NULL, 0) == 2);
    {
      const uint16_t units[] = {'a', 0x00E9, '.', 'a', 'b'}; /* U+00E9 is not a letter of the patterns */
      const uint16_t ab[] = {'a', 'b', '.', 'a', 'b'};
      CHECK(hyph_word_breaks_utf16(h, ab, 5, b, 8) == 2 && b[0].offset == 1 && b[1].offset == 4);
      CHECK(hyph_word_breaks_utf16(h, units, 5, b, 8) == 1 && b[0].offset == 4);
    }
    hyph_free(h);
    s.dic_minimums = HYPH_DIC_MINIMUMS_LARGER;
    CHECK(hyph_load_dic_memory(dic, strlen(dic), "ab.dic", &s, &h, &error) == HYPH_OK);
    CHECK(hyph_word_breaks(h, "abab", 4, b, 8) == 0);
    hyph_free(h);
    s.dic_minimums = 7;
    CHECK(hyph_load_dic(argv[1], &s, &h, &error) == HYPH_ERROR_INVALID_ARGUMENT);
    CHECK(h == NULL && error != NULL);
    hyph_error_free(error);
    error = NULL;
  }
  CHECK(hyph_load_dic("/nonexistent/hyph_xx.dic", NULL, &h, &error) == HYPH_ERROR_IO);
  CHECK(error != NULL && strstr(error->message, "/nonexistent/hyph_xx.dic") != NULL);
  hyph_error_free(error);
  error = NULL;
  CHECK(hyph_load_dic_memory("UTF-8\na1b\n\xff\n", 12, "bad.dic", NULL, &h, &error) == HYPH_ERROR_PARSE);
  CHECK(error != NULL && error->line == 3);
  hyph_error_free(error);

  /* the TeX dialect reports values too */
  CHECK(hyph_load_english(NULL, 0, NULL, &h, NULL) == HYPH_OK);
  CHECK(hyph_dialect_of(h) == HYPH_DIALECT_TEX);
  n = hyph_breaks(h, "hyphenation", 11, b, 8);
  CHECK(n == 2 && b[0].value % 2 == 1 && b[1].value % 2 == 1 && b[0].replaced_before == 0 && strcmp(b[0].before, "") == 0);
  hyph_free(h);

  if (failures) fprintf(stderr, "%d failure(s)\n", failures);
  return failures ? 1 : 0;
}
