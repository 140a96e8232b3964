#include "filters/hash_compaction.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace hyph::filters {

namespace {

unsigned compressed_bits_for(std::uint64_t capacity, double fp_rate) {
  detail::check_fp_rate(fp_rate);
  const double n = static_cast<double>(std::max<std::uint64_t>(1, capacity));
  // The small slack keeps exact powers of two from rounding up on floating-point noise.
  const double l = std::ceil(std::log2(n / fp_rate + 1) - 1e-9);
  return static_cast<unsigned>(std::clamp(l, 1.0, 57.0));
}

std::uint64_t slots_for(std::uint64_t keys, double load) {
  return std::max<std::uint64_t>(8, static_cast<std::uint64_t>(std::ceil(static_cast<double>(keys) / load)));
}

}  // namespace

HashCompactionFilter::HashCompactionFilter(std::uint64_t capacity, double fp_rate, int)
    : bits_(compressed_bits_for(capacity, fp_rate)), range_((std::uint64_t{1} << bits_) - 1), capacity_(capacity),
      target_fp_rate_(fp_rate) {
  slots_ = slots_for(capacity, kDesignLoad);
  allocate(slots_ + kOverflowSlots);
}

void HashCompactionFilter::allocate(std::uint64_t table_slots) {
  table_slots_ = table_slots;
  bytes_.assign((table_slots_ * bits_ + 7) / 8 + 8, 0);
}

HashCompactionFilter HashCompactionFilter::with_capacity(std::uint64_t capacity, double fp_rate) {
  return HashCompactionFilter(capacity, fp_rate, 0);
}

HashCompactionFilter::HashCompactionFilter(std::span<const Hash> keys, double fp_rate)
    : HashCompactionFilter(keys.size(), fp_rate, 0) {
  std::vector<std::uint64_t> compressed;
  compressed.reserve(keys.size());
  for (const Hash key : keys) compressed.push_back(compress(key));
  place_all(compressed);
}

void HashCompactionFilter::place_all(std::vector<std::uint64_t>& values) {
  // In increasing order each value goes to the end of its cluster: nothing is shifted.
  std::sort(values.begin(), values.end());
  for (const std::uint64_t c : values) place(c);
}

void HashCompactionFilter::place(std::uint64_t c) {
  const std::uint64_t at = find_rank(c);
  std::uint64_t end = at;
  while (slot(end) != 0) ++end;
  if (end + 1 == table_slots_) {
    // The shift would fill the empty last slot: give the overflow more room.
    table_slots_ += kOverflowSlots;
    bytes_.resize((table_slots_ * bits_ + 7) / 8 + 8, 0);
  }
  distinct_ += slot(at) != c;
  ++stored_;
  // Shift the rest of the cluster one slot on, from its end back to `at`.
  for (; end != at; --end) set_slot(end, slot(end - 1));
  set_slot(at, c);
}

void HashCompactionFilter::resize(std::uint64_t slots) {
  std::vector<std::uint64_t> held;
  held.reserve(stored_);
  for (std::uint64_t i = 0; i < table_slots_; ++i)
    if (const std::uint64_t c = slot(i)) held.push_back(c);
  slots_ = slots;
  allocate(slots_ + kOverflowSlots);
  stored_ = distinct_ = 0;
  place_all(held);
}

void HashCompactionFilter::insert(Hash key) {
  if (static_cast<double>(stored_ + 1) > kMaxLoad * static_cast<double>(slots_))
    resize(std::max(slots_ + 1, slots_ + slots_ / 2));
  place(compress(key));
}

bool HashCompactionFilter::erase(Hash key) {
  const std::uint64_t c = compress(key);
  const std::uint64_t i = find_rank(c);
  if (slot(i) != c) return false;
  // Copies of c are neighbours, and find_rank gives the first: another copy follows it.
  distinct_ -= slot(i + 1) != c;
  --stored_;
  // Backward-shift deletion: pull the rest of the cluster one slot back, up to its end or to
  // a value already at its home.
  std::uint64_t hole = i;
  for (std::uint64_t v; (v = slot(hole + 1)) != 0 && home(v) <= hole; ++hole) set_slot(hole, v);
  set_slot(hole, 0);
  return true;
}

bool HashCompactionFilter::ordered() const noexcept {
  if (table_slots_ <= slots_ || slot(table_slots_ - 1) != 0) return false;
  std::uint64_t last = 0;  // the last value seen
  for (std::uint64_t i = 0; i < table_slots_; ++i) {
    const std::uint64_t v = slot(i);
    if (v == 0) continue;
    const std::uint64_t h = home(v);
    // At or past its home, nothing empty in between, and not below the value before it.
    if (h > i || (h < i && slot(i - 1) == 0) || v < last) return false;
    last = v;
  }
  return true;
}

double HashCompactionFilter::expected_fp_rate() const noexcept {
  return static_cast<double>(distinct_) / static_cast<double>(range_);
}

FilterDescription HashCompactionFilter::describe() const {
  FilterDescription d;
  d.name = "hash-compaction";
  d.keys = stored_;
  d.bits = table_slots_ * bits_;
  d.bits_per_key = stored_ ? static_cast<double>(d.bits) / static_cast<double>(stored_) : 0.0;
  const double n = static_cast<double>(std::max<std::uint64_t>(1, capacity_));
  d.theoretical_bits_per_key = std::log2(n / target_fp_rate_) / kDesignLoad;
  d.target_fp_rate = target_fp_rate_;
  d.fingerprint_bits = bits_;  // the compressed key
  d.load_factor = load();
  d.expected_fp_rate = expected_fp_rate();
  char load_text[32];
  std::snprintf(load_text, sizeof load_text, "%.3f", load());
  d.parameters = "l=" + std::to_string(bits_) + " bits (packed), " + std::to_string(slots_) + " slots (+" +
                 std::to_string(table_slots_ - slots_) + " past the last home), load=" + load_text + ", sized for n=" + std::to_string(capacity_) +
                 "; theory: log2(n/ε)/α, α=0.8";
  return d;
}

}  // namespace hyph::filters
