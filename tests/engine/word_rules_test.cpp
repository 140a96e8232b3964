// TeX's word rules (tex.web §891–§902), each written as the hyphenated string itself.
#include "test_support.h"

#include <doctest/doctest.h>

#include <span>
#include <sstream>
#include <string>

namespace {

void check(const hyph::Hyphenator& h, const std::string& text, const std::string& expected) {
  CHECK_MESSAGE(h.hyphenated(text) == expected, "input: " << text);
}
void check(const std::string& text, const std::string& expected) { check(test::plain(), text, expected); }

}  // namespace

TEST_CASE("plain TeX patterns") {
  check("hyphenation", "hy-phen-ation");
  check("patterns", "pat-terns");
  check("typesetting", "type-set-ting");
  check("", "");
}

TEST_CASE("exceptions override patterns, matched in lower case") {
  check("table", "ta-ble");
  check("Table", "Ta-ble");
  check("TABLE", "TA-BLE");
  check("present", "present");
  check("associate", "as-so-ciate");
  check(test::hyphenex(), "hyphenation", "hy-phen-a-tion");
}

TEST_CASE("minimums clip exceptions too") {
  check(test::hyphenex(), "algebraically", "al-ge-bra-i-cally");
}

TEST_CASE("leading non-letters are skipped, the rest after the word left alone") {
  check("(hyphenation)", "(hy-phen-ation)");
  check("\"hyphenation\"", "\"hy-phen-ation\"");
  check("input/output", "in-put/output");
  check("abbot's", "ab-bot's");
  check("accel.", "ac-cel.");
  check("123hyphenation", "123hy-phen-ation");
  check("hyphenation123hyphenation", "hy-phen-ation123hyphenation");
}

TEST_CASE("an explicit hyphen anywhere in the token stops TeX") {
  check("10-point", "10-point");
  check("e-mail", "e-mail");
  check("well-known", "well-known");
  check("hyphenation-", "hyphenation-");
  check("-hyphenation", "-hyphenation");
  check("hyphenation--hyphenation", "hyphenation--hyphenation");
}

TEST_CASE("white space separates words as TeX's glue does") {
  check("hyphenation hyphenation\thyphenation\r\nhyphenation\n", "hy-phen-ation hy-phen-ation\thy-phen-ation\r\nhy-phen-ation\n");
}

TEST_CASE("short words") {
  check("able", "able");     // 4 < 2 + 3
  check("abler", "abler");   // 5 letters: only position 2 could break
  check("a", "a");
}

TEST_CASE("\\uchyph") {
  hyph::Settings s;
  s.uchyph = 0;
  const auto h = hyph::Hyphenator::english(s);
  check(h, "Hyphenation", "Hyphenation");
  check(h, "HYPHENATION", "HYPHENATION");
  check(h, "hyPhenation", "hy-Phen-ation");  // only the first letter is looked at
  check("Hyphenation", "Hy-phen-ation");
}

TEST_CASE("\\lefthyphenmin and \\righthyphenmin") {
  hyph::Settings s;
  s.left_min = 1;
  s.right_min = 1;
  check(hyph::Hyphenator::english(s), "hyphenation", "hy-phen-ation");
  s.left_min = 0;
  s.right_min = 0;  // TeX's norm_min makes 0 act as 1
  CHECK(hyph::Hyphenator::english(s).mins().left == 1);
  // A negative minimum is refused by every loader, in both dialects (the command line, the C
  // API and Python say the same).
  for (const int bad : {-1, -5}) {
    hyph::Settings negative;
    negative.left_min = bad;
    CHECK_THROWS_WITH_AS(hyph::Hyphenator::english(negative), ("left_min must not be negative (it is " + std::to_string(bad) + ")").c_str(),
                         hyph::Error);
    negative.left_min.reset();
    negative.right_min = bad;
    const hyph::Source patterns{"p.pat.txt", "a1b\n", hyph::SourceFormat::detect};
    CHECK_THROWS_AS(hyph::Hyphenator::load({&patterns, 1}, negative), hyph::Error);
    CHECK_THROWS_AS(hyph::Hyphenator::load_dic_bytes("UTF-8\n1b1\n", negative), hyph::Error);
    const std::string compiled = [] {
      std::ostringstream out;
      hyph::Hyphenator::english().write_compiled(out);
      return out.str();
    }();
    CHECK_THROWS_AS(hyph::Hyphenator::load_compiled(std::as_bytes(std::span(compiled.data(), compiled.size())), negative),
                    hyph::Error);
  }
  s.left_min = 3;
  s.right_min = 4;
  check(hyph::Hyphenator::english(s), "hyphenation", "hyphen-ation");
}

TEST_CASE("only the first 63 letters are looked at") {
  const std::string word = "hyphenation";
  std::string long_word;
  while (long_word.size() < 66) long_word += word;  // 66 letters
  const std::string out = test::plain().hyphenated(long_word);
  // No break within the last right-min letters of the first 63, none after them.
  const std::size_t last_break = out.rfind('-');
  REQUIRE(last_break != std::string::npos);
  std::size_t letters_before = 0;
  for (std::size_t i = 0; i < last_break; ++i) letters_before += out[i] != '-';
  CHECK(letters_before <= 63 - 3);
}

TEST_CASE("non-ASCII and invalid bytes are non-letters for plain TeX") {
  check("caf\xC3\xA9", "caf\xC3\xA9");
  check("hyphenation\xC3\xA9", "hy-phen-ation\xC3\xA9");
  check("\xFFhyphenation", "\xFFhy-phen-ation");
  check(std::string("hyph\0enation", 12), std::string("hyph\0enation", 12));
}

TEST_CASE("break offsets and the caller's buffer") {
  std::size_t breaks[8];
  const auto n = test::plain().hyphenate("hyphenation hyphenation", breaks);
  REQUIRE(n == 4);
  CHECK(breaks[0] == 2);
  CHECK(breaks[1] == 6);
  CHECK(breaks[2] == 14);
  std::size_t one[1];
  CHECK(test::plain().hyphenate("hyphenation hyphenation", one) == 4);  // reports the full count
  CHECK(one[0] == 2);
}
