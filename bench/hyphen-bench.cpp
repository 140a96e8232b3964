// libhyph's drop-in against libhyphen, both loaded into this one process: load time of a large
// .dic and nanoseconds a word through hnj_hyphen_hyphenate2, as ratios from the same run. Times
// are the process's CPU time, so a machine shared with other work inflates them less, and the
// words are timed in chunks, the libraries in turn, each chunk's best time counting.
//
// Both libraries export the same names, so each is dlopen()ed with RTLD_LOCAL | RTLD_DEEPBIND
// (its own calls bind inside itself) and every function is looked up with dlsym on its own
// handle; dladdr() then confirms which file answered. Words are lowercased with ICU and put in
// each dictionary's charset once, before timing; every pass also checks that both libraries
// give the same hyphenated word and replacements.
#include "../tools/cli_support.h"

#include <dlfcn.h>
#include <link.h>
#include <unicode/locid.h>
#include <unicode/ucnv.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

namespace po = boost::program_options;
// CPU time of the process (user and system), not wall time: the figures stay comparable on a
// machine shared with other work.
struct Clock {
  using duration = std::chrono::nanoseconds;
  using rep = duration::rep;
  using period = duration::period;
  using time_point = std::chrono::time_point<Clock>;
  static constexpr bool is_steady = true;
  static time_point now() noexcept {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return time_point(duration(rep{t.tv_sec} * 1000000000 + t.tv_nsec));
  }
};

namespace {

struct HyphenDictHead {  // the fields of HyphenDict this tool reads (libhyphen's layout)
  char lhmin, rhmin, clhmin, crhmin;
  char* nohyphen;
  int nohyphenl;
  int num_states;
  char cset[20];
  int utf8;
};

// One libhyphen-API library, opened on its own.
class Library {
 public:
  using Load = void* (*)(const char*);
  using Free = void (*)(void*);
  using Hyphenate2 = int (*)(void*, const char*, int, char*, char*, char***, int**, int**);

  Library(std::string label, const std::string& path) : label_(std::move(label)) {
    handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (handle_ == nullptr) throw std::runtime_error(label_ + ": cannot dlopen " + path + ": " + dlerror());
    load = reinterpret_cast<Load>(symbol("hnj_hyphen_load"));
    free = reinterpret_cast<Free>(symbol("hnj_hyphen_free"));
    hyphenate2 = reinterpret_cast<Hyphenate2>(symbol("hnj_hyphen_hyphenate2"));
    // Which file the functions really come from.
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(hyphenate2), &info) == 0 || info.dli_fname == nullptr)
      throw std::runtime_error(label_ + ": dladdr found no library for hnj_hyphen_hyphenate2");
    answered_by_ = std::filesystem::canonical(info.dli_fname).string();
    // The file the handle stands for (a bare name like libhyphen.so.0 is found by the loader).
    link_map* map = nullptr;
    if (dlinfo(handle_, RTLD_DI_LINKMAP, &map) != 0 || map == nullptr || map->l_name == nullptr)
      throw std::runtime_error(label_ + ": dlinfo cannot tell which file " + path + " is");
    const std::string opened = std::filesystem::canonical(map->l_name).string();
    if (answered_by_ != opened)
      throw std::runtime_error(label_ + ": hnj_hyphen_hyphenate2 answered by " + answered_by_ + ", not " + opened);
  }
  ~Library() { dlclose(handle_); }
  Library(const Library&) = delete;
  Library& operator=(const Library&) = delete;

  const std::string& label() const { return label_; }
  const std::string& answered_by() const { return answered_by_; }

  Load load = nullptr;
  Free free = nullptr;
  Hyphenate2 hyphenate2 = nullptr;

 private:
  void* symbol(const char* name) {
    void* s = dlsym(handle_, name);
    if (s == nullptr) throw std::runtime_error(label_ + ": no " + name);
    return s;
  }
  std::string label_;
  void* handle_ = nullptr;
  std::string answered_by_;
};

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Best of `repeat` loads, in seconds; the dictionary from the last load stays loaded.
double time_load(Library& lib, const std::string& dic, int repeat, void*& dict) {
  double best = std::numeric_limits<double>::infinity();
  for (int r = 0; r < repeat; ++r) {
    if (dict != nullptr) lib.free(dict);
    const auto start = Clock::now();
    dict = lib.load(dic.c_str());
    best = std::min(best, seconds_since(start));
    if (dict == nullptr) throw std::runtime_error(lib.label() + ": cannot load " + dic);
  }
  return best;
}

// Words in one buffer, each followed by '\0', in file order: every call reads its word from
// the next bytes, as a program reading a text would, whichever heap blocks a library's load
// left behind (a vector of strings put the long ones among them: a cache miss a call).
struct WordList {
  std::string bytes;
  std::vector<std::string_view> words;  ///< views into bytes
  std::size_t size() const { return words.size(); }
};

// The words of a UTF-8 file, one a line, lowercased (ICU, root locale) and converted to
// `charset`; words the charset cannot hold are left out.
WordList words_for(const std::string& file, const char* charset) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + file);
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<UConverter, void (*)(UConverter*)> conv(ucnv_open(charset, &status), ucnv_close);
  if (U_FAILURE(status)) throw std::runtime_error(std::string("ICU does not know the charset ") + charset);
  ucnv_setFromUCallBack(conv.get(), UCNV_FROM_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &status);
  WordList list;
  std::vector<std::pair<std::size_t, std::size_t>> spans;
  std::string line, out;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    icu::UnicodeString u = icu::UnicodeString::fromUTF8(line);
    u.toLower(icu::Locale::getRoot());
    out.assign(static_cast<std::size_t>(u.length()) * 4 + 4, '\0');
    status = U_ZERO_ERROR;
    const int32_t n = ucnv_fromUChars(conv.get(), out.data(), static_cast<int32_t>(out.size()), u.getBuffer(),
                                      u.length(), &status);
    if (U_FAILURE(status)) continue;
    spans.emplace_back(list.bytes.size(), static_cast<std::size_t>(n));
    list.bytes.append(out.data(), static_cast<std::size_t>(n)).push_back('\0');
  }
  list.words.reserve(spans.size());
  for (const auto& [at, n] : spans) list.words.emplace_back(list.bytes.data() + at, n);
  return list;
}

// One pass over words [begin, end): nanoseconds in all; `answers` gets each hyphenated word
// with its replacements (for the comparison) when not null.
double pass(Library& lib, void* dict, const WordList& words, std::size_t begin, std::size_t end,
            std::vector<std::string>* answers) {
  std::vector<char> hyphens, hyphword;
  const auto start = Clock::now();
  for (std::size_t k = begin; k < end; ++k) {
    const std::string_view w = words.words[k];
    const int n = static_cast<int>(w.size());
    if (hyphens.size() < w.size() + 5) {
      hyphens.resize(w.size() + 5);
      hyphword.resize(w.size() * 2 + 5);
    }
    char** rep = nullptr;
    int* pos = nullptr;
    int* cut = nullptr;
    lib.hyphenate2(dict, w.data(), n, hyphens.data(), hyphword.data(), &rep, &pos, &cut);
    if (answers != nullptr) {
      std::string a = hyphword.data();
      if (rep != nullptr)
        for (int i = 0; i < n; ++i)
          if (rep[i] != nullptr) {
            a.append(" ").append(std::to_string(i)).append(":").append(rep[i]);
            a.append(",").append(std::to_string(pos[i])).append(",").append(std::to_string(cut[i]));
          }
      answers->push_back(std::move(a));
    }
    if (rep != nullptr)
      for (int i = 0; i < n; ++i) std::free(rep[i]);
    std::free(rep);
    std::free(pos);
    std::free(cut);
  }
  return std::chrono::duration<double, std::nano>(Clock::now() - start).count();
}

struct PerWord {
  std::size_t words = 0;
  double ns[2] = {0, 0};
  std::size_t differences = 0;
};

PerWord per_word(Library* libs[2], void* dicts[2], const WordList& words, int repeat) {
  PerWord r;
  r.words = words.size();
  std::vector<std::string> answers[2];
  for (int l = 0; l < 2; ++l) (void)pass(*libs[l], dicts[l], words, 0, words.size(), &answers[l]);  // also warms caches
  // The words in chunks of a few milliseconds, each timed `repeat` times per library, the
  // libraries in turn, and the best time of each chunk counting: on a shared machine a burst of
  // other work spoils a few chunks of one pass, not the whole pass, and falls on both
  // libraries alike. Each turn is two passes over the chunk, the better counting, so that
  // neither library is timed on caches the other just filled.
  constexpr std::size_t kChunk = 8192;
  const std::size_t chunks = (words.size() + kChunk - 1) / kChunk;
  std::vector<double> best[2] = {std::vector<double>(chunks, 1e300), std::vector<double>(chunks, 1e300)};
  for (int k = 0; k < repeat; ++k)
    for (std::size_t c = 0; c < chunks; ++c)
      for (int l = 0; l < 2; ++l)
        for (int twice = 0; twice < 2; ++twice)
          best[l][c] = std::min(best[l][c], pass(*libs[l], dicts[l], words, c * kChunk, std::min(words.size(), (c + 1) * kChunk), nullptr));
  for (int l = 0; l < 2; ++l)
    r.ns[l] = std::accumulate(best[l].begin(), best[l].end(), 0.0) / static_cast<double>(std::max<std::size_t>(words.size(), 1));
  for (std::size_t i = 0; i < words.size(); ++i) r.differences += answers[0][i] != answers[1][i];
  return r;
}

int run(int argc, char** argv) {
  std::string libhyph_path = LIBHYPH_HYPHEN_PATH, libhyphen_path = "libhyphen.so.0";
  std::string dict_dir = "/usr/share/hyphen";
  std::string english = "/work/shared/data/english-words.txt", german = "/usr/share/dict/ngerman";
  int repeat = 3;
  po::options_description options("hyphen-bench: libhyph-hyphen against libhyphen, one process, ratios from one run");
  options.add_options()("help,h", "this help")
      ("libhyph", po::value(&libhyph_path)->default_value(libhyph_path), "libhyph's drop-in (libhyph-hyphen.so or its libhyphen.so.0)")
      ("libhyphen", po::value(&libhyphen_path)->default_value(libhyphen_path), "the system's libhyphen")
      ("dict-dir", po::value(&dict_dir)->default_value(dict_dir), "where hyph_de_DE.dic and hyph_en_US.dic are")
      ("english", po::value(&english)->default_value(english), "English words for hyph_en_US.dic (skipped if absent)")
      ("german", po::value(&german)->default_value(german), "German words for hyph_de_DE.dic (skipped if absent)")
      ("repeat", po::value(&repeat)->default_value(repeat), "timed turns over each chunk of words (the best counts)");
  const po::variables_map vm = cli::parse(argc, argv, options);
  if (vm.count("help")) {
    std::cout << options;
    return 0;
  }
  repeat = std::max(repeat, 1);

  // libhyphen is resolved by the dynamic loader's own search, as programs find it; first, since
  // a bare name would also match a library already loaded with that SONAME (libhyph's
  // libhyphen.so.0).
  Library libhyphen("libhyphen", libhyphen_path);
  Library libhyph("libhyph", libhyph_path);
  Library* libs[2] = {&libhyph, &libhyphen};
  std::printf("libhyph   answered by %s\nlibhyphen answered by %s\n", libhyph.answered_by().c_str(),
              libhyphen.answered_by().c_str());
  if (libhyph.answered_by() == libhyphen.answered_by()) throw std::runtime_error("both names resolve to one library");

  struct Case {
    const char* language;
    std::string dic;
    std::string words;
  };
  const Case cases[] = {{"German", dict_dir + "/hyph_de_DE.dic", german}, {"English", dict_dir + "/hyph_en_US.dic", english}};
  std::printf("\n%-8s %-40s %12s %12s %8s\n", "", "", "libhyph", "libhyphen", "ratio");
  for (const Case& c : cases) {
    if (!std::filesystem::exists(c.dic)) {
      std::printf("%-8s skipped: no %s\n", c.language, c.dic.c_str());
      continue;
    }
    void* dicts[2] = {nullptr, nullptr};
    double load[2];
    for (int l = 0; l < 2; ++l) load[l] = time_load(*libs[l], c.dic, repeat, dicts[l]);
    std::printf("%-8s %-40s %10.2f ms %10.2f ms %7.1fx\n", c.language,
                ("hnj_hyphen_load(" + std::filesystem::path(c.dic).filename().string() + ")").c_str(), load[0] * 1e3,
                load[1] * 1e3, load[1] / load[0]);
    if (std::filesystem::exists(c.words)) {
      const auto* head = static_cast<const HyphenDictHead*>(dicts[1]);
      const WordList words = words_for(c.words, head->cset);
      const PerWord r = per_word(libs, dicts, words, repeat);
      std::printf("%-8s %-40s %10.1f ns %10.1f ns %7.1fx   (%zu words, %zu differences)\n", c.language,
                  ("hyphenate2, " + std::filesystem::path(c.words).filename().string()).c_str(), r.ns[0], r.ns[1],
                  r.ns[1] / r.ns[0], r.words, r.differences);
    } else {
      std::printf("%-8s per word skipped: no %s\n", c.language, c.words.c_str());
    }
    for (int l = 0; l < 2; ++l) libs[l]->free(dicts[l]);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) { return cli::run_main("hyphen-bench", run, argc, argv); }
