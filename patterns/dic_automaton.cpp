#include "patterns/dic_automaton.h"

#include <algorithm>
#include <numeric>

namespace hyph::dic {

namespace {

// A state being built: the sorted, distinct words [lo, hi) that begin with its prefix.
struct Pending {
  std::uint32_t state;
  std::uint32_t lo, hi;
};

}  // namespace

DicAutomaton::DicAutomaton(const std::vector<DicPattern>& patterns, std::vector<char>& replacements) {
  // Distinct letters in byte order, the last pattern of equal letters winning (2.8.8 overwrites
  // the state's match).
  std::vector<std::uint32_t> order(patterns.size());
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return patterns[a].letters < patterns[b].letters; });
  std::vector<std::uint32_t> words;
  words.reserve(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    if (k + 1 < order.size() && patterns[order[k + 1]].letters == patterns[order[k]].letters) continue;
    words.push_back(order[k]);
  }
  auto letters = [&](std::uint32_t w) -> const std::string& { return patterns[words[w]].letters; };

  auto add_match = [&](std::uint32_t state, const DicPattern& p) {
    DicMatch m;
    m.digits = static_cast<std::uint32_t>(digits_.size());
    m.length = static_cast<std::uint32_t>(p.digits.size());
    digits_.insert(digits_.end(), p.digits.begin(), p.digits.end());
    if (p.has_replacement) {
      m.replacement = static_cast<std::int32_t>(replacements.size());
      replacements.insert(replacements.end(), p.replacement.begin(), p.replacement.end());
      replacements.push_back('\0');
      has_replacements_ = true;
    }
    m.index = p.index;
    m.cut = p.cut;
    states_[state].match = static_cast<std::int32_t>(matches_.size());
    matches_.push_back(m);
  };

  // Breadth first: the children of a state are the groups of its words by their next byte,
  // created in byte order, so every state's transitions are contiguous and sorted.
  states_.reserve(words.size() * 4 + 1);
  states_.push_back({});
  std::vector<Pending> queue{{0, 0, static_cast<std::uint32_t>(words.size())}};
  std::vector<std::uint32_t> depth_of{0};
  for (std::size_t q = 0; q < queue.size(); ++q) {
    const Pending here = queue[q];
    const std::size_t depth = depth_of[here.state];
    std::uint32_t w = here.lo;
    // The word equal to the prefix sorts first among those sharing it.
    if (w < here.hi && letters(w).size() == depth) {
      if (here.state != 0) add_match(here.state, patterns[words[w]]);
      ++w;
    }
    states_[here.state].edges = static_cast<std::uint32_t>(labels_.size());
    while (w < here.hi) {
      const unsigned char c = static_cast<unsigned char>(letters(w)[depth]);
      std::uint32_t end = w + 1;
      while (end < here.hi && static_cast<unsigned char>(letters(end)[depth]) == c) ++end;
      const auto child = static_cast<std::uint32_t>(states_.size());
      states_.push_back({});
      depth_of.push_back(static_cast<std::uint32_t>(depth + 1));
      labels_.push_back(c);
      targets_.push_back(child);
      queue.push_back({child, w, end});
      w = end;
    }
    states_[here.state].count = static_cast<std::uint32_t>(labels_.size()) - states_[here.state].edges;
  }

  // Fallbacks, breadth first: a child's is its parent's fallback's transition by the same
  // byte, following fallbacks until one exists (or the root).
  for (std::uint32_t k = 0; k < states_[0].count; ++k) root_[labels_[k]] = targets_[k];
  auto go = [&](std::uint32_t s, unsigned char c) -> std::uint32_t {  // 0: none
    if (s == 0) return root_[c];
    const State& st = states_[s];
    const auto* first = labels_.data() + st.edges;
    const auto* last = first + st.count;
    const auto* at = std::lower_bound(first, last, c);
    return at != last && *at == c ? targets_[static_cast<std::size_t>(at - labels_.data())] : 0;
  };
  for (std::size_t s = 0; s < states_.size(); ++s) {
    const State st = states_[s];
    for (std::uint32_t e = st.edges; e < st.edges + st.count; ++e) {
      const unsigned char c = labels_[e];
      const std::uint32_t child = targets_[e];
      if (s == 0) {
        states_[child].fail = 0;
        continue;
      }
      std::uint32_t f = st.fail;
      for (;;) {
        const std::uint32_t t = go(f, c);
        if (t != 0) {
          states_[child].fail = t;
          break;
        }
        if (f == 0) {
          states_[child].fail = 0;
          break;
        }
        f = states_[f].fail;
      }
    }
  }
}

}  // namespace hyph::dic
