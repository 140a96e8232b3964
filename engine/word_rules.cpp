#include "engine/word_rules.h"

#include "engine/nfc_token_breaks.h"

namespace hyph::detail {

void find_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                       const ExtraExceptions* extra) noexcept {
  switch (model.dialect) {
    case Dialect::tex:
      if (model.nfc != nullptr) {
        bool ascii = true;
        for (unsigned char c : token) ascii = ascii && c < 0x80;
        if (!ascii && nfc_token_breaks(model, token, out, counters, extra)) return;
      }
      raw_token_breaks(model, token, out, counters, extra);
      return;
  }
}

std::size_t hyphenate_text(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                           LookupCounters* counters, const ExtraExceptions* extra) noexcept {
  std::size_t total = 0;
  TokenBreaks token;
  std::size_t i = 0;
  while (i < text.size()) {
    if (is_word_separator(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && !is_word_separator(static_cast<unsigned char>(text[j]))) ++j;
    find_token_breaks(model, text.substr(i, j - i), token, counters, extra);
    for (std::size_t k = 0; k < token.count; ++k, ++total)
      if (total < breaks.size()) breaks[total] = i + token.offsets[k];
    i = j;
  }
  return total;
}

}  // namespace hyph::detail
