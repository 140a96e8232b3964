// A code point as messages write it: upper-case hex, at least four digits ("00E9", "1F600").
// Through std::to_chars, not printf, which the WebAssembly module would otherwise link for it.
#pragma once

#include <charconv>
#include <cctype>
#include <string>

namespace hyph::base {

inline std::string hex_code_point(char32_t cp) {
  char digits[8];
  const auto end = std::to_chars(digits, digits + sizeof digits, static_cast<unsigned long>(cp), 16).ptr;
  std::string out(digits, end);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (out.size() < 4) out.insert(0, 4 - out.size(), '0');
  return out;
}

}  // namespace hyph::base
