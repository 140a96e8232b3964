// Every separator scan this build has (portable, SSE2, AVX2 where the dispatch tier includes
// it) finds the same first separator as the portable loop, at every length and offset, so the
// path a machine without AVX2 takes is tested here too.
#include "engine/separators.h"

#include <doctest/doctest.h>

#include <random>
#include <string>

TEST_CASE("separator scans agree with the portable loop") {
  std::mt19937_64 rng(5);
  const char separators[] = {' ', '\t', '\n', '\r', '\f', '\v'};
  const char others[] = {'a', 'Z', '-', '\0', '\x08', '\x0e', '\x1f', '!', '\x80', '\xff', '\xc3', '\xa9'};
  for (int round = 0; round < 3000; ++round) {
    const std::size_t n = rng() % 100;
    std::string text(n, 'x');
    for (char& c : text) c = others[rng() % sizeof others];
    if (n > 0 && rng() % 4 != 0) text[rng() % n] = separators[rng() % sizeof separators];
    const char* const begin = text.data();
    const char* const end = begin + n;
    for (std::size_t from = 0; from <= n; from += 1 + rng() % 5) {
      const char* want = hyph::detail::next_separator_portable(begin + from, end);
      CHECK(hyph::detail::next_separator(begin + from, end) == want);
      for (const auto& scan : hyph::detail::separator_scans()) {
        if (!scan.usable) continue;
        CAPTURE(scan.name);
        CHECK(scan.scan(begin + from, end) == want);
      }
    }
  }
}
