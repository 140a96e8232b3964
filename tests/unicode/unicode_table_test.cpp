// The ICU-free runtime's letter data (patterns/unicode_data_table.cpp, a table generated from
// ICU at build time) answers as ICU does on every code point: the WebAssembly build then
// classifies and lower-cases the text's letters exactly as the native library.
#include "patterns/unicode_data.h"

#include <doctest/doctest.h>

#include <unicode/uchar.h>

#include <cstdio>
#include <string>

namespace table = hyph::patterns::unicode;

namespace {

table::Kind icu_kind(char32_t cp) {
  const auto category = U_GET_GC_MASK(static_cast<UChar32>(cp));
  if ((category & (U_GC_LU_MASK | U_GC_LT_MASK)) != 0) return table::Kind::upper;
  if ((category & (U_GC_L_MASK | U_GC_M_MASK)) != 0) return table::Kind::letter;
  return table::Kind::other;
}

std::string hex(char32_t cp) {
  char text[16];
  std::snprintf(text, sizeof text, "U+%04X", static_cast<unsigned>(cp));
  return text;
}

}  // namespace

TEST_CASE("the generated table answers kind() and lower() as ICU on every code point") {
  std::size_t wrong = 0;
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    const bool same = table::kind(cp) == icu_kind(cp) && table::lower(cp) == static_cast<char32_t>(u_tolower(static_cast<UChar32>(cp)));
    if (!same && ++wrong <= 5) FAIL_CHECK(hex(cp));
  }
  CHECK(wrong == 0);
  // Beyond Unicode: not a letter, its own lower case (UTF-16 and UTF-8 decoders never give one).
  CHECK(table::kind(0x110000) == table::Kind::other);
  CHECK(table::lower(0x110000) == 0x110000);
}

TEST_CASE("examples: ASCII, a Latin Extended-A pair, Deseret, CJK, digits") {
  CHECK(table::lower(U'A') == U'a');
  CHECK(table::kind(U'A') == table::Kind::upper);
  CHECK(table::kind(U'a') == table::Kind::letter);
  CHECK(table::lower(U'\u0100') == U'\u0101');  // Ā ā: an alternating run
  CHECK(table::kind(U'\u0101') == table::Kind::letter);
  CHECK(table::lower(U'\U00010400') == U'\U00010428');  // DESERET CAPITAL LONG I
  CHECK(table::kind(U'\u4E2D') == table::Kind::letter);  // CJK: Lo, its own lower case
  CHECK(table::kind(U'7') == table::Kind::other);
  CHECK(table::lower(U'\u2160') == U'\u2170');  // ROMAN NUMERAL ONE: Nl with a lower case
  CHECK(table::kind(U'\u2160') == table::Kind::other);
}
