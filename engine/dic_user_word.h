// libhyphen's dialect's reading of a user dictionary's word (DialectRules::parse_user_word).
#pragma once

#include "engine/model.h"

#include <string_view>

namespace hyph::detail {

/// A word keyed as dic_token_breaks looks words up (lower-cased characters of the
/// dictionary's words, in UTF-8); Error(invalid_argument) for a character that is not one, or
/// a word longer than any that is hyphenated.
UserWord dic_user_word(const Model& model, std::string_view text);

}  // namespace hyph::detail
