// raw_token_breaks takes a token of at most 63 ASCII bytes through a path of its own (bit
// masks in place of a letter-by-letter walk): it must answer exactly as the general path,
// breaks, values, what stays pending and whether a letter was seen, for every kind of token.
#include "engine/model.h"
#include "engine/token_breaks.h"
#include "test_support.h"

#include <doctest/doctest.h>

#include <random>
#include <string>

namespace {

void check_same(const hyph::detail::Model& model, const std::string& token) {
  hyph::detail::TokenBreaks fast, general;
  hyph::LookupCounters fast_counters, general_counters;
  if (!hyph::detail::ascii_token_breaks(model, token, fast, &fast_counters)) return;
  hyph::detail::general_token_breaks(model, token, general, &general_counters, nullptr);
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
    for (const char* w : words) check_same(model, w);
    for (int round = 0; round < 20000; ++round) {
      std::string token(rng() % 66, 'x');
      const bool mostly_letters = rng() % 2 == 0;
      for (char& c : token) c = alphabet[rng() % (mostly_letters && rng() % 8 != 0 ? 26 : alphabet.size())];
      check_same(model, token);
    }
    // Every exception of the store, in both cases: the table's hits.
    for (const char* w : {"associate", "associates", "declination", "obligatory", "philanthropic", "present", "presents",
                          "project", "projects", "reciprocity", "recognizance", "reformation", "retribution", "table"}) {
      std::string upper = w;
      for (char& c : upper) c = static_cast<char>(c - 'a' + 'A');
      check_same(model, w);
      check_same(model, upper);
      check_same(model, std::string("(") + w + ")");
    }
  }
}
