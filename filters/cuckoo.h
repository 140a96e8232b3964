// Cuckoo filter (Fan, Andersen, Kaminsky & Mitzenmacher 2014): partial-key cuckoo hashing
// with 4-slot buckets, a bounded number of kicks and a victim slot. Supports erase.
//
// Layout. A table has B buckets of 4 slots; a slot holds an f-bit fingerprint, 0 meaning
// empty, and the slots are packed tightly: bucket b is bits [4fb, 4fb + 4f) of a byte
// array. B is not restricted to a power of two, so the table can be sized to a load of
// 0.96 for any n (a power of two would leave loads anywhere in 0.48..0.96). The walk
// looks one step ahead (a resident that can move to its other bucket ends it), which lets
// a table fill to about 0.97 before a walk gives up.
//
// Positions, from the key hash h = hi·2^32 + lo:
//   fp = fast_range(lo, 2^f − 1) + 1                  ∈ [1, 2^f)
//   i1 = fast_range(hi, B)
//   i2 = alt(i1, fp),  alt(i, fp) = (H(fp) − i) mod B,  H(fp) = fast_range(fp·0x9e3779b1, B)
// alt is an involution for every B (i1 + i2 ≡ H(fp)), which is all partial-key cuckoo
// hashing needs; the usual i ⊕ H(fp) would force B to be a power of two.
//
// Fingerprint size: ε ≈ 2·4·α/2^f at load α, so f = ceil(log2(8/ε)), clamped to 4..32
// (ε below 2^-29 is not reached). Space: f/α bits per key; theory (log2(1/ε) + 3)/α.
//
// Growth. A fingerprint cannot be traced back to its key, so a table can never be rebuilt
// larger, and stealing a fingerprint bit per doubling would double the false-positive rate
// every time. Instead, when an insert finds the newest table full (its kick chain ended in
// the victim slot), the filter adds a new table with twice the buckets and one more
// fingerprint bit, and inserts go there (a scalable filter, as for scalable Bloom filters).
// Lookups check every table; the rates add up to at most ε·(1 + 1/2 + 1/4 + ...) < 2ε.
// A filter built from known keys is one table: if its build overflows it is rebuilt a
// little larger (up to 8 times) before growth is used.
//
// Duplicates. Each insert of a key stores one more copy of its fingerprint. All copies of
// (fp, {i1, i2}) live in those two buckets, which hold 8 (4 if i1 == i2); further copies
// are counted in a small side map instead of stored, so insert never loses a key and erase
// undoes inserts one by one. Keys with equal fingerprint and bucket pair are
// indistinguishable and share the count.
//
// Erase. erase(h) removes one copy of h's fingerprint from h's buckets and returns true;
// if no copy is present it returns false and changes nothing. Erasing a key that was never
// inserted finds, with probability about ε, another key's matching fingerprint and removes
// it — that key then reads as absent. This is inherent to fingerprint filters.
#pragma once

#include "filters/filter.h"
#include "filters/filter_util.h"

#include <cstdint>
#include <map>
#include <span>
#include <tuple>
#include <vector>

namespace hyph::filters {

/// One fixed-size cuckoo table; CuckooFilter chains them.
class CuckooTable {
 public:
  static constexpr unsigned kSlots = 4;
  static constexpr unsigned kMaxKicks = 500;

  CuckooTable(std::uint64_t buckets, unsigned fingerprint_bits);

  std::uint32_t fingerprint(Hash key) const noexcept {
    return detail::fast_range32(static_cast<std::uint32_t>(key), fp_range_) + 1;
  }
  std::uint64_t primary(Hash key) const noexcept {
    return detail::fast_range32(static_cast<std::uint32_t>(key >> 32), buckets_);
  }
  std::uint64_t alternate(std::uint64_t bucket, std::uint32_t fp) const noexcept {
    const std::uint64_t h = detail::fast_range32(fp * 0x9e3779b1u, buckets_);
    return h >= bucket ? h - bucket : h + buckets_ - bucket;
  }

  bool contains(Hash key) const noexcept {
    const std::uint32_t fp = fingerprint(key);
    const std::uint64_t i1 = primary(key);
    const std::uint64_t i2 = alternate(i1, fp);
    const bool in_victim = victim_fp_ == fp && (victim_bucket_ == i1 || victim_bucket_ == i2);
    if (bits_ <= kSwarMaxBits) {
      // Compare fp with all four fields of a bucket at once: x has a zero field iff some
      // slot equals fp; (x − lo) & ~x & hi flags a zero field exactly (a borrow can only
      // create a flag above a real zero field).
      const std::uint64_t pattern = fp * lo_;
      const std::uint64_t x1 = detail::read_bits(bytes_.data(), i1 * bucket_bits_, bucket_bits_) ^ pattern;
      const std::uint64_t x2 = detail::read_bits(bytes_.data(), i2 * bucket_bits_, bucket_bits_) ^ pattern;
      return (((x1 - lo_) & ~x1 & hi_) | ((x2 - lo_) & ~x2 & hi_)) != 0 || in_victim;
    }
    bool found = in_victim;
    for (unsigned s = 0; s < kSlots; ++s) found |= slot(i1, s) == fp || slot(i2, s) == fp;
    return found;
  }

  /// Stores one copy of key's fingerprint, kicking others along; false (and no change)
  /// if the table is full, i.e. its victim slot is taken.
  bool insert(Hash key, detail::SplitMix64& rng);
  /// Removes one copy of key's fingerprint; false if there is none.
  bool erase(Hash key);
  /// Copies of key's fingerprint in its buckets, and how many the two buckets can hold.
  unsigned copies(Hash key) const noexcept;
  unsigned copy_limit(Hash key) const noexcept;
  /// Identifies the (fingerprint, bucket pair) class of a key.
  std::pair<std::uint32_t, std::uint64_t> key_class(Hash key) const noexcept;

  bool full() const noexcept { return victim_fp_ != 0; }
  std::uint64_t buckets() const noexcept { return buckets_; }
  unsigned fingerprint_bits() const noexcept { return bits_; }
  std::uint64_t stored() const noexcept { return stored_; }
  std::uint64_t memory_bits() const noexcept { return bytes_.size() * 8; }
  double load() const noexcept { return static_cast<double>(stored_) / static_cast<double>(kSlots * buckets_); }
  /// 1 − (1 − 1/(2^f − 1))^(8·load): a negative query compares with the ≈ 8·load
  /// fingerprints of its two buckets.
  double expected_fp_rate() const noexcept;

 private:
  static constexpr unsigned kSwarMaxBits = 14;  // 4f + 7 <= 63: a bucket is one unaligned load

  std::uint32_t slot(std::uint64_t bucket, unsigned s) const noexcept {
    return static_cast<std::uint32_t>(detail::read_bits(bytes_.data(), (bucket * kSlots + s) * bits_, bits_));
  }
  void set_slot(std::uint64_t bucket, unsigned s, std::uint32_t fp) noexcept {
    detail::write_bits(bytes_.data(), (bucket * kSlots + s) * bits_, bits_, fp);
  }
  bool place(std::uint64_t bucket, std::uint32_t fp) noexcept;
  bool remove(std::uint64_t bucket, std::uint32_t fp) noexcept;
  unsigned count(std::uint64_t bucket, std::uint32_t fp) const noexcept;

  std::uint64_t buckets_;
  unsigned bits_;             // f
  unsigned bucket_bits_;      // 4f
  std::uint64_t fp_range_;    // 2^f − 1
  std::uint64_t lo_ = 0, hi_ = 0;  // SWAR constants: bit 0 / bit f−1 of each field
  std::vector<std::uint8_t> bytes_;  // 4fB bits, plus 8 bytes so that every field is one unaligned load
  std::uint32_t victim_fp_ = 0;      // 0: no victim
  std::uint64_t victim_bucket_ = 0;
  std::uint64_t stored_ = 0;         // fingerprints held, victim included
};

class CuckooFilter final : public MutableFilter {
 public:
  /// Design load: a table built from n keys gets ceil(n / (4·0.96)) buckets (a lower load
  /// for fingerprints under 8 bits, which fill less).
  static constexpr double kTargetLoad = 0.96;

  /// Builds one table sized for keys.size() keys; each element is one insertion.
  CuckooFilter(std::span<const Hash> keys, double fp_rate);
  /// An empty filter sized for `capacity` keys.
  static CuckooFilter with_capacity(std::uint64_t capacity, double fp_rate);

  bool maybe_contains(Hash key) const noexcept override {
    for (const CuckooTable& table : tables_)
      if (table.contains(key)) return true;
    return false;
  }
  void insert(Hash key) override;
  bool erase(Hash key) override;
  FilterDescription describe() const override;
  /// Sum of the tables' rates.
  double expected_fp_rate() const noexcept override;

  /// Insertions currently held (stored or counted).
  std::uint64_t size() const noexcept { return size_; }
  std::size_t table_count() const noexcept { return tables_.size(); }
  unsigned fingerprint_bits() const noexcept { return tables_.front().fingerprint_bits(); }

 private:
  CuckooFilter(std::uint64_t capacity, double fp_rate, int);
  void grow();

  std::vector<CuckooTable> tables_;  // never empty; inserts go to the last
  // Copies beyond what a bucket pair holds: (table, fingerprint, lower bucket) -> count.
  std::map<std::tuple<std::size_t, std::uint32_t, std::uint64_t>, std::uint64_t> overflow_;
  detail::SplitMix64 rng_{0x6c62272e07bb0142ULL};
  std::uint64_t size_ = 0;
  double target_fp_rate_;
};

}  // namespace hyph::filters
