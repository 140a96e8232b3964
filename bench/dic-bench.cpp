// libhyph's libhyphen dialect against libhyphen itself, in one run: load time of a `.dic`
// file and ns per word through hyphenate2, for word lists in the dictionary's charset.
//   dic-bench DICT WORDS [DICT WORDS ...]      (WORDS: one lower-case word a line, in the
//                                               dictionary's charset)
// Prints each figure and the ratio; no limit is asserted (speed is not a test).
#include "dic/dictionary.h"

#include <hyphen.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::vector<std::string> read_words(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<std::string> words;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line.size() < 200) words.push_back(line);
  return words;
}

template <class F>
double best_ns_per_word(const std::vector<std::string>& words, F&& f) {
  double best = 1e30;
  for (int round = 0; round < 3; ++round) {
    const auto t = Clock::now();
    for (const auto& w : words) f(w);
    best = std::min(best, seconds_since(t) * 1e9 / static_cast<double>(words.size()));
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3 || argc % 2 == 0) {
    std::fprintf(stderr, "usage: dic-bench DICT WORDS [DICT WORDS ...]\n");
    return 2;
  }
  for (int a = 1; a + 1 < argc; a += 2) {
    const char* dic = argv[a];
    const auto words = read_words(argv[a + 1]);
    auto t = Clock::now();
    const auto ours = hyph::dic::Dictionary::load(dic);
    const double our_load = seconds_since(t);
    t = Clock::now();
    HyphenDict* theirs = hnj_hyphen_load(dic);
    const double their_load = seconds_since(t);
    if (!theirs) {
      std::fprintf(stderr, "%s: libhyphen cannot load it\n", dic);
      return 1;
    }
    std::vector<char> hyphens(512), hyphword(2048);
    std::vector<hyph::dic::Replacement> reps(512);
    const double our_ns = best_ns_per_word(words, [&](const std::string& w) {
      ours.hyphenate2(w, hyphens, hyphword, reps);
    });
    const double their_ns = best_ns_per_word(words, [&](const std::string& w) {
      char** rep = nullptr;
      int* pos = nullptr;
      int* cut = nullptr;
      hnj_hyphen_hyphenate2(theirs, w.c_str(), static_cast<int>(w.size()), hyphens.data(), hyphword.data(), &rep, &pos, &cut);
      if (rep) {
        for (std::size_t i = 0; i < w.size(); ++i) std::free(rep[i]);
        std::free(rep);
        std::free(pos);
        std::free(cut);
      }
    });
    std::printf("%s: load libhyph %.1f ms, libhyphen %.1f ms (%.1fx); %zu words: libhyph %.0f ns/word, libhyphen %.0f ns/word (%.1fx)\n",
                dic, our_load * 1e3, their_load * 1e3, their_load / our_load, words.size(), our_ns, their_ns, their_ns / our_ns);
    hnj_hyphen_free(theirs);
  }
  return 0;
}
