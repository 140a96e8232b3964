#include "filters/blocked_bloom.h"

#include <hyph/cpu_tier.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define HYPH_BLOCKED_BLOOM_AVX2 1
#endif

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

// Probe i is the 9-bit field i mod 7 of g_{i/7}: g_0 = g, g_{j+1} = remix(g_j + 1).
template <unsigned K>
bool probe_fixed(const std::uint64_t* words, std::uint64_t g) noexcept {
  std::uint64_t all = 1, base = g;
#pragma GCC unroll 16
  for (unsigned i = 0; i < K; ++i) {
    if (i != 0 && i % BlockedBloomFilter::kProbesPerWord == 0) g = base = detail::remix64(base + 1);
    const unsigned bit = static_cast<unsigned>(g >> (9 * (i % BlockedBloomFilter::kProbesPerWord))) & 511;
    all &= words[bit >> 6] >> (bit & 63);
  }
  return all & 1;
}

bool probe_any(const std::uint64_t* words, std::uint64_t g, unsigned k) noexcept {
  std::uint64_t base = g, all = 1;
  for (unsigned i = 0, left = BlockedBloomFilter::kProbesPerWord; i < k; ++i, --left, g >>= 9) {
    if (left == 0) g = base = detail::remix64(base + 1), left = BlockedBloomFilter::kProbesPerWord;
    const unsigned bit = static_cast<unsigned>(g) & 511;
    all &= words[bit >> 6] >> (bit & 63);
  }
  return all & 1;
}

}  // namespace

bool BlockedBloomFilter::maybe_contains_portable(Hash key) const noexcept {
  // A loop whose length is only known at run time costs a compare and a branch per probe
  // and keeps the compiler from scheduling the probes' loads together: one unrolled body
  // per k (every k up to 16, i.e. ε down to about 1e-4) behind one well-predicted jump.
  const std::uint64_t* w = block_of(key).words;
  const std::uint64_t g = detail::remix64(key);
  switch (k_) {
    case 1: return probe_fixed<1>(w, g);
    case 2: return probe_fixed<2>(w, g);
    case 3: return probe_fixed<3>(w, g);
    case 4: return probe_fixed<4>(w, g);
    case 5: return probe_fixed<5>(w, g);
    case 6: return probe_fixed<6>(w, g);
    case 7: return probe_fixed<7>(w, g);
    case 8: return probe_fixed<8>(w, g);
    case 9: return probe_fixed<9>(w, g);
    case 10: return probe_fixed<10>(w, g);
    case 11: return probe_fixed<11>(w, g);
    case 12: return probe_fixed<12>(w, g);
    case 13: return probe_fixed<13>(w, g);
    case 14: return probe_fixed<14>(w, g);
    case 15: return probe_fixed<15>(w, g);
    case 16: return probe_fixed<16>(w, g);
    default: return probe_any(w, g, k_);
  }
}

#if HYPH_BLOCKED_BLOOM_AVX2

bool BlockedBloomFilter::avx2_available() noexcept { return cpu_tier() >= CpuTier::avx2; }

// The same probes as probe_portable, seven at a time (one g). The 9-bit fields j and j + 4
// of g go into 32-bit lanes 2j and 2j + 1 (two variable shifts of the 64-bit g, the odd lanes
// taken from the second moved up 32 bits). A field b names bit b mod 32 of 32-bit word b/32 of the block: vpermd
// picks word (b/32) mod 8 from each half of the block (the low 3 bits of b >> 5) and a blend
// on bit 8 of b chooses the half. A lane is missing if the word lacks its bit; lanes past k
// want no bit.
namespace {

// The 32-bit words of the block (halves lo, hi) that the 9-bit fields j of `low` and j + 4 of
// `high` name (0 <= j < 4; field f of a 64-bit g is bits 9f .. 9f + 8), in lanes 2j and
// 2j + 1, with the fields themselves. `high_shifts` is 9·(j + 4) in qword lane j,
// except where another g's field 0 takes the place of field 7 (g has only 7 fields).
struct Lanes {
  __m256i word, bits;
};
[[gnu::target("avx2"), gnu::always_inline]] inline Lanes block_words(__m256i lo, __m256i hi, __m256i low, __m256i high,
                                                                     __m256i high_shifts) noexcept {
  low = _mm256_srlv_epi64(low, _mm256_setr_epi64x(0, 9, 18, 27));
  high = _mm256_srlv_epi64(high, high_shifts);
  const __m256i bits = _mm256_and_si256(_mm256_blend_epi32(low, _mm256_slli_epi64(high, 32), 0xaa), _mm256_set1_epi32(511));
  const __m256i index = _mm256_srli_epi32(bits, 5);
  const __m256 from_lo = _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(lo, index));
  const __m256 from_hi = _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(hi, index));
  return {_mm256_castps_si256(_mm256_blendv_ps(from_lo, from_hi, _mm256_castsi256_ps(_mm256_slli_epi32(bits, 23)))), bits};
}

// 1 in the lanes of fields 0 .. used − 1 (the lane order of block_words), 0 in the others.
[[gnu::target("avx2"), gnu::always_inline]] inline __m256i used_lanes(unsigned used) noexcept {
  return _mm256_srli_epi32(
      _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(used)), _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7)), 31);
}

// The probes' bits in their lanes, where `used` has a 1.
[[gnu::target("avx2"), gnu::always_inline]] inline __m256i wanted(__m256i used, __m256i bits) noexcept {
  return _mm256_sllv_epi32(used, _mm256_and_si256(bits, _mm256_set1_epi32(31)));
}

}  // namespace

[[gnu::target("avx2")]] bool BlockedBloomFilter::maybe_contains_avx2(Hash key) const noexcept {
  const Block& block = block_of(key);
  const __m256i lo = _mm256_load_si256(reinterpret_cast<const __m256i*>(block.words));
  const __m256i hi = _mm256_load_si256(reinterpret_cast<const __m256i*>(block.words + 4));
  std::uint64_t g = detail::remix64(key);
  const __m256i first = _mm256_set1_epi64x(static_cast<long long>(g));
  if (k_ <= kProbesPerWord + 1) {
    // One pass (ε >= about 0.3 %): probes 0..6 from g, probe 7 (k = 8) is field 0 of the
    // next remix, in the lane field 7 of g would take (its shift there is 0).
    __m256i high = first, high_shifts = _mm256_setr_epi64x(36, 45, 54, 63);
    if (k_ > kProbesPerWord) {
      high = _mm256_blend_epi32(first, _mm256_set1_epi64x(static_cast<long long>(detail::remix64(g + 1))), 0xc0);
      high_shifts = _mm256_setr_epi64x(36, 45, 54, 0);
    }
    const Lanes l = block_words(lo, hi, first, high, high_shifts);
    return _mm256_testc_si256(l.word, wanted(used_lanes(k_), l.bits));
  }
  const __m256i all = used_lanes(kProbesPerWord), shifts = _mm256_setr_epi64x(36, 45, 54, 63);
  const Lanes l = block_words(lo, hi, first, first, shifts);
  __m256i missing = _mm256_andnot_si256(l.word, wanted(all, l.bits));
  for (unsigned left = k_ - kProbesPerWord;; left -= kProbesPerWord) {
    const __m256i next = _mm256_set1_epi64x(static_cast<long long>(g = detail::remix64(g + 1)));
    const Lanes m = block_words(lo, hi, next, next, shifts);
    missing = _mm256_or_si256(missing, _mm256_andnot_si256(m.word, wanted(left >= kProbesPerWord ? all : used_lanes(left), m.bits)));
    if (left <= kProbesPerWord) break;
  }
  return _mm256_testz_si256(missing, missing);
}

#else

bool BlockedBloomFilter::avx2_available() noexcept { return false; }
bool BlockedBloomFilter::maybe_contains_avx2(Hash key) const noexcept { return maybe_contains_portable(key); }

#endif

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
