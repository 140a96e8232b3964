#include "engine/word_rules.h"

#include "engine/dic_part.h"
#include "engine/dic_token_breaks.h"
#include "engine/nfc_token_breaks.h"

namespace hyph::detail {

void find_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                       const ExtraExceptions* extra) noexcept {
  switch (model.dialect) {
    case Dialect::tex:
      out.more = false;
      out.replacements = false;
#ifndef HYPH_NO_ICU  // without ICU, model.nfc is always null (engine/model.cpp)
      if (model.nfc != nullptr) {
        bool ascii = true;
        for (unsigned char c : token) ascii = ascii && c < 0x80;
        if (!ascii && nfc_token_breaks(model, token, out, counters, extra)) return;
      }
#endif
      raw_token_breaks(model, token, out, counters, extra);
      return;
    case Dialect::libhyphen:
      dic_token_breaks(model, token, out, extra);
      return;
  }
}

Break break_at(const Model& model, const TokenBreaks& breaks, std::size_t k, std::size_t base) noexcept {
  Break b;
  b.offset = base + breaks.offsets[k];
  b.value = breaks.values[k];
  if (breaks.replacements && breaks.replacement[k] != 0) {
    const DicReplacementText& r = model.dic->replacements[breaks.replacement[k] - 1];
    b.replaced_before = breaks.replaced_before[k];
    b.replaced_after = breaks.replaced_after[k];
    b.before = r.before;
    b.after = r.after;
  }
  return b;
}

std::size_t hyphenate_text(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                           LookupCounters* counters, const ExtraExceptions* extra) noexcept {
  std::size_t total = 0;
  std::size_t* const out = breaks.data();
  const std::size_t capacity = breaks.size();
  for_each_token(model, text, counters, extra, [&](const TokenBreaks& token, std::size_t base) noexcept {
    std::size_t t = total;
    for (std::size_t k = 0; k < token.count; ++k, ++t)
      if (t < capacity) out[t] = base + token.offsets[k];
    total = t;
  });
  return total;
}

std::size_t text_breaks(const Model& model, std::string_view text, std::span<Break> breaks, LookupCounters* counters) noexcept {
  std::size_t total = 0;
  for_each_token(model, text, counters, nullptr, [&](const TokenBreaks& token, std::size_t base) noexcept {
    for (std::size_t k = 0; k < token.count; ++k, ++total)
      if (total < breaks.size()) breaks[total] = break_at(model, token, k, base);
  });
  return total;
}

}  // namespace hyph::detail
