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
  for (const Hash key : keys) insert(key);
}

void HashCompactionFilter::place(std::uint64_t c) noexcept {
  bool seen = false;
  std::uint64_t i = home(c);
  for (std::uint64_t v; (v = slot(i)) != 0; i = next(i)) seen |= v == c;
  set_slot(i, c);
  ++stored_;
  distinct_ += !seen;
}

void HashCompactionFilter::resize(std::uint64_t slots) {
  std::vector<std::uint8_t> old(std::move(bytes_));
  const std::uint64_t old_slots = slots_;
  slots_ = slots;
  bytes_.assign((slots_ * bits_ + 7) / 8 + 8, 0);
  stored_ = distinct_ = 0;
  for (std::uint64_t i = 0; i < old_slots; ++i)
    if (const std::uint64_t c = detail::read_bits(old.data(), i * bits_, bits_)) place(c);
}

void HashCompactionFilter::insert(Hash key) {
  if (static_cast<double>(stored_ + 1) > kMaxLoad * static_cast<double>(slots_))
    resize(std::max(slots_ + 1, slots_ + slots_ / 2));
  place(compress(key));
}

bool HashCompactionFilter::erase(Hash key) {
  const std::uint64_t c = compress(key);
  std::uint64_t i = home(c);
  for (std::uint64_t v; (v = slot(i)) != c; i = next(i))
    if (v == 0) return false;
  // Another copy later in the cluster keeps c among the distinct values.
  bool other = false;
  for (std::uint64_t j = next(i), v; (v = slot(j)) != 0; j = next(j)) other |= v == c;
  distinct_ -= !other;
  --stored_;
  // Backward-shift deletion: move up every later member of the cluster whose home does not
  // lie cyclically in (hole, j], so that no probe sequence crosses an empty slot.
  std::uint64_t hole = i;
  for (std::uint64_t j = next(i), v; (v = slot(j)) != 0; j = next(j)) {
    const std::uint64_t h = home(v);
    const bool stays = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j);
    if (!stays) {
      set_slot(hole, v);
      hole = j;
    }
  }
  set_slot(hole, 0);
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
