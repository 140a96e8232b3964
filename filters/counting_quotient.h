// Counting quotient filter (Pandey, Bender, Johnson & Patro 2017, "A General-Purpose
// Counting Filter: Making Every Bit Count"): a quotient filter whose metadata is two bit
// vectors read with rank and select, and whose runs hold each remainder once with its count.
//
// Fingerprint and rate as in the quotient filter (quotient_fingerprint.h): F = floor(h·m·2^r/2^64),
// quotient Q = F >> r ∈ [0, m), remainder R = F mod 2^r; rate d/(m·2^r) for d distinct
// fingerprints, r = ceil(log2(α_max/ε)) with α_max = 0.95, clamped to 1..32.
//
// Layout: blocks of 64 slots, each one contiguous run of bytes
//
//   occupieds  64 bits   bit i: some key has quotient 64b + i
//   runends    64 bits   bit i: slot 64b + i ends a run
//   offset     32 bits   slots at the start of the block taken by runs of quotients < 64b
//   remainders 64·r bits packed
//
// Runs lie in quotient order, each starting at max(its quotient, the slot after the run
// before). The run of quotient Q ends at the t-th run end at or after slot 64b + offset_b,
// where b = Q / 64 and t = rank(occupieds_b, Q mod 64) (occupied quotients of the block up
// to Q): one popcount, a select in a word (rank_select.h) and usually no second word. The
// table does not wrap around: runs that spill past the last block go into blocks appended
// at the end (the quotient range stays [0, m)), so an insert runs out of room only at 2^32
// slots in all (Error(capacity)).
//
// Counts: a run holds each remainder once, in increasing order, followed by its count in
// the same r-bit slots (quotient_counter.h): counts 1..3 as copies, larger counts as digits
// after a length marker, 2k + 3 slots for k digits. count(h) is exact for a key whose
// fingerprint no other inserted key shares; keys that share an F share one counter, so
// count(h) is the sum of their counts (and for a key never inserted, the count of the keys
// whose F it matches: 0 except with probability about the rate).
//
// Sizing. m = ceil(n/0.9) slots (at least 64) for n keys: (r + 2.5)/α bits per key at load
// α, theory (log2(α_max/ε) + 2.5)/α; the paper's 8-bit offsets would make it r + 2.125, at
// the price of a slow path for offsets past 255 (ours never overflow: a table has at most
// 2^32 slots, spill blocks included).
//
// Growth. An insert that would pass load α_max = 0.95 (slots used over m, counters
// included) doubles the table as the quotient filter does: m' = 2m, r' = r − 1, same F, a
// linear pass; the rate doubles with each doubling once the table fills again. At r = 1
// (counts need at least one bit) or 2^32 slots the table stops doubling and keeps
// accepting keys into its appended blocks, getting slower as clusters lengthen.
//
// Erase decrements a count by one (removing the remainder at zero) and shifts the rest of
// the cluster back; it returns false, changing nothing, when maybe_contains(h) is false.
#pragma once

#include "filters/filter.h"
#include "filters/filter_util.h"
#include "filters/quotient_counter.h"
#include "filters/quotient_fingerprint.h"
#include "filters/rank_select.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <utility>
#include <vector>

namespace hyph::filters {

class CountingQuotientFilter final : public MutableFilter {
 public:
  static constexpr double kDesignLoad = 0.9;
  static constexpr double kMaxLoad = 0.95;
  static constexpr std::uint64_t kMinSlots = 64;
  static constexpr std::uint64_t kMaxSlots = std::uint64_t{1} << 32;  // quotients, and slots in all
  static constexpr std::uint64_t kMaxBlocks = kMaxSlots / 64;
  static constexpr unsigned kMaxRemainderBits = 32;
  static constexpr unsigned kBlockSlots = 64;
  /// Metadata bits per block: occupieds, runends, offset.
  static constexpr unsigned kBlockMetaBits = 64 + 64 + 32;

  /// Sized for keys.size() keys at fp_rate; each element is one insertion (repeats count up).
  CountingQuotientFilter(std::span<const Hash> keys, double fp_rate);
  /// An empty filter sized for `capacity` distinct keys at load 0.9.
  static CountingQuotientFilter with_capacity(std::uint64_t capacity, double fp_rate);

  bool maybe_contains(Hash key) const noexcept override {
    const std::uint64_t f = fingerprint(key);
    return fast_bits_ ? contains_fast(f) : contains<detail::PortableBits>(f);
  }
  /// maybe_contains() as the portable code and as the popcnt/BMI2 code (only where
  /// detail::fast_bit_instructions()) answer it; maybe_contains() uses the latter where it can.
  bool maybe_contains_portable(Hash key) const noexcept { return contains<detail::PortableBits>(fingerprint(key)); }
  bool maybe_contains_fast_bits(Hash key) const noexcept { return contains_fast(fingerprint(key)); }
  void insert(Hash key) override { insert(key, 1); }
  /// Adds `count` insertions of key at once. Throws Error(capacity) if the key's count would
  /// pass 2^64 − 1.
  void insert(Hash key, std::uint64_t count);
  /// Removes one insertion (decrements the count).
  bool erase(Hash key) override { return erase(key, 1); }
  /// Removes `count` insertions at once; returns false, changing nothing, if fewer are
  /// stored for key's fingerprint.
  bool erase(Hash key, std::uint64_t count);
  /// The count stored for key's fingerprint (module comment: exact without collisions).
  std::uint64_t count(Hash key) const noexcept;
  FilterDescription describe() const override;
  double expected_fp_rate() const noexcept override { return detail::quotient_fp_rate(distinct_, slots_, r_); }
  void serialize(std::ostream& out) const override;
  /// Reads what serialize() wrote; load_filter() calls it (filters/serialize.cpp).
  static std::unique_ptr<CountingQuotientFilter> deserialize(io::Reader& in);

  /// Doubles the table (m' = 2m, r' = r − 1); throws Error(capacity) if r is 1 or m is at
  /// its maximum. Inserts call it at load 0.95.
  void grow();
  /// Adds every count `other` holds: a fingerprint both hold gets the sum of its counts, so
  /// count() of the merge is the sum of both count()s. Doubles as inserts would (load 0.95).
  /// Throws Error(invalid_argument) unless both have the same slot count and remainder bits,
  /// and Error(capacity) if a count would pass 2^64 − 1 or the table 2^32 slots; this filter
  /// is then unchanged. `other` may be this filter (every count doubles).
  void merge(const CountingQuotientFilter& other);

  std::uint64_t slot_count() const noexcept { return slots_; }
  unsigned remainder_bits() const noexcept { return r_; }
  /// Blocks allocated, spill blocks past the quotient range included.
  std::uint64_t block_count() const noexcept { return blocks_; }
  /// Insertions held: the sum of the counts.
  std::uint64_t size() const noexcept { return keys_; }
  /// Remainders held (distinct fingerprints).
  std::uint64_t distinct() const noexcept { return distinct_; }
  /// Slots in use, counters included.
  std::uint64_t used_slots() const noexcept { return used_; }
  double load() const noexcept { return static_cast<double>(used_) / static_cast<double>(slots_); }
  std::uint64_t fingerprint(Hash key) const noexcept { return detail::quotient_fingerprint(key, slots_, r_); }
  /// (F, count) for every fingerprint held, in increasing order of F.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> counted_fingerprints() const;

 private:
  static constexpr std::size_t kRunendsAt = 8, kOffsetAt = 16, kRemaindersAt = 20;

  struct Run {
    std::uint64_t start, end;  // inclusive
  };
  struct Found {
    std::uint64_t at;      // the entry's first slot, or where it would go
    detail::Entry entry;   // its length and count if found
    bool found;
  };

  CountingQuotientFilter(std::uint64_t slots, unsigned remainder_bits, double fp_rate);

  // ---- the blocks ----
  const std::uint8_t* block(std::uint64_t b) const noexcept { return bytes_.data() + b * block_bytes_; }
  std::uint8_t* block(std::uint64_t b) noexcept { return bytes_.data() + b * block_bytes_; }
  // The blocks' words are little-endian (serialized as bytes).
  static std::uint64_t load64(const std::uint8_t* p) noexcept { return byte_order::load<std::uint64_t>(p); }
  std::uint64_t occupieds(std::uint64_t b) const noexcept { return load64(block(b)); }
  std::uint64_t runends(std::uint64_t b) const noexcept { return load64(block(b) + kRunendsAt); }
  std::uint64_t offset(std::uint64_t b) const noexcept {
    return byte_order::load<std::uint32_t>(block(b) + kOffsetAt);
  }
  std::uint64_t remainder(std::uint64_t i) const noexcept {
    return detail::read_bits(block(i / kBlockSlots) + kRemaindersAt, (i % kBlockSlots) * r_, r_);
  }
  bool runend(std::uint64_t i) const noexcept { return (runends(i / kBlockSlots) >> (i % kBlockSlots)) & 1; }
  bool occupied(std::uint64_t q) const noexcept { return (occupieds(q / kBlockSlots) >> (q % kBlockSlots)) & 1; }
  void set_remainder(std::uint64_t i, std::uint64_t v) noexcept {
    detail::write_bits(block(i / kBlockSlots) + kRemaindersAt, (i % kBlockSlots) * r_, r_, v);
  }
  void set_bit(std::uint64_t i, std::size_t field, bool on) noexcept;
  void set_runend(std::uint64_t i, bool on) noexcept { set_bit(i, kRunendsAt, on); }
  void set_occupied(std::uint64_t q, bool on) noexcept { set_bit(q, 0, on); }
  void set_offset(std::uint64_t b, std::uint64_t v) noexcept;

  // ---- rank and select ----
  /// The slot of the t-th run end (t >= 1) at or after slot `from`.
  template <class Bits = detail::PortableBits>
  std::uint64_t select_runend(std::uint64_t from, unsigned t) const noexcept {
    std::uint64_t b = from / kBlockSlots;
    std::uint64_t word = runends(b) & (~std::uint64_t{0} << (from % kBlockSlots));
    for (unsigned c; (c = Bits::popcount(word)) < t; word = runends(++b)) t -= c;
    return b * kBlockSlots + Bits::select(word, t - 1);
  }
  /// The lookup: is F's remainder an entry of its quotient's run?
  template <class Bits>
  bool contains(std::uint64_t f) const noexcept {
    const std::uint64_t q = f >> r_, b = q / kBlockSlots, rem = f & rem_mask_;
    // The run's remainders are usually at or a few slots past the home, which may be the
    // block's second cache line: start loading it now, so that its miss overlaps the first's.
    const unsigned at = static_cast<unsigned>(q % kBlockSlots);
    __builtin_prefetch(block(b) + kRemaindersAt + ((at * r_) >> 3));
    const std::uint64_t occupied = occupieds(b);
    if (!((occupied >> at) & 1)) return false;
    const unsigned t = Bits::popcount(occupied & (at == 63 ? ~std::uint64_t{0} : (std::uint64_t{2} << at) - 1));
    const std::uint64_t end = select_runend<Bits>(b * kBlockSlots + offset(b), t);
    // The run starts after the run end before it (or at q): in the usual case that end is
    // in the same word, and a run of at most 4 slots holds only counts 1..3 (a larger count
    // takes at least 5 slots), i.e. every slot is a copy of an entry's remainder. Such a run,
    // inside one block, is compared in one window of packed remainders with no branch on
    // the data; anything else takes the walk below.
    const unsigned end_at = static_cast<unsigned>(end % kBlockSlots);
    const std::uint64_t before = runends(end / kBlockSlots) & ((std::uint64_t{1} << end_at) - 1);
    if (before != 0 && detail::RemainderWindow::fits(r_)) {
      const std::uint64_t start = std::max(q, end - end_at + 64 - static_cast<unsigned>(std::countl_zero(before)));
      if (end - start < detail::RemainderWindow::kFields && start / kBlockSlots == end / kBlockSlots)
        return window_.any_equal(detail::read_bits(block(start / kBlockSlots) + kRemaindersAt, (start % kBlockSlots) * r_,
                                                   detail::RemainderWindow::kBits),
                                 rem, end - start + 1);
    }
    std::uint64_t start = end;
    while (start > q && !runend(start - 1)) --start;
    return find_entry(start, end, rem).found;
  }
  /// contains<HardwareBits>, compiled for popcnt and BMI2 (counting_quotient.cpp).
  bool contains_fast(std::uint64_t f) const noexcept;
  /// The last slot taken by the runs of quotients <= x; below x (possibly −1) if slot x is free.
  std::int64_t end_upto(std::uint64_t x) const noexcept {
    const std::uint64_t b = x / kBlockSlots;
    const unsigned t = detail::rank_upto(occupieds(b), static_cast<unsigned>(x % kBlockSlots));
    const std::uint64_t from = b * kBlockSlots + offset(b);
    if (t == 0) return static_cast<std::int64_t>(from) - 1;
    return static_cast<std::int64_t>(select_runend(from, t));
  }
  /// The run of an occupied quotient.
  Run run_of(std::uint64_t q) const noexcept {
    const std::uint64_t end = static_cast<std::uint64_t>(end_upto(q));
    std::uint64_t start = end;
    while (start > q && !runend(start - 1)) --start;
    return {start, end};
  }
  /// The entry of remainder `rem` in the run [start, end], or where it would go.
  Found find_entry(std::uint64_t start, std::uint64_t end, std::uint64_t rem) const noexcept {
    const auto read = [this](std::uint64_t i) { return remainder(i); };
    for (std::uint64_t at = start; at <= end;) {
      const std::uint64_t x = remainder(at);
      if (x > rem) return {at, {}, false};
      const detail::Entry e = detail::decode_entry(at, end, r_, read);
      if (x == rem) return {at, e, true};
      at += e.slots;
    }
    return {end + 1, {}, false};
  }

  // ---- changes ----
  std::uint64_t first_unused(std::uint64_t from);
  void add_block();
  void fix_offsets(std::uint64_t from_block, std::uint64_t to_block) noexcept;
  void insert_slot(std::uint64_t at, std::uint64_t q);
  void remove_slot(std::uint64_t at, std::uint64_t q) noexcept;
  /// Rewrites the entry of (x, count) that takes `old_slots` slots at `at` (0: a new entry);
  /// count 0 removes it.
  void write_entry(std::uint64_t q, std::uint64_t at, std::uint64_t old_slots, std::uint64_t x, std::uint64_t count);
  static bool can_double(std::uint64_t slots, unsigned r) noexcept { return r > 1 && 2 * slots <= kMaxSlots; }
  bool can_grow() const noexcept { return can_double(slots_, r_); }
  void reset(std::uint64_t slots, unsigned remainder_bits, std::uint64_t blocks);
  /// Lays out sorted (F, count) pairs, distinct F, into the cleared table in one pass.
  void place_sorted(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& sorted);
  /// Reads the runs back from occupieds and runends alone; false if they are inconsistent.
  bool decode(std::vector<std::pair<std::uint64_t, std::uint64_t>>& out) const;

  std::uint64_t slots_ = 0;   // m: the quotient range
  unsigned r_ = 0;
  std::uint64_t rem_mask_ = 0;
  detail::RemainderWindow window_;  // compares a short run's remainders at once
  std::uint64_t block_bytes_ = 0;  // 20 + 8r
  std::uint64_t blocks_ = 0;
  std::vector<std::uint8_t> bytes_;  // the blocks, plus 8 bytes so every remainder is one unaligned load
  std::uint64_t used_ = 0;      // slots in use
  std::uint64_t distinct_ = 0;  // remainders (entries)
  std::uint64_t keys_ = 0;      // sum of counts
  double target_fp_rate_;
  bool fast_bits_ = detail::fast_bit_instructions();  // lookups use popcnt and pdep
};

}  // namespace hyph::filters
