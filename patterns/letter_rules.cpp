#include "patterns/letter_rules.h"

#include <unicode/uchar.h>

namespace hyph::patterns {

LetterRules::LetterRules(std::span<const LcCode> lccodes) {
  for (const LcCode& c : lccodes) overrides_[c.code] = c.lower;
}

std::optional<char32_t> LetterRules::lower(char32_t cp) const {
  if (auto it = overrides_.find(cp); it != overrides_.end()) {
    if (it->second == 0) return std::nullopt;
    return it->second;
  }
  if (cp == U'\'' || cp == U'\u2019' || cp == U'\u200C' || cp == U'\u200D') return cp;
  const auto category = U_GET_GC_MASK(static_cast<UChar32>(cp));
  if ((category & (U_GC_L_MASK | U_GC_M_MASK)) == 0) return std::nullopt;
  return static_cast<char32_t>(u_tolower(static_cast<UChar32>(cp)));
}

}  // namespace hyph::patterns
