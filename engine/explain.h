// Hyphenator::explain's work, per dialect: every word the word rules look at in a text, with
// the patterns that matched, its value vector and its breaks (include/hyph/explain.h).
#pragma once

#include "engine/model.h"

#include <hyph/explain.h>

#include <string_view>
#include <vector>

namespace hyph::detail {

/// Every word of `text` (all its tokens), by the model's dialect.
std::vector<WordExplanation> explain_text(const Model& model, std::string_view text);

/// TeX's rules on one white-space-free token at `base` in the text: at most one word.
void explain_tex_token(const Model& model, std::string_view token, std::size_t base, std::vector<WordExplanation>& out);

/// libhyphen's rules on one token: each run of word characters.
void explain_dic_token(const Model& model, std::string_view token, std::size_t base, std::vector<WordExplanation>& out);

}  // namespace hyph::detail
