// Fuzz target: hyph-utf8 *.hyp.txt exception lists. The input is the file. A load either
// fails with ParseError/Error or gives a hyphenator whose every exception word hyphenates
// as listed (the last listing of a word winning), whatever filter is in front of the store.
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const hyph::Source source{"fuzz.hyp.txt", std::string(fuzz::as_text(data, size)), hyph::SourceFormat::exception_list};
  const auto kinds = hyph::filter_kinds();  // every kind this build knows
  hyph::Settings settings;
  settings.left_min = 1;
  settings.right_min = 1;
  settings.exceptions.filter = kinds[size % kinds.size()];
  settings.exceptions.fp_rate = size % 7 == 0 ? 0.5 : 0.01;
  settings.letters = size / kinds.size() % 2 ? hyph::LetterPolicy::unicode : hyph::LetterPolicy::pattern_letters;
  std::optional<hyph::Hyphenator> h;
  if (!fuzz::try_load(source, settings, h)) return 0;
  const hyph::patterns::ParsedSource parsed = hyph::patterns::read_source(source);
  FUZZ_CHECK(h->pattern_count() == 0, "%zu patterns from an exception list", h->pattern_count());
  fuzz::check_words_of(*h, std::span(&parsed, 1), 256);
  return 0;
}
