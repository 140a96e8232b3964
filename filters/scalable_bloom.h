// Scalable Bloom filter (Almeida, Baquero, Preguiça & Hutchison 2007): a chain of Bloom
// filters that takes inserts without knowing n in advance and keeps the overall rate
// within ε.
//
// Stage i (i = 0, 1, ...) is a Bloom filter (probes as in bloom.h) sized for
//   n_i = n_0·s^i keys at rate ε_i = ε_0·r^i,   ε_0 = ε·(1 − r),
// so the compound rate 1 − Π(1 − ε_i) <= Σ ε_i < ε_0/(1 − r) = ε for any number of
// stages. Inserts go to the newest stage; when it holds n_i insertions a new stage is
// opened. A query asks every stage (a key is in exactly one). n_0 is the number of keys the
// filter is built from (at least 64); s ∈ {2, 4} is the growth factor and r ∈ [0.8, 0.9]
// the tightening ratio (defaults 2 and 0.85, the paper's recommendations for slow growth).
// Each stage is a plain Bloom filter rather than the paper's partitioned one: the same
// rate at the optimal k, and the probes bloom.h already validated.
//
// Space. Stage i costs n_i·log2(1/ε_i)/ln 2 bits, so a filter built from n keys has
//   log2(1/(ε(1 − r)))/ln 2 bits per key  (1.44·(log2(1/ε) + 2.74) at r = 0.85),
// and one that grew through L stages pays about (log2(1/ε_0) + (L − 1/(s − 1))·log2(1/r))/ln 2
// per key, growing with log(n/n_0) as the later stages tighten; describe() gives the
// formula summed over the actual stages,
// Σ n_i·log2(1/ε_i) / (ln 2·Σ n_i), and bits/key counts the unfilled tail of the last stage.
// No erase: a bit cannot be cleared without a count.
#pragma once

#include "filters/filter.h"
#include "filters/filter_util.h"

#include <bit>
#include <cstdint>
#include <span>
#include <vector>

namespace hyph::filters {

class ScalableBloomFilter final : public GrowableFilter {
 public:
  static constexpr std::uint64_t kMinCapacity = 64;
  static constexpr unsigned kDefaultGrowth = 2;
  static constexpr double kDefaultTightening = 0.85;

  /// First stage sized for keys.size() keys (at least 64); throws invalid_argument unless
  /// 0 < fp_rate < 1, growth ∈ {2, 4} and 0.8 <= tightening <= 0.9.
  ScalableBloomFilter(std::span<const Hash> keys, double fp_rate, unsigned growth = kDefaultGrowth,
                      double tightening = kDefaultTightening);

  bool maybe_contains(Hash key) const noexcept override {
    bool any = false;
    for (const Stage& s : stages_) any |= s.contains(key);
    return any;
  }
  /// Adds a key, opening a new stage when the newest is full. Never fails.
  void insert(Hash key) override;
  FilterDescription describe() const override;
  /// 1 − Π(1 − (bits set_i/m_i)^k_i) over the stages.
  double expected_fp_rate() const noexcept override;
  void serialize(std::ostream& out) const override;
  /// Reads what serialize() wrote; load_filter() calls it (filters/serialize.cpp).
  static std::unique_ptr<ScalableBloomFilter> deserialize(io::Reader& in);

  std::size_t stage_count() const noexcept { return stages_.size(); }
  std::uint64_t stage_capacity(std::size_t i) const noexcept { return stages_[i].capacity; }
  double stage_fp_rate(std::size_t i) const noexcept { return stages_[i].fp_rate; }
  unsigned growth() const noexcept { return growth_; }
  double tightening() const noexcept { return tightening_; }

 private:
  struct Stage {
    Stage(std::uint64_t capacity, double fp_rate);
    bool contains(Hash key) const noexcept {
      std::uint64_t g = key, step = std::rotl(key, 32), all = 1;
      for (unsigned i = 0; i < k; ++i) {
        const std::uint64_t bit = detail::fast_range64(g, m);
        all &= words[bit >> 6] >> (bit & 63);
        step += unit;
        g += step;
      }
      return all & 1;
    }
    void insert(Hash key) noexcept;

    std::vector<std::uint64_t> words;
    std::uint64_t m = 0, unit = 0;
    unsigned k = 1;
    std::uint64_t capacity, count = 0, set = 0;
    double fp_rate;
  };

  std::vector<Stage> stages_;
  unsigned growth_;
  double tightening_;
  std::uint64_t keys_ = 0;
  double target_fp_rate_;
};

}  // namespace hyph::filters
