// Which code points a pattern source may use as letters, and their lower case: TeX's \lccode.
//
// By default a letter is what hyph-utf8 gives an \lccode: Unicode letters and combining
// marks, the apostrophes ' and ’, and the joiners ZWNJ/ZWJ; its lower case is ICU's simple
// lower-case mapping. \lccode assignments read from a TeX source override that.
#pragma once

#include "patterns/parsed.h"

#include <optional>
#include <span>
#include <unordered_map>

namespace hyph::patterns {

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
