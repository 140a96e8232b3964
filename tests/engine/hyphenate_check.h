// Hyphenator::hyphenate against the whole-text path (detail::hyphenate_text), for the tests of
// its one-word shortcuts.
#pragma once

#include "engine/word_rules.h"

#include <hyph/hyphenator.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <iterator>
#include <random>
#include <span>
#include <string>

namespace test {

/// The same count and breaks as hyphenate_text for `text` (at most 80 breaks); and with a buffer
/// of a random size too short for them, the first breaks only, nothing written past it.
inline void check_hyphenate_as_text(const hyph::Hyphenator& h, const std::string& text, std::mt19937_64& rng) {
  const auto& model = hyph::detail::model_of(h);
  std::size_t all[80], expected[80];
  const std::size_t count = hyph::detail::hyphenate_text(model, text, expected, nullptr, nullptr);
  CAPTURE(text);
  REQUIRE(h.hyphenate(text, all) == count);
  for (std::size_t k = 0; k < count; ++k) CHECK(all[k] == expected[k]);
  const std::size_t capacity = count == 0 ? 0 : rng() % count;
  std::size_t some[80];
  std::fill(std::begin(some), std::end(some), std::size_t{999});
  REQUIRE(h.hyphenate(text, std::span<std::size_t>(some, capacity)) == count);
  for (std::size_t k = 0; k < capacity; ++k) CHECK(some[k] == expected[k]);
  for (std::size_t k = capacity; k < 80; ++k) CHECK(some[k] == 999);
}

}  // namespace test
