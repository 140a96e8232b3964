// Hyphenator::explain: the text cut into tokens as every front end cuts it, each token given
// to its dialect's explainer (DialectRules::explain_token); and to_text, doc/explain.md's line.
#include "engine/explain.h"
#include "engine/separators.h"

#include <hyph/hyphenator.h>

namespace hyph {
namespace detail {

std::vector<WordExplanation> explain_text(const Model& model, std::string_view text) {
  std::vector<WordExplanation> out;
  const char* const begin = text.data();
  const char* const end = begin + text.size();
  for (const char* p = skip_separators(begin, end); p != end;) {
    const char* const q = next_separator(p, end);
    const std::string_view token(p, static_cast<std::size_t>(q - p));
    const auto base = static_cast<std::size_t>(p - begin);
    model.rules->explain_token(model, token, base, out);
    p = skip_separators(q, end);
  }
  return out;
}

}  // namespace detail

std::vector<WordExplanation> Hyphenator::explain(std::string_view text) const { return detail::explain_text(*model_, text); }

std::string to_text(const WordExplanation& w) {
  std::string line = w.text;
  auto field = [&](std::string_view key, std::string_view value) { line.append("\t").append(key).append("=").append(value); };
  // A list: items separated by one space.
  auto list = [](auto&& items, auto&& item) {
    std::string out;
    for (const auto& x : items) {
      if (!out.empty()) out += ' ';
      out += item(x);
    }
    return out;
  };
  field("at", std::to_string(w.offset));
  field("word", w.word);
  switch (w.answer) {
    case ExplainAnswer::patterns: field("answer", "patterns"); break;
    case ExplainAnswer::exception: field("answer", "exception"); break;
    case ExplainAnswer::skipped: field("answer", std::string("skipped:").append(w.skipped)); break;
  }
  field("mins", std::to_string(w.mins.left).append(",").append(std::to_string(w.mins.right)));
  std::string values;
  for (std::uint8_t v : w.values) values += static_cast<char>('0' + (v <= 9 ? v : 9));
  field("values", values);
  field("breaks", list(w.breaks, [&](const Break& b) {
          std::string item = std::to_string(w.gap_of(b));
          if (b.changes_spelling()) {
            item.append(":").append(std::to_string(b.replaced_before)).append(":").append(std::to_string(b.replaced_after));
            item.append(":").append(b.before).append("=").append(b.after);
          }
          return item;
        }));
  // The text with '-' at each break, and as libhyphen spells a non-standard break.
  std::string hyphenated, spelled;
  std::size_t from = 0, spelled_from = 0;
  for (const Break& b : w.breaks) {
    const std::size_t at = b.offset - w.offset;
    hyphenated.append(w.text, from, at - from).append("-");
    from = at;
    const std::size_t replaced = at - b.replaced_before;
    if (replaced < spelled_from) continue;
    spelled.append(w.text, spelled_from, replaced - spelled_from).append(b.before).append("-").append(b.after);
    spelled_from = at + b.replaced_after;
  }
  hyphenated.append(w.text, std::min(from, w.text.size()));
  spelled.append(w.text, std::min(spelled_from, w.text.size()));
  field("hyphenated", hyphenated);
  field("spelled", spelled);
  field("dropped", list(w.dropped, [](const auto& d) { return std::to_string(d.first).append(":").append(d.second); }));
  field("exception", w.exception);
  field("parts", list(w.parts, [](const auto& p) { return std::to_string(p.first).append("-").append(std::to_string(p.second)); }));
  field("patterns", list(w.patterns, [](const ExplainedPattern& p) {
          std::string item = p.level != 0 ? std::to_string(p.level).append(":") : std::string();
          return item.append(p.text).append("@").append(std::to_string(p.start));
        }));
  return line;
}

}  // namespace hyph
