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


}  // namespace

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
