// The contract of filters that can erase, run over every such backend, against a
// std::unordered_multiset of the keys that should be present.
#include "support.h"

#include <unordered_set>

using namespace hyph::filters;

namespace {

// A reference multiset plus a vector of its elements, to pick a random present key.
struct Reference {
  std::unordered_multiset<Hash> set;
  std::vector<Hash> list;

  void insert(Hash k) {
    set.insert(k);
    list.push_back(k);
  }
  Hash erase_at(std::size_t i) {
    const Hash k = list[i];
    list[i] = list.back();
    list.pop_back();
    set.erase(set.find(k));
    return k;
  }
};

template <class F>
std::size_t count_missing(const F& filter, const Reference& ref) {
  std::size_t missing = 0;
  for (const Hash k : ref.set) missing += !filter.maybe_contains(k);
  return missing;
}

}  // namespace

TEST_CASE_TEMPLATE("inserts, erases, relocations and growth agree with a multiset", F, CuckooFilter,
                   CountingBloomFilter, HashCompactionFilter, QuotientFilter, CountingQuotientFilter) {
  static_assert(MutableFilterBackend<F>);
  constexpr double eps = 0.01;
  const auto pool = test::Keys(0x5eed0003).take(40000);  // few enough that keys recur
  Reference ref;
  std::vector<Hash> initial;
  SUBCASE("starting empty") {}
  SUBCASE("starting from 30000 keys at the design load") { initial = test::positives(30000); }
  // A filter that cannot grow without its keys is sized for all the distinct keys it gets.
  F filter = [&] {
    if constexpr (test::grows_past_capacity<F>) {
      return F(initial, eps);
    } else {
      F f = F::with_capacity(initial.size() + pool.size(), eps);
      for (const Hash k : initial) f.insert(k);
      return f;
    }
  }();
  for (const Hash k : initial) ref.insert(k);

  test::Keys rng(7);
  for (int op = 1; op <= 300000; ++op) {
    const std::uint64_t r = rng.next();
    if (r % 10 < 6 || ref.list.empty()) {
      const Hash k = pool[(r >> 8) % pool.size()];
      filter.insert(k);
      ref.insert(k);
    } else {
      const Hash k = ref.erase_at((r >> 8) % ref.list.size());
      REQUIRE(filter.erase(k));
    }
    if (op % 50000 == 0) {
      CAPTURE(op);
      CHECK(count_missing(filter, ref) == 0);
      CHECK(filter.describe().keys == ref.set.size());
    }
  }
  // Growth does not raise the rate.
  const double p = filter.expected_fp_rate();
  CHECK(p <= eps);
  const auto queries = test::negatives(200000);
  CHECK(static_cast<double>(test::count_false_positives(filter, queries)) <= test::binomial_upper(queries.size(), p));

  // Erasing every insertion leaves nothing behind: not one fingerprint, so no positives.
  while (!ref.list.empty()) REQUIRE(filter.erase(ref.erase_at(ref.list.size() - 1)));
  CHECK(filter.describe().keys == 0);
  CHECK(test::count_false_positives(filter, queries) == 0);
  CHECK(test::count_false_positives(filter, pool) == 0);
}

TEST_CASE_TEMPLATE("a key inserted more often than its buckets hold", F, CuckooFilter, HashCompactionFilter,
                   QuotientFilter, CountingQuotientFilter) {
  F filter(std::span<const Hash>{}, 0.01);
  const Hash key = 0xfeedfacecafebeefULL;
  for (int i = 0; i < 20; ++i) filter.insert(key);
  CHECK(filter.describe().keys == 20);
  for (int i = 0; i < 20; ++i) {
    CHECK(filter.maybe_contains(key));
    CHECK(filter.erase(key));
  }
  CHECK_FALSE(filter.maybe_contains(key));
  CHECK_FALSE(filter.erase(key));
  CHECK(filter.describe().keys == 0);
}

TEST_CASE_TEMPLATE("erasing keys that were never inserted", F, CuckooFilter, CountingBloomFilter,
                   HashCompactionFilter, QuotientFilter, CountingQuotientFilter) {
  // erase(k) succeeds exactly when maybe_contains(k) was true (a false positive: it then
  // removes another key's matching fingerprint, which is inherent); otherwise it changes
  // nothing.
  const auto keys = test::positives(100000);
  F filter(keys, 0.05);
  const double p = filter.expected_fp_rate();  // each removal can only lower it
  std::size_t removed = 0, disagreements = 0;
  for (const Hash q : test::negatives(100000)) {
    const bool maybe = filter.maybe_contains(q);
    const bool erased = filter.erase(q);
    disagreements += erased != maybe;
    removed += erased;
  }
  CHECK(disagreements == 0);
  CHECK(filter.describe().keys == keys.size() - removed);
  CHECK(static_cast<double>(removed) <= test::binomial_upper(100000, p) + 50);
}
