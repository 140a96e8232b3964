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
  bytes_.assign((slots_ * bits_ + 7) / 8 + 8, 0);
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
  // In increasing order each value goes to the end of its cluster: nothing is shifted but at
  // the wrap from the table's end to its start.
  std::sort(values.begin(), values.end());
  for (const std::uint64_t c : values) place(c);
}

void HashCompactionFilter::place(std::uint64_t c) noexcept {
  const std::uint64_t at = find_rank(c);
  distinct_ += slot(at) != c;
  ++stored_;
  // Shift the rest of the cluster one slot on, from its end back to `at`: each moved value
  // lies one further from home, which keeps the order.
  std::uint64_t end = at;
  while (slot(end) != 0) end = next(end);
  while (end != at) {
    const std::uint64_t before = end == 0 ? slots_ - 1 : end - 1;
    set_slot(end, slot(before));
    end = before;
  }
  set_slot(at, c);
}

void HashCompactionFilter::resize(std::uint64_t slots) {
  std::vector<std::uint64_t> held;
  held.reserve(stored_);
  for (std::uint64_t i = 0; i < slots_; ++i)
    if (const std::uint64_t c = slot(i)) held.push_back(c);
  slots_ = slots;
  bytes_.assign((slots_ * bits_ + 7) / 8 + 8, 0);
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
  distinct_ -= slot(next(i)) != c;
  --stored_;
  // Backward-shift deletion: pull the rest of the cluster one slot back, up to its end or to
  // a value already at its home.
  std::uint64_t hole = i;
  for (std::uint64_t j = next(i), v; (v = slot(j)) != 0 && distance(v, j) != 0; j = next(j)) {
    set_slot(hole, v);
    hole = j;
  }
  set_slot(hole, 0);
  return true;
}

bool HashCompactionFilter::ordered() const noexcept {
  // Start right after an empty slot, so that every cluster is seen whole.
  std::uint64_t start = 0;
  while (slot(start) != 0) start = next(start);
  std::uint64_t previous = 0;  // the value in the slot before, 0 for empty
  for (std::uint64_t k = 1, i = next(start); k <= slots_; ++k, i = next(i)) {
    const std::uint64_t v = slot(i);
    if (v != 0) {
      const std::uint64_t d = distance(v, i);
      if (previous == 0) {
        if (d != 0) return false;  // the first of a cluster sits at its home
      } else {
        const std::uint64_t before = i == 0 ? slots_ - 1 : i - 1;
        const std::uint64_t dp = distance(previous, before);
        // At most one further from home than the value before, and after it in (home, c) order.
        if (d > dp + 1 || (d == dp + 1 && v < previous)) return false;
      }
    }
    previous = v;
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
  d.bits = slots_ * bits_;
  d.bits_per_key = stored_ ? static_cast<double>(d.bits) / static_cast<double>(stored_) : 0.0;
  const double n = static_cast<double>(std::max<std::uint64_t>(1, capacity_));
  d.theoretical_bits_per_key = std::log2(n / target_fp_rate_) / kDesignLoad;
  d.target_fp_rate = target_fp_rate_;
  d.fingerprint_bits = bits_;  // the compressed key
  d.load_factor = load();
  d.expected_fp_rate = expected_fp_rate();
  char load_text[32];
  std::snprintf(load_text, sizeof load_text, "%.3f", load());
  d.parameters = "l=" + std::to_string(bits_) + " bits (packed), " + std::to_string(slots_) +
                 " slots, load=" + load_text + ", sized for n=" + std::to_string(capacity_) +
                 "; theory: log2(n/ε)/α, α=0.8";
  return d;
}

}  // namespace hyph::filters
