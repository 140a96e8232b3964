// hyph_hyphenate_utf16: offsets in code units, surrogate pairs, unpaired surrogates, and
// exact agreement with the UTF-8 path on the same text, random and long tokens included.
#include "support.h"

#include <random>

using capi::Loaded;
using capi::cat;
using capi::u16;
using Breaks = std::vector<std::size_t>;

namespace {

constexpr std::uint16_t kGrin[] = {0xD83D, 0xDE00};  // U+1F600, not a letter anywhere
const std::string kReplacement = "\xEF\xBF\xBD";     // U+FFFD, the other way to carry a lone surrogate

// Patterns over Latin, é (2 bytes in UTF-8) and Deseret (4 bytes, a surrogate pair in UTF-16,
// with upper case), so that letters of every width get breaks.
const char* const kMixedPatterns =
    "a1b\n1ba\nc1a\n"
    "\xC3\xA9" "1\n"                              // é1
    "\xF0\x90\x90\xA8" "1\xF0\x90\x90\xA9\n"      // 𐐨1𐐩
    "1\xF0\x90\x90\xAA" "a\n"                     // 1𐐪a
    "b1\xF0\x90\x90\xAB\n";                       // b1𐐫

hyph_hyphenator* mixed(int letters = HYPH_LETTERS_DEFAULT) {
  hyph_options s = capi::settings(1, 1);
  s.letters = letters;
  return capi::from_sources({capi::source("mixed.pat.txt", kMixedPatterns)}, &s);
}

// English with Unicode TeX's letters: é, Deseret... are letters; en and em dashes act as '-'.
hyph_hyphenator* unicode_english() {
  hyph_options s = capi::settings();
  s.letters = HYPH_LETTERS_UNICODE;
  return capi::english(&s);
}

// Deseret letters in UTF-16: small ones U+10428.., capitals U+10400..
std::u16string deseret(int k, bool capital = false) { return u16({0xD801, static_cast<std::uint16_t>((capital ? 0xDC00 : 0xDC28) + k)}); }

// The UTF-16 path against the UTF-8 path on the same text, both ways of carrying a lone surrogate.
void check_agreement(const hyph_hyphenator* h, const std::u16string& text) {
  const Breaks got = capi::breaks16(h, text);
  const Breaks want = capi::breaks8_as16(h, text);
  if (got != want) {
    std::string units;
    for (char16_t u : text.substr(0, 200)) units.append(std::to_string(static_cast<unsigned>(u))).append(" ");
    FAIL_CHECK("UTF-16 and UTF-8 disagree on " << text.size() << " units: " << units);
    return;
  }
  CHECK(capi::breaks8_as16(h, text, kReplacement) == want);
  // And with too small a buffer: the same total, the same first breaks.
  if (got.size() >= 2) {
    Breaks part(got.size() / 2);
    const auto* units = reinterpret_cast<const std::uint16_t*>(text.data());
    CHECK(hyph_hyphenate_utf16(h, units, text.size(), part.data(), part.size()) == got.size());
    CHECK(std::equal(part.begin(), part.end(), got.begin()));
  }
}

// Random text, its pieces weighted towards words; `spaces` false makes one long token.
class RandomText {
 public:
  explicit RandomText(std::uint32_t seed) : rng_(seed) {}

  std::u16string make(std::size_t units, bool spaces) {
    std::u16string s;
    while (s.size() < units) append_piece(s, spaces);
    return s;
  }
  std::u16string non_letters(std::size_t units) {
    std::u16string s;
    while (s.size() < units) {
      switch (pick(6)) {
        case 0: s += static_cast<char16_t>(u'0' + pick(10)); break;
        case 1: s += u"'.,()\u2013\u2014"[pick(7)]; break;  // en and em dashes: '-' for Unicode letters
        case 2: s += u'\u20AC'; break;                                 // €: 3 bytes
        case 3: s += u16({kGrin[0], kGrin[1]}); break;                 // 4 bytes
        case 4: s += static_cast<char16_t>(0xD800 + pick(0x800)); break;  // a lone surrogate
        default: s += u'\u00AD'; break;                                // soft hyphen: 2 bytes
      }
    }
    // A lone high surrogate at the end could pair with what follows: end on an ASCII digit.
    s += u'7';
    return s;
  }
  std::u16string letters(std::size_t n) {
    std::u16string s;
    for (std::size_t k = 0; k < n; ++k) append_letter(s);
    return s;
  }
  std::size_t pick(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_); }

 private:
  void append_letter(std::u16string& s) {
    switch (pick(10)) {
      case 0: s += u'\u00E9'; break;                  // é
      case 1: s += u'\u00C9'; break;                  // É
      case 2: case 3: s += deseret(static_cast<int>(pick(4))); break;
      case 4: s += deseret(static_cast<int>(pick(4)), true); break;
      default: s += u"abcehnoprtyABC"[pick(14)]; break;
    }
  }
  void append_piece(std::u16string& s, bool spaces) {
    const std::size_t r = pick(100);
    if (r < 55) {
      append_letter(s);
    } else if (r < 67) {
      if (spaces) s += u" \t\n\r\f\v  "[pick(8)];
    } else if (r < 70) {
      s += u"-\u2013\u2014"[pick(3)];
    } else if (r < 80) {
      s += non_letters(1 + pick(2));
    } else if (r < 84) {
      s += u16({static_cast<std::uint16_t>(0xD800 + pick(0x400))});  // lone high (unless a low follows)
    } else if (r < 88) {
      s += u16({static_cast<std::uint16_t>(0xDC00 + pick(0x400))});  // lone low
    } else if (r < 90) {
      s += u16({0xDC00, 0xD800});  // the wrong order: two lone halves
    } else if (r < 92) {
      s += char16_t(0);
    } else if (r < 94) {
      s += u'\uFFFF';
    } else if (r < 96) {
      s += u'\uFEFF';
    } else {
      s += u'\u0416';  // Ж: 2 bytes, no letter here
    }
  }
  std::mt19937 rng_;
};

}  // namespace

TEST_CASE("UTF-16: English") {
  Loaded h(capi::english());
  CHECK(capi::breaks16(h, u"hyphenation") == Breaks{2, 6});
  CHECK(capi::breaks16(h, u"Hyphenation of typeset paragraphs") == Breaks{2, 6, 19, 27});
  CHECK(capi::breaks16(h, u"caf\u00E9 hyphenation") == Breaks{7, 11});  // é: one unit
  CHECK(capi::breaks16(h, u"") == Breaks{});
  CHECK(capi::breaks16(h, u"well-known e-mail") == Breaks{});
}

TEST_CASE("UTF-16: surrogate pairs count two units") {
  Loaded h(capi::english());
  const std::u16string grin = u16({kGrin[0], kGrin[1]});
  CHECK(capi::breaks16(h, cat(grin, u"hyphenation")) == Breaks{4, 8});
  CHECK(capi::breaks16(h, cat(grin, grin, u"hyphenation", grin)) == Breaks{6, 10});

  Loaded m(mixed());
  // 𐐨𐐩𐐨𐐩: 𐐨1𐐩 breaks after the first and the third letter, units 2 and 6.
  const std::u16string word = cat(deseret(0), deseret(1), deseret(0), deseret(1));
  CHECK(capi::breaks16(m, word) == Breaks{2, 6});
  CHECK(capi::breaks8_as16(m, word) == Breaks{2, 6});
  CHECK(capi::breaks16(m, cat(deseret(0, true), deseret(1, true), deseret(0), deseret(1, true))) == Breaks{2, 6});
  // Mixed widths, a(1 unit) 𐐨(2) 𐐩(2) é(1) b(1) a(1): 𐐨1𐐩 and é1 break after 𐐨 and after é.
  const std::u16string mix = cat(u"a", deseret(0), deseret(1), u"\u00E9ba");
  CHECK(capi::breaks16(m, mix) == capi::breaks8_as16(m, mix));
  CHECK(capi::breaks16(m, mix) == Breaks{3, 6});
}

TEST_CASE("UTF-16: unpaired surrogates are non-letters, wherever they are") {
  Loaded h(capi::english());
  const std::u16string w = u"hyphenation";
  const std::vector<std::pair<std::u16string, Breaks>> cases{
      {cat(u16({0xD800}), w), {3, 7}},                   // lone high before the word: skipped like punctuation
      {cat(u16({0xDC00}), w), {3, 7}},                   // lone low
      {cat(u16({0xDC00, 0xD800}), w), {4, 8}},           // a low then a high: not a pair
      {cat(w, u16({0xDC00})), {2, 6}},                   // after the word: left alone
      {cat(w, u16({0xD83D})), {2, 6}},                   // a high at the very end of the text
      {cat(u16({0xD83D}), u" ", w), {4, 8}},            // a high before a space
      {cat(u"hy", u16({0xD800}), u"phenation"), {}},    // inside: ends the word at "hy"
      {u16({0xD83D}), {}},
      {u16({0xDE00}), {}},
      {cat(u16({0xD800, 0xD800, 0xDFFF}), w), {5, 9}},   // high, then a real pair (U+103FF, no letter)
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    CAPTURE(i);  // (not a structured binding: clang before 16 cannot capture one in CAPTURE's lambda)
    CHECK(capi::breaks16(h, cases[i].first) == cases[i].second);
    check_agreement(h, cases[i].first);
  }
}

TEST_CASE("UTF-16: Unicode letters, and dashes as explicit hyphens") {
  Loaded plain(capi::english());
  Loaded uni(unicode_english());
  CHECK(hyph_letters(plain) == HYPH_LETTERS_PATTERN);
  CHECK(hyph_letters(uni) == HYPH_LETTERS_UNICODE);
  CHECK(capi::breaks16(plain, u"hyphenation\u2013x") == Breaks{2, 6});
  CHECK(capi::breaks16(uni, u"hyphenation\u2013x") == Breaks{});
  CHECK(capi::breaks16(uni, u"\u2014hyphenation") == Breaks{});
  CHECK(capi::breaks16(plain, u"\u2014hyphenation") == Breaks{3, 7});
  // é is a letter of the word for Unicode TeX, a word end for 8-bit TeX.
  CHECK(capi::breaks16(plain, u"hyphenation\u00E9") == Breaks{2, 6});
  for (const auto* text : {u"hyphenation\u2013x", u"\u2014hyphenation", u"caf\u00E9 hyphenation\u00E9", u"x\u2013y hyphenation"}) {
    check_agreement(plain, text);
    check_agreement(uni, text);
  }
}

TEST_CASE("UTF-16 agrees with UTF-8 on random text") {
  Loaded english(capi::english());
  Loaded uni(unicode_english());
  Loaded m(mixed());
  Loaded mu(mixed(HYPH_LETTERS_UNICODE));
  const hyph_options s = capi::settings(HYPH_MIN_DEFAULT, HYPH_MIN_DEFAULT, 0);
  Loaded upper(capi::english(&s));
  RandomText random(20240611);
  for (int round = 0; round < 3000; ++round) {
    const bool long_one = round % 20 == 0;
    const std::size_t units = long_one ? 500 + random.pick(3000) : random.pick(60);
    const std::u16string text = random.make(units, !long_one || round % 40 == 0);
    check_agreement(m, text);
    check_agreement(english, text);
    if (round % 3 == 0) check_agreement(upper, text);
    if (round % 3 == 1) check_agreement(uni, text);
    if (round % 3 == 2) check_agreement(mu, text);
  }
}

// A token longer than the converter's piece (1024 bytes): its word may start anywhere,
// straddle the piece's end, run past 63 letters, and meet a '-' far behind.
TEST_CASE("UTF-16 agrees with UTF-8 on long tokens") {
  Loaded english(capi::english());
  Loaded m(mixed());
  Loaded mu(mixed(HYPH_LETTERS_UNICODE));
  RandomText random(7);
  const std::u16string suffixes[] = {u"", u"-", u"'s", u"x-y", u"123", u" more words", u"\u2013", u"x\u2014"};
  const std::u16string fillers[] = {u"1", u"\u20AC", u16({kGrin[0], kGrin[1]}), u16({0xDC00}), u"\u00AD", u"\u0416"};
  for (const auto& filler : fillers) {
    for (std::size_t n = 300; n <= 1100; n += (n >= 330 && n < 1000) || n > 1040 ? 37 : 1) {
      std::u16string prefix;
      while (prefix.size() < n) prefix += filler;
      for (const auto& suffix : suffixes) {
        check_agreement(english, cat(prefix, u"hyphenation", suffix));
        const std::u16string word = random.letters(1 + random.pick(80));
        check_agreement(m, cat(prefix, word, suffix));
        check_agreement(mu, cat(prefix, word, suffix));
      }
    }
  }
  for (int round = 0; round < 300; ++round) {
    // One statement each: the order of the draws must not depend on the compiler.
    std::u16string text = random.non_letters(random.pick(3000));
    text.append(random.letters(1 + random.pick(100)));
    text.append(random.non_letters(random.pick(2000)));
    if (random.pick(2)) text.append(u"-");
    text.append(random.letters(random.pick(10)));
    check_agreement(m, text);
    check_agreement(mu, text);
    check_agreement(english, text);
  }
  // A word early in the token, then an explicit hyphen (or a dash) beyond the first piece.
  Loaded uni(unicode_english());
  for (std::size_t n = 500; n <= 1500; n += 50) {
    for (const auto* end : {u"-", u"\u2013", u"\u2014", u"x", u"\u2014x"}) {
      const std::u16string filler(n, u'1');
      check_agreement(english, cat(u"hyphenation", filler, end));
      check_agreement(uni, cat(u"hyphenation", filler, end));
      check_agreement(mu, cat(random.letters(1 + random.pick(70)), filler, end));
    }
  }
  // Words of 4-byte letters only, up to and past 63 of them, ending where a piece ends.
  for (std::size_t n = 1024 - 4 * 66; n <= 1024 - 4 * 55; ++n) {
    const std::u16string prefix(n, u'1');
    for (int letters = 55; letters <= 68; ++letters) {
      std::u16string word;
      for (int k = 0; k < letters; ++k) word.append(deseret(k % 2));
      check_agreement(m, cat(prefix, word));
      check_agreement(m, cat(prefix, word, u"'s"));
      check_agreement(mu, cat(prefix, word, u"x\u2013"));
    }
  }
  // One token of 200,000 units: breaks stand until the '-' at its very end.
  std::u16string huge = u"hyphenation";
  while (huge.size() < 200000) huge += u"ab\u00E9";
  CHECK(capi::breaks16(english, huge) == Breaks{2, 6});
  CHECK(capi::breaks16(english, cat(huge, u"-")) == Breaks{});
  check_agreement(english, cat(huge, u"-"));
}

TEST_CASE("UTF-16: buffers too small") {
  Loaded h(capi::english());
  const std::u16string text = u"hyphenation of typeset paragraphs";
  const auto* units = reinterpret_cast<const std::uint16_t*>(text.data());
  const Breaks all{2, 6, 19, 27};
  for (std::size_t capacity = 0; capacity <= 5; ++capacity) {
    Breaks b(6, 999);
    CHECK(hyph_hyphenate_utf16(h, units, text.size(), b.data(), capacity) == 4);
    for (std::size_t k = 0; k < b.size(); ++k) CHECK(b[k] == (k < std::min<std::size_t>(capacity, 4) ? all[k] : 999));
  }
  CHECK(hyph_hyphenate_utf16(h, units, text.size(), nullptr, 3) == 4);
}
