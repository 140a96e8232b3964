// Any filter backend over keys of any type: the filters module used on its own, without the
// hyphenator (filters/README.md, "Using the filters on their own").
//
// Backends see only 64-bit hashes (filter.h). KeyedFilter<Key> hashes each key once with
// KeyHash<Key> (or a hasher of your own) and hands the hash on. Strings are hashed where they
// lie: a KeyedFilter<std::string> is queried with a std::string_view or a C string without
// building a std::string.
#pragma once

#include "filters/filter.h"
#include "base/hash.h"

#include <hyph/error.h>

#include <concepts>
#include <memory>
#include <ranges>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace hyph::filters {

/// The default hasher. Strings (anything convertible to std::string_view) are hashed as their
/// bytes; so are types whose every bit is part of the value (integers, enums, plain structs
/// without padding), which makes equal values hash equally. Other types need a hasher of
/// their own: any callable returning a well-mixed 64-bit value.
template <class Key>
struct KeyHash {
  template <class K>
    requires std::convertible_to<const K&, std::string_view>
  Hash operator()(const K& key) const noexcept {
    return base::hash_key(std::string_view(key));
  }

  template <class K>
    requires(!std::convertible_to<const K&, std::string_view> && std::has_unique_object_representations_v<K>)
  Hash operator()(const K& key) const noexcept {
    return XXH3_64bits(&key, sizeof key);
  }
};

/// `Hasher` turns a `K` into the key's hash.
template <class Hasher, class K>
concept HashesKey = requires(const Hasher& hasher, const K& key) {
  { hasher(key) } noexcept -> std::convertible_to<Hash>;
};

template <class Key, class Hasher = KeyHash<Key>>
  requires HashesKey<Hasher, Key>
class KeyedFilter {
 public:
  /// A filter of `kind` holding `keys` (any range of values the hasher takes) at false-positive
  /// rate `fp_rate`. Throws Error(invalid_argument) for FilterKind::none, which is the
  /// hyphenator's exact store and no filter, and for ε outside (0, 1).
  template <std::ranges::input_range Keys>
    requires HashesKey<Hasher, std::ranges::range_value_t<Keys>>
  KeyedFilter(FilterKind kind, const Keys& keys, double fp_rate, Hasher hasher = {}) : hasher_(std::move(hasher)) {
    if (kind == FilterKind::none)
      throw Error(ErrorCode::invalid_argument, "'exact' is not a filter: choose a filter kind (bloom, cuckoo, fuse, ...)");
    std::vector<Hash> hashes;
    if constexpr (std::ranges::sized_range<Keys>) hashes.reserve(std::ranges::size(keys));
    for (const auto& key : keys) hashes.push_back(hasher_(key));
    filter_ = make_filter(kind, hashes, fp_rate);
  }

  /// False only if no key equal to `key` was ever inserted (and not erased since).
  template <class K>
    requires HashesKey<Hasher, K>
  bool maybe_contains(const K& key) const noexcept {
    return filter_->maybe_contains(hasher_(key));
  }

  /// True for backends that take insert() after they are built.
  bool can_insert() const noexcept { return dynamic_cast<GrowableFilter*>(filter_.get()) != nullptr; }
  /// True for backends that also take erase().
  bool can_erase() const noexcept { return dynamic_cast<MutableFilter*>(filter_.get()) != nullptr; }

  /// Adds a key. Throws Error(invalid_argument) if the backend is static (bloom, fuse, ...):
  /// build a new filter from all keys instead.
  template <class K>
    requires HashesKey<Hasher, K>
  void insert(const K& key) {
    backend_for<GrowableFilter>("insert").insert(hasher_(key));
  }

  /// Removes one earlier insert of `key`; false if the filter holds no trace of it. Erase only
  /// keys you inserted: a fingerprint filter cannot tell a never-inserted key from another key
  /// with the same fingerprint (filter.h). Throws Error(invalid_argument) if the backend cannot
  /// erase (bloom, fuse, scalable-bloom, ...).
  template <class K>
    requires HashesKey<Hasher, K>
  bool erase(const K& key) {
    return backend_for<MutableFilter>("erase").erase(hasher_(key));
  }

  /// Size, bits per key next to the structure's formula, parameters, predicted rate.
  FilterDescription describe() const { return filter_->describe(); }
  /// The false-positive rate the structure predicts for its parameters and contents.
  double expected_fp_rate() const noexcept { return filter_->expected_fp_rate(); }
  /// The backend, e.g. to serialize() it.
  const Filter& backend() const noexcept { return *filter_; }

 private:
  // The backend as a `Interface`, or Error(invalid_argument) naming what it cannot do.
  template <class Interface>
  Interface& backend_for(const char* operation) {
    auto* target = dynamic_cast<Interface*>(filter_.get());
    if (target == nullptr)
      throw Error(ErrorCode::invalid_argument,
                  "the " + filter_->describe().name + " filter cannot " + operation + " after it is built");
    return *target;
  }

  Hasher hasher_;
  std::unique_ptr<Filter> filter_;
};

}  // namespace hyph::filters
