// A language's letters: which input code points are letters (TeX: \lccode != 0), their
// lower case, and a dense symbol number for each lower-case letter (0 is the word edge).
#pragma once

#include "patterns/parsed.h"

#include <hyph/hyphenator.h>

#include <cstdint>
#include <span>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hyph::patterns {

using Symbol = std::uint16_t;
inline constexpr Symbol kEdgeSymbol = 0;

/// What an input code point is: not a letter (symbol 0), or a letter with its symbol and
/// whether it is its own lower case (TeX's test for \uchyph).
struct LetterInfo {
  Symbol symbol = 0;
  bool is_lower = false;
  explicit operator bool() const noexcept { return symbol != 0; }
};

class Alphabet {
 public:
  Alphabet() = default;
  /// The symbols are every lower-case letter the patterns, exceptions and \lccode
  /// assignments use. Letters of the text, by policy:
  /// - pattern_letters: those letters plus their upper- and title-case forms (an ASCII letter
  ///   pairs only with ASCII, as in 8-bit TeX's plain format);
  /// - unicode: every code point with a Unicode TeX \lccode (unicode_tex_lccode); one extra
  ///   symbol, other_letter(), stands for the lower-case letters no pattern or exception uses.
  /// \lccode assignments read from TeX sources override both.
  static Alphabet from(std::span<const ParsedSource> sources, LetterPolicy policy = LetterPolicy::pattern_letters);

  LetterInfo classify(char32_t cp) const noexcept {
    if (cp < kDirect) {
      const std::uint32_t e = direct_[cp];
      return {static_cast<Symbol>(e & 0xFFFF), (e >> 16) != 0};
    }
    return classify_slow(cp);
  }
  /// Symbol of a lower-case letter used by patterns or exceptions; 0 if unknown.
  Symbol symbol_of(char32_t lower) const noexcept;
  /// The lower-case code point of a symbol.
  char32_t code_point(Symbol s) const noexcept { return letters_[s]; }
  /// Its UTF-8 bytes, used to build exception keys.
  std::string_view utf8(Symbol s) const noexcept {
    return {reinterpret_cast<const char*>(&utf8_[s].bytes), utf8_[s].length};
  }
  /// Writes the symbol's UTF-8 at `out`, which must have 4 bytes of room; returns its length.
  std::size_t write_utf8(Symbol s, char* out) const noexcept {
    std::memcpy(out, &utf8_[s].bytes, 4);
    return utf8_[s].length;
  }
  /// Number of symbols including the edge.
  std::size_t size() const noexcept { return letters_.size(); }
  /// The symbol of letters no pattern or exception uses (unicode policy), else 0. No pattern
  /// contains it, and its key bytes (0xFF) match no exception.
  Symbol other_letter() const noexcept { return other_; }

 private:
  static constexpr char32_t kDirect = 0x3000;  // Latin, Greek, Cyrillic, Indic... in one array
  static constexpr char32_t kOtherLetter = 0x110000;  // sorts after every code point
  LetterInfo classify_slow(char32_t cp) const noexcept;
  void add_input(char32_t cp, Symbol s, bool is_lower);
  LetterInfo unicode_letter(char32_t cp) const noexcept;

  bool unicode_ = false;
  Symbol other_ = 0;

  std::vector<char32_t> letters_;                             // symbol -> lower-case letter
  struct PackedUtf8 {
    char bytes[4];
    std::uint8_t length;
  };
  std::vector<PackedUtf8> utf8_;                              // symbol -> its UTF-8
  std::vector<std::uint32_t> direct_;                         // cp < kDirect -> symbol | is_lower << 16
  std::vector<std::pair<char32_t, std::uint32_t>> others_;    // sorted, cp >= kDirect
};

}  // namespace hyph::patterns
