// The Unicode character data the runtime asks about: whether a code point is a letter or a
// mark, whether it is upper or title case, and its simple lower-case mapping. One seam, two
// implementations: ICU's (unicode_data_icu.cpp, the native library) and a table generated
// from ICU at build time (unicode_data_table.cpp, the ICU-free runtime of -Druntime_only=true,
// e.g. WebAssembly), so that both answer alike.
#pragma once

#include <cstdint>
#include <vector>

namespace hyph::patterns::unicode {

/// A code point's general category, as much of it as letters need.
enum class Kind : std::uint8_t {
  other = 0,  ///< not L* or M*
  letter = 1,  ///< L* or M*, but not Lu or Lt
  upper = 2,  ///< Lu or Lt
};

Kind kind(char32_t cp) noexcept;
/// The simple lower-case mapping (UnicodeData.txt's field 13), or `cp` itself.
char32_t lower(char32_t cp) noexcept;

inline bool letter_or_mark(char32_t cp) noexcept { return kind(cp) != Kind::other; }

/// Every code point that is `cp` up to case (ICU's case-insensitive closure), `cp` included.
/// Only loaders from sources ask this (patterns/alphabet.cpp): the ICU implementation alone
/// has it, and the ICU-free runtime never links a caller of it.
std::vector<char32_t> case_closure(char32_t cp);

}  // namespace hyph::patterns::unicode
