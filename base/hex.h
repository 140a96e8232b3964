// A code point as messages write it: upper-case hex, at least four digits ("00E9", "1F600").
// Digit by digit: neither printf, which the WebAssembly module would otherwise link for it, nor
// std::to_chars and a pass to upper case, which took it three times the code.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace hyph::base {

inline std::string hex_code_point(char32_t cp) {
  constexpr char kDigits[] = "0123456789ABCDEF";
  std::size_t length = 4;
  while (length < 8 && (static_cast<std::uint32_t>(cp) >> (4 * length)) != 0) ++length;
  std::string out(length, '0');
  for (std::size_t k = length; k-- > 0; cp >>= 4) out[k] = kDigits[cp & 0xF];
  return out;
}

}  // namespace hyph::base
