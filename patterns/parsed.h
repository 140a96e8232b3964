// What the readers produce: patterns and exceptions in TeX's terms, with where they came from.
#pragma once

#include <hyph/error.h>

#include <cstdint>
#include <string>
#include <vector>

namespace hyph::patterns {

/// TeX looks at no more than 63 letters of a word (tex.web §897), nor of a pattern.
inline constexpr std::size_t kMaxLetters = 63;
/// The most patterns a pattern set may have (all its sources together), checked as they are
/// read: 16 times the largest set in use (Hungarian, 62,851), and a bound on the memory a
/// hostile source makes the reader take (some 200 MB at the ceiling).
inline constexpr std::size_t kMaxPatterns = std::size_t{1} << 20;
/// The most entries the pattern automaton's table (trie states × letters, 4 bytes each while
/// building) may have: 256 MiB. German needs 55,000 states × 45 letters: 2.5 million.
inline constexpr std::size_t kMaxTableEntries = std::size_t{1} << 26;

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
