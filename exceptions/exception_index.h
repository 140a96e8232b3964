// The one question the engine asks of exceptions: "this word's stored hyphenation, if any".
// A filter answers "surely not" or "maybe"; only "maybe" costs a probe of the exact store,
// so a false positive costs one probe and never changes the answer.
#pragma once

#include "base/hash.h"
#include "exceptions/exception_store.h"
#include "filters/filter.h"

#include <hyph/exceptions.h>

#include <memory>
#include <optional>
#include <string_view>

namespace hyph::exceptions {

/// The lookup every index makes (ExceptionIndex, MutableIndex): hash once, ask the filter
/// (null: none), probe the store only on "maybe", counting each step in `counters`.
inline std::optional<HyphenMask> lookup_in(const ExceptionStore& store, const filters::Filter* filter, std::string_view key,
                                           LookupCounters* counters) noexcept {
  if (counters) ++counters->queries;
  if (store.size() == 0) return std::nullopt;
  const std::uint64_t hash = base::hash_key(key);
  if (filter) {
    if (!filter->maybe_contains(hash)) return std::nullopt;
    if (counters) ++counters->filter_positives;
  }
  if (counters) ++counters->store_probes;
  auto found = store.find(key, hash);
  if (counters && found) ++counters->hits;
  return found;
}

/// What an index is, for `--stats`: the filter's own description (null filter: none, with
/// `no_filter_why` saying why), the store behind it.
FilterDescription describe(const ExceptionStore& store, const filters::Filter* filter, const ExceptionOptions& options,
                           std::string_view no_filter_why);

class ExceptionIndex {
 public:
  /// Takes the store and builds `options.filter` over its keys.
  ExceptionIndex(std::unique_ptr<const ExceptionStore> store, const ExceptionOptions& options);
  /// Takes the store and a filter already built over its keys (load_filter(); null for
  /// FilterKind::none), which `options` describe. The caller has checked that the filter
  /// holds every key of the store.
  ExceptionIndex(std::unique_ptr<const ExceptionStore> store, std::unique_ptr<filters::Filter> filter,
                 const ExceptionOptions& options)
      : store_(std::move(store)), filter_(std::move(filter)), options_(options) {}

  std::optional<HyphenMask> lookup(std::string_view key, LookupCounters* counters) const noexcept {
    return lookup_in(*store_, filter_.get(), key, counters);
  }

  const ExceptionStore& store() const noexcept { return *store_; }
  /// The pre-check, null for FilterKind::none.
  const filters::Filter* filter() const noexcept { return filter_.get(); }
  const ExceptionOptions& options() const noexcept { return options_; }
  FilterDescription describe() const;

 private:
  std::unique_ptr<const ExceptionStore> store_;
  std::unique_ptr<filters::Filter> filter_;  // null for FilterKind::none
  ExceptionOptions options_;
};

}  // namespace hyph::exceptions
