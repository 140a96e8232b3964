#include "filters/bloom.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

namespace hyph::filters {

BloomFilter::BloomFilter(std::span<const Hash> keys, double fp_rate) : keys_(keys.size()), target_fp_rate_(fp_rate) {
  detail::check_fp_rate(fp_rate);
  const double n = static_cast<double>(keys.size());
  const double ln2 = std::numbers::ln2;
  const double m_exact = std::ceil(n * -std::log(fp_rate) / (ln2 * ln2));
  if (keys.size() > 0) k_ = static_cast<unsigned>(std::max(1.0, std::round(m_exact / n * ln2)));
  const std::uint64_t words = std::max<std::uint64_t>(1, (static_cast<std::uint64_t>(m_exact) + 63) / 64);
  words_.assign(words, 0);
  m_ = words * 64;
  unit_ = ~std::uint64_t{0} / m_ + 1;
  for (const Hash key : keys) {
    std::uint64_t g = key, step = std::rotl(key, 32);
    for (unsigned i = 0; i < k_; ++i) {
      const std::uint64_t bit = detail::fast_range64(g, m_);
      words_[bit >> 6] |= std::uint64_t{1} << (bit & 63);
      step += unit_;
      g += step;
    }
  }
  std::uint64_t set = 0;
  for (const std::uint64_t w : words_) set += static_cast<std::uint64_t>(std::popcount(w));
  expected_fp_rate_ = std::pow(static_cast<double>(set) / static_cast<double>(m_), k_);
}


FilterDescription BloomFilter::describe() const {
  FilterDescription d;
  d.name = "bloom";
  d.keys = keys_;
  d.bits = m_;
  d.bits_per_key = keys_ ? static_cast<double>(m_) / static_cast<double>(keys_) : 0.0;
  d.theoretical_bits_per_key = detail::lower_bound_bits(target_fp_rate_) / std::numbers::ln2;
  d.target_fp_rate = target_fp_rate_;
  d.parameters = "k=" + std::to_string(k_) + ", m=" + std::to_string(m_) +
                 " bits; theory: log2(1/ε)/ln 2 ≈ 1.44·log2(1/ε) bits/key";
  return d;
}

}  // namespace hyph::filters
