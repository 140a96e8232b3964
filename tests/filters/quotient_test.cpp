// The quotient filter's own promises: its sizing, clusters that wrap around the end of the
// table, erases that shift clusters back, the canonical layout, doubling, the side set past
// the last doubling, merge, and the refusal to merge different parameters.
#include "support.h"

#include <hyph/error.h>

#include <algorithm>
#include <cmath>

using namespace hyph::filters;
using test::bytes_of;
using test::key_with;

namespace {

// The table `f` would be if `keys` were inserted into a fresh filter of the same shape:
// the layout is a function of the fingerprints alone.
bool canonical(const QuotientFilter& f, std::uint64_t capacity, double eps, const std::vector<Hash>& keys) {
  auto fresh = QuotientFilter::with_capacity(capacity, eps);
  REQUIRE(fresh.slot_count() == f.slot_count());
  std::vector<Hash> sorted = keys;
  std::sort(sorted.begin(), sorted.end());
  for (const Hash k : sorted) fresh.insert(k);
  return bytes_of(fresh) == bytes_of(f);
}

std::vector<std::uint64_t> sorted_fingerprints(const QuotientFilter& f, const std::vector<Hash>& keys) {
  std::vector<std::uint64_t> out;
  for (const Hash k : keys) out.push_back(f.fingerprint(k));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("quotient: r from ε and α_max, m from n and the design load") {
  for (const double eps : {0.3, 0.1, 0.01, 1.0 / 256, 1e-6}) {
    CAPTURE(eps);
    const auto f = QuotientFilter::with_capacity(1000, eps);
    CHECK(f.remainder_bits() == static_cast<unsigned>(std::ceil(std::log2(0.9 / eps) - 1e-9)));
    CHECK(f.slot_count() == 1250);
    // Full to the maximum load, the model stays within ε.
    CHECK(0.9 * std::ldexp(1.0, -static_cast<int>(f.remainder_bits())) <= eps);
  }
  CHECK(QuotientFilter::with_capacity(0, 0.01).slot_count() == QuotientFilter::kMinSlots);
  CHECK(QuotientFilter::with_capacity(1000, 1e-15).remainder_bits() == QuotientFilter::kMaxRemainderBits);
  CHECK(QuotientFilter::with_capacity(1000, 0.95).remainder_bits() == 1);
}

TEST_CASE("quotient: built at once or inserted in any order, the slots are the same") {
  const auto keys = test::positives(5000);
  const QuotientFilter built(keys, 0.01);
  auto inserted = QuotientFilter::with_capacity(keys.size(), 0.01);
  std::vector<Hash> shuffled = keys;
  test::Keys rng(3);
  for (std::size_t i = shuffled.size(); i > 1; --i) std::swap(shuffled[i - 1], shuffled[rng.next() % i]);
  for (const Hash k : shuffled) inserted.insert(k);
  CHECK(bytes_of(built) == bytes_of(inserted));
  CHECK(built.fingerprints() == sorted_fingerprints(built, keys));
}

TEST_CASE("quotient: a cluster wraps around the end of the table") {
  auto f = QuotientFilter::with_capacity(40, 0.01);  // 50 slots, 7-bit remainders
  const std::uint64_t m = f.slot_count();
  REQUIRE(m == 50);
  REQUIRE(f.remainder_bits() == 7);
  // Runs of m−2 (three), m−1 (three, one repeated), 0 (one) and 1 (two): nine remainders
  // from slot m−2 on, so the cluster wraps to slots 0..6.
  const std::vector<Hash> keys = {key_with(f, m - 2, 9),   key_with(f, m - 2, 1),  key_with(f, m - 2, 5),
                                  key_with(f, m - 1, 100), key_with(f, m - 1, 3),  key_with(f, m - 1, 3),
                                  key_with(f, 0, 7),       key_with(f, 1, 4),      key_with(f, 1, 2)};
  for (const Hash k : keys) f.insert(k);
  for (const Hash k : keys) CHECK(f.maybe_contains(k));
  CHECK(f.fingerprints() == sorted_fingerprints(f, keys));

  // slot:       m−2  m−1   0    1    2    3    4    5    6    7
  // remainder:   1    5    9    3    3   100   7    2    4    -
  const std::vector<std::uint64_t> slots = {m - 2, m - 1, 0, 1, 2, 3, 4, 5, 6};
  const std::vector<std::uint64_t> remainders = {1, 5, 9, 3, 3, 100, 7, 2, 4};
  const std::vector<bool> continuation = {false, true, true, false, true, true, false, false, true};
  for (std::size_t i = 0; i < slots.size(); ++i) {
    CAPTURE(slots[i]);
    CHECK(f.remainder_at(slots[i]) == remainders[i]);
    CHECK(f.is_continuation(slots[i]) == continuation[i]);
    CHECK(f.is_shifted(slots[i]) == (i != 0));
  }
  CHECK(f.is_occupied(m - 2));
  CHECK(f.is_occupied(m - 1));
  CHECK(f.is_occupied(0));
  CHECK(f.is_occupied(1));
  CHECK_FALSE(f.is_occupied(2));
  CHECK(f.remainder_at(7) == 0);
  CHECK_FALSE(f.is_shifted(7));
  // Absent remainders in those runs, and quotients with no run inside the cluster.
  CHECK_FALSE(f.maybe_contains(key_with(f, m - 1, 4)));
  CHECK_FALSE(f.maybe_contains(key_with(f, m - 2, 6)));
  CHECK_FALSE(f.maybe_contains(key_with(f, 0, 8)));
  CHECK_FALSE(f.maybe_contains(key_with(f, 2, 3)));
  CHECK_FALSE(f.maybe_contains(key_with(f, 1, 3)));

  // Erase in an order that takes the wrapped runs apart from the front, the middle and the
  // back; after each erase the table is what inserting the remaining keys would give.
  std::vector<Hash> left = keys;
  for (const std::size_t i : {0u, 4u, 7u, 1u, 6u, 3u, 5u, 8u, 2u}) {
    CAPTURE(i);
    REQUIRE(f.erase(keys[i]));
    left.erase(std::find(left.begin(), left.end(), keys[i]));
    for (const Hash k : left) CHECK(f.maybe_contains(k));
    CHECK(canonical(f, 40, 0.01, left));
  }
  CHECK(f.size() == 0);
  for (std::uint64_t i = 0; i < m; ++i) CHECK_FALSE(f.is_occupied(i));
}

TEST_CASE("quotient: erasing in the middle of runs and clusters shifts the rest back") {
  auto f = QuotientFilter::with_capacity(40, 0.01);
  // slot:      10  11  12  13  14  15  16
  // quotient:  10  10  10  11  12  12  15
  // remainder:  1   2   3   5   6   7   1
  const Hash a1 = key_with(f, 10, 1), a2 = key_with(f, 10, 2), a3 = key_with(f, 10, 3), b = key_with(f, 11, 5),
             c1 = key_with(f, 12, 6), c2 = key_with(f, 12, 7), d = key_with(f, 15, 1);
  std::vector<Hash> keys = {d, c2, b, a3, a1, c1, a2};
  for (const Hash k : keys) f.insert(k);
  CHECK(f.remainder_at(16) == 1);
  CHECK(f.is_shifted(16));
  CHECK(f.remainder_at(13) == 5);

  auto erase = [&](Hash k) {
    REQUIRE(f.erase(k));
    keys.erase(std::find(keys.begin(), keys.end(), k));
    for (const Hash left : keys) CHECK(f.maybe_contains(left));
    CHECK(canonical(f, 40, 0.01, keys));
  };
  // The middle of a run: the rest of the cluster moves back, and 15's remainder reaches its
  // home, so it is no longer shifted.
  erase(a2);
  CHECK(f.remainder_at(11) == 3);
  CHECK(f.is_continuation(11));
  CHECK(f.remainder_at(12) == 5);
  CHECK(f.is_shifted(12));
  CHECK_FALSE(f.is_continuation(12));
  CHECK(f.remainder_at(15) == 1);
  CHECK_FALSE(f.is_shifted(15));
  CHECK(f.remainder_at(16) == 0);
  // A whole run in the middle of the cluster: its home is no longer occupied, and 12's run
  // moves back to its home.
  erase(b);
  CHECK_FALSE(f.is_occupied(11));
  CHECK(f.remainder_at(12) == 6);
  CHECK_FALSE(f.is_shifted(12));
  CHECK(f.remainder_at(13) == 7);
  CHECK(f.is_continuation(13));
  // A run's head: the next remainder heads it.
  erase(a1);
  CHECK(f.remainder_at(10) == 3);
  CHECK_FALSE(f.is_continuation(10));
  CHECK_FALSE(f.is_shifted(10));
  CHECK(f.remainder_at(11) == 0);
  CHECK_FALSE(f.erase(a1));  // gone: nothing changes
  CHECK(canonical(f, 40, 0.01, keys));
}

TEST_CASE("quotient: random inserts and erases in crowded, wrapping clusters keep the canonical layout") {
  for (const double eps : {0.3, 0.01}) {
    CAPTURE(eps);
    auto f = QuotientFilter::with_capacity(51, eps);  // 64 slots: up to 57 before doubling
    const std::uint64_t m = f.slot_count();
    REQUIRE(m == 64);
    std::vector<Hash> held;
    test::Keys rng(11);
    for (int op = 0; op < 20000; ++op) {
      const std::uint64_t x = rng.next();
      if (held.size() < 50 && (x % 3 != 0 || held.empty())) {
        // Homes in the last and first four slots, so clusters are long and wrap.
        const std::uint64_t q = (m - 4 + (x >> 8) % 8) % m;
        const std::uint64_t rem = (x >> 16) & ((std::uint64_t{1} << f.remainder_bits()) - 1);
        const Hash k = (x >> 40) % 4 == 0 && !held.empty() ? held[(x >> 20) % held.size()] : key_with(f, q, rem);
        f.insert(k);
        held.push_back(k);
      } else {
        const std::size_t i = (x >> 8) % held.size();
        REQUIRE(f.erase(held[i]));
        held[i] = held.back();
        held.pop_back();
      }
      REQUIRE(f.fingerprints() == sorted_fingerprints(f, held));
      if (op % 97 == 0) REQUIRE(canonical(f, 51, eps, held));
    }
    CHECK(f.slot_count() == m);
  }
}

TEST_CASE("quotient: doubling keeps every key, one remainder bit moves into the quotient") {
  const double eps = 1.0 / 256;
  auto f = QuotientFilter::with_capacity(1000, eps);
  REQUIRE(f.remainder_bits() == 8);
  REQUIRE(f.slot_count() == 1250);
  const auto keys = test::positives(100000);
  for (const Hash k : keys) f.insert(k);
  // 10^5 keys at load <= 0.9 need 2^7·1250 slots: seven doublings, seven bits.
  CHECK(f.slot_count() == 1250 << 7);
  CHECK(f.remainder_bits() == 1);
  CHECK(f.overflow() == 0);
  std::size_t missing = 0;
  for (const Hash k : keys) missing += !f.maybe_contains(k);
  CHECK(missing == 0);
  CHECK(f.describe().keys == keys.size());
  // The rate is the table's d/(m·2^r): 2^7 times what the table was built for, at the load.
  const double p = f.expected_fp_rate();
  CHECK(p == doctest::Approx(static_cast<double>(f.distinct()) / (1250.0 * 256)));
  const auto queries = test::negatives(1000000);
  const std::uint64_t fp = test::count_false_positives(f, queries);
  CHECK(static_cast<double>(fp) <= test::binomial_upper(queries.size(), p));
  CHECK(static_cast<double>(fp) >= test::binomial_lower(queries.size(), p));

  // grow() by hand: the same fingerprints (F does not change), twice the slots, one bit less.
  const std::span<const Hash> some(keys.data(), 3000);
  QuotientFilter g(some, eps);
  const auto before = g.fingerprints();
  const std::uint64_t slots = g.slot_count();
  g.grow();
  CHECK(g.slot_count() == 2 * slots);
  CHECK(g.remainder_bits() == 7);
  CHECK(g.fingerprints() == before);
  for (const Hash k : some) CHECK(g.maybe_contains(k));
  // At r = 0 there is no bit left.
  for (int i = 0; i < 7; ++i) g.grow();
  CHECK(g.remainder_bits() == 0);
  CHECK(g.fingerprints() == before);
  CHECK_THROWS_AS(g.grow(), hyph::Error);
}

TEST_CASE("quotient: past the last doubling, keys go to the exact side set") {
  auto f = QuotientFilter::with_capacity(10, 0.5);  // r = 1, 16 slots: one doubling, to r = 0
  REQUIRE(f.remainder_bits() == 1);
  const auto keys = test::positives(1000);
  for (const Hash k : keys) f.insert(k);
  CHECK(f.remainder_bits() == 0);
  CHECK(f.slot_count() == 32);
  CHECK(f.overflow() == 1000 - 28);  // 28 = floor(0.9·32) in the table
  for (const Hash k : keys) CHECK(f.maybe_contains(k));
  CHECK(f.describe().keys == 1000);
  for (const Hash k : keys) REQUIRE(f.erase(k));
  CHECK(f.size() == 0);
  CHECK(test::count_false_positives(f, keys) == 0);
}

TEST_CASE("quotient: merge is the union, in one pass") {
  const auto all = test::positives(6000);
  const std::vector<Hash> a_keys(all.begin(), all.begin() + 3000), b_keys(all.begin() + 3000, all.end());
  auto a = QuotientFilter::with_capacity(10000, 0.01), b = QuotientFilter::with_capacity(10000, 0.01);
  for (const Hash k : a_keys) a.insert(k);
  for (const Hash k : b_keys) b.insert(k);
  const std::string a_alone = bytes_of(a);
  auto merged = a;
  merged.merge(b);
  CHECK(merged.size() == 6000);
  for (const Hash k : all) CHECK(merged.maybe_contains(k));
  CHECK(merged.fingerprints() == sorted_fingerprints(merged, all));
  CHECK(canonical(merged, 10000, 0.01, all));
  // Taking b's keys out again leaves exactly a.
  for (const Hash k : b_keys) REQUIRE(merged.erase(k));
  CHECK(bytes_of(merged) == a_alone);

  SUBCASE("keys in both are held twice") {
    auto twice = a;
    twice.merge(a);
    CHECK(twice.size() == 6000);
    for (const Hash k : a_keys) REQUIRE(twice.erase(k));
    CHECK(bytes_of(twice) == a_alone);
    twice.merge(twice);  // with itself
    CHECK(twice.size() == 6000);
  }
  SUBCASE("at r = 0: side sets are merged; tables that do not fit are refused") {
    // Both double once to r = 0 and 32 slots; then keys go to their side sets. d's table is
    // emptied again (its first keys went into the table, and erase takes a key from the side
    // set only if it is there), so the tables' union fits.
    auto c = QuotientFilter::with_capacity(10, 0.5), d = QuotientFilter::with_capacity(10, 0.5);
    for (const Hash k : a_keys) c.insert(k);
    for (const Hash k : b_keys) d.insert(k);
    REQUIRE(c.remainder_bits() == 0);
    REQUIRE(d.slot_count() == c.slot_count());
    const std::uint64_t in_table = d.size() - d.overflow();
    for (std::size_t i = 0; i < in_table; ++i) REQUIRE(d.erase(b_keys[i]));
    REQUIRE(d.size() == d.overflow());
    c.merge(d);
    CHECK(c.size() == 6000 - in_table);
    CHECK(c.overflow() == a_keys.size() - in_table + d.overflow());
    for (std::size_t i = in_table; i < b_keys.size(); ++i) CHECK(c.maybe_contains(b_keys[i]));
    for (const Hash k : a_keys) CHECK(c.maybe_contains(k));
    // Two full tables at r = 0 have nowhere to go: capacity, and nothing changes.
    const std::string before = bytes_of(c);
    CHECK_THROWS_AS(c.merge(c), hyph::Error);
    CHECK(bytes_of(c) == before);
  }
  SUBCASE("a union past the maximum load doubles") {
    auto c = QuotientFilter::with_capacity(5000, 0.01), d = QuotientFilter::with_capacity(5000, 0.01);
    for (const Hash k : a_keys) c.insert(k);
    for (const Hash k : b_keys) d.insert(k);
    c.merge(d);  // 6000 keys > 0.9·6250
    CHECK(c.slot_count() == 12500);
    CHECK(c.remainder_bits() == d.remainder_bits() - 1);
    for (const Hash k : all) CHECK(c.maybe_contains(k));
  }
}

TEST_CASE("quotient: merging filters of different slot counts or remainder bits is refused") {
  auto a = QuotientFilter::with_capacity(1000, 0.01);
  for (const Hash k : test::positives(500)) a.insert(k);
  const std::string before = bytes_of(a);
  for (const auto& other : {QuotientFilter::with_capacity(2000, 0.01), QuotientFilter::with_capacity(1000, 0.001)}) {
    bool thrown = false;
    try {
      a.merge(other);
    } catch (const hyph::Error& e) {
      thrown = true;
      CHECK(e.code() == hyph::ErrorCode::invalid_argument);
      CHECK(std::string(e.what()).find("parameters differ") != std::string::npos);
    }
    CHECK(thrown);
    CHECK(bytes_of(a) == before);
  }
  // A filter that doubled has different parameters from its twin that did not.
  auto grown = QuotientFilter::with_capacity(1000, 0.01);
  grown.grow();
  CHECK_THROWS_AS(a.merge(grown), hyph::Error);
}

TEST_CASE("quotient: 10^6 keys through doublings, erases and a merge: no false negatives, the rate as modelled") {
  const auto keys = test::positives(1000000);
  const std::span<const Hash> first(keys.data(), 500000), second(keys.data() + 500000, 500000);
  // Both halves grow from a small table, through the same doublings to the same shape.
  auto a = QuotientFilter::with_capacity(1000, 1e-6), b = QuotientFilter::with_capacity(1000, 1e-6);
  for (const Hash k : first) a.insert(k);
  for (const Hash k : second) b.insert(k);
  REQUIRE(a.slot_count() == b.slot_count());
  // Erase every third key of the second half, merge, then insert those again.
  for (std::size_t i = 0; i < second.size(); i += 3) REQUIRE(b.erase(second[i]));
  a.merge(b);
  for (std::size_t i = 0; i < second.size(); i += 3) a.insert(second[i]);
  std::size_t missing = 0;
  for (const Hash k : keys) missing += !a.maybe_contains(k);
  CHECK(missing == 0);
  CHECK(a.size() == keys.size());
  const double p = a.expected_fp_rate();
  const auto queries = test::negatives(1000000);
  const std::uint64_t fp = test::count_false_positives(a, queries);
  CAPTURE(p);
  CHECK(static_cast<double>(fp) <= test::binomial_upper(queries.size(), p));
  CHECK(static_cast<double>(fp) >= test::binomial_lower(queries.size(), p));
}

TEST_CASE("quotient: the portable and the popcnt/BMI2 lookups give the same answers") {
  // maybe_contains() takes the popcnt/BMI2 code where the CPU has it; both are checked, on
  // short runs (one window of remainders) and long ones, wide remainders (the walk), tables
  // crowded to their maximum load (long clusters, wrapping ones) and after doublings.
  const bool fast = detail::fast_bit_instructions();
  if (!fast) MESSAGE("no fast popcnt/BMI2 on this CPU: only the portable lookup is checked");
  const auto others = test::negatives(100000);
  for (const double eps : {0.3, 0.01, 1e-4, 1e-7}) {
    for (const std::size_t capacity : {std::size_t{40}, std::size_t{5000}}) {
      CAPTURE(eps);
      CAPTURE(capacity);
      auto f = QuotientFilter::with_capacity(capacity, eps);
      const auto keys = test::positives(capacity * 9 / 10 + capacity * 3);  // through doublings
      std::size_t no = 0, differ = 0;
      for (const Hash k : keys) f.insert(k);
      for (const Hash k : keys) no += !f.maybe_contains_portable(k) || (fast && !f.maybe_contains_fast_bits(k));
      for (const Hash k : others) differ += fast && f.maybe_contains_portable(k) != f.maybe_contains_fast_bits(k);
      CHECK(no == 0);
      CHECK(differ == 0);
    }
  }
}

TEST_CASE("quotient: a lookup answers exactly whether the key's fingerprint is stored") {
  // The lookup's usual case (cluster, run and the slot after it in the home's metadata word)
  // and its general walk checked against the stored fingerprints themselves, for present and
  // absent keys: sparse, built and crowded tables, small wrapping ones, wide remainders.
  const auto others = test::negatives(100000);
  for (const double eps : {0.3, 0.01, 1e-7}) {
    for (const std::size_t capacity : {std::size_t{40}, std::size_t{5000}, std::size_t{60000}}) {
      for (const double fill : {0.3, 0.8, 0.9}) {
        CAPTURE(eps);
        CAPTURE(capacity);
        CAPTURE(fill);
        auto f = QuotientFilter::with_capacity(capacity, eps);
        const auto keys = test::positives(static_cast<std::size_t>(fill * static_cast<double>(f.slot_count())));
        for (const Hash k : keys) f.insert(k);
        const std::vector<std::uint64_t> stored = f.fingerprints();
        std::size_t wrong = 0, hits = 0;
        for (const auto* set : {&keys, &others}) {
          for (const Hash k : *set) {
            const bool expected = std::binary_search(stored.begin(), stored.end(), f.fingerprint(k));
            wrong += f.maybe_contains(k) != expected || f.maybe_contains_portable(k) != expected;
            hits += expected;
          }
        }
        CHECK(wrong == 0);
        CHECK(hits >= keys.size());
      }
    }
  }
}
