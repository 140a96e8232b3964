#include "filters/quotient.h"

#include <hyph/error.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace hyph::filters {

namespace {

std::uint64_t slots_for(std::uint64_t keys) {
  const double slots = std::ceil(static_cast<double>(keys) / QuotientFilter::kDesignLoad);
  if (slots > static_cast<double>(QuotientFilter::kMaxSlots))
    throw Error(ErrorCode::capacity, "quotient filter: " + std::to_string(keys) + " keys need more than 2^32 slots");
  return std::max(QuotientFilter::kMinSlots, static_cast<std::uint64_t>(slots));
}

std::uint64_t count_distinct(const std::vector<std::uint64_t>& sorted) {
  std::uint64_t d = 0;
  for (std::size_t i = 0; i < sorted.size(); ++i) d += i == 0 || sorted[i] != sorted[i - 1];
  return d;
}

}  // namespace

QuotientFilter::QuotientFilter(std::uint64_t slots, unsigned remainder_bits, double fp_rate) : target_fp_rate_(fp_rate) {
  reset(slots, remainder_bits);
}

QuotientFilter QuotientFilter::with_capacity(std::uint64_t capacity, double fp_rate) {
  const unsigned r = detail::remainder_bits_for(fp_rate, kMaxLoad, kMaxRemainderBits);
  return QuotientFilter(slots_for(capacity), r, fp_rate);
}

QuotientFilter::QuotientFilter(std::span<const Hash> keys, double fp_rate)
    : QuotientFilter(with_capacity(keys.size(), fp_rate)) {
  // Sorting the fingerprints and laying them out in one pass is faster than n inserts.
  std::vector<std::uint64_t> sorted(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) sorted[i] = fingerprint(keys[i]);
  detail::sort_fingerprints(sorted, slots_, r_);
  place_sorted(sorted);
}

void QuotientFilter::reset(std::uint64_t slots, unsigned remainder_bits) {
  slots_ = slots;
  r_ = remainder_bits;
  rem_mask_ = (std::uint64_t{1} << remainder_bits) - 1;
  window_ = detail::RemainderWindow(remainder_bits);
  words_ = (slots + 63) / 64;
  last_mask_ = slots % 64 == 0 ? ~std::uint64_t{0} : (std::uint64_t{1} << (slots % 64)) - 1;
  meta_.assign(3 * words_, 0);
  remainders_.assign((slots * remainder_bits + 7) / 8 + 8, 0);
  stored_ = distinct_ = 0;
}

// flatten inlines the whole lookup here, so HardwareBits' functions land in code compiled
// for their instructions.
[[HYPH_BIT_INSTRUCTIONS gnu::flatten]] bool QuotientFilter::table_contains_fast(std::uint64_t f) const noexcept {
  return table_contains<detail::HardwareBits>(f);
}

#if defined(__x86_64__)
[[gnu::target("popcnt,lzcnt,bmi,bmi2"), gnu::flatten, gnu::noinline]] bool QuotientFilter::table_contains_general(
    std::uint64_t q, std::uint64_t rem, detail::HardwareBits) const noexcept {
  return walk_contains<detail::HardwareBits>(q, rem);
}
#endif

std::uint64_t QuotientFilter::occupied_spanning(std::uint64_t from, std::uint64_t to) const noexcept {
  // Set is_occupied bits in [lo, hi), a stretch that does not wrap.
  const auto count = [this](std::uint64_t lo, std::uint64_t hi) {
    std::uint64_t n = 0;
    for (std::uint64_t w = lo / 64; w * 64 < hi; ++w) {
      std::uint64_t word = this->word(kOccupiedWord, w);
      if (w == lo / 64) word &= ~std::uint64_t{0} << (lo % 64);
      if (w == hi / 64) word &= (std::uint64_t{1} << (hi % 64)) - 1;
      n += detail::popcount64(word);
    }
    return n;
  };
  return from <= to ? count(from, to) : count(from, slots_) + count(0, to);
}

void QuotientFilter::place_sorted(const std::vector<std::uint64_t>& sorted) noexcept {
  // Each run starts at max(its home, the end of the run before + 1). Positions past the last
  // slot wrap to the front, where they push the first clusters along; so the front is laid
  // out again starting behind the wrapped tail until the tail stops growing (it only grows,
  // and is shorter than the table: usually one pass, two when the table wraps).
  const std::uint64_t n = sorted.size();
  std::uint64_t tail = 0;
  for (;;) {
    std::uint64_t free = tail;
    for (const std::uint64_t f : sorted) free = std::max(f >> r_, free) + 1;
    const std::uint64_t wrapped = free > slots_ ? free - slots_ : 0;
    if (wrapped <= tail) break;
    tail = wrapped;
  }
  std::uint64_t free = tail;
  for (std::uint64_t k = 0; k < n; ++k) {
    const std::uint64_t q = sorted[k] >> r_;
    const std::uint64_t at = std::max(q, free);
    free = at + 1;
    const bool continuation = k > 0 && (sorted[k - 1] >> r_) == q;
    const std::uint64_t i = at < slots_ ? at : at - slots_;
    set_slot(i, (slot(i) & kOccupied) | (sorted[k] & rem_mask_) << kMetaBits | (continuation ? kContinuation : 0) |
                    (at != q ? kShifted : 0));
    set_slot(q, slot(q) | kOccupied);
  }
  stored_ = n;
  distinct_ = count_distinct(sorted);
}

bool QuotientFilter::decode(std::vector<std::uint64_t>& out) const {
  out.clear();
  out.reserve(stored_);
  // Start behind an empty slot, so that the walk starts at a cluster's beginning.
  std::uint64_t start = 0;
  while (start < slots_ && !empty(slot(start))) ++start;
  if (start == slots_) return false;
  // The homes met in a cluster, in order; the k-th run of the cluster belongs to the k-th.
  std::vector<std::uint64_t> homes;
  std::size_t next_home = 0;
  std::uint64_t q = 0;
  std::size_t first_wrapped = 0;  // where the fingerprints with homes before `start` begin
  bool wrapped = false;
  for (std::uint64_t step = 1; step <= slots_; ++step) {
    const std::uint64_t i = (start + step) % slots_;
    const std::uint64_t v = slot(i);
    if (empty(v)) {
      if (next_home != homes.size()) return false;  // a home with no run
      homes.clear();
      next_home = 0;
      continue;
    }
    if (v & kOccupied) homes.push_back(i);
    if (!(v & kContinuation)) {
      if (next_home == homes.size()) return false;  // a run with no home
      q = homes[next_home++];
      if (!wrapped && q <= start) {
        wrapped = true;
        first_wrapped = out.size();
      }
    }
    out.push_back(q << r_ | v >> kMetaBits);
  }
  // Homes after `start` come first in the walk; those at or before it, which are smaller, last.
  if (wrapped) std::rotate(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(first_wrapped), out.end());
  return true;
}

std::vector<std::uint64_t> QuotientFilter::fingerprints() const {
  std::vector<std::uint64_t> out;
  decode(out);  // a table built here is always consistent
  return out;
}

void QuotientFilter::grow() {
  if (!can_grow())
    throw Error(ErrorCode::capacity, "quotient filter: cannot double " + std::to_string(slots_) + " slots with " +
                                         std::to_string(r_) + "-bit remainders");
  const std::vector<std::uint64_t> sorted = fingerprints();
  reset(2 * slots_, r_ - 1);  // F stays the same for every key
  place_sorted(sorted);
}

void QuotientFilter::insert(Hash key) {
  if (static_cast<double>(stored_ + 1) > kMaxLoad * static_cast<double>(slots_)) {
    if (!can_grow()) {
      side_.add(key);
      return;
    }
    grow();
  }
  insert_fingerprint(fingerprint(key));
}

void QuotientFilter::insert_fingerprint(std::uint64_t f) noexcept {
  const std::uint64_t q = f >> r_, rem = f & rem_mask_;
  const std::uint64_t home = slot(q);
  ++stored_;
  if (empty(home)) {
    set_slot(q, rem << kMetaBits | kOccupied);
    ++distinct_;
    return;
  }
  const bool had_run = home & kOccupied;
  set_slot(q, home | kOccupied);
  const std::uint64_t start = run_start(q);
  // Where the remainder goes: before the first larger one of its run, or after the run.
  std::uint64_t at = start;
  bool seen = false;
  if (had_run) {
    for (;;) {
      const std::uint64_t x = slot(at) >> kMetaBits;
      if (x > rem) break;
      seen |= x == rem;
      at = next(at);
      if (!(slot(at) & kContinuation)) break;
    }
  }
  distinct_ += !seen;
  // A new smallest remainder becomes the run's start and the old start its continuation.
  const bool new_head = had_run && at == start;
  std::uint64_t carry = rem << kMetaBits | (had_run && !new_head ? kContinuation : 0) | (at != q ? kShifted : 0);
  // Shift everything from `at` up to the cluster's end one slot on; is_occupied stays put.
  for (std::uint64_t i = at;; i = next(i)) {
    const std::uint64_t v = slot(i);
    set_slot(i, (v & kOccupied) | carry);
    if (empty(v)) break;
    carry = (v & ~kOccupied) | kShifted | (i == at && new_head ? kContinuation : 0);
  }
}

bool QuotientFilter::erase(Hash key) {
  // The side set holds full hashes: an exact erase, tried first.
  return side_.remove(key) || erase_fingerprint(fingerprint(key));
}

bool QuotientFilter::erase_fingerprint(std::uint64_t f) noexcept {
  const std::uint64_t q = f >> r_, rem = f & rem_mask_;
  if (!(slot(q) & kOccupied)) return false;
  const std::uint64_t start = run_start(q);
  std::uint64_t at = start;
  for (;;) {
    const std::uint64_t x = slot(at) >> kMetaBits;
    if (x == rem) break;
    if (x > rem) return false;
    at = next(at);
    if (!(slot(at) & kContinuation)) return false;
  }
  const bool more_in_run = slot(next(at)) & kContinuation;
  const bool copy_before = at != start && (slot(prev(at)) >> kMetaBits) == rem;
  const bool copy_after = more_in_run && (slot(next(at)) >> kMetaBits) == rem;
  distinct_ -= !copy_before && !copy_after;
  --stored_;
  if (at == start && !more_in_run) set_slot(q, slot(q) & ~kOccupied);  // the run is gone
  // Shift the rest of the cluster back by one, up to an empty slot or a remainder in its
  // home. `owner` follows the quotient of the run being moved, to recompute is_shifted.
  std::uint64_t hole = at, owner = q;
  for (std::uint64_t i = next(at);; i = next(i)) {
    const std::uint64_t v = slot(i);
    if (empty(v) || !(v & kShifted)) break;
    if (!(v & kContinuation))
      do owner = next(owner);
      while (!(slot(owner) & kOccupied));
    std::uint64_t moved = v & kElement & ~kShifted;
    if (i == next(at) && at == start) moved &= ~kContinuation;  // the next remainder heads the run now
    moved |= (v >> kMetaBits) << kMetaBits | (hole != owner ? kShifted : 0);
    set_slot(hole, (slot(hole) & kOccupied) | moved);
    hole = i;
  }
  set_slot(hole, slot(hole) & kOccupied);
  return true;
}

void QuotientFilter::merge(const QuotientFilter& other) {
  detail::check_same_shape("quotient filter", slots_, r_, other.slots_, other.r_);
  // Everything of `other` is read before this filter changes: it may be this filter.
  const std::vector<std::uint64_t> mine = fingerprints(), theirs = other.fingerprints();
  const HashMultiset their_side = other.side_;
  std::vector<std::uint64_t> all(mine.size() + theirs.size());
  std::merge(mine.begin(), mine.end(), theirs.begin(), theirs.end(), all.begin());
  std::uint64_t slots = slots_;
  unsigned r = r_;
  while (static_cast<double>(all.size()) > kMaxLoad * static_cast<double>(slots) && r > 0 && 2 * slots <= kMaxSlots) {
    slots *= 2;
    --r;
  }
  if (all.size() >= slots)
    throw Error(ErrorCode::capacity, "quotient filter merge: " + std::to_string(all.size()) +
                                         " fingerprints do not fit " + std::to_string(slots) + " slots");
  reset(slots, r);
  place_sorted(all);
  their_side.for_each([&](Hash key, std::uint32_t copies) {
    for (std::uint32_t c = 0; c < copies; ++c) side_.add(key);
  });
}

double QuotientFilter::expected_fp_rate() const noexcept { return detail::quotient_fp_rate(distinct_, slots_, r_); }

FilterDescription QuotientFilter::describe() const {
  FilterDescription d;
  d.name = "quotient";
  d.keys = size();
  d.bits = 3 * 64 * words_ + slots_ * r_ + side_.memory_bits();
  d.bits_per_key = d.keys ? static_cast<double>(d.bits) / static_cast<double>(d.keys) : 0.0;
  // At the actual load α; a built filter has α = 0.8.
  const double alpha = stored_ ? load() : kDesignLoad;
  d.theoretical_bits_per_key = (std::log2(kMaxLoad / target_fp_rate_) + kMetaBits) / alpha;
  d.target_fp_rate = target_fp_rate_;
  d.fingerprint_bits = r_;  // the stored part of the fingerprint
  d.load_factor = load();
  d.expected_fp_rate = expected_fp_rate();
  char load_text[32];
  std::snprintf(load_text, sizeof load_text, "%.3f", load());
  d.parameters = "r=" + std::to_string(r_) + "-bit remainders + 3 metadata bits (packed), " + std::to_string(slots_) +
                 " slots, load=" + load_text + ", " + std::to_string(side_.size()) +
                 " keys in the exact side set; theory: (log2(α_max/ε)+3)/α, α_max=0.9";
  return d;
}

}  // namespace hyph::filters
