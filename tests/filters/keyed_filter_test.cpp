// KeyedFilter: every backend over strings, integers and a key type with its own hasher; no
// false negatives; insert/erase only where the backend allows them.
#include "filters/keyed_filter.h"

#include <doctest/doctest.h>

#include <hyph/error.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

using hyph::FilterKind;
using hyph::filters::KeyedFilter;

constexpr std::array kFilterKinds = {FilterKind::bloom,          FilterKind::blocked_bloom,   FilterKind::cuckoo,
                                     FilterKind::fuse,           FilterKind::counting_bloom,  FilterKind::hash_compaction,
                                     FilterKind::scalable_bloom, FilterKind::quotient,        FilterKind::counting_quotient};

std::vector<std::string> words(std::size_t n, std::string_view prefix) {
  std::vector<std::string> out;
  for (std::size_t k = 0; k < n; ++k) {
    std::string key(prefix);
    key += std::to_string(k);  // not prefix + to_string(k): GCC 12 warns falsely (-Wrestrict) on that
    out.push_back(std::move(key));
  }
  return out;
}

// A key type that is not a string and has padding: it brings its own hasher.
struct Point {
  std::int32_t x;
  std::int64_t y;
};
struct PointHash {
  std::uint64_t operator()(const Point& p) const noexcept {
    const std::int64_t both[2] = {p.x, p.y};
    return XXH3_64bits(both, sizeof both);
  }
};

}  // namespace

TEST_CASE("every kind over strings: no false negative, queried by string_view and C string") {
  const std::vector<std::string> keys = words(20'000, "key-");
  const std::vector<std::string> others = words(20'000, "other-");
  for (FilterKind kind : kFilterKinds) {
    CAPTURE(to_string(kind));
    const KeyedFilter<std::string> filter(kind, keys, 0.01);
    for (const std::string& k : keys) REQUIRE(filter.maybe_contains(std::string_view(k)));
    REQUIRE(filter.maybe_contains("key-17"));
    std::size_t positives = 0;
    for (const std::string& k : others) positives += filter.maybe_contains(k);
    // 20,000 negatives at ε = 1 %: a mean of 200; 400 is over 14 standard deviations away.
    CHECK(positives < 400);
    CHECK(filter.describe().keys >= keys.size());
  }
}

TEST_CASE("a string key and its string_view hash alike, so a filter of views answers for strings") {
  const std::vector<std::string_view> keys = {"alpha", "beta", "gamma"};
  const KeyedFilter<std::string_view> filter(FilterKind::fuse, keys, 0.001);
  for (std::string_view k : keys) CHECK(filter.maybe_contains(std::string(k)));
}

TEST_CASE("integers are hashed as their bytes") {
  std::vector<std::uint64_t> keys;
  for (std::uint64_t k = 0; k < 50'000; ++k) keys.push_back(k * 7919);
  const KeyedFilter<std::uint64_t> filter(FilterKind::blocked_bloom, keys, 0.02);
  for (std::uint64_t k : keys) REQUIRE(filter.maybe_contains(k));
}

TEST_CASE("a key type with its own hasher") {
  const std::vector<Point> points = {{1, 2}, {3, 4}, {-5, 1LL << 40}};
  KeyedFilter<Point, PointHash> filter(FilterKind::cuckoo, points, 0.01);
  for (const Point& p : points) CHECK(filter.maybe_contains(p));
  filter.insert(Point{7, 8});
  CHECK(filter.maybe_contains(Point{7, 8}));
  CHECK(filter.erase(Point{7, 8}));
}

TEST_CASE("insert and erase where the backend allows them") {
  const std::vector<std::string> keys = words(1'000, "w");
  for (FilterKind kind : kFilterKinds) {
    CAPTURE(to_string(kind));
    KeyedFilter<std::string> filter(kind, keys, 0.01);
    if (filter.can_insert()) {
      filter.insert("added");
      CHECK(filter.maybe_contains("added"));
    } else {
      CHECK_THROWS_AS(filter.insert("added"), hyph::Error);
    }
    if (filter.can_erase()) {
      CHECK(filter.erase("w1"));
      for (std::size_t k = 2; k < keys.size(); ++k) REQUIRE(filter.maybe_contains(keys[k]));
    } else {
      CHECK_THROWS_AS(filter.erase("w1"), hyph::Error);
      CHECK(filter.maybe_contains("w1"));
    }
  }
}

TEST_CASE("exact and a bad rate are refused with invalid_argument") {
  const std::vector<std::string> keys = {"a"};
  try {
    KeyedFilter<std::string> filter(FilterKind::exact, keys, 0.01);
    FAIL("exact was accepted");
  } catch (const hyph::Error& e) {
    CHECK(e.code() == hyph::ErrorCode::invalid_argument);
  }
  CHECK_THROWS_AS(KeyedFilter<std::string>(FilterKind::bloom, keys, 1.5), hyph::Error);
}
