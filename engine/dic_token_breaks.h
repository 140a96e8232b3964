// libhyphen's word rules for one white-space-free token: every maximal run of word characters
// (Unicode letters and marks, and the characters the dictionary's patterns use) is a word,
// lower-cased code point by code point (ICU's simple mapping), spelled in the dictionary's
// charset and answered as hnj_hyphen_hyphenate3 with the model's minimums.
#pragma once

#include "engine/dialect.h"

#include <cstddef>
#include <span>
#include <string_view>

namespace hyph::detail {

/// libhyphen's token rule (DialectRules::token_breaks; `counters` are not kept: the dialect has
/// no exception index). Words whose breaks
/// no longer fit end the call early (`more`, `settled`). A word that cannot be spelled in the
/// dictionary's charset, or that has more than kDicMaxWordChars characters, gets no breaks.
/// `extra` (a UserDictionary) answers for a lower-case word before the dictionary.
void dic_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                      const ExtraExceptions* extra) noexcept;

/// DialectRules::one_word: a text that is one word of 2 to 30 ASCII letters (the commonest
/// call) straight to the dictionary's fast path, without the token's bookkeeping; hyphenate_text for
/// any other text, or a word the fast path does not take.
std::size_t dic_one_word(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                               LookupCounters* counters) noexcept;

/// DialectRules::whole_word: fills `out` with the breaks of `word` taken whole, every character of it, as libhyphen's
/// callers (pyphen, LibreOffice) hand a word they cut themselves to hnj_hyphen_hyphenate3:
/// lower-cased as above; a character the dictionary's charset cannot spell, or invalid UTF-8,
/// is passed as '?'. A word of more than kDicMaxWordChars characters gets no breaks.
void dic_whole_word(const Model& model, std::string_view word, TokenBreaks& out) noexcept;

/// DialectRules::piece_step: words never span TokenBreaks::settled; a run of word characters
/// that fills what is held is longer than any word that is hyphenated (skip_word_run).
PieceStep dic_piece_step(std::string_view held, bool token_ends, const TokenBreaks& found) noexcept;

/// DialectRules::in_word_run: whether `c` continues a run of word characters (an invalid byte
/// or a lone surrogate does not), as dic_token_breaks reads words.
bool dic_in_word_run(const Model& model, char32_t c) noexcept;

/// DialectRules::replacement: the dictionary's k-th replacement text (DicPart::replacements).
void dic_replacement(const Model& model, std::uint32_t k, Break& b) noexcept;

}  // namespace hyph::detail
