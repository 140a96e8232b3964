// Fuzz target: TeX sources with \patterns{...}, \hyphenation{...} and \lccode. The input is
// the file. A load either fails with ParseError/Error or gives a hyphenator that agrees
// with naive Liang on words made of the patterns' and exceptions' letters.
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const hyph::Source source{"fuzz.tex", std::string(fuzz::as_text(data, size)), hyph::SourceFormat::tex};
  hyph::Settings settings;
  settings.left_min = static_cast<int>(size % 3);
  settings.right_min = static_cast<int>(size / 3 % 3);
  settings.letters = size / 9 % 2 ? hyph::LetterPolicy::unicode : hyph::LetterPolicy::pattern_letters;
  std::optional<hyph::Hyphenator> h;
  if (!fuzz::try_load(source, settings, h)) return 0;
  const hyph::patterns::ParsedSource parsed = hyph::patterns::read_source(source);
  FUZZ_CHECK(h->pattern_count() == parsed.patterns.size(), "%zu patterns loaded, %zu read", h->pattern_count(),
             parsed.patterns.size());
  fuzz::check_words_of(*h, std::span(&parsed, 1));
  return 0;
}
