#include "filters/blocked_bloom.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace hyph::filters {
namespace {

constexpr unsigned kMaxK = 64;

double power(double x, unsigned k) noexcept {
  double r = 1;
  for (; k; k >>= 1, x *= x)
    if (k & 1) r *= x;
  return r;
}

// The k minimising the model rate at `lambda` keys per block. The rate is unimodal in k,
// so walk from the unblocked optimum (bits per key)·ln 2 towards the better side.
unsigned best_k(double lambda) noexcept {
  if (lambda <= 0) return 1;
  auto fp = [&](unsigned k) { return BlockedBloomFilter::model_fp_rate(lambda, k); };
  unsigned k = static_cast<unsigned>(std::clamp(std::round(BlockedBloomFilter::kBlockBits / lambda * 0.6931), 1.0, double{kMaxK}));
  double here = fp(k);
  while (k > 1) {
    const double below = fp(k - 1);
    if (below >= here) break;
    --k, here = below;
  }
  while (k < kMaxK) {
    const double above = fp(k + 1);
    if (above >= here) break;
    ++k, here = above;
  }
  return k;
}

}  // namespace

double BlockedBloomFilter::model_fp_rate(double lambda, unsigned k) noexcept {
  if (lambda <= 0) return 0.0;
  // Sum the Poisson terms over i in [λ − 9√λ − 9, λ + 9√λ + 9]; the tails beyond carry
  // less than 1e-15 of the mass. Weights and (1 − 1/512)^{k·i} are updated by one multiply
  // per term.
  const double spread = 9.0 * std::sqrt(lambda) + 9.0;
  const auto lo = static_cast<std::uint64_t>(std::max(0.0, std::floor(lambda - spread)));
  const auto hi = static_cast<std::uint64_t>(std::ceil(lambda + spread));
  const double step = power(1.0 - 1.0 / kBlockBits, k);  // a block bit stays clear past one key
  double weight = std::exp(static_cast<double>(lo) * std::log(lambda) - lambda - std::lgamma(static_cast<double>(lo) + 1.0));
  double clear = std::pow(step, static_cast<double>(lo));
  double sum = 0;
  for (std::uint64_t i = lo; i <= hi; ++i) {
    sum += weight * power(1.0 - clear, k);
    weight *= lambda / static_cast<double>(i + 1);
    clear *= step;
  }
  return sum;
}

double BlockedBloomFilter::model_bits_per_key(double fp_rate) noexcept {
  // Bits per key c <-> λ = 512/c. The best rate falls as c grows; bisect on c, starting
  // from the unblocked Bloom filter's log2(1/ε)/ln 2, which is a lower bound.
  auto reaches = [&](double c) {
    const double lambda = kBlockBits / c;
    return model_fp_rate(lambda, best_k(lambda)) <= fp_rate;
  };
  double lo = std::max(0.01, detail::lower_bound_bits(fp_rate) / 0.6931471805599453), hi = 1.25 * lo + 1;
  while (!reaches(hi) && hi < kBlockBits) lo = hi, hi *= 2;
  for (int iter = 0; iter < 24; ++iter) {
    const double mid = 0.5 * (lo + hi);
    (reaches(mid) ? hi : lo) = mid;
  }
  return hi;
}

BlockedBloomFilter::BlockedBloomFilter(std::span<const Hash> keys, double fp_rate)
    : keys_(keys.size()), target_fp_rate_(fp_rate) {
  detail::check_fp_rate(fp_rate);
  theory_bits_per_key_ = model_bits_per_key(fp_rate);
  const double n = static_cast<double>(keys.size());
  const auto blocks = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::ceil(n * theory_bits_per_key_ / kBlockBits)));
  blocks_.assign(blocks, Block{});
  k_ = best_k(n / static_cast<double>(blocks));
  for (const Hash key : keys) {
    Block& block = blocks_[detail::fast_range64(key, blocks_.size())];
    std::uint64_t base = detail::remix64(key), g = base;
    for (unsigned i = 0, left = kProbesPerWord; i < k_; ++i, --left, g >>= 9) {
      if (left == 0) g = base = detail::remix64(base + 1), left = kProbesPerWord;
      const unsigned bit = static_cast<unsigned>(g) & (kBlockBits - 1);
      block.words[bit >> 6] |= std::uint64_t{1} << (bit & 63);
    }
  }
}

double BlockedBloomFilter::expected_fp_rate() const noexcept {
  return model_fp_rate(static_cast<double>(keys_) / static_cast<double>(blocks_.size()), k_);
}

FilterDescription BlockedBloomFilter::describe() const {
  FilterDescription d;
  d.name = "blocked-bloom";
  d.keys = keys_;
  d.bits = blocks_.size() * std::uint64_t{kBlockBits};
  d.bits_per_key = keys_ ? static_cast<double>(d.bits) / static_cast<double>(keys_) : 0.0;
  d.theoretical_bits_per_key = theory_bits_per_key_;
  d.target_fp_rate = target_fp_rate_;
  d.parameters = "k=" + std::to_string(k_) + ", " + std::to_string(blocks_.size()) +
                 " blocks of 512 bits; theory: least c with Σ_i Poisson(i; 512/c)·(1−(1−1/512)^(k·i))^k <= ε";
  return d;
}

}  // namespace hyph::filters
