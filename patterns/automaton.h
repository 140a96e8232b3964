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
#include <span>
#include <vector>

namespace hyph::patterns {

class Automaton {
 public:
  Automaton() = default;
  /// Compiles the patterns of all sources. Throws ParseError("Duplicate pattern") if two
  /// patterns have the same letters, as TeX does.
  static Automaton build(std::span<const ParsedSource> sources, const Alphabet& alphabet);

  /// symbols[0] and symbols[count-1] are the word edges. Raises hyf[j] (the value between
  /// symbols j and j+1, for 0 <= j < count) to the maximum digit the patterns put there.
  /// hyf must hold `count` zero-initialised values.
  void apply(const Symbol* symbols, std::size_t count, std::uint8_t* hyf) const noexcept {
    std::uint32_t state = 0;
    for (std::size_t i = 0; i < count; ++i) {
      state = next_[state * width_ + symbols[i]];
      const std::uint32_t out = outputs_of_[state];
      const std::uint16_t* o = outputs_.data() + (out >> 8);
      for (std::uint32_t k = 0, n = out & 0xFF; k < n; ++k) {
        std::uint8_t& slot = hyf[i - (o[k] >> 8)];
        const auto value = static_cast<std::uint8_t>(o[k]);
        if (value > slot) slot = value;
      }
    }
  }

  std::size_t pattern_count() const noexcept { return pattern_count_; }
  std::size_t state_count() const noexcept { return outputs_of_.size(); }
  std::size_t memory_bytes() const noexcept {
    return next_.size() * sizeof next_[0] + outputs_of_.size() * sizeof outputs_of_[0] + outputs_.size() * sizeof outputs_[0];
  }

 private:
  std::uint32_t width_ = 1;                 // alphabet size, edge included
  std::vector<std::uint32_t> next_;         // state * width_ + symbol -> state
  std::vector<std::uint32_t> outputs_of_;   // state -> first output << 8 | output count
  std::vector<std::uint16_t> outputs_;      // distance << 8 | digit, digits > 0 only
  std::size_t pattern_count_ = 0;
};

}  // namespace hyph::patterns
