// Quotient filter (Bender, Farach-Colton, Johnson, Kraner, Kuszmaul, Medjedovic, Montes,
// Shetty, Spillane & Zadok 2012, "Don't thrash: how to cache your hash on flash"; after
// Pagh, Pagh & Rao 2005): a compact linear-probing table of remainders.
//
// Fingerprint (quotient_fingerprint.h): F = floor(h·m·2^r/2^64), quotient Q = F >> r picks
// the home slot among m, the r-bit remainder R = F mod 2^r is stored. Each slot has r bits
// of remainder, packed (not rounded to bytes), and three metadata bits:
//
//   is_occupied      some key has this slot as its home (belongs to the slot, not to the
//                    remainder stored in it)
//   is_continuation  the remainder here continues the run of the slot before
//   is_shifted       the remainder here is not in its home slot
//
// kept as three 64-bit words per 64 slots, side by side (24 bytes), beside the remainders,
// so that a lookup's walks cover 64 slots per word operation instead of one slot per step.
//
// A run is the remainders of one quotient, kept sorted; runs lie in quotient order, each
// starting at its home slot or right after the run before it; a cluster is a maximal
// stretch of runs with no empty slot, starting with a run at its home. Slot indices wrap
// around: a cluster that reaches the last slot continues at slot 0. A lookup for Q goes back
// from Q to its cluster's start (the last slot at or before Q that is not shifted: a scan
// of is_shifted), counts the occupied homes in between (a popcount of is_occupied), goes
// forward over as many runs (a select in the complement of is_continuation) and compares
// remainders in Q's run. The layout is canonical: it is a function of the multiset of
// fingerprints alone, whatever the order of inserts and erases.
//
// Sizing. r = ceil(log2(α_max/ε)) with α_max = 0.9 (clamped to 1..32) and m = ceil(n/0.8)
// slots (at least 16): a built filter sits at load 0.8 and has
//
//   rate = d/(m·2^r) = α·2^-r <= ε (d distinct fingerprints),   space (r + 3)/α bits per key,
//
// theory (log2(α_max/ε) + 3)/α. With m free rather than a power of two the load, and so the
// space, does not swing by 2x with n.
//
// Growth by doubling. An insert that would pass load α_max doubles the table: one remainder
// bit moves into the quotient (m' = 2m, r' = r − 1, same F for every key), a linear pass over
// the sorted fingerprints. The rate at the moment of doubling is unchanged, but it keeps
// rising as d/(m·2^r) with further keys: a table filled to α_max after j doublings has
// 2^j times the rate it was built for. With r = 0 (or 2^32 slots) nothing is left to double
// with; further keys past α_max go to an exact side set of 64-bit hashes (hash_multiset.h,
// 128 bits per key, no false positives), so insert never fails. Build with with_capacity()
// for the number of keys expected.
//
// Merge. merge() adds the other filter's insertions (a multiset union) in one linear pass
// over both sorted fingerprint lists, doubling if the union needs it, and the side sets'
// keys. Both must have the same m and r (so the same F for every key); otherwise
// Error(invalid_argument). Tables that cannot double (r = 0) and whose union does not fit
// are Error(capacity), and nothing changes.
//
// Duplicates and erase. Each insert stores one more copy of R in the run; erase(h) removes
// one copy, shifting the rest of the cluster back (a remainder that reaches its home slot
// loses is_shifted; a run that empties loses is_occupied), and returns false, changing
// nothing, when maybe_contains(h) is false. As with any fingerprint filter, erasing a key
// that was never inserted but shares F with one that was removes that key's copy.
#pragma once

#include "filters/filter.h"
#include "filters/filter_util.h"
#include "filters/hash_multiset.h"
#include "filters/quotient_fingerprint.h"
#include "filters/rank_select.h"

#include <bit>
#include <cstdint>
#include <span>
#include <vector>

namespace hyph::filters {

class QuotientFilter final : public MutableFilter {
 public:
  static constexpr double kDesignLoad = 0.8;
  static constexpr double kMaxLoad = 0.9;
  static constexpr std::uint64_t kMinSlots = 16;
  static constexpr std::uint64_t kMaxSlots = std::uint64_t{1} << 32;  // F = Q·2^r + R fits 64 bits
  static constexpr unsigned kMaxRemainderBits = 32;

  /// Sized for keys.size() keys at fp_rate; each element is one insertion.
  QuotientFilter(std::span<const Hash> keys, double fp_rate);
  /// An empty filter sized for `capacity` keys at load 0.8.
  static QuotientFilter with_capacity(std::uint64_t capacity, double fp_rate);

  bool maybe_contains(Hash key) const noexcept override {
    const std::uint64_t f = fingerprint(key);
    return (home_occupied(f) && (fast_bits_ ? table_contains_fast(f) : table_contains<detail::PortableBits>(f))) ||
           (!side_.empty() && side_.contains(key));
  }
  void insert(Hash key) override;
  bool erase(Hash key) override;
  FilterDescription describe() const override;
  /// d/(m·2^r) for the d distinct fingerprints in the table; the side set adds
  /// no false positives.
  double expected_fp_rate() const noexcept override;
  void serialize(std::ostream& out) const override;
  /// Reads what serialize() wrote; load_filter() calls it (filters/serialize.cpp).
  static std::unique_ptr<QuotientFilter> deserialize(io::Reader& in);

  /// Doubles the table (m' = 2m, r' = r − 1); throws Error(capacity) if r is 0 or m is at
  /// its maximum. Every key stays; inserts call it at load 0.9.
  void grow();
  /// Adds every insertion `other` holds (multiset union). Throws Error(invalid_argument)
  /// unless both have the same slot count and remainder bits, and Error(capacity) if the
  /// union does not fit even after doubling (only possible at r = 0).
  void merge(const QuotientFilter& other);

  std::uint64_t slot_count() const noexcept { return slots_; }
  unsigned remainder_bits() const noexcept { return r_; }
  /// Insertions held, in the table or the side set.
  std::uint64_t size() const noexcept { return stored_ + side_.size(); }
  /// Insertions held in the exact side set (no remainder bit was left to grow with).
  std::uint64_t overflow() const noexcept { return side_.size(); }
  /// Distinct fingerprints in the table.
  std::uint64_t distinct() const noexcept { return distinct_; }
  /// Slots used over slots.
  double load() const noexcept { return static_cast<double>(stored_) / static_cast<double>(slots_); }
  /// The key's F for this table (quotient_fingerprint.h).
  std::uint64_t fingerprint(Hash key) const noexcept { return detail::quotient_fingerprint(key, slots_, r_); }
  /// The table's fingerprints in increasing order, one per insertion.
  std::vector<std::uint64_t> fingerprints() const;

  /// maybe_contains() as the portable code and as the popcnt/BMI2 code (only where
  /// detail::fast_bit_instructions()) answer it; maybe_contains() uses the latter where it can.
  bool maybe_contains_portable(Hash key) const noexcept {
    const std::uint64_t f = fingerprint(key);
    return (home_occupied(f) && table_contains<detail::PortableBits>(f)) || (!side_.empty() && side_.contains(key));
  }
  bool maybe_contains_fast_bits(Hash key) const noexcept {
    const std::uint64_t f = fingerprint(key);
    return (home_occupied(f) && table_contains_fast(f)) || (!side_.empty() && side_.contains(key));
  }

  /// A slot's metadata and remainder, for tests.
  bool is_occupied(std::uint64_t i) const noexcept { return bit(kOccupiedWord, i); }
  bool is_continuation(std::uint64_t i) const noexcept { return bit(kContinuationWord, i); }
  bool is_shifted(std::uint64_t i) const noexcept { return bit(kShiftedWord, i); }
  std::uint64_t remainder_at(std::uint64_t i) const noexcept { return remainder(i); }

 private:
  // A slot as one value, for the algorithms that move remainders slot by slot: the three
  // metadata bits, then the remainder.
  static constexpr std::uint64_t kOccupied = 1, kContinuation = 2, kShifted = 4;
  static constexpr unsigned kMetaBits = 3;
  static constexpr std::uint64_t kElement = kContinuation | kShifted;  // the bits that move with a remainder
  // The metadata words of slots 64w .. 64w + 63 are meta_[3w + kind].
  static constexpr unsigned kOccupiedWord = 0, kContinuationWord = 1, kShiftedWord = 2;

  QuotientFilter(std::uint64_t slots, unsigned remainder_bits, double fp_rate);

  std::uint64_t word(unsigned kind, std::uint64_t w) const noexcept { return meta_[3 * w + kind]; }
  bool bit(unsigned kind, std::uint64_t i) const noexcept { return (word(kind, i / 64) >> (i % 64)) & 1; }
  void set_bit(unsigned kind, std::uint64_t i, bool on) noexcept {
    std::uint64_t& w = meta_[3 * (i / 64) + kind];
    const std::uint64_t mask = std::uint64_t{1} << (i % 64);
    w = on ? w | mask : w & ~mask;
  }
  std::uint64_t remainder(std::uint64_t i) const noexcept { return detail::read_bits(remainders_.data(), i * r_, r_); }
  std::uint64_t slot(std::uint64_t i) const noexcept {
    const std::uint64_t* m = &meta_[3 * (i / 64)];
    const unsigned at = i % 64;
    return ((m[0] >> at) & 1) | ((m[1] >> at) & 1) << 1 | ((m[2] >> at) & 1) << 2 | remainder(i) << kMetaBits;
  }
  void set_slot(std::uint64_t i, std::uint64_t v) noexcept {
    set_bit(kOccupiedWord, i, v & kOccupied);
    set_bit(kContinuationWord, i, v & kContinuation);
    set_bit(kShiftedWord, i, v & kShifted);
    detail::write_bits(remainders_.data(), i * r_, r_, v >> kMetaBits);
  }
  static bool empty(std::uint64_t v) noexcept { return (v & 7) == 0; }
  std::uint64_t next(std::uint64_t i) const noexcept { return i + 1 == slots_ ? 0 : i + 1; }
  std::uint64_t prev(std::uint64_t i) const noexcept { return i == 0 ? slots_ - 1 : i - 1; }
  // Word w of a bit vector with the bits past slot m − 1 cleared (they are always 0, but a
  // complement sets them).
  std::uint64_t valid(std::uint64_t word, std::uint64_t w) const noexcept { return w + 1 == words_ ? word & last_mask_ : word; }

  /// The start of the cluster holding slot q (q non-empty): the last slot at or before q,
  /// going back around the table, that is not shifted.
  std::uint64_t cluster_start(std::uint64_t q) const noexcept {
    std::uint64_t w = q / 64;
    const unsigned at = static_cast<unsigned>(q % 64);
    std::uint64_t unshifted = ~word(kShiftedWord, w) & (at == 63 ? ~std::uint64_t{0} : (std::uint64_t{2} << at) - 1);
    while (unshifted == 0) {  // ends: some slot is empty
      w = (w == 0 ? words_ : w) - 1;
      unshifted = valid(~word(kShiftedWord, w), w);
    }
    return 64 * w + 63 - static_cast<unsigned>(std::countl_zero(unshifted));
  }
  /// Occupied homes in [from, to), going around the table if to < from.
  template <class Bits = detail::PortableBits>
  std::uint64_t occupied_between(std::uint64_t from, std::uint64_t to) const noexcept {
    if (from <= to && from / 64 == to / 64)  // the usual case: a short cluster
      return Bits::popcount(word(kOccupiedWord, from / 64) & (~std::uint64_t{0} << (from % 64)) &
                                ((std::uint64_t{1} << (to % 64)) - 1));
    return occupied_spanning(from, to);
  }
  std::uint64_t occupied_spanning(std::uint64_t from, std::uint64_t to) const noexcept;
  /// The slot of the k-th (from 0) slot at or after `from`, going around the table, whose
  /// is_continuation is clear: a run's first slot, or an empty one.
  template <class Bits = detail::PortableBits>
  std::uint64_t select_run_boundary(std::uint64_t from, std::uint64_t k) const noexcept {
    std::uint64_t w = from / 64;
    std::uint64_t bounds = valid(~word(kContinuationWord, w), w) & (~std::uint64_t{0} << (from % 64));
    for (unsigned c; (c = Bits::popcount(bounds)) <= k;) {
      k -= c;
      w = w + 1 == words_ ? 0 : w + 1;
      bounds = valid(~word(kContinuationWord, w), w);
    }
    return 64 * w + Bits::select(bounds, static_cast<unsigned>(k));
  }
  /// Where quotient q's run starts (or would start, after the runs of the homes before it
  /// in its cluster); is_occupied(q) must be set.
  template <class Bits = detail::PortableBits>
  std::uint64_t run_start(std::uint64_t q) const noexcept {
    const std::uint64_t b = cluster_start(q);
    // b holds the first run of its cluster (not shifted, so not a continuation): the run of
    // q is the runs-th boundary from b on, b's own counted — no branch on runs == 0, which
    // goes either way at random.
    return select_run_boundary<Bits>(b, occupied_between<Bits>(b, q));
  }
  /// Whether F's home slot is occupied: a lookup's first step, inline where the lookup is
  /// called, so that the absent keys it answers (45 % at load 0.8) cost no call.
  bool home_occupied(std::uint64_t f) const noexcept {
    const std::uint64_t q = f >> r_;
    // The run's remainders are usually at or a few slots past the home: start loading their
    // line now, so that its miss overlaps the metadata's instead of following it.
    __builtin_prefetch(remainders_.data() + ((q * r_) >> 3));
    return bit(kOccupiedWord, q);
  }
  /// The rest of a lookup, for a fingerprint whose home is occupied.
  template <class Bits>
  bool table_contains(std::uint64_t f) const noexcept {
    const std::uint64_t q = f >> r_, rem = f & rem_mask_;
    const std::uint64_t w = q / 64;
    const unsigned at = static_cast<unsigned>(q % 64);
    const std::uint64_t* meta = &meta_[3 * w];
    const std::uint64_t occupied = meta[kOccupiedWord];
    // The usual case, with no loop and few registers: the cluster's start, the run and the
    // slot after it all in q's metadata word (not the table's last word, so no wrap and no
    // slots past the end), and a short run. Anything else takes the general walk, out of line.
    const std::uint64_t unshifted = ~meta[kShiftedWord] & (~std::uint64_t{0} >> (63 - at));
    if (unshifted != 0 && w + 1 != words_ && detail::RemainderWindow::fits(r_)) {
      const auto b = static_cast<unsigned>(63 - std::countl_zero(unshifted));  // the cluster's start
      // Homes in [b, q), then the run of q is the runs-th boundary from b on (b's own counted).
      const unsigned runs = Bits::popcount(occupied & (~std::uint64_t{0} << b) & ((std::uint64_t{1} << at) - 1));
      const std::uint64_t continuation = meta[kContinuationWord];
      const std::uint64_t bounds = ~continuation & (~std::uint64_t{0} << b);
      if (Bits::popcount(bounds) > runs) {
        const unsigned start = Bits::select(bounds, runs);
        const auto more = static_cast<unsigned>(std::countr_one((continuation >> start) >> 1));
        // more < 63 − start: the run's last slot and the boundary after it are in this word.
        if (more < detail::RemainderWindow::kFields && start + more < 63)
          return window_.any_equal(
              detail::read_bits(remainders_.data(), (64 * w + start) * r_, detail::RemainderWindow::kBits), rem, more + 1);
      }
    }
    return table_contains_general(q, rem, Bits{});
  }
  /// The lookup's general walk for an occupied home q (clusters and runs across words or
  /// round the table's end, long runs); out of line, so the usual case keeps few registers.
  [[gnu::noinline]] bool table_contains_general(std::uint64_t q, std::uint64_t rem, detail::PortableBits) const noexcept {
    return walk_contains<detail::PortableBits>(q, rem);
  }
#if defined(__x86_64__)
  [[gnu::noinline]] bool table_contains_general(std::uint64_t q, std::uint64_t rem, detail::HardwareBits) const noexcept;
#endif
  template <class Bits>
  bool walk_contains(std::uint64_t q, std::uint64_t rem) const noexcept {
    std::uint64_t i = run_start<Bits>(q);
    // Most runs are short (1.45 slots on average at load 0.8): the run's length from its
    // is_continuation bits and one compare per remainder of a short run, with no branch
    // on the data, instead of a loop whose exit goes either way.
    if (const std::uint64_t after = i + 1; detail::RemainderWindow::fits(r_) && after < slots_) {
      const unsigned at = static_cast<unsigned>(after % 64);
      const auto more = static_cast<unsigned>(std::countr_one(word(kContinuationWord, after / 64) >> at));
      // The run ends inside this word and before the table's end (so does not wrap).
      if (more < detail::RemainderWindow::kFields && more < 64 - at && i + more + 1 < slots_)
        return window_.any_equal(detail::read_bits(remainders_.data(), i * r_, detail::RemainderWindow::kBits), rem, more + 1);
    }
    std::uint64_t x = remainder(i);
    // Runs are sorted: move on while the remainder is smaller and the run goes on.
    while ((x < rem) & bit(kContinuationWord, next(i))) x = remainder(i = next(i));
    return x == rem;
  }
  /// table_contains<HardwareBits>, compiled for popcnt and BMI2 (quotient.cpp).
  bool table_contains_fast(std::uint64_t f) const noexcept;
  void insert_fingerprint(std::uint64_t f) noexcept;
  bool erase_fingerprint(std::uint64_t f) noexcept;
  bool can_grow() const noexcept { return r_ > 0 && 2 * slots_ <= kMaxSlots; }
  void reset(std::uint64_t slots, unsigned remainder_bits);
  /// Lays out sorted fingerprints (fewer than m) into the cleared table, in linear time.
  void place_sorted(const std::vector<std::uint64_t>& sorted) noexcept;
  /// Reads the fingerprints back; false if the metadata is inconsistent (a damaged file).
  bool decode(std::vector<std::uint64_t>& out) const;

  std::uint64_t slots_ = 0;  // m
  unsigned r_ = 0;
  std::uint64_t rem_mask_ = 0;
  detail::RemainderWindow window_;  // compares a short run's remainders at once
  std::uint64_t words_ = 0;      // metadata words of each kind: ceil(m/64)
  std::uint64_t last_mask_ = 0;  // the bits of the last word that are slots
  std::vector<std::uint64_t> meta_;  // 3·words_: is_occupied, is_continuation, is_shifted of each 64 slots
  std::vector<std::uint8_t> remainders_;  // m·r bits, plus 8 bytes so every remainder is one unaligned load
  std::uint64_t stored_ = 0;         // remainders in the table (insertions)
  std::uint64_t distinct_ = 0;       // distinct fingerprints among them
  HashMultiset side_;
  double target_fp_rate_;
  bool fast_bits_ = detail::fast_bit_instructions();  // lookups use popcnt and pdep
};

}  // namespace hyph::filters
