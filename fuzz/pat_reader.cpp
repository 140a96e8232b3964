// Fuzz target: hyph-utf8 *.pat.txt pattern lists. The input is the file. A load either
// fails with ParseError/Error or gives a hyphenator that agrees with naive Liang on words
// made of the patterns' letters.
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::check_one_source(data, size, "fuzz.pat.txt", hyph::SourceFormat::pattern_list);
  return 0;
}
