#include "exceptions/exception_index.h"

#include <algorithm>
#include <vector>

namespace hyph::exceptions {

FilterDescription describe(const ExceptionStore& store, const filters::Filter* filter, const ExceptionOptions& options,
                           std::string_view no_filter_why) {
  FilterDescription d;
  if (filter) {
    d = filter->describe();
    d.expected_fp_rate = filter->expected_fp_rate();
  } else {
    d.name = std::string(to_string(options.filter));
    d.keys = store.size();
    d.target_fp_rate = options.fp_rate;
    d.expected_fp_rate = options.filter == FilterKind::none ? 1.0 : 0.0;
    d.parameters = std::string(no_filter_why);
  }
  d.store = store.describe();
  return d;
}

ExceptionIndex::ExceptionIndex(std::unique_ptr<const ExceptionStore> store, const ExceptionOptions& options)
    : store_(std::move(store)), options_(options) {
  std::vector<filters::Hash> hashes;
  store_->append_hashes(hashes);
  // In hash order, so that the filter depends on the keys alone, not on the store's order
  // (a compiled file's filter is then the same whichever store it was built from).
  std::sort(hashes.begin(), hashes.end());
  filter_ = filters::make_filter(options.filter, hashes, options.fp_rate);
}

FilterDescription ExceptionIndex::describe() const {
  return exceptions::describe(*store_, filter_.get(), options_, "no pre-check: every word probes the exact store");
}

}  // namespace hyph::exceptions
