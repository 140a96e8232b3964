// Fuzz target: every filter backend, built from keys and then (if it can) inserted into and
// erased from, merged and counted, checked against a std::unordered_multiset of the keys it
// should hold: no false negatives, ever. Input:
//   byte 0: the kind, an index into filter_kinds() (exact must give no filter)
//   byte 1: the target false-positive rate, including invalid ones (0, 1, NaN, ...)
//   byte 2: n, the number of 8-byte keys that follow, to build from (duplicates allowed)
//   a Bloom filter then reads set operations (bloom_algebra below); a mutable filter reads
//   operations, one byte each plus operands:
//     0 insert a new 8-byte key          1 insert again a held key (1-byte index)
//     2 erase a held key (1-byte index)  3 erase an 8-byte key never inserted
//     4 insert a burst of 1..1024 keys made from a 1-byte seed (a table fills, spills)
//     5 insert one held key 1..64 times (a fingerprint class overflows)
//     6 erase a burst of held keys       7 check every held key
//     8 quotient and counting quotient: merge another filter, or itself (others: nothing)
//     9 counting quotient: a held key's count, then insert or erase many copies at once
// An input's work is bounded, so that the fuzzer runs fast: at most twice as many keys are
// held as the filter was built from, or kMinHeld if more (tables, sized for the keys built
// from, still fill and spill; a scalable Bloom filter opens a few stages), and op 7 checks
// at most kCheckBudget keys in all; the last check, of every held key, always runs.
#include "fuzz_support.h"

#include "filters/bloom.h"
#include "filters/counting_quotient.h"
#include "filters/filter.h"
#include "filters/quotient.h"

#include <cmath>
#include <limits>
#include <unordered_set>

namespace {

using hyph::filters::Hash;

constexpr std::size_t kMinHeld = 256;
constexpr std::size_t kCheckBudget = 1 << 12;

struct Reader {
  const std::uint8_t* p;
  const std::uint8_t* end;
  bool more() const { return p < end; }
  std::uint8_t byte() { return p < end ? *p++ : 0; }
  Hash key() {
    Hash k = 0;
    for (int i = 0; i < 8; ++i) k = k << 8 | byte();
    return k;
  }
};

// The keys that should be present, as a multiset and as a list to pick from.
struct Reference {
  std::unordered_multiset<Hash> set;
  std::vector<Hash> list;
  void insert(Hash k) {
    set.insert(k);
    list.push_back(k);
  }
  Hash take(std::size_t i) {
    const Hash k = list[i];
    list[i] = list.back();
    list.pop_back();
    set.erase(set.find(k));
    return k;
  }
};

void check_all(const hyph::filters::Filter& f, const Reference& ref, const char* when) {
  for (Hash k : ref.list) FUZZ_CHECK(f.maybe_contains(k), "false negative for key %016llx %s", static_cast<unsigned long long>(k), when);
}

Hash burst_key(std::uint8_t seed, unsigned i) {
  std::uint64_t z = seed * 0x9e3779b97f4a7c15ULL + i * 0xbf58476d1ce4e5b9ULL + 1;
  z = (z ^ (z >> 31)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 29);
}

// A Bloom filter is immutable, but it unites and intersects with another of the same m and
// k, which a filter built from as many keys at the same rate has. Input: a byte (bit 0:
// unite or intersect; bit 1: a second filter from one key more, whose m may differ), a
// burst seed, then bytes picking which of the held keys the second filter shares.
void bloom_algebra(hyph::filters::BloomFilter& f, Reference& ref, std::size_t n, double fp_rate, Reader& in) {
  const std::uint8_t how = in.byte(), seed = in.byte();
  std::vector<Hash> other_keys;
  std::vector<Hash> shared;
  for (unsigned i = 0; i < n + (how >> 1 & 1); ++i) {
    const std::uint8_t pick = in.byte();
    if (!ref.list.empty() && pick & 1) {
      shared.push_back(ref.list[pick % ref.list.size()]);
      other_keys.push_back(shared.back());
    } else {
      other_keys.push_back(burst_key(seed, i));
    }
  }
  const hyph::filters::BloomFilter other(other_keys, fp_rate);
  const bool same = other.bit_count() == f.bit_count() && other.hash_count() == f.hash_count();
  try {
    if (how & 1) {
      f.intersect(other);
      ref = Reference{};
      for (Hash k : shared) ref.insert(k);
    } else {
      f.unite(other);
      for (Hash k : other_keys) ref.insert(k);
    }
  } catch (const hyph::Error& e) {
    FUZZ_CHECK(!same && e.code() == hyph::ErrorCode::invalid_argument, "set operation refused: %s", e.what());
    return;
  }
  FUZZ_CHECK(same, "set operation on filters of different m or k accepted");
  const double keys = f.estimated_keys();
  FUZZ_CHECK(keys >= 0 && !std::isnan(keys), "estimated_keys() %g", keys);
  const double expected = f.expected_fp_rate();
  FUZZ_CHECK(expected >= 0 && expected <= 1, "expected_fp_rate() %g after a set operation", expected);
}

// Merges into a quotient or counting quotient filter f either f itself (every insertion
// doubles) or a filter with `capacity` (a byte picks the build's size or another) holding
// a burst of keys; a merge of filters whose slot counts or remainder bits differ must be
// refused and change nothing.
template <class QuotientLike>
void quotient_merge(QuotientLike& f, Reference& ref, std::size_t built_from, double fp_rate, std::size_t max_held,
                    Reader& in) {
  const std::uint8_t how = in.byte(), seed = in.byte();
  if (how % 4 == 0) {
    if (2 * ref.list.size() > max_held) return;
    try {
      f.merge(f);
    } catch (const hyph::Error& e) {
      FUZZ_CHECK(e.code() == hyph::ErrorCode::capacity, "merge with itself refused: %s", e.what());
      return;
    }
    for (std::size_t i = 0, held = ref.list.size(); i < held; ++i) ref.insert(ref.list[i]);
    return;
  }
  const std::size_t capacity = how % 4 == 1 ? built_from : how;
  auto other = QuotientLike::with_capacity(capacity, fp_rate);
  const unsigned n = static_cast<unsigned>(std::min<std::size_t>(seed % 128, max_held - ref.list.size()));
  for (unsigned i = 0; i < n; ++i) other.insert(burst_key(seed, i));
  const bool same = other.slot_count() == f.slot_count() && other.remainder_bits() == f.remainder_bits();
  try {
    f.merge(other);
  } catch (const hyph::Error& e) {
    // With equal parameters only a union that does not fit is refused (a quotient filter's
    // at 0 remainder bits, a count past 2^64 − 1, a table past 2^32 slots).
    FUZZ_CHECK(same ? e.code() == hyph::ErrorCode::capacity : e.code() == hyph::ErrorCode::invalid_argument,
               "merge refused: %s", e.what());
    return;
  }
  FUZZ_CHECK(same, "merge of filters with different parameters accepted");
  for (unsigned i = 0; i < n; ++i) ref.insert(burst_key(seed, i));
}

// A held key's count is at least the times it is held (a shared fingerprint adds more);
// then a byte adds up to 255 copies at once, or erases every copy at once.
void counting_quotient_counts(hyph::filters::CountingQuotientFilter& f, Reference& ref, std::size_t max_held,
                              Reader& in) {
  if (ref.list.empty()) return;
  const Hash k = ref.list[in.byte() % ref.list.size()];
  const std::size_t held = ref.set.count(k);
  FUZZ_CHECK(f.count(k) >= held, "count %llu of a key held %zu times", static_cast<unsigned long long>(f.count(k)), held);
  const std::uint8_t copies = in.byte();
  if (copies == 0) {
    FUZZ_CHECK(f.erase(k, held), "erase of all %zu copies failed", held);
    for (std::size_t i = 0; i < ref.list.size();) {
      if (ref.list[i] == k) ref.take(i);
      else ++i;
    }
    return;
  }
  if (ref.list.size() + copies > max_held) return;
  const std::uint64_t before = f.count(k);
  f.insert(k, copies);
  FUZZ_CHECK(f.count(k) == before + copies, "count %llu after adding %u to %llu", static_cast<unsigned long long>(f.count(k)),
             copies, static_cast<unsigned long long>(before));
  for (unsigned i = 0; i < copies; ++i) ref.insert(k);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Reader in{data, data + size};
  const auto kinds = hyph::filter_kinds();  // every kind this build knows
  const hyph::FilterKind kind = kinds[in.byte() % kinds.size()];
  const std::uint8_t rate_byte = in.byte();
  double fp_rate;
  switch (rate_byte) {
    case 0: fp_rate = 0; break;
    case 1: fp_rate = 1; break;
    case 2: fp_rate = -0.5; break;
    case 3: fp_rate = std::numeric_limits<double>::quiet_NaN(); break;
    case 4: fp_rate = std::numeric_limits<double>::infinity(); break;
    case 5: fp_rate = std::numeric_limits<double>::denorm_min(); break;
    case 6: fp_rate = 1 - 1e-12; break;
    default: fp_rate = std::ldexp(1.0, -static_cast<int>(rate_byte % 31) - 1); break;  // 2^-1 .. 2^-31
  }
  const bool valid_rate = fp_rate > 0 && fp_rate < 1;

  Reference ref;
  std::vector<Hash> initial;
  for (unsigned n = in.byte(); n > 0 && in.more(); --n) initial.push_back(in.key());
  for (Hash k : initial) ref.insert(k);

  std::unique_ptr<hyph::filters::Filter> filter;
  try {
    filter = hyph::filters::make_filter(kind, initial, fp_rate);
  } catch (const hyph::Error& e) {
    FUZZ_CHECK(!valid_rate && e.code() == hyph::ErrorCode::invalid_argument, "rate %g: %s", fp_rate, e.what());
    return 0;
  }
  FUZZ_CHECK(valid_rate, "rate %g accepted", fp_rate);
  if (kind == hyph::FilterKind::none) {
    FUZZ_CHECK(filter == nullptr, "make_filter(exact) gave a filter");
    return 0;
  }
  FUZZ_CHECK(filter != nullptr, "make_filter(%d) gave no filter", static_cast<int>(kind));
  check_all(*filter, ref, "after build");
  const hyph::FilterDescription d = filter->describe();
  FUZZ_CHECK(!d.name.empty() && std::isfinite(d.bits_per_key), "describe(): '%s', %g bits per key", d.name.c_str(), d.bits_per_key);
  const double expected = filter->expected_fp_rate();
  FUZZ_CHECK(expected >= 0 && expected <= 1, "expected_fp_rate() %g", expected);

  const std::size_t max_held = std::max(kMinHeld, 2 * initial.size());
  if (auto* bloom = dynamic_cast<hyph::filters::BloomFilter*>(filter.get())) {
    while (in.more() && ref.list.size() < max_held) {
      bloom_algebra(*bloom, ref, initial.size(), fp_rate, in);
      check_all(*bloom, ref, "after a set operation");
    }
    return 0;
  }
  auto* mutable_filter = dynamic_cast<hyph::filters::MutableFilter*>(filter.get());
  if (!mutable_filter) return 0;
  auto* quotient = dynamic_cast<hyph::filters::QuotientFilter*>(mutable_filter);
  auto* counting_quotient = dynamic_cast<hyph::filters::CountingQuotientFilter*>(mutable_filter);
  hyph::filters::MutableFilter& f = *mutable_filter;
  std::size_t check_budget = kCheckBudget;
  while (in.more()) {
    const std::uint8_t op = in.byte() % 10;
    if (ref.list.size() >= max_held && (op == 0 || op == 1 || op == 4 || op == 5)) continue;
    switch (op) {
      case 0: {
        const Hash k = in.key();
        f.insert(k);
        ref.insert(k);
        FUZZ_CHECK(f.maybe_contains(k), "inserted key %016llx not found", static_cast<unsigned long long>(k));
        break;
      }
      case 1:
        if (!ref.list.empty()) {
          const Hash k = ref.list[in.byte() % ref.list.size()];
          f.insert(k);
          ref.insert(k);
        }
        break;
      case 2:
        if (!ref.list.empty()) {
          const Hash k = ref.take(in.byte() % ref.list.size());
          FUZZ_CHECK(f.erase(k), "erase of a held key %016llx failed", static_cast<unsigned long long>(k));
        }
        break;
      case 3: {
        // Erasing a key never inserted may remove another key's fingerprint unless the
        // filter holds no trace of it; then it must fail and change nothing.
        const Hash k = in.key();
        if (!ref.set.contains(k) && !f.maybe_contains(k)) FUZZ_CHECK(!f.erase(k), "erase of an absent key succeeded");
        break;
      }
      case 4: {
        const std::uint8_t seed = in.byte();
        const unsigned n = static_cast<unsigned>(std::min<std::size_t>(1 + (in.byte() * 4u + seed) % 1024, max_held - ref.list.size()));
        for (unsigned i = 0; i < n; ++i) {
          f.insert(burst_key(seed, i));
          ref.insert(burst_key(seed, i));
        }
        break;
      }
      case 5:
        if (!ref.list.empty()) {
          const Hash k = ref.list[in.byte() % ref.list.size()];
          for (unsigned n = 1 + in.byte() % 64; n > 0 && ref.list.size() < max_held; --n) {
            f.insert(k);
            ref.insert(k);
          }
        }
        break;
      case 6:
        for (unsigned n = in.byte(); n > 0 && !ref.list.empty(); --n) {
          const Hash k = ref.take((n * 7919u) % ref.list.size());
          FUZZ_CHECK(f.erase(k), "erase of a held key %016llx failed", static_cast<unsigned long long>(k));
        }
        break;
      case 7:
        if (check_budget >= ref.list.size()) {
          check_budget -= ref.list.size();
          check_all(f, ref, "at a check");
        }
        break;
      case 8:
        if (quotient) quotient_merge(*quotient, ref, initial.size(), fp_rate, max_held, in);
        if (counting_quotient) quotient_merge(*counting_quotient, ref, initial.size(), fp_rate, max_held, in);
        break;
      case 9:
        if (counting_quotient) counting_quotient_counts(*counting_quotient, ref, max_held, in);
        break;
    }
  }
  check_all(f, ref, "at the end");
  return 0;
}
