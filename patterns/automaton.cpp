#include "patterns/automaton.h"

#include "base/message.h"

#include <hyph/error.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <map>
#include <string>
#include <vector>

namespace hyph::patterns {

struct Automaton::Owned {
  std::vector<std::uint16_t> narrow;
  std::vector<std::uint32_t> wide;
  std::vector<Node<std::uint16_t>> narrow_nodes;
  std::vector<Node<std::uint32_t>> wide_nodes;
  std::vector<Edge<std::uint16_t>> narrow_edges;
  std::vector<Edge<std::uint32_t>> wide_edges;
  std::vector<std::uint32_t> lists;
  std::vector<std::uint16_t> outputs;
  std::vector<Window> windows;
};

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
// Digits by distance from a pattern's last letter: digits[d].
using Digits = std::vector<std::uint8_t>;

[[noreturn]] void bad(base::MessagePieces what) { base::throw_error(ErrorCode::bad_format, what); }
[[noreturn]] void bad(const char* what) { bad(base::MessagePieces{what}); }

// How many states the trie of the patterns has (the root and every distinct prefix), counted
// before the table is built when the set may be near the ceiling, so that one past it is
// refused before its memory is asked for, and the table is then allocated once, at its size.
// Every letter adds at most one state: 0 (not counted) if that bound is under the ceiling.
std::size_t trie_states(std::span<const ParsedSource> sources, const Alphabet& alphabet, std::size_t width) {
  std::size_t bound = 1, count = 0;
  for (const ParsedSource& source : sources)
    for (const Pattern& p : source.patterns) {
      bound += p.letters.size();
      ++count;
    }
  if (count > kMaxPatterns)
    throw Error(ErrorCode::capacity, "pattern set too large: " + std::to_string(count) + " patterns, more than the " +
                                         std::to_string(kMaxPatterns) + " a set may have");
  if (bound <= kMaxTableEntries / width) return 0;
  // Every pattern's symbols in one array, sorted as spans of it.
  std::vector<Symbol> symbols;
  symbols.reserve(bound);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> spans;  // (start, length)
  spans.reserve(count);
  for (const ParsedSource& source : sources)
    for (const Pattern& p : source.patterns) {
      spans.emplace_back(static_cast<std::uint32_t>(symbols.size()), static_cast<std::uint32_t>(p.letters.size()));
      for (char32_t c : p.letters) symbols.push_back(c == kEdge ? kEdgeSymbol : alphabet.symbol_of(c));
    }
  auto begin = [&](const std::pair<std::uint32_t, std::uint32_t>& s) { return symbols.begin() + s.first; };
  auto end = [&](const std::pair<std::uint32_t, std::uint32_t>& s) { return symbols.begin() + s.first + s.second; };
  std::sort(spans.begin(), spans.end(), [&](const auto& a, const auto& b) {
    return std::lexicographical_compare(begin(a), end(a), begin(b), end(b));
  });
  std::size_t states = 1;
  for (std::size_t i = 0; i < spans.size(); ++i) {
    const std::size_t common =
        i == 0 ? 0 : static_cast<std::size_t>(std::mismatch(begin(spans[i]), end(spans[i]), begin(spans[i - 1]), end(spans[i - 1])).first - begin(spans[i]));
    states += spans[i].second - common;
  }
  return states;
}

// A distance no output can have: a pattern has at most kMaxLetters letters and two edges.
constexpr std::size_t kMaxDistance = kMaxLetters + 2;

void merge_into(Digits& into, const Digits& from) {
  if (from.size() > into.size()) into.resize(from.size(), 0);
  for (std::size_t d = 0; d < from.size(); ++d) into[d] = std::max(into[d], from[d]);
}

}  // namespace

Automaton Automaton::build(std::span<const ParsedSource> sources, const Alphabet& alphabet) {
  Automaton a;
  auto owned = std::make_shared<Owned>();
  const auto w = static_cast<std::uint32_t>(alphabet.size());
  const std::size_t states_needed = trie_states(sources, alphabet, w);
  if (states_needed > kMaxTableEntries / w)
    throw Error(ErrorCode::capacity, "pattern set too large: " + std::to_string(states_needed) + " trie states × " + std::to_string(w) +
                                         " letters exceed the automaton's table limit of " + std::to_string(kMaxTableEntries) + " entries");
  std::vector<std::uint32_t> next;  // state * w + symbol -> state
  next.reserve(std::max<std::size_t>(states_needed, 1) * w);
  next.assign(w, kNone);

  // 1. The trie: kNone where there is no child yet.
  std::vector<Digits> own(1);
  std::vector<const Pattern*> owner(1, nullptr);
  own.reserve(states_needed);
  owner.reserve(states_needed);
  for (const ParsedSource& source : sources) {
    for (const Pattern& p : source.patterns) {
      std::uint32_t s = 0;
      for (char32_t c : p.letters) {
        const Symbol sym = c == kEdge ? kEdgeSymbol : alphabet.symbol_of(c);
        std::uint32_t& child = next[s * w + sym];
        if (child == kNone) {
          child = static_cast<std::uint32_t>(own.size());
          own.emplace_back();
          owner.push_back(nullptr);
          next.resize(next.size() + w, kNone);
        }
        s = next[s * w + sym];
      }
      if (owner[s] != nullptr) {
        const SourceLocation& first = owner[s]->where;
        throw ParseError(ErrorCode::parse, p.where,
                         "Duplicate pattern (first at " + first.file + ":" + std::to_string(first.line) + ":" +
                             std::to_string(first.column) + ")");
      }
      owner[s] = &p;
      const std::size_t len = p.letters.size();
      Digits digits(len + 1, 0);
      for (std::size_t k = 0; k <= len; ++k) digits[len - k] = p.values[k];
      // A digit outside the word edges can never apply (tex.web §963 zeroes it).
      if (p.letters.front() == kEdge) digits[len] = 0;
      if (p.letters.back() == kEdge) digits[0] = 0;
      own[s] = std::move(digits);
      ++a.pattern_count_;
    }
  }

  // 2. Breadth first: failure links, missing transitions, and merged outputs.
  const std::size_t states = own.size();
  std::vector<std::uint32_t> fail(states, 0);
  std::vector<Digits> merged(states);
  std::vector<std::uint32_t> queue;
  queue.reserve(states);
  for (std::uint32_t c = 0; c < w; ++c) {
    std::uint32_t& t = next[c];
    if (t == kNone) {
      t = 0;
    } else {
      fail[t] = 0;
      queue.push_back(t);
    }
  }
  merged[0] = own[0];
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint32_t u = queue[head];
    merged[u] = own[u];
    merge_into(merged[u], merged[fail[u]]);
    for (std::uint32_t c = 0; c < w; ++c) {
      std::uint32_t& t = next[u * w + c];
      if (t == kNone) {
        t = next[fail[u] * w + c];
      } else {
        fail[t] = next[fail[u] * w + c];
        queue.push_back(t);
      }
    }
  }

  // 3. Output lists, each distinct one stored once; list 0 is the empty one.
  // In lexicographic order, compared a value at a time: on a big-endian host libstdc++ 12
  // compares u16 vectors with memcmp, which GCC 12 then warns about (a false -Wstringop-overread).
  struct ListOrder {
    bool operator()(const std::vector<std::uint16_t>& a, const std::vector<std::uint16_t>& b) const noexcept {
      const std::size_t n = std::min(a.size(), b.size());
      for (std::size_t i = 0; i < n; ++i)
        if (a[i] != b[i]) return a[i] < b[i];
      return a.size() < b.size();
    }
  };
  std::map<std::vector<std::uint16_t>, std::uint32_t, ListOrder> list_ids;
  std::vector<std::uint32_t> list_of(states, 0);
  owned->lists.push_back(0);
  for (std::size_t s = 0; s < states; ++s) {
    std::vector<std::uint16_t> list;
    for (std::size_t d = 0; d < merged[s].size(); ++d)
      if (merged[s][d] != 0) list.push_back(static_cast<std::uint16_t>(d << 8 | merged[s][d]));
    if (list.empty()) continue;
    auto [it, added] = list_ids.emplace(list, static_cast<std::uint32_t>(owned->lists.size()));
    if (added) {
      if (owned->outputs.size() >= (1u << 24)) throw Error(ErrorCode::capacity, "pattern set too large for the automaton");
      owned->lists.push_back(static_cast<std::uint32_t>(owned->outputs.size() << 8 | list.size()));
      owned->outputs.insert(owned->outputs.end(), list.begin(), list.end());
    }
    list_of[s] = it->second;
  }

  // Windows replace the lists where every output fits one (patterns of up to 15 letters).
  std::size_t longest = 0;
  for (const auto& [list, id] : list_ids) longest = std::max<std::size_t>(longest, list.back() >> 8);
  if (longest < 16) {
    owned->windows.assign(owned->lists.size(), Window{});
    for (const auto& [list, id] : list_ids)
      for (std::uint16_t o : list) owned->windows[id].digits[15 - (o >> 8)] = static_cast<std::uint8_t>(o);
    owned->lists.clear();
    owned->outputs.clear();
  }

  // 4. States numbered breadth first (the queue's order), so that the shallow states every
  // word passes through come first; every state a dense row.
  std::vector<std::uint32_t> number(states, 0), by_number(states, 0);
  for (std::size_t k = 0; k < queue.size(); ++k) {
    number[queue[k]] = static_cast<std::uint32_t>(k + 1);
    by_number[k + 1] = queue[k];
  }
  std::vector<std::uint32_t> table(states * w), lists(states);
  for (std::size_t n = 0; n < states; ++n) {
    const std::uint32_t s = by_number[n];
    lists[n] = list_of[s];
    for (std::uint32_t c = 0; c < w; ++c) table[n * w + c] = number[next[s * w + c]];
  }
  std::vector<std::uint32_t>().swap(next);
  a.symbols_ = w;
  a.states_ = states;
  a.dense_ = states;
  a.lay_out_rows(*owned, [&](std::size_t n, std::size_t c) { return table[n * w + c]; }, [&](std::size_t n) { return lists[n]; });
  a.adopt(std::move(owned));
  return a;
}

template <class Next, class List>
void Automaton::lay_out_rows(Owned& owned, Next next, List list) {
  const std::size_t w = symbols_, states = states_;
  shift_ = static_cast<unsigned>(std::countr_zero(std::bit_ceil(w + 1)));
  const std::size_t row = std::size_t{1} << shift_;
  const std::size_t list_count = std::max(owned.lists.size(), owned.windows.size());
  const bool narrow = states <= 0x10000 && list_count <= 0x10000;
  packed_ = packs(shift_, w, states, dense_, !owned.windows.empty(), narrow);
  padded_ = packed_ && pads(shift_, states);
  unshift_ = packed_ ? shift_ - 2 : 0;
  const auto fill = [&](auto& rows) {
    using Entry = typename std::decay_t<decltype(rows)>::value_type;
    rows.assign(dense_ * row, 0);
    for (std::size_t n = 0; n < dense_; ++n) {
      rows[n * row] = static_cast<Entry>(list(n));
      for (std::size_t c = 0; c < w; ++c) rows[n * row + 1 + c] = static_cast<Entry>(next(n, c) << unshift_);
      if (packed_) {
        // The window in the last 4 entries: window bytes 2k and 2k + 1 in byte k's low and
        // high nibbles.
        std::uint8_t nibbles[8];
        for (std::size_t k = 0; k < 8; ++k) {
          const std::uint8_t* digits = owned.windows[list(n)].digits;
          nibbles[k] = static_cast<std::uint8_t>(digits[2 * k] | digits[2 * k + 1] << 4);
        }
        std::memcpy(&rows[n * row + row - 4], nibbles, sizeof nibbles);
      }
    }
  };
  if (narrow) {
    fill(owned.narrow);
    if (padded_) owned.narrow.resize(padded_entries(shift_), 0);
    owned.narrow_nodes.push_back({0, 0, 0});  // the sentinel (a fast layout has no other node)
  } else {
    fill(owned.wide);
    owned.wide_nodes.push_back({0, 0, 0});
  }
}

void Automaton::lay_out_nodes(Owned& owned, const std::vector<std::uint32_t>& table, const std::vector<std::uint32_t>& lists,
                              const std::vector<std::uint32_t>& fallback) const {
  const std::size_t w = symbols_;
  const auto fill = [&](auto& nodes, auto& edges) {
    using Entry = decltype(edges.front().symbol);
    nodes.pop_back();  // the sentinel, pushed again after the nodes
    nodes.reserve(states_ - dense_ + 1);
    for (std::size_t n = dense_; n < states_; ++n) {
      const std::uint32_t f = fallback[n];
      if (edges.size() >= std::numeric_limits<std::uint32_t>::max()) throw Error(ErrorCode::capacity, "pattern set too large for the automaton");
      nodes.push_back({static_cast<std::uint32_t>(edges.size()), static_cast<Entry>(f), static_cast<Entry>(lists[n])});
      for (std::size_t c = 0; c < w; ++c)
        if (table[n * w + c] != table[f * w + c]) edges.push_back({static_cast<Entry>(c), static_cast<Entry>(table[n * w + c])});
    }
    nodes.push_back({static_cast<std::uint32_t>(edges.size()), 0, 0});  // the sentinel: where the last edges end
  };
  if (!owned.narrow_nodes.empty()) {
    fill(owned.narrow_nodes, owned.narrow_edges);
  } else {
    fill(owned.wide_nodes, owned.wide_edges);
  }
}

void Automaton::adopt(std::shared_ptr<Owned> owned) {
  narrow_ = owned->narrow;
  wide_ = owned->wide;
  narrow_nodes_ = owned->narrow_nodes;
  wide_nodes_ = owned->wide_nodes;
  narrow_edges_ = owned->narrow_edges;
  wide_edges_ = owned->wide_edges;
  lists_ = owned->lists;
  outputs_ = owned->outputs;
  windows_ = owned->windows;
  owner_ = std::move(owned);
  set_shortcuts();
}

void Automaton::set_shortcuts() {
  start_row_ = 0;
  pairs_ = nullptr;
  pair_rows_ = nullptr;
#if defined(__SSE2__)  // only the SSE2 walks read them
  // Up to 127 symbols: a table of at most 64 KiB.
  if (dense_ != states_ || windows_.empty() || shift_ > 7) return;
  const std::size_t side = std::size_t{1} << shift_;
  auto pairs = std::make_shared<std::vector<std::uint32_t>>(side * side, 0);
  // Rows by their position: the entry of a row's first entry, or with packed rows its offset.
  const unsigned position = packed_ ? unshift_ : shift_;
  const auto row_after = [&](std::size_t state, Symbol symbol) {
    return static_cast<std::uint32_t>(next_state(static_cast<std::uint32_t>(state), symbol) << position);
  };
  start_row_ = row_after(0, kEdgeSymbol);
  for (std::size_t a = 0; a < symbols_; ++a) {
    const std::size_t after_a = row_after(start_row_ >> position, static_cast<Symbol>(a)) >> position;
    for (std::size_t b = 0; b < symbols_; ++b) (*pairs)[a << shift_ | b] = row_after(after_a, static_cast<Symbol>(b));
  }
  pair_rows_ = pairs->data();
  pairs_ = std::move(pairs);
#endif
}

Automaton::Transitions Automaton::transitions() const {
  const std::size_t w = symbols_, states = states_;
  Transitions t{std::vector<std::uint32_t>(states * w), std::vector<std::uint32_t>(states)};
  const auto read = [&](const auto& layout) {
    for (std::size_t s = 0; s < states; ++s) {
      t.lists[s] = static_cast<std::uint32_t>(list_of(layout, dense_, shift_, list_count(), s));
      for (std::size_t c = 0; c < w; ++c)
        t.table[s * w + c] = static_cast<std::uint32_t>(step(layout, dense_, shift_, states_, s, static_cast<Symbol>(c)));
    }
  };
  if (!narrow_nodes_.empty()) {
    read(narrow_layout());
  } else {
    read(wide_layout());
  }
  return t;
}

Automaton Automaton::with_outputs(Owned& owned, std::size_t dense) const {
  Automaton a;
  owned.lists.assign(lists_.begin(), lists_.end());
  owned.outputs.assign(outputs_.begin(), outputs_.end());
  owned.windows.assign(windows_.begin(), windows_.end());
  a.symbols_ = symbols_;
  a.states_ = states_;
  a.dense_ = dense;
  a.pattern_count_ = pattern_count_;
  return a;
}

Automaton Automaton::with_fast_layout() const {
  if (!small()) return *this;
  // Straight from this layout into the rows, without the whole table between (a page's
  // module keeps the memory it grew to). Rows are laid out in state order, and a node's
  // fallback is a smaller state: where the node has no edge of its own, the transition is
  // the fallback's, read from its new row (one load rather than the walk back).
  auto owned = std::make_shared<Owned>();
  Automaton a = with_outputs(*owned, states_);
  const auto fill = [&](const auto& layout) {
    const auto next = [&](std::size_t n, std::size_t c) -> std::uint32_t {
      const auto symbol = static_cast<Symbol>(c);
      if (n >= dense_) {
        const auto* node = layout.nodes + (n - dense_);
        for (std::size_t e = node->first_edge, end = node[1].first_edge; e < end; ++e)
          if (layout.edges[e].symbol == symbol) return layout.edges[e].target;
        n = node->fallback;
        if (n >= dense_) {
          const std::size_t at = (n << a.shift_) + 1 + c;
          return static_cast<std::uint32_t>((!owned->narrow.empty() ? std::size_t{owned->narrow[at]} : std::size_t{owned->wide[at]}) >> a.unshift_);
        }
      }
      return static_cast<std::uint32_t>(step(layout, dense_, shift_, states_, n, symbol));
    };
    a.lay_out_rows(*owned, next, [&](std::size_t n) { return static_cast<std::uint32_t>(list_of(layout, dense_, shift_, list_count(), n)); });
  };
  if (!narrow_nodes_.empty()) {
    fill(narrow_layout());
  } else {
    fill(wide_layout());
  }
  a.adopt(std::move(owned));
  return a;
}

Automaton Automaton::with_layout(bool small) const {
  if (!small) return with_fast_layout();
  if (this->small() || states_ == 1) return *this;
  const std::size_t w = symbols_, states = states_;
  const Transitions t = transitions();
  const std::vector<std::uint32_t>& table = t.table;
  // The trie again: states are numbered breadth first, so the first transition into a state
  // from one a level above is its trie edge. Its failure state: its parent's, followed by
  // its letter.
  constexpr std::uint32_t kUnset = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::uint32_t> depth(states, kUnset), fail(states, 0);
  std::vector<std::vector<std::uint32_t>> kids(states);  // trie children's symbols
  depth[0] = 0;
  for (std::size_t s = 0; s < states; ++s) {
    if (depth[s] == kUnset) depth[s] = 0;  // unreachable (a crafted file): treated as the start's
    for (std::size_t c = 0; c < w; ++c) {
      const std::uint32_t target = table[s * w + c];
      if (target > s && depth[target] == kUnset) {
        depth[target] = depth[s] + 1;
        fail[target] = s == 0 ? 0 : table[fail[s] * w + c];
        kids[s].push_back(static_cast<std::uint32_t>(c));
      }
    }
  }
  // Dense rows for the start and the first letters; every other state is a node whose
  // fallback is its failure state, skipping those that would add no edge of their own (for
  // a symbol none of its own children take, they pass it on unchanged): leaves, mostly.
  std::size_t dense = 1;
  while (dense < states && depth[dense] <= 1) ++dense;
  std::vector<std::uint32_t> fallback(states, 0);
  for (std::size_t s = dense; s < states; ++s) {
    std::uint32_t f = fail[s];
    while (f >= dense && f < s && std::includes(kids[s].begin(), kids[s].end(), kids[f].begin(), kids[f].end())) f = fail[f];
    fallback[s] = f < s ? f : 0;
  }
  auto owned = std::make_shared<Owned>();
  Automaton a = with_outputs(*owned, dense);
  a.lay_out_rows(*owned, [&](std::size_t n, std::size_t c) { return table[n * w + c]; }, [&](std::size_t n) { return t.lists[n]; });
  a.lay_out_nodes(*owned, table, t.lists, fallback);
  a.adopt(std::move(owned));
  return a;
}

}  // namespace hyph::patterns

namespace hyph::patterns {

namespace {

// The nodes of states dense.., then the sentinel, and their edges. What step() relies on:
// edge ranges that never decrease and end at the last edge, edge targets below `states`, and
// fallbacks that are smaller numbers (so the walk back ends in a dense row). Also: edge
// symbols and lists in range, the sentinel exact. One branch-free pass over the nodes and
// one over the edges; only on failure a second one names the culprit.
template <typename Entry>
void check_nodes(std::span<const Automaton::Node<Entry>> nodes, std::span<const Automaton::Edge<Entry>> edges, std::size_t dense,
                 std::size_t symbols, std::size_t states, std::size_t lists) {
  const std::size_t count = states - dense;
  bool ok = nodes[count].first_edge == edges.size() && nodes[count].fallback == 0 && nodes[count].list == 0;
  for (std::size_t k = 0; k < count; ++k) {
    const Automaton::Node<Entry>& n = nodes[k];
    ok &= (n.first_edge <= nodes[k + 1].first_edge) & (n.fallback < dense + k) & (n.list < lists);
  }
  Entry worst_target = 0, worst_symbol = 0;
  for (const Automaton::Edge<Entry>& e : edges) {
    worst_target = std::max(worst_target, e.target);
    worst_symbol = std::max(worst_symbol, e.symbol);
  }
  ok &= edges.empty() || (worst_target < states && worst_symbol < symbols);
  if (ok) return;
  for (std::size_t k = 0; k <= count; ++k) {
    const Automaton::Node<Entry>& n = nodes[k];
    const std::size_t end = k < count ? nodes[k + 1].first_edge : edges.size();
    if (n.first_edge > end) bad({"state ", dense + k, ": edges from ", n.first_edge, " past the next node's ", end});
    if (k == count) {
      if (n.first_edge != end || n.fallback != 0 || n.list != 0) bad({"the last node is not the sentinel (edges end at ", end, ")"});
      break;
    }
    if (n.fallback >= dense + k) bad({"state ", dense + k, ": fallback state ", n.fallback, " is not a smaller number"});
    if (n.list >= lists) bad({"state ", dense + k, " names output list ", n.list, " of ", lists});
    for (std::size_t e = n.first_edge; e < end; ++e) {
      if (edges[e].symbol >= symbols)
        bad({"state ", dense + k, ": edge ", e, ", symbol ", edges[e].symbol, " of ", symbols});
      if (edges[e].target >= states)
        bad({"state ", dense + k, ": edge ", e, ": next state ", edges[e].target, " of ", states});
    }
  }
  bad("edges out of range");
}

}  // namespace

Automaton Automaton::view(const Tables& t, std::size_t symbols, std::shared_ptr<const void> owner) {
  if (symbols == 0 || symbols > 0xFFFF) bad({"symbol count ", symbols, " out of range"});
  if (t.shift != static_cast<unsigned>(std::countr_zero(std::bit_ceil(symbols + 1))))
    bad({"row shift ", t.shift, " does not fit ", symbols, " symbols"});
  const std::size_t row = std::size_t{1} << t.shift;
  if (t.states == 0 || t.states > kMaxTableEntries) bad({"state count ", t.states, " out of range"});
  if (t.pattern_count >= t.states) bad({t.pattern_count, " patterns in ", t.states, " states"});
  if (t.dense == 0 || t.dense > t.states) bad({t.dense, " dense states of ", t.states});
  const bool narrow = !t.narrow_nodes.empty();
  if (narrow == !t.wide_nodes.empty() ||
      (narrow ? !t.wide.empty() || !t.wide_edges.empty() : !t.narrow.empty() || !t.narrow_edges.empty()))
    bad("the rows and nodes must be either narrow or wide");
  const bool windowed = !t.windows.empty();
  const std::size_t lists = windowed ? t.windows.size() : t.lists.size();
  if (narrow != (t.states <= 0x10000 && lists <= 0x10000))
    bad({narrow ? "narrow" : "wide", " entries for ", t.states, " states and ", lists, " output lists"});
  // Packed rows that pads() calls for run on to padded_entries(): every 16-bit offset then
  // reads inside them, with no clamp on the walk.
  const bool packed = packs(t.shift, symbols, t.states, t.dense, windowed, narrow);
  const bool padded = packed && pads(t.shift, t.states);
  const std::size_t entries = narrow ? t.narrow.size() : t.wide.size();
  const std::size_t expected = padded ? padded_entries(t.shift) : t.dense * row;
  if (entries != expected)
    padded ? bad({entries, " row entries for ", t.dense, " dense states of ", row, ", padded to ", expected})
           : bad({entries, " row entries for ", t.dense, " dense states of ", row});
  const std::size_t nodes = narrow ? t.narrow_nodes.size() : t.wide_nodes.size();
  if (nodes != t.states - t.dense + 1)
    bad({nodes, " nodes for ", t.states - t.dense, " states past the dense ones"});

  if (windowed) {
    // Windows: digits 0..9, window 0 empty; no lists beside them.
    if (!t.lists.empty() || !t.outputs.empty()) bad("output lists beside the windows");
    std::uint8_t worst = 0;
    for (const Window& w : t.windows)
      for (const std::uint8_t d : w.digits) worst = std::max(worst, d);
    if (worst > 9) bad("a window holds a digit above 9");
    for (const std::uint8_t d : t.windows[0].digits)
      if (d != 0) bad("window 0 is not empty");
  } else {
    // Output lists tile the outputs in order; each output is a digit 1..9 at a distance, the
    // distances of a list strictly increasing; some reaches beyond a window.
    if (t.lists.empty() || t.lists[0] != 0) bad("output list 0 is not the empty list");
    if (t.lists.size() > t.states + 1) bad({t.lists.size(), " output lists for ", t.states, " states"});
    std::size_t next_output = 0, farthest = 0;
    for (std::size_t id = 1; id < t.lists.size(); ++id) {
      const std::size_t first = t.lists[id] >> 8, count = t.lists[id] & 0xFF;
      if (count == 0 || first != next_output || count > t.outputs.size() - first)
        bad({"output list ", id, " does not follow the one before it in the outputs"});
      for (std::size_t k = first; k < first + count; ++k) {
        const std::size_t distance = t.outputs[k] >> 8, digit = t.outputs[k] & 0xFF;
        if (digit == 0 || digit > 9 || distance > kMaxDistance || (k > first && distance <= (t.outputs[k - 1] >> 8)))
          bad({"output list ", id, ": output ", t.outputs[k], " out of order or range"});
      }
      farthest = std::max<std::size_t>(farthest, t.outputs[first + count - 1] >> 8);
      next_output = first + count;
    }
    if (next_output != t.outputs.size()) bad("outputs after the last output list");
    if (farthest < 16) bad("output lists where windows hold every output");
  }

  // The dense rows are not read here: apply() clamps what it takes from them.
  if (narrow) {
    check_nodes(t.narrow_nodes, t.narrow_edges, t.dense, symbols, t.states, lists);
  } else {
    check_nodes(t.wide_nodes, t.wide_edges, t.dense, symbols, t.states, lists);
  }

  Automaton a;
  a.owner_ = std::move(owner);
  a.shift_ = t.shift;
  a.symbols_ = symbols;
  a.dense_ = t.dense;
  a.narrow_ = t.narrow;
  a.wide_ = t.wide;
  a.narrow_nodes_ = t.narrow_nodes;
  a.wide_nodes_ = t.wide_nodes;
  a.narrow_edges_ = t.narrow_edges;
  a.wide_edges_ = t.wide_edges;
  a.lists_ = t.lists;
  a.outputs_ = t.outputs;
  a.windows_ = t.windows;
  a.states_ = t.states;
  a.pattern_count_ = t.pattern_count;
  a.packed_ = packed;
  a.padded_ = padded;
  a.unshift_ = a.packed_ ? t.shift - 2 : 0;
  a.set_shortcuts();
  return a;
}

}  // namespace hyph::patterns
