// Cuckoo filter (Fan, Andersen, Kaminsky & Mitzenmacher 2014): partial-key cuckoo hashing
// with 4-slot buckets, a bounded number of kicks and a victim slot. Supports erase.
//
// Layout. A slot holds an f-bit fingerprint, 0 meaning empty; slots are packed tightly, so
// bucket b is bits [4fb, 4fb + 4f) of a byte array (for f <= 14 one unaligned 64-bit load
// reads a whole bucket). The bucket count B is any integer, not only a power of two, so a
// table is sized to a load of 0.96 for every n (a power of two would leave the load
// anywhere in 0.48..0.96, and the space with it).
//
// Positions, from the key hash h = hi·2^32 + lo:
//   fp = fast_range(lo, 2^f − 1) + 1                  ∈ [1, 2^f)
//   i1 = fast_range(hi, B)
//   i2 = alt(i1, fp),  alt(i, fp) = (H(fp) − i) mod B,  H(fp) = fast_range(fp·0x9e3779b1, B)
// alt is an involution for every B (i1 + i2 ≡ H(fp)), which is all partial-key cuckoo
// hashing needs; the usual i ⊕ H(fp) would force a power-of-two B.
//
// Fingerprint size: ε ≈ 2·4·α/2^f at load α, so f = ceil(log2(8/ε)), clamped to 4..32
// (ε below 2^-29 is not reached). Space: f/α bits per key; theory (log2(1/ε) + 3)/α.
// A kick chain looks one step ahead (a resident that can move to its other bucket ends
// it), which lets a table fill to about 0.97 before a chain of 500 kicks first fails.
//
// Growth. A table is built for the keys it is given (rebuilt a little larger, up to 8
// times, if the build overflows). A key that finds no room later — the kick chain ended
// in the victim slot, or its two buckets already hold 8 copies of its fingerprint — goes
// into an exact multiset of 64-bit key hashes beside the table, so insert never loses a
// key, the rate stays within ε (the side set adds no false positives), and erase stays
// exact. The side set costs 128 bits per key in it, so a filter that receives many more
// keys than it was built for should be rebuilt from its keys (make_filter). We measured
// and rejected the two ways of growing the table itself, since neither a fingerprint nor
// its bucket can be traced back to its key:
//  - doubling the table by taking one more fingerprint bit into the bucket index doubles
//    the false-positive rate with each doubling, and because all fingerprints of one half
//    then share that bit, their alternate buckets take fewer distinct values: the load a
//    table reaches before a kick chain fails fell from 0.96 to 0.25 after eight
//    doublings, so growth compounded until no bit was left;
//  - chaining a second, larger table (as scalable Bloom filters do) keeps the rate near ε
//    but breaks erase: a key that matches in both tables cannot tell which copy is its
//    own, and removing the other key's copy makes that key a false negative.
//
// Duplicates. Each insert of a key stores one more copy of its fingerprint. All copies of
// a (fingerprint, bucket pair) class live in its two buckets, which hold 8 (4 if
// i1 == i2); further copies go to the side set, so erase undoes inserts one by one.
//
// Erase. erase(h) removes one copy of h: from the side set if h is there (by its full
// hash, so exactly), otherwise one copy of h's fingerprint from h's buckets; if there is
// none it returns false and changes nothing. Keys of one class are indistinguishable in
// the table, so removing any copy of the class is right for a key that was inserted.
// Erasing a key that was never inserted finds, with probability about ε, another key's
// matching fingerprint and removes it — that key then reads as absent. This is inherent
// to fingerprint filters.
#pragma once

#include "filters/filter.h"
#include "filters/filter_util.h"
#include "filters/hash_multiset.h"

#include <cstdint>
#include <span>
#include <vector>

namespace hyph::filters {

/// The cuckoo table itself: fixed size, fingerprints only.
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

  enum class Insert {
    stored,     ///< one more copy of the fingerprint is in the table (or its victim slot)
    full,       ///< nothing changed: the victim slot is taken
    saturated,  ///< nothing changed: the key's buckets hold only copies of its fingerprint
  };
  /// Stores one copy of key's fingerprint, kicking others along.
  Insert insert(Hash key, detail::SplitMix64& rng);
  /// Removes one copy of key's fingerprint; false if there is none.
  bool erase(Hash key);

  bool full() const noexcept { return victim_fp_ != 0; }
  std::uint64_t buckets() const noexcept { return buckets_; }
  unsigned fingerprint_bits() const noexcept { return bits_; }
  std::uint64_t stored() const noexcept { return stored_; }
  std::uint64_t memory_bits() const noexcept { return bytes_.size() * 8; }
  double load() const noexcept { return static_cast<double>(stored_) / static_cast<double>(kSlots * buckets_); }
  /// 1 − (1 − 1/(2^f − 1))^(8·load): a negative query compares with the ≈ 8·load
  /// fingerprints of its two buckets (an upper bound: it counts i1 == i2 twice).
  double expected_fp_rate() const noexcept;
  /// The table's part of CuckooFilter::serialize() and deserialize() (filters/serialize.cpp).
  void serialize(std::ostream& out) const;
  static CuckooTable deserialize(io::Reader& in, unsigned fingerprint_bits);

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

  std::uint64_t buckets_;     // B
  unsigned bits_;             // f
  unsigned bucket_bits_;      // 4f
  std::uint64_t fp_range_;    // 2^f − 1
  std::uint64_t lo_ = 0, hi_ = 0;  // SWAR constants: bit 0 / bit f−1 of each field
  std::vector<std::uint8_t> bytes_;  // 4fB bits, plus 8 bytes so every field is one unaligned load
  std::uint32_t victim_fp_ = 0;      // 0: no victim
  std::uint64_t victim_bucket_ = 0;
  std::uint64_t stored_ = 0;         // fingerprints held, victim included
};

class CuckooFilter final : public MutableFilter {
 public:
  /// Design load: a table built from n keys gets ceil(n / (4·0.96)) buckets (a lower load
  /// for fingerprints under 8 bits, which fill less).
  static constexpr double kTargetLoad = 0.96;

  /// Builds a table sized for keys.size() keys; each element is one insertion.
  CuckooFilter(std::span<const Hash> keys, double fp_rate);
  /// An empty filter whose table is sized for `capacity` keys.
  static CuckooFilter with_capacity(std::uint64_t capacity, double fp_rate);

  bool maybe_contains(Hash key) const noexcept override {
    return table_.contains(key) || (!overflow_.empty() && overflow_.contains(key));
  }
  void insert(Hash key) override;
  bool erase(Hash key) override;
  FilterDescription describe() const override;
  /// The table's rate; the side set adds no false positives.
  double expected_fp_rate() const noexcept override { return table_.expected_fp_rate(); }
  void serialize(std::ostream& out) const override;
  /// Reads what serialize() wrote; load_filter() calls it (filters/serialize.cpp).
  static std::unique_ptr<CuckooFilter> deserialize(io::Reader& in);

  /// Insertions currently held, in the table or the side set.
  std::uint64_t size() const noexcept { return table_.stored() + overflow_.size(); }
  /// Insertions held in the exact side set (no room in the table).
  std::uint64_t overflow() const noexcept { return overflow_.size(); }
  unsigned fingerprint_bits() const noexcept { return table_.fingerprint_bits(); }
  /// Stored fingerprints over slots.
  double load() const noexcept { return table_.load(); }
  /// The table, for tests that need a key's fingerprint and buckets.
  const CuckooTable& table() const noexcept { return table_; }

 private:
  CuckooFilter(std::uint64_t capacity, double fp_rate, int);

  CuckooTable table_;
  HashMultiset overflow_;
  detail::SplitMix64 rng_{0x6c62272e07bb0142ULL};
  double target_fp_rate_;
};

}  // namespace hyph::filters
