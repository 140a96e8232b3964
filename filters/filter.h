// The membership-filter interface every exception filter backend implements.
//
// Keys reach a filter as one 64-bit hash (base/hash.h); each backend derives all it
// needs (bit positions, bucket, fingerprint) from that hash, so a word is hashed once.
// Contract: after build/insert of a key, maybe_contains(key) is true until that key is
// erased (no false negatives, ever); for keys never inserted it is true with probability
// about the target ε.
#pragma once

#include <hyph/exceptions.h>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <span>

namespace hyph::filters {

using Hash = std::uint64_t;

namespace io {
class Reader;  // filters/serialize.h
}

class Filter {
 public:
  virtual ~Filter() = default;
  /// False only if the key was surely never inserted.
  virtual bool maybe_contains(Hash key) const noexcept = 0;
  /// Name, size, bits per key next to theory, parameters.
  virtual FilterDescription describe() const = 0;
  /// The false-positive rate the structure's model predicts for its actual parameters and
  /// contents (k and m of a Bloom filter, fingerprint bits and load of a cuckoo table, ...).
  /// It is at most about the target ε; tests and benchmarks compare measurements with it.
  virtual double expected_fp_rate() const noexcept = 0;
  /// Writes what load_filter() needs to rebuild this very filter (its parameters and arrays,
  /// little-endian; doc/compiled-format.md, "Filters"). The default throws
  /// Error(invalid_argument): a backend without a serialized form cannot go into a compiled file.
  virtual void serialize(std::ostream& out) const;
};

/// A filter that takes more keys after it is built (scalable Bloom, and every MutableFilter).
class GrowableFilter : public Filter {
 public:
  /// Adds a key; never fails (a full filter grows). Inserting a key twice is allowed.
  virtual void insert(Hash key) = 0;
};

/// A filter that can also shrink after it is built (cuckoo, counting Bloom, hash compaction).
class MutableFilter : public GrowableFilter {
 public:
  /// Removes one earlier insertion of `key`; returns false (and changes nothing) if the
  /// filter holds no trace of the key (maybe_contains(key) would be false). A filter that
  /// stores fingerprints cannot tell a key from another with the same fingerprint, so erasing
  /// a key that was never inserted may, with probability about ε, remove the other key and
  /// cause a false negative for it: erase only keys you inserted.
  virtual bool erase(Hash key) = 0;
};

/// What every backend class offers besides the virtual interface: construction from the
/// key hashes and the target false-positive rate (throws hyph::Error(invalid_argument)
/// unless 0 < fp_rate < 1). Duplicate hashes are allowed.
template <class F>
concept FilterBackend = std::derived_from<F, Filter> && std::constructible_from<F, std::span<const Hash>, double>;

/// A backend that can also insert and erase after construction.
template <class F>
concept MutableFilterBackend = FilterBackend<F> && std::derived_from<F, MutableFilter>;

/// Builds the filter of `kind` holding `keys` at false-positive rate `fp_rate`.
/// Returns nullptr for FilterKind::none (no pre-check: the exact store answers alone).
std::unique_ptr<Filter> make_filter(FilterKind kind, std::span<const Hash> keys, double fp_rate);

/// Whether filters of `kind` can insert and erase after they are built (MutableFilter): a
/// property of the kind, looked up without building one.
bool can_insert(FilterKind kind) noexcept;

/// An empty filter of `kind` sized for `capacity` keys at `fp_rate`, to be filled by inserts
/// (each kind's with_capacity()); nullptr for a kind that cannot insert and erase.
std::unique_ptr<MutableFilter> make_empty_mutable_filter(FilterKind kind, std::uint64_t capacity, double fp_rate);

/// The filter of `kind` that serialize() wrote into `bytes` (filters/serialize.cpp). Every
/// parameter is checked against the bytes and against the ranges the queries rely on, and
/// the arrays are copied; throws Error(bad_format) saying what is wrong. Returns nullptr for
/// FilterKind::none, whose bytes are empty.
std::unique_ptr<Filter> load_filter(FilterKind kind, std::span<const std::byte> bytes);

}  // namespace hyph::filters
