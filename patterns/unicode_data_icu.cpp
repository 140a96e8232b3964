#include "patterns/unicode_data.h"

#include <unicode/uchar.h>
#include <unicode/uniset.h>

namespace hyph::patterns::unicode {

Kind kind(char32_t cp) noexcept {
  const auto category = U_GET_GC_MASK(static_cast<UChar32>(cp));
  if ((category & (U_GC_LU_MASK | U_GC_LT_MASK)) != 0) return Kind::upper;
  if ((category & (U_GC_L_MASK | U_GC_M_MASK)) != 0) return Kind::letter;
  return Kind::other;
}

char32_t lower(char32_t cp) noexcept { return static_cast<char32_t>(u_tolower(static_cast<UChar32>(cp))); }

std::vector<char32_t> case_closure(char32_t cp) {
  icu::UnicodeSet closure(static_cast<UChar32>(cp), static_cast<UChar32>(cp));
  closure.closeOver(USET_CASE_INSENSITIVE);
  std::vector<char32_t> out;
  for (int32_t i = 0; i < closure.getRangeCount(); ++i)
    for (UChar32 v = closure.getRangeStart(i); v <= closure.getRangeEnd(i); ++v) out.push_back(static_cast<char32_t>(v));
  return out;
}

}  // namespace hyph::patterns::unicode
