// The answers a program gets word by word through the public API, one line a word, so that
// the runs of tests/tiers/outputs_test.py at each dispatch tier (HYPH_CPU) compare byte for
// byte: Hyphenator::hyphenate's offsets (the call that takes the AVX-512 lean path), then
// Hyphenator::breaks' offsets, values and replacements (the token path).
//
//   tier_answers WORDS (en-us, embedded)
//   tier_answers WORDS --language TAG PATTERNS_DIR | --dic FILE.dic
#include <hyph/cpu_tier.h>
#include <hyph/hyphenator.h>
#include <hyph/languages.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

hyph::Hyphenator load(int argc, char** argv) {
  if (argc == 2) return hyph::Hyphenator::english();
  if (argc == 4 && std::strcmp(argv[2], "--dic") == 0) return hyph::Hyphenator::load_dic(argv[3]);
  if (argc == 5 && std::strcmp(argv[2], "--language") == 0) {
    hyph::LanguageSearch search{.directories = {argv[4]}, .environment = false, .system = false};
    return hyph::load_language(argv[3], {}, {}, search);
  }
  throw std::invalid_argument("usage: tier_answers WORDS [--language TAG PATTERNS_DIR | --dic FILE.dic]");
}

}  // namespace

int main(int argc, char** argv) try {
  hyph::check_cpu_tier_variable();
  const hyph::Hyphenator h = load(argc, argv);
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) throw std::runtime_error(std::string("cannot open ") + argv[1]);
  std::string word, out;
  std::vector<std::size_t> offsets;
  std::vector<hyph::Break> breaks;
  while (std::getline(in, word)) {
    offsets.resize(word.size() + 1);
    breaks.resize(word.size() + 1);
    out += word;
    out += '\t';
    const std::size_t n = h.hyphenate(word, offsets);
    for (std::size_t i = 0; i < n; ++i) out += std::to_string(offsets[i]) + ' ';
    out += '\t';
    const std::size_t m = h.breaks(word, breaks);
    for (std::size_t i = 0; i < m; ++i) {
      const hyph::Break& b = breaks[i];
      out += std::to_string(b.offset) + ':' + std::to_string(b.value);
      if (b.replaced_before + b.replaced_after != 0)
        out += '[' + std::to_string(b.replaced_before) + ',' + std::to_string(b.replaced_after) + ',' + std::string(b.before) + '|' +
               std::string(b.after) + ']';
      out += ' ';
    }
    out += '\n';
    if (out.size() > (1 << 16)) {
      std::fwrite(out.data(), 1, out.size(), stdout);
      out.clear();
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return std::fflush(stdout) == 0 ? 0 : 1;
} catch (const std::exception& e) {
  std::fprintf(stderr, "tier_answers: %s\n", e.what());
  return 1;
}
