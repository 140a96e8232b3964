// The two letter policies (README, "What is a word"): 8-bit TeX's letters of the patterns, and
// Unicode TeX's letters of Unicode (XeTeX's standard formats, load-unicode-data.tex).
#include "test_support.h"

#include "engine/model.h"
#include "patterns/letter_rules.h"

#include <hyph/text_stream.h>

#include <doctest/doctest.h>

#include <random>

namespace {

// Patterns that break "xy" pairs and use an apostrophe and '-' as pattern letters.
hyph::Hyphenator load(hyph::LetterPolicy letters, std::string patterns = "a1b\nb1a\n1'\n1-\n", std::string exceptions = "") {
  hyph::Settings s;
  s.left_min = 1;
  s.right_min = 1;
  s.letters = letters;
  std::vector<hyph::Source> sources{test::memory("t.pat.txt", std::move(patterns))};
  if (!exceptions.empty()) sources.push_back(test::memory("t.hyp.txt", std::move(exceptions)));
  return hyph::Hyphenator::load(sources, s);
}

const hyph::Hyphenator& unicode() {
  static const hyph::Hyphenator h = load(hyph::LetterPolicy::unicode);
  return h;
}
const hyph::Hyphenator& eight_bit() {
  static const hyph::Hyphenator h = load(hyph::LetterPolicy::pattern_letters);
  return h;
}

}  // namespace

TEST_CASE("default policies") {
  CHECK(test::plain().letters() == hyph::LetterPolicy::pattern_letters);
  CHECK(load(hyph::LetterPolicy::unicode).letters() == hyph::LetterPolicy::unicode);
  hyph::Settings s;
  CHECK(hyph::Hyphenator::load(std::vector{test::memory("t.pat.txt", "a1b")}, s).letters() ==
        hyph::LetterPolicy::pattern_letters);
}

TEST_CASE("a Unicode letter the patterns do not use still belongs to the word") {
  // 8-bit TeX: 'é' is no letter, so the word is "ab" and "ab" after it is passed over.
  CHECK(eight_bit().hyphenated("ab\xC3\xA9" "ab") == "a-b\xC3\xA9" "ab");
  // Unicode TeX: one word "abéab"; the patterns match on both sides of 'é'.
  CHECK(unicode().hyphenated("ab\xC3\xA9" "ab") == "a-b\xC3\xA9" "a-b");
  // Other scripts too: Cyrillic, CJK, combining marks, title case.
  CHECK(unicode().hyphenated("ab\xD0\x96" "ab") == "a-b\xD0\x96" "a-b");
  CHECK(unicode().hyphenated("ab\xE4\xB8\xAD" "ab") == "a-b\xE4\xB8\xAD" "a-b");
  CHECK(unicode().hyphenated("ab\xCC\x81" "ab") == "a-b\xCC\x81" "a-b");  // U+0301 is a mark: a letter
  CHECK(unicode().hyphenated("ab\xC7\x85" "ab") == "a-b\xC7\x85" "a-b");  // U+01C5 Dz, title case
}

TEST_CASE("Unicode non-letters end the word") {
  for (const char* non_letter : {"1", "'", "\xE2\x80\x99", "\xC2\xAD", "\xC2\xA0", "\xE2\x80\x8D", "\xE2\x85\xB0", "\xF0\x9F\x98\x80", "\xFF"}) {
    // digit, apostrophes, soft hyphen, no-break space, ZWJ, U+2170 small roman one (no \lccode:
    // it has an upper-case mapping only), an emoji, an invalid byte
    const std::string text = std::string("abab") + non_letter + "abab";
    CHECK_MESSAGE(unicode().hyphenated(text) == std::string("a-b-a-b") + non_letter + "abab", "non-letter " << non_letter);
  }
}

TEST_CASE("Unicode TeX's \\lccode: lower-case mappings, also of non-letters") {
  // U+2160 ROMAN NUMERAL ONE is Nl, but has a lower-case mapping (U+2170): a letter, upper case.
  CHECK(unicode().hyphenated("ab\xE2\x85\xA0" "ab") == "a-b\xE2\x85\xA0" "a-b");
  // U+24B6 CIRCLED LATIN CAPITAL A (So) lower-cases to U+24D0: a letter.
  CHECK(unicode().hyphenated("ab\xE2\x92\xB6" "ab") == "a-b\xE2\x92\xB6" "a-b");
  // Capitals are matched in lower case, by the simple mapping: 'A' 'B', and U+1E9E -> U+00DF.
  CHECK(unicode().hyphenated("ABAB") == "A-B-A-B");
  const auto sharp_s = load(hyph::LetterPolicy::unicode, "\xC3\x9F" "1a\n");
  CHECK(sharp_s.hyphenated("a\xC3\x9F" "a" " A\xE1\xBA\x9E" "A") == "a\xC3\x9F-a A\xE1\xBA\x9E-A");
  // Greek final sigma is its own lower case; capital sigma lower-cases to the medial form.
  const auto sigma = load(hyph::LetterPolicy::unicode, "\xCF\x82" "1\n\xCF\x83" "1\n");
  CHECK(sigma.hyphenated("a\xCF\x82" "a a\xCF\x83" "a A\xCE\xA3" "A") == "a\xCF\x82-a a\xCF\x83-a A\xCE\xA3-A");
}

TEST_CASE("the Unicode direct table classifies every code point below it as its \\lccode says") {
  // Letters of several scripts, and an upper-case one that patterns use as is.
  const hyph::Hyphenator h = load(hyph::LetterPolicy::unicode, "a1b\n\u00e91\u00df\n\u03c31\u0444\nA1\u0915\n");
  const auto& alphabet = hyph::detail::model_of(h).alphabet;
  for (char32_t cp = 0; cp < hyph::patterns::Alphabet::kDirect; ++cp) {
    if (cp == U'-') continue;  // never a letter of the text
    const char32_t lc = hyph::patterns::unicode_tex_lccode(cp);
    hyph::patterns::Symbol want = 0;
    if (lc != 0) want = alphabet.symbol_of(lc) != 0 ? alphabet.symbol_of(lc) : alphabet.other_letter();
    const hyph::patterns::LetterInfo got = alphabet.classify(cp);
    CAPTURE(static_cast<unsigned>(cp));
    CHECK(got.symbol == want);
    CHECK(got.is_lower == (lc != 0 && lc == cp));
  }
}

TEST_CASE("\\uchyph looks at whether the first letter is its own \\lccode") {
  hyph::Settings s;
  s.left_min = 1;
  s.right_min = 1;
  s.uchyph = 0;
  s.letters = hyph::LetterPolicy::unicode;
  const auto h = hyph::Hyphenator::load(std::vector{test::memory("t.pat.txt", "a1b\n")}, s);
  CHECK(h.hyphenated("\xC3\x89" "ab") == "\xC3\x89" "ab");     // É: upper case
  CHECK(h.hyphenated("\xC3\xA9" "ab") == "\xC3\xA9" "a-b");    // é
  CHECK(h.hyphenated("\xE4\xB8\xAD" "ab") == "\xE4\xB8\xAD" "a-b");  // CJK: its own lower case
  CHECK(h.hyphenated("\xC7\x85" "ab") == "\xC7\x85" "ab");     // title case Dz
}

TEST_CASE("pattern letters without a Unicode \\lccode are not letters of the text") {
  // The patterns use ' (as hyph-utf8's French, Greek... do); XeTeX's loaders make it a letter
  // only while loading. 8-bit TeX's policy keeps it a letter.
  CHECK(unicode().hyphenated("ab'ab") == "a-b'ab");
  CHECK(eight_bit().hyphenated("ab'ab") == "a-b-'a-b");
}

TEST_CASE("'-' is never a letter of the text, even when patterns use it") {
  CHECK(eight_bit().hyphenated("abab-abab") == "abab-abab");
  CHECK(unicode().hyphenated("abab-abab") == "abab-abab");
  CHECK(eight_bit().hyphenated("-abab") == "-abab");
}

TEST_CASE("en and em dash act as explicit hyphens for Unicode TeX (\\XeTeXdashbreakstate=1)") {
  for (const char* dash : {"\xE2\x80\x93", "\xE2\x80\x94"}) {
    const std::string d = dash;
    CHECK(unicode().hyphenated("abab" + d + "abab") == "abab" + d + "abab");
    CHECK(unicode().hyphenated(d + "abab") == d + "abab");
    CHECK(unicode().hyphenated("abab" + d) == "abab" + d);
    CHECK(eight_bit().hyphenated("abab" + d + "abab") == "a-b-a-b" + d + "abab");
  }
  // Other dashes are ordinary non-letters: U+2012 figure dash, U+2011 non-breaking hyphen.
  CHECK(unicode().hyphenated("abab\xE2\x80\x92" "abab") == "a-b-a-b\xE2\x80\x92" "abab");
  CHECK(unicode().hyphenated("abab\xE2\x80\x91" "abab") == "a-b-a-b\xE2\x80\x91" "abab");
}

TEST_CASE("exceptions with letters, and words with letters no pattern uses") {
  const auto h = load(hyph::LetterPolicy::unicode, "a1b\n", "\xC3\xA9-t\xC3\xA9\n");
  CHECK(h.hyphenated("\xC3\xA9t\xC3\xA9") == "\xC3\xA9-t\xC3\xA9");
  CHECK(h.hyphenated("\xC3\x89T\xC3\x89") == "\xC3\x89-T\xC3\x89");
  CHECK(h.hyphenated("\xC3\xA9t\xC3\xA9\xC3\xA9") == "\xC3\xA9t\xC3\xA9\xC3\xA9");
  CHECK(h.hyphenated("\xC3\xA9tx") == "\xC3\xA9tx");  // 'x' matches no exception key
}

TEST_CASE("the 63-letter limit counts Unicode letters") {
  const std::string e = "\xC3\xA9";
  std::string word;
  for (int i = 0; i < 62; ++i) word += e;
  CHECK(unicode().hyphenated(word + "ab") == word + "ab");  // 'b' is the 64th letter: not seen
  CHECK(unicode().hyphenated(word.substr(2) + "ab") == word.substr(2) + "a-b");  // 'b' is the 63rd
}

TEST_CASE("Unicode words streamed in random pieces, also long tokens with a dash far away") {
  std::mt19937_64 rng(11);
  const std::vector<std::string> pieces = {"a", "b", "\xC3\xA9", "\xC3", "\xA9", "\xE2\x80\x93", "\xE2", "\x80", "\x94",
                                           "-", " ", "'", "\xE4\xB8\xAD", "1"};
  std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1), count(0, 20), cut(0, 7);
  auto stream = [&](const std::string& text) {
    std::string out;
    hyph::TextStream s(unicode(), "=", [&](std::string_view b) { out.append(b); });
    for (std::size_t i = 0; i < text.size();) {
      const std::size_t n = std::min(text.size() - i, cut(rng));
      s.write(std::string_view(text).substr(i, n));
      i += n;
    }
    s.finish();
    return out;
  };
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    for (std::size_t n = count(rng); n > 0; --n) text += pieces[pick(rng)];
    REQUIRE_MESSAGE(stream(text) == unicode().hyphenated(text, "="), "case " << i);
  }
  for (const std::string dash : {"\xE2\x80\x93", "\xE2\x80\x94", "-", "\xE2\x80\x92"}) {
    const std::string text = "abab" + std::string(200000, '.') + dash + "x abab";
    CHECK(stream(text) == unicode().hyphenated(text, "="));
  }
}

TEST_CASE("NFC normalization: breaks found in the composed form, the text's bytes kept") {
  hyph::Settings s;
  s.left_min = 1;
  s.right_min = 1;
  s.letters = hyph::LetterPolicy::unicode;
  s.normalization = hyph::Normalization::nfc;
  const auto h = hyph::Hyphenator::load(std::vector{test::memory("t.pat.txt", "\xC3\xA9" "1t\nt1\xC3\xA9\n")}, s);
  CHECK(h.normalization() == hyph::Normalization::nfc);
  CHECK(unicode().normalization() == hyph::Normalization::none);
  const std::string e_acute = "\xC3\xA9", e_decomposed = "e\xCC\x81";
  CHECK(h.hyphenated(e_acute + "t" + e_acute) == e_acute + "-t-" + e_acute);
  CHECK(h.hyphenated(e_decomposed + "t" + e_decomposed) == e_decomposed + "-t-" + e_decomposed);
  CHECK(unicode().hyphenated(e_decomposed + "t" + e_decomposed) == e_decomposed + "t" + e_decomposed);
  // Leading non-letters, a word that ends early, an explicit hyphen later, invalid bytes.
  CHECK(h.hyphenated("((" + e_decomposed + "t" + e_decomposed + "))") == "((" + e_decomposed + "-t-" + e_decomposed + "))");
  CHECK(h.hyphenated(e_decomposed + "t" + e_decomposed + "1t" + e_decomposed) == e_decomposed + "-t-" + e_decomposed + "1t" + e_decomposed);
  CHECK(h.hyphenated(e_decomposed + "t" + e_decomposed + "1-t") == e_decomposed + "t" + e_decomposed + "1-t");
  CHECK(h.hyphenated("\xFF" + e_decomposed + "t" + e_decomposed + "\xFF") == "\xFF" + e_decomposed + "-t-" + e_decomposed + "\xFF");
  // '=' and U+0338 compose to U+2260, a non-letter; U+0338 alone is a mark: a letter.
  CHECK(h.hyphenated("=\xCC\xB8t" + e_acute) == "=\xCC\xB8t-" + e_acute);
  CHECK(unicode().hyphenated("=\xCC\xB8" "abab") == "=\xCC\xB8" "a-b-a-b");
}

TEST_CASE("NFC normalization streamed in random pieces agrees with the whole text") {
  hyph::Settings s;
  s.left_min = 1;
  s.right_min = 1;
  s.letters = hyph::LetterPolicy::unicode;
  s.normalization = hyph::Normalization::nfc;
  const auto h = hyph::Hyphenator::load(std::vector{test::memory("t.pat.txt", "\xC3\xA9" "1t\nt1\xC3\xA9\na1b\n")}, s);
  std::mt19937_64 rng(13);
  const std::vector<std::string> pieces = {"a", "b", "t", "e", "\xCC\x81", "\xCC", "\x81", "\xC3\xA9", "\xC3", "\xA9", "=",
                                           "\xCC\xB8", "-", " ", "\xE2\x80\x94", "\xFF", "1"};
  std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1), count(0, 24), cut(0, 7);
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    for (std::size_t n = count(rng); n > 0; --n) text += pieces[pick(rng)];
    std::string out;
    hyph::TextStream stream(h, "=", [&](std::string_view b) { out.append(b); });
    for (std::size_t k = 0; k < text.size();) {
      const std::size_t n = std::min(text.size() - k, cut(rng));
      stream.write(std::string_view(text).substr(k, n));
      k += n;
    }
    stream.finish();
    REQUIRE_MESSAGE(out == h.hyphenated(text, "="), "case " << i);
  }
}
