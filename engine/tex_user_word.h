// TeX's dialect's reading of a user dictionary's word (DialectRules::parse_user_word).
#pragma once

#include "engine/model.h"

#include <string_view>

namespace hyph::detail {

/// A word as TeX's \hyphenation reads it: its key spelled in the model's alphabet, as TeX's
/// token rule builds exception keys; Error(invalid_argument) for a character that is not a
/// letter of the language.
UserWord tex_user_word(const Model& model, std::string_view text);

}  // namespace hyph::detail
