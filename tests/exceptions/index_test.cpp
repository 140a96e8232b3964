// ExceptionIndex: the filter only ever saves store probes; it never changes an answer.
#include "exceptions/exception_index.h"
#include "tests/filters/support.h"

#include <hyph/error.h>

#include <algorithm>
#include <string>

using namespace hyph::exceptions;
using namespace hyph::filters;
using hyph::FilterKind;

namespace {

constexpr FilterKind kAllKinds[] = {FilterKind::exact, FilterKind::bloom, FilterKind::blocked_bloom,
                                    FilterKind::cuckoo, FilterKind::fuse, FilterKind::counting_bloom,
                                    FilterKind::hash_compaction, FilterKind::scalable_bloom, FilterKind::quotient,
                                    FilterKind::counting_quotient};

std::unique_ptr<const ExceptionStore> store_of(std::size_t words) {
  auto store = std::make_unique<MemoryStore>();
  for (std::size_t i = 0; i < words; ++i) store->insert_or_assign(test::word("ex", i), i * 2654435761u);
  return store;
}

}  // namespace

TEST_CASE("index: every kind gives the exact answers; a false positive costs one store probe") {
  constexpr std::size_t kWords = 3000, kOthers = 200000;
  constexpr double eps = 0.05;  // a high rate, so that false positives are plentiful
  const ExceptionIndex exact(store_of(kWords), {FilterKind::exact, eps});
  for (const FilterKind kind : kAllKinds) {
    CAPTURE(to_string(kind));
    const ExceptionIndex index(store_of(kWords), {kind, eps});
    hyph::LookupCounters c;
    std::size_t differ = 0;
    for (std::size_t i = 0; i < kWords; ++i) {
      const std::string w = test::word("ex", i);
      differ += index.lookup(w, &c) != exact.lookup(w, nullptr);
    }
    for (std::size_t i = 0; i < kOthers; ++i) {
      const std::string w = test::word("other", i);
      differ += index.lookup(w, &c) != exact.lookup(w, nullptr);
    }
    CHECK(differ == 0);
    CHECK(c.queries == kWords + kOthers);
    CHECK(c.hits == kWords);
    if (kind == FilterKind::exact) {
      CHECK(c.filter_positives == 0);
      CHECK(c.store_probes == c.queries);
    } else {
      // Every "maybe" is exactly one probe; the probes beyond the hits are the false
      // positives, at the filter's rate.
      CHECK(c.store_probes == c.filter_positives);
      CHECK(static_cast<double>(c.false_positives()) <= test::binomial_upper(kOthers, 1.03 * eps));
      CHECK(c.false_positives() > 0);
    }
    const hyph::FilterDescription d = index.describe();
    CHECK(d.name == to_string(kind));
    CHECK(d.keys == kWords);
  }
}

TEST_CASE("index: an empty store answers nothing and probes nothing") {
  for (const FilterKind kind : kAllKinds) {
    CAPTURE(to_string(kind));
    const ExceptionIndex index(std::make_unique<MemoryStore>(), {kind, 0.01});
    hyph::LookupCounters c;
    CHECK_FALSE(index.lookup("anything", &c).has_value());
    CHECK(c.queries == 1);
    CHECK(c.store_probes == 0);
  }
}

TEST_CASE("make_filter: one backend per kind, and ε is checked for every kind") {
  const auto keys = test::positives(1000);
  CHECK(make_filter(FilterKind::exact, keys, 0.01) == nullptr);
  for (const FilterKind kind : kAllKinds) {
    CAPTURE(to_string(kind));
    if (kind != FilterKind::exact) {
      const auto f = make_filter(kind, keys, 0.01);
      REQUIRE(f != nullptr);
      CHECK(f->describe().name == to_string(kind));
      for (const Hash k : keys) REQUIRE(f->maybe_contains(k));
    }
    for (const double bad : {0.0, 1.0, -1.0, 2.0}) {
      bool thrown = false;
      try {
        (void)make_filter(kind, keys, bad);
      } catch (const hyph::Error& e) {
        thrown = e.code() == hyph::ErrorCode::invalid_argument;
      }
      CHECK(thrown);
    }
  }
}

TEST_CASE("filter_kinds: every kind once, exact first, each name parsing back, each built") {
  const auto kinds = hyph::filter_kinds();
  REQUIRE(!kinds.empty());
  CHECK(kinds.front() == FilterKind::exact);
  for (const FilterKind kind : kAllKinds) CHECK(std::count(kinds.begin(), kinds.end(), kind) == 1);
  const auto keys = test::positives(100);
  for (const FilterKind kind : kinds) {
    CAPTURE(to_string(kind));
    CHECK(std::count(kinds.begin(), kinds.end(), kind) == 1);
    CHECK(hyph::parse_filter_kind(to_string(kind)) == kind);
    if (kind != FilterKind::exact) CHECK(make_filter(kind, keys, 0.01)->describe().name == to_string(kind));
  }
}
