// hyph-utf8's plain lists: *.pat.txt (patterns) and *.hyp.txt (exceptions), white-space separated.
#include "patterns/readers.h"
#include "patterns/words.h"

namespace hyph::patterns {
namespace {

bool is_space(char32_t cp) { return cp == U' ' || cp == U'\t' || cp == U'\n' || cp == U'\r' || cp == U'\f' || cp == U'\v'; }

template <typename OnWord>
void for_each_word(SourceText& text, OnWord on_word) {
  std::vector<Located> word;
  while (!text.at_end()) {
    Located c = text.next();
    if (is_space(c.cp)) {
      if (!word.empty()) on_word(word);
      word.clear();
    } else {
      word.push_back(c);
    }
  }
  if (!word.empty()) on_word(word);
}

}  // namespace

ParsedSource read_pattern_list(const Source& source) {
  SourceText text(source);
  LetterRules letters;
  ParsedSource out;
  for_each_word(text, [&](const std::vector<Located>& w) { add_pattern(out.patterns, parse_pattern(w, letters, text)); });
  return out;
}

ParsedSource read_exception_list(const Source& source) {
  SourceText text(source);
  LetterRules letters;
  ParsedSource out;
  for_each_word(text, [&](const std::vector<Located>& w) { out.exceptions.push_back(parse_exception(w, letters, text)); });
  return out;
}

ParsedSource read_source(const Source& source) {
  switch (source.format) {
    case SourceFormat::pattern_list: return read_pattern_list(source);
    case SourceFormat::exception_list: return read_exception_list(source);
    case SourceFormat::tex: return read_tex(source);
    case SourceFormat::detect: break;
  }
  const std::string& n = source.name;
  auto ends_with = [&](std::string_view suffix) { return n.size() >= suffix.size() && n.compare(n.size() - suffix.size(), suffix.size(), suffix) == 0; };
  if (ends_with(".pat.txt")) return read_pattern_list(source);
  if (ends_with(".hyp.txt")) return read_exception_list(source);
  if (ends_with(".tex") || source.text.find("\\patterns") != std::string::npos ||
      source.text.find("\\hyphenation") != std::string::npos)
    return read_tex(source);
  throw Error(ErrorCode::parse, source.name +
                                    ": cannot tell the format: name it *.pat.txt, *.hyp.txt or *.tex, or use a TeX "
                                    "file with \\patterns{} or \\hyphenation{}");
}

}  // namespace hyph::patterns
