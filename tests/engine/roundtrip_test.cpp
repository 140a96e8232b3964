// Property: the output is the input plus markers, byte for byte, for any input; and the
// streaming pipeline agrees with the whole-text API however the input is cut into pieces.
#include "test_support.h"

#include <hyph/text_stream.h>

#include <doctest/doctest.h>

#include <random>

namespace {

// Pieces that exercise every rule: letters of both cases, separators, the hyphen,
// apostrophes, digits, NUL, a BOM, valid and invalid UTF-8 and truncated sequences.
const std::vector<std::string> kPieces = {
    "a", "e", "h", "n", "o", "t", "y", "p", "T", "H", "hyphen", "ation", "table", "Present", "algebraically",
    " ", "\t", "\n", "\r\n", "\r", "\f", "\v", "-", "--", "'", "\xE2\x80\x99", "0", "7", ".", "/", "(", "\"",
    std::string(1, '\0'), "\xEF\xBB\xBF", "\xC3\xA9", "\xC3", "\xFF", "\x80", "\xF0\x9F\x98\x80", "\xF0\x9F", "\xED\xA0\x80",
};
constexpr char kMarker = '\x01';  // never in the pieces above

std::string random_text(std::mt19937_64& rng, std::size_t max_pieces) {
  std::uniform_int_distribution<std::size_t> count(0, max_pieces), pick(0, kPieces.size() - 1);
  std::string s;
  for (std::size_t n = count(rng); n > 0; --n) s += kPieces[pick(rng)];
  return s;
}

std::string without_markers(std::string s) {
  std::erase(s, kMarker);
  return s;
}

std::string stream_in_pieces(const hyph::Hyphenator& h, const std::string& text, std::mt19937_64& rng) {
  std::string out;
  hyph::TextStream stream(h, std::string(1, kMarker), [&](std::string_view bytes) { out.append(bytes); });
  std::uniform_int_distribution<std::size_t> cut(0, 16);
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = std::min(text.size() - i, cut(rng));
    stream.write(std::string_view(text).substr(i, n));
    i += n;
  }
  stream.finish();
  return out;
}

}  // namespace

TEST_CASE("round trip on 100,000 random inputs, whole and streamed in random pieces") {
  std::mt19937_64 rng(20261122);
  const std::string marker(1, kMarker);
  for (int i = 0; i < 100000; ++i) {
    const std::string text = random_text(rng, 24);
    const auto& h = (i % 2 == 0) ? test::plain() : test::hyphenex();
    const std::string whole = h.hyphenated(text, marker);
    if (without_markers(whole) != text) FAIL_CHECK("whole-text output lost bytes, case " << i);
    if (stream_in_pieces(h, text, rng) != whole) FAIL_CHECK("stream and whole text differ, case " << i);
  }
}

TEST_CASE("round trip with the soft hyphen and an empty marker") {
  const std::string text = "hyphenation \xC2\xAD table";
  CHECK(test::plain().hyphenated(text, "") == text);
  CHECK(test::plain().hyphenated("hyphenation", "\xC2\xAD") == "hy\xC2\xADphen\xC2\xAD" "ation");
}

TEST_CASE("tokens longer than the stream's in-memory limit") {
  std::mt19937_64 rng(7);
  const std::string marker(1, kMarker);
  const std::string tail(200000, 'x');
  const std::vector<std::string> cases = {
      "hyphenation" + std::string(200000, '.') + " hyphenation",       // word, then a long tail, no '-'
      "hyphenation" + std::string(200000, '.') + "-" + tail + " table",  // a '-' far after the word
      std::string(200000, '(') + "hyphenation) table",                  // long lead before the word
      std::string(200000, '(') + "-hyphenation table",                  // long lead, then '-'
      std::string(300000, 'a') + " hyphenation",                         // a 300,000-letter word
      "\xC3" + std::string(100000, '\xA9') + "hyphenation",               // invalid bytes all the way
  };
  for (const std::string& text : cases) {
    const std::string whole = test::plain().hyphenated(text, marker);
    CHECK(without_markers(whole) == text);
    CHECK(stream_in_pieces(test::plain(), text, rng) == whole);
    std::string out;
    hyph::TextStream stream(test::plain(), marker, [&](std::string_view b) { out.append(b); });
    stream.write(text);  // in one piece too
    stream.finish();
    CHECK(out == whole);
  }
}

TEST_CASE("long tokens whose word is still open when the stream looks at them") {
  // The stream looks at a token once it holds 64 KiB (engine/text_stream_limits.h), then every
  // 256 bytes while a word is open; the looks must fall inside the word, at every offset, for
  // plain, Unicode (dashes as hyphens) and normalizing models.
  hyph::Settings unicode;
  unicode.letters = hyph::LetterPolicy::unicode;
  hyph::Settings nfc = unicode;
  nfc.normalization = hyph::Normalization::nfc;
  const hyph::Hyphenator models[] = {test::plain(), hyph::Hyphenator::english(unicode), hyph::Hyphenator::english(nfc)};
  const std::string marker(1, kMarker);
  const std::string words[] = {"hyphenation", "Hyphenationhyphenationhyphenationhyphenationhyphenationhyphenatio",
                               "caf\xC3\xA9te\xCC\x81ria"};
  const std::string tails[] = {"", "-", ")", "'s", "\xE2\x80\x93", " table", "x\xE2\x80\x94y", std::string(300, ')') + "-",
                               std::string(700, ')') + "\xE2\x80\x94"};
  for (const auto& h : models) {
    for (std::size_t lead = (1 << 16) - 80; lead <= (1 << 16) + 4; lead += 3) {
      for (const auto& word : words) {
        for (const auto& tail : tails) {
          const std::string text = std::string(lead, '(') + word + tail;
          const std::string whole = h.hyphenated(text, marker);
          for (const std::size_t piece : {std::size_t{1} << 16, std::size_t{7}}) {
            std::string out;
            hyph::TextStream stream(h, marker, [&](std::string_view b) { out.append(b); });
            for (std::size_t i = 0; i < text.size(); i += piece) stream.write(std::string_view(text).substr(i, piece));
            stream.finish();
            CHECK(out == whole);
          }
        }
      }
    }
  }
}
