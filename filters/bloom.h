// Standard Bloom filter: m bits, k probes per key from Kirsch–Mitzenmacher double hashing.
//
//   m = ceil(n·ln(1/ε) / (ln 2)²)   (rounded up to whole 64-bit words; all of them are used)
//   k = max(1, round((m/n)·ln 2))
//   probe i (0 <= i < k) tests bit fast_range(g_i, m), g_i = h + i·rotl(h, 32) mod 2^64
//
// With h = hi·2^32 + lo, the top half of g_i is hi + i·lo (plus a carry), so this is double
// hashing over the two 32-bit halves of the key hash, and the multiply-shift range reduction
// reads those top bits; no `%`. The space is 1/ln 2 · log2(1/ε) ≈ 1.44·log2(1/ε) bits per key.
#pragma once

#include "filters/filter.h"
#include "filters/filter_util.h"

#include <bit>
#include <cstdint>
#include <span>
#include <vector>

namespace hyph::filters {

class BloomFilter final : public Filter {
 public:
  /// Sizes the filter for keys.size() keys at false-positive rate fp_rate and adds them.
  BloomFilter(std::span<const Hash> keys, double fp_rate);

  bool maybe_contains(Hash key) const noexcept override {
    const std::uint64_t step = std::rotl(key, 32);
    std::uint64_t g = key;
    for (unsigned i = 0; i < k_; ++i, g += step) {
      const std::uint64_t bit = detail::fast_range64(g, m_);
      if (!((words_[bit >> 6] >> (bit & 63)) & 1)) return false;
    }
    return true;
  }
  FilterDescription describe() const override;
  /// (1 − (1 − 1/m)^(k·n))^k for the actual m, k and n.
  double expected_fp_rate() const noexcept override;

  unsigned hash_count() const noexcept { return k_; }
  std::uint64_t bit_count() const noexcept { return m_; }

 private:
  std::vector<std::uint64_t> words_;
  std::uint64_t m_ = 0;  // == 64·words_.size(), at least 64 so that an empty filter needs no branch
  unsigned k_ = 1;
  std::uint64_t keys_ = 0;
  double target_fp_rate_;
};

}  // namespace hyph::filters
