#include "filters/scalable_bloom.h"

#include <hyph/error.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>
#include <string>

namespace hyph::filters {

// The rate is floored at the smallest normal double: ε·(1 − r) and the tightening of later
// stages would otherwise underflow to 0 from a tiny ε, and -log(0) sizes nothing.
ScalableBloomFilter::Stage::Stage(std::uint64_t cap, double rate)
    : capacity(cap), fp_rate(std::max(rate, std::numeric_limits<double>::min())) {
  rate = fp_rate;
  const double n = static_cast<double>(cap);
  const double ln2 = std::numbers::ln2;
  const double m_exact = std::ceil(n * -std::log(rate) / (ln2 * ln2));
  k = static_cast<unsigned>(std::max(1.0, std::round(m_exact / n * ln2)));
  words.assign(std::max<std::uint64_t>(1, (static_cast<std::uint64_t>(m_exact) + 63) / 64), 0);
  m = words.size() * 64;
  unit = ~std::uint64_t{0} / m + 1;
}

void ScalableBloomFilter::Stage::insert(Hash key) noexcept {
  std::uint64_t g = key, step = std::rotl(key, 32);
  for (unsigned i = 0; i < k; ++i) {
    const std::uint64_t bit = detail::fast_range64(g, m);
    const std::uint64_t mask = std::uint64_t{1} << (bit & 63);
    set += (words[bit >> 6] & mask) == 0;
    words[bit >> 6] |= mask;
    step += unit;
    g += step;
  }
  ++count;
}

ScalableBloomFilter::ScalableBloomFilter(std::span<const Hash> keys, double fp_rate, unsigned growth,
                                         double tightening)
    : growth_(growth), tightening_(tightening), target_fp_rate_(fp_rate) {
  detail::check_fp_rate(fp_rate);
  if (growth != 2 && growth != 4)
    throw Error(ErrorCode::invalid_argument, "scalable Bloom filter: growth factor must be 2 or 4");
  if (!(tightening >= 0.8 && tightening <= 0.9))
    throw Error(ErrorCode::invalid_argument, "scalable Bloom filter: tightening ratio must lie in [0.8, 0.9]");
  stages_.emplace_back(std::max<std::uint64_t>(kMinCapacity, keys.size()), fp_rate * (1 - tightening));
  for (const Hash key : keys) insert(key);
}

void ScalableBloomFilter::insert(Hash key) {
  if (stages_.back().count >= stages_.back().capacity) {
    const Stage& last = stages_.back();
    stages_.emplace_back(last.capacity * growth_, last.fp_rate * tightening_);
  }
  stages_.back().insert(key);
  ++keys_;
}

double ScalableBloomFilter::expected_fp_rate() const noexcept {
  double none = 1;
  for (const Stage& s : stages_)
    none *= 1 - std::pow(static_cast<double>(s.set) / static_cast<double>(s.m), s.k);
  return 1 - none;
}

FilterDescription ScalableBloomFilter::describe() const {
  FilterDescription d;
  d.name = "scalable-bloom";
  d.keys = keys_;
  double formula_bits = 0, capacity = 0;
  std::string ks;
  for (const Stage& s : stages_) {
    d.bits += s.m;
    formula_bits += static_cast<double>(s.capacity) * detail::lower_bound_bits(s.fp_rate) / std::numbers::ln2;
    capacity += static_cast<double>(s.capacity);
    if (!ks.empty()) ks += ',';
    ks.append(std::to_string(s.k));
  }
  d.bits_per_key = keys_ ? static_cast<double>(d.bits) / static_cast<double>(keys_) : 0.0;
  d.theoretical_bits_per_key = formula_bits / capacity;
  d.hash_functions = stages_.back().k;  // the newest stage's, where inserts go
  std::uint64_t set = 0;
  for (const Stage& s : stages_) set += s.set;
  d.load_factor = d.bits ? static_cast<double>(set) / static_cast<double>(d.bits) : 0.0;  // bits set, all stages
  d.expected_fp_rate = expected_fp_rate();
  d.target_fp_rate = target_fp_rate_;
  // Appended piece by piece: GCC 12 at -O3 warns falsely (-Wrestrict) about chains of
  // `std::string + ...` here.
  char head[96];
  std::snprintf(head, sizeof head, "%zu stages, s=%u, r=%.2f, n0=%llu, k=", stages_.size(), growth_, tightening_,
                static_cast<unsigned long long>(stages_[0].capacity));
  d.parameters = head;
  d.parameters.append(ks);
  d.parameters.append("; theory: Σ n_i·log2(1/ε_i)/(ln 2·Σ n_i), ε_0 = ε(1−r)");
  return d;
}

}  // namespace hyph::filters
