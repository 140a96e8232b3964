// filter-bench: the exception filters side by side — build, insert and lookup time, space next to
// each structure's formula, measured false-positive rate next to the target. An exact
// hash set of the same keys is measured in the same run as the baseline a filter has to
// beat. Prints a table; asserts nothing.
//
// Space: bits/key next to the formula (theory) and to the formula at the actual parameters
// (whole-bit fingerprints, actual load; see at_actual), so that overhead and rounding show apart.
//
//   filter-bench [--reps R] [--queries Q] [--sizes 1751,100000,1000000] [--rates 0.004,0.01,0.05]
//                [--filters bloom,fuse,...] [--wall]   (default: every backend and the exact baseline)
//
// Keys are random 64-bit hashes (what the filters see); positives are queried in a random
// order, negatives are fresh hashes. "build" constructs the filter from all keys at once;
// "insert" (filters that can insert) starts from an empty filter sized for them and inserts
// them one by one. Each figure is the best of R passes after a warm-up
// pass, so the filter is in whatever cache level its size allows. Times are this thread's CPU
// time (the development machine is shared: other processes' time on the core is left out);
// --wall measures wall-clock time instead.
#include "filters/blocked_bloom.h"
#include "filters/bloom.h"
#include "filters/counting_bloom.h"
#include "filters/counting_quotient.h"
#include "filters/cuckoo.h"
#include "filters/filter_util.h"
#include "filters/fuse.h"
#include "filters/hash_compaction.h"
#include "filters/quotient.h"
#include "filters/scalable_bloom.h"
#include "filters/hash_multiset.h"

#include "experiment_stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using namespace hyph::filters;

namespace {

struct Options {
  int reps = 5;
  std::size_t queries = 2'000'000;
  std::vector<std::size_t> sizes = {1751, 100'000, 1'000'000};
  std::vector<double> rates = {0.004, 0.01, 0.05};
  std::string filters;  // comma-separated names; empty: all
  bool wants(const std::string& name) const {
    return filters.empty() || ("," + filters + ",").find("," + name + ",") != std::string::npos;
  }
  bool wall = false;
};

std::vector<Hash> random_hashes(std::size_t n, std::uint64_t seed) {
  detail::SplitMix64 rng(seed);
  std::vector<Hash> v(n);
  for (Hash& h : v) h = rng.next();
  return v;
}

// Best of o.reps runs of `run`, in nanoseconds of CPU time (or wall time with --wall).
double best_ns(const Options& o, const std::function<void()>& run) {
  double best = 1e300;
  for (int i = 0; i < o.reps; ++i) {
    const experiment::Stopwatch watch;
    run();
    best = std::min(best, o.wall ? watch.wall_ns() : watch.cpu_ns());
  }
  return best;
}

// Kept out of line so that the call goes through the vtable, as the engine's does.
[[gnu::noinline]] std::size_t count_virtual(const Filter& f, const std::vector<Hash>& queries) {
  std::size_t hits = 0;
  for (const Hash q : queries) hits += f.maybe_contains(q);
  return hits;
}

template <class F>
std::size_t count_direct(const F& f, const std::vector<Hash>& queries) {
  std::size_t hits = 0;
  for (const Hash q : queries) hits += f.maybe_contains(q);
  return hits;
}

volatile std::size_t sink;  // keeps the lookups from being optimised away

// The space formula evaluated at the parameters the filter actually has: whole-bit
// fingerprints and remainders, the table's actual load, fuse's size factor for this n. Space
// above it is overhead the formula does not account for; the difference between it and
// `theory` is what rounding and sizing at this n cost. The Bloom family's m is the formula's,
// rounded up to a whole word or block.
double at_actual(const BloomFilter&, const hyph::FilterDescription& d) { return d.theoretical_bits_per_key; }
double at_actual(const BlockedBloomFilter&, const hyph::FilterDescription& d) { return d.theoretical_bits_per_key; }
double at_actual(const CountingBloomFilter&, const hyph::FilterDescription& d) { return d.theoretical_bits_per_key; }
double at_actual(const ScalableBloomFilter&, const hyph::FilterDescription& d) { return d.theoretical_bits_per_key; }
double at_actual(const CuckooFilter& f, const hyph::FilterDescription& d) {  // f/α, plus 128 bits per key in the side set
  return f.fingerprint_bits() / f.load() * static_cast<double>(f.size() - f.overflow()) / static_cast<double>(d.keys) +
         128.0 * static_cast<double>(f.overflow()) / static_cast<double>(d.keys);
}
double at_actual(const FuseFilter& f, const hyph::FilterDescription& d) {  // f·max(1.125, 0.875 + 0.25·ln(10^6)/ln n)
  const double n = static_cast<double>(d.keys);
  return f.fingerprint_bits() * (n <= 1 ? 3.0 : std::max(1.125, 0.875 + 0.25 * std::log(1e6) / std::log(n)));
}
double at_actual(const HashCompactionFilter& f, const hyph::FilterDescription&) { return f.compressed_bits() / f.load(); }
double at_actual(const QuotientFilter& f, const hyph::FilterDescription&) { return (f.remainder_bits() + 3.0) / f.load(); }
double at_actual(const CountingQuotientFilter& f, const hyph::FilterDescription&) {  // (r + 2.5)/α, α = n/m
  return (f.remainder_bits() + 2.5) * static_cast<double>(f.slot_count()) / static_cast<double>(f.size());
}

struct Row {
  std::string name;
  std::size_t n;
  double eps;
  double build_ns, insert_ns, pos_ns, neg_ns, virt_ns;  // insert_ns < 0: the filter cannot insert
  double bits_per_key, theory, actual;  // actual: the space formula at the filter's actual parameters
  double measured_fp, model_fp;
  std::string parameters;
};

void print_header() {
  std::printf("%-17s %9s %6s | %8s %8s | %7s %7s %7s | %8s %8s %8s %6s | %7s %7s %7s | %s\n", "filter", "n", "ε %", "build",
              "insert", "pos", "neg", "neg/vt", "bits/key", "theory", "at param", "over %", "FP %", "model %", "ε %", "parameters");
  std::printf("%-17s %9s %6s | %8s %8s | %7s %7s %7s | %8s %8s %8s %6s | %7s %7s %7s |\n", "", "", "", "ns/key", "ns/key", "ns", "ns",
              "ns", "", "", "", "", "", "", "");
}

void print(const Row& r) {
  char insert[16] = "       -";
  if (r.insert_ns >= 0) std::snprintf(insert, sizeof insert, "%8.1f", r.insert_ns);
  std::printf("%-17s %9zu %6.2f | %8.1f %s | %7.2f %7.2f %7.2f | %8.2f %8.2f %8.2f %6.1f | %7.3f %7.3f %7.3f | %s\n",
              r.name.c_str(), r.n, r.eps * 100, r.build_ns, insert, r.pos_ns, r.neg_ns, r.virt_ns, r.bits_per_key, r.theory,
              r.actual, 100 * (r.bits_per_key / r.actual - 1), r.measured_fp * 100, r.model_fp * 100, r.eps * 100,
              r.parameters.c_str());
  std::fflush(stdout);
}

template <class F>
Row measure(const Options& o, const std::vector<Hash>& keys, const std::vector<Hash>& positives,
            const std::vector<Hash>& negatives, double eps) {
  Row r;
  r.n = keys.size();
  r.eps = eps;
  r.build_ns = best_ns(o, [&] { sink = F(keys, eps).describe().keys; }) / static_cast<double>(keys.size());
  r.insert_ns = -1;
  if constexpr (requires { F::with_capacity(keys.size(), eps); }) {
    r.insert_ns = best_ns(o, [&] {
      F g = F::with_capacity(keys.size(), eps);
      for (const Hash k : keys) g.insert(k);
      sink = g.describe().keys;
    }) / static_cast<double>(keys.size());
  }
  const F f(keys, eps);
  sink = count_direct(f, positives);  // warm-up
  r.pos_ns = best_ns(o, [&] { sink = count_direct(f, positives); }) / static_cast<double>(positives.size());
  std::size_t fp = 0;
  r.neg_ns = best_ns(o, [&] { sink = fp = count_direct(f, negatives); }) / static_cast<double>(negatives.size());
  r.virt_ns = best_ns(o, [&] { sink = count_virtual(f, negatives); }) / static_cast<double>(negatives.size());
  if (count_direct(f, positives) != positives.size()) std::fprintf(stderr, "BUG: a false negative\n");
  const hyph::FilterDescription d = f.describe();
  r.name = d.name;
  r.bits_per_key = d.bits_per_key;
  r.theory = d.theoretical_bits_per_key;
  r.actual = at_actual(f, d);
  r.measured_fp = static_cast<double>(fp) / static_cast<double>(negatives.size());
  r.model_fp = f.expected_fp_rate();
  r.parameters = d.parameters.substr(0, d.parameters.find(';'));
  return r;
}

// The exact baseline: the 64-bit hashes themselves in an open-addressing set.
Row measure_exact(const Options& o, const std::vector<Hash>& keys, const std::vector<Hash>& positives,
                  const std::vector<Hash>& negatives) {
  auto build = [&] {
    HashMultiset s;
    for (const Hash k : keys) s.add(k);
    return s;
  };
  Row r;
  r.name = "exact hash set";
  r.n = keys.size();
  r.eps = 0;
  r.build_ns = best_ns(o, [&] { sink = build().size(); }) / static_cast<double>(keys.size());
  r.insert_ns = r.build_ns;  // built by inserts
  const HashMultiset s = build();
  auto count = [&](const std::vector<Hash>& qs) {
    std::size_t hits = 0;
    for (const Hash q : qs) hits += s.contains(q);
    return hits;
  };
  sink = count(positives);
  r.pos_ns = best_ns(o, [&] { sink = count(positives); }) / static_cast<double>(positives.size());
  r.neg_ns = best_ns(o, [&] { sink = count(negatives); }) / static_cast<double>(negatives.size());
  r.virt_ns = r.neg_ns;
  r.bits_per_key = static_cast<double>(s.memory_bits()) / static_cast<double>(keys.size());
  r.theory = 64;
  r.actual = r.bits_per_key;  // a power-of-two table at load <= 1/2: no formula beyond its size
  r.measured_fp = r.model_fp = 0;
  r.parameters = "64-bit hashes, linear probing, load <= 1/2";
  return r;
}

template <class T>
std::vector<T> parse_list(const char* text) {
  std::vector<T> out;
  for (const char* p = text; *p;) {
    char* end = nullptr;
    out.push_back(static_cast<T>(std::strtod(p, &end)));
    if (end == p) break;
    p = *end == ',' ? end + 1 : end;
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const char* value = i + 1 < argc ? argv[i + 1] : "";
    if (arg == "--reps") o.reps = std::max(1, std::atoi(value)), ++i;
    else if (arg == "--queries") o.queries = std::max<std::size_t>(1000, std::strtoull(value, nullptr, 10)), ++i;
    else if (arg == "--sizes") o.sizes = parse_list<std::size_t>(value), ++i;
    else if (arg == "--rates") o.rates = parse_list<double>(value), ++i;
    else if (arg == "--filters") o.filters = value, ++i;
    else if (arg == "--wall") o.wall = true;
    else {
      std::printf("usage: filter-bench [--reps R] [--queries Q] [--sizes N,N,...] [--rates E,E,...] [--filters NAME,...] [--wall]\n");
      return arg == "--help" || arg == "-h" ? 0 : 2;
    }
  }
  std::printf("filter-bench: best of %d passes, %zu queries per pass; ns per operation of %s\n%s\n\n", o.reps, o.queries,
              o.wall ? "wall-clock time" : "this thread's CPU time", experiment::machine().c_str());
  print_header();
  const std::vector<Hash> negatives = random_hashes(o.queries, 0xbe7c0002);
  for (const std::size_t n : o.sizes) {
    const std::vector<Hash> keys = random_hashes(n, 0xbe7c0001 + n);
    // Positive queries: the keys, repeated and shuffled to the query count.
    std::vector<Hash> positives(o.queries);
    detail::SplitMix64 pick(0xbe7c0003);
    for (Hash& q : positives) q = keys[detail::fast_range64(pick.next(), keys.size())];
    for (const double eps : o.rates) {
      if (o.wants("bloom")) print(measure<BloomFilter>(o, keys, positives, negatives, eps));
      if (o.wants("blocked-bloom")) print(measure<BlockedBloomFilter>(o, keys, positives, negatives, eps));
      if (o.wants("cuckoo")) print(measure<CuckooFilter>(o, keys, positives, negatives, eps));
      if (o.wants("fuse")) print(measure<FuseFilter>(o, keys, positives, negatives, eps));
      if (o.wants("counting-bloom")) print(measure<CountingBloomFilter>(o, keys, positives, negatives, eps));
      if (o.wants("hash-compaction")) print(measure<HashCompactionFilter>(o, keys, positives, negatives, eps));
      if (o.wants("scalable-bloom")) print(measure<ScalableBloomFilter>(o, keys, positives, negatives, eps));
      if (o.wants("quotient")) print(measure<QuotientFilter>(o, keys, positives, negatives, eps));
      if (o.wants("counting-quotient")) print(measure<CountingQuotientFilter>(o, keys, positives, negatives, eps));
    }
    if (o.wants("exact")) print(measure_exact(o, keys, positives, negatives));
    std::printf("\n");
  }
  std::printf("theory: bloom 1.44·log2(1/ε); blocked-bloom the Poisson model's least bits/key; cuckoo "
              "(log2(1/ε)+3)/0.95; fuse 1.125·log2(1/ε); counting-bloom 4·1.44·log2(1/ε);\n"
              "hash-compaction log2(n/ε)/0.8; scalable-bloom Σ n_i·log2(1/ε_i)/(ln 2·Σ n_i), 1.44·log2(1/(ε(1−r))) when built;\n"
              "quotient (log2(0.9/ε)+3)/α; counting-quotient (log2(0.95/ε)+2.5)/α, α the load (0.8 and 0.9 when built).\n"
              "at param: the formula at the actual parameters — cuckoo f/α, fuse f·max(1.125, 0.875+0.25·ln(10^6)/ln n), "
              "hash-compaction l/α, quotient (r+3)/α, counting-quotient (r+2.5)/α,\n"
              "with whole-bit f, l, r and the actual load α; the Bloom family's theory. over %%: bits/key above it.\n"
              "model: the structure's rate for its actual contents "
              "(filters/*.h). neg/vt: negative lookups through the virtual Filter interface, as the engine calls.\n");
  return 0;
}
