#include "exceptions/mutable_index.h"

#include "base/hash.h"
#include "base/message.h"
#include "filters/filter_util.h"

#include <hyph/error.h>

#include <algorithm>
#include <string>
#include <vector>

namespace hyph::exceptions {

MutableIndex::MutableIndex(const ExceptionOptions& options)
    : options_(options), mutable_kind_(filters::can_insert(options.filter)) {
  filters::detail::check_fp_rate(options.fp_rate);
  if (to_string(options.filter) == "unknown")
    base::throw_error(ErrorCode::invalid_argument, {"unknown filter kind ", static_cast<int>(options.filter)});
}

bool MutableIndex::insert_or_assign(std::string_view key, HyphenMask mask) {
  const std::uint64_t hash = base::hash_key(key);
  const bool is_new = !store_.find(key, hash).has_value();
  store_.insert_or_assign(key, mask);
  // A new word: a mutable filter takes it in place until it outgrows its room; a static
  // one is rebuilt before the next lookup.
  if (!is_new || options_.filter == FilterKind::none) return is_new;
  if (mutable_filter_ != nullptr && store_.size() <= limit_) mutable_filter_->insert(hash);
  else if (mutable_kind_) rebuild();
  else stale_ = true;
  return is_new;
}

bool MutableIndex::erase(std::string_view key) {
  if (!store_.erase(key)) return false;
  if (options_.filter == FilterKind::none) return true;
  if (mutable_filter_ == nullptr) {
    stale_ = true;
    return true;
  }
  // The word was in the store, so inserted: a mutable filter's erase is exact. A filter that
  // has shrunk to an eighth of its room is rebuilt smaller.
  mutable_filter_->erase(base::hash_key(key));
  if (store_.size() == 0 || (limit_ > 64 && store_.size() * 8 < limit_)) rebuild();
  return true;
}

void MutableIndex::clear() {
  store_ = MemoryStore();
  rebuild();
}

std::optional<HyphenMask> MutableIndex::find(std::string_view key) const noexcept {
  return store_.find(key, base::hash_key(key));
}

void MutableIndex::refresh() const {
  if (stale_) rebuild();
}

// Builds the filter from the words (any kind), with room to grow for a mutable one.
void MutableIndex::rebuild() const {
  stale_ = false;
  mutable_filter_ = nullptr;
  filter_.reset();
  if (options_.filter == FilterKind::none || store_.size() == 0) {
    limit_ = 0;
    return;
  }
  std::vector<filters::Hash> hashes;
  store_.append_hashes(hashes);
  const std::size_t room = 2 * std::max<std::size_t>(32, hashes.size());
  if (mutable_kind_) {
    // Sized for twice the words: inserts go in at the rate asked for until then (a table
    // sized for the words alone would fill, and doubling a quotient filter costs a
    // remainder bit, so its rate would climb).
    auto built = filters::make_empty_mutable_filter(options_.filter, room, options_.fp_rate);
    for (const filters::Hash h : hashes) built->insert(h);
    mutable_filter_ = built.get();
    filter_ = std::move(built);
  } else {
    filter_ = filters::make_filter(options_.filter, hashes, options_.fp_rate);
  }
  limit_ = room;
  ++rebuild_count_;
}

FilterDescription MutableIndex::describe() const {
  refresh();
  return exceptions::describe(store_, filter_.get(), options_,
                              options_.filter == FilterKind::none ? "no pre-check: every word probes the exact store"
                                                                  : "no filter yet: the dictionary is empty");
}

}  // namespace hyph::exceptions
