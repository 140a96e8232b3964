// A language's letters: which input code points are letters (TeX: \lccode != 0), their
// lower case, and a dense symbol number for each lower-case letter (0 is the word edge).
#pragma once

#include "patterns/parsed.h"

#include <hyph/settings.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
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

/// A symbol's UTF-8 bytes, zero-padded, and their count (1..4). Five bytes, no padding: this
/// is also the record of the compiled format's symbol table (doc/compiled-format.md).
struct PackedUtf8 {
  char bytes[4];
  std::uint8_t length;
};
static_assert(sizeof(PackedUtf8) == 5 && alignof(PackedUtf8) == 1);

/// A letter at or above Alphabet::kDirect: its code point and its LetterInfo packed as in the
/// direct table (symbol | is_lower << 16).
struct OtherLetter {
  char32_t code;
  std::uint32_t entry;
};
static_assert(sizeof(OtherLetter) == 8);

class Alphabet {
 public:
  /// Code points below this are classified by one load from the direct table, when it
  /// reaches that far (Latin, Greek, Cyrillic, Indic... in one array).
  static constexpr char32_t kDirect = 0x3000;
  /// The direct table always reaches this far (classify_ascii).
  static constexpr char32_t kAscii = 0x80;
  /// The code point recorded for the other_letter() symbol: sorts after every code point.
  static constexpr char32_t kOtherLetter = 0x110000;

  /// The arrays an Alphabet reads, whoever owns them: its own vectors, or a compiled file.
  struct Tables {
    std::span<const char32_t> letters;    ///< symbol -> lower-case letter: '.', then ascending
    std::span<const PackedUtf8> utf8;     ///< symbol -> its UTF-8
    std::span<const std::uint32_t> direct;  ///< code point -> symbol | is_lower << 16, below direct.size()
    std::span<const OtherLetter> others;  ///< letters at or above kDirect, by code point
  };

  Alphabet() = default;
  /// The symbols are every lower-case letter the patterns, exceptions and \lccode
  /// assignments use. Letters of the text, by policy:
  /// - pattern_letters: those letters plus their upper- and title-case forms (an ASCII letter
  ///   pairs only with ASCII, as in 8-bit TeX's plain format);
  /// - unicode: every code point with a Unicode TeX \lccode (unicode_tex_lccode); one extra
  ///   symbol, other_letter(), stands for the lower-case letters no pattern or exception uses.
  /// \lccode assignments read from TeX sources override both.
  static Alphabet from(std::span<const ParsedSource> sources, LetterPolicy policy = LetterPolicy::pattern_letters);

  /// An alphabet reading `tables` in place, which `owner` keeps alive (null if the caller
  /// does). Checks every invariant the lookups rely on, once; throws Error(bad_format) with
  /// what is wrong.
  static Alphabet view(const Tables& tables, LetterPolicy policy, std::shared_ptr<const void> owner);

  LetterInfo classify(char32_t cp) const noexcept {
    if (cp < direct_.size()) {
      const std::uint32_t e = direct_[cp];
      return {static_cast<Symbol>(e & 0xFFFF), (e >> 16) != 0};
    }
    return classify_slow(cp);
  }
  /// classify() of an ASCII character (c < 0x80), which the direct table always covers.
  LetterInfo classify_ascii(unsigned char c) const noexcept {
    const std::uint32_t e = direct_[c];
    return {static_cast<Symbol>(e & 0xFFFF), (e >> 16) != 0};
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
  LetterPolicy policy() const noexcept { return unicode_ ? LetterPolicy::unicode : LetterPolicy::pattern_letters; }
  Tables tables() const noexcept { return {letters_, utf8_, direct_, others_}; }

 private:
  struct Owned;
  LetterInfo classify_slow(char32_t cp) const noexcept;
  LetterInfo unicode_letter(char32_t cp) const noexcept;

  bool unicode_ = false;
  Symbol other_ = 0;
  std::span<const char32_t> letters_;
  std::span<const PackedUtf8> utf8_;
  // Code points below direct_.size() (at least kAscii, at most kDirect): symbol | is_lower
  // << 16. With 8-bit TeX's letters it stops after the last letter (128 entries for
  // English); with Unicode TeX's it is kDirect long.
  std::span<const std::uint32_t> direct_;
  std::span<const OtherLetter> others_;  // sorted, code points >= kDirect
  std::shared_ptr<const void> owner_;  // keeps the arrays above alive
};

}  // namespace hyph::patterns
