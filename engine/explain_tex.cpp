// --explain for TeX's dialect: the word rules of engine/tex_token_breaks.cpp (tex.web §896–§902)
// followed step by step, keeping what they decide on the way; the patterns that matched come
// from the automaton itself (patterns/automaton_matches.h). Not on the hot path: it allocates.
#include "engine/explain.h"
#include "engine/tex_token_breaks.h"

#include "base/utf8.h"
#include "patterns/automaton_matches.h"
#include "patterns/unicode_data.h"

#include <cstring>
#include <optional>
#include <vector>

namespace hyph::detail {
namespace {

struct Letter {
  patterns::LetterInfo info;
  unsigned length = 1;
};

Letter letter_at(const patterns::Alphabet& alphabet, const unsigned char* p, const unsigned char* end) noexcept {
  if (*p < 0x80) return {alphabet.classify_ascii(*p), 1};
  const utf8::Decoded d = utf8::decode(p, end);
  return {d.cp == utf8::kInvalid ? patterns::LetterInfo{} : alphabet.classify(d.cp), d.length};
}

// A pattern's letters (symbols[first..last], '.' for an edge) and digits as a source writes them.
std::string pattern_text(const patterns::Alphabet& alphabet, const patterns::Symbol* symbols, std::size_t first,
                         std::size_t last, const std::uint8_t* digits) {
  std::string text;
  for (std::size_t k = 0; first + k <= last; ++k) {
    if (digits[k] != 0) text += static_cast<char>('0' + digits[k]);
    const patterns::Symbol s = symbols[first + k];
    text += s == patterns::kEdgeSymbol ? std::string_view(".") : alphabet.utf8(s);
  }
  if (digits[last - first + 1] != 0) text += static_cast<char>('0' + digits[last - first + 1]);
  return text;
}

}  // namespace

void explain_tex_token(const Model& model, std::string_view token, std::size_t base, std::vector<WordExplanation>& out) {
  const auto* const begin = reinterpret_cast<const unsigned char*>(token.data());
  const auto* const end = begin + token.size();
  const auto* p = begin;
  // §896: non-letters before the first letter are passed over; an explicit hyphen ends the search.
  Letter letter{};
  for (;; p += letter.length) {
    if (p == end) return;
    if (*p == '-' || (model.dash_hyphens && is_dash_at(p, end))) return;
    letter = letter_at(model.alphabet, p, end);
    if (letter.info) break;
  }
  WordExplanation w;
  w.offset = base + static_cast<std::size_t>(p - begin);
  w.mins = model.mins;
  const bool first_is_lower = letter.info.is_lower;

  // §897: the word is the run of letters, at most 63 of them.
  patterns::Symbol symbols[patterns::kMaxLetters + 2 + SymbolExceptions::kPadding] = {};
  std::size_t n = 0;
  const auto* const word_begin = p;
  std::vector<std::size_t> word_ends;  // the byte offset in w.word after each letter
  std::string key;  // the exception key: the symbols' bytes (other_letter()'s match no exception)
  for (;;) {
    symbols[++n] = letter.info.symbol;
    key += model.alphabet.utf8(letter.info.symbol);
    // Shown: the symbol's letter; a letter no pattern uses (other_letter()) in ICU's lower case.
    const char32_t shown = letter.info.symbol == model.alphabet.other_letter()
                               ? patterns::unicode::lower(utf8::decode(p, end).cp)
                               : model.alphabet.code_point(letter.info.symbol);
    utf8::append(w.word, shown);
    word_ends.push_back(w.word.size());
    p += letter.length;
    w.ends.push_back(base + static_cast<std::size_t>(p - begin));
    if (n == patterns::kMaxLetters || p == end) break;
    letter = letter_at(model.alphabet, p, end);
    if (!letter.info) break;
  }
  w.text.assign(reinterpret_cast<const char*>(word_begin), static_cast<std::size_t>(p - word_begin));

  auto skip = [&](const char* why) {
    w.answer = ExplainAnswer::skipped;
    w.skipped = why;
    out.push_back(std::move(w));
  };
  // §896: with \uchyph <= 0 a word whose first letter is not its own lower case is left alone.
  if (!first_is_lower && model.uchyph <= 0) return skip("uchyph");
  // §899: an explicit hyphen later in the token means no hyphenation at all.
  if (p != end && has_explicit_hyphen(p, end, model.dash_hyphens)) return skip("explicit-hyphen");
  const auto left = static_cast<std::size_t>(model.mins.left);
  const auto right = static_cast<std::size_t>(model.mins.right);
  if (n < left + right) return skip("short");

  // §923, §930-§934: an exception of the lower-case word replaces the patterns entirely.
  std::optional<std::uint64_t> mask;
  if (model.symbol_exceptions.active()) {
    mask = model.symbol_exceptions.find(symbols + 1, n, nullptr);
  } else if (model.exceptions.store().size() != 0) {
    mask = model.exceptions.lookup(key, nullptr);
  }
  symbols[n + 1] = patterns::kEdgeSymbol;
  w.values.assign(n + 1, 0);
  if (mask) {
    w.answer = ExplainAnswer::exception;
    for (std::size_t j = 0; j <= n; ++j) w.values[j] = static_cast<std::uint8_t>((*mask >> j) & 1);
    for (std::size_t j = 1; j <= n; ++j) {
      const std::size_t from = j == 1 ? 0 : word_ends[j - 2];
      w.exception.append(w.word, from, word_ends[j - 1] - from);
      if (j < n && w.values[j] != 0) w.exception += '-';
    }
  } else {
    patterns::GapValues hyf;
    model.automaton.apply(symbols, n + 2, hyf);
    for (std::size_t j = 0; j <= n; ++j) w.values[j] = hyf.at(j);
    patterns::for_each_match(model.automaton, symbols, n + 2, [&](std::size_t first, std::size_t last, const std::uint8_t* digits) {
      w.patterns.push_back({pattern_text(model.alphabet, symbols, first, last, digits), first == 0 ? 0 : first - 1, 0});
    });
  }

  // §902: odd values between the minimums are the breaks.
  for (std::size_t j = 0; j <= n; ++j) {
    if ((w.values[j] & 1) == 0) continue;
    if (j < left) {
      w.dropped.emplace_back(j, "left-min");
    } else if (j + right > n) {
      w.dropped.emplace_back(j, "right-min");
    } else {
      Break b;
      b.offset = w.ends[j - 1];
      b.value = w.values[j];
      w.breaks.push_back(b);
    }
  }
  out.push_back(std::move(w));
}

}  // namespace hyph::detail
