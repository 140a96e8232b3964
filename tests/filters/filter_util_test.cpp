// filters/filter_util.h's arithmetic where hosts differ: the high half of a 64x64-bit product
// without a 128-bit integer (32-bit hosts), held to the one with it; packed bit fields read
// as little-endian words (the same bytes on a big-endian host).
#include "support.h"

#include "filters/filter_util.h"

#include <array>
#include <cstdint>

using hyph::filters::detail::multiply_high64;
using hyph::filters::detail::multiply_high64_by_halves;

TEST_CASE("filter util: the multiply-high of 32-bit halves is the 128-bit product's") {
  constexpr std::uint64_t max = ~std::uint64_t{0};
  CHECK(multiply_high64_by_halves(max, max) == max - 1);
  CHECK(multiply_high64_by_halves(max, 2) == 1);
  CHECK(multiply_high64_by_halves(std::uint64_t{1} << 32, std::uint64_t{1} << 32) == 1);
  CHECK(multiply_high64_by_halves(0xFFFFFFFF, 0xFFFFFFFF) == 0);
  hyph::filters::detail::SplitMix64 random(42);
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t a = random.next(), b = random.next() >> (i % 64);
    REQUIRE(multiply_high64_by_halves(a, b) == multiply_high64(a, b));
  }
}

TEST_CASE("filter util: packed fields are bits of little-endian words") {
  std::array<std::uint8_t, 16> bytes{};
  hyph::filters::detail::write_bits(bytes.data(), 4, 12, 0xABC);  // bits 4..15
  CHECK(bytes[0] == 0xC0);
  CHECK(bytes[1] == 0xAB);
  CHECK(hyph::filters::detail::read_bits(bytes.data(), 4, 12) == 0xABC);
  CHECK(hyph::filters::detail::read_bits(bytes.data(), 8, 8) == 0xAB);
}
