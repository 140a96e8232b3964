// The filters' entry points for the WebAssembly runtime (js/meson.build), which links no filter
// backend: there every exception index answers from its exact store alone. A filter only spares
// probes of that store and never changes an answer (no false negatives), so the answers are the
// library's; what it saves is the backends' code, most of the module. A compiled file's filter
// section is still covered by the file's checksum, and is not read.
#include "filters/filter.h"
#include "filters/filter_util.h"

#include <hyph/error.h>

#include <string>

namespace hyph::filters {

namespace {

void check_kind(FilterKind kind) {
  if (to_string(kind) == "unknown") throw Error(ErrorCode::invalid_argument, "unknown filter kind " + std::to_string(static_cast<int>(kind)));
}

}  // namespace

std::unique_ptr<Filter> make_filter(FilterKind kind, std::span<const Hash>, double fp_rate) {
  detail::check_fp_rate(fp_rate);
  check_kind(kind);
  return nullptr;
}

bool can_insert(FilterKind) noexcept { return false; }

std::unique_ptr<MutableFilter> make_empty_mutable_filter(FilterKind kind, std::uint64_t, double fp_rate) {
  detail::check_fp_rate(fp_rate);
  check_kind(kind);
  return nullptr;
}

std::unique_ptr<Filter> load_filter(FilterKind kind, std::span<const std::byte>) {
  check_kind(kind);
  return nullptr;
}

}  // namespace hyph::filters
