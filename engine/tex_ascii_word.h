// TeX's rules on a token of at most 63 ASCII bytes already classified into bit masks, and the
// breaks from gap values: shared by the ASCII paths of every tier (engine/tex_token_breaks.cpp,
// engine/tex_ascii_avx2.cpp).
#pragma once

#include "engine/model.h"
#include "engine/symbol_exceptions.h"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>

namespace hyph::detail {

// The breaks from the gap values: branch-free (whether a value is odd is a coin toss to the
// predictor), and each value read alone, as the automaton's overlapping 16-byte stores can
// forward a byte but not a 16-byte load across several of them.
inline void collect_breaks(const patterns::GapValues& hyf, std::size_t left, std::size_t last, std::size_t first,
                           TokenBreaks& out) noexcept {
  std::size_t count = out.count;
  for (std::size_t j = left; j <= last; ++j) {
    const std::uint8_t v = hyf.at(j);
    out.values[count] = v;
    out.offsets[count] = first + j;
    count += v & 1u;
  }
  out.count = count;
}

// A word the automaton must walk: its symbols between edges, word[0 .. gaps - 1], the gaps
// whose values may break (left .. last) and the word's offset in the token.
struct WordToWalk {
  patterns::Symbol* word = nullptr;  // null: nothing to walk, `out` has the answer
  std::size_t gaps = 0;
  std::size_t left = 0;
  std::size_t last = 0;
  std::size_t first = 0;
};

// The word between the first letter and the next non-letter, and TeX's rules on it (as
// tex_general_token_breaks has them), from a token of at most 63 ASCII bytes classified already:
// bit i of `letters` and `hyphens` for byte i, symbols[i + 1] the symbol of byte i (0: not a
// letter), with room after the last for the exception table's padding. Sets out.pending and
// out.saw_letter, and out's breaks when the rules or an exception answer; otherwise returns
// the word, which the caller walks and collects into out.
[[gnu::always_inline]] inline WordToWalk ascii_word_breaks(const Model& model, const unsigned char* begin, std::size_t size,
                                                           patterns::Symbol* symbols, std::uint64_t letters,
                                                           std::uint64_t hyphens, TokenBreaks& out,
                                                           LookupCounters* counters) noexcept {
  out.count = 0;
  out.saw_letter = false;
  // §896: the word starts at the first letter; an explicit hyphen before it stops the search.
  const std::uint64_t starts = letters & ~hyphens;
  if (starts == 0) {
    out.pending = hyphens != 0 ? Pending::nothing : Pending::word;
    return {};
  }
  const auto first = static_cast<std::size_t>(std::countr_zero(starts));
  if ((hyphens & ((std::uint64_t{1} << first) - 1)) != 0) {
    out.pending = Pending::nothing;
    return {};
  }
  out.saw_letter = true;
  if (!model.alphabet.classify_ascii(begin[first]).is_lower && model.uchyph <= 0) {
    out.pending = Pending::nothing;
    return {};
  }
  // §897, §899: the run of letters, then no explicit hyphen after it.
  const auto n = static_cast<std::size_t>(std::countr_one(letters >> first));
  const std::size_t after = first + n;
  if (after != size && (hyphens >> after) != 0) {
    out.pending = Pending::nothing;
    return {};
  }
  const bool word_complete = n == patterns::kMaxLetters || after != size;
  const auto left = static_cast<std::size_t>(model.mins.left);
  const auto right = static_cast<std::size_t>(model.mins.right);
  if (n < left + right) {
    out.pending = word_complete ? Pending::nothing : Pending::word;
    return {};
  }
  out.pending = word_complete ? Pending::hyphen_check : Pending::word;

  // The word's symbols in place, between edges: word[1..n].
  patterns::Symbol* const word = symbols + first;
  std::optional<std::uint64_t> exception;
  const SymbolExceptions& by_symbol = model.symbol_exceptions;
  if (by_symbol.active() && by_symbol.may_hold(word + 1, n)) {
    std::memset(word + n + 1, 0, SymbolExceptions::kPadding * sizeof *word);
    exception = by_symbol.find(word + 1, n, counters);
  } else if (by_symbol.active() && counters != nullptr) {
    ++counters->queries, ++counters->store_probes;
  }
  const std::size_t last = n - right;
  if (exception) {
    for (std::size_t j = left; j <= last; ++j)
      if ((*exception >> j) & 1) {
        out.values[out.count] = 1;
        out.offsets[out.count++] = first + j;
      }
    return {};
  }
  word[0] = patterns::kEdgeSymbol;
  word[n + 1] = patterns::kEdgeSymbol;
  return {word, n + 2, left, last, first};
}

}  // namespace hyph::detail
