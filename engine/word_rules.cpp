#include "engine/word_rules.h"

namespace hyph::detail {

Break break_at(const Model& model, const TokenBreaks& breaks, std::size_t k, std::size_t base) noexcept {
  Break b;
  b.offset = base + breaks.offsets[k];
  b.value = breaks.values[k];
  if (breaks.replacements && breaks.replacement[k] != 0) {
    b.replaced_before = breaks.replaced_before[k];
    b.replaced_after = breaks.replaced_after[k];
    model.rules->replacement(model, breaks.replacement[k] - 1, b);
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

std::size_t hyphenate_text(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                           LookupCounters* counters) noexcept {
  return hyphenate_text(model, text, breaks, counters, nullptr);
}

std::size_t text_breaks(const Model& model, std::string_view text, std::span<Break> breaks, LookupCounters* counters) noexcept {
  std::size_t total = 0;
  for_each_token(model, text, counters, nullptr, [&](const TokenBreaks& token, std::size_t base) noexcept {
    for (std::size_t k = 0; k < token.count; ++k, ++total)
      if (total < breaks.size()) breaks[total] = break_at(model, token, k, base);
  });
  return total;
}

std::size_t word_breaks(const Model& model, std::string_view word, std::span<Break> breaks) noexcept {
  if (model.rules->whole_word == nullptr) return text_breaks(model, word, breaks, nullptr);
  TokenBreaks token;
  model.rules->whole_word(model, word.size() <= kWholeWordBytes ? word : std::string_view(), token);
  for (std::size_t k = 0; k < token.count && k < breaks.size(); ++k) breaks[k] = break_at(model, token, k, 0);
  return token.count;
}

}  // namespace hyph::detail
