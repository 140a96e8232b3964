// TeX's word rules on the NFC form of a token (Settings::normalization == nfc).
#pragma once

#include "engine/tex_token_breaks.h"

namespace hyph::detail {

/// Finds the breaks of `token` as find_token_breaks does, but with the word taken from the
/// NFC form of the token's text: from the start of the normalization segment of the first code
/// point that is a letter or that NFC may change or combine (nothing before it can change or
/// be a letter). Breaks are mapped back to the token's own bytes through ICU's edits; one
/// inside a span that NFC changed is dropped. Returns false, writing nothing useful, when the
/// raw rules give the same answer or must decide (already normal, a sequence cut short by the
/// end of a streamed piece, ICU failing): the caller then applies tex_raw_token_breaks.
bool tex_nfc_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                      const ExtraExceptions* extra) noexcept;

}  // namespace hyph::detail
