// Parameters and internals particular to each backend.
#include "support.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

using namespace hyph::filters;

TEST_CASE("bloom: m and k follow the textbook formulas") {
  const auto keys = test::positives(100000);
  const BloomFilter f(keys, 0.01);
  // m = ceil(n·ln(1/ε)/ln²2) = 958506, rounded up to whole words; k = round(m/n·ln 2) = 7.
  CHECK(f.bit_count() == 958528);
  CHECK(f.hash_count() == 7);
  CHECK(BloomFilter(keys, 0.05).hash_count() == 4);
  CHECK(BloomFilter(keys, 1.0 / 256).hash_count() == 8);
  CHECK(BloomFilter(keys, 0.9).hash_count() == 1);
}

TEST_CASE("blocked bloom: the Poisson model") {
  // The model with λ → 0 keys per block is the unblocked filter; with finite λ it costs
  // more bits than a plain Bloom filter and the cost grows as ε shrinks.
  for (const double eps : {0.05, 0.01, 0.004, 1e-4}) {
    CAPTURE(eps);
    const double plain = -std::log2(eps) / std::numbers::ln2;
    const double blocked = BlockedBloomFilter::model_bits_per_key(eps);
    CHECK(blocked > plain);
    CHECK(blocked < 1.35 * plain);
  }
  CHECK(BlockedBloomFilter::model_bits_per_key(0.01) == doctest::Approx(9.90).epsilon(0.01));
  CHECK(BlockedBloomFilter::model_fp_rate(0.0, 5) == 0.0);
  // More keys per block can only raise the rate.
  CHECK(BlockedBloomFilter::model_fp_rate(60, 6) > BlockedBloomFilter::model_fp_rate(50, 6));

  const auto keys = test::positives(100000);
  const BlockedBloomFilter f(keys, 0.01);
  CHECK(f.block_count() * 512 >= keys.size() * BlockedBloomFilter::model_bits_per_key(0.01));
  CHECK(BlockedBloomFilter::model_fp_rate(1e5 / static_cast<double>(f.block_count()), f.hash_count()) <= 0.01);
  CHECK(f.expected_fp_rate() <= 1.03 * 0.01);  // one key set's rate scatters around the model's mean
}

TEST_CASE("blocked bloom: the portable and the AVX2 lookups give the same answers") {
  // maybe_contains() takes the AVX2 code where the CPU has it; both are checked here at
  // every k from 1 to past 16 (the unrolled bodies, the loop beyond, one and several remixes).
  const auto keys = test::positives(20000);
  const auto others = test::negatives(200000);
  const bool avx2 = BlockedBloomFilter::avx2_available();
  if (!avx2) MESSAGE("no AVX2 on this CPU: only the portable lookup is checked");
  for (const double eps : {0.6, 0.3, 0.1, 0.05, 0.02, 0.01, 0.004, 0.002, 1e-3, 1e-4, 1e-5, 1e-6, 1e-8}) {
    const BlockedBloomFilter f(keys, eps);
    CAPTURE(f.hash_count());
    std::size_t no = 0, differ = 0;
    for (const Hash k : keys) no += !f.maybe_contains_portable(k) || (avx2 && !f.maybe_contains_avx2(k));
    for (const Hash k : others) differ += avx2 && f.maybe_contains_portable(k) != f.maybe_contains_avx2(k);
    CHECK(no == 0);
    CHECK(differ == 0);
  }
}

TEST_CASE("cuckoo: fingerprint size from ε") {
  const auto keys = test::positives(1000);
  CHECK(CuckooFilter(keys, 1.0 / 256).fingerprint_bits() == 11);  // log2(8·256) exactly
  CHECK(CuckooFilter(keys, 0.004).fingerprint_bits() == 11);
  CHECK(CuckooFilter(keys, 0.01).fingerprint_bits() == 10);
  CHECK(CuckooFilter(keys, 0.05).fingerprint_bits() == 8);
  CHECK(CuckooFilter(keys, 0.9).fingerprint_bits() == 4);    // clamped below
  CHECK(CuckooFilter(keys, 1e-12).fingerprint_bits() == 32);  // clamped above
}

TEST_CASE("cuckoo: the alternate bucket is an involution for any bucket count") {
  test::Keys rng(11);
  for (const std::uint64_t buckets : {1ULL, 2ULL, 3ULL, 7ULL, 64ULL, 1000ULL, 26042ULL}) {
    const CuckooTable table(buckets, 12);
    std::size_t bad = 0;
    for (int i = 0; i < 10000; ++i) {
      const Hash h = rng.next();
      const std::uint32_t fp = table.fingerprint(h);
      const std::uint64_t i1 = table.primary(h);
      const std::uint64_t i2 = table.alternate(i1, fp);
      bad += fp == 0 || fp >= 4096 || i1 >= buckets || i2 >= buckets || table.alternate(i2, fp) != i1;
    }
    CAPTURE(buckets);
    CHECK(bad == 0);
  }
}

TEST_CASE("cuckoo: a built filter is one table near the design load") {
  for (const double eps : {0.05, 0.01, 0.004, 0.3}) {
    CAPTURE(eps);
    const auto keys = test::positives(100000);
    const CuckooFilter f(keys, eps);
    CHECK(f.overflow() == 0);
    CHECK(f.load() > (f.fingerprint_bits() >= 8 ? 0.94 : 0.75));
  }
}

TEST_CASE("cuckoo: inserts past capacity keep every key and the rate") {
  auto f = CuckooFilter::with_capacity(1000, 0.01);
  const auto keys = test::positives(100000);
  for (const Hash k : keys) f.insert(k);
  CHECK(f.size() == keys.size());
  CHECK(f.overflow() > 90000);  // the table took what fitted, the exact side set the rest
  CHECK(f.load() > 0.94);
  std::size_t missing = 0;
  for (const Hash k : keys) missing += !f.maybe_contains(k);
  CHECK(missing == 0);
  const double p = f.expected_fp_rate();
  CHECK(p <= 0.01);
  const auto queries = test::negatives(200000);
  CHECK(static_cast<double>(test::count_false_positives(f, queries)) <= test::binomial_upper(queries.size(), p));
  CHECK(f.describe().bits > 64 * f.overflow());  // the side set is counted
  // Erasing everything empties both.
  for (const Hash k : keys) REQUIRE(f.erase(k));
  CHECK(f.size() == 0);
  CHECK(f.load() == 0.0);
  CHECK(test::count_false_positives(f, keys) == 0);
}

TEST_CASE("cuckoo: copies beyond what a bucket pair holds go to the side set") {
  auto f = CuckooFilter::with_capacity(1000, 0.01);
  const Hash key = 0x0badc0ffee0ddf00dULL;
  for (int i = 0; i < 20; ++i) f.insert(key);
  // 8 copies fill the key's two buckets (4 if both are the same bucket); the rest are
  // counted in the exact side set.
  CHECK((f.overflow() == 12 || f.overflow() == 16));
  for (int i = 0; i < 20; ++i) REQUIRE(f.erase(key));
  CHECK(f.size() == 0);
  CHECK_FALSE(f.maybe_contains(key));
}

TEST_CASE("cuckoo: erase frees room that later inserts use") {
  const auto keys = test::positives(20000);
  CuckooFilter f(keys, 0.01);
  REQUIRE(f.overflow() == 0);
  const auto more = test::negatives(2000);
  for (const Hash k : more) f.insert(k);  // past the design load: some go to the side set
  for (std::size_t i = 0; i < 5000; ++i) REQUIRE(f.erase(keys[i]));
  const auto after = f.overflow();
  for (const Hash k : test::Keys(77).take(3000)) f.insert(k);
  CHECK(f.overflow() == after);  // all 3000 fitted in the freed slots
}

TEST_CASE("cuckoo: wide fingerprints (f > 14 takes the slot-by-slot path)") {
  const auto keys = test::positives(100000);
  const CuckooFilter f(keys, 1.0 / (1 << 20));
  CHECK(f.fingerprint_bits() == 23);
  std::size_t missing = 0;
  for (const Hash k : keys) missing += !f.maybe_contains(k);
  CHECK(missing == 0);
  const auto queries = test::negatives(200000);
  CHECK(test::count_false_positives(f, queries) <= 5);
}

TEST_CASE("fuse: fingerprint bits and sizes") {
  const auto keys = test::positives(1000000);
  const FuseFilter f(keys, 1.0 / 256);
  CHECK(f.fingerprint_bits() == 8);
  CHECK(f.segment_length() == 8192);  // 2^floor(ln(10^6)/ln(3.33) + 2.25)
  CHECK(f.cell_count() >= 1.125 * keys.size());
  CHECK(f.cell_count() <= 1.125 * keys.size() + 3 * f.segment_length());
  CHECK(f.attempts() == 1);

  const std::span<const Hash> some(keys.data(), 1000);
  CHECK(FuseFilter(some, 0.01).fingerprint_bits() == 7);
  CHECK(FuseFilter(some, 0.05).fingerprint_bits() == 5);
  CHECK(FuseFilter(some, 0.9).fingerprint_bits() == 1);
  CHECK(FuseFilter(some, 1e-12).fingerprint_bits() == 32);  // clamped
  CHECK(FuseFilter(some, 0.01).expected_fp_rate() == 1.0 / 128);
}

TEST_CASE("fuse: all-equal input is one key") {
  const std::vector<Hash> same(1000, 42);
  const FuseFilter f(same, 0.01);
  CHECK(f.maybe_contains(42));
  CHECK(f.describe().keys == 1);
  CHECK(f.attempts() >= 2);  // the first attempt fails, the retry drops the duplicates
}

TEST_CASE("fuse: a key repeated past what a cell's count holds") {
  // 40 copies put 40 keys in each of its cells (a count byte holds up to 63, and the build
  // gives up at 32); the retry without duplicates must still hold every key.
  auto keys = test::positives(200000);
  keys.insert(keys.end(), 40, keys[123]);
  const FuseFilter f(keys, 0.01);
  std::size_t missing = 0;
  for (const Hash k : keys) missing += !f.maybe_contains(k);
  CHECK(missing == 0);
  CHECK(f.describe().keys == 200000);
  CHECK(f.attempts() >= 2);
}

TEST_CASE("fuse: wide cells (f = 12, 32) and one-bit cells") {
  // 300,000 keys: more cells than the build keeps unsorted, so the segment sort runs too;
  // cells wider than 8 bits take the build's other assignment buffer.
  const auto keys = test::positives(300000);
  for (const double eps : {1e-12, 1.0 / 4096, 0.6}) {
    CAPTURE(eps);
    const FuseFilter f(keys, eps);
    std::size_t missing = 0;
    for (const Hash k : keys) missing += !f.maybe_contains(k);
    CHECK(missing == 0);
    const auto queries = test::negatives(100000);
    CHECK(static_cast<double>(test::count_false_positives(f, queries)) <=
          test::binomial_upper(queries.size(), f.expected_fp_rate()) + 1);
  }
}

TEST_CASE("counting bloom: m and k as in the Bloom filter, 4 bits per counter") {
  const auto keys = test::positives(100000);
  const CountingBloomFilter f(keys, 0.01);
  CHECK(f.counter_count() == 958528);  // BloomFilter's m
  CHECK(f.hash_count() == 7);
  CHECK(f.describe().bits == 4 * f.counter_count());
  // Its positives are a plain Bloom filter's on the same probes.
  const BloomFilter plain(keys, 0.01);
  std::size_t same = 0;
  const auto queries = test::negatives(100000);
  for (const Hash q : queries) same += f.maybe_contains(q) == plain.maybe_contains(q);
  CHECK(same == queries.size());
}

TEST_CASE("counting bloom: a saturated counter is never decremented") {
  auto f = CountingBloomFilter::with_capacity(1000, 0.01);
  const Hash key = 0xfeedfacecafebeefULL;
  // Fourteen copies count exactly and erase to nothing.
  for (int i = 0; i < 14; ++i) f.insert(key);
  CHECK(f.saturated() == 0);
  for (int i = 0; i < 14; ++i) REQUIRE(f.erase(key));
  CHECK_FALSE(f.maybe_contains(key));
  CHECK(f.expected_fp_rate() == 0.0);
  // Twenty copies saturate the key's counters at 15; they stay there, so after twenty
  // erases the key still reads "maybe": a false positive, never a false negative.
  for (int i = 0; i < 20; ++i) f.insert(key);
  CHECK(f.saturated() == f.hash_count());
  for (int i = 0; i < 20; ++i) REQUIRE(f.erase(key));
  CHECK(f.maybe_contains(key));
  CHECK(f.saturated() == f.hash_count());
  CHECK(f.describe().keys == 0);
  // A key sharing a saturated counter is never lost by erasing others.
  const auto keys = test::positives(2000);
  for (const Hash k : keys) f.insert(k);
  for (std::size_t i = 0; i < 1000; ++i) REQUIRE(f.erase(keys[i]));
  std::size_t missing = 0;
  for (std::size_t i = 1000; i < keys.size(); ++i) missing += !f.maybe_contains(keys[i]);
  CHECK(missing == 0);
}

TEST_CASE("hash compaction: l from n and ε") {
  const auto keys = test::positives(100000);
  const std::span<const Hash> some(keys.data(), 1000);
  CHECK(HashCompactionFilter(some, 0.01).compressed_bits() == 17);  // ceil(log2(100001))
  CHECK(HashCompactionFilter(keys, 0.01).compressed_bits() == 24);  // ceil(log2(10^7 + 1))
  CHECK(HashCompactionFilter(some, 1.0 / 1024).compressed_bits() == 20);
  CHECK(HashCompactionFilter(std::span<const Hash>{}, 0.5).compressed_bits() == 2);  // n taken as 1
  CHECK(HashCompactionFilter(keys, 1e-15).compressed_bits() == 57);                  // clamped
  const HashCompactionFilter f(keys, 0.01);
  CHECK(f.slot_count() == 125000);
  CHECK(f.load() == doctest::Approx(0.8));
  // Keys share a compressed value with probability about n²/2^(l+1): about 300 here.
  CHECK(f.distinct() <= keys.size());
  CHECK(f.distinct() >= keys.size() - 500);
}

TEST_CASE("hash compaction: the table grows by rehashing; the rate follows d/2^l") {
  auto f = HashCompactionFilter::with_capacity(1000, 0.01);
  const auto keys = test::positives(100000);
  for (const Hash k : keys) f.insert(k);
  CHECK(f.size() == keys.size());
  CHECK(f.load() <= HashCompactionFilter::kMaxLoad);
  CHECK(f.slot_count() > keys.size());
  std::size_t missing = 0;
  for (const Hash k : keys) missing += !f.maybe_contains(k);
  CHECK(missing == 0);
  // l stays 17 bits, so 10^5 keys give a rate near 10^5/2^17, as the model says.
  const double p = f.expected_fp_rate();
  CHECK(p == doctest::Approx(static_cast<double>(f.distinct()) / 131071));
  const auto queries = test::negatives(100000);
  const auto fp = static_cast<double>(test::count_false_positives(f, queries));
  CHECK(fp <= test::binomial_upper(queries.size(), p));
  CHECK(fp >= test::binomial_lower(queries.size(), p));
  for (const Hash k : keys) REQUIRE(f.erase(k));
  CHECK(f.size() == 0);
  CHECK(f.distinct() == 0);
  CHECK(test::count_false_positives(f, keys) == 0);
}

TEST_CASE("scalable bloom: stages grow by s, tighten by r, and keep the rate within ε") {
  for (const unsigned s : {2u, 4u}) {
    for (const double r : {0.8, 0.9}) {
      CAPTURE(s);
      CAPTURE(r);
      constexpr double eps = 0.01;
      ScalableBloomFilter f(std::span<const Hash>{}, eps, s, r);
      CHECK(f.stage_count() == 1);
      CHECK(f.stage_capacity(0) == ScalableBloomFilter::kMinCapacity);
      const auto keys = test::positives(200000);
      for (const Hash k : keys) f.insert(k);
      CHECK(f.describe().keys == keys.size());
      CHECK(f.stage_count() > 1);
      double sum = 0;
      for (std::size_t i = 0; i < f.stage_count(); ++i) {
        sum += f.stage_fp_rate(i);
        if (i > 0) {
          CHECK(f.stage_capacity(i) == s * f.stage_capacity(i - 1));
          CHECK(f.stage_fp_rate(i) == doctest::Approx(r * f.stage_fp_rate(i - 1)));
        }
      }
      CHECK(sum < eps);
      std::size_t missing = 0;
      for (const Hash k : keys) missing += !f.maybe_contains(k);
      CHECK(missing == 0);
      const double p = f.expected_fp_rate();
      CHECK(p <= eps);
      const auto queries = test::negatives(200000);
      const auto fp = static_cast<double>(test::count_false_positives(f, queries));
      CHECK(fp <= test::binomial_upper(queries.size(), p));
      CHECK(fp >= test::binomial_lower(queries.size(), p));
      // Bits: the formula over the stages, plus the unfilled tail of the newest stage.
      const hyph::FilterDescription d = f.describe();
      double capacity = 0;
      for (std::size_t i = 0; i < f.stage_count(); ++i) capacity += static_cast<double>(f.stage_capacity(i));
      CHECK(static_cast<double>(d.bits) == doctest::Approx(d.theoretical_bits_per_key * capacity).epsilon(0.01));
    }
  }
}

TEST_CASE("scalable bloom: growth factor and tightening ratio are checked") {
  const auto keys = test::positives(10);
  // Not a structured binding: CAPTURE's lambda cannot capture one in clang 14.
  for (const auto& growth : {std::pair{3u, 0.85}, std::pair{1u, 0.85}, std::pair{2u, 0.7}, std::pair{4u, 0.95}}) {
    const unsigned s = growth.first;
    const double r = growth.second;
    CAPTURE(s);
    CAPTURE(r);
    bool thrown = false;
    try {
      const ScalableBloomFilter f(keys, 0.01, s, r);
    } catch (const hyph::Error& e) {
      thrown = e.code() == hyph::ErrorCode::invalid_argument;
    }
    CHECK(thrown);
  }
}

TEST_CASE("scalable bloom: a rate so small that ε(1 − r) underflows still sizes its stages") {
  // Found by fuzz/filters: the smallest subnormal ε gave stage 0 a rate of 0.
  ScalableBloomFilter f(test::positives(10), std::numeric_limits<double>::denorm_min());
  const auto more = test::positives(200);
  for (const Hash k : more) f.insert(k);
  CHECK(f.stage_count() > 1);
  for (std::size_t i = 0; i < f.stage_count(); ++i) CHECK(f.stage_fp_rate(i) > 0);
  std::size_t missing = 0;
  for (const Hash k : more) missing += !f.maybe_contains(k);
  CHECK(missing == 0);
}

TEST_CASE("bloom: union, intersection and the cardinality estimate") {
  const auto keys = test::positives(100000);
  const std::span<const Hash> all(keys);
  // A = keys[0, 60000), B = keys[40000, 100000): same n, so the same m and k.
  BloomFilter a(all.subspan(0, 60000), 0.01), b(all.subspan(40000, 60000), 0.01);
  REQUIRE(a.bit_count() == b.bit_count());
  CHECK(a.estimated_keys() == doctest::Approx(60000).epsilon(0.02));

  BloomFilter u = a;
  u.unite(b);
  std::size_t missing = 0;
  for (const Hash k : keys) missing += !u.maybe_contains(k);
  CHECK(missing == 0);
  CHECK(u.describe().keys == 120000);  // insertions, the overlap twice
  CHECK(u.estimated_keys() == doctest::Approx(100000).epsilon(0.02));
  // The or of the two arrays: whatever either side answers "maybe", u does too.
  std::size_t lost = 0;
  for (const Hash q : test::negatives(20000)) lost += (a.maybe_contains(q) || b.maybe_contains(q)) && !u.maybe_contains(q);
  CHECK(lost == 0);
  CHECK(u.bits_set() >= std::max(a.bits_set(), b.bits_set()));
  CHECK(u.bits_set() <= a.bits_set() + b.bits_set());
  const auto queries = test::negatives(200000);
  CHECK(static_cast<double>(test::count_false_positives(u, queries)) <=
        test::binomial_upper(queries.size(), u.expected_fp_rate()));
  CHECK(static_cast<double>(test::count_false_positives(u, queries)) >=
        test::binomial_lower(queries.size(), u.expected_fp_rate()));

  BloomFilter i = a;
  i.intersect(b);
  missing = 0;
  for (std::size_t j = 40000; j < 60000; ++j) missing += !i.maybe_contains(keys[j]);
  CHECK(missing == 0);
  // The and keeps bits that keys of A \ B and B \ A happen to share, so the estimate is
  // at least |A ∩ B| = 20000 and the rate at least a 20000-key filter's.
  CHECK(i.estimated_keys() >= 0.98 * 20000);
  CHECK(i.estimated_keys() <= 60000);
  CHECK(static_cast<double>(i.describe().keys) == doctest::Approx(i.estimated_keys()).epsilon(1e-4));
  CHECK(static_cast<double>(test::count_false_positives(i, queries)) <=
        test::binomial_upper(queries.size(), i.expected_fp_rate()));

  // An empty filter estimates zero keys.
  CHECK(BloomFilter(std::span<const Hash>{}, 0.01).estimated_keys() == 0.0);

  // Different m (or k) means different probes: refused.
  const BloomFilter small(all.subspan(0, 1000), 0.01);
  for (const bool union_op : {true, false}) {
    CAPTURE(union_op);
    bool thrown = false;
    try {
      BloomFilter c = a;
      union_op ? c.unite(small) : c.intersect(small);
    } catch (const hyph::Error& e) {
      thrown = e.code() == hyph::ErrorCode::invalid_argument;
    }
    CHECK(thrown);
  }
}
