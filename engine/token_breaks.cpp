#include "engine/token_breaks.h"

#include "base/utf8.h"

#include <bit>
#include <cstring>
#include <optional>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace hyph::detail {
namespace {

using patterns::LetterInfo;

struct Step {
  LetterInfo info;
  unsigned length;
};

inline Step classify_at(const patterns::Alphabet& alphabet, const unsigned char* p, const unsigned char* end) noexcept {
  if (*p < 0x80) return {alphabet.classify_ascii(*p), 1};
  const utf8::Decoded d = utf8::decode(p, end);
  return {d.cp == utf8::kInvalid ? LetterInfo{} : alphabet.classify(d.cp), d.length};
}


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

// raw_token_breaks for a token of at most 63 bytes, all ASCII (nearly every token of running
// text), when the model's symbol table answers for its exceptions: every byte classified by
// one table load in one pass, with no UTF-8 decoding and no branch on what it is; the word,
// the hyphens around it and the first letter's case then come from bit masks. Answers exactly
// as the general path; false (nothing written) for a token it does not take.
}  // namespace

bool ascii_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters) noexcept {
  const auto* const begin = reinterpret_cast<const unsigned char*>(token.data());
  const std::size_t size = token.size();
  static_assert(patterns::kMaxLetters < 64);
  if (size > patterns::kMaxLetters || !model.symbol_exceptions.complete()) return false;
  const std::uint32_t* const direct = model.alphabet.tables().direct.data();
  // symbols[i + 1]: the symbol of byte i (0: not a letter); room after the last for the
  // exception table's padding.
  // symbols[i + 1]: the symbol of byte i (0: not a letter); room after the last for the
  // exception table's padding.
  patterns::Symbol symbols[patterns::kMaxLetters + 2 + SymbolExceptions::kPadding];
  // Last byte first, so that each mask grows by a shift of one (a shift by a variable count
  // costs three micro-ops); explicit hyphens are rare, so their mask is built only if needed.
  std::uint64_t letters = 0, hyphens = 0;
  unsigned any = 0, dash = 0;
  for (std::size_t i = size; i-- > 0;) {
    const unsigned c = begin[i];
    any |= c;
    const auto symbol = static_cast<patterns::Symbol>(direct[c & 0x7F]);
    symbols[i + 1] = symbol;
    letters = letters << 1 | std::uint64_t{symbol != 0};
    dash |= unsigned{c == '-'};
  }
  if (dash != 0)
    for (std::size_t i = 0; i < size; ++i) hyphens |= std::uint64_t{begin[i] == '-'} << i;
  if (any >= 0x80) return false;

  out.count = 0;
  out.saw_letter = false;
  // §896: the word starts at the first letter; an explicit hyphen before it stops the search.
  const std::uint64_t starts = letters & ~hyphens;
  if (starts == 0) {
    out.pending = hyphens != 0 ? Pending::nothing : Pending::word;
    return true;
  }
  const auto first = static_cast<std::size_t>(std::countr_zero(starts));
  if ((hyphens & ((std::uint64_t{1} << first) - 1)) != 0) {
    out.pending = Pending::nothing;
    return true;
  }
  out.saw_letter = true;
  if ((direct[begin[first]] >> 16) == 0 && model.uchyph <= 0) {
    out.pending = Pending::nothing;
    return true;
  }
  // §897, §899: the run of letters, then no explicit hyphen after it.
  const auto n = static_cast<std::size_t>(std::countr_one(letters >> first));
  const std::size_t after = first + n;
  if (after != size && (hyphens >> after) != 0) {
    out.pending = Pending::nothing;
    return true;
  }
  const bool word_complete = n == patterns::kMaxLetters || after != size;
  const auto left = static_cast<std::size_t>(model.mins.left);
  const auto right = static_cast<std::size_t>(model.mins.right);
  if (n < left + right) {
    out.pending = word_complete ? Pending::nothing : Pending::word;
    return true;
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
    return true;
  }
  word[0] = patterns::kEdgeSymbol;
  word[n + 1] = patterns::kEdgeSymbol;
  patterns::GapValues hyf;
  model.automaton.apply(word, n + 2, hyf);
  collect_breaks(hyf, left, last, first, out);
  return true;
}

bool has_explicit_hyphen(const unsigned char* p, const unsigned char* end, bool dashes) noexcept {
  const auto n = static_cast<std::size_t>(end - p);
  if (std::memchr(p, '-', n) != nullptr) return true;
  if (!dashes) return false;
  for (const unsigned char* q = p; (q = static_cast<const unsigned char*>(std::memchr(q, 0xE2, static_cast<std::size_t>(end - q)))) != nullptr; ++q)
    if (is_dash_at(q, end)) return true;
  return false;
}

void raw_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                      const ExtraExceptions* extra) noexcept {
  if (extra != nullptr || !ascii_token_breaks(model, token, out, counters)) general_token_breaks(model, token, out, counters, extra);
}

void general_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                          const ExtraExceptions* extra) noexcept {
  out.count = 0;
  out.pending = Pending::word;
  out.saw_letter = false;
  const auto* const begin = reinterpret_cast<const unsigned char*>(token.data());
  const auto* const end = begin + token.size();
  const auto* p = begin;

  // §896: skip non-letters up to the first letter. The empty discretionary TeX puts after
  // an explicit '-' is not a character, so it ends the search: "e-mail", "10-point".
  // (XeTeX's format puts one after an en or em dash too: Model::dash_hyphens.)
  Step step{};
  for (;; p += step.length) {
    if (p == end) return;
    if (*p == '-' || (model.dash_hyphens && is_dash_at(p, end))) {
      out.pending = Pending::nothing;
      return;
    }
    step = classify_at(model.alphabet, p, end);
    if (step.info) break;
  }
  out.saw_letter = true;
  // §896: with \uchyph <= 0 a word whose first letter is not its own lower case is skipped.
  if (!step.info.is_lower && model.uchyph <= 0) {
    out.pending = Pending::nothing;
    return;
  }

  // §897: the word is the run of letters, at most 63 of them. Most words are ASCII letters
  // only: each is one table load, and a letter j of that run ends at byte first + j, so
  // only the letters after the run (from `ascii` on) record where they end.
  patterns::Symbol symbols[patterns::kMaxLetters + 2 + SymbolExceptions::kPadding];
  std::size_t letter_end[patterns::kMaxLetters + 1];
  symbols[0] = patterns::kEdgeSymbol;
  const auto first = static_cast<std::size_t>(p - begin);  // letter j (j <= ascii) ends at first + j
  std::size_t n = 0;
  bool more = true;  // `step` holds the next letter
  while (step.length == 1) {
    symbols[++n] = step.info.symbol;
    if (++p == end || n == patterns::kMaxLetters) {
      more = false;
      break;
    }
    step = classify_at(model.alphabet, p, end);
    if (!step.info) {
      more = false;
      break;
    }
  }
  const std::size_t ascii = n;
  while (more) {
    symbols[++n] = step.info.symbol;
    p += step.length;
    letter_end[n] = static_cast<std::size_t>(p - begin);
    if (n == patterns::kMaxLetters || p == end) break;
    step = classify_at(model.alphabet, p, end);
    more = static_cast<bool>(step.info);
  }
  // The word may go on if the token piece ends in it, or in a letter's first bytes.
  const bool word_complete = n == patterns::kMaxLetters || (p != end && !utf8::truncated(p, end));

  // §899: characters after the word are passed over; an explicit hyphen's discretionary
  // means TeX does not hyphenate at all ("ab-bot's" yes, "well-known" no).
  if (p != end && has_explicit_hyphen(p, end, model.dash_hyphens)) {
    out.pending = Pending::nothing;
    return;
  }
  const std::size_t left = static_cast<std::size_t>(model.mins.left);
  const std::size_t right = static_cast<std::size_t>(model.mins.right);
  if (n < left + right) {
    out.pending = word_complete ? Pending::nothing : Pending::word;
    return;
  }
  out.pending = word_complete ? Pending::hyphen_check : Pending::word;

  // §923, §930-§934: an exception of the lower-case word replaces the patterns entirely.
  // Extra exceptions (loaded last) answer first; the model's answer from its symbol table
  // when it has one, else from its index by the word's UTF-8 key.
  const SymbolExceptions& by_symbol = model.symbol_exceptions;
  std::optional<std::uint64_t> breaks;
  if (extra != nullptr || (!by_symbol.active() && model.exceptions.store().size() != 0)) {
    char key[patterns::kMaxLetters * 4 + 4];
    std::size_t key_length = 0;
    for (std::size_t j = 1; j <= n; ++j) key_length += model.alphabet.write_utf8(symbols[j], key + key_length);
    const std::string_view k(key, key_length);
    if (extra != nullptr) breaks = extra->find(k);
    if (!breaks && !by_symbol.active() && model.exceptions.store().size() != 0) breaks = model.exceptions.lookup(k, counters);
  }
  if (!breaks && by_symbol.active()) {
    std::memset(symbols + n + 1, 0, SymbolExceptions::kPadding * sizeof *symbols);
    breaks = by_symbol.find(symbols + 1, n, counters);
  }
  patterns::GapValues hyf;
  if (breaks) {
    for (std::size_t j = 0; j <= n; ++j) hyf.bytes[patterns::GapValues::kPad + j] = static_cast<std::uint8_t>((*breaks >> j) & 1);
  } else {
    symbols[n + 1] = patterns::kEdgeSymbol;
    model.automaton.apply(symbols, n + 2, hyf);
  }

  // §902: odd values between the minimums are the breaks.
  auto offset_of = [&](std::size_t j) { return j <= ascii ? first + j : letter_end[j]; };
  const std::size_t last = n - right;  // the breaks are at gaps left..last
#if defined(__SSE2__)
  // Sixteen gaps at a time: each value's lowest bit moved to its sign bit, one bit a gap.
  for (std::size_t from = left; from <= last; from += 16) {
    const __m128i values = _mm_loadu_si128(reinterpret_cast<const __m128i*>(hyf.bytes + patterns::GapValues::kPad + from));
    auto odd = static_cast<unsigned>(_mm_movemask_epi8(_mm_slli_epi64(values, 7)));
    if (last - from < 15) odd &= (2u << (last - from)) - 1;
    for (; odd != 0; odd &= odd - 1) {
      const std::size_t j = from + static_cast<std::size_t>(std::countr_zero(odd));
      out.values[out.count] = hyf.at(j);
      out.offsets[out.count++] = offset_of(j);
    }
  }
#else
  for (std::size_t j = left; j <= last; ++j)
    if (hyf.at(j) & 1) {
      out.values[out.count] = hyf.at(j);
      out.offsets[out.count++] = offset_of(j);
    }
#endif
}

}  // namespace hyph::detail
