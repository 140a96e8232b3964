// The text with a marker at each break: what hyphenated() returns, for the Hyphenator and
// the UserDictionary alike.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace hyph::detail {

/// text with marker inserted before each byte offset of breaks (increasing, <= text.size()).
inline std::string insert_markers(std::string_view text, std::span<const std::size_t> breaks, std::string_view marker) {
  std::string out;
  out.reserve(text.size() + breaks.size() * marker.size());
  std::size_t from = 0;
  for (const std::size_t b : breaks) {
    out.append(text.substr(from, b - from)).append(marker);
    from = b;
  }
  out.append(text.substr(from));
  return out;
}

}  // namespace hyph::detail
