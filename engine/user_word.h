// Reading a user dictionary's word ("hy-phen-ation") for either dialect's parser
// (DialectRules::parse_user_word): '-' marks a break, every other character is the dialect's
// to judge.
#pragma once

#include "engine/dialect.h"

#include "base/hex.h"
#include "base/utf8.h"

#include <hyph/error.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace hyph::detail {

/// A character as a message names it: 'x' for printable ASCII, else U+XXXX.
inline std::string describe_char(char32_t cp) {
  if (cp >= 0x20 && cp < 0x7F) return std::string("'") + static_cast<char>(cp) + "'";
  return "U+" + base::hex_code_point(cp);
}

/// Reads "hy-phen-ation": '-' marks a break after the letters so far (bit n of the mask, for
/// n < marked); every other character goes to add_letter(cp, letters so far, key), which
/// appends it to the key and returns whether it counts as a letter, or throws.
template <class AddLetter>
UserWord read_hyphenated(std::string_view text, std::size_t marked, AddLetter add_letter) {
  UserWord w;
  std::size_t letters = 0;
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* const end = p + text.size();
  while (p < end) {
    const utf8::Decoded d = utf8::decode(p, end);
    if (d.cp == utf8::kInvalid) throw Error(ErrorCode::bad_utf8, "user dictionary: invalid UTF-8 in '" + std::string(text) + "'");
    p += d.length;
    if (d.cp == U'-') {
      if (letters < marked) w.mask |= std::uint64_t{1} << letters;
    } else if (add_letter(d.cp, letters, w.key)) {
      ++letters;
    }
  }
  if (letters == 0) throw Error(ErrorCode::invalid_argument, "user dictionary: '" + std::string(text) + "' has no letters");
  return w;
}

}  // namespace hyph::detail
