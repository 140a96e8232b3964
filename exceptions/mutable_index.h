// An exception index that changes: words added and removed while a program runs (a
// UserDictionary). The same lookup as ExceptionIndex (lookup_in); the filter follows the
// words: a kind that can insert (filters::can_insert) is sized for twice the words it is
// built from and updated in place until it outgrows that room; a static kind is rebuilt
// before the first lookup after a change.
#pragma once

#include "exceptions/exception_index.h"
#include "exceptions/exception_store.h"
#include "filters/filter.h"

#include <hyph/exceptions.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

namespace hyph::exceptions {

class MutableIndex {
 public:
  /// Throws Error(invalid_argument) for an fp_rate outside (0, 1), as a load does.
  explicit MutableIndex(const ExceptionOptions& options);

  /// Adds `key` or replaces its mask; true if the key was new.
  bool insert_or_assign(std::string_view key, HyphenMask mask);
  /// Removes `key`; false if it was not there.
  bool erase(std::string_view key);
  void clear();
  /// The stored mask, without the filter or counters.
  std::optional<HyphenMask> find(std::string_view key) const noexcept;
  std::size_t size() const noexcept { return store_.size(); }

  /// Rebuilds a static filter the last change left stale. Call before lookup().
  void refresh() const;
  /// As ExceptionIndex::lookup (refresh() first).
  std::optional<HyphenMask> lookup(std::string_view key, LookupCounters* counters) const noexcept {
    return lookup_in(store_, filter_.get(), key, counters);
  }
  /// The filter as it is after refresh().
  FilterDescription describe() const;
  /// How many times the filter was built from the words (0 for FilterKind::none).
  std::uint64_t rebuilds() const noexcept { return rebuild_count_; }

 private:
  void rebuild() const;

  ExceptionOptions options_;
  MemoryStore store_;
  bool mutable_kind_;
  // The pre-check; null for none, or while there is nothing to filter.
  mutable std::unique_ptr<filters::Filter> filter_;
  mutable filters::MutableFilter* mutable_filter_ = nullptr;  // filter_, if it can insert and erase
  mutable std::size_t limit_ = 0;  // a mutable filter is rebuilt past this many words
  mutable bool stale_ = false;     // a static filter is rebuilt before the next lookup
  mutable std::uint64_t rebuild_count_ = 0;
};

}  // namespace hyph::exceptions
