// base/byte_order.h: files' little-endian fields read and written the same on any host (this
// suite runs natively; dev/cross-test.sh runs the filters' and stores' suites on s390x).
#include "base/byte_order.h"

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <cstring>

namespace bo = hyph::byte_order;

TEST_CASE("byte order: reversed turns every width, and doubles by their bits") {
  CHECK(bo::reversed(std::uint8_t{0x12}) == 0x12);
  CHECK(bo::reversed(std::uint16_t{0x1234}) == 0x3412);
  CHECK(bo::reversed(std::uint32_t{0x12345678}) == 0x78563412u);
  CHECK(bo::reversed(std::uint64_t{0x0102030405060708}) == 0x0807060504030201u);
  CHECK(bo::reversed(std::int32_t{-2}) == static_cast<std::int32_t>(0xFEFFFFFFu));
  CHECK(bo::reversed(char32_t{0x1F600}) == char32_t{0x00F60100});
  CHECK(bo::reversed(bo::reversed(1.5)) == 1.5);
  CHECK(__builtin_bit_cast(std::uint64_t, bo::reversed(1.0)) == bo::reversed(__builtin_bit_cast(std::uint64_t, 1.0)));
}

TEST_CASE("byte order: load and store are little-endian whatever the host") {
  const std::array<unsigned char, 8> bytes{0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01};
  CHECK(bo::load<std::uint16_t>(bytes.data()) == 0x0708);
  CHECK(bo::load<std::uint32_t>(bytes.data() + 1) == 0x04050607u);  // any alignment
  CHECK(bo::load<std::uint64_t>(bytes.data()) == 0x0102030405060708u);
  std::array<unsigned char, 9> out{};
  bo::store(out.data() + 1, std::uint64_t{0x0102030405060708});
  CHECK(std::memcmp(out.data() + 1, bytes.data(), 8) == 0);
  CHECK(out[0] == 0);
  bo::store(out.data(), 2.5);
  CHECK(bo::load<double>(out.data()) == 2.5);
  CHECK(out[7] == 0x40);  // IEEE 754 2.5 = 0x4004000000000000, its sign and exponent last
}

TEST_CASE("byte order: little_in_place turns arrays only on a big-endian host") {
  std::array<std::uint32_t, 2> words{0x01020304, 0x05060708};
  bo::little_in_place(std::span(words));
  unsigned char bytes[8];
  std::memcpy(bytes, words.data(), 8);
  // Whatever the host, the array now holds the little-endian bytes of the values.
  const unsigned char want[8] = {0x04, 0x03, 0x02, 0x01, 0x08, 0x07, 0x06, 0x05};
  CHECK(std::memcmp(bytes, want, 8) == 0);
}
