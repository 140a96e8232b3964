// Standard Bloom filter: m bits, k probes per key from Kirsch–Mitzenmacher double hashing.
//
//   m = ceil(n·ln(1/ε) / (ln 2)²)   (rounded up to whole 64-bit words; all of them are used)
//   k = max(1, round((m/n)·ln 2))
//   probe i (0 <= i < k) tests bit fast_range(g_i, m),
//   g_i = h + i·rotl(h, 32) + (i(i+1)/2)·u  mod 2^64,   u = ceil(2^64/m)
//
// With h = hi·2^32 + lo, the top half of g_i is hi + i·lo (plus carries): double hashing
// over the two 32-bit halves of the key hash, read by the multiply-shift range reduction
// (no `%`). The triangular term adds i(i+1)/2 bit positions to probe i (u is one position
// in the 64-bit fixed-point domain that fast_range reads). Plain double hashing has an
// O(1/m) excess rate, because a step that is close to a multiple of m/j makes the k
// probes cycle over j bits; with a small m (an exception list of a few words) that excess
// was measured at twice the target rate. The quadratic term keeps the probes apart
// (Dillinger & Manolios's "enhanced double hashing" does the same with a cubic term).
//
// The space is 1/ln 2 · log2(1/ε) ≈ 1.44·log2(1/ε) bits per key.
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
    // All k probes, no early exit: the loads are independent and overlap, while a branch
    // on each would be mispredicted on most negative queries (measured 20 ns against 6).
    std::uint64_t g = key, step = std::rotl(key, 32), all = 1;
    for (unsigned i = 0; i < k_; ++i) {
      const std::uint64_t bit = detail::fast_range64(g, m_);
      all &= words_[bit >> 6] >> (bit & 63);
      step += unit_;
      g += step;
    }
    return all & 1;
  }
  FilterDescription describe() const override;
  /// (bits set / m)^k: the rate of independent probes into this very bit array. (The
  /// textbook (1 − (1 − 1/m)^(kn))^k is its mean over key sets; with a small m one key set
  /// can differ from that mean by several per cent.)
  double expected_fp_rate() const noexcept override { return expected_fp_rate_; }
  void serialize(std::ostream& out) const override;
  /// Reads what serialize() wrote; load_filter() calls it (filters/serialize.cpp).
  static std::unique_ptr<BloomFilter> deserialize(io::Reader& in);

  unsigned hash_count() const noexcept { return k_; }
  std::uint64_t bit_count() const noexcept { return m_; }
  /// X, the number of bits set.
  std::uint64_t bits_set() const noexcept;

  /// Set algebra on filters with the same m and k (and so the same probes; throws
  /// hyph::Error(invalid_argument) otherwise). unite: the bitwise or, the array a filter of
  /// this m and k built from both key lists has; keys becomes the sum of both insertion
  /// counts. intersect:
  /// the bitwise and, which holds every key of both (no false negatives) but may keep
  /// bits that two different keys of the two sides set, so its rate is at least that of a
  /// filter built from the intersection; keys becomes estimated_keys(), rounded.
  /// Both recompute expected_fp_rate() from the bits now set.
  void unite(const BloomFilter& other);
  void intersect(const BloomFilter& other);

  /// The number of distinct keys the bit array suggests (Swamidass & Baldi 2007):
  ///   n ≈ −(m/k)·ln(1 − X/m),
  /// the inverse of the expected fill 1 − e^(−kn/m); infinite if every bit is set.
  double estimated_keys() const noexcept;

 private:
  std::vector<std::uint64_t> words_;
  std::uint64_t m_ = 0;  // == 64·words_.size(), at least 64 so that an empty filter needs no branch
  std::uint64_t unit_ = 0;  // ceil(2^64/m): one bit position in fast_range's fixed point
  unsigned k_ = 1;
  std::uint64_t keys_ = 0;
  double target_fp_rate_;
  void check_compatible(const BloomFilter& other, const char* operation) const;
  void update_rate() noexcept;
  double expected_fp_rate_ = 0;
};

}  // namespace hyph::filters
