// The counting quotient filter's own promises: select in a word without BMI2, the counter
// encoding, exact counts where fingerprints do not collide (sums where they do), counts
// decremented to zero, runs and counters across block boundaries, the canonical layout,
// doubling with counts, and merge.
#include "support.h"

#include "filters/quotient_counter.h"
#include "filters/rank_select.h"

#include <hyph/error.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <unordered_map>

using namespace hyph::filters;
using test::bytes_of;
using test::key_with;

namespace {

// What count() must say for each key: the sum of the counts of every key with its fingerprint.
std::unordered_map<Hash, std::uint64_t> expected_counts(const CountingQuotientFilter& f,
                                                        const std::unordered_map<Hash, std::uint64_t>& counts) {
  std::unordered_map<std::uint64_t, std::uint64_t> by_fingerprint;
  for (const auto& [key, c] : counts) by_fingerprint[f.fingerprint(key)] += c;
  std::unordered_map<Hash, std::uint64_t> out;
  for (const auto& [key, c] : counts) out[key] = by_fingerprint[f.fingerprint(key)];
  return out;
}

// Whether f holds what a fresh filter of the same shape gets from the same (key, count)
// pairs, laid out as they must be: the loader accepts only the one layout, offsets
// included, that the runs it reads give.
bool canonical(const CountingQuotientFilter& f, std::uint64_t capacity, double eps,
               const std::map<Hash, std::uint64_t>& counts) {
  auto fresh = CountingQuotientFilter::with_capacity(capacity, eps);
  REQUIRE(fresh.slot_count() == f.slot_count());
  for (const auto& [key, c] : counts) fresh.insert(key, c);
  const std::string bytes = bytes_of(f);
  try {
    (void)load_filter(hyph::FilterKind::counting_quotient, std::as_bytes(std::span(bytes)));
  } catch (const hyph::Error& e) {
    MESSAGE(e.what());
    return false;
  }
  return fresh.counted_fingerprints() == f.counted_fingerprints() && fresh.used_slots() == f.used_slots();
}

}  // namespace

TEST_CASE("select in a word: the portable form agrees with a bit-by-bit count") {
  test::Keys rng(21);
  for (int round = 0; round < 20000; ++round) {
    std::uint64_t word = rng.next();
    if (round % 4 == 1) word &= rng.next() & rng.next();  // sparse
    if (round % 4 == 2) word |= rng.next() | rng.next();  // dense
    if (round == 0) word = ~std::uint64_t{0};
    if (round == 3) word = std::uint64_t{1} << 63;
    unsigned k = 0;
    for (unsigned bit = 0; bit < 64; ++bit)
      if ((word >> bit) & 1) {
        REQUIRE(detail::select_portable(word, k) == bit);
        REQUIRE(detail::select_in_word(word, k) == bit);
        REQUIRE(detail::rank_upto(word, bit) == k + 1);
        ++k;
      }
  }
}

TEST_CASE("counter encoding: every count reads back, in the documented number of slots") {
  for (const unsigned r : {1u, 2u, 3u, 8u, 32u}) {
    const std::uint64_t top = (std::uint64_t{1} << r) - 1;
    for (const std::uint64_t x : {std::uint64_t{0}, std::uint64_t{1}, top / 2, top}) {
      std::vector<std::uint64_t> counts;
      for (std::uint64_t c = 1; c <= 600; ++c) counts.push_back(c);
      for (unsigned shift = 10; shift < 64; ++shift)
        for (const std::int64_t d : {-1, 0, 1}) counts.push_back((std::uint64_t{1} << shift) + static_cast<std::uint64_t>(d));
      counts.push_back(std::numeric_limits<std::uint64_t>::max());
      for (const std::uint64_t c : counts) {
        CAPTURE(r);
        CAPTURE(x);
        CAPTURE(c);
        std::uint64_t slots[detail::kMaxEntrySlots + 1];
        const unsigned n = detail::encode_entry(x, c, r, slots);
        REQUIRE(n == detail::entry_slots(c, r));
        REQUIRE(n <= detail::kMaxEntrySlots);
        for (unsigned i = 0; i < n; ++i) REQUIRE(slots[i] <= top);
        if (c <= 3) REQUIRE(n == c);
        else REQUIRE(n % 2 == 1);  // 2k + 3
        // The entry after it starts with a larger remainder: the reader must stop before it.
        slots[n] = x + 1;
        const std::uint64_t end = x < top ? n : n - 1;
        const auto read = [&](std::uint64_t i) { return slots[i]; };
        const detail::Entry e = detail::decode_entry(0, end, r, read);
        REQUIRE(e.slots == n);
        REQUIRE(e.count == c);
      }
    }
  }
  // With 8-bit remainders: 5 slots up to B + 2, 7 slots up to about B².
  CHECK(detail::entry_slots(4, 8) == 5);
  CHECK(detail::entry_slots(258, 8) == 5);
  CHECK(detail::entry_slots(259, 8) == 7);
  CHECK(detail::entry_slots(258 + 255 * 256, 8) == 7);
  CHECK(detail::entry_slots(259 + 255 * 256, 8) == 9);
}

TEST_CASE("counting quotient: counts of 10^5 keys with skewed multiplicities, against a map") {
  // Key i (from 1) is inserted about 20000/i times, plus a random few: a long tail of ones
  // and a head of large counts, so counters of every length appear.
  const auto keys = test::positives(100000);
  std::unordered_map<Hash, std::uint64_t> counts;
  test::Keys rng(5);
  for (std::size_t i = 0; i < keys.size(); ++i) counts[keys[i]] = 1 + 20000 / (i + 1) + rng.next() % 3 + (i == 0 ? 1u << 30 : 0);
  for (const double eps : {0.01, 1.0 / (1 << 20)}) {
    CAPTURE(eps);
    auto f = CountingQuotientFilter::with_capacity(keys.size(), eps);
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const std::uint64_t c = counts[keys[i]];
      total += c;
      // Half the keys at once, half by parts (one insert, then the rest).
      if (i % 2 == 0) {
        f.insert(keys[i], c);
      } else {
        f.insert(keys[i]);
        f.insert(keys[i], c - 1);
      }
    }
    CHECK(f.size() == total);
    const auto expected = expected_counts(f, counts);
    std::size_t wrong = 0, collided = 0;
    for (const Hash k : keys) {
      wrong += f.count(k) != expected.at(k);
      collided += expected.at(k) != counts[k];
    }
    CHECK(wrong == 0);
    CAPTURE(collided);
    if (eps < 1e-5) CHECK(collided == 0);  // 10^5 keys in 2^20·m fingerprints: about 0.005 pairs
    // A key never inserted counts 0 unless its fingerprint matches.
    std::size_t nonzero = 0;
    for (const Hash q : test::negatives(100000)) nonzero += f.count(q) != 0;
    CHECK(static_cast<double>(nonzero) <= test::binomial_upper(100000, f.expected_fp_rate()));
  }
}

TEST_CASE("counting quotient: a count decremented to zero is gone") {
  auto f = CountingQuotientFilter::with_capacity(1000, 0.01);
  const auto others = test::positives(500);
  for (const Hash k : others) f.insert(k);
  const Hash key = 0x0123456789abcdefULL;
  std::size_t same = 0;
  for (const Hash k : others) same += f.fingerprint(k) == f.fingerprint(key);
  REQUIRE(same == 0);
  for (const std::uint64_t n : {1u, 2u, 3u, 4u, 5u, 300u, 70000u}) {
    CAPTURE(n);
    f.insert(key, n);
    const std::uint64_t used = f.used_slots();
    for (std::uint64_t left = n; left > 0; --left) {
      REQUIRE(f.count(key) == left);
      REQUIRE(f.erase(key));
      REQUIRE(f.used_slots() <= used);
    }
    CHECK(f.count(key) == 0);
    CHECK_FALSE(f.maybe_contains(key));
    CHECK_FALSE(f.erase(key));
    CHECK(f.size() == others.size());
    CHECK(f.used_slots() == others.size());
    for (const Hash k : others) CHECK(f.count(k) == 1);
  }
  f.insert(key, 0);  // nothing
  CHECK(f.count(key) == 0);
}

TEST_CASE("counting quotient: runs and counters across block boundaries") {
  auto f = CountingQuotientFilter::with_capacity(900, 0.01);  // 1000 slots: 16 blocks
  REQUIRE(f.slot_count() == 1000);
  const std::uint64_t top = (std::uint64_t{1} << f.remainder_bits()) - 1;
  std::map<Hash, std::uint64_t> counts;
  auto add = [&](std::uint64_t q, std::uint64_t rem, std::uint64_t c) {
    const Hash k = key_with(f, q, rem);
    f.insert(k, c);
    counts[k] += c;
  };
  // Quotient 63 ends block 0: a large count and two more remainders push its run, then the
  // runs of 64 and 65, well into block 1. Quotient 127 does the same at the next boundary,
  // and the last quotient's run spills past the quotient range into an appended block.
  add(63, 5, std::uint64_t{1} << 40);
  add(63, 0, 3);
  add(63, top, 1000);
  add(64, 2, 1);
  add(64, 2, 1);
  add(65, 7, 100000);
  add(62, 1, 1);
  add(127, 9, 1u << 20);
  add(128, 0, 1);
  add(129, top, 4);
  add(999, 3, 1u << 30);
  add(999, 4, 5);
  add(999, 5, std::uint64_t{1} << 40);
  for (const auto& [k, c] : counts) CHECK(f.count(k) == c);
  CHECK(f.block_count() > 16);  // the last run went past slot 1023
  CHECK(canonical(f, 900, 0.01, counts));
  // Absent remainders next to the present ones.
  CHECK(f.count(key_with(f, 63, 6)) == 0);
  CHECK(f.count(key_with(f, 64, 3)) == 0);
  CHECK(f.count(key_with(f, 66, 7)) == 0);
  CHECK(f.count(key_with(f, 128, 1)) == 0);
  CHECK_FALSE(f.maybe_contains(key_with(f, 998, 3)));

  // Take them apart again in random order: a few at a time, by half, or all at once.
  test::Keys rng(9);
  while (!counts.empty()) {
    auto it = counts.begin();
    std::advance(it, static_cast<std::ptrdiff_t>(rng.next() % counts.size()));
    const std::uint64_t pick = rng.next() % 3;
    const std::uint64_t down = pick == 0 ? std::min<std::uint64_t>(it->second, 3) : pick == 1 ? (it->second + 1) / 2 : it->second;
    CHECK_FALSE(f.erase(it->first, it->second + 1));  // more than there is: nothing changes
    if (down == 1) REQUIRE(f.erase(it->first));
    else REQUIRE(f.erase(it->first, down));
    if ((it->second -= down) == 0) counts.erase(it);
    for (const auto& [k, c] : counts) REQUIRE(f.count(k) == c);
    REQUIRE(canonical(f, 900, 0.01, counts));
  }
  CHECK(f.size() == 0);
  CHECK(f.used_slots() == 0);
}

TEST_CASE("counting quotient: random inserts and erases in crowded runs keep the canonical layout") {
  auto f = CountingQuotientFilter::with_capacity(100, 0.05);  // 112 slots, 2 blocks
  const std::uint64_t m = f.slot_count();
  std::map<Hash, std::uint64_t> counts;
  std::vector<Hash> pool;
  test::Keys rng(13);
  for (int i = 0; i < 60; ++i) {
    // Homes near the block boundary and the end, so runs cross both.
    const std::uint64_t q = i % 2 ? 60 + rng.next() % 8 : m - 6 + rng.next() % 6;
    pool.push_back(key_with(f, q, rng.next() & ((std::uint64_t{1} << f.remainder_bits()) - 1)));
  }
  std::uint64_t held = 0;
  for (int op = 0; op < 20000; ++op) {
    const std::uint64_t x = rng.next();
    const Hash k = pool[x % pool.size()];
    if ((x >> 8) % 3 != 0 && f.used_slots() < 90) {
      const std::uint64_t c = (x >> 16) % 8 == 0 ? 1 + (x >> 24) % 5000 : 1;
      f.insert(k, c);
      counts[k] += c;
      held += c;
    } else if (counts.contains(k)) {
      REQUIRE(f.erase(k));
      --held;
      if (--counts[k] == 0) counts.erase(k);
    } else {
      REQUIRE(f.count(k) == 0);
      REQUIRE_FALSE(f.erase(k));
    }
    REQUIRE(f.size() == held);
    if (op % 101 == 0) {
      for (const auto& [key, c] : counts) REQUIRE(f.count(key) == c);
      REQUIRE(canonical(f, 100, 0.05, counts));
    }
  }
  CHECK(f.slot_count() == m);  // never doubled
}

TEST_CASE("counting quotient: doubling keeps every count") {
  auto f = CountingQuotientFilter::with_capacity(1000, 1.0 / 4096);
  const unsigned r = f.remainder_bits();
  const std::uint64_t m = f.slot_count();
  const auto keys = test::positives(50000);
  std::unordered_map<Hash, std::uint64_t> counts;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::uint64_t c = i % 100 == 0 ? 1000 + i : 1;
    f.insert(keys[i], c);
    counts[keys[i]] = c;
  }
  CHECK(f.slot_count() > m);
  const auto doublings = static_cast<unsigned>(std::log2(static_cast<double>(f.slot_count() / m)));
  CHECK(f.slot_count() == m << doublings);
  CHECK(f.remainder_bits() == r - doublings);
  const auto expected = expected_counts(f, counts);
  std::size_t wrong = 0;
  for (const Hash k : keys) wrong += f.count(k) != expected.at(k);
  CHECK(wrong == 0);
  const auto before = f.counted_fingerprints();
  f.grow();
  CHECK(f.counted_fingerprints() == before);
}

TEST_CASE("counting quotient: at r = 1 the table stops doubling and keeps taking keys past its quotients") {
  // Counts need a remainder bit; runs then spill into blocks appended past the quotient range.
  auto f = CountingQuotientFilter::with_capacity(10, 0.3);  // r = 2, 64 slots
  REQUIRE(f.remainder_bits() == 2);
  const auto keys = test::positives(2000);
  std::unordered_map<Hash, std::uint64_t> counts;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    f.insert(keys[i], 1 + i % 7);
    counts[keys[i]] = 1 + i % 7;
  }
  CHECK(f.remainder_bits() == 1);
  CHECK(f.slot_count() == 128);
  CHECK_THROWS_AS(f.grow(), hyph::Error);
  CHECK(f.load() > 10);
  CHECK(f.block_count() > 2 * f.used_slots() / 64 / 2);
  const auto expected = expected_counts(f, counts);
  for (const Hash k : keys) CHECK(f.count(k) == expected.at(k));
  const std::string bytes = bytes_of(f);
  CHECK(load_filter(hyph::FilterKind::counting_quotient, std::as_bytes(std::span(bytes))) != nullptr);
  for (const Hash k : keys) REQUIRE(f.erase(k, counts[k]));
  CHECK(f.size() == 0);
}

TEST_CASE("counting quotient: 10^6 keys through doublings and erases: no false negatives, the rate as modelled") {
  const auto keys = test::positives(1000000);
  auto f = CountingQuotientFilter::with_capacity(1000, 1e-6);
  for (const Hash k : keys) f.insert(k);
  for (std::size_t i = 0; i < keys.size(); i += 3) REQUIRE(f.erase(keys[i]));
  for (std::size_t i = 0; i < keys.size(); i += 6) f.insert(keys[i]);
  std::size_t missing = 0;
  for (std::size_t i = 0; i < keys.size(); ++i)
    if (i % 3 != 0 || i % 6 == 0) missing += !f.maybe_contains(keys[i]);
  CHECK(missing == 0);
  const double p = f.expected_fp_rate();
  const auto queries = test::negatives(1000000);
  const std::uint64_t fp = test::count_false_positives(f, queries);
  CAPTURE(p);
  CHECK(static_cast<double>(fp) <= test::binomial_upper(queries.size(), p));
  CHECK(static_cast<double>(fp) >= test::binomial_lower(queries.size(), p));
}

TEST_CASE("counting quotient: a count past 2^64 − 1 is refused") {
  auto f = CountingQuotientFilter::with_capacity(10, 0.01);
  const Hash key = 42;
  f.insert(key, std::numeric_limits<std::uint64_t>::max());
  CHECK(f.count(key) == std::numeric_limits<std::uint64_t>::max());
  CHECK_THROWS_AS(f.insert(key), hyph::Error);
  CHECK(f.count(key) == std::numeric_limits<std::uint64_t>::max());
  CHECK(f.erase(key));
  CHECK(f.count(key) == std::numeric_limits<std::uint64_t>::max() - 1);
}

TEST_CASE("counting quotient: merge adds the counts, doubling when the sum needs it") {
  const auto keys = test::positives(4000);
  auto a = CountingQuotientFilter::with_capacity(30000, 0.01), b = CountingQuotientFilter::with_capacity(30000, 0.01);
  std::map<Hash, std::uint64_t> counts;
  // a holds the first 3000 keys, b the last 3000: the middle 2000 are in both.
  for (std::size_t i = 0; i < 3000; ++i) {
    a.insert(keys[i], 1 + i % 5);
    counts[keys[i]] += 1 + i % 5;
  }
  for (std::size_t i = 1000; i < 4000; ++i) {
    const std::uint64_t c = i % 10 == 0 ? 1000 + i : 1 + i % 3;
    b.insert(keys[i], c);
    counts[keys[i]] += c;
  }
  const std::uint64_t a_size = a.size(), b_size = b.size();
  REQUIRE(a.slot_count() == b.slot_count());
  a.merge(b);
  CHECK(a.size() == a_size + b_size);
  CHECK(a.slot_count() == b.slot_count());
  const std::unordered_map<Hash, std::uint64_t> as_unordered(counts.begin(), counts.end());
  const auto expected = expected_counts(a, as_unordered);
  for (const Hash k : keys) CHECK(a.count(k) == expected.at(k));
  CHECK(canonical(a, 30000, 0.01, counts));

  SUBCASE("with itself every count doubles") {
    const auto before = a.counted_fingerprints();
    a.merge(a);
    const auto after = a.counted_fingerprints();
    REQUIRE(after.size() == before.size());
    for (std::size_t i = 0; i < after.size(); ++i) CHECK(after[i].second == 2 * before[i].second);
  }
  SUBCASE("a sum past the load doubles the table, keeping F") {
    auto c = CountingQuotientFilter::with_capacity(3000, 0.01);
    auto d = c;
    for (std::size_t i = 0; i < 2500; ++i) c.insert(keys[i]);
    for (std::size_t i = 1500; i < 4000; ++i) d.insert(keys[i]);
    REQUIRE(c.slot_count() == d.slot_count());
    const std::uint64_t m = c.slot_count();
    const unsigned r = c.remainder_bits();
    c.merge(d);
    CHECK(c.slot_count() == 2 * m);
    CHECK(c.remainder_bits() == r - 1);
    CHECK(c.load() <= CountingQuotientFilter::kMaxLoad);
    for (std::size_t i = 0; i < 4000; ++i) CHECK(c.count(keys[i]) >= (i >= 1500 && i < 2500 ? 2u : 1u));
  }
}

TEST_CASE("counting quotient: a merge of different parameters or past 2^64 − 1 is refused, changing nothing") {
  auto a = CountingQuotientFilter::with_capacity(100, 0.01);
  for (const Hash k : test::positives(50)) a.insert(k);
  const std::string before = bytes_of(a);
  CHECK_THROWS_AS(a.merge(CountingQuotientFilter::with_capacity(1000, 0.01)), hyph::Error);
  CHECK_THROWS_AS(a.merge(CountingQuotientFilter::with_capacity(100, 0.001)), hyph::Error);
  auto full = CountingQuotientFilter::with_capacity(100, 0.01);
  full.insert(test::positives(1)[0], std::numeric_limits<std::uint64_t>::max());
  try {
    a.merge(full);
    FAIL("a count past 2^64 - 1 was accepted");
  } catch (const hyph::Error& e) {
    CHECK(e.code() == hyph::ErrorCode::capacity);
  }
  CHECK(bytes_of(a) == before);
}

TEST_CASE("counting quotient: the portable and the popcnt/BMI2 lookups give the same answers") {
  // Both lookups, on runs short enough for one window of remainders and on longer ones:
  // counts of 1 to 40 (a count >= 4 takes 5 or more slots), remainders of 1 to 30 bits,
  // tables at the maximum load with spill blocks.
  const bool fast = detail::fast_bit_instructions();
  if (!fast) MESSAGE("no fast popcnt/BMI2 on this CPU: only the portable lookup is checked");
  const auto others = test::negatives(100000);
  for (const double eps : {0.5, 0.01, 1e-4, 1e-9}) {
    CAPTURE(eps);
    auto f = CountingQuotientFilter::with_capacity(3000, eps);
    const auto keys = test::positives(6000);
    for (std::size_t i = 0; i < keys.size(); ++i) f.insert(keys[i], 1 + i % 40 * (i % 3 == 0));
    std::size_t no = 0, differ = 0;
    for (const Hash k : keys) no += !f.maybe_contains_portable(k) || (fast && !f.maybe_contains_fast_bits(k));
    for (const Hash k : others) differ += fast && f.maybe_contains_portable(k) != f.maybe_contains_fast_bits(k);
    CHECK(no == 0);
    CHECK(differ == 0);
  }
}
