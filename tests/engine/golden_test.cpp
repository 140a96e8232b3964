// libhyph against answers real TeX gave (tests/data/*.expected, made by oracles/tex-oracle.py),
// so the comparison runs where TeX is not installed. The bar is zero differences.
#include "test_support.h"

#include "../common/lines.h"

#include <doctest/doctest.h>


namespace {

void compare(const hyph::Hyphenator& h, const std::string& words, const std::string& expected) {
  const std::string dir = HYPH_SOURCE_DIR "/tests/data/";
  const auto in = test::read_lines(dir + words);
  const auto want = test::read_lines(dir + expected);
  REQUIRE(in.size() == want.size());
  std::size_t differences = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    const std::string got = h.hyphenated(in[i]);
    if (got != want[i] && ++differences <= 10)
      FAIL_CHECK(expected << " line " << i + 1 << ": TeX " << want[i] << " | libhyph " << got);
  }
  MESSAGE(expected << ": " << in.size() << " lines, " << differences << " differences from TeX");
  CHECK(differences == 0);
}

hyph::Hyphenator with(int left, int right, int uchyph = 1, bool hyphenex = false) {
  hyph::Settings s;
  s.left_min = left;
  s.right_min = right;
  s.uchyph = uchyph;
  std::vector<hyph::Source> extra;
  if (hyphenex) extra.push_back(hyph::Source::file(HYPH_SOURCE_DIR "/patterns/data/ushyphex.tex"));
  return hyph::Hyphenator::english(s, extra);
}

}  // namespace

TEST_CASE("golden: 51,839 English words, plain TeX") { compare(test::plain(), "en-us.words", "en-us.plain.expected"); }
TEST_CASE("golden: 51,839 English words, plain TeX + hyphenex") {
  compare(test::hyphenex(), "en-us.words", "en-us.hyphenex.expected");
}
TEST_CASE("golden: edge cases, plain TeX") { compare(test::plain(), "edge-cases.words", "edge-cases.plain.expected"); }
TEST_CASE("golden: edge cases, hyphenex") { compare(test::hyphenex(), "edge-cases.words", "edge-cases.hyphenex.expected"); }
TEST_CASE("golden: edge cases, \\uchyph=0") { compare(with(2, 3, 0), "edge-cases.words", "edge-cases.uchyph0.expected"); }
TEST_CASE("golden: edge cases, minimums 1/1") { compare(with(1, 1), "edge-cases.words", "edge-cases.min11.expected"); }
TEST_CASE("golden: edge cases, minimums 3/4") { compare(with(3, 4), "edge-cases.words", "edge-cases.min34.expected"); }
TEST_CASE("golden: edge cases, hyphenex with minimums 1/1") {
  compare(with(1, 1, 1, true), "edge-cases.words", "edge-cases.hyphenex-min11.expected");
}
