// The patterns that match a word, found in the compiled automaton alone (no pattern list is
// kept, so this works for compiled files too), for --explain.
//
// The automaton's states are the trie of the patterns' letters; a state carries the merged
// digits of every pattern that is a suffix of its letters (patterns/automaton.h). From each
// start i the walk follows the trie along the word: reading symbol j from the state for
// word[i, j) gives the state for word[i, j] exactly when it differs from the state read from
// word[i+1, j] (its failure state, which the same walk one start later reaches). A pattern
// there is what the state adds to its failure state: the digits it raises. Those reproduce
// apply() exactly (the maximum over the matches is every gap's value). A digit of the source
// that a suffix pattern equals or beats at the same gap is not shown, because the automaton
// no longer holds it, and a pattern that raises nothing is not a match here.
#pragma once

#include "patterns/automaton.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace hyph::patterns {

/// Calls visit(first, last, digits) for every match in symbols[0, count) (the word with its
/// edges, as for Automaton::apply): the pattern's letters are symbols[first..last], and
/// digits[k], k in 0..last-first+1, is its digit before symbols[first + k] (k = last-first+1:
/// after the last letter), 0 where it adds nothing. Matches come by start, then by length.
template <class Visit>
void for_each_match(const Automaton& automaton, const Symbol* symbols, std::size_t count, Visit&& visit) {
  constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  std::uint8_t own[kMaxLetters + 3];
  std::uint8_t below[kMaxLetters + 3];
  for (std::size_t first = 0; first < count; ++first) {
    std::uint32_t state = 0, fail = kNone;  // the state for symbols[first, last) and for [first+1, last)
    for (std::size_t last = first; last < count; ++last) {
      const std::uint32_t next = automaton.next_state(state, symbols[last]);
      const std::uint32_t next_fail = fail == kNone ? 0 : automaton.next_state(fail, symbols[last]);
      if (next == next_fail) break;  // symbols[first..last] is no state: no longer pattern starts here
      const std::size_t length = last - first + 1;
      std::fill(own, own + length + 1, std::uint8_t{0});
      std::fill(below, below + length + 1, std::uint8_t{0});
      // Distance d back from symbols[last] is the gap after symbols[last - d], i.e. digit
      // length - d of the pattern (the digit before symbols[first + length - d]).
      automaton.for_each_output(next, [&](std::size_t d, std::uint8_t digit) {
        if (d <= length) own[length - d] = digit;
      });
      if (fail != kNone)
        automaton.for_each_output(next_fail, [&](std::size_t d, std::uint8_t digit) {
          if (d <= length) below[length - d] = digit;
        });
      bool raises = false;
      for (std::size_t k = 0; k <= length; ++k) {
        if (own[k] <= below[k]) own[k] = 0;
        raises = raises || own[k] != 0;
      }
      if (raises) visit(first, last, static_cast<const std::uint8_t*>(own));
      state = next;
      fail = next_fail;
    }
  }
}

}  // namespace hyph::patterns
