// MemoryStore: open addressing with linear probing and backward-shift deletion.
#include "exceptions/exception_store.h"
#include "tests/filters/support.h"

#include <map>
#include <string>
#include <unordered_map>

using hyph::exceptions::HyphenMask;
using hyph::exceptions::MemoryStore;
using hyph::base::hash_key;

namespace {

std::optional<HyphenMask> find(const MemoryStore& s, std::string_view key) { return s.find(key, hash_key(key)); }

// Words whose home slot in a 16-slot table (the first table the store allocates) is `home`.
std::vector<std::string> words_at_home(std::uint64_t home, std::size_t count, std::string_view prefix) {
  std::vector<std::string> out;
  for (std::uint64_t i = 0; out.size() < count; ++i) {
    std::string w = test::word(prefix, i);
    if ((hash_key(w) & 15) == home) out.push_back(std::move(w));
  }
  return out;
}

}  // namespace

TEST_CASE("store: insert_or_assign adds, then replaces") {
  MemoryStore s;
  CHECK(s.size() == 0);
  CHECK_FALSE(find(s, "table").has_value());
  s.insert_or_assign("table", 0b100);
  CHECK(s.size() == 1);
  CHECK(find(s, "table") == HyphenMask{0b100});
  s.insert_or_assign("table", 0b010);  // a later \hyphenation replaces the earlier
  CHECK(s.size() == 1);
  CHECK(find(s, "table") == HyphenMask{0b010});
  s.insert_or_assign("", 0);  // the empty word is a key like any other
  CHECK(find(s, "") == HyphenMask{0});
  CHECK(s.size() == 2);
}

TEST_CASE("store: erase") {
  MemoryStore s;
  CHECK_FALSE(s.erase("absent"));  // on an empty table
  s.insert_or_assign("ta-ble", 1);
  CHECK_FALSE(s.erase("absent"));
  CHECK(s.erase("ta-ble"));
  CHECK_FALSE(s.erase("ta-ble"));
  CHECK(s.size() == 0);
  CHECK_FALSE(find(s, "ta-ble").has_value());
}

TEST_CASE("store: backward-shift deletion keeps probe runs whole, across the wrap-around") {
  // In a 16-slot table: three words at home 14 fill 14, 15 and (wrapping) 0; a word whose
  // home is 15 lands in 1 and one whose home is 0 lands in 2. Erasing from the front of
  // that run must shift the rest back, or later lookups would stop at a hole.
  const auto at14 = words_at_home(14, 3, "a");
  const auto at15 = words_at_home(15, 1, "b");
  const auto at0 = words_at_home(0, 1, "c");
  std::vector<std::string> run = {at14[0], at14[1], at14[2], at15[0], at0[0]};
  for (std::size_t first = 0; first < run.size(); ++first) {
    CAPTURE(first);
    MemoryStore s;
    for (std::size_t i = 0; i < run.size(); ++i) s.insert_or_assign(run[i], i + 1);
    REQUIRE(s.erase(run[first]));
    for (std::size_t i = 0; i < run.size(); ++i) {
      CAPTURE(i);
      if (i == first)
        CHECK_FALSE(find(s, run[i]).has_value());
      else
        CHECK(find(s, run[i]) == HyphenMask{i + 1});
    }
    // Erase the rest in order; every remaining word stays findable at each step.
    for (std::size_t j = 0; j < run.size(); ++j) {
      if (j == first) continue;
      REQUIRE(s.erase(run[j]));
      for (std::size_t i = j + 1; i < run.size(); ++i)
        if (i != first) CHECK(find(s, run[i]) == HyphenMask{i + 1});
    }
    CHECK(s.size() == 0);
  }
}

TEST_CASE("store: random operations agree with std::unordered_map") {
  MemoryStore s;
  std::unordered_map<std::string, HyphenMask> ref;
  test::Keys rng(99);
  std::size_t wrong = 0;
  for (int op = 0; op < 200000; ++op) {
    const std::uint64_t r = rng.next();
    const std::string key = test::word("w", (r >> 8) % 3000);
    switch (r % 3) {
      case 0:
        s.insert_or_assign(key, r >> 20);
        ref[key] = r >> 20;
        break;
      case 1:
        wrong += s.erase(key) != (ref.erase(key) == 1);
        break;
      default: {
        const auto it = ref.find(key);
        wrong += find(s, key) != (it == ref.end() ? std::nullopt : std::optional<HyphenMask>(it->second));
      }
    }
    wrong += s.size() != ref.size();
  }
  CHECK(wrong == 0);
  std::map<std::string, HyphenMask> seen;
  s.for_each([&](std::string_view k, HyphenMask m) { CHECK(seen.emplace(std::string(k), m).second); });
  CHECK(seen == std::map<std::string, HyphenMask>(ref.begin(), ref.end()));
}
