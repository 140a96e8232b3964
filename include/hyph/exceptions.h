// How the exception list is looked up: a membership filter answers "surely not" or
// "maybe"; only "maybe" probes the exact store. Every choice gives identical output.
#pragma once

#include <hyph/export.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace hyph {

/// The pre-check placed in front of the exact exception store.
enum class FilterKind {
  none,           ///< no filter: every word probes the exact hash store (never a false positive)
  exact = none,   ///< the former name of `none`, kept for existing code
  bloom,          ///< Bloom filter, Kirsch–Mitzenmacher double hashing
  blocked_bloom,  ///< Bloom filter with every key's bits inside one 64-byte block
  cuckoo,         ///< cuckoo filter, 4-slot buckets, partial-key cuckoo hashing; supports erase
  fuse,           ///< binary fuse filter: static, about 1.125·log2(1/ε) bits per key
  counting_bloom, ///< Bloom filter of 4-bit saturating counters; supports erase
  hash_compaction,  ///< Wolper–Leroy hash compaction: a table of l-bit compressed keys; supports erase
  scalable_bloom,   ///< chain of Bloom filters that grows with inserts, overall rate kept within ε
  quotient,         ///< quotient filter: linear probing over packed remainders; erase, doubling, merge
  counting_quotient,  ///< counting quotient filter: rank/select metadata, a count per fingerprint; erase
};

/// The filter's name as the CLI spells it ("exact" for none, as it always has, "bloom", "blocked-bloom", "cuckoo", "fuse",
/// "counting-bloom", "hash-compaction", "scalable-bloom", "quotient", "counting-quotient").
HYPH_EXPORT std::string_view to_string(FilterKind kind) noexcept;
/// Parses a CLI spelling ("none" and "exact" both give FilterKind::none); nullopt if unknown.
HYPH_EXPORT std::optional<FilterKind> parse_filter_kind(std::string_view name) noexcept;
/// Every kind this build knows, `none` first (tools and tests iterate over them).
HYPH_EXPORT std::span<const FilterKind> filter_kinds() noexcept;

struct ExceptionOptions {
  FilterKind filter = FilterKind::none;
  double fp_rate = 0.01;  ///< target false-positive rate ε of the filter, 0 < ε < 1
};

/// Counters of exception lookups, kept by whoever hyphenates (never shared between threads).
struct LookupCounters {
  std::uint64_t queries = 0;           ///< words looked up
  std::uint64_t filter_positives = 0;  ///< filter said "maybe"
  std::uint64_t store_probes = 0;      ///< exact store consulted
  std::uint64_t hits = 0;              ///< word was an exception
  std::uint64_t false_positives() const noexcept { return store_probes - hits; }
};

/// What the chosen filter is, for `--stats` and benchmarks.
struct FilterDescription {
  std::string name;
  std::uint64_t keys = 0;
  std::uint64_t bits = 0;              ///< memory of the filter itself
  double bits_per_key = 0;
  double theoretical_bits_per_key = 0; ///< the structure's formula at this ε
  double target_fp_rate = 0;
  std::string parameters;              ///< e.g. "k=7" or "fingerprint=12 bits, load=0.93"
  std::string store;                   ///< the exact store behind the filter, e.g. "in memory" or a file read into memory
  unsigned hash_functions = 0;         ///< k, the bits a Bloom filter sets per key (0: not a Bloom filter)
  unsigned fingerprint_bits = 0;       ///< fingerprint width of a fingerprint filter (0: none)
  /// How full the structure is: the fraction of bits set (Bloom), of slots used (cuckoo), keys
  /// per cell (fuse). 0 where it does not apply.
  double load_factor = 0;
  /// The false-positive rate the structure's model predicts for its actual parameters and
  /// contents (at most about target_fp_rate); 1 for `none`, where every query probes the store.
  double expected_fp_rate = 0;
};

}  // namespace hyph
