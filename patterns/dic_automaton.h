// libhyphen's pattern automaton, flat. 2.8.8 keeps one state per prefix of a pattern's letters
// (bytes), a fallback to the longest proper suffix that is a state, and at a state only that
// state's own pattern: unlike Liang/TeX (and patterns/automaton.h), the patterns that are
// suffixes of what was read are NOT merged in. A raw pattern set therefore answers differently
// than in TeX unless libhyphen's substrings.pl merged it beforehand; this reproduces 2.8.8.
//
// Layout: states numbered breadth first; a state's transitions are a sorted, contiguous run of
// (byte, target) pairs; the root's 256 transitions are a direct table.
#pragma once

#include "patterns/dic_reader.h"

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace hyph::dic {

/// A state's pattern: libhyphen's match (digits '0'..'9', the last at the current byte),
/// replacement and its index/cut.
struct DicMatch {
  std::uint32_t digits = 0;   ///< offset into DicAutomaton::digit_pool()
  std::uint32_t length = 0;   ///< strlen(match)
  std::int32_t replacement = -1;  ///< offset into the replacement pool, -1 for none
  signed char index = 0;
  signed char cut = 0;
};

class DicAutomaton {
 public:
  DicAutomaton() = default;
  /// For equal letters the last pattern counts, as in 2.8.8. Replacement strings go into
  /// `replacements` ('\0'-terminated, back to back); DicMatch::replacement indexes it.
  DicAutomaton(const std::vector<DicPattern>& patterns, std::vector<char>& replacements);

  /// Runs the automaton over `text`, calling on_match(i, match) after byte i whenever the state
  /// reached by a transition holds a pattern.
  template <class OnMatch>
  void walk(const unsigned char* text, std::size_t n, OnMatch&& on_match) const {
    const State* states = states_.data();
    const unsigned char* labels = labels_.data();
    const std::uint32_t* targets = targets_.data();
    std::uint32_t s = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const unsigned char c = text[i];
      for (;;) {
        if (s == 0) {
          s = root_[c];
          break;
        }
        const State& st = states[s];
        const unsigned char* l = labels + st.edges;
        const unsigned char* e = l + st.count;
        while (l < e && *l < c) ++l;
        if (l < e && *l == c) {
          s = targets[l - labels];
          break;
        }
        s = st.fail;
      }
      if (s != 0 && states[s].match >= 0) on_match(i, matches_[static_cast<std::size_t>(states[s].match)]);
    }
  }

  const char* digit_pool() const noexcept { return digits_.data(); }
  std::size_t state_count() const noexcept { return states_.size(); }
  std::size_t match_count() const noexcept { return matches_.size(); }
  bool has_replacements() const noexcept { return has_replacements_; }

 private:
  struct State {
    std::uint32_t edges = 0;  ///< first transition
    std::uint32_t count = 0;  ///< transitions
    std::uint32_t fail = 0;   ///< longest proper suffix that is a state (the root's is itself)
    std::int32_t match = -1;
  };
  std::uint32_t root_[256] = {};  ///< 0: no transition
  std::vector<State> states_;
  std::vector<unsigned char> labels_;
  std::vector<std::uint32_t> targets_;
  std::vector<DicMatch> matches_;
  std::vector<char> digits_;
  bool has_replacements_ = false;
};

}  // namespace hyph::dic
