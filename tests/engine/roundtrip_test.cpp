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

std::string stream_cut(const hyph::Hyphenator& h, const std::string& text, const std::string& marker, std::size_t min_piece,
                       std::size_t max_piece, std::mt19937_64& rng, hyph::LookupCounters* counters = nullptr) {
  std::string out;
  hyph::TextStream stream(h, marker, [&](std::string_view bytes) { out.append(bytes); });
  std::uniform_int_distribution<std::size_t> cut(min_piece, max_piece);
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = std::min(text.size() - i, cut(rng));
    stream.write(std::string_view(text).substr(i, n));
    i += n;
  }
  stream.finish();
  if (counters != nullptr) *counters = stream.counters();
  return out;
}

std::string stream_in_pieces(const hyph::Hyphenator& h, const std::string& text, std::mt19937_64& rng) {
  return stream_cut(h, text, std::string(1, kMarker), 0, 16, rng);
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

namespace {

// Running prose of tokens made as running text makes them: a lead, a word, a tail, between
// runs of white space; words of every length TeX's rules treat differently (too short to
// break, 4 to 14 letters, 15 and more, exceptions, capitals, not ASCII, decomposed), tokens
// near and past 32 bytes (TextStream's window), explicit hyphens and dashes.
std::string random_prose(std::mt19937_64& rng, std::size_t tokens) {
  static const std::vector<std::string> leads = {"", "", "", "(", "\"", "-", "'", "\xE2\x80\x9C", "0"};
  static const std::vector<std::string> words = {
      "a", "an", "the", "of", "tab", "also", "table", "hyphen", "Present", "project", "associate", "hyphenation",
      "algebraically", "manufacturing", "characteristics", "internationalization", "HYPHENATION", "Hyphenation",
      "caf\xC3\xA9terias", "cafe\xCC\x81terias", "na\xC3\xAFvet\xC3\xA9", "x", "presentation", "uncopyrightable", "ab",
      "hyphenationhyphenationhyphenation", "table/hyphenation/project/tables", "supercalifragilisticexpialidocious"};
  static const std::vector<std::string> tails = {"", "", "", ",", ".", ")", "'s", "-", "-based", "\xE2\x80\x93", "s",
                                                 "\xE2\x80\x94table", "),", "1", "...", "/hyphenation"};
  static const std::vector<std::string> spaces = {" ", " ", " ", "  ", "\n", "\r\n", "\t", "\v", "\f", " \n\n  "};
  auto pick = [&](const std::vector<std::string>& from) -> const std::string& { return from[rng() % from.size()]; };
  std::string s;
  if (rng() % 4 == 0) s += pick(spaces);
  for (std::size_t t = 0; t < tokens; ++t) s += pick(leads) + pick(words) + pick(tails) + pick(spaces);
  if (!s.empty() && rng() % 2 == 0) s.pop_back();
  return s;
}

}  // namespace

TEST_CASE("running prose streamed whole, in large pieces and in small ones gives the whole-text answer and counts") {
  // Pieces of 64 bytes and more take TextStream's window path (engine/text_stream.cpp), pieces
  // of at most 16 never do: the two must agree on the output and on the lookups counted.
  hyph::Settings unicode;
  unicode.letters = hyph::LetterPolicy::unicode;
  hyph::Settings nfc = unicode;
  nfc.normalization = hyph::Normalization::nfc;
  const hyph::Settings narrow = test::with_mins(1, 1);
  hyph::Settings wide = test::with_mins(4, 5);
  wide.uchyph = 0;
  const hyph::Hyphenator models[] = {test::plain(),
                                     test::hyphenex(),
                                     hyph::Hyphenator::english(unicode),
                                     hyph::Hyphenator::english(nfc),
                                     hyph::Hyphenator::english(narrow),
                                     hyph::Hyphenator::english(wide)};
  const std::string markers[] = {std::string(1, kMarker), "", "<a marker of twenty>"};
  std::mt19937_64 rng(20261129);
  for (std::size_t m = 0; m < std::size(models); ++m) {
    const hyph::Hyphenator& h = models[m];
    for (int i = 0; i < 150; ++i) {
      CAPTURE(m);
      CAPTURE(i);
      const std::string text = random_prose(rng, rng() % 400);
      const std::string& marker = markers[static_cast<std::size_t>(i) % std::size(markers)];
      const std::string whole = h.hyphenated(text, marker);
      hyph::LookupCounters small{}, one{}, large{};
      CHECK(stream_cut(h, text, marker, 1, 16, rng, &small) == whole);
      CHECK(stream_cut(h, text, marker, text.size() + 1, text.size() + 1, rng, &one) == whole);
      CHECK(stream_cut(h, text, marker, 64, 300, rng, &large) == whole);
      for (const hyph::LookupCounters& c : {one, large}) {
        CHECK(c.queries == small.queries);
        CHECK(c.filter_positives == small.filter_positives);
        CHECK(c.store_probes == small.store_probes);
        CHECK(c.hits == small.hits);
      }
    }
  }
}
