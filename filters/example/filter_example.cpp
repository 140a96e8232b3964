// The filters module on its own: a membership pre-check in front of a word list, as a spell
// checker or a crawler would put one in front of a slow dictionary.
//
//   filter-example DICTIONARY KIND EPSILON WORD...
//
// Builds a KIND filter (bloom, cuckoo, fuse, ...) over the lines of DICTIONARY at false-
// positive rate EPSILON, prints "maybe" or "no" for each WORD, and the filter's size on
// standard error. Exits 0 when every WORD may be in the dictionary, 1 when one surely is not,
// 2 on a usage error or a file that cannot be read. It links only the filters library.
#include "filters/keyed_filter.h"

#include <hyph/error.h>
#include <hyph/exceptions.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: filter-example DICTIONARY KIND EPSILON WORD...\n";
    return 2;
  }
  const auto kind = hyph::parse_filter_kind(argv[2]);
  if (!kind) {
    std::cerr << "filter-example: unknown filter kind '" << argv[2] << "'\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::cerr << "filter-example: cannot read " << argv[1] << "\n";
    return 2;
  }
  std::vector<std::string> dictionary;
  for (std::string line; std::getline(in, line);) dictionary.push_back(line);

  try {
    const hyph::filters::KeyedFilter<std::string> filter(*kind, dictionary, std::strtod(argv[3], nullptr));
    const hyph::FilterDescription d = filter.describe();
    std::cerr << d.name << ": " << d.keys << " keys, " << d.bits_per_key << " bits/key (theory "
              << d.theoretical_bits_per_key << "), expected false-positive rate " << filter.expected_fp_rate() << "\n";
    bool all_maybe = true;
    for (int k = 4; k < argc; ++k) {
      const bool maybe = filter.maybe_contains(argv[k]);  // hashed in place, no std::string made
      std::cout << argv[k] << '\t' << (maybe ? "maybe" : "no") << '\n';
      all_maybe = all_maybe && maybe;
    }
    return all_maybe ? 0 : 1;
  } catch (const hyph::Error& e) {
    std::cerr << "filter-example: " << e.what() << "\n";
    return 2;
  }
}
