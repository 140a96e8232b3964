// The one question the engine asks of exceptions: "this word's stored hyphenation, if any".
// A filter answers "surely not" or "maybe"; only "maybe" costs a probe of the exact store,
// so a false positive costs one probe and never changes the answer.
#pragma once

#include "filters/exception_store.h"
#include "filters/filter.h"

#include <hyph/exceptions.h>

#include <memory>
#include <optional>
#include <string_view>

namespace hyph::filters {

class ExceptionIndex {
 public:
  /// Takes the store and builds `options.filter` over its keys.
  ExceptionIndex(std::unique_ptr<const ExceptionStore> store, const ExceptionOptions& options);
  /// Takes the store and a filter already built over its keys (load_filter(); null for
  /// FilterKind::exact), which `options` describe. The caller has checked that the filter
  /// holds every key of the store.
  ExceptionIndex(std::unique_ptr<const ExceptionStore> store, std::unique_ptr<Filter> filter, const ExceptionOptions& options)
      : store_(std::move(store)), filter_(std::move(filter)), options_(options) {}

  std::optional<HyphenMask> lookup(std::string_view key, LookupCounters* counters) const noexcept {
    if (counters) ++counters->queries;
    if (store_->size() == 0) return std::nullopt;
    const std::uint64_t hash = base::hash_key(key);
    if (filter_) {
      if (!filter_->maybe_contains(hash)) return std::nullopt;
      if (counters) ++counters->filter_positives;
    }
    if (counters) ++counters->store_probes;
    auto found = store_->find(key, hash);
    if (counters && found) ++counters->hits;
    return found;
  }

  const ExceptionStore& store() const noexcept { return *store_; }
  /// The pre-check, null for FilterKind::exact.
  const Filter* filter() const noexcept { return filter_.get(); }
  const ExceptionOptions& options() const noexcept { return options_; }
  FilterDescription describe() const;

 private:
  std::unique_ptr<const ExceptionStore> store_;
  std::unique_ptr<Filter> filter_;  // null for FilterKind::exact
  ExceptionOptions options_;
};

}  // namespace hyph::filters
