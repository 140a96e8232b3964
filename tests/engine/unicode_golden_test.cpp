// libhyph against answers a Unicode TeX gave (tests/data/<tag>.expected and
// unicode-edge-cases.<tag>.expected, made by oracles/unicode-tex-oracle.py with XeTeX), for the
// hyph-utf8 languages vendored in patterns/data/hyph-utf8. The languages are loaded by tag
// through the registry, so their minimums come from hyph-utf8's metadata and their letters
// are Unicode TeX's, as for a user. The bar is zero differences.
#include "test_support.h"

#include <hyph/languages.h>

#include "../common/lines.h"

#include <doctest/doctest.h>

#include <unicode/bytestream.h>
#include <unicode/normalizer2.h>

#include <fstream>
#include <sstream>

namespace {

bool is_nfc(const std::string& text) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* n = icu::Normalizer2::getNFCInstance(status);
  return n->isNormalizedUTF8(text, status) && U_SUCCESS(status);
}

std::string nfd(const std::string& text) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* n = icu::Normalizer2::getNFDInstance(status);
  std::string out;
  icu::StringByteSink<std::string> sink(&out);
  n->normalizeUTF8(0, text, sink, nullptr, status);
  REQUIRE(U_SUCCESS(status));
  return out;
}

// `transform` turns both the input and XeTeX's answer (for NFC input) into what is compared;
// then lines that are not in NFC (the edge cases have some on purpose) are left out.
void compare(const std::string& tag, const std::string& words, const std::string& expected,
             hyph::Normalization normalization = hyph::Normalization::none,
             std::string (*transform)(const std::string&) = nullptr) {
  hyph::Settings settings;
  settings.normalization = normalization;
  const hyph::Hyphenator h = hyph::load_language(tag, settings, {}, test::vendored());
  const std::string dir = HYPH_SOURCE_DIR "/tests/data/";
  const auto in = test::read_lines(dir + words);
  const auto want = test::read_lines(dir + expected);
  REQUIRE(in.size() == want.size());
  std::size_t differences = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (transform && !is_nfc(in[i])) continue;
    const std::string got = h.hyphenated(transform ? transform(in[i]) : in[i]);
    const std::string wanted = transform ? transform(want[i]) : want[i];
    if (got != wanted && ++differences <= 10)
      FAIL_CHECK(expected << " line " << i + 1 << ": XeTeX " << wanted << " | libhyph " << got);
  }
  MESSAGE(expected << ": " << in.size() << " lines, " << differences << " differences from XeTeX");
  CHECK(differences == 0);
}

struct Language {
  const char* tag;
  int left, right;  // hyph-utf8's typesetting minimums
};
constexpr Language kLanguages[] = {
    {"de-1996", 2, 2}, {"el-monoton", 1, 1}, {"fr", 2, 2}, {"nl", 2, 2}, {"pl", 2, 2}, {"pt", 2, 3}, {"ru", 2, 2},
};

}  // namespace

TEST_CASE("the vendored languages, their minimums and letters, found by tag") {
  const auto languages = hyph::list_languages(test::vendored());
  REQUIRE(languages.size() == 1 + std::size(kLanguages));
  CHECK(languages[0].tag == "en-us");
  CHECK(languages[0].embedded);
  CHECK(languages[0].letters == hyph::LetterPolicy::pattern_letters);
  for (std::size_t i = 0; i < std::size(kLanguages); ++i) {
    const hyph::LanguageInfo& l = languages[i + 1];
    CHECK(l.tag == kLanguages[i].tag);
    CHECK(l.mins.left == kLanguages[i].left);
    CHECK(l.mins.right == kLanguages[i].right);
    CHECK(l.mins_from_metadata);
    CHECK(l.letters == hyph::LetterPolicy::unicode);
    CHECK(!l.embedded);
  }
  CHECK(hyph::find_language("de-1996", test::vendored()).name == "German, reformed spelling");
  CHECK(hyph::find_language("DE_1996", test::vendored()).tag == "de-1996");
  CHECK(hyph::find_language("hyph-utf8:fr", test::vendored()).tag == "fr");
  CHECK(hyph::find_language("el-monoton", test::vendored()).name == "Modern Greek, monotonic spelling");
  CHECK(!hyph::find_language("nl", test::vendored()).exceptions.empty());
  CHECK(hyph::find_language("fr", test::vendored()).exceptions.empty());
}

TEST_CASE("golden: 12,000 words each of seven hyph-utf8 languages, XeTeX") {
  for (const Language& l : kLanguages) {
    const std::string tag = l.tag;
    compare(tag, tag + ".words", tag + ".expected");
  }
}

TEST_CASE("golden: Unicode edge cases in seven hyph-utf8 languages, XeTeX") {
  for (const Language& l : kLanguages) {
    const std::string tag = l.tag;
    compare(tag, "unicode-edge-cases.words", "unicode-edge-cases." + tag + ".expected");
  }
}

TEST_CASE("--normalize nfc: NFC text is answered as without it") {
  for (const Language& l : kLanguages) {
    const std::string tag = l.tag;
    compare(tag, tag + ".words", tag + ".expected", hyph::Normalization::nfc);
  }
}

TEST_CASE("--normalize nfc: decomposed (NFD) text gets XeTeX's answer for the composed text, bytes kept") {
  // NFD is segment by segment and '-' is a segment of its own, so the NFD of XeTeX's marked
  // answer is the NFD input with the markers where XeTeX put them for the NFC input.
  for (const Language& l : kLanguages) {
    const std::string tag = l.tag;
    compare(tag, tag + ".words", tag + ".expected", hyph::Normalization::nfc, nfd);
    compare(tag, "unicode-edge-cases.words", "unicode-edge-cases." + tag + ".expected", hyph::Normalization::nfc, nfd);
  }
}
