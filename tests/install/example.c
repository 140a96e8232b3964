#include <hyph/hyph.h>
#include <stdio.h>

int main(void) {
  hyph_hyphenator* h = NULL;
  hyph_error* error = NULL;
  if (hyph_load_language("en-us", NULL, 0, NULL, &h, &error) != HYPH_OK) {
    fprintf(stderr, "%s\n", error->message);
    hyph_error_free(error);
    return 1;
  }
  char out[64];
  hyph_hyphenated(h, "hyphenation", 11, "-", out, sizeof out);
  puts(out); /* hy-phen-ation */
  hyph_free(h);
  return 0;
}
