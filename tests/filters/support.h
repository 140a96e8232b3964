// Shared helpers for the filter tests: reproducible keys, a binomial bound, and what each
// backend promises about space.
#pragma once

#include "filters/blocked_bloom.h"
#include "filters/bloom.h"
#include "filters/counting_bloom.h"
#include "filters/counting_quotient.h"
#include "filters/cuckoo.h"
#include "filters/filter.h"
#include "filters/fuse.h"
#include "filters/hash_compaction.h"
#include "filters/quotient.h"
#include "filters/scalable_bloom.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

TYPE_TO_STRING_AS("bloom", hyph::filters::BloomFilter);
TYPE_TO_STRING_AS("blocked-bloom", hyph::filters::BlockedBloomFilter);
TYPE_TO_STRING_AS("cuckoo", hyph::filters::CuckooFilter);
TYPE_TO_STRING_AS("fuse", hyph::filters::FuseFilter);
TYPE_TO_STRING_AS("counting-bloom", hyph::filters::CountingBloomFilter);
TYPE_TO_STRING_AS("hash-compaction", hyph::filters::HashCompactionFilter);
TYPE_TO_STRING_AS("scalable-bloom", hyph::filters::ScalableBloomFilter);
TYPE_TO_STRING_AS("quotient", hyph::filters::QuotientFilter);
TYPE_TO_STRING_AS("counting-quotient", hyph::filters::CountingQuotientFilter);

namespace test {

using hyph::filters::Hash;

/// SplitMix64: a fixed seed gives the same keys on every run and platform.
class Keys {
 public:
  explicit Keys(std::uint64_t seed) : state_(seed) {}
  Hash next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::vector<Hash> take(std::size_t n) {
    std::vector<Hash> v(n);
    for (Hash& h : v) h = next();
    return v;
  }

 private:
  std::uint64_t state_;
};

/// Positive keys come from one stream and negative queries from another. Two streams of
/// 64-bit values share an element with probability ~ n·q/2^64 < 10^-7 at our sizes.
inline std::vector<Hash> positives(std::size_t n) { return Keys(0x5eed0001).take(n); }
inline std::vector<Hash> negatives(std::size_t n) { return Keys(0x5eed0002).take(n); }

/// prefix + decimal n. (Spelled out: GCC 12 at -O3 warns falsely, -Wrestrict, about
/// `std::string + std::to_string(...)`.)
inline std::string word(std::string_view prefix, std::uint64_t n) {
  std::string w(prefix);
  w.append(std::to_string(n));
  return w;
}

/// mean + z·σ of a Binomial(trials, p).
inline double binomial_upper(std::uint64_t trials, double p, double z = 5.0) {
  const double n = static_cast<double>(trials);
  return n * p + z * std::sqrt(n * p * (1 - p));
}
inline double binomial_lower(std::uint64_t trials, double p, double z = 5.0) {
  const double n = static_cast<double>(trials);
  return n * p - z * std::sqrt(n * p * (1 - p));
}

template <class F>
std::uint64_t count_false_positives(const F& filter, const std::vector<Hash>& queries) {
  std::uint64_t fp = 0;
  for (const Hash q : queries) fp += filter.maybe_contains(q);
  return fp;
}

/// Whether expected_fp_rate() is the backend's exact rate (so the measured rate must not be
/// far below it either) or an upper bound (cuckoo: a union bound over the two buckets).
/// Whether a mutable backend keeps its rate within ε when it receives more keys than it was
/// built for (cuckoo: an exact side set); the others are sized with with_capacity().
template <class F>
constexpr bool grows_past_capacity = std::is_same_v<F, hyph::filters::CuckooFilter>;

template <class F>
constexpr bool exact_model = !std::is_same_v<F, hyph::filters::CuckooFilter>;

/// What f.serialize() writes.
inline std::string bytes_of(const hyph::filters::Filter& f) {
  std::ostringstream out;
  f.serialize(out);
  return std::move(out).str();
}

/// The least key hash whose fingerprint in a quotient filter of m slots and r-bit remainders
/// is (q, rem): F = floor(h·M/2^64) with M = m·2^r grows with h, so a binary search for the
/// least h with F >= q·2^r + rem finds it (no 128-bit integer: 32-bit hosts have none).
template <class QuotientLike>
Hash key_with(const QuotientLike& f, std::uint64_t q, std::uint64_t rem) {
  const std::uint64_t want = q << f.remainder_bits() | rem;
  Hash lo = 0, hi = ~Hash{0};
  while (lo < hi) {
    const Hash mid = lo + (hi - lo) / 2;
    if (hyph::filters::detail::quotient_fingerprint(mid, f.slot_count(), f.remainder_bits()) >= want) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}

}  // namespace test
