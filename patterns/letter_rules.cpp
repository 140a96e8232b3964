#include "patterns/letter_rules.h"

#include "patterns/unicode_data.h"

namespace hyph::patterns {

LetterRules::LetterRules(std::span<const LcCode> lccodes) {
  for (const LcCode& c : lccodes) overrides_[c.code] = c.lower;
}

char32_t unicode_tex_lccode(char32_t cp) noexcept {
  const unicode::Kind kind = unicode::kind(cp);
  if (kind != unicode::Kind::other) {
    // load-unicode-data.tex sets \lccode = the code point for every L and M, then the
    // lower-case mapping for Lu and Lt where UnicodeData.txt gives one.
    if (kind == unicode::Kind::upper) return unicode::lower(cp);
    return cp;
  }
  // Other characters only get the lower-case mapping UnicodeData.txt gives them.
  const char32_t lower = unicode::lower(cp);
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
  if (!unicode::letter_or_mark(cp)) return std::nullopt;
  return unicode::lower(cp);
}

}  // namespace hyph::patterns
