// The word rules a model answers with, per token and over a whole text: the one entry the
// front ends (Hyphenator, TextStream, UserDictionary, UTF-16 text, the C binding) go through.
// It picks the dialect's per-token function (Model::dialect; today TeX's) and, with
// Normalization::nfc, the normalizing path; a second dialect plugs in here.
#pragma once

#include "engine/model.h"
#include "engine/token_breaks.h"

#include <cstddef>
#include <span>
#include <string_view>

namespace hyph::detail {

/// Finds the breaks the model's rules make in `token`, which must not contain white space,
/// taking the token to end where `token` ends; `pending` tells what longer input could change.
/// `extra`, if given, answers for a word before the model's exceptions.
void find_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                       const ExtraExceptions* extra = nullptr) noexcept;

/// Hyphenator::hyphenate's work, with optional extra exceptions: every token of `text`.
std::size_t hyphenate_text(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                           LookupCounters* counters, const ExtraExceptions* extra) noexcept;

/// The same for UTF-16 text, offsets in code units: the breaks of the same text in UTF-8. An
/// unpaired surrogate is a non-letter, as invalid UTF-8 is (engine/utf16_text.cpp).
std::size_t hyphenate_utf16(const Model& model, std::u16string_view text, std::span<std::size_t> breaks,
                            LookupCounters* counters) noexcept;

}  // namespace hyph::detail
