// base/message.h: messages from pieces say exactly what std::string's concatenation and
// std::to_string said, which the loaders' messages were built with before.
#include "base/message.h"

#include "base/code_point_bytes.h"
#include "base/hex.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using hyph::base::message;

TEST_CASE("message: numbers are written as std::to_string writes them") {
  CHECK(message({0}) == std::to_string(0));
  CHECK(message({-1}) == std::to_string(-1));
  CHECK(message({std::numeric_limits<int>::min()}) == std::to_string(std::numeric_limits<int>::min()));
  CHECK(message({std::numeric_limits<std::int64_t>::min()}) == std::to_string(std::numeric_limits<std::int64_t>::min()));
  CHECK(message({std::numeric_limits<std::uint64_t>::max()}) == std::to_string(std::numeric_limits<std::uint64_t>::max()));
  CHECK(message({std::uint16_t{65535}, std::size_t{12}, 7u}) == "65535127");
  // Numbers 1 and 2 are told apart from texts (a number's piece has no text).
  CHECK(message({1, " and ", 2}) == "1 and 2");
}

TEST_CASE("message: texts of every kind, empty ones too, in order") {
  const std::string name = "file.hyb";
  const std::string_view none;  // no storage at all
  CHECK(message({}) == "");
  CHECK(message({name, ": ", none, "section ", std::string_view("INFOx", 4), ": ", 3, " bytes"}) == "file.hyb: section INFO: 3 bytes");
  CHECK(message({"", std::string(), none}) == "");
}

TEST_CASE("throw_error: the code, and the first pieces before the rest") {
  try {
    hyph::base::throw_error(hyph::ErrorCode::bad_format, {"f.hyb", ": "}, {"row entries of ", 3, " bytes"});
    FAIL("no throw");
  } catch (const hyph::Error& e) {
    CHECK(e.code() == hyph::ErrorCode::bad_format);
    CHECK(std::string(e.what()) == "f.hyb: row entries of 3 bytes");
  }
}

TEST_CASE("hex_code_point: upper case, at least four digits") {
  CHECK(hyph::base::hex_code_point(0) == "0000");
  CHECK(hyph::base::hex_code_point(0xE9) == "00E9");
  CHECK(hyph::base::hex_code_point(0x1F600) == "1F600");
  CHECK(hyph::base::hex_code_point(0x10FFFF) == "10FFFF");
  CHECK(hyph::base::hex_code_point(0xFFFFFFFF) == "FFFFFFFF");
}

TEST_CASE("sort_code_point_bytes: the order std::sort gives the pairs") {
  std::vector<std::pair<char32_t, unsigned char>> pairs{{0x20AC, 0x80}, {0x41, 0x41}, {0xFFFFFFFF, 0xFF}, {0x41, 0x01}, {0, 0}};
  auto expected = pairs;
  std::sort(expected.begin(), expected.end());
  hyph::base::sort_code_point_bytes(pairs);
  CHECK(pairs == expected);
}
