// Small arithmetic shared by the filter backends: range reduction, remixing of the one
// 64-bit key hash, unaligned packed-bit access and argument checks. Internal header.
#pragma once

#include "base/byte_order.h"

#include <hyph/error.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

namespace hyph::filters::detail {

/// The high 64 bits of the 128-bit product a·b from four 32-bit products: what hosts without a
/// 128-bit integer (i386, armhf) use; tests hold it to the 128-bit product.
constexpr std::uint64_t multiply_high64_by_halves(std::uint64_t a, std::uint64_t b) noexcept {
  const std::uint64_t a_lo = a & 0xFFFFFFFFu, a_hi = a >> 32, b_lo = b & 0xFFFFFFFFu, b_hi = b >> 32;
  const std::uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo, lo_hi = a_lo * b_hi, hi_hi = a_hi * b_hi;
  // The middle column: two 32-bit halves and the carry out of the low product, < 2^34.
  const std::uint64_t middle = (lo_lo >> 32) + (hi_lo & 0xFFFFFFFFu) + (lo_hi & 0xFFFFFFFFu);
  return hi_hi + (hi_lo >> 32) + (lo_hi >> 32) + (middle >> 32);
}

/// The high 64 bits of the 128-bit product a·b: one instruction where the compiler has a
/// 128-bit integer (64-bit hosts), multiply_high64_by_halves elsewhere.
inline std::uint64_t multiply_high64(std::uint64_t a, std::uint64_t b) noexcept {
#if defined(__SIZEOF_INT128__)
  __extension__ using uint128 = unsigned __int128;  // GCC/Clang builtin; __extension__ keeps -Wpedantic quiet
  return static_cast<std::uint64_t>((static_cast<uint128>(a) * b) >> 64);
#else
  return multiply_high64_by_halves(a, b);
#endif
}

/// Maps a uniform 64-bit x to [0, n) with one multiply (Lemire's multiply-shift "fast
/// range"): the high half of the 128-bit product x·n. Uses the high bits of x, so callers
/// take other quantities (fingerprints, offsets) from x's low bits or from a remix.
inline std::uint64_t fast_range64(std::uint64_t x, std::uint64_t n) noexcept { return multiply_high64(x, n); }

/// The same reduction for a uniform 32-bit x and n <= 2^32.
inline std::uint32_t fast_range32(std::uint32_t x, std::uint64_t n) noexcept {
  return static_cast<std::uint32_t>((static_cast<std::uint64_t>(x) * n) >> 32);
}

/// A bijective 64-bit finalizer (xor-shift / multiply rounds, the SplitMix64 output
/// function). Used to derive a second, independent-looking 64-bit value from the key hash
/// and to reseed a construction that has to be retried.
inline std::uint64_t remix64(std::uint64_t x) noexcept {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

/// A tiny deterministic generator (SplitMix64) for the filters' own random choices
/// (cuckoo victims, construction seeds). Each filter owns one; there is no global state.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) noexcept : state_(seed) {}
  std::uint64_t next() noexcept { return remix64(state_ += 0x9e3779b97f4a7c15ULL); }

 private:
  std::uint64_t state_;
};

/// Throws invalid_argument unless 0 < fp_rate < 1 (NaN is rejected too).
inline void check_fp_rate(double fp_rate) {
  if (!(fp_rate > 0.0 && fp_rate < 1.0))
    // Not printed: std::to_string(double) would link printf into the WebAssembly module (js/).
    throw Error(ErrorCode::invalid_argument, "the false-positive rate must be strictly between 0 and 1");
}

/// log2(1/ε), the information-theoretic minimum bits per key for false-positive rate ε.
inline double lower_bound_bits(double fp_rate) noexcept { return -std::log2(fp_rate); }

/// Reads the `width`-bit field (width <= 57) that starts `bit` bits into `bytes`. The array
/// must have 8 readable bytes past the byte holding `bit` (callers pad their storage). Bit i
/// of the array is bit i % 8 of byte i / 8, on any host: the bytes are a little-endian word.
inline std::uint64_t read_bits(const std::uint8_t* bytes, std::uint64_t bit, unsigned width) noexcept {
  const auto word = byte_order::load<std::uint64_t>(bytes + (bit >> 3));
  return (word >> (bit & 7)) & ((std::uint64_t{1} << width) - 1);
}

/// Writes `value` (< 2^width, width <= 57) into the field read_bits() reads.
inline void write_bits(std::uint8_t* bytes, std::uint64_t bit, unsigned width, std::uint64_t value) noexcept {
  auto word = byte_order::load<std::uint64_t>(bytes + (bit >> 3));
  const unsigned shift = bit & 7;
  const std::uint64_t mask = ((std::uint64_t{1} << width) - 1) << shift;
  word = (word & ~mask) | (value << shift);
  byte_order::store(bytes + (bit >> 3), word);
}

}  // namespace hyph::filters::detail
