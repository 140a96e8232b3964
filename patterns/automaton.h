// Liang's patterns compiled into one Aho–Corasick automaton.
//
// TeX (tex.web §923) walks its pattern trie once from every letter of the word and keeps,
// at each inter-letter position, the largest digit any matching pattern puts there. Taking
// maxima is order-free, so the same answer comes from one left-to-right pass: each state
// carries the merged digits of every pattern that is a suffix of the text read so far,
// indexed by distance from the current letter.
//
//   . h y p h e n a t i o n .      word with its edges, symbols 0..n+1
//       h y 3 p h              pattern ending at 'h' (i = 4): digit 3 at distance 2 -> hyf[2]
#pragma once

#include "patterns/alphabet.h"
#include "patterns/parsed.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <span>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace hyph::patterns {

/// Values between letters, laid out for the vectorised pass: the value after symbol j
/// (0 <= j < count) is at(j). The first kPad bytes are scratch.
struct GapValues {
  static constexpr std::size_t kPad = 15;
  std::uint8_t bytes[kPad + kMaxLetters + 2 + 16];
  std::uint8_t at(std::size_t j) const noexcept { return bytes[kPad + j]; }
};

class Automaton {
 public:
  /// An output list's digits as a window: byte 15 - d holds the digit at distance d.
  struct alignas(16) Window {
    std::uint8_t digits[16];
  };

  /// The arrays an Automaton reads, whoever owns them: its own vectors, or a compiled file.
  /// Exactly one of narrow and wide holds the rows.
  struct Tables {
    unsigned shift = 0;              ///< a row is 2^shift entries
    std::size_t states = 0;
    std::size_t pattern_count = 0;
    std::span<const std::uint16_t> narrow;
    std::span<const std::uint32_t> wide;
    std::span<const std::uint32_t> lists;
    std::span<const std::uint16_t> outputs;
    std::span<const Window> windows;  ///< empty when some pattern is longer than a window
  };

  Automaton() = default;
  /// Compiles the patterns of all sources. Throws ParseError("Duplicate pattern") if two
  /// patterns have the same letters, as TeX does.
  static Automaton build(std::span<const ParsedSource> sources, const Alphabet& alphabet);

  /// An automaton reading `tables` in place, which `owner` keeps alive (null if the caller
  /// does), for words of symbols below `symbols`. Checks, once, everything apply() relies on
  /// to stay in bounds (every state, list and output index, every distance) and that the
  /// windows say what the lists say; throws Error(bad_format) with what is wrong.
  static Automaton view(const Tables& tables, std::size_t symbols, std::shared_ptr<const void> owner);
  Tables tables() const noexcept { return {shift_, states_, pattern_count_, narrow_, wide_, lists_, outputs_, windows_}; }

  /// symbols[0] and symbols[count-1] are the word edges, count <= kMaxLetters + 2. Sets every
  /// gap value to the maximum digit the patterns put there (0 if none).
  void apply(const Symbol* symbols, std::size_t count, GapValues& out) const noexcept {
    if (!narrow_.empty()) {
      run(narrow_.data(), symbols, count, out);
    } else {
      run(wide_.data(), symbols, count, out);
    }
  }

  // ---- For explaining a word (patterns/automaton_matches.h), off the hot path ----
  // The whole interface --explain needs; an encoding of the states may change freely behind it.
  /// The state after `symbol` from `state` (the root is state 0).
  std::uint32_t next_state(std::uint32_t state, Symbol symbol) const noexcept {
    const std::size_t at = (std::size_t{state} << shift_) + 1 + symbol;
    return narrow_.empty() ? wide_[at] : narrow_[at];
  }
  /// visit(distance, digit) for each non-zero digit a state carries (merged, as apply() uses
  /// them), by increasing distance back from the symbol that led to it.
  template <class Visit>
  void for_each_output(std::uint32_t state, Visit&& visit) const {
    const std::size_t row = std::size_t{state} << shift_;
    const std::uint32_t list = narrow_.empty() ? wide_[row] : narrow_[row];
    if (list == 0) return;
    const std::uint32_t where = lists_[list];
    for (std::size_t o = where >> 8, end = o + (where & 0xFF); o != end; ++o)
      visit(static_cast<std::size_t>(outputs_[o] >> 8), static_cast<std::uint8_t>(outputs_[o] & 0xFF));
  }

  std::size_t pattern_count() const noexcept { return pattern_count_; }
  std::size_t state_count() const noexcept { return states_; }
  std::size_t memory_bytes() const noexcept {
    return narrow_.size() * 2 + wide_.size() * 4 + lists_.size() * 4 + outputs_.size() * 2 + windows_.size() * 16;
  }

 private:
  // Each state owns one row of 2^shift_ entries: entry 0 names its output list (0: none),
  // entry 1 + s the next state after symbol s. With 16-bit entries an English row is one
  // 64-byte cache line, so a letter costs one cache-line load.
  template <typename Entry>
  void run(const Entry* rows, const Symbol* symbols, std::size_t count, GapValues& out) const noexcept {
    const unsigned shift = shift_;
    std::size_t row = 0;
#if defined(__SSE2__)
    if (!windows_.empty()) {
      // The 16 gaps ending at the current symbol live in one register: each step slides it
      // by one gap, takes the byte-wise maximum with the state's digits, and stores it.
      // A gap 15 symbols back can no longer change, so every store is final for its
      // lowest byte; no load from memory sits on the path.
      const Window* const windows = windows_.data();
      __m128i window = _mm_setzero_si128();
      for (std::size_t i = 0; i < count; ++i) {
        row = static_cast<std::size_t>(rows[row + 1 + symbols[i]]) << shift;
        window = _mm_max_epu8(_mm_srli_si128(window, 1), _mm_load_si128(reinterpret_cast<const __m128i*>(windows + rows[row])));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out.bytes + i), window);
      }
      return;
    }
#endif
    // Portable path, and the one for patterns longer than 15 letters.
    std::memset(out.bytes, 0, sizeof out.bytes);
    const std::uint32_t* const lists = lists_.data();
    const std::uint16_t* const outputs = outputs_.data();
    for (std::size_t i = 0; i < count; ++i) {
      row = static_cast<std::size_t>(rows[row + 1 + symbols[i]]) << shift;
      if (const std::uint32_t list = rows[row]) {
        const std::uint32_t where = lists[list];
        const std::uint16_t* o = outputs + (where >> 8);
        const std::uint16_t* const end = o + (where & 0xFF);
        for (; o != end; ++o) {
          // Gap i - distance, which may lie in the scratch bytes before gap 0: indexed from
          // the buffer's start, as i - distance would wrap around (view() keeps it >= -kPad).
          std::uint8_t& slot = out.bytes[GapValues::kPad + i - (*o >> 8)];
          const auto value = static_cast<std::uint8_t>(*o);
          slot = value > slot ? value : slot;
        }
      }
    }
  }

  struct Owned;

  unsigned shift_ = 0;
  std::span<const std::uint16_t> narrow_;  // rows when states and output lists fit 16 bits
  std::span<const std::uint32_t> wide_;    // rows otherwise
  std::span<const std::uint32_t> lists_;   // output list -> first output << 8 | output count
  std::span<const std::uint16_t> outputs_;  // distance << 8 | digit, digits > 0 only
  // Output list -> its digits as a window. Empty when some pattern is longer than the window.
  std::span<const Window> windows_;
  std::size_t states_ = 0;
  std::size_t pattern_count_ = 0;
  std::shared_ptr<const void> owner_;  // keeps the arrays above alive
};

}  // namespace hyph::patterns
