#include "engine/separators.h"
#include "engine/separator_bits.h"

#include <hyph/cpu_tier.h>

#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define HYPH_X86 1
#endif

namespace hyph::detail {

const char* next_separator_portable(const char* p, const char* end) noexcept {
  while (p != end && !is_word_separator(static_cast<unsigned char>(*p))) ++p;
  return p;
}

#if defined(HYPH_X86) && defined(__SSE2__)
namespace {

inline std::uint64_t load64(const char* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}
inline std::uint32_t load32(const char* p) noexcept {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// The n < 16 bytes at p in the low bytes of a vector, zero above (zero is no separator),
// without reading a byte outside [p, p + n): overlapping loads of 8, 4 or single bytes.
inline __m128i load_short(const char* p, std::size_t n) noexcept {
  std::uint64_t lo = 0, hi = 0;
  if (n >= 8) {
    lo = load64(p);
    if (n > 8) hi = load64(p + n - 8) >> (8 * (16 - n));
  } else if (n >= 4) {
    lo = load32(p) | std::uint64_t{load32(p + n - 4)} << (8 * (n - 4));
  } else if (n > 0) {
    lo = static_cast<unsigned char>(p[0]) | std::uint64_t{static_cast<unsigned char>(p[n / 2])} << (8 * (n / 2)) |
         std::uint64_t{static_cast<unsigned char>(p[n - 1])} << (8 * (n - 1));
  }
  return _mm_set_epi64x(static_cast<long long>(hi), static_cast<long long>(lo));
}

// The tail of fewer than 16 bytes. Nearly always one 16-byte load: one that stays within
// p's page cannot fault, though it reads past `end` (those bits are masked off), and it takes
// no branch on the length, which varies word by word. Not instrumented: ASan would count the
// bytes past `end` as read (as would TSan).
__attribute__((no_sanitize("address", "thread"))) inline const char* tail(const char* p, const char* end) noexcept {
  const auto n = static_cast<std::size_t>(end - p);
  const __m128i v = (reinterpret_cast<std::uintptr_t>(p) & 4095) <= 4096 - 16 ? _mm_loadu_si128(reinterpret_cast<const __m128i*>(p))
                                                                              : load_short(p, n);
  const unsigned bits = separator_bits(v) & ((1u << n) - 1);
  return bits != 0 ? p + std::countr_zero(bits) : end;
}

const char* next_separator_sse2(const char* p, const char* end) noexcept {
  for (; end - p >= 16; p += 16)
    if (const unsigned bits = separator_bits(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)))) return p + std::countr_zero(bits);
  return tail(p, end);
}

__attribute__((target("avx2"))) const char* next_separator_avx2(const char* p, const char* end) noexcept {
  const __m256i nine = _mm256_set1_epi8(9), four = _mm256_set1_epi8(4), space = _mm256_set1_epi8(' ');
  for (; end - p >= 32; p += 32) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    const __m256i t = _mm256_sub_epi8(v, nine);
    const __m256i hits = _mm256_or_si256(_mm256_cmpeq_epi8(_mm256_min_epu8(t, four), t), _mm256_cmpeq_epi8(v, space));
    if (const auto bits = static_cast<unsigned>(_mm256_movemask_epi8(hits))) return p + std::countr_zero(bits);
  }
  return next_separator_sse2(p, end);
}

using Scan = const char* (*)(const char*, const char*) noexcept;

// The scan of the dispatch tier, and whether a short span takes the 16-byte tail instead
// (not on the portable tier). Asked once: the tier does not change while the program runs.
struct TierScan {
  Scan scan;
  bool vector_tail;
};
TierScan tier_scan() noexcept {
  static const TierScan chosen = cpu_tier() >= CpuTier::avx2   ? TierScan{next_separator_avx2, true}
                                 : cpu_tier() >= CpuTier::sse2 ? TierScan{next_separator_sse2, true}
                                                               : TierScan{next_separator_portable, false};
  return chosen;
}

}  // namespace

const char* next_separator(const char* p, const char* end) noexcept {
  const TierScan chosen = tier_scan();
  // A word is usually shorter than 16 bytes: no call through the pointer for it.
  if (end - p < 16 && chosen.vector_tail) return tail(p, end);
  return chosen.scan(p, end);
}

std::span<const SeparatorScan> separator_scans() noexcept {
  static const SeparatorScan scans[] = {{"portable", next_separator_portable, true},
                                        {"sse2", next_separator_sse2, cpu_tier() >= CpuTier::sse2},
                                        {"avx2", next_separator_avx2, cpu_tier() >= CpuTier::avx2}};
  return scans;
}

#elif defined(__wasm_simd128__)

// WebAssembly (the JavaScript package's module): 16 bytes a step. A load traps only past the
// end of linear memory, which is a whole number of 64 KiB pages, so a 16-byte load that stays
// in p's 64 KiB page is safe for the tail too (the bits past `end` are masked off).
const char* next_separator(const char* p, const char* end) noexcept {
  for (; end - p >= 16; p += 16)
    if (const unsigned bits = separator_bits(wasm_v128_load(p))) return p + std::countr_zero(bits);
  if (p == end || (reinterpret_cast<std::uintptr_t>(p) & 0xFFFF) > 0x10000 - 16) return next_separator_portable(p, end);
  const unsigned bits = separator_bits(wasm_v128_load(p)) & ((1u << (end - p)) - 1);
  return bits != 0 ? p + std::countr_zero(bits) : end;
}
std::span<const SeparatorScan> separator_scans() noexcept {
  static const SeparatorScan scans[] = {{"portable", next_separator_portable, true}, {"simd128", next_separator, true}};
  return scans;
}

#else

const char* next_separator(const char* p, const char* end) noexcept { return next_separator_portable(p, end); }
std::span<const SeparatorScan> separator_scans() noexcept {
  static const SeparatorScan scans[] = {{"portable", next_separator_portable, true}};
  return scans;
}

#endif

bool has_explicit_hyphen(const unsigned char* p, const unsigned char* end, bool dashes) noexcept {
  const auto n = static_cast<std::size_t>(end - p);
  if (std::memchr(p, '-', n) != nullptr) return true;
  if (!dashes) return false;
  for (const unsigned char* q = p; (q = static_cast<const unsigned char*>(std::memchr(q, 0xE2, static_cast<std::size_t>(end - q)))) != nullptr; ++q)
    if (is_dash_at(q, end)) return true;
  return false;
}

}  // namespace hyph::detail
