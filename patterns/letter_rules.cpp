#include "patterns/letter_rules.h"

#include <unicode/uchar.h>

namespace hyph::patterns {

LetterRules::LetterRules(std::span<const LcCode> lccodes) {
  for (const LcCode& c : lccodes) overrides_[c.code] = c.lower;
}

char32_t unicode_tex_lccode(char32_t cp) noexcept {
  const auto c = static_cast<UChar32>(cp);
  const auto category = U_GET_GC_MASK(c);
  if ((category & (U_GC_L_MASK | U_GC_M_MASK)) != 0) {
    // load-unicode-data.tex sets \lccode = the code point for every L and M, then the
    // lower-case mapping for Lu and Lt where UnicodeData.txt gives one.
    if ((category & (U_GC_LU_MASK | U_GC_LT_MASK)) != 0) return static_cast<char32_t>(u_tolower(c));
    return cp;
  }
  // Other characters only get the lower-case mapping UnicodeData.txt gives them.
  const auto lower = static_cast<char32_t>(u_tolower(c));
  return lower != cp ? lower : 0;
}

std::optional<char32_t> LetterRules::lower(char32_t cp) const {
  if (auto it = overrides_.find(cp); it != overrides_.end()) {
    if (it->second == 0) return std::nullopt;
    return it->second;
  }
  switch (cp) {
    // What hyph-utf8's loaders (loadhyph-*.tex) give an \lccode while they read patterns:
    case U'\'':      // apostrophes: af, be, fr, fur, it, oc, pms, rm, sq, uk, el, grc
    case U'\u2019':
    case U'-':       // af, be, pt, ru, tk, uk patterns (never a letter of the text: TeX
                     // breaks after it as the font's \hyphenchar)
    case U'\u1FBD':  // GREEK KORONIS and PSILI: el-monoton, el-polyton, grc
    case U'\u1FBF':
    case U'\uA67E':  // CYRILLIC KAVYKA: cu
    case U'\u1361':  // ETHIOPIC WORDSPACE and FULL STOP: mul-ethi
    case U'\u1362':
    case U'\u200C':  // ZWNJ and ZWJ: Indic languages
    case U'\u200D':
      return cp;
    default:
      break;
  }
  const auto category = U_GET_GC_MASK(static_cast<UChar32>(cp));
  if ((category & (U_GC_L_MASK | U_GC_M_MASK)) == 0) return std::nullopt;
  return static_cast<char32_t>(u_tolower(static_cast<UChar32>(cp)));
}

}  // namespace hyph::patterns
