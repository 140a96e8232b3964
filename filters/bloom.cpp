#include "filters/bloom.h"

#include <hyph/error.h>

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
  update_rate();
}

std::uint64_t BloomFilter::bits_set() const noexcept {
  std::uint64_t set = 0;
  for (const std::uint64_t w : words_) set += static_cast<std::uint64_t>(std::popcount(w));
  return set;
}

void BloomFilter::update_rate() noexcept {
  expected_fp_rate_ = std::pow(static_cast<double>(bits_set()) / static_cast<double>(m_), k_);
}

void BloomFilter::check_compatible(const BloomFilter& other, const char* operation) const {
  if (other.m_ != m_ || other.k_ != k_)
    throw Error(ErrorCode::invalid_argument, std::string("Bloom filter ") + operation + ": parameters differ (m=" +
                                                 std::to_string(m_) + ", k=" + std::to_string(k_) + " against m=" +
                                                 std::to_string(other.m_) + ", k=" + std::to_string(other.k_) + ")");
}

void BloomFilter::unite(const BloomFilter& other) {
  check_compatible(other, "union");
  for (std::size_t i = 0; i < words_.size(); ++i) words_[i] |= other.words_[i];
  keys_ += other.keys_;
  update_rate();
}

void BloomFilter::intersect(const BloomFilter& other) {
  check_compatible(other, "intersection");
  for (std::size_t i = 0; i < words_.size(); ++i) words_[i] &= other.words_[i];
  const double n = estimated_keys();
  keys_ = std::isfinite(n) ? static_cast<std::uint64_t>(std::llround(n)) : keys_;
  update_rate();
}

double BloomFilter::estimated_keys() const noexcept {
  const double m = static_cast<double>(m_);
  return -(m / k_) * std::log1p(-static_cast<double>(bits_set()) / m);
}


FilterDescription BloomFilter::describe() const {
  FilterDescription d;
  d.name = "bloom";
  d.keys = keys_;
  d.bits = m_;
  d.bits_per_key = keys_ ? static_cast<double>(m_) / static_cast<double>(keys_) : 0.0;
  d.theoretical_bits_per_key = detail::lower_bound_bits(target_fp_rate_) / std::numbers::ln2;
  d.target_fp_rate = target_fp_rate_;
  d.hash_functions = k_;
  d.load_factor = keys_ ? std::pow(expected_fp_rate_, 1.0 / k_) : 0.0;  // the fraction of bits set
  d.expected_fp_rate = expected_fp_rate_;
  d.parameters = "k=" + std::to_string(k_) + ", m=" + std::to_string(m_) +
                 " bits; theory: log2(1/ε)/ln 2 ≈ 1.44·log2(1/ε) bits/key";
  return d;
}

}  // namespace hyph::filters
