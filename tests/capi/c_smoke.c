/* The C API from C99: the header compiles as C with every warning, and the basic calls work.
 * Exit status 0 if every check passed. */
#include <hyph/hyph.h>

#include <stddef.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;

#include "c_check.h"

int main(void) {
  hyph_hyphenator* h = NULL;
  hyph_error* err = NULL;
  hyph_options settings;
  char out[64];
  size_t breaks[8];
  size_t n;
  static const uint16_t text16[] = {0xD83D, 0xDE00, 'h', 'y', 'p', 'h', 'e', 'n', 'a', 't', 'i', 'o', 'n', 0xDC00};
  hyph_source bad;

  CHECK(strcmp(hyph_version(), HYPH_VERSION_STRING) == 0);
  CHECK(hyph_version_number() == HYPH_VERSION_NUMBER);

  /* The embedded English, default settings. */
  CHECK(hyph_load_english(NULL, 0, NULL, &h, &err) == HYPH_OK);
  CHECK(err == NULL);
  if (!h) return 1;
  n = hyph_hyphenate(h, "hyphenation", 11, breaks, 8);
  CHECK(n == 2 && breaks[0] == 2 && breaks[1] == 6);
  CHECK(hyph_hyphenated(h, "typeset paragraphs", 18, "-", out, sizeof out) == 20);
  CHECK(strcmp(out, "type-set para-graphs") == 0);
  CHECK(hyph_hyphenated(h, "hyphenation", 11, "-", out, 5) == 13); /* too small: truncated */
  CHECK(strcmp(out, "hy-p") == 0);
  /* UTF-16: an emoji (two units) before the word, an unpaired surrogate after it. */
  n = hyph_hyphenate_utf16(h, text16, sizeof text16 / sizeof text16[0], breaks, 8);
  CHECK(n == 2 && breaks[0] == 4 && breaks[1] == 8);
  hyph_free(h);
  h = NULL;

  /* Settings: minimums 1 and 1. */
  hyph_options_init(&settings, sizeof settings);
  CHECK(settings.left_min == HYPH_MIN_DEFAULT);
  settings.left_min = 1;
  settings.right_min = 1;
  settings.filter = HYPH_FILTER_BLOOM;
  CHECK(hyph_load_english(NULL, 0, &settings, &h, NULL) == HYPH_OK);
  CHECK(hyph_left_min(h) == 1);
  CHECK(hyph_hyphenated(h, "hyphenation", 11, "=", out, sizeof out) == 13);
  CHECK(strcmp(out, "hy=phen=ation") == 0);
  hyph_free(h);
  h = NULL;

  /* An error with its location. */
  bad.name = "bad.pat.txt";
  bad.bytes = "ab\nc12d\n";
  bad.length = strlen(bad.bytes);
  bad.format = HYPH_FORMAT_DETECT;
  CHECK(hyph_load_sources(&bad, 1, NULL, &h, &err) == HYPH_ERROR_PARSE);
  CHECK(h == NULL);
  CHECK(err != NULL);
  if (err) {
    CHECK(err->code == HYPH_ERROR_PARSE);
    CHECK(strcmp(err->file, "bad.pat.txt") == 0);
    CHECK(err->line == 2 && err->column == 3);
    CHECK(strncmp(err->message, "bad.pat.txt:2:3: ", 17) == 0);
    hyph_error_free(err);
  }
  CHECK(strcmp(hyph_status_string(HYPH_ERROR_IO), "I/O error") == 0);

  /* What a file holds: a compiled file's magic number, in memory; a missing file is an error. */
  {
    static const char tex_magic[] = "\x89HYB\r\n\x1A\n";
    static const char dic_magic[] = "\x89HYD\r\n\x1A\n";
    int kind = -1;
    CHECK(hyph_probe_memory(tex_magic, 8) == HYPH_FILE_COMPILED_TEX);
    CHECK(hyph_probe_memory(dic_magic, 8) == HYPH_FILE_COMPILED_DIC);
    CHECK(hyph_probe_memory("\\patterns{1ba}", 14) == HYPH_FILE_OTHER);
    CHECK(hyph_probe_file("/nonexistent/x.hyb", &kind, &err) == HYPH_ERROR_IO);
    CHECK(kind == -1 && err != NULL);
    hyph_error_free(err);
    err = NULL;
  }

  /* Options from an older header: struct_size covers the minimums alone. */
  hyph_options_init(&settings, sizeof settings);
  settings.left_min = 1;
  settings.right_min = 1;
  settings.struct_size = offsetof(hyph_options, uchyph);
  settings.letters = 12345; /* past struct_size: not read */
  CHECK(hyph_load_english(NULL, 0, &settings, &h, NULL) == HYPH_OK);
  CHECK(hyph_left_min(h) == 1 && hyph_letters(h) == HYPH_LETTERS_PATTERN);
  hyph_free(h);
  h = NULL;

  if (failures == 0) printf("c-smoke: all checks passed\n");
  return failures == 0 ? 0 : 1;
}
