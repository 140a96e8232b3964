#include "engine/word_rules.h"

#include "engine/nfc_token_breaks.h"
#include "engine/separators.h"

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
  const char* const begin = text.data();
  const char* const end = begin + text.size();
  for (const char* p = skip_separators(begin, end); p != end;) {
    const char* const q = next_separator(p, end);
    find_token_breaks(model, std::string_view(p, static_cast<std::size_t>(q - p)), token, counters, extra);
    const auto at = static_cast<std::size_t>(p - begin);
    for (std::size_t k = 0; k < token.count; ++k, ++total)
      if (total < breaks.size()) breaks[total] = at + token.offsets[k];
    p = skip_separators(q, end);
  }
  return total;
}

}  // namespace hyph::detail
