#include "patterns/words.h"

#include <string>
#include <utility>

namespace hyph::patterns {

Pattern parse_pattern(const std::vector<Located>& word, const LetterRules& letters, const SourceText& text) {
  Pattern p;
  p.where = word.front().where;
  p.values.push_back(0);
  bool digit_pending = false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    const Located& c = word[i];
    if (c.cp >= U'0' && c.cp <= U'9') {
      // tex.web §962: a second digit in a row is read as a letter, and is a "Nonletter".
      if (digit_pending) text.fail(c.where, "Nonletter: two digits in a row in pattern");
      p.values.back() = static_cast<std::uint8_t>(c.cp - U'0');
      digit_pending = true;
      continue;
    }
    digit_pending = false;
    char32_t letter;
    if (c.cp == kEdge) {
      if (i != 0 && i + 1 != word.size() && !(i + 2 == word.size() && word.back().cp >= U'0' && word.back().cp <= U'9'))
        text.fail(c.where, "'.' (word edge) inside a pattern; it may only begin or end one");
      letter = kEdge;
    } else if (auto lower = letters.lower(c.cp)) {
      letter = *lower;
    } else {
      text.fail(c.where, "Nonletter " + describe_code_point(c.cp) + " in pattern");
    }
    if (p.letters.size() == kMaxLetters) text.fail(c.where, "pattern has more than 63 letters");
    p.letters.push_back(letter);
    p.values.push_back(0);
  }
  if (p.letters.empty()) text.fail(p.where, "pattern has no letters");
  if (p.letters == U"." || p.letters == U"..") text.fail(p.where, "pattern has only word edges");
  return p;
}

void add_pattern(std::vector<Pattern>& patterns, Pattern p) {
  if (patterns.size() == kMaxPatterns)
    throw ParseError(ErrorCode::capacity, p.where,
                     "pattern set too large: more than the " + std::to_string(kMaxPatterns) + " patterns a set may have");
  patterns.push_back(std::move(p));
}

Exception parse_exception(const std::vector<Located>& word, const LetterRules& letters, const SourceText& text) {
  Exception e;
  e.where = word.front().where;
  for (const Located& c : word) {
    if (c.cp == U'-') {
      // tex.web §939: breaks past the 63rd letter are dropped.
      if (e.letters.size() < kMaxLetters) e.breaks |= std::uint64_t{1} << e.letters.size();
      continue;
    }
    auto lower = letters.lower(c.cp);
    if (!lower) text.fail(c.where, "Not a letter: " + describe_code_point(c.cp) + " in hyphenation exception");
    if (e.letters.size() < kMaxLetters) e.letters.push_back(*lower);
  }
  if (e.letters.empty()) text.fail(e.where, "hyphenation exception has no letters");
  return e;
}

}  // namespace hyph::patterns
