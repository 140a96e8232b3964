// Hash compaction (Wolper & Leroy 1993): an open-addressing table of l-bit compressed keys.
//
// Each key is compressed to c = fast_range(h, 2^l − 1) + 1 ∈ [1, 2^l) (0 marks an empty
// slot); the table stores c alone, at home(c) = fast_range(remix64(c), slots) with linear
// probing. A query compares its own c with the stored ones, so a negative query is a false
// positive iff its c equals one of the d distinct stored values:
//
//   rate = d/(2^l − 1),    l = ceil(log2(n/ε + 1))  (so rate <= ε while d <= n)
//
// for a table built for n keys, l clamped to 1..57. The rate is "omission probability" in
// Wolper and Leroy's terms. Unlike fingerprint filters, l grows with log2(n): the space is
//
//   l/α bits per key, theory log2(n/ε)/α with the design load α = 0.8.
//
// Because the slot depends only on c, the table can be rehashed into more slots without the
// keys: inserting past the design load grows it (×1.5 when the load would pass 0.9), so
// insert never fails. l cannot grow, though: d keys beyond n raise the rate to about
// d/2^l, as the formula says; build with with_capacity() for the number of keys expected.
//
// Duplicates and erase. Each insert stores one more copy of c; erase(h) removes one copy
// (backward-shift deletion, no tombstones) and returns false, changing nothing, if no copy
// of c is present. As with any fingerprint filter, erasing a key that was never inserted
// but shares c with an inserted one (probability about the rate) removes that key's copy.
//
// Lookup cost: linear probing at load α reads about (1 + 1/(1−α)²)/2 slots for a
// negative query (13 at 0.8) and (1 + 1/(1−α))/2 for a positive one (3 at 0.8).
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

  /// Sized for keys.size() keys at fp_rate; each element is one insertion.
  HashCompactionFilter(std::span<const Hash> keys, double fp_rate);
  /// An empty filter sized for `capacity` keys: l bits such that `capacity` distinct keys
  /// keep the rate within fp_rate.
  static HashCompactionFilter with_capacity(std::uint64_t capacity, double fp_rate);

  bool maybe_contains(Hash key) const noexcept override {
    const std::uint64_t c = compress(key);
    for (std::uint64_t i = home(c);; i = next(i)) {
      const std::uint64_t v = slot(i);
      if (v == c) return true;
      if (v == 0) return false;
    }
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

  std::uint64_t home(std::uint64_t c) const noexcept { return detail::fast_range64(detail::remix64(c), slots_); }
  std::uint64_t next(std::uint64_t i) const noexcept { return i + 1 == slots_ ? 0 : i + 1; }
  std::uint64_t slot(std::uint64_t i) const noexcept { return detail::read_bits(bytes_.data(), i * bits_, bits_); }
  void set_slot(std::uint64_t i, std::uint64_t c) noexcept { detail::write_bits(bytes_.data(), i * bits_, bits_, c); }
  void resize(std::uint64_t slots);
  void place(std::uint64_t c) noexcept;  // stores one copy; the table has room

  unsigned bits_;                 // l
  std::uint64_t range_;           // 2^l − 1
  std::uint64_t slots_ = 0;
  std::vector<std::uint8_t> bytes_;  // slots·l bits, plus 8 bytes so every field is one unaligned load
  std::uint64_t stored_ = 0;      // copies held
  std::uint64_t distinct_ = 0;    // distinct compressed keys held
  std::uint64_t capacity_;        // n the filter was sized for
  double target_fp_rate_;
};

}  // namespace hyph::filters
