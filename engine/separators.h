// Finding TeX's word separators (hyph::is_word_separator) many bytes at a time: the front
// end every whole-text path cuts tokens with; and explicit hyphens ('-', dashes) in a token.
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
[[gnu::always_inline]] inline const char* skip_separators(const char* p, const char* end) noexcept {
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

/// An explicit hyphen in [p, end): '-', or with `dashes` also U+2013 and U+2014.
bool has_explicit_hyphen(const unsigned char* p, const unsigned char* end, bool dashes) noexcept;

/// The one test of an explicit hyphen as a character: '-', or with `dashes` (Model::dash_hyphens)
/// U+2013 EN DASH and U+2014 EM DASH. The byte-level tests below are this one on UTF-8.
inline bool is_explicit_hyphen(char32_t c, bool dashes) noexcept { return c == U'-' || (dashes && (c == 0x2013 || c == 0x2014)); }

/// U+2013 EN DASH or U+2014 EM DASH starts at p (their UTF-8: E2 80 93, E2 80 94).
inline bool is_dash_at(const unsigned char* p, const unsigned char* end) noexcept {
  return end - p >= 3 && p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0x93 || p[2] == 0x94);
}

}  // namespace hyph::detail
