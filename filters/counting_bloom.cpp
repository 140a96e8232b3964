#include "filters/counting_bloom.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

namespace hyph::filters {

CountingBloomFilter::CountingBloomFilter(std::uint64_t capacity, double fp_rate, int) : target_fp_rate_(fp_rate) {
  detail::check_fp_rate(fp_rate);
  const double n = static_cast<double>(capacity);
  const double ln2 = std::numbers::ln2;
  const double m_exact = std::ceil(n * -std::log(fp_rate) / (ln2 * ln2));
  if (capacity > 0) k_ = static_cast<unsigned>(std::max(1.0, std::round(m_exact / n * ln2)));
  // m as BloomFilter rounds it, to whole 64s: the same probes, and at small m the same
  // spread of probes (bloom.h: a tiny m shows double hashing's excess rate).
  const std::uint64_t m = std::max<std::uint64_t>(64, (static_cast<std::uint64_t>(m_exact) + 63) / 64 * 64);
  words_.assign(m / 16, 0);
  m_ = m;
  unit_ = ~std::uint64_t{0} / m_ + 1;
}

CountingBloomFilter CountingBloomFilter::with_capacity(std::uint64_t capacity, double fp_rate) {
  return CountingBloomFilter(capacity, fp_rate, 0);
}

CountingBloomFilter::CountingBloomFilter(std::span<const Hash> keys, double fp_rate)
    : CountingBloomFilter(keys.size(), fp_rate, 0) {
  for (const Hash key : keys) insert(key);
}

void CountingBloomFilter::insert(Hash key) {
  std::uint64_t g = key, step = std::rotl(key, 32);
  for (unsigned i = 0; i < k_; ++i) {
    const std::uint64_t c = detail::fast_range64(g, m_);
    const unsigned v = counter(c);
    if (v < kMaxCount) {
      words_[c >> 4] += std::uint64_t{1} << ((c & 15) * 4);
      nonzero_ += v == 0;
      saturated_ += v + 1 == kMaxCount;
    }
    step += unit_;
    g += step;
  }
  ++keys_;
}

bool CountingBloomFilter::erase(Hash key) {
  if (!maybe_contains(key)) return false;
  std::uint64_t g = key, step = std::rotl(key, 32);
  for (unsigned i = 0; i < k_; ++i) {
    const std::uint64_t c = detail::fast_range64(g, m_);
    const unsigned v = counter(c);
    // A saturated counter stays; v == 0 is only reachable when a key that was never
    // inserted probes one counter twice (the caller broke the contract): never wrap.
    if (v != 0 && v < kMaxCount) {
      words_[c >> 4] -= std::uint64_t{1} << ((c & 15) * 4);
      nonzero_ -= v == 1;
    }
    step += unit_;
    g += step;
  }
  if (keys_ > 0) --keys_;
  return true;
}

double CountingBloomFilter::expected_fp_rate() const noexcept {
  return std::pow(static_cast<double>(nonzero_) / static_cast<double>(m_), k_);
}

FilterDescription CountingBloomFilter::describe() const {
  FilterDescription d;
  d.name = "counting-bloom";
  d.keys = keys_;
  d.bits = m_ * kCounterBits;
  d.bits_per_key = keys_ ? static_cast<double>(d.bits) / static_cast<double>(keys_) : 0.0;
  d.theoretical_bits_per_key = kCounterBits * detail::lower_bound_bits(target_fp_rate_) / std::numbers::ln2;
  d.target_fp_rate = target_fp_rate_;
  d.hash_functions = k_;
  d.load_factor = m_ ? static_cast<double>(nonzero_) / static_cast<double>(m_) : 0.0;  // counters in use
  d.expected_fp_rate = expected_fp_rate();
  d.parameters = "k=" + std::to_string(k_) + ", m=" + std::to_string(m_) + " 4-bit counters, " +
                 std::to_string(saturated_) + " saturated; theory: 4·log2(1/ε)/ln 2 ≈ 5.77·log2(1/ε) bits/key";
  return d;
}

}  // namespace hyph::filters
