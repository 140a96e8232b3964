// A stored word with its hyphens put back: "hy-phen-ation" from the key "hyphenation" and its
// mask. Listing a store and a user dictionary's find() both give words in this form.
#pragma once

#include "exceptions/exception_store.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace hyph::exceptions {

/// Appends `key` (UTF-8) to `out` with '-' before each letter whose mask bit is set (bit j: a
/// break after the j-th letter) and after the last one if its bit is.
inline void append_hyphenated(std::string& out, std::string_view key, HyphenMask mask) {
  std::size_t letter = 0;
  for (const char byte : key) {
    if ((static_cast<unsigned char>(byte) & 0xC0) != 0x80) {  // the start of a letter
      if (letter < 64 && ((mask >> letter) & 1)) out.push_back('-');
      ++letter;
    }
    out.push_back(byte);
  }
  if (letter < 64 && ((mask >> letter) & 1)) out.push_back('-');
}

inline std::string hyphenated_form(std::string_view key, HyphenMask mask) {
  std::string out;
  append_hyphenated(out, key, mask);
  return out;
}

}  // namespace hyph::exceptions
