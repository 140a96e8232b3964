#include "patterns/automaton.h"

#include <hyph/error.h>

#include <algorithm>
#include <bit>
#include <limits>
#include <map>

namespace hyph::patterns {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
// The dense table holds states × letters entries; past this (256 MiB while building) a
// pattern set is refused with a clear error rather than exhausting memory. The largest
// hyph-utf8 set, German, needs 55,000 states × 45 letters: 2.5 million; a million random
// patterns over 16 letters need 17 million.
constexpr std::size_t kMaxTableEntries = std::size_t{1} << 26;

// Digits by distance from a pattern's last letter: digits[d].
using Digits = std::vector<std::uint8_t>;

void merge_into(Digits& into, const Digits& from) {
  if (from.size() > into.size()) into.resize(from.size(), 0);
  for (std::size_t d = 0; d < from.size(); ++d) into[d] = std::max(into[d], from[d]);
}

}  // namespace

Automaton Automaton::build(std::span<const ParsedSource> sources, const Alphabet& alphabet) {
  Automaton a;
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
  a.lists_.push_back(0);
  for (std::size_t s = 0; s < states; ++s) {
    std::vector<std::uint16_t> list;
    for (std::size_t d = 0; d < merged[s].size(); ++d)
      if (merged[s][d] != 0) list.push_back(static_cast<std::uint16_t>(d << 8 | merged[s][d]));
    if (list.empty()) continue;
    auto [it, added] = list_ids.emplace(list, static_cast<std::uint32_t>(a.lists_.size()));
    if (added) {
      if (a.outputs_.size() >= (1u << 24)) throw Error(ErrorCode::capacity, "pattern set too large for the automaton");
      a.lists_.push_back(static_cast<std::uint32_t>(a.outputs_.size() << 8 | list.size()));
      a.outputs_.insert(a.outputs_.end(), list.begin(), list.end());
    }
    list_of[s] = it->second;
  }

  std::size_t longest = 0;
  for (const auto& [list, id] : list_ids) longest = std::max<std::size_t>(longest, list.back() >> 8);
  if (longest < 16) {
    a.windows_.assign(a.lists_.size(), Window{});
    for (const auto& [list, id] : list_ids)
      for (std::uint16_t o : list) a.windows_[id].digits[15 - (o >> 8)] = static_cast<std::uint8_t>(o);
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
  if (states <= 0x10000 && a.lists_.size() <= 0x10000) {
    fill(a.narrow_);
  } else {
    fill(a.wide_);
  }
  return a;
}

}  // namespace hyph::patterns
