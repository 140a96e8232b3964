// Counting Bloom filter (Fan, Cao, Almeida & Broder 2000): a Bloom filter whose m cells are
// 4-bit counters instead of bits, so that keys can be erased.
//
//   m = ceil(n·ln(1/ε) / (ln 2)²)   counters (rounded up to a multiple of 64, as BloomFilter's m)
//   k = max(1, round((m/n)·ln 2))
//   probes: exactly those of BloomFilter (bloom.h), counter i instead of bit i.
//
// A key is "maybe present" iff all k of its counters are nonzero; insert increments them,
// erase decrements them. The rate is that of a Bloom filter whose set bits are the nonzero
// counters, (nonzero/m)^k; the space is 4 bits per counter, 4·log2(1/ε)/ln 2 ≈
// 5.77·log2(1/ε) bits per key.
//
// Overflow. A counter saturates at 15 and is then never incremented nor decremented again:
// a saturated counter may count more insertions than 15, and decrementing it could bring
// it to zero while some of those keys are still present — a false negative. Frozen at 15,
// it can only keep reporting "maybe" (a few extra false positives, never a false
// negative). With n keys at the optimal k a counter reaches 16 with probability below
// 1.4·10^-15·m (Fan et al.), so in practice only repeated insertions of one key saturate.
//
// Erase. erase(h) first checks all k counters; if one is zero the key was never inserted
// and nothing changes (returns false). Otherwise it decrements each (once per probe, so a
// counter probed twice by the same key is decremented twice, as it was incremented twice).
// Erasing a key that was never inserted but reads "maybe" (probability about ε)
// decrements other keys' counters and can make one of them a false negative; erase only
// keys you inserted.
//
// Growth. m is fixed at construction. Inserting many more keys than the filter was sized
// for never loses a key but raises the rate as (nonzero/m)^k says; rebuild (make_filter)
// or use with_capacity() for a filter that will be filled by inserts.
#pragma once

#include "filters/filter.h"
#include "filters/filter_util.h"

#include <bit>
#include <cstdint>
#include <span>
#include <vector>

namespace hyph::filters {

class CountingBloomFilter final : public MutableFilter {
 public:
  static constexpr unsigned kCounterBits = 4;
  static constexpr unsigned kMaxCount = 15;  // saturated: frozen from then on

  /// Sized for keys.size() keys at fp_rate; each element is one insertion.
  CountingBloomFilter(std::span<const Hash> keys, double fp_rate);
  /// An empty filter sized for `capacity` keys.
  static CountingBloomFilter with_capacity(std::uint64_t capacity, double fp_rate);

  bool maybe_contains(Hash key) const noexcept override {
    std::uint64_t g = key, step = std::rotl(key, 32), all = 1;
    for (unsigned i = 0; i < k_; ++i) {
      all &= counter(detail::fast_range64(g, m_)) != 0;
      step += unit_;
      g += step;
    }
    return all != 0;
  }
  void insert(Hash key) override;
  bool erase(Hash key) override;
  FilterDescription describe() const override;
  /// (nonzero counters / m)^k, kept up to date by insert and erase.
  double expected_fp_rate() const noexcept override;
  void serialize(std::ostream& out) const override;
  /// Reads what serialize() wrote; load_filter() calls it (filters/serialize.cpp).
  static std::unique_ptr<CountingBloomFilter> deserialize(io::Reader& in);

  unsigned hash_count() const noexcept { return k_; }
  std::uint64_t counter_count() const noexcept { return m_; }
  /// Counters stuck at 15.
  std::uint64_t saturated() const noexcept { return saturated_; }
  /// The counter's value (for tests).
  unsigned counter(std::uint64_t i) const noexcept {
    return static_cast<unsigned>(words_[i >> 4] >> ((i & 15) * 4)) & 15u;
  }

 private:
  CountingBloomFilter(std::uint64_t capacity, double fp_rate, int);

  std::vector<std::uint64_t> words_;  // 16 counters per word
  std::uint64_t m_ = 0;               // counters, == 16·words_.size(), a multiple of 64
  std::uint64_t unit_ = 0;            // ceil(2^64/m), as in BloomFilter
  unsigned k_ = 1;
  std::uint64_t keys_ = 0;            // insertions minus successful erasures
  std::uint64_t nonzero_ = 0;
  std::uint64_t saturated_ = 0;
  double target_fp_rate_;
};

}  // namespace hyph::filters
