// Finding TeX's word separators (hyph::is_word_separator) many bytes at a time: the front
// end every whole-text path cuts tokens with.
//
// x86-64 always has SSE2: 16 bytes a step, and a short tail (a word is often all tail) read
// with loads that stay inside the text. Where the dispatch tier has AVX2 (asked once, at run
// time: the library is built for any x86-64; include/hyph/cpu_tier.h), 32 bytes a step. Other
// machines, and the portable tier, take the portable loop, which tests also run against the
// vector paths.
#pragma once

#include <hyph/hyphenator.h>

#include <cstddef>
#include <span>

namespace hyph::detail {

/// The first separator in [p, end), or end. The portable loop, and the fastest path the CPU has.
const char* next_separator_portable(const char* p, const char* end) noexcept;
const char* next_separator(const char* p, const char* end) noexcept;

/// The first byte in [p, end) that is not a separator, or end (runs of white space are short).
inline const char* skip_separators(const char* p, const char* end) noexcept {
  while (p != end && is_word_separator(static_cast<unsigned char>(*p))) ++p;
  return p;
}

/// One implementation of next_separator().
struct SeparatorScan {
  const char* name;  ///< "portable", "sse2", "avx2"
  const char* (*scan)(const char* p, const char* end) noexcept;
  bool usable;  ///< the dispatch tier includes it (cpu_tier())
};
/// Every implementation this build has, for tests (each must agree with the portable loop);
/// the last usable one is the one next_separator() runs.
std::span<const SeparatorScan> separator_scans() noexcept;

}  // namespace hyph::detail
