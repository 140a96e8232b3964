// Hostile input through the library: each case gives a located error or passes the bytes
// through unchanged, and never loses data. The command-line side (exit statuses, pipes,
// unreadable files, directories) is in hostile_cli_test.py.
#include <hyph/hyphenator.h>
#include <hyph/text_stream.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace {

using hyph::ErrorCode;
using hyph::SourceFormat;
using namespace std::string_literals;

hyph::Source source(std::string name, std::string text, SourceFormat format = SourceFormat::detect) {
  return hyph::Source{std::move(name), std::move(text), format};
}

hyph::Hyphenator load(std::vector<hyph::Source> sources, int left = 1, int right = 1) {
  hyph::Settings s;
  s.left_min = left;
  s.right_min = right;
  return hyph::Hyphenator::load(sources, s);
}

// The ParseError a load gives: its full message, e.g. "x.pat.txt:1:3: reason".
std::string load_error(std::vector<hyph::Source> sources, ErrorCode want = ErrorCode::parse) {
  try {
    load(std::move(sources));
  } catch (const hyph::ParseError& e) {
    CHECK(e.code() == want);
    return e.what();
  } catch (const hyph::Error& e) {
    FAIL("an Error without a location: " << e.what());
  }
  FAIL("no error");
  return {};
}

std::string streamed(const hyph::Hyphenator& h, std::string_view text, std::size_t piece) {
  std::string out;
  hyph::TextStream stream(h, "\x01", [&](std::string_view b) { out.append(b); });
  for (std::size_t i = 0; i < text.size(); i += piece) stream.write(text.substr(i, piece));
  stream.finish();
  return out;
}

// Text through both APIs: the same output, and the input back once the markers go.
std::string through(const hyph::Hyphenator& h, const std::string& text) {
  const std::string whole = h.hyphenated(text, "\x01");
  CHECK(streamed(h, text, 1) == whole);
  CHECK(streamed(h, text, 4093) == whole);
  std::string back = whole;
  std::erase(back, '\x01');
  CHECK(back == text);
  return whole;
}

const hyph::Hyphenator& plain() {
  static const hyph::Hyphenator h = hyph::Hyphenator::english();
  return h;
}

}  // namespace

TEST_CASE("empty sources load, and change nothing") {
  for (const char* name : {"e.pat.txt", "e.hyp.txt", "e.tex"}) {
    CAPTURE(name);
    const auto h = load({source(name, "")});
    CHECK(h.pattern_count() == 0);
    CHECK(h.exception_count() == 0);
    CHECK(through(h, "hyphenation table") == "hyphenation table");
  }
  CHECK(load({source("white.pat.txt", " \n\r\n\t\f")}).pattern_count() == 0);
  CHECK(load({source("comment.tex", "% nothing here\n\\patterns{}\\hyphenation{}")}).pattern_count() == 0);
  // A name that tells no format and no content to tell it by.
  try {
    load({source("empty.txt", "")});
    FAIL("no error");
  } catch (const hyph::Error& e) {
    CHECK(e.code() == ErrorCode::parse);
    CHECK(std::string(e.what()).starts_with("empty.txt: cannot tell the format"));
  }
}

TEST_CASE("a million patterns") {
  // Every 5-letter string over a..p (16^5 = 1,048,576 patterns), with a digit 1..9 after the
  // second letter chosen by the pattern's number. A 5-letter window of a word starting at
  // letter k then decides the gap after letter k + 2, and no other pattern touches it.
  auto digit = [](std::size_t i) { return static_cast<char>('1' + i % 9); };
  std::string text;
  text.reserve(8u << 20);
  for (std::size_t i = 0; i < (1u << 20); ++i) {
    char p[6];
    for (int k = 0, v = static_cast<int>(i); k < 5; ++k, v >>= 4) p[k < 2 ? k : k + 1] = static_cast<char>('a' + (v & 15));
    p[2] = digit(i);
    text.append(p, 6).push_back('\n');
  }
  const auto h = load({source("million.pat.txt", std::move(text))});
  CHECK(h.pattern_count() == (1u << 20));
  for (const std::string word : {"abcdefghijklmnop", "ponmlkjihgfedcba", "aaaaaaaaaaaa", "pabpabpabpab"}) {
    std::string want;
    for (std::size_t j = 0; j < word.size(); ++j) {
      want += word[j];
      // Gap after letter j + 1 (1-based) is decided by the window starting at letter j - 1.
      if (j >= 1 && j + 3 < word.size()) {
        std::size_t i = 0;
        for (int k = 4; k >= 0; --k) i = i << 4 | static_cast<std::size_t>(word[j - 1 + static_cast<std::size_t>(k)] - 'a');
        if ((digit(i) - '0') % 2 == 1) want += '-';
      }
    }
    CHECK(h.hyphenated(word) == want);
  }
}

TEST_CASE("digits out of place in patterns") {
  CHECK(load_error({source("d.pat.txt", "a1b\nab10c\n")}) == "d.pat.txt:2:4: Nonletter: two digits in a row in pattern");
  CHECK(load_error({source("d.pat.txt", "1\n")}) == "d.pat.txt:1:1: pattern has no letters");
  CHECK(load_error({source("d.pat.txt", "a.1b\n")}) == "d.pat.txt:1:2: '.' (word edge) inside a pattern; it may only begin or end one");
  CHECK(load_error({source("d.pat.txt", ".1.\n")}) == "d.pat.txt:1:1: pattern has only word edges");
  // Digits of other scripts are not digits, and not letters either.
  CHECK(load_error({source("d.pat.txt", "a\xC2\xB9" "b\n")}) == "d.pat.txt:1:2: Nonletter U+00B9 '\xC2\xB9' in pattern");
  CHECK(load_error({source("d.pat.txt", "a\xD9\xA1" "b\n")}) == "d.pat.txt:1:2: Nonletter U+0661 '\xD9\xA1' in pattern");
  CHECK(load_error({source("d.tex", "\\patterns{a1b 12c}")}) == "d.tex:1:16: Nonletter: two digits in a row in pattern");
  // Digits at either end, and 9 (the largest), are fine; a digit outside an edge never applies.
  const auto h = load({source("ok.pat.txt", "9ab9 .1c2d3.")});
  CHECK(h.pattern_count() == 2);
  CHECK(h.hyphenated("aabb cd") == "a-ab-b cd");
}

TEST_CASE("conflicting duplicate patterns are an error naming both; duplicate exceptions, the last wins") {
  CHECK(load_error({source("a.pat.txt", "a1b\nb1c\na2b\n")}) == "a.pat.txt:3:1: Duplicate pattern (first at a.pat.txt:1:1)");
  CHECK(load_error({source("a.pat.txt", "1ab\n"), source("b.pat.txt", "\n ab1\n")}) ==
        "b.pat.txt:2:2: Duplicate pattern (first at a.pat.txt:1:1)");
  CHECK(load_error({source("a.tex", "\\patterns{a1b}\n\\patterns{ab}")}) == "a.tex:2:11: Duplicate pattern (first at a.tex:1:11)");
  // Not duplicates: the edges make different patterns.
  CHECK(load({source("a.pat.txt", "a1b .a2b a3b.")}).pattern_count() == 3);
  const auto h = load({source("x.hyp.txt", "ta-ble tab-le\nTA-BLE-S"), source("y.tex", "\\hyphenation{t-able}")});
  CHECK(h.exception_count() == 2);
  CHECK(through(h, "table Tables") == "t\x01" "able Ta\x01" "ble\x01s");
}

TEST_CASE("exceptions with letters outside the language") {
  // Any letter of Unicode may be written in an exception; it becomes a letter of the
  // language (8-bit TeX) and the word hyphenates as listed.
  const std::vector<hyph::Source> extra{source("greek.hyp.txt", "\xCE\xB1\xCE\xBB-\xCF\x86\xCE\xB1-\xCE\xB2\xCE\xB7\xCF\x84\xCE\xBF\xCF\x82")};
  const auto h = hyph::Hyphenator::english({}, extra);
  CHECK(through(h, "\xCE\x91\xCE\xBB\xCF\x86\xCE\xB1\xCE\xB2\xCE\xB7\xCF\x84\xCE\xBF\xCF\x82 hyphenation") ==
        "\xCE\x91\xCE\xBB\x01\xCF\x86\xCE\xB1\x01\xCE\xB2\xCE\xB7\xCF\x84\xCE\xBF\xCF\x82 hy\x01phen\x01" "ation");
  // Non-letters are errors that point at them.
  CHECK(load_error({source("e.hyp.txt", "ta-ble\nhy-phen-\xE2\x82\xAC\n")}) ==
        "e.hyp.txt:2:9: Not a letter: U+20AC '\xE2\x82\xAC' in hyphenation exception");
  CHECK(load_error({source("e.hyp.txt", "ab-c1")}) == "e.hyp.txt:1:5: Not a letter: '1' in hyphenation exception");
  CHECK(load_error({source("e.tex", "\\hyphenation{ta-ble e.g.}")}) == "e.tex:1:22: Not a letter: '.' in hyphenation exception");
  CHECK(load_error({source("e.hyp.txt", "--")}) == "e.hyp.txt:1:1: hyphenation exception has no letters");
}

TEST_CASE("Latin-1 and UTF-16 files read as UTF-8: an error at the first bad byte") {
  for (const char* name : {"l.pat.txt", "l.hyp.txt", "l.tex"}) {
    CAPTURE(name);
    const bool tex = std::string_view(name).ends_with(".tex");
    const bool hyp = std::string_view(name).ends_with(".hyp.txt");
    const std::string head = tex ? "\\patterns{ab1c\n" : hyp ? "ab-c\n" : "ab1c\n";
    // Latin-1 'é' is the byte E9, which starts no valid UTF-8 sequence here.
    CHECK(load_error({source(name, head + "caf\xE9" + (hyp ? "-x\n" : "1x\n"))}, ErrorCode::bad_utf8) ==
          std::string(name) + ":2:4: invalid UTF-8 (byte 0xE9)");
    // UTF-16 with a byte-order mark, little- and big-endian.
    CHECK(load_error({source(name, std::string("\xFF\xFE" "a\0" "1\0" "b\0", 8))}, ErrorCode::bad_utf8) ==
          std::string(name) + ":1:1: UTF-16 byte-order mark: sources must be UTF-8 (convert with iconv -f UTF-16 -t UTF-8)");
    CHECK(load_error({source(name, std::string("\xFE\xFF\0a\0" "1\0b", 8))}, ErrorCode::bad_utf8).starts_with(std::string(name) + ":1:1: UTF-16"));
    // UTF-16 without one: the first NUL byte. (A TeX reader taking NULs for characters
    // would see no \patterns at all and load nothing, silently.)
    const std::string ascii = head + "xy1z\n";
    std::string utf16;
    for (char c : ascii) utf16 += std::string{c, '\0'};
    CHECK(load_error({source(name, utf16)}, ErrorCode::bad_utf8) ==
          std::string(name) + ":1:2: NUL byte: sources must be UTF-8 text (is this file UTF-16?)");
  }
}

TEST_CASE("byte-order marks") {
  // At the start of a source: skipped.
  CHECK(load({source("b.pat.txt", "\xEF\xBB\xBF" "a1b")}).hyphenated("ab") == "a-b");
  CHECK(load({source("b.tex", "\xEF\xBB\xBF\\patterns{a1b}")}).hyphenated("ab") == "a-b");
  // Anywhere else (two files concatenated): an error where it is.
  CHECK(load_error({source("b.pat.txt", "\xEF\xBB\xBF" "a1b\n\xEF\xBB\xBF" "b1c")}) ==
        "b.pat.txt:2:1: Nonletter U+FEFF '\xEF\xBB\xBF' in pattern");
  // In running text: passed through, a non-letter before the word.
  CHECK(through(plain(), "\xEF\xBB\xBFhyphenation\n") == "\xEF\xBB\xBFhy\x01phen\x01" "ation\n");
}

TEST_CASE("CR-only line ends") {
  const auto h = load({source("cr.pat.txt", "a1b\rb1c\r\rc1d\r")});
  CHECK(h.pattern_count() == 3);
  CHECK(h.hyphenated("abcd") == "a-b-c-d");
  // Lines are counted at each CR, so an error's line is right.
  CHECK(load_error({source("cr.pat.txt", "a1b\rb1c\r\rc11d\r")}) == "cr.pat.txt:4:3: Nonletter: two digits in a row in pattern");
  CHECK(load_error({source("cr.pat.txt", "a1b\r\nb1c\r\xFF")}, ErrorCode::bad_utf8) == "cr.pat.txt:3:1: invalid UTF-8 (byte 0xFF)");
  // A TeX comment ends at a CR.
  CHECK(load({source("cr.tex", "\\patterns{% comment\ra1b}")}).hyphenated("ab") == "a-b");
  // Running text: CR separates words and comes back.
  CHECK(through(plain(), "hyphenation\rtable\r") == "hy\x01phen\x01" "ation\rta\x01" "ble\r");
}

TEST_CASE("NUL bytes") {
  CHECK(load_error({source("n.pat.txt", std::string("a1b\nb\0" "1c", 8))}, ErrorCode::bad_utf8) ==
        "n.pat.txt:2:2: NUL byte: sources must be UTF-8 text (is this file UTF-16?)");
  CHECK(load_error({source("n.hyp.txt", std::string("ta-\0ble", 7))}, ErrorCode::bad_utf8) ==
        "n.hyp.txt:1:4: NUL byte: sources must be UTF-8 text (is this file UTF-16?)");
  CHECK(load_error({source("n.tex", std::string("% \0\n\\patterns{a1b}", 19))}, ErrorCode::bad_utf8) ==
        "n.tex:1:3: NUL byte: sources must be UTF-8 text (is this file UTF-16?)");
  // TeX's own notation for it is not a NUL byte; in a pattern it is a non-letter.
  CHECK(load_error({source("n.tex", "\\patterns{a^^@1b}")}) == "n.tex:1:12: Nonletter U+0000 in pattern");
  // Running text: a NUL is a non-letter that ends the word, and comes back.
  CHECK(through(plain(), "hyphen\0ation \0hyphenation\0"s) == "hy\x01phen\0ation \0hy\x01phen\x01" "ation\0"s);
}

TEST_CASE("words of a million letters") {
  // Text: only the first 63 letters are looked at (a break needs right-min letters before
  // the 63rd), and every byte comes back, in one piece or streamed.
  const std::string word(1000000, 'a');
  const auto h = load({source("a.pat.txt", "a1a")});
  std::string want;
  for (int i = 0; i < 62; ++i) want += "a\x01";
  want += std::string(1000000 - 62, 'a');
  CHECK(through(h, word + " " + word) == want + " " + want);
  CHECK(through(plain(), "x" + std::string(1000000, 'e') + "-" + word).find('\x01') == std::string::npos);
  // A pattern that long is an error at its 64th letter.
  CHECK(load_error({source("long.pat.txt", "ab1c\n" + word)}) == "long.pat.txt:2:64: pattern has more than 63 letters");
  // An exception that long is cut at 63 letters, as TeX does, and breaks past them dropped;
  // a word is looked up by its first 63 letters, so the long word matches too.
  std::string exception;
  for (int i = 0; i < 500000; ++i) exception += "ab-";
  const auto e = load({source("long.hyp.txt", exception)});
  CHECK(e.exception_count() == 1);
  std::string pairs;
  for (int i = 0; i < 31; ++i) pairs += "ab\x01";
  std::string letters = exception;
  std::erase(letters, '-');
  CHECK(through(e, letters.substr(0, 63)) == pairs + "a");
  CHECK(through(e, letters) == pairs + letters.substr(62));
}

TEST_CASE("invalid UTF-8 and encoded surrogates") {
  // In sources: an error at the byte.
  CHECK(load_error({source("s.pat.txt", "ab1c\nhy3ph\xC3" "en")}, ErrorCode::bad_utf8) == "s.pat.txt:2:6: invalid UTF-8 (byte 0xC3)");
  CHECK(load_error({source("s.pat.txt", "a1b\xED\xA0\x80")}, ErrorCode::bad_utf8) == "s.pat.txt:1:4: invalid UTF-8 (byte 0xED)");
  CHECK(load_error({source("s.hyp.txt", "ta-\xED\xBF\xBF" "ble")}, ErrorCode::bad_utf8) == "s.hyp.txt:1:4: invalid UTF-8 (byte 0xED)");
  CHECK(load_error({source("s.tex", "\\patterns{a1b ^^^^d800}")}) == "s.tex:1:15: ^^ notation names an invalid code point");
  CHECK(load_error({source("s.pat.txt", "a1b\xC0\xAF")}, ErrorCode::bad_utf8) == "s.pat.txt:1:4: invalid UTF-8 (byte 0xC0)");  // overlong '/'
  CHECK(load_error({source("s.pat.txt", "a1b\xF4\x90\x80\x80")}, ErrorCode::bad_utf8) == "s.pat.txt:1:4: invalid UTF-8 (byte 0xF4)");  // > U+10FFFF
  // In text: non-letters, passed through; the word before them is the word.
  CHECK(through(plain(), "hyphenation\xFFtable") == "hy\x01phen\x01" "ation\xFFtable");
  CHECK(through(plain(), "hyph\xC3" "enation") == "hyph\xC3" "enation");
  CHECK(through(plain(), "\xED\xA0\x80hyphenation\xED\xBF\xBF") == "\xED\xA0\x80hy\x01phen\x01" "ation\xED\xBF\xBF");
  CHECK(through(plain(), "\xF0\x9F\x98" "hyphenation") == "\xF0\x9F\x98hy\x01phen\x01" "ation");  // truncated sequence
}
