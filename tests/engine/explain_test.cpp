// Hyphenator::explain (hyph/explain.h): the patterns found in the automaton, the value vector,
// the breaks against breaks(), in both dialects; to_text's fields.
#include "test_support.h"

#include <hyph/explain.h>

#include <doctest/doctest.h>

#include <fstream>
#include <string>
#include <vector>

namespace {

std::vector<std::string> texts(const hyph::WordExplanation& w) {
  std::vector<std::string> out;
  for (const auto& p : w.patterns) out.push_back((p.level ? std::to_string(p.level).append(":") : std::string()) + p.text + "@" + std::to_string(p.start));
  return out;
}

std::vector<std::size_t> offsets(const std::vector<hyph::Break>& breaks) {
  std::vector<std::size_t> out;
  for (const hyph::Break& b : breaks) out.push_back(b.offset);
  return out;
}

}  // namespace

TEST_CASE("explain: hyphenation through plain TeX's English") {
  const auto words = test::plain().explain("  Hyphenation!");
  REQUIRE(words.size() == 1);
  const hyph::WordExplanation& w = words[0];
  CHECK(w.offset == 2);
  CHECK(w.text == "Hyphenation");
  CHECK(w.word == "hyphenation");
  CHECK(w.answer == hyph::ExplainAnswer::patterns);
  CHECK(w.values == std::vector<std::uint8_t>{0, 0, 3, 0, 0, 2, 5, 4, 2, 0, 2, 0});
  CHECK(offsets(w.breaks) == std::vector<std::size_t>{4, 8});
  CHECK(w.gap_of(w.breaks[1]) == 6);
  CHECK(texts(w) == std::vector<std::string>{"hy3ph@0", "he2n@3", "hena4@3", "hen5at@3", "1na@5", "n2at@5", "1tio@7", "2io@8", "o2n@9"});
  CHECK(hyph::to_text(w).starts_with("Hyphenation\tat=2\tword=hyphenation\tanswer=patterns\tmins=2,3\tvalues=003002542020\tbreaks=2 6\t"));
}

TEST_CASE("explain: an exception answers instead of the patterns; skipped words say why") {
  const auto words = test::plain().explain("table well-known a Project");
  REQUIRE(words.size() == 4);
  CHECK(words[0].answer == hyph::ExplainAnswer::exception);
  CHECK(words[0].exception == "ta-ble");
  CHECK(words[0].patterns.empty());
  CHECK(words[1].answer == hyph::ExplainAnswer::skipped);
  CHECK(words[1].skipped == "explicit-hyphen");
  CHECK(words[2].skipped == "short");
  CHECK(words[3].answer == hyph::ExplainAnswer::exception);
  CHECK(words[3].exception == "project");
  CHECK(words[3].breaks.empty());
}

TEST_CASE("explain: a pattern shows the digits it raises over its suffixes") {
  hyph::Settings one;
  one.left_min = 1;
  one.right_min = 1;
  const auto h = hyph::Hyphenator::load(std::vector<hyph::Source>{test::memory("p.tex", "\\patterns{ab1c b2c a1b xa3b}")}, one);
  const auto words = h.explain("abc xab");
  REQUIRE(words.size() == 2);
  // ab1c's 1 is beaten by b2c's 2 at the same gap: the automaton no longer holds it.
  CHECK(texts(words[0]) == std::vector<std::string>{"a1b@0", "b2c@1"});
  CHECK(words[0].values == std::vector<std::uint8_t>{0, 1, 2, 0});
  CHECK(texts(words[1]) == std::vector<std::string>{"xa3b@0", "a1b@1"});
  CHECK(words[1].values == std::vector<std::uint8_t>{0, 0, 3, 0});
}

TEST_CASE("explain: the English built into the library and English from its source agree, and their breaks are breaks()'s") {
  std::ifstream in(HYPH_SOURCE_DIR "/tests/data/en-us.words");
  std::string text, line;
  for (int k = 0; k < 3000 && std::getline(in, line); ++k) text += line + "\n";
  const auto source = hyph::Hyphenator::load(std::vector<hyph::Source>{hyph::Source::file(HYPH_SOURCE_DIR "/patterns/data/hyphen.tex")});
  const auto a = test::plain().explain(text), b = source.explain(text);
  REQUIRE(a.size() == b.size());
  std::vector<std::size_t> all;
  for (std::size_t k = 0; k < a.size(); ++k) {
    CHECK(hyph::to_text(a[k]) == hyph::to_text(b[k]));
    for (const hyph::Break& x : a[k].breaks) all.push_back(x.offset);
  }
  std::vector<std::size_t> want(test::plain().hyphenate(text, {}));
  test::plain().hyphenate(text, want);
  CHECK(all == want);
}

TEST_CASE("explain: a two-level .dic dictionary, part by part") {
  const auto h = hyph::Hyphenator::load_dic_bytes(
      "UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\nCOMPOUNDLEFTHYPHENMIN 1\nCOMPOUNDRIGHTHYPHENMIN 1\nbahn1hof\nNEXTLEVEL\n1ba\nh1n\no1f\n",
      {}, "two.dic");
  const auto words = h.explain("Bahnhof");
  REQUIRE(words.size() == 1);
  const hyph::WordExplanation& w = words[0];
  CHECK(w.parts == std::vector<std::pair<std::size_t, std::size_t>>{{0, 4}, {4, 7}});
  CHECK(texts(w) == std::vector<std::string>{"1:bahn1hof@0", "2:1ba@0", "2:h1n@2", "2:o1f@5"});
  std::vector<std::size_t> want(h.hyphenate(std::string_view("Bahnhof"), {}));
  h.hyphenate(std::string_view("Bahnhof"), want);
  CHECK(offsets(w.breaks) == want);
  CHECK(hyph::to_text(w).find("\tparts=0-4 4-7\t") != std::string::npos);
}
