#include "filters/blocked_bloom.h"

#include <algorithm>
#include <bit>
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
  // Sum over i in [λ − 7√λ − 7, λ + 7√λ + 7] (the tails beyond carry less than 1e-10 of
  // the Poisson mass). Given i keys, k·i probes set X of the 512 bits, and a query is a
  // false positive with probability E[(X/512)^k]; to second order that is
  // p^k + C(k,2)·p^(k−2)·Var(X/512), with p = 1 − q1,
  //   q1 = (1 − 1/512)^(ki)  (a given bit stays clear),
  //   q2 = (1 − 2/512)^(ki)  (two given bits stay clear),
  //   Var(X/512) = q1/512 + (1 − 1/512)·q2 − q1².
  // (Dropping the variance term underestimates the rate by about 2 %.)
  const double spread = 7.0 * std::sqrt(lambda) + 7.0;
  const auto lo = static_cast<std::uint64_t>(std::max(0.0, std::floor(lambda - spread)));
  const auto hi = static_cast<std::uint64_t>(std::ceil(lambda + spread));
  constexpr double m = kBlockBits;
  const double step1 = power(1.0 - 1.0 / m, k), step2 = power(1.0 - 2.0 / m, k);
  double weight = std::exp(static_cast<double>(lo) * std::log(lambda) - lambda - std::lgamma(static_cast<double>(lo) + 1.0));
  double q1 = std::pow(step1, static_cast<double>(lo)), q2 = std::pow(step2, static_cast<double>(lo));
  const double pairs = 0.5 * k * (k - 1.0);
  double sum = 0;
  for (std::uint64_t i = lo; i <= hi; ++i) {
    const double p = 1.0 - q1;
    const double var = std::max(0.0, q1 / m + (1.0 - 1.0 / m) * q2 - q1 * q1);
    sum += weight * (power(p, k) + (k >= 2 ? pairs * power(p, k - 2) * var : 0.0));
    weight *= lambda / static_cast<double>(i + 1);
    q1 *= step1;
    q2 *= step2;
  }
  return sum;
}

double BlockedBloomFilter::model_bits_per_key(double fp_rate) noexcept {
  // Bits per key c <-> λ = 512/c. The best rate over k falls continuously as c grows, so
  // solve log FP(c) = log ε for c by regula falsi with the Illinois modification (about
  // 8 steps instead of bisection's 20), starting from the unblocked Bloom filter's
  // log2(1/ε)/ln 2, which is a lower bound.
  auto excess = [&](double c) {
    const double lambda = kBlockBits / c;
    return std::log(model_fp_rate(lambda, best_k(lambda))) - std::log(fp_rate);
  };
  double lo = std::max(0.01, detail::lower_bound_bits(fp_rate) / 0.6931471805599453), hi = 1.25 * lo + 1;
  double f_lo = excess(lo), f_hi = excess(hi);
  if (f_lo <= 0) return lo;
  while (f_hi > 0 && hi < kBlockBits) lo = hi, f_lo = f_hi, hi *= 2, f_hi = excess(hi);
  // Below about ε = 1e-18 the crowded blocks of the Poisson tail keep the rate up at any
  // sensible size (1e-19 at 720 bits/key). The search stops past 512 bits/key and uses the
  // largest size tried; expected_fp_rate() tells what the filter then achieves.
  if (f_hi > 0) return hi;
  int last = 0;  // which end moved last
  for (int iter = 0; iter < 100 && hi - lo > 1e-7 * hi; ++iter) {
    const double mid = (lo * f_hi - hi * f_lo) / (f_hi - f_lo);
    const double f_mid = excess(mid);
    if (f_mid > 0) {
      lo = mid, f_lo = f_mid;
      if (last < 0) f_hi *= 0.5;
      last = -1;
    } else {
      hi = mid, f_hi = f_mid;
      if (last > 0) f_lo *= 0.5;
      last = 1;
      if (f_mid > -1e-9) break;  // on the root: ε is reached at hi
    }
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
  double sum = 0;
  for (const Block& block : blocks_) {
    unsigned set = 0;
    for (const std::uint64_t w : block.words) set += static_cast<unsigned>(std::popcount(w));
    sum += power(static_cast<double>(set) / kBlockBits, k_);
  }
  expected_fp_rate_ = sum / static_cast<double>(blocks_.size());
}


FilterDescription BlockedBloomFilter::describe() const {
  FilterDescription d;
  d.name = "blocked-bloom";
  d.keys = keys_;
  d.bits = blocks_.size() * std::uint64_t{kBlockBits};
  d.bits_per_key = keys_ ? static_cast<double>(d.bits) / static_cast<double>(keys_) : 0.0;
  d.theoretical_bits_per_key = theory_bits_per_key_;
  d.target_fp_rate = target_fp_rate_;
  d.hash_functions = k_;
  std::uint64_t set = 0;
  for (const Block& b : blocks_)
    for (const std::uint64_t w : b.words) set += static_cast<std::uint64_t>(std::popcount(w));
  d.load_factor = d.bits ? static_cast<double>(set) / static_cast<double>(d.bits) : 0.0;
  d.expected_fp_rate = expected_fp_rate_;
  d.parameters = "k=" + std::to_string(k_) + ", " + std::to_string(blocks_.size()) +
                 " blocks of 512 bits; theory: least c with Σ_i Poisson(i; 512/c)·(1−(1−1/512)^(k·i))^k <= ε";
  return d;
}

}  // namespace hyph::filters
