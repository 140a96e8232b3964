// libhyphen's dialect through the public API (Hyphenator::load_dic): the break model, the word
// rules (runs of letters, case, apostrophes), NOHYPHEN, charsets and minimums, and that every
// front end (whole text, UTF-16, TextStream) gives the same breaks.
#include "dic/dictionary.h"
#include "engine/dic_part.h"
#include "engine/model.h"
#include "hyphenate_check.h"
#include "test_support.h"

#include <hyph/hyphenator.h>
#include <hyph/text_stream.h>

#include <doctest/doctest.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

const std::string kData = HYPH_SOURCE_DIR "/patterns/data/dic/";

const hyph::Hyphenator& hungarian() {
  static const hyph::Hyphenator h = hyph::Hyphenator::load_dic(kData + "hyph_hu_HU.dic");
  return h;
}

std::vector<hyph::Break> breaks_of(const hyph::Hyphenator& h, std::string_view text) {
  std::vector<hyph::Break> out(h.breaks(text, {}));
  CHECK(h.breaks(text, out) == out.size());
  return out;
}

std::u16string utf16(std::string_view utf8) {
  std::u16string out;
  for (std::size_t i = 0; i < utf8.size();) {
    const auto b = static_cast<unsigned char>(utf8[i]);
    const std::size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    char32_t c = n == 1 ? b : b & (0x3F >> (n - 1));
    for (std::size_t k = 1; k < n; ++k) c = c << 6 | (static_cast<unsigned char>(utf8[i + k]) & 0x3F);
    if (c >= 0x10000) {
      out += static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10));
      out += static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF));
    } else {
      out += static_cast<char16_t>(c);
    }
    i += n;
  }
  return out;
}

std::string streamed(const hyph::Hyphenator& h, std::string_view text, std::size_t piece) {
  std::string out;
  hyph::TextStream stream(h, "-", [&](std::string_view bytes) { out.append(bytes); });
  for (std::size_t i = 0; i < text.size(); i += piece) stream.write(text.substr(i, piece));
  stream.finish();
  return out;
}

}  // namespace

TEST_CASE("dic: a non-standard break carries its value and replacement (Hungarian kulissza -> kulisz-sza)") {
  const auto& h = hungarian();
  CHECK(h.dialect() == hyph::Dialect::libhyphen);
  const auto b = breaks_of(h, "kulissza");
  REQUIRE(b.size() == 2);
  CHECK(b[0].offset == 2);
  CHECK(b[0].value % 2 == 1);
  CHECK_FALSE(b[0].changes_spelling());
  CHECK(b[1].offset == 5);
  CHECK(b[1].changes_spelling());
  // "s" before the break is spelled "sz" + hyphen: kulis|sza -> kulisz-sza
  CHECK(b[1].replaced_before == 1);
  CHECK(b[1].replaced_after == 0);
  CHECK(b[1].before == "sz");
  CHECK(b[1].after == "");
  CHECK(h.hyphenated("kulissza") == "ku-lis-sza");  // the text comes back without the markers
  CHECK(h.hyphenated_spelling("kulissza") == "ku-lisz-sza");
  CHECK(h.hyphenated_spelling("A kulissza, kulissza.", "=") == "A ku=lisz=sza, ku=lisz=sza.");
}

TEST_CASE("dic: every break agrees with Dictionary::hyphenate3 on the lower-case word") {
  const auto d = hyph::dic::Dictionary::load(kData + "hyph_hu_HU.dic");
  for (const std::string word : {"kulissza", "mérnökség", "csábító", "bánfalva", "asszonnyal", "hosszú"}) {
    char hyphens[300];
    const auto o = d.hyphenate3(word, hyphens, {}, {}, {});
    std::string expected;
    std::size_t chars = 0;
    for (std::size_t i = 0; i < word.size(); ++i) {
      expected += word[i];
      const bool last = i + 1 == word.size() || (static_cast<unsigned char>(word[i + 1]) & 0xC0) != 0x80;
      if (!last) continue;
      if (chars + 1 < o.positions && hyphens[chars] >= '1' && (hyphens[chars] - '0') % 2 == 1) expected += '-';
      ++chars;
    }
    CHECK_MESSAGE(hungarian().hyphenated(word) == expected, word);
  }
}

TEST_CASE("dic: a word is a run of letters, lower-cased character by character") {
  const auto& h = hungarian();
  CHECK(h.hyphenated("Kulissza KULISSZA") == "Ku-lis-sza KU-LIS-SZA");
  CHECK(h.hyphenated("MÉRNÖKSÉG") == "MÉR-NÖK-SÉG");
  // several words in one white-space-free token, punctuation between them passes through
  CHECK(h.hyphenated("(mérnökség/kulissza)!") == "(mér-nök-ség/ku-lis-sza)!");
  CHECK(h.hyphenated("mérnökség1kulissza") == "mér-nök-ség1ku-lis-sza");
  // bytes that are not UTF-8 end a word and come out as they were
  CHECK(h.hyphenated("m\xFFkulissza\xC3") == "m\xFFku-lis-sza\xC3");
}

TEST_CASE("dic: characters the patterns use belong to words (the default level's apostrophe and '-')") {
  // Without NEXTLEVEL libhyphen adds 1'1 and 1-1 and NOHYPHEN ',-: the apostrophe and '-' are
  // in words, split them for the patterns, and never get a break next to them.
  const auto h = hyph::Hyphenator::load_dic_bytes("UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\na1b\n", {}, "ab.dic");
  CHECK(h.hyphenated("abab") == "a-ba-b");
  // one word each, as libhyphen answers it (were they two words, "a-b'a-b")
  CHECK(h.hyphenated("ab'ab") == "ab'ab");
  CHECK(h.hyphenated("ab-ab") == "ab-ab");
  CHECK(h.hyphenated("ab,ab") == "a-b,a-b");  // ',' is in no pattern: two words
  // with NEXTLEVEL there is no default level: an apostrophe the patterns do not use ends a word
  const auto two = hyph::Hyphenator::load_dic_bytes("UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\nNEXTLEVEL\na1b\n", {}, "two.dic");
  CHECK(two.hyphenated("ab'ab") == "a-b'a-b");
  const auto apostrophe = hyph::Hyphenator::load_dic_bytes("UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\nNEXTLEVEL\nb1'1a\n", {}, "apo.dic");
  CHECK(apostrophe.hyphenated("ab'ab") == "ab-'-ab");
}

TEST_CASE("dic: NOHYPHEN removes breaks next to its strings") {
  const auto h = hyph::Hyphenator::load_dic_bytes("UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\nNOHYPHEN x\nNEXTLEVEL\na1b\nb1x\n", {}, "nohyphen.dic");
  CHECK(h.hyphenated("abab") == "a-ba-b");
  CHECK(h.hyphenated("abxab") == "a-bxa-b");  // b1x's break is next to x
}

TEST_CASE("dic: an 8-bit dictionary; a word its charset cannot spell is not hyphenated") {
  const auto h = hyph::Hyphenator::load_dic(kData + "hyph_de_DE.dic");
  CHECK(h.hyphenated("Silbentrennung") == "Sil-ben-tren-nung");
  CHECK(h.hyphenated("Übergrößen") == "Über-grö-ßen");
  CHECK(h.hyphenated("Silbentrennungő") == "Silbentrennungő");  // U+0151 is not in ISO-8859-1
  CHECK(h.hyphenated("Silbentrennung ő Silbentrennung") == "Sil-ben-tren-nung ő Sil-ben-tren-nung");
}

TEST_CASE("dic: minimums are hyphenate3's: the larger of the setting and the dictionary's") {
  const auto& h = hungarian();
  CHECK(h.mins().left == 2);
  CHECK(h.mins().right == 2);
  hyph::Settings s;
  s.left_min = 3;
  s.right_min = 4;
  const auto wide = hyph::Hyphenator::load_dic(kData + "hyph_hu_HU.dic", s);
  CHECK(wide.mins().left == 3);
  CHECK(wide.mins().right == 4);
  CHECK(wide.hyphenated("mérnökség") == "mér-nökség");
  s.left_min = 1;
  s.right_min = 1;
  CHECK(hyph::Hyphenator::load_dic(kData + "hyph_hu_HU.dic", s).mins().left == 1);  // the dictionary says 0
}

TEST_CASE("dic: Hyphenator::hyphenate's one-word path answers as the whole-text path, at every capacity") {
  // A text of 2 to 30 ASCII letters goes straight to the dictionary's fast path
  // (dic_one_word); against hyphenate_text: every vendored dictionary (UTF-8 and 8-bit,
  // Hungarian's and Catalan's non-standard breaks, Dutch's and German's two levels), its own
  // minimums, lowered and raised ones; letters alone (either case) most of the time.
  std::mt19937_64 rng(37);
  const std::string alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-'. \n\t0\xc3\xa9";
  const hyph::Settings wide = test::with_mins(1, 1);
  const hyph::Settings narrow = test::with_mins(3, 4);
  const std::vector<std::string> seeds = {"kulissza", "Schiffahrt", "omaatje", "hyphenation", "paralllel", "associate"};
  for (const char* file : {"hyph_ca_ES.dic", "hyph_de_DE.dic", "hyph_en_US.dic", "hyph_hu_HU.dic", "hyph_nl_NL.dic",
                           "hyph_pl_PL.dic"}) {
    for (const hyph::Settings& s : {hyph::Settings{}, wide, narrow}) {
      const auto h = hyph::Hyphenator::load_dic(kData + file, s);
      const auto& model = hyph::detail::model_of(h);
      CAPTURE(file);
      CHECK(hyph::detail::dic_part_of(model).plain_ascii_letters);
      for (int round = 0; round < 6000; ++round) {
        std::string text;
        if (round % 8 == 0) {
          text = seeds[rng() % seeds.size()];
        } else {
          text.assign(rng() % 36, 'x');
          const bool letters = rng() % 4 != 0;
          for (char& c : text) c = alphabet[rng() % (letters ? (rng() % 8 != 0 ? 26 : 52) : alphabet.size())];
        }
        test::check_hyphenate_as_text(h, text, rng);
      }
    }
  }
}

TEST_CASE("dic: the one-word path's compound words answer as the whole-text path") {
  // ASCII words with the default level's '-' and apostrophe, and others of ASCII word
  // characters, take 2.8.8's compound steps on bit masks (dic/lean_walk.cpp); words of letters
  // alone of every length the walk in registers takes, and one past it.
  std::mt19937_64 rng(41);
  const std::vector<std::string> words = {
      "able-bodied", "abbey's", "A-and-R", "rock'n'roll", "x-ray", "mother-in-law's", "-abc", "abc-", "a--b", "''",
      "-", "a-", "-a", "o'clock", "Hyphen-Ation", "well-to-do-ness", "nation's-hyphenation", "ab'cd-ef'gh-ij'kl-mn",
      "a-b-c-d-e-f-g-h-i-j-k-l-m-n-o", "supercalifragilisticexpialidoc", "supercalifragilisticexpialidoci",
      "hyphenationhyphenation", "Schiffahrt-Schiffahrt", "kulissza-kulissza", "omaatje's"};
  const hyph::Settings narrow = test::with_mins(3, 4);
  const hyph::Settings wide = test::with_mins(1, 1);
  for (const char* file : {"hyph_ca_ES.dic", "hyph_de_DE.dic", "hyph_en_US.dic", "hyph_hu_HU.dic", "hyph_nl_NL.dic",
                           "hyph_pl_PL.dic"})
    for (const hyph::Settings& s : {hyph::Settings{}, wide, narrow}) {
      const auto h = hyph::Hyphenator::load_dic(kData + file, s);
      CAPTURE(file);
      for (const std::string& word : words) test::check_hyphenate_as_text(h, word, rng);
      for (std::size_t n = 2; n <= 31; ++n) {
        std::string word(n, 'a');
        for (char& c : word) c = "etaoinshrdlucmfwypvbgkjqxz"[rng() % 26];
        test::check_hyphenate_as_text(h, word, rng);
      }
    }
}

TEST_CASE("dic: settings of TeX's dialect are refused; errors name the file") {
  hyph::Settings s;
  s.uchyph = 0;
  CHECK_THROWS_AS(hyph::Hyphenator::load_dic(kData + "hyph_hu_HU.dic", s), hyph::Error);
  CHECK_THROWS_AS(hyph::Hyphenator::load_dic(kData + "no-such.dic"), hyph::Error);
  CHECK_THROWS_AS(hyph::Hyphenator::load_dic_bytes("UTF-8\na1b\n\xFF\n", {}, "bad.dic"), hyph::Error);
  // A .dic hyphenator has a compiled form of its own (tests/engine/dic_compiled_test.cpp).
  std::ostringstream out;
  hungarian().write_compiled(out);
  const std::string bytes = std::move(out).str();
  const auto compiled = hyph::Hyphenator::load_compiled(std::span(reinterpret_cast<const std::byte*>(bytes.data()), bytes.size()));
  CHECK(compiled.hyphenated_spelling("kulissza") == hungarian().hyphenated_spelling("kulissza"));
}

TEST_CASE("dic: UTF-16 text and streams give the whole-text breaks, for tokens of many words too") {
  const auto& h = hungarian();
  std::string text = "Kulissza, (mérnökség) csábító/bánfalva";
  std::string many;
  for (int i = 0; i < 400; ++i) many += "kulissza/mérnökség,";
  // a run of letters too long to be a word, then a token of 1,200 words (64 KiB+ in a stream)
  text += " " + many + " x\n" + std::string(70000, 'a') + " kulissza " + many + many + many;
  const std::string whole = h.hyphenated(text);
  CHECK(whole.find("ku-lis-sza/mér-nök-ség,ku-lis-sza") != std::string::npos);
  for (std::size_t piece : {1u, 7u, 4096u, 1u << 20})
    CHECK_MESSAGE((streamed(h, text, piece) == whole), "pieces of " << piece);
  std::vector<std::size_t> b8(h.hyphenate(text, {}));
  h.hyphenate(text, b8);
  const std::u16string t16 = utf16(text);
  std::vector<std::size_t> b16(h.hyphenate(t16, {}));
  CHECK(h.hyphenate(t16, b16) == b8.size());
  REQUIRE(b16.size() == b8.size());
  // The same breaks, counted in code units: every character here is one unit.
  std::size_t units = 0, bytes = 0, k = 0;
  bool same = true;
  while (bytes <= text.size() && k < b8.size()) {
    if (bytes == b8[k]) same = same && b16[k++] == units;
    if (bytes == text.size()) break;
    const auto c = static_cast<unsigned char>(text[bytes]);
    bytes += c < 0x80 ? 1 : c < 0xE0 ? 2 : 3;
    ++units;
  }
  CHECK(same);
  std::vector<hyph::Break> r16(h.breaks(t16, {}));
  h.breaks(t16, r16);
  CHECK(r16.size() == b8.size());
}

TEST_CASE("the TeX dialect reports its patterns' odd values; an exception's break gets 1") {
  const auto h = hyph::Hyphenator::english();
  CHECK(h.dialect() == hyph::Dialect::tex);
  const auto b = breaks_of(h, "hyphenation");
  REQUIRE(b.size() == 2);
  for (const auto& x : b) {
    CHECK(x.value % 2 == 1);
    CHECK_FALSE(x.changes_spelling());
  }
  const auto t = breaks_of(h, "table");  // hyphen.tex's \hyphenation{ta-ble}
  REQUIRE(t.size() == 1);
  CHECK(t[0].value == 1);
  CHECK(h.hyphenated_spelling("hyphenation table") == h.hyphenated("hyphenation table"));
}
