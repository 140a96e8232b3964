/* The C API's exception stores from C99: write a store from a source in memory and a word
 * pair, open it, read its info, find and list its words. Exit status 0 if every check passed. */
#include <hyph/hyph.h>

#include <stdio.h>
#include <string.h>

static int failures = 0;

#include "c_check.h"

static int count_words(void* context, const char* word, size_t word_length, uint64_t breaks, const char* hyphenated,
                       size_t hyphenated_length) {
  (void)word;
  (void)breaks;
  (void)hyphenated;
  if (hyphenated_length > word_length) ++*(int*)context;
  return 0;
}

int main(void) {
  static const char words[] = "hy-phen-ation\nta-ble\n";
  hyph_source source;
  hyph_store_source_counts counts;
  hyph_store_writer* writer = NULL;
  hyph_store* store = NULL;
  hyph_store_info info;
  hyph_error* err = NULL;
  char out[32];
  char path[64];
  int hyphenated_words = 0;

  snprintf(path, sizeof path, "c-store-test-%ld.hyphstore", (long)sizeof(hyph_store_info));
  source.name = "words.hyp.txt";
  source.bytes = words;
  source.length = sizeof words - 1;
  source.format = HYPH_FORMAT_EXCEPTION_LIST;
  memset(&counts, 0, sizeof counts);
  counts.struct_size = sizeof counts;

  CHECK(hyph_store_writer_new(&writer, &err) == HYPH_OK);
  if (!writer) return 1;
  CHECK(hyph_store_writer_add_source(writer, &source, &counts, &err) == HYPH_OK);
  CHECK(counts.words == 2);
  CHECK(hyph_store_writer_add_pair(writer, "Tables", 6, "tab-les", 7, "house.tsv", 1, &err) == HYPH_OK);
  CHECK(hyph_store_writer_size(writer) == 3);
  CHECK(hyph_store_writer_add_pair(writer, "chair", 5, "cha-irs", 7, "house.tsv", 2, &err) == HYPH_ERROR_PARSE);
  CHECK(err != NULL && err->line == 2 && err->column == 7);
  hyph_error_free(err);
  err = NULL;
  CHECK(hyph_store_writer_write(writer, path, &err) == HYPH_OK);
  hyph_store_writer_free(writer);

  CHECK(hyph_store_open(path, &store, &err) == HYPH_OK);
  if (!store) return 1;
  memset(&info, 0, sizeof info);
  info.struct_size = sizeof info;
  CHECK(hyph_store_get_info(store, &info, &err) == HYPH_OK);
  CHECK(info.words == 3);
  CHECK(info.format_version == 1);
  CHECK(hyph_store_find(store, "tables", 6, out, sizeof out) == 7);
  CHECK(strcmp(out, "tab-les") == 0);
  CHECK(hyph_store_find(store, "chair", 5, out, sizeof out) == 0);
  CHECK(hyph_store_for_each(store, count_words, &hyphenated_words, &err) == HYPH_OK);
  CHECK(hyphenated_words == 3);
  hyph_store_free(store);
  remove(path);
  return failures == 0 ? 0 : 1;
}
