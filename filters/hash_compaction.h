// Hash compaction (Wolper & Leroy 1993): an open-addressing table of l-bit compressed keys.
//
// Each key is compressed to c = fast_range(h, 2^l − 1) + 1 ∈ [1, 2^l) (0 marks an empty
// slot); the table stores c alone, at home(c) = ⌊c·slots/2^l⌋ with linear probing. A query
// compares its own c with the stored ones, so a negative query is a false positive iff its c
// equals one of the d distinct stored values:
//
//   rate = d/(2^l − 1),    l = ceil(log2(n/ε + 1))  (so rate <= ε while d <= n)
//
// for a table built for n keys, l clamped to 1..57. The rate is "omission probability" in
// Wolper and Leroy's terms. Unlike fingerprint filters, l grows with log2(n): the space is
//
//   l/α bits per key, theory log2(n/ε)/α with the design load α = 0.8.
//
// Ordered probing. home() is monotone in c (c is already uniform, so no remix is needed) and
// the table does not wrap round: a cluster that reaches past the last home runs on into extra
// slots at the end, and the last slot is always empty. Every cluster is kept sorted (an
// Amble–Knuth ordered table, with linear probing also a Robin Hood table), so the whole table
// reads as the sorted list of the stored values with gaps. A query scans from home(c) while
// it sees smaller values and stops at an empty slot or a value >= c, so a negative query reads
// about as many slots as a positive one, (1 + 1/(1−α))/2 = 3 at α = 0.8, instead of plain
// linear probing's (1 + 1/(1−α)²)/2 = 13, with one comparison per slot.
//
// Because the slot depends only on c, the table can be rehashed into more slots without the
// keys: inserting past the design load grows it (×1.5 when the load would pass 0.9), so
// insert never fails. l cannot grow, though: d keys beyond n raise the rate to about
// d/2^l, as the formula says; build with with_capacity() for the number of keys expected.
//
// Duplicates and erase. Each insert stores one more copy of c (copies are neighbours, by the
// order); erase(h) removes one copy (backward-shift deletion, no tombstones) and returns false,
// changing nothing, if no copy of c is present. As with any fingerprint filter, erasing a key
// that was never inserted but shares c with an inserted one (probability about the rate)
// removes that key's copy.
#pragma once

#include "filters/filter.h"
#include "filters/filter_util.h"

#include <cstdint>
#include <span>
#include <vector>

namespace hyph::filters {

class HashCompactionFilter final : public MutableFilter {
 public:
  static constexpr double kDesignLoad = 0.8;
  static constexpr double kMaxLoad = 0.9;
  /// Slots past the last home that a new table has, and that the overflow grows by.
  static constexpr std::uint64_t kOverflowSlots = 16;
  /// Slots a lookup compares at once (maybe_contains). Measured at 10^5 keys, 1 %: 3 slots
  /// 12.3 ns, 4 slots 11.4, 6 slots 11.2, 8 slots 12.5 (the loop alone: 22).
  static constexpr unsigned kWindow = 4;

  /// Sized for keys.size() keys at fp_rate; each element is one insertion.
  HashCompactionFilter(std::span<const Hash> keys, double fp_rate);
  /// An empty filter sized for `capacity` keys: l bits such that `capacity` distinct keys
  /// keep the rate within fp_rate.
  static HashCompactionFilter with_capacity(std::uint64_t capacity, double fp_rate);

  bool maybe_contains(Hash key) const noexcept override {
    const std::uint64_t c = compress(key);
    std::uint64_t i = home(c);
    // From the home on, "smaller than c" holds for a prefix of the slots and then never
    // again (the table is the sorted list with gaps; an empty slot is followed by larger
    // homes, so larger values). So the rank is a count over a window of slots, with no
    // branch on the data; only a prefix that fills the window (rare at load 0.8) goes on
    // slot by slot. The window stays inside the table (a loaded table may have only one
    // slot past its homes).
    if (i + kWindow < table_slots_) {
      std::uint64_t smaller = 0;
      for (unsigned j = 0; j < kWindow; ++j) smaller += slot(i + j) - 1 < c - 1;
      i += smaller;
    }
    while (slot(i) - 1 < c - 1) ++i;
    return slot(i) == c;
  }
  void insert(Hash key) override;
  bool erase(Hash key) override;
  FilterDescription describe() const override;
  /// d/(2^l − 1) for the d distinct compressed keys held: a query's c is uniform on [1, 2^l).
  double expected_fp_rate() const noexcept override;
  void serialize(std::ostream& out) const override;
  /// Reads what serialize() wrote; load_filter() calls it (filters/serialize.cpp).
  static std::unique_ptr<HashCompactionFilter> deserialize(io::Reader& in);

  unsigned compressed_bits() const noexcept { return bits_; }
  std::uint64_t slot_count() const noexcept { return slots_; }
  std::uint64_t size() const noexcept { return stored_; }
  std::uint64_t distinct() const noexcept { return distinct_; }
  double load() const noexcept { return static_cast<double>(stored_) / static_cast<double>(slots_); }

  std::uint64_t compress(Hash key) const noexcept { return detail::fast_range64(key, range_) + 1; }

 private:
  HashCompactionFilter(std::uint64_t capacity, double fp_rate, int);

  // Monotone in c: c's l bits moved to the top of a 64-bit value, then reduced to [0, slots).
  std::uint64_t home(std::uint64_t c) const noexcept { return detail::fast_range64(c << (64 - bits_), slots_); }
  // The first slot from home(c) on that is empty or holds a value >= c: where c is if it is
  // held, and where it goes if not. (v − 1 < c − 1 is v < c for v != 0, and false for an
  // empty slot, v = 0, whose v − 1 wraps to the largest value; c >= 1.) The empty last slot
  // ends every scan.
  std::uint64_t find_rank(std::uint64_t c) const noexcept {
    std::uint64_t i = home(c);
    while (slot(i) - 1 < c - 1) ++i;
    return i;
  }
  // True if the table keeps its order: the values ascend (gaps aside), each lies at or past
  // its home with no empty slot in between, and the last slot is empty. deserialize() checks it.
  bool ordered() const noexcept;
  std::uint64_t slot(std::uint64_t i) const noexcept { return detail::read_bits(bytes_.data(), i * bits_, bits_); }
  void set_slot(std::uint64_t i, std::uint64_t c) noexcept { detail::write_bits(bytes_.data(), i * bits_, bits_, c); }
  void resize(std::uint64_t slots);
  void allocate(std::uint64_t table_slots);  // an empty table of that many slots
  void place(std::uint64_t c);  // stores one copy in order; the table has a free home
  void place_all(std::vector<std::uint64_t>& values);  // sorts them, then places each

  unsigned bits_;                 // l
  std::uint64_t range_;           // 2^l − 1
  std::uint64_t slots_ = 0;        // homes: [0, slots)
  std::uint64_t table_slots_ = 0;  // slots in bytes_: the homes, the overflow past them, the empty last one
  std::vector<std::uint8_t> bytes_;  // table_slots·l bits, plus 8 bytes so every field is one unaligned load
  std::uint64_t stored_ = 0;      // copies held
  std::uint64_t distinct_ = 0;    // distinct compressed keys held
  std::uint64_t capacity_;        // n the filter was sized for
  double target_fp_rate_;
};

}  // namespace hyph::filters
