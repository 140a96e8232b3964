// Rank and select inside one 64-bit word, for the quotient filters' bit vectors
// (quotient.h, counting_quotient.h). Internal header.
//
// rank is a popcount of a masked word: std::popcount where the target has the instruction
// (-mpopcnt, implied by -march=x86-64-v2 and later); otherwise GCC compiles std::popcount
// to a call into libgcc, which costs more than the inline bit-twiddling count used instead.
// select has two forms: with BMI2 (compiled with
// -mbmi2 or -march supporting it) pdep deposits a single bit at the k-th set bit of the word
// and tzcnt reads its position; without it — the default, since BMI2 is not on every x86-64 —
// a portable form narrows to a byte with SWAR byte counts and then clears bits inside it.
#pragma once

#include <hyph/cpu_tier.h>

#include <bit>
#include <cstdint>

#if defined(__x86_64__)
#include <immintrin.h>
// The instructions HardwareBits' callers are compiled for (where HardwareBits is
// PortableBits, nothing: the lookup is then portable code).
#define HYPH_BIT_INSTRUCTIONS gnu::target("popcnt,lzcnt,bmi,bmi2"),
#else
#define HYPH_BIT_INSTRUCTIONS
#endif

namespace hyph::filters::detail {

/// Set bits of `word`.
inline unsigned popcount64(std::uint64_t word) noexcept {
#if defined(__POPCNT__)
  return static_cast<unsigned>(std::popcount(word));
#else
  word -= (word >> 1) & 0x5555555555555555ULL;
  word = (word & 0x3333333333333333ULL) + ((word >> 2) & 0x3333333333333333ULL);
  word = (word + (word >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<unsigned>((word * 0x0101010101010101ULL) >> 56);
#endif
}

/// Set bits of `word` at positions 0..i (inclusive), i < 64.
inline unsigned rank_upto(std::uint64_t word, unsigned i) noexcept {
  const std::uint64_t mask = i == 63 ? ~std::uint64_t{0} : (std::uint64_t{2} << i) - 1;
  return popcount64(word & mask);
}

/// The position of the k-th set bit (k counted from 0) of `word`; k < popcount(word).
/// Portable: needs no BMI2.
inline unsigned select_portable(std::uint64_t word, unsigned k) noexcept {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  constexpr std::uint64_t kHigh = 0x8080808080808080ULL;
  // Bits set in each byte, then inclusive prefix sums over the bytes (each at most 64, so no
  // byte overflows).
  std::uint64_t counts = word - ((word >> 1) & 0x5555555555555555ULL);
  counts = (counts & 0x3333333333333333ULL) + ((counts >> 2) & 0x3333333333333333ULL);
  counts = (counts + (counts >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  const std::uint64_t prefix = counts * kOnes;
  // Bytes whose prefix is <= k lie wholly before the wanted bit: (k + 128 − prefix) keeps
  // its high bit exactly then, with no borrow between bytes (prefix <= 64 < 128).
  const std::uint64_t before = ((k * kOnes) | kHigh) - prefix;
  // Count the flagged bytes by summing their flags into the top byte (no popcount: without
  // the instruction it is a library call).
  const unsigned byte = static_cast<unsigned>((((before & kHigh) >> 7) * kOnes) >> 56);
  const unsigned skipped = byte == 0 ? 0 : static_cast<unsigned>((prefix >> (8 * (byte - 1))) & 0xff);
  unsigned bits = static_cast<unsigned>((word >> (8 * byte)) & 0xff);
  for (unsigned left = k - skipped; left > 0; --left) bits &= bits - 1;  // at most 7 rounds
  return 8 * byte + static_cast<unsigned>(std::countr_zero(bits));
}

/// select with pdep where the target has it, else select_portable.
inline unsigned select_in_word(std::uint64_t word, unsigned k) noexcept {
#if defined(__BMI2__)
  return static_cast<unsigned>(std::countr_zero(_pdep_u64(std::uint64_t{1} << k, word)));
#else
  return select_portable(word, k);
#endif
}

/// The two ways the quotient filters' lookups count and select bits (their lookups are
/// templates over one of them). PortableBits: the functions above, whatever the compiler
/// targets. HardwareBits: the popcnt instruction and BMI2's pdep, in functions compiled for
/// those extensions; code using it must run only where fast_bit_instructions() is true,
/// and is inlined into a caller compiled with target("popcnt,bmi2") and flatten.
struct PortableBits {
  static unsigned popcount(std::uint64_t word) noexcept { return popcount64(word); }
  static unsigned select(std::uint64_t word, unsigned k) noexcept { return select_in_word(word, k); }
};

#if defined(__x86_64__)
struct HardwareBits {
  [[gnu::target("popcnt")]] static unsigned popcount(std::uint64_t word) noexcept {
    return static_cast<unsigned>(__builtin_popcountll(word));
  }
  [[gnu::target("bmi,bmi2")]] static unsigned select(std::uint64_t word, unsigned k) noexcept {
    return static_cast<unsigned>(_tzcnt_u64(_pdep_u64(std::uint64_t{1} << k, word)));
  }
};

/// True where the dispatch tier has popcnt and BMI2 (avx2 and up: include/hyph/cpu_tier.h)
/// and pdep is fast: not on AMD before Zen 3 (families 15h to 17h), whose microcoded pdep
/// takes up to hundreds of cycles.
inline bool fast_bit_instructions() noexcept {
  __builtin_cpu_init();
  return cpu_tier() >= CpuTier::avx2 && !__builtin_cpu_is("amdfam15h") && !__builtin_cpu_is("amdfam17h");
}
#else
using HardwareBits = PortableBits;
inline bool fast_bit_instructions() noexcept { return false; }
#endif

}  // namespace hyph::filters::detail
