#include "patterns/automaton.h"

#include <hyph/error.h>

#include <algorithm>
#include <limits>

namespace hyph::patterns {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

// Digits by distance from a pattern's last letter: digits[d].
using Digits = std::vector<std::uint8_t>;

void merge_into(Digits& into, const Digits& from) {
  if (from.size() > into.size()) into.resize(from.size(), 0);
  for (std::size_t d = 0; d < from.size(); ++d) into[d] = std::max(into[d], from[d]);
}

}  // namespace

Automaton Automaton::build(std::span<const ParsedSource> sources, const Alphabet& alphabet) {
  Automaton a;
  a.width_ = static_cast<std::uint32_t>(alphabet.size());
  const std::uint32_t w = a.width_;

  // 1. The trie: next_ holds kNone where there is no child yet.
  a.next_.assign(w, kNone);
  std::vector<Digits> own(1);
  std::vector<const Pattern*> owner(1, nullptr);
  for (const ParsedSource& source : sources) {
    for (const Pattern& p : source.patterns) {
      std::uint32_t s = 0;
      for (char32_t c : p.letters) {
        const Symbol sym = c == kEdge ? kEdgeSymbol : alphabet.symbol_of(c);
        std::uint32_t& child = a.next_[s * w + sym];
        if (child == kNone) {
          child = static_cast<std::uint32_t>(own.size());
          own.emplace_back();
          owner.push_back(nullptr);
          a.next_.resize(a.next_.size() + w, kNone);
        }
        s = a.next_[s * w + sym];
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
    std::uint32_t& t = a.next_[c];
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
      std::uint32_t& t = a.next_[u * w + c];
      if (t == kNone) {
        t = a.next_[fail[u] * w + c];
      } else {
        fail[t] = a.next_[fail[u] * w + c];
        queue.push_back(t);
      }
    }
  }

  // 3. Flatten the outputs.
  a.outputs_of_.resize(states);
  for (std::size_t s = 0; s < states; ++s) {
    const std::size_t first = a.outputs_.size();
    for (std::size_t d = 0; d < merged[s].size(); ++d)
      if (merged[s][d] != 0) a.outputs_.push_back(static_cast<std::uint16_t>(d << 8 | merged[s][d]));
    const std::size_t count = a.outputs_.size() - first;
    if (first >= (1u << 24)) throw Error(ErrorCode::capacity, "pattern set too large for the automaton");
    a.outputs_of_[s] = static_cast<std::uint32_t>(first << 8 | count);
  }
  return a;
}

}  // namespace hyph::patterns
