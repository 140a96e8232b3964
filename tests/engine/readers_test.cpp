// Pattern and exception readers: what they accept, and errors that point at the spot.
#include "test_support.h"

#include <doctest/doctest.h>

#include "base/utf8.h"

#include <filesystem>

namespace {

using hyph::ErrorCode;
using hyph::SourceFormat;

hyph::Hyphenator load(const std::string& name, const std::string& text, SourceFormat format = SourceFormat::detect) {
  std::vector<hyph::Source> sources{test::memory(name, text, format)};
  return hyph::Hyphenator::load(sources);
}

// Expects a ParseError whose message is exactly "where: reason" text given.
void expect_parse_error(const std::string& name, const std::string& text, const std::string& message,
                        ErrorCode code = ErrorCode::parse) {
  try {
    load(name, text);
    FAIL("no error for: " << text);
  } catch (const hyph::ParseError& e) {
    CHECK(std::string(e.what()) == message);
    CHECK(e.code() == code);
  }
}

}  // namespace

TEST_CASE("pattern lists") {
  const auto h = load("t.pat.txt", "1ba\n.ab4c\n");
  CHECK(h.pattern_count() == 2);
  CHECK(h.hyphenated("aba") == "aba");  // below the minimums
  hyph::Settings s;
  s.left_min = 1;
  s.right_min = 1;
  std::vector<hyph::Source> src{test::memory("t.pat.txt", "1ba\n")};
  CHECK(hyph::Hyphenator::load(src, s).hyphenated("abab") == "a-bab");
}

TEST_CASE("exception lists") {
  std::vector<hyph::Source> src{test::memory("p.pat.txt", "a1b\n"), test::memory("e.hyp.txt", "ab-c-d\nAB-CDE\n")};
  hyph::Settings s;
  s.left_min = 1;
  s.right_min = 1;
  const auto h = hyph::Hyphenator::load(src, s);
  CHECK(h.exception_count() == 2);
  CHECK(h.hyphenated("abcd") == "ab-c-d");
  CHECK(h.hyphenated("ABcde") == "AB-cde");
  CHECK(h.hyphenated("abab") == "a-ba-b");
}

TEST_CASE("later exceptions replace earlier ones, as in TeX") {
  std::vector<hyph::Source> src{test::memory("p.pat.txt", "a1b\n"), test::memory("e.hyp.txt", "ab-cd\n"),
                                test::memory("f.hyp.txt", "abc-d\n")};
  hyph::Settings s;
  s.left_min = 1;
  s.right_min = 1;
  CHECK(hyph::Hyphenator::load(src, s).hyphenated("abcd") == "abc-d");
}

TEST_CASE("TeX sources: comments, several groups, ^^ notation, \\lccode, other macros") {
  const std::string tex =
      "% comment \\patterns{zz9}\n"
      "\\message{loading}\\lccode`\\'=`\\'\n"
      "\\patterns{ % the patterns\n"
      "  a1b a^^62c2 ^^^^0061d3\n"
      "}\n"
      "\\patterns{x'1y}\n"
      "\\hyphenation{ab-ab}\n"
      "\\endinput\n"
      "\\patterns{broken 1 2\n";
  std::vector<hyph::Source> src{test::memory("t.tex", tex)};
  hyph::Settings s;
  s.left_min = 1;
  s.right_min = 1;
  const auto h = hyph::Hyphenator::load(src, s);
  CHECK(h.pattern_count() == 4);
  CHECK(h.exception_count() == 1);
  CHECK(h.hyphenated("abab") == "ab-ab");
  CHECK(h.hyphenated("x'y") == "x'-y");  // \lccode made the apostrophe a letter
}

TEST_CASE("the embedded hyphen.tex") {
  CHECK(test::plain().pattern_count() == 4447);
  CHECK(test::plain().exception_count() == 14);
  CHECK(test::hyphenex().exception_count() > 1700);
}

TEST_CASE("malformed patterns name file, line and column") {
  expect_parse_error("bad.pat.txt", "ab\nc12d\n", "bad.pat.txt:2:3: Nonletter: two digits in a row in pattern");
  expect_parse_error("bad.pat.txt", "ab\n a.b\n", "bad.pat.txt:2:3: '.' (word edge) inside a pattern; it may only begin or end one");
  expect_parse_error("bad.pat.txt", "a1b\nx\na1b\n", "bad.pat.txt:3:1: Duplicate pattern (first at bad.pat.txt:1:1)");
  expect_parse_error("bad.pat.txt", "a%b\n", "bad.pat.txt:1:2: Nonletter '%' in pattern");
  expect_parse_error("bad.pat.txt", "ab\nc\xC3(d\n", "bad.pat.txt:2:2: invalid UTF-8 (byte 0xC3)", ErrorCode::bad_utf8);
  expect_parse_error("bad.pat.txt", "1\n", "bad.pat.txt:1:1: pattern has no letters");
  expect_parse_error("bad.pat.txt", std::string(64, 'a'), "bad.pat.txt:1:64: pattern has more than 63 letters");
}

TEST_CASE("malformed TeX sources") {
  expect_parse_error("bad.tex", "\\patterns{a1b\n", "bad.tex:1:1: unterminated \\patterns group: end of file before its closing }");
  expect_parse_error("bad.tex", "\\patterns{a1b \\relax}", "bad.tex:1:15: Bad \\patterns: only letters, digits and '.' may appear in a pattern");
  expect_parse_error("bad.tex", "\\patterns a1b}", "bad.tex:1:11: Missing { after \\patterns");
  expect_parse_error("bad.tex", "\\hyphenation{ab-c1d}",
                     "bad.tex:1:18: Not a letter: '1' in hyphenation exception");
  expect_parse_error("bad.tex", "\\hyphenation{ab{c}}",
                     "bad.tex:1:16: Improper \\hyphenation: only letters and '-' may appear in an exception");
}

TEST_CASE("unreadable files") {
  CHECK_THROWS_AS(hyph::Source::file("/nonexistent/x.pat.txt"), hyph::Error);
  try {
    hyph::Source::file("/nonexistent/x.pat.txt");
  } catch (const hyph::Error& e) {
    CHECK(e.code() == ErrorCode::io);
    CHECK(std::string(e.what()).find("/nonexistent/x.pat.txt") != std::string::npos);
  }
  CHECK_THROWS_AS(hyph::Source::file(std::filesystem::temp_directory_path()), hyph::Error);
}

TEST_CASE("undetectable format") {
  CHECK_THROWS_AS(load("words", "abc"), hyph::Error);
}

TEST_CASE("a pattern set too large for the automaton's table is refused, not swallowed") {
  // 8,200 one-letter patterns over 8,200 distinct letters: 8,201 states × 8,201 symbols.
  std::string text;
  for (char32_t c = 0x4E00; c < 0x4E00 + 8200; ++c) {
    text += "1";
    text += hyph::utf8::encode(std::u32string(1, c));
    text += "\n";
  }
  try {
    load("cjk.pat.txt", text);
    FAIL("no error");
  } catch (const hyph::Error& e) {
    CHECK(e.code() == ErrorCode::capacity);
    CHECK(std::string(e.what()).find("pattern set too large") != std::string::npos);
  }
}
