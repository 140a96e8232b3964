// The C API's options beyond TeX's (normalization, exception stores), streaming and user
// dictionaries, each against the C++ API's answers. (The struct_size rule: options_test.cpp.)
#include "support.h"
#include "../common/lines.h"

#include <hyph/hyphenator.h>
#include <hyph/languages.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

using capi::Loaded;

namespace {

std::vector<std::size_t> breaks_of(const hyph_hyphenator* h, std::string_view text) {
  std::vector<std::size_t> out(hyph_hyphenate(h, text.data(), text.size(), nullptr, 0));
  hyph_hyphenate(h, text.data(), text.size(), out.data(), out.size());
  return out;
}

void append_to(void* context, const char* bytes, size_t length) { static_cast<std::string*>(context)->append(bytes, length); }

}  // namespace

TEST_CASE("hyph_options: normalization") {
  // "résumé" decomposed: NFC makes the patterns see "é".
  const std::string decomposed = "re\xCC\x81sume\xCC\x81";
  Loaded plain, nfc;
  hyph_options with_nfc;
  hyph_options_init(&with_nfc, sizeof with_nfc);
  with_nfc.normalization = HYPH_NORMALIZE_NFC;
  const char* dirs[] = {HYPH_SOURCE_DIR "/patterns/data/hyph-utf8/txt"};
  REQUIRE(hyph_load_language("fr", dirs, 1, nullptr, &plain.h, nullptr) == HYPH_OK);
  REQUIRE(hyph_load_language("fr", dirs, 1, &with_nfc, &nfc.h, nullptr) == HYPH_OK);
  CHECK(hyph_normalization_of(plain) == HYPH_NORMALIZE_NONE);
  CHECK(hyph_normalization_of(nfc) == HYPH_NORMALIZE_NFC);
  hyph::Settings settings;
  settings.normalization = hyph::Normalization::nfc;
  hyph::LanguageSearch search;
  search.directories = {dirs[0]};
  const hyph::Hyphenator cpp = hyph::load_language("fr", settings, {}, search);
  std::vector<std::size_t> expected(cpp.hyphenate(decomposed, {}));
  cpp.hyphenate(decomposed, expected);
  CHECK(breaks_of(nfc, decomposed) == expected);

  hyph_options bad = with_nfc;
  bad.normalization = 7;
  capi::ErrorHolder bad_error;
  Loaded none;
  CHECK(hyph_load_files(nullptr, 0, &bad, &none.h, &bad_error) == HYPH_ERROR_INVALID_ARGUMENT);
}

TEST_CASE("hyph_options: an exception store answers as its source would") {
  const char* store = HYPH_TEST_STORE;
  const char* source = HYPH_SOURCE_DIR "/patterns/data/ushyphex.tex";
  hyph_options o;
  hyph_options_init(&o, sizeof o);
  o.exception_stores = &store;
  o.exception_store_count = 1;
  Loaded with_store, with_source, from_sources;
  REQUIRE(hyph_load_english(nullptr, 0, &o, &with_store.h, nullptr) == HYPH_OK);
  REQUIRE(hyph_load_english(&source, 1, nullptr, &with_source.h, nullptr) == HYPH_OK);
  const std::string text = "hyphenation acknowledgement philanthropic manuscript";
  CHECK(breaks_of(with_store, text) == breaks_of(with_source, text));
  // The same over other sources: files, and sources in memory.
  const char* tiny = HYPH_SOURCE_DIR "/tests/data/compiled/tiny.tex";
  const char* both[] = {tiny, source};
  Loaded from_files, files_plain;
  REQUIRE(hyph_load_files(&tiny, 1, &o, &from_files.h, nullptr) == HYPH_OK);
  REQUIRE(hyph_load_files(both, 2, nullptr, &files_plain.h, nullptr) == HYPH_OK);
  CHECK(hyph_exception_count(from_files) == hyph_exception_count(files_plain));
  CHECK(breaks_of(from_files, text) == breaks_of(files_plain, text));
  const std::string tex = "\\patterns{1ba}";
  const hyph_source src{"tiny", tex.data(), tex.size(), HYPH_FORMAT_TEX};
  REQUIRE(hyph_load_sources(&src, 1, &o, &from_sources.h, nullptr) == HYPH_OK);
  CHECK(hyph_exception_count(from_sources) > 1000);

  // Not on a compiled file.
  Loaded compiled;
  capi::ErrorHolder error;
  CHECK(hyph_load_compiled(HYPH_SOURCE_DIR "/tests/data/compiled/tiny.hyb", &o, &compiled.h, &error) != HYPH_OK);
  hyph_options_init(&o, sizeof o);
  const char* missing = "/nonexistent/x.hyphstore";
  o.exception_stores = &missing;
  o.exception_store_count = 1;
  capi::ErrorHolder io;
  CHECK(hyph_load_english(nullptr, 0, &o, &compiled.h, &io) == HYPH_ERROR_IO);
}

TEST_CASE("hyph_stream: the output of hyph_hyphenated, fed a byte at a time") {
  Loaded h;
  REQUIRE(hyph_load_english(nullptr, 0, nullptr, &h.h, nullptr) == HYPH_OK);
  const std::string text = "Hyphenation of\ttypeset  paragraphs\nwell-known e-mail " + std::string(70000, 'x') + "-y end";
  std::string out;
  hyph_stream* s = nullptr;
  REQUIRE(hyph_stream_new(h, "=", append_to, &out, &s, nullptr) == HYPH_OK);
  for (char c : text) REQUIRE(hyph_stream_write(s, &c, 1, nullptr) == HYPH_OK);
  CHECK(hyph_stream_flush(s, nullptr) == HYPH_OK);
  CHECK(hyph_stream_finish(s, nullptr) == HYPH_OK);
  hyph_stream_free(s);
  std::string expected(hyph_hyphenated(h, text.data(), text.size(), "=", nullptr, 0) + 1, '\0');
  expected.resize(hyph_hyphenated(h, text.data(), text.size(), "=", expected.data(), expected.size()));
  CHECK(out == expected);

  capi::ErrorHolder error;
  hyph_stream* none = nullptr;
  CHECK(hyph_stream_new(h, nullptr, nullptr, nullptr, &none, &error) == HYPH_ERROR_INVALID_ARGUMENT);
  CHECK(none == nullptr);
  CHECK(hyph_stream_write(nullptr, "a", 1, nullptr) == HYPH_ERROR_INVALID_ARGUMENT);
  hyph_stream_free(nullptr);
}

TEST_CASE("hyph_dictionary: add, remove, hyphenate, errors, for every filter kind") {
  Loaded h;
  REQUIRE(hyph_load_english(nullptr, 0, nullptr, &h.h, nullptr) == HYPH_OK);
  for (int kind = HYPH_FILTER_NONE; kind <= HYPH_FILTER_COUNTING_QUOTIENT; ++kind) {
    CAPTURE(kind);
    hyph_dictionary* d = nullptr;
    REQUIRE(hyph_dictionary_new(h, kind, 0.01, &d, nullptr) == HYPH_OK);
    int was_new = -1, was_there = -1;
    CHECK(hyph_dictionary_add(d, "hyphena-tion", 12, &was_new, nullptr) == HYPH_OK);
    CHECK(was_new == 1);
    CHECK(hyph_dictionary_add(d, "hy-phena-tion", 13, &was_new, nullptr) == HYPH_OK);
    CHECK(was_new == 0);
    CHECK(hyph_dictionary_size(d) == 1);
    std::size_t breaks[4], count = 0;
    CHECK(hyph_dictionary_hyphenate(d, "Hyphenation", 11, breaks, 4, &count, nullptr) == HYPH_OK);
    CHECK(count == 2);
    CHECK(breaks[0] == 2);
    CHECK(breaks[1] == 7);
    CHECK(hyph_dictionary_remove(d, "hyphenation", 11, &was_there, nullptr) == HYPH_OK);
    CHECK(was_there == 1);
    CHECK(hyph_dictionary_hyphenate(d, "hyphenation", 11, breaks, 4, &count, nullptr) == HYPH_OK);
    CHECK(count == 2);
    CHECK(breaks[1] == 6);  // the patterns again: hy-phen-ation
    capi::ErrorHolder error;
    CHECK(hyph_dictionary_add(d, "--", 2, nullptr, &error) == HYPH_ERROR_INVALID_ARGUMENT);
    capi::ErrorHolder utf8;
    CHECK(hyph_dictionary_add(d, "\xFF", 1, nullptr, &utf8) == HYPH_ERROR_BAD_UTF8);
    hyph_dictionary_free(d);
  }
  hyph_dictionary* d = nullptr;
  CHECK(hyph_dictionary_new(h, 99, 0.01, &d, nullptr) == HYPH_ERROR_INVALID_ARGUMENT);
  CHECK(hyph_dictionary_new(h, HYPH_FILTER_BLOOM, 2.0, &d, nullptr) == HYPH_ERROR_INVALID_ARGUMENT);
  CHECK(d == nullptr);
  CHECK(hyph_dictionary_size(nullptr) == 0);
  hyph_dictionary_free(nullptr);
}

TEST_CASE("hyph_explain: the C++ API's lines, each ending in a line feed") {
  Loaded english;
  REQUIRE(hyph_load_english(nullptr, 0, nullptr, &english.h, nullptr) == HYPH_OK);
  const std::string text = "Hyphenation table, well-known (algebraically)";
  std::string want;
  for (const hyph::WordExplanation& w : hyph::Hyphenator::english().explain(text)) want.append(hyph::to_text(w)).append("\n");
  std::size_t needed = 0;
  REQUIRE(hyph_explain(english.h, text.data(), text.size(), nullptr, 0, &needed, nullptr) == HYPH_OK);
  CHECK(needed == want.size());
  std::string got(needed + 1, '\0');
  REQUIRE(hyph_explain(english.h, text.data(), text.size(), got.data(), got.size(), &needed, nullptr) == HYPH_OK);
  got.resize(needed);
  CHECK(got == want);
  CHECK(std::count(got.begin(), got.end(), '\n') == 4);
}
