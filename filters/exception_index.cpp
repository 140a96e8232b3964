#include "filters/exception_index.h"

#include <algorithm>
#include <vector>

namespace hyph::filters {

ExceptionIndex::ExceptionIndex(std::unique_ptr<const ExceptionStore> store, const ExceptionOptions& options)
    : store_(std::move(store)), options_(options) {
  std::vector<Hash> hashes;
  store_->append_hashes(hashes);
  // In hash order, so that the filter depends on the keys alone, not on the store's order
  // (a compiled file's filter is then the same whichever store it was built from).
  std::sort(hashes.begin(), hashes.end());
  filter_ = make_filter(options.filter, hashes, options.fp_rate);
}

FilterDescription ExceptionIndex::describe() const {
  if (filter_) {
    FilterDescription d = filter_->describe();
    d.expected_fp_rate = filter_->expected_fp_rate();
    d.store = store_->describe();
    return d;
  }
  FilterDescription d;
  d.store = store_->describe();
  d.name = "exact";
  d.keys = store_->size();
  d.expected_fp_rate = 1.0;
  d.parameters = "no pre-check: every word probes the exact store";
  return d;
}

}  // namespace hyph::filters
