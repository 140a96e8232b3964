// How the counting quotient filter (counting_quotient.h) writes a remainder's count into the
// remainder slots of its run. Internal header.
//
// A run holds entries in increasing order of remainder; an entry for remainder x seen c
// times is, in r-bit slots (B = 2^r values):
//
//   c = 1, 2, 3:  x repeated c times
//   c >= 4:       x, then k + 2 more copies of x, then k digits d_1 .. d_k
//
// The digits are c − 4 − (the counts that fewer digits cover) in a mixed radix: d_1 takes
// the B − 1 values other than x (so the copies of x end exactly before it), d_2 .. d_k take
// all B. k digits cover (B − 1)·B^(k−1) counts, so every count has exactly one encoding.
// Reading an entry needs no lookahead past it: count the copies j of x after the first;
// j <= 2 means c = j + 1 and no digits, j >= 3 means k = j − 2 digits follow. The entry
// after starts with a remainder > x, never a copy of x, so j stops where it should.
//
// Cost: 1..3 slots for c <= 3, then 2k + 3 slots: 5 slots up to c = B + 2, 7 up to about
// B², ... (for r = 8: 5 slots to 258, 7 to 65,282, 9 to 16.7 million). This is simpler than
// the paper's encoding (which packs the digits between two copies of x, about k + 2 slots,
// with special cases for x = 0) at the price of k more slots per large count; small counts
// cost the same.
#pragma once

#include "filters/filter_util.h"

#include <cstdint>

namespace hyph::filters::detail {

/// Enough slots for any 64-bit count, at any r >= 1 (r = 1: 2·64 + 3).
inline constexpr unsigned kMaxEntrySlots = 132;

/// An entry read back: its length in slots and its count.
struct Entry {
  std::uint64_t slots = 0;
  std::uint64_t count = 0;
};

#if defined(__SIZEOF_INT128__)
__extension__ using uint128 = unsigned __int128;

/// Writes the entry (x, count) into out[0 .. returned length); count >= 1, x < 2^r, 1 <= r <= 32.
inline unsigned encode_entry(std::uint64_t x, std::uint64_t count, unsigned r, std::uint64_t* out) noexcept {
  unsigned n = 0;
  out[n++] = x;
  if (count <= 3) {
    while (n < count) out[n++] = x;
    return n;
  }
  const uint128 radix = uint128{1} << r;
  uint128 value = count - 4, width = radix - 1;  // width: counts covered by k digits
  unsigned k = 1;
  while (value >= width) {
    value -= width;
    width *= radix;
    ++k;
  }
  for (unsigned i = 0; i < k + 2; ++i) out[n++] = x;
  // d_1 .. d_k, most significant first; d_1 < B − 1 skips the value x.
  uint128 place = width / (radix - 1);  // B^(k−1)
  const std::uint64_t first = static_cast<std::uint64_t>(value / place);
  out[n++] = first < x ? first : first + 1;
  value %= place;
  for (unsigned i = 1; i < k; ++i) {
    place /= radix;
    out[n++] = static_cast<std::uint64_t>(value / place);
    value %= place;
  }
  return n;
}

/// The slots encode_entry would write for (any x, count).
inline unsigned entry_slots(std::uint64_t count, unsigned r) noexcept {
  if (count <= 3) return static_cast<unsigned>(count);
  const uint128 radix = uint128{1} << r;
  uint128 value = count - 4, width = radix - 1;
  unsigned k = 1;
  for (; value >= width; ++k) {
    value -= width;
    width *= radix;
  }
  return 2 * k + 3;
}

/// Reads the entry that starts at slot `at` of a run ending at `end` (inclusive); read(i)
/// gives slot i. Returns slots == 0 if the slots do not hold a whole entry or the count
/// passes 2^64 − 1 (only a damaged file does that).
template <class Read>
Entry decode_entry(std::uint64_t at, std::uint64_t end, unsigned r, Read&& read) {
  const std::uint64_t x = read(at);
  std::uint64_t copies = 0;
  while (at + 1 + copies <= end && read(at + 1 + copies) == x) ++copies;
  if (copies <= 2) return {1 + copies, 1 + copies};
  const std::uint64_t k = copies - 2;
  if (k > kMaxEntrySlots || at + 1 + copies + k - 1 > end) return {};
  const uint128 radix = uint128{1} << r;
  uint128 value = 0, covered = 0, width = radix - 1;
  for (std::uint64_t i = 1; i < k; ++i) {
    covered += width;
    width *= radix;
  }
  for (std::uint64_t i = 0; i < k; ++i) {
    const std::uint64_t d = read(at + 1 + copies + i);
    value = value * (i == 0 ? radix - 1 : radix) + (i == 0 && d > x ? d - 1 : d);
    if (value >> 64) return {};
  }
  const uint128 count = 4 + covered + value;
  if (count >> 64) return {};
  return {1 + copies + k, static_cast<std::uint64_t>(count)};
}

#else
// Without a 128-bit integer (32-bit hosts): the same entries, from the radix being a power of
// two. B = 2^r; k digits cover W_k = B^k − B^(k−1) counts, and the digits before cover
// B^(k−1) − 1 of them in all.

// W_k, or 2^64 − 1 where it is larger than any count (r·k > 64).
inline std::uint64_t digit_width(unsigned r, unsigned k) noexcept {
  const unsigned bits = r * k;
  if (bits > 64) return ~std::uint64_t{0};
  const std::uint64_t below = std::uint64_t{1} << (bits - r);
  return bits == 64 ? 0 - below : (std::uint64_t{1} << bits) - below;
}

/// Writes the entry (x, count) into out[0 .. returned length); count >= 1, x < 2^r, 1 <= r <= 32.
inline unsigned encode_entry(std::uint64_t x, std::uint64_t count, unsigned r, std::uint64_t* out) noexcept {
  unsigned n = 0;
  out[n++] = x;
  if (count <= 3) {
    while (n < count) out[n++] = x;
    return n;
  }
  std::uint64_t value = count - 4;
  unsigned k = 1;
  while (value >= digit_width(r, k)) value -= digit_width(r, k++);
  for (unsigned i = 0; i < k + 2; ++i) out[n++] = x;
  // d_1 .. d_k, most significant first (digit i at bits r·(k−1−i)); d_1 < B − 1 skips x.
  for (unsigned i = 0; i < k; ++i) {
    const unsigned shift = r * (k - 1 - i);
    const std::uint64_t d = shift >= 64 ? 0 : value >> shift;
    if (shift < 64) value &= (std::uint64_t{1} << shift) - 1;
    out[n++] = i == 0 && d >= x ? d + 1 : d;
  }
  return n;
}

/// The slots encode_entry would write for (any x, count).
inline unsigned entry_slots(std::uint64_t count, unsigned r) noexcept {
  if (count <= 3) return static_cast<unsigned>(count);
  std::uint64_t value = count - 4;
  unsigned k = 1;
  while (value >= digit_width(r, k)) value -= digit_width(r, k++);
  return 2 * k + 3;
}

/// Reads the entry that starts at slot `at` of a run ending at `end` (inclusive); read(i)
/// gives slot i. Returns slots == 0 if the slots do not hold a whole entry or the count
/// passes 2^64 − 1 (only a damaged file does that).
template <class Read>
Entry decode_entry(std::uint64_t at, std::uint64_t end, unsigned r, Read&& read) {
  const std::uint64_t x = read(at);
  std::uint64_t copies = 0;
  while (at + 1 + copies <= end && read(at + 1 + copies) == x) ++copies;
  if (copies <= 2) return {1 + copies, 1 + copies};
  const std::uint64_t k = copies - 2;
  if (k > kMaxEntrySlots || at + 1 + copies + k - 1 > end) return {};
  const std::uint64_t radix = std::uint64_t{1} << r;
  std::uint64_t value = 0;
  for (std::uint64_t i = 0; i < k; ++i) {
    const std::uint64_t d = read(at + 1 + copies + i);
    if (__builtin_mul_overflow(value, i == 0 ? radix - 1 : radix, &value) ||
        __builtin_add_overflow(value, i == 0 && d > x ? d - 1 : d, &value))
      return {};
  }
  // 4 + (B^(k−1) − 1) + value.
  const std::uint64_t bits = r * (k - 1);
  std::uint64_t count = 0;
  if (bits >= 64 || __builtin_add_overflow(std::uint64_t{3} + (std::uint64_t{1} << bits), value, &count)) return {};
  return {1 + copies + k, count};
}

#endif

}  // namespace hyph::filters::detail
