// tex_raw_token_breaks takes a token of at most 63 ASCII bytes through a path of its own (bit
// masks in place of a letter-by-letter walk): it must answer exactly as the general path,
// breaks, values, what stays pending and whether a letter was seen, for every kind of token.
#include "engine/model.h"
#include "engine/tex_token_breaks.h"
#include "engine/word_rules.h"
#include "hyphenate_check.h"
#include "test_support.h"

#include <hyph/cpu_tier.h>

#include <doctest/doctest.h>

#include <random>
#include <vector>
#include <string>

namespace {

void check_same(const hyph::detail::Model& model, const std::string& token) {
  hyph::detail::TokenBreaks fast, general;
  hyph::LookupCounters fast_counters, general_counters;
  if (!hyph::detail::tex_ascii_token_breaks(model, token, fast, &fast_counters)) return;
  hyph::detail::tex_general_token_breaks(model, token, general, &general_counters, nullptr);
  CAPTURE(token);
  REQUIRE(fast.count == general.count);
  for (std::size_t k = 0; k < fast.count; ++k) {
    CHECK(fast.offsets[k] == general.offsets[k]);
    CHECK(fast.values[k] == general.values[k]);
  }
  CHECK(fast.pending == general.pending);
  CHECK(fast.saw_letter == general.saw_letter);
  CHECK(fast_counters.queries == general_counters.queries);
  CHECK(fast_counters.hits == general_counters.hits);
}

// The vector implementations (AVX-512 VBMI, AVX2: each where the CPU has it) against the
// portable one, which tex_ascii_token_breaks runs elsewhere: the same answers, or both decline
// the token.
using AsciiPath = bool (*)(const hyph::detail::Model&, std::string_view, hyph::detail::TokenBreaks&, hyph::LookupCounters*) noexcept;
void check_implementation(const hyph::detail::Model& model, const std::string& token, AsciiPath path);
void check_implementations(const hyph::detail::Model& model, const std::string& token) {
  if (model.ascii_vector) check_implementation(model, token, hyph::detail::tex_ascii_token_breaks_vector);
  // The AVX2 path wherever the CPU has the avx2 tier, for a model whose ASCII symbols are bytes.
  if ((model.ascii_vector || model.ascii_avx2) && hyph::cpu_best_tier() >= hyph::CpuTier::avx2)
    check_implementation(model, token, hyph::detail::tex_ascii_token_breaks_avx2);
}
void check_implementation(const hyph::detail::Model& model, const std::string& token, AsciiPath path) {
  hyph::detail::TokenBreaks vector, portable;
  hyph::LookupCounters vector_counters, portable_counters;
  const bool took = path(model, token, vector, &vector_counters);
  CAPTURE(token);
  REQUIRE(took == hyph::detail::tex_ascii_token_breaks_portable(model, token, portable, &portable_counters));
  if (!took) return;
  REQUIRE(vector.count == portable.count);
  for (std::size_t k = 0; k < vector.count; ++k) {
    CHECK(vector.offsets[k] == portable.offsets[k]);
    CHECK(vector.values[k] == portable.values[k]);
  }
  CHECK(vector.pending == portable.pending);
  CHECK(vector.saw_letter == portable.saw_letter);
  CHECK(vector_counters.queries == portable_counters.queries);
  CHECK(vector_counters.hits == portable_counters.hits);
}

}  // namespace

TEST_CASE("the ASCII fast path answers as the general path") {
  hyph::Settings no_uchyph;
  no_uchyph.uchyph = 0;
  hyph::Settings wide;
  wide.left_min = 1;
  wide.right_min = 1;
  const hyph::Hyphenator models[] = {test::plain(), test::hyphenex(), hyph::Hyphenator::english(no_uchyph),
                                     hyph::Hyphenator::english(wide)};
  const char* const words[] = {"hyphenation", "associate", "Associates", "PROJECT", "present", "table", "uni-versity",
                               "ta-ble", "-table", "table-", "(table)", "10-point", "e-mail", "don't", "ab", "a", ""};
  std::mt19937_64 rng(13);
  const std::string alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-'.,()0123456789\x01\x7f";
  for (const auto& h : models) {
    const auto& model = hyph::detail::model_of(h);
    for (const char* w : words) check_same(model, w), check_implementations(model, w);
    for (int round = 0; round < 20000; ++round) {
      std::string token(rng() % 66, 'x');
      const bool mostly_letters = rng() % 2 == 0;
      for (char& c : token) c = alphabet[rng() % (mostly_letters && rng() % 8 != 0 ? 26 : alphabet.size())];
      if (rng() % 16 == 0 && !token.empty()) token[rng() % token.size()] = static_cast<char>(0x80 + rng() % 0x80);
      check_same(model, token);
      check_implementations(model, token);
    }
    // Every exception of the store, in both cases: the table's hits.
    for (const char* w : {"associate", "associates", "declination", "obligatory", "philanthropic", "present", "presents",
                          "project", "projects", "reciprocity", "recognizance", "reformation", "retribution", "table"}) {
      std::string upper = w;
      for (char& c : upper) c = static_cast<char>(c - 'a' + 'A');
      for (const std::string& token : {std::string(w), upper, std::string("(") + w + ")"}) {
        check_same(model, token);
        check_implementations(model, token);
      }
    }
  }
}

TEST_CASE("the fast layout's walk gives the gap values of the general walk") {
  // Every word of two letters or more takes the pair table and the constant shift (or,
  // English's, the packed rows: checked to be packed); the
  // general walk (also the small layout's) is the reference. Random words over the whole
  // alphabet, edges included, in both layouts.
  std::mt19937_64 rng(29);
  CHECK(hyph::detail::model_of(hyph::Hyphenator::english()).automaton.packed());
  for (const hyph::Hyphenator& h : {test::plain(), test::hyphenex(), hyph::Hyphenator::english()}) {
    const auto& model = hyph::detail::model_of(h);
    const hyph::patterns::Automaton small = model.automaton.with_layout(true);
    const std::size_t symbols = model.alphabet.size();
    for (int round = 0; round < 20000; ++round) {
      const std::size_t n = 2 + rng() % hyph::patterns::kMaxLetters;
      std::vector<hyph::patterns::Symbol> word(n + 2, hyph::patterns::kEdgeSymbol);
      for (std::size_t i = 1; i <= n; ++i) word[i] = static_cast<hyph::patterns::Symbol>(1 + rng() % (symbols - 1));
      hyph::patterns::GapValues fast, general, compact;
      model.automaton.apply(word.data(), word.size(), fast);
      model.automaton.apply_general(word.data(), word.size(), general);
      small.apply(word.data(), word.size(), compact);
      CAPTURE(n);
      for (std::size_t j = 0; j < word.size(); ++j) {
        REQUIRE(fast.at(j) == general.at(j));
        REQUIRE(fast.at(j) == compact.at(j));
      }
    }
  }
}

TEST_CASE("Hyphenator::hyphenate's one-word paths answer as the whole-text path, at every capacity") {
  // The lean paths (Model::lean_words: a text of 1 to 14 ASCII letters on the avx512 tier;
  // on the avx2 and sse2 tiers 4 to 16 letters, a text with an explicit hyphen, or one shorter
  // than the minimums) and the token path
  // behind it, against hyphenate_text: every kind of text, short words of letters alone
  // half the time, exceptions (hyphenex: the sketch lets them through), \uchyph=0 and
  // minimums of 1 (which the lean path leaves to the token path, or answers itself).
  std::mt19937_64 rng(31);
  const std::string alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-'. \n\t";
  hyph::Settings no_uchyph;
  no_uchyph.uchyph = 0;
  hyph::Settings wide;
  wide.left_min = 1;
  wide.right_min = 1;
  const hyph::Hyphenator models[] = {test::plain(), test::hyphenex(), hyph::Hyphenator::english(),
                                     hyph::Hyphenator::english(no_uchyph), hyph::Hyphenator::english(wide)};
  const auto& english = hyph::detail::model_of(models[2]);  // (a temporary's model would die with it)
  CHECK(english.lean_words == (english.ascii_vector || english.ascii_avx2 || english.ascii_sse2));
  CHECK_FALSE(hyph::detail::model_of(models[3]).lean_words);
  const std::vector<std::string> exceptions = {"associate", "Associates", "declination", "obligatory", "present", "project",
                                               "reciprocity", "recognizance", "table", "tables", "PROJECTS"};
  for (const hyph::Hyphenator& h : models) {
    const auto& model = hyph::detail::model_of(h);
    for (int round = 0; round < 40000; ++round) {
      std::string text;
      if (round % 2 == 0) {
        text.assign(rng() % 70, 'x');
        for (char& c : text) c = alphabet[rng() % (rng() % 4 != 0 ? 26 : alphabet.size())];
      } else if (round % 10 == 1) {
        text = exceptions[rng() % exceptions.size()];
      } else {
        text.assign(rng() % 17, 'x');
        for (char& c : text) c = alphabet[rng() % (rng() % 8 != 0 ? 26 : 52)];
      }
      test::check_hyphenate_as_text(h, text, rng);
    }
    CHECK(h.hyphenate("hyphenation", {}) == hyph::detail::hyphenate_text(model, "hyphenation", {}, nullptr, nullptr));
    for (const char* text : {"well-known", "-abcd", "abcd-", "a-bc", "x--y", "10-point", "co-op", "ab-cd ef", "e-mail\n",
                             "uncharacteristically", "incomprehensibly", "Incomprehensible", "abc", "ab", "a", "a b", "a\x80",
                             "representationally", "counterrevolution", "antidisestablish"})
      test::check_hyphenate_as_text(h, text, rng);
  }
}
