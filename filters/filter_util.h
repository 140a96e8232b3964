// Small arithmetic shared by the filter backends: range reduction, remixing of the one
// 64-bit key hash, unaligned packed-bit access and argument checks. Internal header.
#pragma once

#include <hyph/error.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

namespace hyph::filters::detail {

__extension__ using uint128 = unsigned __int128;  // GCC/Clang builtin; __extension__ keeps -Wpedantic quiet

/// Maps a uniform 64-bit x to [0, n) with one multiply (Lemire's multiply-shift "fast
/// range"): the high half of the 128-bit product x·n. Uses the high bits of x, so callers
/// take other quantities (fingerprints, offsets) from x's low bits or from a remix.
inline std::uint64_t fast_range64(std::uint64_t x, std::uint64_t n) noexcept {
  return static_cast<std::uint64_t>((static_cast<uint128>(x) * n) >> 64);
}

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
/// must have 8 readable bytes past the byte holding `bit` (callers pad their storage).
inline std::uint64_t read_bits(const std::uint8_t* bytes, std::uint64_t bit, unsigned width) noexcept {
  std::uint64_t word;
  std::memcpy(&word, bytes + (bit >> 3), sizeof word);
  static_assert(std::endian::native == std::endian::little, "packed filters assume a little-endian target");
  return (word >> (bit & 7)) & ((std::uint64_t{1} << width) - 1);
}

/// Writes `value` (< 2^width, width <= 57) into the field read_bits() reads.
inline void write_bits(std::uint8_t* bytes, std::uint64_t bit, unsigned width, std::uint64_t value) noexcept {
  std::uint64_t word;
  std::memcpy(&word, bytes + (bit >> 3), sizeof word);
  const unsigned shift = bit & 7;
  const std::uint64_t mask = ((std::uint64_t{1} << width) - 1) << shift;
  word = (word & ~mask) | (value << shift);
  std::memcpy(bytes + (bit >> 3), &word, sizeof word);
}

}  // namespace hyph::filters::detail
