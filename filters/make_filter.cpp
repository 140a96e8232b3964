#include "filters/filter.h"

#include "filters/blocked_bloom.h"
#include "filters/bloom.h"
#include "filters/counting_bloom.h"
#include "filters/counting_quotient.h"
#include "filters/cuckoo.h"
#include "filters/filter_util.h"
#include "filters/fuse.h"
#include "filters/hash_compaction.h"
#include "filters/quotient.h"
#include "filters/scalable_bloom.h"

#include <hyph/error.h>

#include <string>

namespace hyph::filters {

std::unique_ptr<Filter> make_filter(FilterKind kind, std::span<const Hash> keys, double fp_rate) {
  detail::check_fp_rate(fp_rate);
  switch (kind) {
    case FilterKind::none:
      return nullptr;
    case FilterKind::bloom:
      return std::make_unique<BloomFilter>(keys, fp_rate);
    case FilterKind::blocked_bloom:
      return std::make_unique<BlockedBloomFilter>(keys, fp_rate);
    case FilterKind::cuckoo:
      return std::make_unique<CuckooFilter>(keys, fp_rate);
    case FilterKind::fuse:
      return std::make_unique<FuseFilter>(keys, fp_rate);
    case FilterKind::counting_bloom:
      return std::make_unique<CountingBloomFilter>(keys, fp_rate);
    case FilterKind::hash_compaction:
      return std::make_unique<HashCompactionFilter>(keys, fp_rate);
    case FilterKind::scalable_bloom:
      return std::make_unique<ScalableBloomFilter>(keys, fp_rate);
    case FilterKind::quotient:
      return std::make_unique<QuotientFilter>(keys, fp_rate);
    case FilterKind::counting_quotient:
      return std::make_unique<CountingQuotientFilter>(keys, fp_rate);
  }
  throw Error(ErrorCode::invalid_argument, "unknown filter kind " + std::to_string(static_cast<int>(kind)));
}

bool can_insert(FilterKind kind) noexcept {
  switch (kind) {
    case FilterKind::cuckoo:
    case FilterKind::counting_bloom:
    case FilterKind::hash_compaction:
    case FilterKind::quotient:
    case FilterKind::counting_quotient:
      return true;
    default:
      return false;
  }
}

std::unique_ptr<MutableFilter> make_empty_mutable_filter(FilterKind kind, std::uint64_t capacity, double fp_rate) {
  detail::check_fp_rate(fp_rate);
  if (!can_insert(kind)) return nullptr;
  switch (kind) {
    case FilterKind::cuckoo:
      return std::make_unique<CuckooFilter>(CuckooFilter::with_capacity(capacity, fp_rate));
    case FilterKind::counting_bloom:
      return std::make_unique<CountingBloomFilter>(CountingBloomFilter::with_capacity(capacity, fp_rate));
    case FilterKind::hash_compaction:
      return std::make_unique<HashCompactionFilter>(HashCompactionFilter::with_capacity(capacity, fp_rate));
    case FilterKind::quotient:
      return std::make_unique<QuotientFilter>(QuotientFilter::with_capacity(capacity, fp_rate));
    case FilterKind::counting_quotient:
      return std::make_unique<CountingQuotientFilter>(CountingQuotientFilter::with_capacity(capacity, fp_rate));
    default:
      return nullptr;
  }
}

}  // namespace hyph::filters
