// The drop-in's own contract, beyond matching libhyphen's answers (hyphen-example,
// hyphen-dropin-live): the three loaders agree, what 2.8.8 would crash on is answered, buffers
// and ownership follow libhyphen's rules, and the two internals libhyphen.so.0 exports work on
// libhyph's dictionaries. Linked with the binding itself, so it also runs in sanitizer builds.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include "hyphen/libhyphen_private.h"
#include "../common/temp_dir.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace {

// The vendored copy of hyphen-hu's file: its non-standard breaks, whatever the machine has installed.
const char* const kHungarian = HYPH_SOURCE_DIR "/patterns/data/dic/hyph_hu_HU.dic";

std::string hyphenated2(HyphenDict* dict, const std::string& word) {
  std::string hyphens(word.size() + 5, '\0'), out(2 * word.size(), '\0');
  char** rep = nullptr;
  int* pos = nullptr;
  int* cut = nullptr;
  REQUIRE(hnj_hyphen_hyphenate2(dict, word.c_str(), static_cast<int>(word.size()), hyphens.data(), out.data(), &rep,
                                &pos, &cut) == 0);
  if (rep != nullptr)
    for (std::size_t i = 0; i < word.size(); ++i) std::free(rep[i]);
  std::free(rep);
  std::free(pos);
  std::free(cut);
  return out.c_str();
}

// The dictionary text from memory, a memory dictionary of its own.
const char kSmall[] =
    "UTF-8\n"
    "LEFTHYPHENMIN 1\n"
    "RIGHTHYPHENMIN 1\n"
    "% a comment\n"
    "1ba\n"
    "a1b\n";

}  // namespace

TEST_CASE("hnj_hyphen_load_data, _load_file and _load give the same dictionary") {
  HyphenDict* from_memory = hnj_hyphen_load_data(kSmall, sizeof kSmall - 1);
  REQUIRE(from_memory != nullptr);
  const test::TempDir dir;
  const auto path = dir / "hyphen-api-test.dic";
  {
    std::ofstream(path, std::ios::binary) << "ignored line\n" << kSmall;
  }
  std::FILE* f = std::fopen(path.c_str(), "rb");
  REQUIRE(f != nullptr);
  char skipped[64];
  REQUIRE(std::fgets(skipped, sizeof skipped, f) != nullptr);  // load_file reads from here on
  HyphenDict* from_file = hnj_hyphen_load_file(f);
  std::fclose(f);
  REQUIRE(from_file != nullptr);
  for (HyphenDict* d : {from_memory, from_file}) {
    CHECK(std::string(d->cset) == "UTF-8");
    CHECK(d->utf8 == 1);
    CHECK(d->num_states == 1);
    CHECK(d->states != nullptr);
    CHECK(d->states[0].num_trans == 0);
    CHECK(d->nextlevel == nullptr);
    CHECK(hyphenated2(d, "abab") == hyphenated2(from_memory, "abab"));
  }
  CHECK(hyphenated2(from_memory, "abab") == "a=ba=b");  // as libhyphen 2.8.8
  hnj_hyphen_free(from_memory);
  hnj_hyphen_free(from_file);
}

TEST_CASE("what libhyphen 2.8.8 loads without a word loads: an unknown charset, text that is no dictionary") {
  // libhyph warns about these (Hyphenator::warnings); the drop-in, like libhyphen, says nothing
  // and returns the dictionary, with the charset line as it is and utf8 0.
  const char unknown[] = "KOI-BOGUS\n1ba\n";
  HyphenDict* d = hnj_hyphen_load_data(unknown, sizeof unknown - 1);
  REQUIRE(d != nullptr);
  CHECK(std::string(d->cset) == "KOI-BOGUS");
  CHECK(d->utf8 == 0);
  hnj_hyphen_free(d);
  const char text[] = "garbage\nhello world\n";
  d = hnj_hyphen_load_data(text, sizeof text - 1);
  REQUIRE(d != nullptr);
  CHECK(std::string(d->cset) == "garbage");
  CHECK(hyphenated2(d, "hello") == "hello");
  hnj_hyphen_free(d);
}

TEST_CASE("what libhyphen 2.8.8 would crash on is answered") {
  CHECK(hnj_hyphen_load(nullptr) == nullptr);
  CHECK(hnj_hyphen_load("/nonexistent/hyph_xx.dic") == nullptr);
  CHECK(hnj_hyphen_load("/") == nullptr);  // a directory
  CHECK(hnj_hyphen_load_file(nullptr) == nullptr);
  CHECK(hnj_hyphen_load_data(nullptr, 5) == nullptr);
  hnj_hyphen_free(nullptr);
  char hyphens[16];
  CHECK(hnj_hyphen_hyphenate2(nullptr, "ab", 2, hyphens, nullptr, nullptr, nullptr, nullptr) == 1);
  HyphenDict* d = hnj_hyphen_load_data(kSmall, sizeof kSmall - 1);
  REQUIRE(d != nullptr);
  CHECK(hnj_hyphen_hyphenate2(d, nullptr, 2, hyphens, nullptr, nullptr, nullptr, nullptr) == 1);
  CHECK(hnj_hyphen_hyphenate2(d, "ab", -1, hyphens, nullptr, nullptr, nullptr, nullptr) == 1);
  // NULL rep/pos/cut (2.8.8 dereferences them): the standard breaks only.
  CHECK(hnj_hyphen_hyphenate2(d, "abab", 4, hyphens, nullptr, nullptr, nullptr, nullptr) == 0);
  CHECK(std::string(hyphens) == "1010");
  CHECK(hnj_hyphen_hyphenate3(d, "abab", 4, hyphens, nullptr, nullptr, nullptr, nullptr, 2, 2, 0, 0) == 0);
  CHECK(std::string(hyphens) == "0000");
  // A word of more than the stack's 256 bytes.
  const std::string long_word(1000, 'a');
  std::string h(long_word.size() + 5, '\0'), out(2 * long_word.size(), '\0');
  char** rep = nullptr;
  int* pos = nullptr;
  int* cut = nullptr;
  CHECK(hnj_hyphen_hyphenate2(d, long_word.c_str(), 1000, h.data(), out.data(), &rep, &pos, &cut) == 0);
  CHECK(std::string(out.c_str()) == long_word);
  CHECK(rep == nullptr);
  hnj_hyphen_free(d);
}

TEST_CASE("non-standard breaks: rep/pos/cut allocated by the call, freed by the caller") {
  HyphenDict* d = hnj_hyphen_load(kHungarian);
  REQUIRE(d != nullptr);
  const std::string word = "kulissza";
  std::string hyphens(word.size() + 5, '\0'), out(2 * word.size(), '\0');
  char** rep = nullptr;
  int* pos = nullptr;
  int* cut = nullptr;
  REQUIRE(hnj_hyphen_hyphenate3(d, word.c_str(), 8, hyphens.data(), out.data(), &rep, &pos, &cut, 2, 2, 2, 2) == 0);
  CHECK(std::string(out.c_str()) == "ku=lisz=sza");
  REQUIRE(rep != nullptr);
  REQUIRE(pos != nullptr);
  REQUIRE(cut != nullptr);
  REQUIRE(rep[4] != nullptr);
  CHECK(std::string(rep[4]) == "sz=");
  CHECK(pos[4] == 1);
  CHECK(cut[4] == 1);
  for (int i = 0; i < 8; ++i) std::free(rep[i]);
  std::free(rep);
  std::free(pos);
  std::free(cut);

  // Zeroed arrays of the caller's own are filled, not replaced.
  char* my_rep[8] = {};
  int my_pos[8] = {};
  int my_cut[8] = {};
  char** rp = my_rep;
  int* pp = my_pos;
  int* cp = my_cut;
  REQUIRE(hnj_hyphen_hyphenate2(d, word.c_str(), 8, hyphens.data(), nullptr, &rp, &pp, &cp) == 0);
  CHECK(rp == my_rep);
  REQUIRE(my_rep[4] != nullptr);
  CHECK(std::string(my_rep[4]) == "sz=");
  for (char* r : my_rep) std::free(r);
  hnj_hyphen_free(d);
}

TEST_CASE("hnj_hyphen_load_line sets the header fields; hnj_hyphen_hyph_ answers per byte") {
  HyphenDict* d = hnj_hyphen_load_data(kSmall, sizeof kSmall - 1);
  REQUIRE(d != nullptr);
  char line1[] = "LEFTHYPHENMIN 3\n";
  hnj_hyphen_load_line(line1, d, nullptr);
  CHECK(d->lhmin == 3);
  char line2[] = "NOHYPHEN x,yz\n";
  hnj_hyphen_load_line(line2, d, nullptr);
  REQUIRE(d->nohyphen != nullptr);
  CHECK(std::string(d->nohyphen) == "x");
  CHECK(std::string(d->nohyphen + 2) == "yz");
  CHECK(d->nohyphenl == 1);
  // A raised minimum takes effect, as in libhyphen (the struct is read on every call).
  CHECK(hyphenated2(d, "abab") == "aba=b");

  char hyphens[16];
  CHECK(hnj_hyphen_hyph_(d, "abab", 4, hyphens, nullptr, nullptr, nullptr, 0, 0, 1, 1) == 0);
  CHECK(std::strlen(hyphens) == 4);
  hnj_hyphen_free(d);  // frees the replaced nohyphen too
}

TEST_CASE("fields a client changes after loading are read on every call, lowered ones too") {
  const char strict[] =
      "UTF-8\n"
      "LEFTHYPHENMIN 3\n"
      "RIGHTHYPHENMIN 3\n"
      "1ba\n"
      "a1b\n";
  HyphenDict* d = hnj_hyphen_load_data(strict, sizeof strict - 1);
  HyphenDict* loose = hnj_hyphen_load_data(kSmall, sizeof kSmall - 1);
  REQUIRE(d != nullptr);
  REQUIRE(loose != nullptr);
  CHECK(hyphenated2(d, "abababab") == "aba=ba=bab");
  // Lowered to the loose dictionary's minimums: its answers.
  d->lhmin = 1;
  d->rhmin = 1;
  CHECK(hyphenated2(d, "abababab") == hyphenated2(loose, "abababab"));
  CHECK(hyphenated2(d, "abababab") == "a=ba=ba=ba=b");
  // A NOHYPHEN list of the client's own: no break next to a "b".
  std::free(d->nohyphen);
  d->nohyphen = static_cast<char*>(std::malloc(2));
  std::memcpy(d->nohyphen, "b", 2);
  d->nohyphenl = 0;
  CHECK(hyphenated2(d, "abababab") == "abababab");
  // "ba": no break inside or before it (libhyphen 2.8.8 gives these answers).
  std::free(d->nohyphen);
  d->nohyphen = static_cast<char*>(std::malloc(3));
  std::memcpy(d->nohyphen, "ba", 3);
  CHECK(hyphenated2(d, "abab") == "abab");
  CHECK(hyphenated2(d, "abcab") == "a=bca=b");
  hnj_hyphen_free(d);
  hnj_hyphen_free(loose);
}

TEST_CASE("hnj_hyphen_hyph_ gives the pattern levels alone, per byte") {
  HyphenDict* d = hnj_hyphen_load_data(kSmall, sizeof kSmall - 1);
  REQUIRE(d != nullptr);
  char hyphens[16] = {};
  CHECK(hnj_hyphen_hyph_(d, "abab", 4, hyphens, nullptr, nullptr, nullptr, 0, 0, 1, 1) == 0);
  CHECK(std::string(hyphens) == "1010");
  // Not at the word's ends: the compound minimums apply at both edges (libhyphen 2.8.8 gives
  // the same, and crashes here when rep, pos and cut are NULL).
  CHECK(hnj_hyphen_hyph_(d, "abab", 4, hyphens, nullptr, nullptr, nullptr, 2, 2, 0, 0) == 0);
  CHECK(std::string(hyphens) == "0000");
  hnj_hyphen_free(d);
}
