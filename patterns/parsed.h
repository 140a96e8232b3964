// What the readers produce: patterns and exceptions in TeX's terms, with where they came from.
#pragma once

#include <hyph/error.h>

#include <cstdint>
#include <string>
#include <vector>

namespace hyph::patterns {

/// TeX looks at no more than 63 letters of a word (tex.web §897), nor of a pattern.
inline constexpr std::size_t kMaxLetters = 63;
/// The word-boundary "letter" written '.' in patterns.
inline constexpr char32_t kEdge = U'.';

/// One Liang pattern: `letters` (lower case, '.' at a word edge) and values[i], the digit
/// before letters[i] (values[letters.size()] is the digit after the last letter).
struct Pattern {
  std::u32string letters;
  std::vector<std::uint8_t> values;
  SourceLocation where;
};

/// One exception: its lower-case letters and the allowed breaks (bit j: after letter j).
struct Exception {
  std::u32string letters;
  std::uint64_t breaks = 0;
  SourceLocation where;
};

/// A TeX \lccode assignment found in a source: `code` is a letter whose lower case is `lower`.
struct LcCode {
  char32_t code;
  char32_t lower;
};

struct ParsedSource {
  std::vector<Pattern> patterns;
  std::vector<Exception> exceptions;
  std::vector<LcCode> lccodes;
};

}  // namespace hyph::patterns
