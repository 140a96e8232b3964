/* The C API from C99: options beyond TeX's (normalization), a stream, a user dictionary. Exit
 * status 0 if every check passed. */
#include <hyph/hyph.h>

#include <stdio.h>
#include <string.h>

static int failures = 0;

#include "c_check.h"

struct buffer {
  char bytes[256];
  size_t length;
};

static void collect(void* context, const char* bytes, size_t length) {
  struct buffer* b = (struct buffer*)context;
  if (b->length + length < sizeof b->bytes) {
    memcpy(b->bytes + b->length, bytes, length);
    b->length += length;
    b->bytes[b->length] = '\0';
  }
}

int main(void) {
  hyph_options options;
  hyph_hyphenator* h = NULL;
  hyph_stream* stream = NULL;
  hyph_dictionary* dictionary = NULL;
  hyph_error* err = NULL;
  struct buffer out;
  size_t breaks[4];
  size_t count = 0;
  int was_new = 0;

  hyph_options_init(&options, sizeof options);
  CHECK(options.struct_size == sizeof options);
  options.normalization = HYPH_NORMALIZE_NFC;
  options.filter = HYPH_FILTER_NONE;
  CHECK(hyph_load_english(NULL, 0, &options, &h, &err) == HYPH_OK);
  CHECK(err == NULL);
  if (!h) return 1;
  CHECK(hyph_normalization_of(h) == HYPH_NORMALIZE_NFC);

  out.length = 0;
  out.bytes[0] = '\0';
  CHECK(hyph_stream_new(h, "-", collect, &out, &stream, NULL) == HYPH_OK);
  CHECK(hyph_stream_write(stream, "typeset para", 12, NULL) == HYPH_OK);
  CHECK(hyph_stream_write(stream, "graphs", 6, NULL) == HYPH_OK);
  CHECK(hyph_stream_finish(stream, NULL) == HYPH_OK);
  hyph_stream_free(stream);
  CHECK(strcmp(out.bytes, "type-set para-graphs") == 0);

  CHECK(hyph_dictionary_new(h, HYPH_FILTER_CUCKOO, 0.01, &dictionary, NULL) == HYPH_OK);
  CHECK(hyph_dictionary_add(dictionary, "ta-ble", 6, &was_new, NULL) == HYPH_OK);
  CHECK(was_new == 1);
  CHECK(hyph_dictionary_hyphenate(dictionary, "table", 5, breaks, 4, &count, NULL) == HYPH_OK);
  CHECK(count == 1 && breaks[0] == 2); /* the dictionary's break: ta-ble */
  CHECK(hyph_dictionary_size(dictionary) == 1);
  hyph_dictionary_free(dictionary);

  hyph_free(h);
  return failures == 0 ? 0 : 1;
}
