#include "dic/automaton.h"

#include <hyph/error.h>

#include <algorithm>
#include <cstring>
#include <numeric>

namespace hyph::dic {

namespace {

// A state being built: the sorted, distinct words [lo, hi) that begin with its prefix.
struct Pending {
  std::uint32_t state;
  std::uint32_t lo, hi;
};

}  // namespace

namespace {

// A pattern's letters and file position, ordered by letters, then position. The first 8
// bytes, big-endian in one integer (zeros after a shorter set), decide most comparisons
// without a call to memcmp; equal heads compare the whole letters.
struct SortKey {
  std::uint64_t head = 0;
  std::string_view first;
  std::uint32_t second = 0;

  SortKey() = default;
  SortKey(std::string_view letters, std::uint32_t position) : first(letters), second(position) {
    for (std::size_t i = 0; i < 8; ++i)
      head = head << 8 | (i < letters.size() ? static_cast<unsigned char>(letters[i]) : 0u);
  }
  friend bool operator<(const SortKey& a, const SortKey& b) {
    if (a.head != b.head) return a.head < b.head;
    if (const int c = a.first.compare(b.first); c != 0) return c < 0;
    return a.second < b.second;
  }
};

struct State {
  std::uint32_t edges = 0;  // first transition (labels/targets), or its row in dense
  std::uint16_t count = 0;
  std::uint16_t dense = 0;
  std::uint32_t fail = 0;
  std::int32_t match = -1;
};

}  // namespace

DicAutomaton::DicAutomaton(const std::vector<DicPattern>& patterns, std::vector<char>& replacements) {
  base::LargeVector<State> states_;
  base::LargeVector<unsigned char> labels_;
  base::LargeVector<std::uint32_t> targets_;
  base::LargeVector<std::uint32_t> dense_;
  // Distinct letters in byte order, the last pattern of equal letters winning (2.8.8 overwrites
  // the state's match).
  // (letters, file order) pairs sort without reaching into the patterns: equal letters stay
  // in file order, as a stable sort would keep them. The letters are first packed into one
  // buffer (the patterns' own strings lie scattered in memory), and the distinct ones packed
  // again in sorted order, which the breadth-first build below reads front to back.
  // The digits are packed the same way, in file order, for the matches made below.
  std::size_t total = 0, total_digits = 0;
  for (const DicPattern& p : patterns) {
    total += p.letters.size();
    total_digits += p.digits.size();
  }
  std::string packed, packed_digits;
  packed.reserve(total);
  packed_digits.reserve(total_digits);
  std::vector<std::uint32_t> digits_at(patterns.size() + 1, 0);
  struct Cut {
    signed char index, cut;
    bool replacement;
  };
  std::vector<Cut> cuts(patterns.size());
  for (std::uint32_t k = 0; k < patterns.size(); ++k) {
    const DicPattern& p = patterns[k];
    packed += p.letters;
    packed_digits += p.digits;
    digits_at[k + 1] = static_cast<std::uint32_t>(packed_digits.size());
    cuts[k] = {p.index, p.cut, p.has_replacement};
  }
  std::vector<SortKey> order(patterns.size());
  for (std::uint32_t k = 0, at = 0; k < patterns.size(); ++k) {
    order[k] = SortKey(std::string_view(packed).substr(at, patterns[k].letters.size()), k);
    at += static_cast<std::uint32_t>(patterns[k].letters.size());
  }
  std::sort(order.begin(), order.end());
  std::vector<std::uint32_t> words;
  words.reserve(order.size());
  std::string sorted;
  sorted.reserve(total);
  std::vector<std::string_view> sorted_letters;
  sorted_letters.reserve(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    if (k + 1 < order.size() && order[k + 1].first == order[k].first) continue;
    words.push_back(order[k].second);
    sorted_letters.emplace_back(sorted.data() + sorted.size(), order[k].first.size());  // reserved: no move
    sorted += order[k].first;
  }
  auto letters = [&](std::uint32_t w) -> std::string_view { return sorted_letters[w]; };

  // The match of sorted word w's pattern. It reads the pattern itself only for a non-standard
  // break: letters and digits come from the packed buffers, small enough to stay in cache.
  auto add_match = [&](std::uint32_t state, std::uint32_t w) {
    const std::uint32_t k = words[w];
    const std::string_view digits(packed_digits.data() + digits_at[k], digits_at[k + 1] - digits_at[k]);
    DicMatch m;
    m.digits = static_cast<std::uint32_t>(digit_store_.size());
    if (digits.size() > 255) throw Error(ErrorCode::capacity, "dic automaton: a pattern of more than 255 digits");
    m.length = static_cast<std::uint8_t>(digits.size());
    m.letters = static_cast<std::uint8_t>(std::min<std::size_t>(letters(w).size(), 255));
    digit_store_.insert(digit_store_.end(), digits.begin(), digits.end());
    const std::size_t nonzero = digits.find_first_not_of('0');
    m.first = nonzero == std::string::npos ? m.length : static_cast<std::uint8_t>(nonzero);
    m.end = nonzero == std::string::npos ? m.length : static_cast<std::uint8_t>(digits.find_last_not_of('0') + 1);
    m.index = cuts[k].index;
    m.cut = cuts[k].cut;
    if (cuts[k].replacement) {
      const DicPattern& p = patterns[k];
      m.replacement = static_cast<std::int32_t>(replacements.size());
      replacements.insert(replacements.end(), p.replacement.begin(), p.replacement.end());
      replacements.push_back('\0');
      has_replacements_ = true;
      // Mark one of its letters (not '.'): a word without any marked byte cannot reach it.
      const std::size_t letter = p.letters.find_first_not_of('.');
      if (letter == std::string::npos) {
        std::fill(std::begin(replacement_bytes_), std::end(replacement_bytes_), true);
      } else {
        replacement_bytes_[static_cast<unsigned char>(p.letters[letter])] = true;
      }
    } else if (m.first == m.length) {
      return;  // all '0': it cannot raise a value, so walks need not report it
    }
    states_[state].match = static_cast<std::int32_t>(match_store_.size());
    match_store_.push_back(m);
  };

  // Breadth first: the children of a state are the groups of its words by their next byte,
  // created in byte order, so every state's transitions are contiguous and sorted.
  states_.reserve(words.size() * 4 + 1);
  states_.push_back({});
  base::LargeVector<Pending> queue{{0, 0, static_cast<std::uint32_t>(words.size())}};
  base::LargeVector<std::uint32_t> depth_of{0};
  queue.reserve(states_.capacity());
  depth_of.reserve(states_.capacity());
  labels_.reserve(states_.capacity());
  targets_.reserve(states_.capacity());
  for (std::size_t q = 0; q < queue.size(); ++q) {
    const Pending here = queue[q];
    const std::size_t depth = depth_of[here.state];
    std::uint32_t w = here.lo;
    // The word equal to the prefix sorts first among those sharing it.
    if (w < here.hi && letters(w).size() == depth) {
      if (here.state != 0) add_match(here.state, w);
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
    states_[here.state].count = static_cast<std::uint16_t>(labels_.size() - states_[here.state].edges);
  }

  // Byte classes, and dense rows for the states with many transitions.
  for (unsigned char c : labels_) class_[c] = 1;
  for (int c = 0; c < 256; ++c)
    if (class_[c]) class_[c] = static_cast<unsigned char>(classes_++);
  std::vector<unsigned char> byte_of_class(classes_, 0);
  for (int c = 0; c < 256; ++c)
    if (class_[c]) byte_of_class[class_[c]] = static_cast<unsigned char>(c);
  base::LargeVector<std::uint32_t> sparse_first(states_.size());
  for (std::size_t k = 0; k < states_.size(); ++k) {
    State& st = states_[k];
    sparse_first[k] = st.edges;
    if (st.count < kDenseFrom) continue;
    const auto row = static_cast<std::uint32_t>(dense_.size());
    dense_.resize(dense_.size() + classes_, 0);
    for (std::uint32_t e = st.edges; e < st.edges + st.count; ++e) dense_[row + class_[labels_[e]]] = targets_[e];
    st.edges = row;
    st.dense = 1;
  }

  // Fallbacks, breadth first: a child's is its parent's fallback's transition by the same
  // byte, following fallbacks until one exists (or the root).
  for (std::uint32_t k = 0; k < states_[0].count; ++k) root_[labels_[k]] = targets_[k];
  auto go = [&](std::uint32_t s, unsigned char c) -> std::uint32_t {  // 0: none
    if (s == 0) return root_[c];
    const State& st = states_[s];
    if (st.dense) return dense_[st.edges + class_[c]];
    const auto* first = labels_.data() + st.edges;
    const auto* last = first + st.count;
    const auto* at = std::lower_bound(first, last, c);
    return at != last && *at == c ? targets_[static_cast<std::size_t>(at - labels_.data())] : 0;
  };
  for (std::size_t s = 0; s < states_.size(); ++s) {
    const State st = states_[s];
    const std::uint32_t first = sparse_first[s];
    for (std::uint32_t e = first; e < first + st.count; ++e) {
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

  // The shallow states' rows with their fallbacks resolved (a walk at such a state needs no
  // fallback loop): breadth first, a state's fallback is shallower and already resolved.
  // A row is its fallback's row with the state's own transitions written over it. Automata
  // with a full transition table (below) never walk their records: none there.
  const bool tabled = states_.size() <= kDeltaStates && match_store_.size() < 65535 && states_.size() * classes_ <= kDeltaCells;
  // As deep as kResolvedDepth while the rows add at most the records' own size (German:
  // depth 6, +83 %; Hungarian's 52 classes would quintuple its records at depth 5).
  std::uint32_t resolved_depth = 0;
  if (!tabled) {
    std::size_t words = 0;
    std::vector<std::size_t> at_depth(kResolvedDepth + 1, 0);
    for (std::size_t k = 0; k < states_.size(); ++k) {
      const State& st = states_[k];
      words += kEdges + (st.dense ? classes_ : (st.count + 3u) / 4u + st.count);
      if (depth_of[k] <= kResolvedDepth) ++at_depth[depth_of[k]];
    }
    std::size_t rows = 0;
    for (std::uint32_t d = 1; d <= kResolvedDepth; ++d) {
      rows += at_depth[d];
      if (rows * classes_ > words) break;
      resolved_depth = d;
    }
  }
  base::LargeVector<std::uint32_t> resolved_row(states_.size(), 0);
  base::LargeVector<std::uint32_t> resolved;
  {
    std::size_t rows = 0;
    while (rows + 1 < states_.size() && depth_of[rows + 1] <= resolved_depth) ++rows;
    resolved.reserve(rows * classes_);
  }
  for (std::size_t k = 1; k < states_.size() && depth_of[k] <= resolved_depth; ++k) {
    resolved_row[k] = static_cast<std::uint32_t>(resolved.size());
    const std::uint32_t f = states_[k].fail;
    resolved.resize(resolved.size() + classes_, 0);
    std::uint32_t* row = resolved.data() + resolved_row[k];
    if (f == 0) {
      for (std::uint32_t c = 1; c < classes_; ++c) row[c] = root_[byte_of_class[c]];
    } else {
      std::copy_n(resolved.data() + resolved_row[f], classes_, row);
    }
    for (std::uint32_t e = sparse_first[k]; e < sparse_first[k] + states_[k].count; ++e) row[class_[labels_[e]]] = targets_[e];
  }

  // Windows: the digits of each match, right-aligned on the byte after the one that ends it.
  // The windowed matches are numbered first, so that an index alone tells a walk whether a
  // window holds the match (DicAutomaton::window_table).
  for (DicMatch& m : match_store_) {
    if (m.length > 15 || m.replacement >= 0) continue;
    m.windowed = true;
    for (std::uint32_t i = m.first; i < m.end; ++i)
      if (digit_store_[m.digits + i] != '0') m.window[15 - (m.length - i)] = static_cast<unsigned char>(digit_store_[m.digits + i]);
  }
  {
    std::vector<std::int32_t> renumbered(match_store_.size());
    base::LargeVector<DicMatch> ordered;
    ordered.reserve(match_store_.size());
    for (const bool pass : {true, false})
      for (std::size_t k = 0; k < match_store_.size(); ++k)
        if (match_store_[k].windowed == pass) {
          renumbered[k] = static_cast<std::int32_t>(ordered.size());
          ordered.push_back(match_store_[k]);
        }
    match_store_ = std::move(ordered);
    for (State& st : states_)
      if (st.match >= 0) st.match = renumbered[static_cast<std::size_t>(st.match)];
    windowed_ = static_cast<std::uint32_t>(std::count_if(match_store_.begin(), match_store_.end(), [](const DicMatch& m) { return m.windowed; }));
    window_store_.assign((std::size_t{windowed_} + 1) * 16, 0);
    for (std::uint32_t k = 0; k < windowed_; ++k) std::memcpy(window_store_.data() + (k + 1) * 16, match_store_[k].window, 16);
  }

  // Small automata also get the full transition table: a row per state, its match + 1 in
  // column 0 (byte class 0 is "in no pattern", which always leads back to the root).
  if (tabled) {
    while ((1u << row_shift_) < classes_ + 1) ++row_shift_;
    const std::size_t stride = std::size_t{1} << row_shift_;
    // Columns by how often the patterns use each class, the most used first: a row's first
    // 64 bytes (its match and 31 columns) then hold the bytes most words are made of, and a
    // step reads one cache line (German's umlauts come after the letters in byte order, but
    // not in use).
    std::vector<std::size_t> uses(classes_, 0);
    for (const char c : sorted) ++uses[class_[static_cast<unsigned char>(c)]];
    std::vector<std::uint32_t> by_use(classes_ - 1);
    std::iota(by_use.begin(), by_use.end(), 1u);
    std::stable_sort(by_use.begin(), by_use.end(), [&](std::uint32_t a, std::uint32_t b) { return uses[a] > uses[b]; });
    std::vector<std::uint32_t> column(classes_, 0);
    for (std::uint32_t r = 0; r < by_use.size(); ++r) column[by_use[r]] = r + 1;
    for (int c = 0; c < 256; ++c) delta_column_[c] = static_cast<unsigned char>(class_[c] != 0 ? column[class_[c]] : classes_);
    // Slack for the first row to start at a 64-byte boundary.
    constexpr std::size_t kLine = 64 / sizeof(std::uint16_t);
    delta_store_.assign(states_.size() * stride + kLine, 0);
    const auto address = reinterpret_cast<std::uintptr_t>(delta_store_.data());
    delta_offset_ = ((64 - address % 64) % 64) / sizeof(std::uint16_t);
    std::uint16_t* table = delta_store_.data() + delta_offset_;
    // Breadth first, a state's fallback comes before it: its row is already complete, and a
    // row is its fallback's row (the root's: all zeros) with the state's own transitions
    // written over it.
    for (std::size_t k = 0; k < states_.size(); ++k) {
      std::uint16_t* row = table + k * stride;
      if (k != 0) std::copy_n(table + std::size_t{states_[k].fail} * stride, stride, row);
      // The root's match is never applied (2.8.8 applies a state reached by a transition).
      row[0] = k != 0 && states_[k].match >= 0 ? static_cast<std::uint16_t>(states_[k].match + 1) : 0;
      for (std::uint32_t e = sparse_first[k]; e < sparse_first[k] + states_[k].count; ++e)
        row[column[class_[labels_[e]]]] = static_cast<std::uint16_t>(targets_[e]);
    }
  }

  // Flat records, targets turned into record offsets. The shallow states, which every word
  // passes through, come first in breadth-first order; below kShallow each subtree follows
  // in preorder, so that walking down a pattern reads the records one after the other.
  state_count_ = states_.size();
  base::LargeVector<std::uint32_t> layout;
  layout.reserve(states_.size());
  std::vector<std::uint32_t> stack;
  for (std::uint32_t k = 0; k < states_.size(); ++k)
    if (depth_of[k] <= kShallow) layout.push_back(k);
  for (std::uint32_t k = 0; k < states_.size(); ++k) {
    if (depth_of[k] != kShallow) continue;
    stack.push_back(k);
    while (!stack.empty()) {
      const std::uint32_t t = stack.back();
      stack.pop_back();
      if (t != k) layout.push_back(t);
      const State& st = states_[t];
      // Children are contiguous in BFS numbering: push them in reverse for a preorder.
      const std::uint32_t first = sparse_first[t];
      for (std::uint32_t e = first + st.count; e-- > first;) stack.push_back(targets_[e]);
    }
  }
  base::LargeVector<std::uint32_t> offset(states_.size());
  std::size_t size = 0;
  for (const std::uint32_t k : layout) {
    offset[k] = static_cast<std::uint32_t>(size);
    const State& st = states_[k];
    const bool row = st.dense || (k != 0 && depth_of[k] <= resolved_depth);
    size += kEdges + (row ? classes_ : (st.count + 3) / 4 + st.count);
  }
  node_store_.assign(size + kNodePad, 0);
  for (std::size_t k = 0; k < states_.size(); ++k) {
    const State& st = states_[k];
    std::uint32_t* r = node_store_.data() + offset[k];
    r[kFail] = offset[st.fail];
    r[kMatch] = static_cast<std::uint32_t>(st.match);
    if (k != 0 && depth_of[k] <= resolved_depth) {
      r[kMeta] = kDenseBit | kResolvedBit;
      for (std::uint32_t c = 0; c < classes_; ++c) {
        const std::uint32_t t = resolved[resolved_row[k] + c];
        r[kEdges + c] = t ? offset[t] : 0;
      }
    } else if (st.dense) {
      r[kMeta] = kDenseBit;
      for (std::uint32_t c = 0; c < classes_; ++c) {
        const std::uint32_t t = dense_[st.edges + c];
        r[kEdges + c] = t ? offset[t] : 0;
      }
    } else {
      r[kMeta] = st.count;
      // Label e in bits 8(e % 4) of word e / 4 (eight_labels()).
      const std::uint32_t words = (st.count + 3u) / 4u;
      for (std::uint32_t k = 0; k < words; ++k) r[kEdges + k] = 0;
      for (std::uint32_t e = 0; e < st.count; ++e) {
        r[kEdges + e / 4] |= std::uint32_t{labels_[st.edges + e]} << (8 * (e % 4));
        r[kEdges + words + e] = offset[targets_[st.edges + e]];
      }
    }
  }
  for (auto& t : root_) t = t ? offset[t] : 0;
  publish();
}

void DicAutomaton::publish() noexcept {
  nodes_ = node_store_;
  node_limit_ = static_cast<std::uint32_t>(node_store_.size() - kNodePad);
  windows_ = window_store_;
  delta_ = delta_store_.empty() ? std::span<const std::uint16_t>()
                                : std::span<const std::uint16_t>(delta_store_).subspan(delta_offset_, state_count_ << row_shift_);
  matches_ = match_store_;
  digits_ = digit_store_;
}

}  // namespace hyph::dic
