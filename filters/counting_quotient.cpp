#include "filters/counting_quotient.h"

#include <hyph/error.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace hyph::filters {

// flatten inlines the whole lookup here, so HardwareBits' functions land in code compiled
// for their instructions.
[[HYPH_BIT_INSTRUCTIONS gnu::flatten]] bool CountingQuotientFilter::contains_fast(std::uint64_t f) const noexcept {
  return contains<detail::HardwareBits>(f);
}


namespace {

constexpr std::uint64_t kSlots = CountingQuotientFilter::kBlockSlots;

std::uint64_t slots_for(std::uint64_t keys) {
  const double slots = std::ceil(static_cast<double>(keys) / CountingQuotientFilter::kDesignLoad);
  if (slots > static_cast<double>(CountingQuotientFilter::kMaxSlots))
    throw Error(ErrorCode::capacity, "counting quotient filter: " + std::to_string(keys) + " keys need more than 2^32 slots");
  return std::max(CountingQuotientFilter::kMinSlots, static_cast<std::uint64_t>(slots));
}

std::uint64_t blocks_for(std::uint64_t slots) { return (slots + kSlots - 1) / kSlots; }

}  // namespace

CountingQuotientFilter::CountingQuotientFilter(std::uint64_t slots, unsigned remainder_bits, double fp_rate)
    : target_fp_rate_(fp_rate) {
  reset(slots, remainder_bits, blocks_for(slots));
}

CountingQuotientFilter CountingQuotientFilter::with_capacity(std::uint64_t capacity, double fp_rate) {
  const unsigned r = detail::remainder_bits_for(fp_rate, kMaxLoad, kMaxRemainderBits);
  return CountingQuotientFilter(slots_for(capacity), r, fp_rate);
}

CountingQuotientFilter::CountingQuotientFilter(std::span<const Hash> keys, double fp_rate)
    : CountingQuotientFilter(with_capacity(keys.size(), fp_rate)) {
  std::vector<std::uint64_t> fs(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) fs[i] = fingerprint(keys[i]);
  detail::sort_fingerprints(fs, slots_, r_);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> counted;
  for (const std::uint64_t f : fs) {
    if (!counted.empty() && counted.back().first == f) ++counted.back().second;
    else counted.emplace_back(f, 1);
  }
  place_sorted(counted);
}

void CountingQuotientFilter::reset(std::uint64_t slots, unsigned remainder_bits, std::uint64_t blocks) {
  slots_ = slots;
  r_ = remainder_bits;
  rem_mask_ = (std::uint64_t{1} << remainder_bits) - 1;
  window_ = detail::RemainderWindow(remainder_bits);
  block_bytes_ = kRemaindersAt + 8 * std::uint64_t{remainder_bits};
  blocks_ = blocks;
  bytes_.assign(blocks * block_bytes_ + 8, 0);
  used_ = distinct_ = keys_ = 0;
}

void CountingQuotientFilter::set_bit(std::uint64_t i, std::size_t field, bool on) noexcept {
  std::uint8_t* p = block(i / kSlots) + field;
  std::uint64_t word = load64(p);
  const std::uint64_t bit = std::uint64_t{1} << (i % kSlots);
  word = on ? word | bit : word & ~bit;
  byte_order::store(p, word);
}

void CountingQuotientFilter::set_offset(std::uint64_t b, std::uint64_t v) noexcept {
  const auto value = static_cast<std::uint32_t>(v);  // < 2^32: at most the slots before the block
  byte_order::store(block(b) + kOffsetAt, value);
}

void CountingQuotientFilter::fix_offsets(std::uint64_t from_block, std::uint64_t to_block) noexcept {
  // offset_b = max(0, end of the runs of quotients < 64b − 64b + 1), from offset_(b−1).
  for (std::uint64_t b = std::max<std::uint64_t>(1, from_block); b <= to_block && b < blocks_; ++b) {
    const std::int64_t end = end_upto(b * kSlots - 1);
    const std::int64_t start = static_cast<std::int64_t>(b * kSlots);
    set_offset(b, end >= start ? static_cast<std::uint64_t>(end - start + 1) : 0);
  }
}

void CountingQuotientFilter::add_block() {
  // Offsets are 32 bits: no table may have more slots than they count.
  if (blocks_ + 1 > kMaxBlocks) throw Error(ErrorCode::capacity, "counting quotient filter: more than 2^32 slots");
  bytes_.resize(bytes_.size() + block_bytes_, 0);
  ++blocks_;
  fix_offsets(blocks_ - 1, blocks_ - 1);
}

std::uint64_t CountingQuotientFilter::first_unused(std::uint64_t from) {
  // A slot is in use iff the runs of the quotients up to it reach it.
  for (std::uint64_t u = from;;) {
    while (u >= blocks_ * kSlots) add_block();
    const std::int64_t end = end_upto(u);
    if (end < static_cast<std::int64_t>(u)) return u;
    u = static_cast<std::uint64_t>(end) + 1;
  }
}

void CountingQuotientFilter::insert_slot(std::uint64_t at, std::uint64_t q) {
  const bool new_run = !occupied(q);
  const std::int64_t end = new_run ? -1 : end_upto(q);
  const std::uint64_t free = first_unused(at);
  for (std::uint64_t i = free; i > at; --i) {
    set_remainder(i, remainder(i - 1));
    set_runend(i, runend(i - 1));
  }
  set_remainder(at, 0);
  if (new_run) {
    set_occupied(q, true);
    set_runend(at, true);
  } else if (static_cast<std::int64_t>(at) == end + 1) {  // appended: the run ends one later
    set_runend(static_cast<std::uint64_t>(end), false);
    set_runend(at, true);
  } else {
    set_runend(at, false);
  }
  ++used_;
  fix_offsets(q / kSlots + 1, free / kSlots + 1);
}

void CountingQuotientFilter::remove_slot(std::uint64_t at, std::uint64_t q) noexcept {
  const auto end = static_cast<std::uint64_t>(end_upto(q));
  const bool only = at == end && (at == q || runend(at - 1));
  // Later runs move back with it while each was pushed past its home by the one before.
  std::uint64_t last = end;
  for (std::uint64_t next = q + 1; next <= last; ++next) {
    const std::uint64_t word = occupieds(next / kSlots) >> (next % kSlots);
    if (word == 0) {
      next = (next / kSlots + 1) * kSlots - 1;  // nothing more in this block
      continue;
    }
    next += static_cast<std::uint64_t>(std::countr_zero(word));
    if (next > last) break;
    last = static_cast<std::uint64_t>(end_upto(next));
  }
  for (std::uint64_t i = at; i < last; ++i) {
    set_remainder(i, remainder(i + 1));
    set_runend(i, runend(i + 1));
  }
  set_remainder(last, 0);
  set_runend(last, false);
  if (only) set_occupied(q, false);
  else if (at == end) set_runend(at - 1, true);
  --used_;
  fix_offsets(q / kSlots + 1, last / kSlots + 1);
}

void CountingQuotientFilter::write_entry(std::uint64_t q, std::uint64_t at, std::uint64_t old_slots, std::uint64_t x,
                                         std::uint64_t count) {
  std::uint64_t values[detail::kMaxEntrySlots];
  const std::uint64_t slots = count == 0 ? 0 : detail::encode_entry(x, count, r_, values);
  for (std::uint64_t i = slots; i < old_slots; ++i) remove_slot(at, q);
  for (std::uint64_t i = old_slots; i < slots; ++i) insert_slot(at + i, q);
  for (std::uint64_t i = 0; i < slots; ++i) set_remainder(at + i, values[i]);
}

void CountingQuotientFilter::insert(Hash key, std::uint64_t count) {
  if (count == 0) return;
  if (static_cast<double>(used_ + 1) > kMaxLoad * static_cast<double>(slots_) && can_grow()) grow();
  const std::uint64_t f = fingerprint(key), q = f >> r_, rem = f & rem_mask_;
  Found found{0, {}, false};
  if (occupied(q)) {
    const Run run = run_of(q);
    found = find_entry(run.start, run.end, rem);
  } else {
    found.at = static_cast<std::uint64_t>(std::max(static_cast<std::int64_t>(q), end_upto(q) + 1));
  }
  const std::uint64_t total = found.entry.count + count;
  if (total < count)
    throw Error(ErrorCode::capacity, "counting quotient filter: a count would pass 2^64 − 1");
  write_entry(q, found.at, found.entry.slots, rem, total);
  keys_ += count;
  distinct_ += !found.found;
}

bool CountingQuotientFilter::erase(Hash key, std::uint64_t count) {
  const std::uint64_t f = fingerprint(key), q = f >> r_, rem = f & rem_mask_;
  if (!occupied(q)) return false;
  const Run run = run_of(q);
  const Found found = find_entry(run.start, run.end, rem);
  if (!found.found || found.entry.count < count) return false;
  if (count == 0) return true;
  write_entry(q, found.at, found.entry.slots, rem, found.entry.count - count);
  keys_ -= count;
  distinct_ -= found.entry.count == count;
  return true;
}

std::uint64_t CountingQuotientFilter::count(Hash key) const noexcept {
  const std::uint64_t f = fingerprint(key), q = f >> r_;
  if (!occupied(q)) return 0;
  const Run run = run_of(q);
  const Found found = find_entry(run.start, run.end, f & rem_mask_);
  return found.found ? found.entry.count : 0;
}

void CountingQuotientFilter::place_sorted(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& sorted) {
  std::uint64_t values[detail::kMaxEntrySlots];
  std::uint64_t free = 0;
  for (std::size_t k = 0; k < sorted.size();) {
    const std::uint64_t q = sorted[k].first >> r_;
    std::uint64_t at = std::max(q, free);
    for (; k < sorted.size() && (sorted[k].first >> r_) == q; ++k) {
      const auto [f, copies] = sorted[k];
      const unsigned n = detail::encode_entry(f & rem_mask_, copies, r_, values);
      while (at + n > blocks_ * kSlots) {
        if (blocks_ + 1 > kMaxBlocks) throw Error(ErrorCode::capacity, "counting quotient filter: more than 2^32 slots");
        bytes_.resize(bytes_.size() + block_bytes_, 0);
        ++blocks_;
      }
      for (unsigned i = 0; i < n; ++i) set_remainder(at + i, values[i]);
      at += n;
      used_ += n;
      keys_ += copies;
      ++distinct_;
    }
    set_runend(at - 1, true);
    set_occupied(q, true);
    free = at;
  }
  fix_offsets(1, blocks_ - 1);
}

bool CountingQuotientFilter::decode(std::vector<std::pair<std::uint64_t, std::uint64_t>>& out) const {
  out.clear();
  const auto read = [this](std::uint64_t i) { return remainder(i); };
  const std::uint64_t total = blocks_ * kSlots;
  std::uint64_t free = 0, next_end = 0;  // next_end: where to look for the next run end
  for (std::uint64_t b = 0; b < blocks_; ++b) {
    for (std::uint64_t word = occupieds(b); word != 0; word &= word - 1) {
      const std::uint64_t q = b * kSlots + static_cast<std::uint64_t>(std::countr_zero(word));
      if (q >= slots_) return false;
      // This run ends at the next run end; it must not end before it starts.
      std::uint64_t end = next_end;
      while (end < total && !runend(end)) ++end;
      const std::uint64_t start = std::max(q, free);
      if (end >= total || end < start) return false;
      std::uint64_t previous = 0;
      for (std::uint64_t at = start; at <= end;) {
        const std::uint64_t x = remainder(at);
        if (at > start && x <= previous) return false;  // remainders in increasing order
        const detail::Entry e = detail::decode_entry(at, end, r_, read);
        if (e.slots == 0) return false;
        out.emplace_back(q << r_ | x, e.count);
        previous = x;
        at += e.slots;
      }
      free = next_end = end + 1;
    }
  }
  return true;
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> CountingQuotientFilter::counted_fingerprints() const {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
  out.reserve(distinct_);
  decode(out);  // a table built here is always consistent
  return out;
}

void CountingQuotientFilter::grow() {
  if (!can_grow())
    throw Error(ErrorCode::capacity, "counting quotient filter: cannot double " + std::to_string(slots_) +
                                         " slots with " + std::to_string(r_) + "-bit remainders");
  const auto sorted = counted_fingerprints();
  reset(2 * slots_, r_ - 1, blocks_for(2 * slots_));  // F stays the same for every key
  place_sorted(sorted);
}

void CountingQuotientFilter::merge(const CountingQuotientFilter& other) {
  detail::check_same_shape("counting quotient filter", slots_, r_, other.slots_, other.r_);
  // Both lists are read before anything changes: `other` may be this filter.
  const auto mine = counted_fingerprints(), theirs = other.counted_fingerprints();
  std::vector<std::pair<std::uint64_t, std::uint64_t>> sum;
  sum.reserve(mine.size() + theirs.size());
  std::size_t i = 0, j = 0;
  while (i < mine.size() || j < theirs.size()) {
    if (j == theirs.size() || (i < mine.size() && mine[i].first < theirs[j].first)) {
      sum.push_back(mine[i++]);
    } else if (i == mine.size() || theirs[j].first < mine[i].first) {
      sum.push_back(theirs[j++]);
    } else {
      const std::uint64_t a = mine[i++].second, b = theirs[j++].second;
      if (b > ~std::uint64_t{0} - a)
        throw Error(ErrorCode::capacity, "counting quotient filter merge: a count would pass 2^64 - 1");
      sum.emplace_back(mine[i - 1].first, a + b);
    }
  }
  // Double while the merged counters would pass the load inserts double at; F stays the same.
  const auto slots_used = [&sum](unsigned r) {
    std::uint64_t used = 0;
    for (const auto& entry : sum) used += detail::entry_slots(entry.second, r);
    return used;
  };
  std::uint64_t slots = slots_;
  unsigned r = r_;
  while (can_double(slots, r) && static_cast<double>(slots_used(r)) > kMaxLoad * static_cast<double>(slots)) {
    slots *= 2;
    --r;
  }
  CountingQuotientFilter merged(slots, r, target_fp_rate_);
  merged.place_sorted(sum);
  *this = std::move(merged);
}

FilterDescription CountingQuotientFilter::describe() const {
  FilterDescription d;
  d.name = "counting-quotient";
  d.keys = keys_;
  d.bits = blocks_ * (kBlockMetaBits + kSlots * r_);
  d.bits_per_key = keys_ ? static_cast<double>(d.bits) / static_cast<double>(keys_) : 0.0;
  const double meta = static_cast<double>(kBlockMetaBits) / kSlots;  // 2.5
  const double alpha = used_ ? load() : kDesignLoad;
  d.theoretical_bits_per_key = (std::log2(kMaxLoad / target_fp_rate_) + meta) / alpha;
  d.target_fp_rate = target_fp_rate_;
  d.fingerprint_bits = r_;
  d.load_factor = load();
  d.expected_fp_rate = expected_fp_rate();
  char load_text[32];
  std::snprintf(load_text, sizeof load_text, "%.3f", load());
  d.parameters = "r=" + std::to_string(r_) + "-bit remainders, " + std::to_string(slots_) + " slots in " +
                 std::to_string(blocks_) + " blocks of 64 (offset, occupieds, runends: 2.5 bits/slot), load=" +
                 load_text + ", " + std::to_string(distinct_) + " distinct; theory: (log2(α_max/ε)+2.5)/α, α_max=0.95";
  return d;
}

}  // namespace hyph::filters
