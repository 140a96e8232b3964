// The public API a program that cuts its own words needs (libhyph.pyphen, a pyphen-style
// caller): Hyphenator::word_breaks takes a word whole, as libhyphen's callers hand it to
// hnj_hyphen_hyphenate3, and DicMinimums::settings_only leaves the file's minimums out.
#include "dic/dictionary.h"

#include <hyph/hyphenator.h>

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

namespace {

const std::string kData = HYPH_SOURCE_DIR "/patterns/data/dic/";

std::vector<hyph::Break> word_breaks_of(const hyph::Hyphenator& h, std::string_view word) {
  std::vector<hyph::Break> out(h.word_breaks(word, {}));
  CHECK(h.word_breaks(word, out) == out.size());
  return out;
}

std::vector<std::size_t> offsets(const std::vector<hyph::Break>& breaks) {
  std::vector<std::size_t> out;
  for (const hyph::Break& b : breaks) out.push_back(b.offset);
  return out;
}

// libhyphen's own answer for a spelled word: the odd positions of hyphenate3's vector.
std::vector<std::size_t> hyphenate3(const std::string& file, std::string_view spelled, int left, int right) {
  const hyph::dic::Dictionary d = hyph::dic::Dictionary::load(file);
  std::vector<char> hyphens(spelled.size() + 5);
  std::vector<hyph::dic::Replacement> reps(spelled.size());
  const hyph::dic::Outcome o = d.hyphenate3(spelled, hyphens, {}, reps, {left, right, 0, 0});
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i + 1 < o.positions; ++i)
    if (hyphens[i] >= '1' && hyphens[i] <= '9' && ((hyphens[i] - '0') & 1) != 0) out.push_back(i + 1);
  return out;
}

}  // namespace

TEST_CASE("word_breaks: every character of the word belongs to it") {
  const std::string nl = kData + "hyph_nl_NL.dic";
  const hyph::Hyphenator h = hyph::Hyphenator::load_dic(nl);
  for (const std::string_view word : {"3d-printertjes", "printer.tjes", "printer2tjes", "n.b.", "a4-formaat", "x"}) {
    CAPTURE(word);
    CHECK(offsets(word_breaks_of(h, word)) == hyphenate3(nl, word, 0, 0));
  }
  // Upper case is lowered code point by code point, as the text path lowers it.
  CHECK(offsets(word_breaks_of(h, "PRINTERTJES")) == offsets(word_breaks_of(h, "printertjes")));
  // As a text, the same characters make other words.
  std::vector<hyph::Break> text(h.breaks("printer.tjes", {}));
  h.breaks("printer.tjes", text);
  CHECK(offsets(text) == std::vector<std::size_t>{4});
  CHECK(offsets(word_breaks_of(h, "printer.tjes")) == std::vector<std::size_t>{4, 8});
  // Longer than 200 characters: none, and nothing is written.
  const std::string long_word(201, 'a');
  CHECK(h.word_breaks(long_word, {}) == 0);
}

TEST_CASE("word_breaks: a character the charset lacks is '?'") {
  const std::string de = kData + "hyph_de_DE.dic";  // ISO8859-1
  const hyph::Hyphenator h = hyph::Hyphenator::load_dic(de);
  CHECK(hyphenate3(de, "fort?schritt", 0, 0) == std::vector<std::size_t>{3, 5});
  // Offsets are bytes of the UTF-8 word: U+20AC is three of them.
  CHECK(offsets(word_breaks_of(h, "fort\xe2\x82\xacschritt")) == std::vector<std::size_t>{3, 7});
  CHECK(offsets(word_breaks_of(h, "\xff" "fortschritt")) == offsets(word_breaks_of(h, "?fortschritt")));
}

TEST_CASE("word_breaks: non-standard breaks and values as breaks() gives them") {
  const hyph::Hyphenator h = hyph::Hyphenator::load_dic(kData + "hyph_hu_HU.dic");
  const std::vector<hyph::Break> word = word_breaks_of(h, "kulissza");
  std::vector<hyph::Break> text(h.breaks("kulissza", {}));
  h.breaks("kulissza", text);
  REQUIRE(word.size() == text.size());
  for (std::size_t i = 0; i < word.size(); ++i) {
    CHECK(word[i].offset == text[i].offset);
    CHECK(word[i].value == text[i].value);
    CHECK(word[i].before == text[i].before);
    CHECK(word[i].replaced_before == text[i].replaced_before);
  }
  REQUIRE(word.size() == 2);
  CHECK(word[1].changes_spelling());
}

TEST_CASE("word_breaks: TeX's dialect answers as breaks()") {
  const hyph::Hyphenator h = hyph::Hyphenator::english();
  std::vector<hyph::Break> text(h.breaks("hyphenation", {}));
  h.breaks("hyphenation", text);
  CHECK(offsets(word_breaks_of(h, "hyphenation")) == offsets(text));
}

TEST_CASE("word_breaks of a UTF-16 word: the UTF-8 word's breaks, offsets in code units") {
  const hyph::Hyphenator hu = hyph::Hyphenator::load_dic(kData + "hyph_hu_HU.dic");
  const hyph::Hyphenator de = hyph::Hyphenator::load_dic(kData + "hyph_de_DE.dic");
  const hyph::Hyphenator nl = hyph::Hyphenator::load_dic(kData + "hyph_nl_NL.dic");
  struct Case {
    const hyph::Hyphenator& h;
    std::string_view utf8;
    std::u16string_view utf16;
  };
  // Every offset of a word whose characters are one byte and one unit each is the same.
  for (const Case c : {Case{hu, "kulissza", u"kulissza"}, Case{nl, "printer.tjes", u"printer.tjes"},
                       Case{de, "FORTSCHRITT", u"FORTSCHRITT"}}) {
    CAPTURE(c.utf8);
    std::vector<hyph::Break> units(c.h.word_breaks(c.utf16, {}));
    CHECK(c.h.word_breaks(c.utf16, units) == units.size());
    const std::vector<hyph::Break> bytes = word_breaks_of(c.h, c.utf8);
    REQUIRE(units.size() == bytes.size());
    for (std::size_t k = 0; k < units.size(); ++k) {
      CHECK(units[k].offset == bytes[k].offset);
      CHECK(units[k].value == bytes[k].value);
      CHECK(units[k].replaced_before == bytes[k].replaced_before);
      CHECK(units[k].replaced_after == bytes[k].replaced_after);
      CHECK(units[k].before == bytes[k].before);
    }
  }
  auto unit_offsets = [](const hyph::Hyphenator& h, std::u16string_view word) {
    std::vector<hyph::Break> found(h.word_breaks(word, {}));
    h.word_breaks(word, found);
    return offsets(found);
  };
  // U+20AC is three bytes but one unit; U+1F600 four bytes, two units; a lone surrogate is one '?'.
  CHECK(unit_offsets(de, u"fort\u20acschritt") == std::vector<std::size_t>{3, 5});
  CHECK(unit_offsets(de, u"fort\U0001F600schritt") == std::vector<std::size_t>{3, 6});
  const char16_t lone[] = {u'f', u'o', u'r', u't', 0xD800, u's', u'c', u'h', u'r', u'i', u't', u't'};
  CHECK(unit_offsets(de, std::u16string_view(lone, 12)) == std::vector<std::size_t>{3, 5});
  // 200 characters (400 units as surrogate pairs) may break; 201 never.
  std::u16string pairs;
  for (int k = 0; k < 200; ++k) pairs += u"\U0001F600";
  CHECK(de.word_breaks(std::u16string_view(pairs), {}) == 0);  // no letters of the dictionary
  std::u16string long_word(201, u'a');
  CHECK(nl.word_breaks(std::u16string_view(long_word), {}) == 0);
  std::u16string fits = u"printertjes" + std::u16string(189, u'a');
  CHECK(nl.word_breaks(std::u16string_view(fits), {}) > 0);
  // TeX's dialect: as breaks() of the UTF-16 text.
  const hyph::Hyphenator en = hyph::Hyphenator::english();
  CHECK(unit_offsets(en, u"hyphenation") == std::vector<std::size_t>{2, 6});
}

TEST_CASE("DicMinimums::settings_only: the file's LEFTHYPHENMIN and RIGHTHYPHENMIN do not count") {
  const std::string en = kData + "hyph_en_US.dic";  // LEFTHYPHENMIN 2, RIGHTHYPHENMIN 3
  hyph::Settings settings;
  settings.left_min = 1;
  settings.right_min = 1;
  const hyph::Hyphenator larger = hyph::Hyphenator::load_dic(en, settings);
  CHECK(larger.mins().left == 2);
  CHECK(larger.mins().right == 3);
  settings.dic_minimums = hyph::DicMinimums::settings_only;
  const hyph::Hyphenator own = hyph::Hyphenator::load_dic(en, settings);
  CHECK(own.mins().left == 1);
  CHECK(own.mins().right == 1);
  CHECK(offsets(word_breaks_of(own, "academy")).size() > offsets(word_breaks_of(larger, "academy")).size());
  // Unset, the dialect's default 2 applies.
  hyph::Settings unset;
  unset.dic_minimums = hyph::DicMinimums::settings_only;
  CHECK(hyph::Hyphenator::load_dic(en, unset).mins().right == 2);
  // Messages keep their lines: the skipped lines stay as comments.
  const std::string bad = "UTF-8\nLEFTHYPHENMIN 1\n\xff\xfe" "1c\n";
  try {
    (void)hyph::Hyphenator::load_dic_bytes(bad, unset, "bad.dic");
    FAIL("no error");
  } catch (const hyph::ParseError& e) {
    CHECK(e.where().line == 3);
  }
}
