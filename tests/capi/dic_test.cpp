// The C API of libhyphen's dialect beyond loading: the choice of minimums
// (hyph_options.dic_minimums, for hyph_load_dic and hyph_load_dic_memory) and the breaks of one word
// cut by the caller (hyph_word_breaks), each against the C++ API's answers.
#include "support.h"

#include <hyph/hyphenator.h>

#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using capi::ErrorHolder;
using capi::Loaded;

namespace {

const std::string kData = HYPH_SOURCE_DIR "/patterns/data/dic/";

std::vector<hyph_break> word_breaks_of(const hyph_hyphenator* h, std::string_view word) {
  std::vector<hyph_break> out(hyph_word_breaks(h, word.data(), word.size(), nullptr, 0));
  CHECK(hyph_word_breaks(h, word.data(), word.size(), out.data(), out.size()) == out.size());
  return out;
}

std::vector<std::size_t> offsets(const std::vector<hyph_break>& breaks) {
  std::vector<std::size_t> out;
  for (const hyph_break& b : breaks) out.push_back(b.offset);
  return out;
}

std::vector<std::size_t> cxx_word_offsets(const hyph::Hyphenator& h, std::string_view word) {
  std::vector<hyph::Break> found(h.word_breaks(word, {}));
  h.word_breaks(word, found);
  std::vector<std::size_t> out;
  for (const hyph::Break& b : found) out.push_back(b.offset);
  return out;
}

// The options `s` (NULL: the defaults) with hyph_options.dic_minimums set to `dic_minimums`.
hyph_options with_minimums(const hyph_options* s, int dic_minimums) {
  hyph_options o = s ? *s : capi::settings();
  o.dic_minimums = dic_minimums;
  return o;
}

hyph_status load_dic_with(const char* path, const hyph_options* s, int dic_minimums, hyph_hyphenator** out,
                          hyph_error** error) {
  const hyph_options o = with_minimums(s, dic_minimums);
  return hyph_load_dic(path, &o, out, error);
}

hyph_status load_dic_memory_with(const char* bytes, std::size_t length, const char* name, const hyph_options* s,
                                 int dic_minimums, hyph_hyphenator** out, hyph_error** error) {
  const hyph_options o = with_minimums(s, dic_minimums);
  return hyph_load_dic_memory(bytes, length, name, &o, out, error);
}

Loaded load_dic(const std::string& path, const hyph_options* s, int dic_minimums) {
  Loaded h;
  ErrorHolder error;
  CHECK(load_dic_with(path.c_str(), s, dic_minimums, &h.h, &error) == HYPH_OK);
  CHECK(error.e == nullptr);
  return Loaded(std::exchange(h.h, nullptr));
}

}  // namespace

TEST_CASE("hyph_options.dic_minimums: libhyphen's rule or the caller's minimums") {
  const std::string en = kData + "hyph_en_US.dic";  // LEFTHYPHENMIN 2, RIGHTHYPHENMIN 3
  const hyph_options ones = capi::settings(1, 1);
  const Loaded larger = load_dic(en, &ones, HYPH_DIC_MINIMUMS_LARGER);
  CHECK(hyph_left_min(larger) == 2);
  CHECK(hyph_right_min(larger) == 3);
  const Loaded own = load_dic(en, &ones, HYPH_DIC_MINIMUMS_SETTINGS);
  CHECK(hyph_left_min(own) == 1);
  CHECK(hyph_right_min(own) == 1);
  CHECK(hyph_dialect_of(own) == HYPH_DIALECT_LIBHYPHEN);

  // The same answers as the C++ API with Settings::dic_minimums.
  hyph::Settings settings;
  settings.left_min = 1;
  settings.right_min = 1;
  settings.dic_minimums = hyph::DicMinimums::settings_only;
  const hyph::Hyphenator cxx = hyph::Hyphenator::load_dic(en, settings);
  for (const std::string_view word : {"academy", "hyphenation", "ionization", "a"}) {
    CAPTURE(word);
    CHECK(offsets(word_breaks_of(own, word)) == cxx_word_offsets(cxx, word));
  }
  CHECK(offsets(word_breaks_of(own, "academy")).size() > offsets(word_breaks_of(larger, "academy")).size());

  // hyph_options_init gives HYPH_DIC_MINIMUMS_LARGER; unset minimums with the caller's rule are 2.
  Loaded plain;
  REQUIRE(hyph_load_dic(en.c_str(), &ones, &plain.h, nullptr) == HYPH_OK);
  CHECK(hyph_right_min(plain) == 3);
  const Loaded unset = load_dic(en, nullptr, HYPH_DIC_MINIMUMS_SETTINGS);
  CHECK(hyph_left_min(unset) == 2);
  CHECK(hyph_right_min(unset) == 2);
}

TEST_CASE("hyph_warning: what a load accepted but warns about") {
  const std::string garbage = "garbage\nhello world\n";
  Loaded h;
  REQUIRE(hyph_load_dic_memory(garbage.data(), garbage.size(), "g.dic", nullptr, &h.h, nullptr) == HYPH_OK);
  REQUIRE(hyph_warning_count(h) == 2);
  CHECK(std::string(hyph_warning(h, 0)).starts_with("g.dic:1:1: unknown charset 'garbage'"));
  CHECK(std::string(hyph_warning(h, 1)).starts_with("g.dic: no pattern with an odd digit"));
  CHECK(hyph_warning(h, 2) == nullptr);
  const std::string dic = "UTF-8\na1b\n";
  Loaded good;
  REQUIRE(hyph_load_dic_memory(dic.data(), dic.size(), "ab.dic", nullptr, &good.h, nullptr) == HYPH_OK);
  CHECK(hyph_warning_count(good) == 0);
  CHECK(hyph_warning(good, 0) == nullptr);
  CHECK(hyph_warning_count(nullptr) == 0);
  CHECK(hyph_warning(nullptr, 0) == nullptr);
}

TEST_CASE("hyph_load_dic_memory with dic_minimums: from memory, with the file's lines in messages") {
  const std::string dic = "UTF-8\nLEFTHYPHENMIN 3\nRIGHTHYPHENMIN 3\nNEXTLEVEL\na1b\n";
  const hyph_options ones = capi::settings(1, 1);
  Loaded h;
  REQUIRE(load_dic_memory_with(dic.data(), dic.size(), "ab.dic", &ones, HYPH_DIC_MINIMUMS_SETTINGS, &h.h,
                                             nullptr) == HYPH_OK);
  CHECK(offsets(word_breaks_of(h, "abab")) == std::vector<std::size_t>{1, 3});
  Loaded h3;
  REQUIRE(load_dic_memory_with(dic.data(), dic.size(), "ab.dic", &ones, HYPH_DIC_MINIMUMS_LARGER, &h3.h,
                                             nullptr) == HYPH_OK);
  CHECK(word_breaks_of(h3, "abab").empty());

  // A parse error keeps its line although the minimums' lines are left out.
  const std::string bad = "UTF-8\nLEFTHYPHENMIN 1\n\xff\xfe" "1c\n";
  ErrorHolder error;
  int placeholder = 0;
  hyph_hyphenator* none = reinterpret_cast<hyph_hyphenator*>(&placeholder);  // the call must set it to NULL
  CHECK(load_dic_memory_with(bad.data(), bad.size(), "bad.dic", nullptr, HYPH_DIC_MINIMUMS_SETTINGS, &none,
                                           &error) == HYPH_ERROR_PARSE);
  CHECK(none == nullptr);
  REQUIRE(error.e != nullptr);
  CHECK(error->line == 3);
  CHECK(std::string(error->file) == "bad.dic");
}

TEST_CASE("hyph_load_dic: bad dic_minimums and other bad arguments are HYPH_ERROR_INVALID_ARGUMENT") {
  const std::string en = kData + "hyph_en_US.dic";
  for (const int bad : {-1, 2, 100}) {
    Loaded h;
    ErrorHolder error;
    CHECK(load_dic_with(en.c_str(), nullptr, bad, &h.h, &error) == HYPH_ERROR_INVALID_ARGUMENT);
    CHECK(h.h == nullptr);
    REQUIRE(error.e != nullptr);
    CHECK(std::strstr(error->message, "dic_minimums") != nullptr);
  }
  ErrorHolder error;
  CHECK(load_dic_with(nullptr, nullptr, HYPH_DIC_MINIMUMS_LARGER, nullptr, &error) ==
        HYPH_ERROR_INVALID_ARGUMENT);
  Loaded h;
  ErrorHolder missing;
  CHECK(load_dic_with("/nonexistent/hyph_xx.dic", nullptr, HYPH_DIC_MINIMUMS_SETTINGS, &h.h, &missing) ==
        HYPH_ERROR_IO);
  REQUIRE(missing.e != nullptr);
  CHECK(std::strstr(missing->message, "/nonexistent/hyph_xx.dic") != nullptr);
  const hyph_options uchyph0 = capi::settings(HYPH_MIN_DEFAULT, HYPH_MIN_DEFAULT, 0);
  ErrorHolder tex_setting;
  CHECK(load_dic_with(en.c_str(), &uchyph0, HYPH_DIC_MINIMUMS_SETTINGS, &h.h, &tex_setting) ==
        HYPH_ERROR_INVALID_ARGUMENT);
  CHECK(h.h == nullptr);
}

TEST_CASE("hyph_word_breaks: the word whole, as Hyphenator::word_breaks") {
  const std::string nl = kData + "hyph_nl_NL.dic";
  Loaded h;
  REQUIRE(hyph_load_dic(nl.c_str(), nullptr, &h.h, nullptr) == HYPH_OK);
  const hyph::Hyphenator cxx = hyph::Hyphenator::load_dic(nl);
  for (const std::string_view word : {"3d-printertjes", "printer.tjes", "PRINTERTJES", "n.b.", "a4-formaat", "x", ""}) {
    CAPTURE(word);
    CHECK(offsets(word_breaks_of(h, word)) == cxx_word_offsets(cxx, word));
  }
  // As a text the dot ends a word; taken whole it does not.
  CHECK(offsets(word_breaks_of(h, "printer.tjes")) == std::vector<std::size_t>{4, 8});
  // Over 200 characters: none, and nothing written.
  const std::string long_word(201, 'a');
  hyph_break sentinel{};
  sentinel.offset = 12345;
  CHECK(hyph_word_breaks(h, long_word.data(), long_word.size(), &sentinel, 1) == 0);
  CHECK(sentinel.offset == 12345);
  // snprintf-like: the total, the first `capacity` written; NULLs give 0.
  const std::vector<hyph_break> all = word_breaks_of(h, "printertjes");
  REQUIRE(all.size() >= 2);
  hyph_break first[1];
  CHECK(hyph_word_breaks(h, "printertjes", 11, first, 1) == all.size());
  CHECK(first[0].offset == all[0].offset);
  CHECK(hyph_word_breaks(h, "printertjes", 11, nullptr, 5) == all.size());
  CHECK(hyph_word_breaks(nullptr, "printertjes", 11, first, 1) == 0);
  CHECK(hyph_word_breaks(h, nullptr, 11, first, 1) == 0);
}

TEST_CASE("hyph_word_breaks: non-standard breaks as hyph_breaks gives them") {
  const std::string hu = kData + "hyph_hu_HU.dic";
  Loaded h;
  REQUIRE(hyph_load_dic(hu.c_str(), nullptr, &h.h, nullptr) == HYPH_OK);
  const std::vector<hyph_break> word = word_breaks_of(h, "kulissza");
  std::vector<hyph_break> text(hyph_breaks(h, "kulissza", 8, nullptr, 0));
  hyph_breaks(h, "kulissza", 8, text.data(), text.size());
  REQUIRE(word.size() == 2);
  REQUIRE(text.size() == 2);
  for (std::size_t i = 0; i < word.size(); ++i) {
    CHECK(word[i].offset == text[i].offset);
    CHECK(word[i].value == text[i].value);
    CHECK(word[i].replaced_before == text[i].replaced_before);
    CHECK(word[i].replaced_after == text[i].replaced_after);
    CHECK(std::string(word[i].before) == text[i].before);
    CHECK(std::string(word[i].after) == text[i].after);
  }
  CHECK(std::string(word[1].before) == "sz");
  CHECK(std::string(word[0].before).empty());  // NUL-terminated "" for a plain break
}

TEST_CASE("hyph_word_breaks_utf16: the UTF-8 word's breaks in code units") {
  const std::string hu = kData + "hyph_hu_HU.dic";
  Loaded h;
  REQUIRE(hyph_load_dic(hu.c_str(), nullptr, &h.h, nullptr) == HYPH_OK);
  const std::u16string word = u"kulissza";
  const auto* units = reinterpret_cast<const uint16_t*>(word.data());
  std::vector<hyph_break> found(hyph_word_breaks_utf16(h, units, word.size(), nullptr, 0));
  CHECK(hyph_word_breaks_utf16(h, units, word.size(), found.data(), found.size()) == found.size());
  const std::vector<hyph_break> bytes = word_breaks_of(h, "kulissza");
  REQUIRE(found.size() == bytes.size());
  for (std::size_t i = 0; i < found.size(); ++i) {
    CHECK(found[i].offset == bytes[i].offset);
    CHECK(found[i].replaced_before == bytes[i].replaced_before);
    CHECK(std::string(found[i].before) == bytes[i].before);
  }
  // U+00E1 is two bytes, one unit: "kálissza"'s second break is at unit 5.
  const std::u16string accented = u"k\u00e1lissza";
  std::vector<hyph_break> a(8);
  const std::size_t n =
      hyph_word_breaks_utf16(h, reinterpret_cast<const uint16_t*>(accented.data()), accented.size(), a.data(), a.size());
  const std::vector<hyph_break> a8 = word_breaks_of(h, "k\xc3\xa1lissza");
  REQUIRE(n == a8.size());
  for (std::size_t i = 0; i < n; ++i) CHECK(a[i].offset + 1 == a8[i].offset);
  CHECK(hyph_word_breaks_utf16(nullptr, units, word.size(), found.data(), found.size()) == 0);
  CHECK(hyph_word_breaks_utf16(h, nullptr, word.size(), found.data(), found.size()) == 0);
  CHECK(hyph_word_breaks_utf16(h, units, word.size(), nullptr, 3) == found.size());
}

TEST_CASE("hyph_word_breaks: TeX's dialect answers as hyph_breaks, however many breaks") {
  Loaded h;
  REQUIRE(hyph_load_english(nullptr, 0, nullptr, &h.h, nullptr) == HYPH_OK);
  CHECK(offsets(word_breaks_of(h, "hyphenation")) == std::vector<std::size_t>{2, 6});
  std::string many;
  for (int k = 0; k < 300; ++k) many += "hyphenation ";
  const std::vector<hyph_break> word = word_breaks_of(h, many);
  CHECK(word.size() == hyph_breaks(h, many.data(), many.size(), nullptr, 0));
  CHECK(word.size() == 600);
}
