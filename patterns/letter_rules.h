// Which code points a pattern source may use as letters, and their lower case: TeX's \lccode.
//
// By default a letter is what hyph-utf8 gives an \lccode while loading patterns: Unicode
// letters and combining marks, and the few other characters its pattern files use (the
// apostrophes ' and ’, '-', Greek koronis and psili, Cyrillic kavyka, Ethiopic wordspace and
// full stop, ZWNJ/ZWJ); its lower case is ICU's simple lower-case mapping. \lccode
// assignments read from a TeX source override that.
#pragma once

#include "patterns/parsed.h"

#include <optional>
#include <span>
#include <unordered_map>

namespace hyph::patterns {

/// The \lccode a Unicode TeX's standard format gives `cp` (XeTeX and LuaTeX formats load
/// load-unicode-data.tex, which reads UnicodeData.txt): for letters (L*) and marks (M*) the
/// code point itself, or for Lu and Lt its simple lower-case mapping if it has one; for every
/// other character its simple lower-case mapping if it has one (U+2160 ROMAN NUMERAL ONE ->
/// U+2170), else 0: not a letter. Uses ICU's Unicode data.
char32_t unicode_tex_lccode(char32_t cp) noexcept;

class LetterRules {
 public:
  LetterRules() = default;
  explicit LetterRules(std::span<const LcCode> lccodes);

  /// The lower case of `cp` if it is a letter; nullopt otherwise.
  std::optional<char32_t> lower(char32_t cp) const;

 private:
  std::unordered_map<char32_t, char32_t> overrides_;  // lower == 0: not a letter
};

}  // namespace hyph::patterns
