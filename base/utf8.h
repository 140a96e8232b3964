// Strict UTF-8 decoding (no overlongs, no surrogates, nothing above U+10FFFF) and encoding:
// the one UTF-8 codec of every room.
#pragma once

#include <cstddef>
#include <string>

namespace hyph::utf8 {

struct Decoded {
  char32_t cp;      // the code point, or kInvalid
  unsigned length;  // bytes consumed: 1..4; an invalid byte counts as one
};

inline constexpr char32_t kInvalid = 0xFFFFFFFF;

/// Decodes the code point starting at p (p < end). Invalid or truncated sequences decode as
/// kInvalid with length 1, so every byte of any input is consumed exactly once.
inline Decoded decode(const unsigned char* p, const unsigned char* end) noexcept {
  const unsigned char b0 = p[0];
  if (b0 < 0x80) return {b0, 1};
  unsigned need;
  char32_t cp;
  char32_t min;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    need = 1, cp = b0 & 0x1F, min = 0x80;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    need = 2, cp = b0 & 0x0F, min = 0x800;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    need = 3, cp = b0 & 0x07, min = 0x10000;
  } else {
    return {kInvalid, 1};
  }
  if (static_cast<std::size_t>(end - p) <= need) return {kInvalid, 1};
  for (unsigned i = 1; i <= need; ++i) {
    if ((p[i] & 0xC0) != 0x80) return {kInvalid, 1};
    cp = (cp << 6) | (p[i] & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return {kInvalid, 1};
  return {cp, need + 1};
}

/// Whether the bytes [p, end) are the start of a multi-byte sequence cut short by `end`:
/// a lead byte followed by fewer continuation bytes than it needs (more input could still
/// make a code point of them). Lenient about the narrower second-byte ranges.
inline bool truncated(const unsigned char* p, const unsigned char* end) noexcept {
  const unsigned char b0 = p[0];
  const std::size_t need = b0 >= 0xC2 && b0 <= 0xDF ? 1 : b0 >= 0xE0 && b0 <= 0xEF ? 2 : b0 >= 0xF0 && b0 <= 0xF4 ? 3 : 0;
  const auto have = static_cast<std::size_t>(end - p) - 1;
  if (need == 0 || have >= need) return false;
  for (std::size_t i = 1; i <= have; ++i)
    if ((p[i] & 0xC0) != 0x80) return false;
  return true;
}

/// Writes the UTF-8 form of `cp` (at most U+10FFFF) to out[0..3] and returns its length. A
/// surrogate (U+D800..U+DFFF) gets its three-byte generalised form (ED A0..BF xx), which
/// decode() reads as three invalid bytes: the UTF-16 path relies on that for lone surrogates.
inline unsigned encode(char32_t cp, unsigned char* out) noexcept {
  if (cp < 0x80) {
    out[0] = static_cast<unsigned char>(cp);
    return 1;
  }
  if (cp < 0x800) {
    out[0] = static_cast<unsigned char>(0xC0 | (cp >> 6));
    out[1] = static_cast<unsigned char>(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = static_cast<unsigned char>(0xE0 | (cp >> 12));
    out[1] = static_cast<unsigned char>(0x80 | ((cp >> 6) & 0x3F));
    out[2] = static_cast<unsigned char>(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = static_cast<unsigned char>(0xF0 | (cp >> 18));
  out[1] = static_cast<unsigned char>(0x80 | ((cp >> 12) & 0x3F));
  out[2] = static_cast<unsigned char>(0x80 | ((cp >> 6) & 0x3F));
  out[3] = static_cast<unsigned char>(0x80 | (cp & 0x3F));
  return 4;
}

/// Appends the UTF-8 form of a valid code point.
inline void append(std::string& out, char32_t cp) {
  unsigned char bytes[4];
  out.append(reinterpret_cast<const char*>(bytes), encode(cp, bytes));
}

inline std::string encode(std::u32string_view text) {
  std::string out;
  for (char32_t cp : text) append(out, cp);
  return out;
}

}  // namespace hyph::utf8
