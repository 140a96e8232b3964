// The one place that decides the dispatch tier (include/hyph/cpu_tier.h): every dispatch point
// (engine/separators.cpp, engine/tex_token_breaks.cpp, engine/tex_ascii_avx2.cpp, filters/blocked_bloom.cpp,
// filters/rank_select.h) asks cpu_tier() and nothing else.
#include <hyph/cpu_tier.h>
#include <hyph/error.h>

#include <algorithm>
#include <cstdlib>
#include <string>

namespace hyph {
namespace {

constexpr std::string_view kNames[] = {"portable", "sse2", "avx2", "avx512"};

CpuTier detect() noexcept {
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
  // (Needed where this runs before the constructors of libgcc, in another's static initializer.)
  __builtin_cpu_init();
  if (!__builtin_cpu_supports("sse2")) return CpuTier::portable;
  if (!(__builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
        __builtin_cpu_supports("popcnt")))
    return CpuTier::sse2;
  if (!(__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vbmi2")))
    return CpuTier::avx2;
  return CpuTier::avx512;
#else
  return CpuTier::portable;
#endif
}

// HYPH_CPU as read once: the tier it gives, and its value if that names no tier.
struct Choice {
  CpuTier tier;
  bool forced;
  std::optional<std::string> invalid;
};

Choice choose() {
  const CpuTier best = cpu_best_tier();
  const char* value = std::getenv(kCpuTierVariable);
  if (value == nullptr || *value == '\0') return {best, false, std::nullopt};
  if (const std::optional<CpuTier> asked = parse_cpu_tier(value)) return {std::min(*asked, best), true, std::nullopt};
  return {best, false, std::string(value)};
}

const Choice& choice() {
  static const Choice chosen = choose();
  return chosen;
}

}  // namespace

std::string_view cpu_tier_name(CpuTier tier) noexcept { return kNames[static_cast<int>(tier)]; }

std::optional<CpuTier> parse_cpu_tier(std::string_view name) noexcept {
  for (int i = 0; i < static_cast<int>(std::size(kNames)); ++i)
    if (name == kNames[i]) return static_cast<CpuTier>(i);
  return std::nullopt;
}

CpuTier cpu_best_tier() noexcept {
  static const CpuTier best = detect();
  return best;
}

CpuTier cpu_tier() noexcept { return choice().tier; }

bool cpu_tier_forced() noexcept { return choice().forced; }

void check_cpu_tier_variable() {
  const Choice& chosen = choice();
  if (!chosen.invalid) return;
  throw Error(ErrorCode::invalid_argument, std::string(kCpuTierVariable) + "=" + *chosen.invalid +
                                               ": not a dispatch tier; the allowed values are portable, sse2, avx2 and "
                                               "avx512, or empty for the CPU's best (" +
                                               std::string(cpu_tier_name(cpu_best_tier())) + " here)");
}

}  // namespace hyph
