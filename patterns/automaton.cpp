#include "patterns/automaton.h"

#include <hyph/error.h>

#include <algorithm>
#include <bit>
#include <limits>
#include <map>
#include <string>
#include <vector>

namespace hyph::patterns {

struct Automaton::Owned {
  std::vector<std::uint16_t> narrow;
  std::vector<std::uint32_t> wide;
  std::vector<std::uint32_t> lists;
  std::vector<std::uint16_t> outputs;
  std::vector<Window> windows;
};

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
// The dense table holds states × letters entries; past this (256 MiB while building) a
// pattern set is refused with a clear error rather than exhausting memory. The largest
// hyph-utf8 set, German, needs 55,000 states × 45 letters: 2.5 million; a million random
// patterns over 16 letters need 17 million.
constexpr std::size_t kMaxTableEntries = std::size_t{1} << 26;

// Digits by distance from a pattern's last letter: digits[d].
using Digits = std::vector<std::uint8_t>;

[[noreturn]] void bad(const std::string& what) { throw Error(ErrorCode::bad_format, what); }

// A distance no output can have: a pattern has at most kMaxLetters letters and two edges.
constexpr std::size_t kMaxDistance = kMaxLetters + 2;

// Every row's output list < lists, every next state < states, padding zero. One pass of
// maxima first (branch-free, vectorised); only on failure a second pass finds the culprit.
template <typename Entry>
void check_rows(const Entry* rows, std::size_t states, std::size_t row, std::size_t symbols, std::size_t lists) {
  std::uint32_t worst_list = 0, worst_next = 0, padding = 0;
  for (std::size_t s = 0; s < states; ++s) {
    const Entry* r = rows + s * row;
    Entry next = 0, pad = 0;
    for (std::size_t c = 1; c <= symbols; ++c) next = r[c] > next ? r[c] : next;
    for (std::size_t c = symbols + 1; c < row; ++c) pad |= r[c];
    worst_list = std::max<std::uint32_t>(worst_list, r[0]);
    worst_next = std::max<std::uint32_t>(worst_next, next);
    padding |= pad;
  }
  if (worst_list < lists && worst_next < states && padding == 0) return;
  for (std::size_t s = 0; s < states; ++s) {
    const Entry* r = rows + s * row;
    if (r[0] >= lists)
      bad("state " + std::to_string(s) + " names output list " + std::to_string(r[0]) + " of " + std::to_string(lists));
    for (std::size_t c = 1; c <= symbols; ++c)
      if (r[c] >= states)
        bad("state " + std::to_string(s) + ", symbol " + std::to_string(c - 1) + ": next state " + std::to_string(r[c]) +
            " of " + std::to_string(states));
    for (std::size_t c = symbols + 1; c < row; ++c)
      if (r[c] != 0) bad("state " + std::to_string(s) + ": row padding is not zero");
  }
}

// The fewest symbols that lead from the root to each state (kUnreached if none do).
constexpr std::uint32_t kUnreached = std::numeric_limits<std::uint32_t>::max();
template <typename Entry>
std::vector<std::uint32_t> depths(const Entry* rows, std::size_t states, unsigned shift, std::size_t symbols) {
  std::vector<std::uint32_t> depth(states, kUnreached), queue{0};
  depth[0] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint32_t u = queue[head];
    const Entry* r = rows + (std::size_t{u} << shift);
    for (std::size_t c = 1; c <= symbols; ++c)
      if (depth[r[c]] == kUnreached) {
        depth[r[c]] = depth[u] + 1;
        queue.push_back(r[c]);
      }
  }
  return depth;
}

void merge_into(Digits& into, const Digits& from) {
  if (from.size() > into.size()) into.resize(from.size(), 0);
  for (std::size_t d = 0; d < from.size(); ++d) into[d] = std::max(into[d], from[d]);
}

}  // namespace

Automaton Automaton::build(std::span<const ParsedSource> sources, const Alphabet& alphabet) {
  Automaton a;
  auto owned = std::make_shared<Owned>();
  const auto w = static_cast<std::uint32_t>(alphabet.size());
  std::vector<std::uint32_t> next(w, kNone);  // state * w + symbol -> state

  // 1. The trie: kNone where there is no child yet.
  std::vector<Digits> own(1);
  std::vector<const Pattern*> owner(1, nullptr);
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
          if (next.size() > kMaxTableEntries)
            throw Error(ErrorCode::capacity, "pattern set too large: " + std::to_string(own.size()) + " trie states × " +
                                                 std::to_string(w) + " letters exceed the automaton's table limit");
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
  std::map<std::vector<std::uint16_t>, std::uint32_t> list_ids;
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

  std::size_t longest = 0;
  for (const auto& [list, id] : list_ids) longest = std::max<std::size_t>(longest, list.back() >> 8);
  if (longest < 16) {
    owned->windows.assign(owned->lists.size(), Window{});
    for (const auto& [list, id] : list_ids)
      for (std::uint16_t o : list) owned->windows[id].digits[15 - (o >> 8)] = static_cast<std::uint8_t>(o);
  }

  // 4. Rows: [output list, next state per symbol], padded to a power of two, numbered in
  // breadth-first order so the shallow states every word passes through share a few KiB.
  std::vector<std::uint32_t> number(states, 0);
  for (std::size_t k = 0; k < queue.size(); ++k) number[queue[k]] = static_cast<std::uint32_t>(k + 1);
  a.states_ = states;
  a.shift_ = static_cast<unsigned>(std::countr_zero(std::bit_ceil(std::size_t{w} + 1)));
  const std::size_t row = std::size_t{1} << a.shift_;
  auto fill = [&](auto& rows) {
    using Entry = typename std::decay_t<decltype(rows)>::value_type;
    rows.assign(states * row, 0);
    for (std::size_t s = 0; s < states; ++s) {
      const std::size_t r = number[s] * row;
      rows[r] = static_cast<Entry>(list_of[s]);
      for (std::uint32_t c = 0; c < w; ++c) rows[r + 1 + c] = static_cast<Entry>(number[next[s * w + c]]);
    }
  };
  if (states <= 0x10000 && owned->lists.size() <= 0x10000) {
    fill(owned->narrow);
  } else {
    fill(owned->wide);
  }
  a.narrow_ = owned->narrow;
  a.wide_ = owned->wide;
  a.lists_ = owned->lists;
  a.outputs_ = owned->outputs;
  a.windows_ = owned->windows;
  a.owner_ = std::move(owned);
  return a;
}

}  // namespace hyph::patterns

namespace hyph::patterns {

Automaton Automaton::view(const Tables& t, std::size_t symbols, std::shared_ptr<const void> owner) {
  if (symbols == 0 || symbols > 0xFFFF) bad("symbol count " + std::to_string(symbols) + " out of range");
  if (t.shift != static_cast<unsigned>(std::countr_zero(std::bit_ceil(symbols + 1))))
    bad("row shift " + std::to_string(t.shift) + " does not fit " + std::to_string(symbols) + " symbols");
  const std::size_t row = std::size_t{1} << t.shift;
  if (t.states == 0 || t.states > kMaxTableEntries) bad("state count " + std::to_string(t.states) + " out of range");
  if (t.pattern_count >= t.states) bad(std::to_string(t.pattern_count) + " patterns in " + std::to_string(t.states) + " states");
  const bool narrow = !t.narrow.empty();
  if (narrow == !t.wide.empty()) bad("the rows must be either narrow or wide");
  if (narrow != (t.states <= 0x10000 && t.lists.size() <= 0x10000))
    bad(std::string(narrow ? "narrow" : "wide") + " rows for " + std::to_string(t.states) + " states and " +
        std::to_string(t.lists.size()) + " output lists");
  const std::size_t entries = narrow ? t.narrow.size() : t.wide.size();
  if (entries % row != 0 || entries / row != t.states)
    bad(std::to_string(entries) + " row entries for " + std::to_string(t.states) + " states of " + std::to_string(row));

  // Output lists tile the outputs in order; each output is a digit 1..9 at a distance, the
  // distances of a list strictly increasing.
  if (t.lists.empty() || t.lists[0] != 0) bad("output list 0 is not the empty list");
  if (t.lists.size() > t.states + 1) bad(std::to_string(t.lists.size()) + " output lists for " + std::to_string(t.states) + " states");
  std::vector<std::uint8_t> longest(t.lists.size(), 0);  // the largest distance of each list
  std::size_t next_output = 0, farthest = 0;
  for (std::size_t id = 1; id < t.lists.size(); ++id) {
    const std::size_t first = t.lists[id] >> 8, count = t.lists[id] & 0xFF;
    if (count == 0 || first != next_output || count > t.outputs.size() - first)
      bad("output list " + std::to_string(id) + " does not follow the one before it in the outputs");
    for (std::size_t k = first; k < first + count; ++k) {
      const std::size_t distance = t.outputs[k] >> 8, digit = t.outputs[k] & 0xFF;
      if (digit == 0 || digit > 9 || distance > kMaxDistance || (k > first && distance <= (t.outputs[k - 1] >> 8)))
        bad("output list " + std::to_string(id) + ": output " + std::to_string(t.outputs[k]) + " out of order or range");
    }
    longest[id] = static_cast<std::uint8_t>(t.outputs[first + count - 1] >> 8);
    farthest = std::max<std::size_t>(farthest, longest[id]);
    next_output = first + count;
  }
  if (next_output != t.outputs.size()) bad("outputs after the last output list");

  // The windows, where there are any, are the lists' digits laid out again.
  if (t.windows.empty() != (farthest >= 16)) bad(t.windows.empty() ? "the windows are missing" : "windows for outputs beyond 15 letters");
  if (!t.windows.empty()) {
    if (t.windows.size() != t.lists.size()) bad(std::to_string(t.windows.size()) + " windows for " + std::to_string(t.lists.size()) + " output lists");
    for (std::size_t id = 0; id < t.lists.size(); ++id) {
      Window want{};
      for (std::size_t k = t.lists[id] >> 8, end = k + (t.lists[id] & 0xFF); k < end; ++k)
        want.digits[15 - (t.outputs[k] >> 8)] = static_cast<std::uint8_t>(t.outputs[k]);
      if (std::memcmp(&want, &t.windows[id], sizeof want) != 0) bad("window " + std::to_string(id) + " differs from its output list");
    }
  }

  if (narrow) {
    check_rows(t.narrow.data(), t.states, row, symbols, t.lists.size());
  } else {
    check_rows(t.wide.data(), t.states, row, symbols, t.lists.size());
  }
  // Without windows, apply() writes a digit `distance` gaps back from the current letter; the
  // scratch bytes before the first gap take up to GapValues::kPad. A state's outputs reach no
  // further back than the shortest path to it is long (a pattern is a suffix of what was
  // read), so a valid file never writes before the scratch bytes.
  if (farthest > GapValues::kPad) {
    const auto depth = narrow ? depths(t.narrow.data(), t.states, t.shift, symbols) : depths(t.wide.data(), t.states, t.shift, symbols);
    for (std::size_t s = 0; s < t.states; ++s) {
      const std::size_t list = narrow ? t.narrow[s << t.shift] : t.wide[s << t.shift];
      if (depth[s] != kUnreached && longest[list] > depth[s])
        bad("state " + std::to_string(s) + " has outputs " + std::to_string(longest[list]) + " letters back but is " +
            std::to_string(depth[s]) + " letters deep");
    }
  }

  Automaton a;
  a.owner_ = std::move(owner);
  a.shift_ = t.shift;
  a.narrow_ = t.narrow;
  a.wide_ = t.wide;
  a.lists_ = t.lists;
  a.outputs_ = t.outputs;
  a.windows_ = t.windows;
  a.states_ = t.states;
  a.pattern_count_ = t.pattern_count;
  return a;
}

}  // namespace hyph::patterns
