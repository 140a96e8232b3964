// Which of libhyph's code paths a process runs: its dispatch tier. Where a faster path exists
// for a newer instruction set (the separator scan, the ASCII word's walk, filter probes), the
// library takes the one of the highest tier the CPU has, or of the tier HYPH_CPU names if that
// is lower. Every tier gives the same answers; only the speed differs.
//
//   $ HYPH_CPU=avx2 hyphenate --version
//   hyphenate (libhyph) 0.1.0
//   dispatch tier: avx2 (HYPH_CPU; this CPU has up to avx512)
#pragma once

#include <hyph/export.h>

#include <optional>
#include <string_view>

namespace hyph {

/// The dispatch tiers, each including those below it.
enum class CpuTier : int {
  /// No path chosen at run time: plain C++ where a choice exists. Code built for the target's
  /// baseline still runs (on x86-64 that is SSE2, in the automaton's walk and the .dic paths).
  portable = 0,
  /// SSE2's separator scan: every x86-64 CPU.
  sse2 = 1,
  /// AVX2 with BMI1, BMI2 and POPCNT (x86-64-v3: Intel since Haswell, AMD since Zen).
  avx2 = 2,
  /// AVX-512 F, BW, VL, VBMI and VBMI2 on top of avx2 (Intel since Ice Lake, AMD since Zen 4):
  /// the lean path of a word of ASCII letters.
  avx512 = 3,
};

/// The environment variable that lowers the tier: a tier's name, or empty (or unset) for the
/// CPU's best. A tier above the CPU's best runs the CPU's best.
inline constexpr const char* kCpuTierVariable = "HYPH_CPU";

/// "portable", "sse2", "avx2" or "avx512".
HYPH_EXPORT std::string_view cpu_tier_name(CpuTier tier) noexcept;

/// The tier of that name (exactly as cpu_tier_name() spells it), or nullopt.
HYPH_EXPORT std::optional<CpuTier> parse_cpu_tier(std::string_view name) noexcept;

/// The highest tier this CPU can run.
HYPH_EXPORT CpuTier cpu_best_tier() noexcept;

/// The tier this process runs: the lower of cpu_best_tier() and HYPH_CPU's tier. HYPH_CPU is
/// read once, the first time the library needs it (in practice: before the first language is
/// loaded); setting it later in the same process changes nothing. A value that names no tier
/// is ignored here (the CPU's best runs) and reported by check_cpu_tier_variable().
HYPH_EXPORT CpuTier cpu_tier() noexcept;

/// Whether HYPH_CPU (as read for cpu_tier()) asked for a tier: set, not empty and valid.
HYPH_EXPORT bool cpu_tier_forced() noexcept;

/// Throws hyph::Error (ErrorCode::invalid_argument) naming HYPH_CPU, its value and the allowed
/// values if it holds something other than a tier's name or the empty string. libhyph's
/// command-line tools call it first and refuse to start on a typo.
HYPH_EXPORT void check_cpu_tier_variable();

}  // namespace hyph
