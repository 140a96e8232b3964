// The fingerprint the two quotient filters (quotient.h, counting_quotient.h) take from a
// key's 64-bit hash h, and their false-positive model. Internal header.
//
// A table of m slots with r-bit remainders reads h as the integer
//
//   F = floor(h·m·2^r / 2^64) ∈ [0, m·2^r),   quotient Q = F >> r ∈ [0, m),   remainder R = F mod 2^r.
//
// For m = 2^q this is the textbook split (Q is h's top q bits, R the next r); any m works the
// same way, so a table can be sized to its design load for every n. F is computed as the
// top bits of the 128-bit product h·m.
//
// Doubling. With m' = 2m and r' = r − 1, m'·2^r' = m·2^r, so every key keeps the same F:
// Q' = 2Q + (R's top bit), R' = R without it. A table can therefore double from its stored
// fingerprints alone, moving one remainder bit into the quotient each time.
//
// False positives. A query is a false positive iff its F equals one of the d distinct stored
// ones; F is (all but exactly) uniform over M = m·2^r values, so
//
//   rate = d/M = α·2^-r,   α = d/m   (d <= n: keys that share an F count once).
//
// r = ceil(log2(α_max/ε)) keeps the rate within ε up to the table's maximum load α_max. A
// doubling halves the load and removes one remainder bit, so the rate is unchanged at that
// moment but grows as d/M with further keys: each doubling doubles the rate the table has
// when it is full again.
#pragma once

#include "filters/filter.h"
#include "filters/filter_util.h"

#include <hyph/error.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace hyph::filters::detail {

/// F for a table of `slots` slots and `remainder_bits` (<= 32) remainder bits.
inline std::uint64_t quotient_fingerprint(Hash h, std::uint64_t slots, unsigned remainder_bits) noexcept {
#if defined(__SIZEOF_INT128__)
  __extension__ using uint128 = unsigned __int128;
  return static_cast<std::uint64_t>((static_cast<uint128>(h) * slots) >> (64 - remainder_bits));
#else
  // The 128-bit product's high and low words, shifted right by 64 - r (r = 0: the high word;
  // a shift by 64 is undefined).
  const std::uint64_t high = multiply_high64(h, slots), low = h * slots;
  return remainder_bits == 0 ? high : high << remainder_bits | low >> (64 - remainder_bits);
#endif
}

/// r = ceil(log2(max_load/ε)) clamped to 1..max_bits; throws invalid_argument unless 0 < ε < 1.
inline unsigned remainder_bits_for(double fp_rate, double max_load, unsigned max_bits) {
  check_fp_rate(fp_rate);
  // The slack keeps exact powers of two from rounding up on floating-point noise.
  const double r = std::ceil(std::log2(max_load / fp_rate) - 1e-9);
  return static_cast<unsigned>(std::clamp(r, 1.0, static_cast<double>(max_bits)));
}

/// Sorts fingerprints of a table of `slots` slots (fewer than 2^32 of them): a counting sort
/// by quotient, then the few remainders of each home — linear in n + m, where a comparison
/// sort of a whole build's fingerprints costs n·log n.
inline void sort_fingerprints(std::vector<std::uint64_t>& fs, std::uint64_t slots, unsigned remainder_bits) {
  std::vector<std::uint32_t> end(slots + 1, 0);
  for (const std::uint64_t f : fs) ++end[(f >> remainder_bits) + 1];
  for (std::uint64_t q = 1; q <= slots; ++q) end[q] += end[q - 1];
  std::vector<std::uint64_t> sorted(fs.size());
  for (const std::uint64_t f : fs) sorted[end[f >> remainder_bits]++] = f;  // end[q]: then the end of home q's
  for (std::uint64_t q = 0, begin = 0; q < slots; begin = end[q++])
    if (end[q] - begin > 1) std::sort(sorted.begin() + static_cast<std::ptrdiff_t>(begin), sorted.begin() + end[q]);
  fs.swap(sorted);
}

/// A merge needs both tables to give a key the same F: throws Error(invalid_argument), naming
/// `what` and both shapes, unless they have the same slot count and remainder bits.
inline void check_same_shape(const char* what, std::uint64_t slots, unsigned remainder_bits, std::uint64_t other_slots,
                             unsigned other_remainder_bits) {
  if (other_slots != slots || other_remainder_bits != remainder_bits)
    throw Error(ErrorCode::invalid_argument,
                std::string(what) + " merge: parameters differ (" + std::to_string(slots) + " slots with " +
                    std::to_string(remainder_bits) + "-bit remainders here, " + std::to_string(other_slots) +
                    " slots with " + std::to_string(other_remainder_bits) +
                    "-bit remainders in the other); merging needs both equal");
}

/// Compares up to kFields packed r-bit remainders (r <= 14, so they fit a 56-bit window) with
/// one value at once: xor with the value copied into every field, then a field is nonzero iff
/// the top bit of ((its low r − 1 bits) + (2^(r−1) − 1)) | itself is set, with no carry
/// between fields. Both quotient filters use it for the short runs their lookups meet.
class RemainderWindow {
 public:
  static constexpr unsigned kFields = 4, kMaxBits = 14, kBits = 56;
  /// Whether remainders of r bits are compared this way: 1 <= r <= kMaxBits (at r = 0 every
  /// remainder is equal, and the caller's plain loop says so).
  static bool fits(unsigned r) noexcept { return r - 1 < kMaxBits; }
  RemainderWindow() = default;
  explicit RemainderWindow(unsigned r) noexcept : r_(r) {
    if (!fits(r)) return;
    for (unsigned j = 0; j < kFields; ++j) ones_ |= std::uint64_t{1} << (j * r);
    low_ = ones_ * ((std::uint64_t{1} << (r - 1)) - 1);
    high_ = ones_ << (r - 1);
  }
  /// True if one of the first `count` (1..kFields) fields of `window` equals x (x < 2^r).
  bool any_equal(std::uint64_t window, std::uint64_t x, std::uint64_t count) const noexcept {
    const std::uint64_t diff = window ^ (x * ones_);
    const std::uint64_t nonzero = (((diff & low_) + low_) | diff) & high_;
    return (~nonzero & high_ & ((std::uint64_t{1} << (count * r_)) - 1)) != 0;
  }

 private:
  unsigned r_ = 0;
  std::uint64_t ones_ = 0, low_ = 0, high_ = 0;  // per field: 1, 2^(r−1) − 1, 2^(r−1)
};

/// d/M with M = slots·2^remainder_bits, for d distinct stored fingerprints.
inline double quotient_fp_rate(std::uint64_t distinct, std::uint64_t slots, unsigned remainder_bits) noexcept {
  return static_cast<double>(distinct) / std::ldexp(static_cast<double>(slots), static_cast<int>(remainder_bits));
}

}  // namespace hyph::filters::detail
