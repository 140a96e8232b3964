// libhyphen's word rules for one white-space-free token: every maximal run of word characters
// (Unicode letters and marks, and the characters the dictionary's patterns use) is a word,
// lower-cased code point by code point (ICU's simple mapping), spelled in the dictionary's
// charset and answered as hnj_hyphen_hyphenate3 with the model's minimums.
#pragma once

#include "engine/token_breaks.h"

namespace hyph::detail {

/// Fills `out` as find_token_breaks does, for a model of Dialect::libhyphen. Words whose breaks
/// no longer fit end the call early (`more`, `settled`). A word that cannot be spelled in the
/// dictionary's charset, or that has more than kDicMaxWordChars characters, gets no breaks.
/// `extra` (a UserDictionary) answers for a lower-case word before the dictionary.
void dic_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, const ExtraExceptions* extra) noexcept;

/// Hyphenator::hyphenate's answer for a model of Dialect::libhyphen, as hyphenate_text gives
/// it: a text that is one word of 2 to 30 ASCII letters (the commonest call) goes straight to
/// the dictionary's fast path, without the token's bookkeeping; any other text, or a word the
/// fast path does not take, through hyphenate_text.
std::size_t dic_hyphenate_text(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                               LookupCounters* counters) noexcept;

/// Fills `out` with the breaks of `word` taken whole, every character of it, as libhyphen's
/// callers (pyphen, LibreOffice) hand a word they cut themselves to hnj_hyphen_hyphenate3:
/// lower-cased as above; a character the dictionary's charset cannot spell, or invalid UTF-8,
/// is passed as '?'. A word of more than kDicMaxWordChars characters gets no breaks.
void dic_word_breaks(const Model& model, std::string_view word, TokenBreaks& out) noexcept;

}  // namespace hyph::detail
