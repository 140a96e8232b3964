// patterns/unicode_data.h without ICU: a binary search in runs of code points generated from
// ICU at build time (patterns/unicode_table_gen.cpp, which explains the runs).
#include "patterns/unicode_data.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>

namespace hyph::patterns::unicode {
namespace {

struct Run {
  std::uint32_t head;  // start << 11 | alternating << 10 | kind << 8
  std::int32_t delta;
};

constexpr Run kRuns[] = {
#include "patterns/unicode_table.inc"  // generated in the build tree
};

struct Answer {
  Kind kind;
  std::int32_t delta;
};

Answer answer(char32_t cp) noexcept {
  if (cp > 0x10FFFF) return {Kind::other, 0};
  const std::uint32_t key = static_cast<std::uint32_t>(cp) << 11 | 0x7FF;
  // The last run starting at or before cp (the first starts at 0).
  const Run* run = std::upper_bound(std::begin(kRuns), std::end(kRuns), key, [](std::uint32_t k, const Run& r) { return k < r.head; }) - 1;
  if ((run->head >> 10 & 1) != 0 && ((static_cast<std::uint32_t>(cp) - (run->head >> 11)) & 1) != 0) return {Kind::letter, 0};
  return {static_cast<Kind>(run->head >> 8 & 3), run->delta};
}

}  // namespace

Kind kind(char32_t cp) noexcept { return answer(cp).kind; }

char32_t lower(char32_t cp) noexcept { return static_cast<char32_t>(static_cast<std::int32_t>(cp) + answer(cp).delta); }

}  // namespace hyph::patterns::unicode
