// The word rules a model answers with, per token and over a whole text: the one entry the
// front ends (Hyphenator, TextStream, UserDictionary, UTF-16 text, the C binding) go through.
// It reads the dialect's table (Model::rules, engine/dialect.h) and knows no dialect itself.
#pragma once

#include "engine/dialect.h"
#include "engine/model.h"
#include "engine/separators.h"

#include <hyph/breaks.h>

#include <cstddef>
#include <span>
#include <string_view>

namespace hyph::detail {

/// Finds the breaks the model's rules make in `token`, which must not contain white space,
/// taking the token to end where `token` ends; `pending` tells what longer input could change.
/// `extra`, if given, answers for a word before the model's exceptions.
inline void find_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                              const ExtraExceptions* extra = nullptr) noexcept {
  model.rules->token_breaks(model, token, out, counters, extra);
}

/// Calls visit(breaks, base) with the breaks of every token of `text` in order, `base` being
/// the offset in `text` of the piece they were found in (a token whose breaks do not fit one
/// TokenBreaks comes in several pieces: TokenBreaks::more).
template <class Visit>
void for_each_token(const Model& model, std::string_view text, LookupCounters* counters, const ExtraExceptions* extra,
                    Visit&& visit) {
  TokenBreaks token;
  const char* const begin = text.data();
  const char* const end = begin + text.size();
  // Most tokens are short: the dialect's own path for them first, where it has one.
  const auto short_token = extra == nullptr ? model.rules->short_token : nullptr;
  // Prose's commonest tokens ("the", "of", "a") are too short for a break.
  const std::size_t unbroken_below = model.rules->short_tokens_unbroken ? static_cast<std::size_t>(model.mins.left + model.mins.right) : 0;
  for (const char* p = skip_separators(begin, end); p != end;) {
    const char* const q = next_separator(p, end);
    if (static_cast<std::size_t>(q - p) < unbroken_below) {
      p = skip_separators(q, end);
      continue;
    }
    if (short_token != nullptr && short_token(model, std::string_view(p, static_cast<std::size_t>(q - p)), token, counters)) {
      visit(static_cast<const TokenBreaks&>(token), static_cast<std::size_t>(p - begin));
      p = skip_separators(q, end);
      continue;
    }
    const auto j = static_cast<std::size_t>(q - begin);
    for (auto from = static_cast<std::size_t>(p - begin);;) {
      find_token_breaks(model, text.substr(from, j - from), token, counters, extra);
      visit(static_cast<const TokenBreaks&>(token), from);
      if (!token.more) break;
      from += token.settled;
    }
    p = skip_separators(q, end);
  }
}

/// The k-th break of `breaks` as the public Break, `base` added to its offset.
Break break_at(const Model& model, const TokenBreaks& breaks, std::size_t k, std::size_t base) noexcept;

/// Hyphenator::hyphenate's work, with optional extra exceptions: every token of `text`.
std::size_t hyphenate_text(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                           LookupCounters* counters, const ExtraExceptions* extra) noexcept;
/// The same without extra exceptions. Its six arguments all travel in registers, so a caller
/// can end in a jump to it (hyphenate_any, the commonest call).
std::size_t hyphenate_text(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                           LookupCounters* counters) noexcept;

/// The same for UTF-16 text, offsets in code units: the breaks of the same text in UTF-8. An
/// unpaired surrogate is a non-letter, as invalid UTF-8 is (engine/utf16_text.cpp).
std::size_t hyphenate_utf16(const Model& model, std::u16string_view text, std::span<std::size_t> breaks,
                            LookupCounters* counters) noexcept;

/// Hyphenator::breaks's work: every break with its value and replacement.
std::size_t text_breaks(const Model& model, std::string_view text, std::span<Break> breaks, LookupCounters* counters) noexcept;
/// visit(context, b) for every break of UTF-16 text, as text_breaks_utf16 finds them (visit
/// must not throw).
void visit_breaks_utf16(const Model& model, std::u16string_view text, void (*visit)(void*, const Break&), void* context,
                        LookupCounters* counters) noexcept;
/// The same for UTF-16 text (offsets and replaced lengths in code units).
std::size_t text_breaks_utf16(const Model& model, std::u16string_view text, std::span<Break> breaks,
                              LookupCounters* counters) noexcept;
/// Hyphenator::hyphenate's work: the dialect's one-word path, else hyphenate_text.
inline std::size_t hyphenate_any(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                                 LookupCounters* counters) noexcept {
  // Either way a jump, not a call: the caller keeps nothing across it, so the commonest call
  // saves no registers (the one-word path itself hands other texts on, also in a jump).
  if (model.rules->one_word == nullptr) return hyphenate_text(model, text, breaks, counters);
  return model.rules->one_word(model, text, breaks, counters);
}

/// Hyphenator::word_breaks's work: DialectRules::whole_word where the dialect has it, else the
/// word read as text.
std::size_t word_breaks(const Model& model, std::string_view word, std::span<Break> breaks) noexcept;
/// The same for a UTF-16 word (whole_word on its UTF-8 form, an unpaired surrogate as three
/// invalid bytes), offsets in code units.
std::size_t word_breaks_utf16(const Model& model, std::u16string_view word, std::span<Break> breaks) noexcept;

}  // namespace hyph::detail
