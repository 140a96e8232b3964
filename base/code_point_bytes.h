// (code point, byte) pairs put in order, as std::sort orders the pairs (code point, then byte),
// through a sort of 64-bit keys: the charsets' tables then share the library's sort of
// integers instead of instantiating a second one for pairs (the WebAssembly module's size).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace hyph::base {

inline void sort_code_point_bytes(std::vector<std::pair<char32_t, unsigned char>>& pairs) {
  std::vector<std::uint64_t> keys(pairs.size());
  for (std::size_t k = 0; k < pairs.size(); ++k) keys[k] = std::uint64_t{pairs[k].first} << 8 | pairs[k].second;
  std::sort(keys.begin(), keys.end());
  for (std::size_t k = 0; k < pairs.size(); ++k)
    pairs[k] = {static_cast<char32_t>(keys[k] >> 8), static_cast<unsigned char>(keys[k] & 0xFF)};
}

}  // namespace hyph::base
