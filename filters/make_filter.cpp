#include "filters/filter.h"

#include <hyph/error.h>

#include <string>

namespace hyph::filters {

std::unique_ptr<Filter> make_filter(FilterKind kind, std::span<const Hash>, double fp_rate) {
  if (!(fp_rate > 0.0 && fp_rate < 1.0))
    throw Error(ErrorCode::invalid_argument, "false-positive rate must be between 0 and 1, got " + std::to_string(fp_rate));
  switch (kind) {
    case FilterKind::exact:
      return nullptr;
    default:
      throw Error(ErrorCode::invalid_argument, "filter '" + std::string(to_string(kind)) + "' is not available yet");
  }
}

}  // namespace hyph::filters
