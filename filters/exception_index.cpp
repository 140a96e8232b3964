#include "filters/exception_index.h"

#include <vector>

namespace hyph::filters {

ExceptionIndex::ExceptionIndex(std::unique_ptr<const ExceptionStore> store, const ExceptionOptions& options)
    : store_(std::move(store)), options_(options) {
  std::vector<Hash> hashes;
  store_->append_hashes(hashes);
  filter_ = make_filter(options.filter, hashes, options.fp_rate);
}

FilterDescription ExceptionIndex::describe() const {
  if (filter_) return filter_->describe();
  FilterDescription d;
  d.name = "exact";
  d.keys = store_->size();
  d.parameters = "no pre-check: every word probes the exact store";
  return d;
}

}  // namespace hyph::filters
