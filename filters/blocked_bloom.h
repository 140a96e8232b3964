// Blocked Bloom filter (Putze, Sanders & Singler 2007): every key sets its k bits inside one
// 512-bit block, so a lookup touches one 64-byte cache line.
//
//   block   = fast_range(h, blocks)              (top bits of the key hash h)
//   probe i = 9-bit field i mod 7 of g_{i/7}     (0 <= i < k)
//   g_0 = remix(h), g_{j+1} = remix(g_j + 1)
//
// Each probe is an independent uniform bit of the block, which is exactly what the model
// below assumes. (Double hashing inside a 512-bit block, a + i·s mod 512, is cheaper but
// measurably worse: its arithmetic progressions overlap and raised the rate from 0.40 % to
// 0.55 % at ε = 0.4 %.)
//
// Sizing. Blocking loses some accuracy: blocks receive Poisson(λ) keys, λ = n/blocks, and a
// crowded block answers "maybe" more often. With c bits per key (λ = 512/c) the rate is
//
//   FP(c, k) = Σ_{i>=0} e^{-λ} λ^i / i! · E[(X_i/512)^k]
//   E[(X_i/512)^k] ≈ p^k + C(k,2)·p^{k−2}·Var(X_i/512),  p = 1 − (1 − 1/512)^{k·i}
//
// where X_i is the number of bits k·i probes set in one block (the variance term, worth
// about 2 % of the rate, is spelled out in model_fp_rate).
//
// The theoretical bits/key this filter reports is the least c with min_k FP(c, k) <= ε
// (found by regula falsi); the filter uses blocks = ceil(n·c/512) and the k minimising FP for
// its actual λ. For ε = 1 % this is 9.9 bits/key against 9.6 for a plain Bloom filter; the
// gap grows as ε shrinks (80 against 43 at 1e-9), and below about 1e-18 no size reaches ε.
#pragma once

#include "filters/filter.h"
#include "filters/filter_util.h"

#include <cstdint>
#include <span>
#include <vector>

namespace hyph::filters {

class BlockedBloomFilter final : public Filter {
 public:
  static constexpr unsigned kBlockBits = 512;
  static constexpr unsigned kProbesPerWord = 7;  // 9-bit fields in a 64-bit word

  BlockedBloomFilter(std::span<const Hash> keys, double fp_rate);

  bool maybe_contains(Hash key) const noexcept override {
    return vectorized_ ? maybe_contains_avx2(key) : maybe_contains_portable(key);
  }
  /// The same answer from the portable code and from the AVX2 code (which needs a CPU with
  /// AVX2: avx2_available()), whichever maybe_contains() uses; for tests and benchmarks.
  bool maybe_contains_portable(Hash key) const noexcept;
  bool maybe_contains_avx2(Hash key) const noexcept;
  /// True if the dispatch tier has AVX2 (include/hyph/cpu_tier.h); maybe_contains() uses it then.
  static bool avx2_available() noexcept;
  FilterDescription describe() const override;
  /// The mean over blocks of (bits set in the block / 512)^k: the rate of independent
  /// probes into this very array (the Poisson model above is its mean over key sets).
  double expected_fp_rate() const noexcept override { return expected_fp_rate_; }
  void serialize(std::ostream& out) const override;
  /// Reads what serialize() wrote; load_filter() calls it (filters/serialize.cpp).
  static std::unique_ptr<BlockedBloomFilter> deserialize(io::Reader& in);

  unsigned hash_count() const noexcept { return k_; }
  std::uint64_t block_count() const noexcept { return blocks_.size(); }

  /// The model's false-positive rate with `keys_per_block` keys per block on average.
  static double model_fp_rate(double keys_per_block, unsigned k) noexcept;
  /// The least bits per key at which some k reaches `fp_rate` in the model.
  static double model_bits_per_key(double fp_rate) noexcept;

 private:
  struct alignas(64) Block {
    std::uint64_t words[kBlockBits / 64];
  };
  // A lookup tests all k probes (no early exit: the block is one cache line, and a branch on
  // each probe would be mispredicted on most negative queries). The portable code unrolls
  // the probes for each k up to 16; the AVX2 code tests 7 probes (one 64-bit remix) at once
  // in 32-bit lanes, without a gather. maybe_contains() picks one when the filter is made.
  const Block& block_of(Hash key) const noexcept { return blocks_[detail::fast_range64(key, blocks_.size())]; }
  std::vector<Block> blocks_;
  unsigned k_ = 1;
  std::uint64_t keys_ = 0;
  double target_fp_rate_;
  double theory_bits_per_key_;
  double expected_fp_rate_ = 0;
  bool vectorized_ = avx2_available();
};

}  // namespace hyph::filters
