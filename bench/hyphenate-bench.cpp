// hyphenate-bench: load time and per-word speed of libhyph, next to libhyphen measured in
// the same run on the same words. Prints figures; asserts nothing.
//
//   hyphenate-bench WORDS_FILE [--passes N] [--libhyphen-dict /usr/share/hyphen/hyph_en_US.dic]
//                   [--hyphen-tex patterns/data/hyphen.tex] [--patterns-dir DIR]
//                   [--compiled FILE.hyb] [--sizes] [--cpu TIER|all] [--words-only]
//
// --cpu TIER runs at that dispatch tier (include/hyph/cpu_tier.h: the program starts itself
// again with HYPH_CPU=TIER); --cpu all measures the words once at every tier the CPU has, each
// in a process of its own, and ends with a table of them. The output names the CPU (its model
// and the flags the tiers need) and the tier of every figure.
//
// Load times: parsing the sources against loading the compiled file (doc/compiled-format.md),
// from memory and from a file (read into memory by the loader), for English and, if it is
// found, German (de-1996).
// --compiled also times the words with that compiled file (German's words per second:
// hyphenate-bench /usr/share/dict/ngerman --compiled de-1996.hyb); --sizes compiles every
// installed hyph-utf8 language in memory, in both layouts, and sums the compiled sizes.
#include <hyph/cpu_tier.h>
#include <hyph/hyph.h>
#include <hyph/hyphenator.h>
#include <hyph/languages.h>
#include <hyph/text_stream.h>

#include "../tools/cli_support.h"
#include "../tools/dispatch_tier.h"
#include "engine/separators.h"

#include <boost/program_options.hpp>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#ifdef HAVE_LIBHYPHEN
#include <hyphen.h>
#endif

namespace po = boost::program_options;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// This thread's CPU time: on a shared machine the wall clock also counts the time other
// processes held the CPU, which the thread's own CPU time does not.
double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// The best (least disturbed) of several passes, by the wall clock and by CPU time.
struct Timing {
  double wall = 1e300;
  double cpu = 1e300;
};

// Best of `passes` runs of `pass` (each over all words), in seconds.
Timing best_of(int passes, const std::function<std::size_t()>& pass, std::size_t& checksum) {
  Timing best;
  for (int i = 0; i < passes; ++i) {
    const auto start = Clock::now();
    const double cpu_start = thread_cpu_seconds();
    checksum = pass();
    best.cpu = std::min(best.cpu, thread_cpu_seconds() - cpu_start);
    best.wall = std::min(best.wall, seconds_since(start));
  }
  return best;
}

#ifdef HAVE_LIBHYPHEN
// The same for two passes taken in turn (a, b, a, b, ...): on a shared machine a burst of
// other work then falls on both sides of their ratio, not on one of them. Each turn is two
// passes, the better counting, so that neither side is timed on caches the other just filled.
std::pair<Timing, Timing> best_of_in_turn(int passes, const std::function<std::size_t()>& a,
                                          const std::function<std::size_t()>& b, std::size_t& checksum_a,
                                          std::size_t& checksum_b) {
  Timing best_a, best_b;
  for (int i = 0; i < passes; ++i) {
    const Timing one_a = best_of(2, a, checksum_a);
    const Timing one_b = best_of(2, b, checksum_b);
    best_a = {std::min(best_a.wall, one_a.wall), std::min(best_a.cpu, one_a.cpu)};
    best_b = {std::min(best_b.wall, one_b.wall), std::min(best_b.cpu, one_b.cpu)};
  }
  return {best_a, best_b};
}
#endif

// Median of `runs` timings of `load`, in seconds.
double median_of(int runs, const std::function<void()>& load) {
  std::vector<double> times;
  for (int i = 0; i < runs; ++i) {
    const auto start = Clock::now();
    load();
    times.push_back(seconds_since(start));
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

// One language's load times: its sources parsed, against its compiled file read from memory
// (64-byte aligned, as the loader's copy is) and loaded from a temporary file.
void report_loads(const char* label, const std::function<hyph::Hyphenator()>& parse) {
  const double parsed = median_of(5, [&] { (void)parse(); });
  std::ostringstream out;
  parse().write_compiled(out);
  const std::string file = std::move(out).str();
  std::byte* aligned = static_cast<std::byte*>(::operator new(file.size(), std::align_val_t{64}));
  std::memcpy(aligned, file.data(), file.size());
  const std::span<const std::byte> bytes(aligned, file.size());
  const double memory = median_of(21, [&] { (void)hyph::Hyphenator::load_compiled(bytes); });
  const std::filesystem::path path = std::filesystem::temp_directory_path() / ("hyphenate-bench-" + std::string(label) + ".hyb");
  std::ofstream(path, std::ios::binary).write(file.data(), static_cast<std::streamsize>(file.size()));
  const double from_file = median_of(21, [&] { (void)hyph::Hyphenator::load_compiled(path); });
  std::filesystem::remove(path);
  ::operator delete(aligned, std::align_val_t{64});
  std::printf("load %-8s parse sources %9.3f ms | compiled, %9zu bytes: from memory %7.3f ms, from the file %7.3f ms (%.0fx)\n",
              label, parsed * 1e3, file.size(), memory * 1e3, from_file * 1e3, parsed / from_file);
}

// Running prose for the MB/s figure: the plain-text README and doc files of installed
// packages (/usr/share/doc), concatenated at run time up to `limit` bytes.
std::string prose_corpus(std::size_t limit) {
  std::string text;
  std::error_code ec;
  std::vector<std::filesystem::path> files;
  for (auto it = std::filesystem::recursive_directory_iterator("/usr/share/doc", ec); !ec && it != std::filesystem::end(it); it.increment(ec)) {
    const auto& p = it->path();
    const std::string name = p.filename().string();
    if (it->is_regular_file(ec) && (name.rfind("README", 0) == 0 || p.extension() == ".txt" || p.extension() == ".md") &&
        p.extension() != ".gz")
      files.push_back(p);
  }
  std::sort(files.begin(), files.end());
  for (const auto& p : files) {
    std::ifstream in(p, std::ios::binary);
    text.append(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (text.size() >= limit) break;
  }
  return text;
}

// One TextStream's MB/s and its floor's (wall clock), or zeros without a corpus.
struct ProseFigures {
  double stream = 0;
  double floor = 0;
};

ProseFigures report_prose(const hyph::Hyphenator& h, int passes) {
  const std::string text = prose_corpus(std::size_t{4} << 20);
  if (text.empty()) {
    std::printf("prose: no README or doc files under /usr/share/doc; skipped\n");
    return {};
  }
  std::size_t checksum = 0;
  auto stream_pass = [&](unsigned threads) {
    return best_of(passes, [&] {
      std::size_t out = 0;
      if (threads == 1) {
        hyph::TextStream stream(h, "-", [&](std::string_view b) { out += b.size(); });
        stream.write(text);
        stream.finish();
      } else {
        hyph::hyphenate_parallel(h, text, "-", [&](std::string_view b) { out += b.size(); }, {.threads = threads});
      }
      return out;
    }, checksum);
  };
  const Timing one = stream_pass(1);
  // The floor: the text cut into tokens by the library's separator scan at this tier
  // (engine/separators.h), and nothing else. No stream goes faster: TextStream must find the
  // same token ends (its 32-byte windows find them with the same masks) and do more besides.
  std::size_t tokens = 0;
  const Timing scan = best_of(passes, [&] {
    std::size_t count = 0;
    const char* const end = text.data() + text.size();
    for (const char* p = hyph::detail::skip_separators(text.data(), end); p != end;
         p = hyph::detail::skip_separators(hyph::detail::next_separator(p, end), end))
      ++count;
    return count;
  }, tokens);
  const double mb = static_cast<double>(text.size()) / 1e6;
  std::printf("prose (/usr/share/doc, %.1f MB): TextStream %.1f MB/s (CPU time: %.1f MB/s); the floor, the separator scan alone "
              "(%zu tokens): %.1f MB/s (CPU time: %.1f MB/s)",
              mb, mb / one.wall, mb / one.cpu, tokens, mb / scan.wall, mb / scan.cpu);
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  if (cores > 1) {
    const double many = stream_pass(cores).wall;
    std::printf(", hyphenate_parallel (%u threads, 1 MiB chunks) %.1f MB/s (%.2fx)", cores, mb / many, one.wall / many);
  }
  std::printf("   (output bytes: %zu)\n", checksum);
  return {mb / one.wall, mb / scan.wall};
}

void report(const char* name, Timing t, std::size_t words, std::size_t checksum) {
  const auto n = static_cast<double>(words);
  std::printf("%-28s %8.1f ns/word %12.0f words/s | CPU time %8.1f ns/word   (breaks: %zu)\n", name, t.wall * 1e9 / n,
              n / t.wall, t.cpu * 1e9 / n, checksum);
}

// The words through a compiled file given on the command line, and the time to load it.
void report_compiled_file(const std::string& path, const std::vector<std::string_view>& words, int passes) {
  const double load = median_of(21, [&] { (void)hyph::Hyphenator::load_compiled(path); });
  const hyph::Hyphenator h = hyph::Hyphenator::load_compiled(path);
  std::printf("load %s (%ju bytes, %zu patterns): median %.3f ms\n", path.c_str(),
              static_cast<std::uintmax_t>(std::filesystem::file_size(path)), h.pattern_count(), load * 1e3);
  std::size_t checksum = 0;
  const Timing timing = best_of(passes, [&] {
    std::size_t total = 0, breaks[64];
    for (std::string_view w : words) total += h.hyphenate(w, breaks);
    return total;
  }, checksum);
  report(("libhyph (" + std::filesystem::path(path).filename().string() + ")").c_str(), timing, words.size(), checksum);
}

// Every installed hyph-utf8 language (TeX dialect) compiled in memory, in both layouts of
// the automaton: the sizes summed.
void report_sizes(const hyph::LanguageSearch& search) {
  std::size_t total[2] = {0, 0}, largest[2] = {0, 0}, count = 0;
  std::string largest_tag;
  for (const hyph::LanguageInfo& info : hyph::list_languages(search)) {
    if (info.embedded || info.dialect != hyph::Dialect::tex) continue;
    try {
      const hyph::Hyphenator h = hyph::load_language(info.tag, {}, {}, search);
      for (const int small : {0, 1}) {
        std::ostringstream out;
        h.write_compiled(out, {}, {}, small ? hyph::CompiledLayout::small : hyph::CompiledLayout::fast);
        const std::size_t size = out.str().size();
        total[small] += size;
        if (size > largest[small]) {
          largest[small] = size;
          if (!small) largest_tag = info.tag;
        }
      }
      ++count;
    } catch (const hyph::Error& e) {
      std::printf("sizes: %s: %s\n", info.tag.c_str(), e.what());
    }
  }
  std::printf("compiled sizes, %zu hyph-utf8 languages: fast layout %zu bytes in all (%.2f MiB), the largest %s %zu; "
              "small layout (--small) %zu bytes (%.2f MiB), the largest %zu\n",
              count, total[0], static_cast<double>(total[0]) / (1 << 20), largest_tag.c_str(), largest[0], total[1],
              static_cast<double>(total[1]) / (1 << 20), largest[1]);
}

// The .dic's load time from its text and compiled (hyph-compile --dic), for this one and
// German's beside it, and libhyphen's.
void report_dic_loads(const std::string& dict) {
#ifdef HAVE_LIBHYPHEN
  const double their_load = median_of(3, [&] { hnj_hyphen_free(hnj_hyphen_load(dict.c_str())); });
  std::printf("load %s: libhyphen %.3f ms\n", std::filesystem::path(dict).filename().c_str(), their_load * 1e3);
#endif
  for (const std::string& file : {dict, std::filesystem::path(dict).replace_filename("hyph_de_DE.dic").string()})
    if (std::filesystem::exists(file))
      report_loads(std::filesystem::path(file).filename().c_str(), [&] { return hyph::Hyphenator::load_dic(file); });
}

// The CPU as /proc/cpuinfo names it, and which of the flags the tiers ask for it has:
// "AMD EPYC (family 25, model 17; flags: sse2 popcnt ... avx2; lacks: avx512f ...)".
std::string cpu_description() {
  std::ifstream in("/proc/cpuinfo");
  std::string line, model = "unknown", family = "?", number = "?", flags;
  auto trimmed = [](std::string t) {
    t.erase(0, t.find_first_not_of(" \t"));
    t.erase(t.find_last_not_of(" \t") + 1);
    return t;
  };
  while (std::getline(in, line)) {
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) {
      if (!flags.empty()) break;  // the first processor's block is enough
      continue;
    }
    const std::string key = trimmed(line.substr(0, colon)), value = trimmed(line.substr(colon + 1));
    if (key == "model name") model = value;
    else if (key == "cpu family") family = value;
    else if (key == "model") number = value;
    else if (key == "flags") flags = " " + value + " ";
  }
  // avx2 needs popcnt, bmi1 and bmi2 too; avx512 these five (base/cpu_tier.cpp).
  static const char* const kRelevant[] = {"sse2",    "popcnt",   "bmi1",     "bmi2",       "avx2",
                                          "avx512f", "avx512bw", "avx512vl", "avx512vbmi", "avx512_vbmi2"};
  std::string has, lacks;
  for (const char* flag : kRelevant) (flags.find(" " + std::string(flag) + " ") != std::string::npos ? has : lacks) += std::string(" ") + flag;
  return model + " (family " + family + ", model " + number + "; flags:" + (has.empty() ? " none" : has) +
         (lacks.empty() ? "" : "; lacks:" + lacks) + ")";
}

// What one tier's run measured, for its summary line (which --cpu all gathers into a table).
struct TierFigures {
  std::size_t words = 0;
  std::optional<Timing> c_api, libhyphen, same_dic, libhyphen_again;
  ProseFigures prose;
};

// "tier avx2: C API 76.0 ns/word (CPU 75.1) | libhyphen 671.1 (CPU 668.0) | 8.83x (CPU 8.90x) | same .dic ..."
void print_tier_summary(const TierFigures& f) {
  const double n = static_cast<double>(f.words);
  std::printf("tier %-8s C API %7.1f ns/word (CPU %7.1f)", std::string(hyph::cpu_tier_name(hyph::cpu_tier())).c_str(),
              f.c_api->wall * 1e9 / n, f.c_api->cpu * 1e9 / n);
  if (f.libhyphen)
    std::printf(" | libhyphen %7.1f (CPU %7.1f) | %5.2fx (CPU %5.2fx)", f.libhyphen->wall * 1e9 / n, f.libhyphen->cpu * 1e9 / n,
                f.libhyphen->wall / f.c_api->wall, f.libhyphen->cpu / f.c_api->cpu);
  if (f.same_dic && f.libhyphen_again)
    std::printf(" | same .dic %7.1f (CPU %7.1f), %5.2fx (CPU %5.2fx)", f.same_dic->wall * 1e9 / n, f.same_dic->cpu * 1e9 / n,
                f.libhyphen_again->wall / f.same_dic->wall, f.libhyphen_again->cpu / f.same_dic->cpu);
  if (f.prose.stream > 0) std::printf(" | prose %6.1f MB/s (floor %6.1f)", f.prose.stream, f.prose.floor);
  std::printf("\n");
}

// --cpu TIER: this process at that tier. HYPH_CPU is read once a process, so a process at
// another tier starts itself again with HYPH_CPU=TIER (and the same arguments).
void force_tier(const std::string& name, char** argv) {
  const std::optional<hyph::CpuTier> tier = hyph::parse_cpu_tier(name);
  if (!tier) throw cli::Usage("--cpu " + name + ": not a tier (portable, sse2, avx2, avx512) or all");
  if (*tier > hyph::cpu_best_tier())
    throw cli::Usage("--cpu " + name + ": this CPU has up to " + std::string(hyph::cpu_tier_name(hyph::cpu_best_tier())));
  if (hyph::cpu_tier() == *tier) return;
  const char* set = std::getenv(hyph::kCpuTierVariable);
  if (set != nullptr && name == set) throw std::runtime_error("HYPH_CPU=" + name + " did not take effect");  // no loop
  ::setenv(hyph::kCpuTierVariable, name.c_str(), 1);
  std::fflush(stdout);
  ::execv("/proc/self/exe", argv);
  throw std::runtime_error(std::string("cannot start itself again at tier ") + name + ": " + std::strerror(errno));
}

// --cpu all: the words measured at every tier this CPU has, lowest first, each by this program
// started again (`args` and --cpu TIER --words-only); their output is passed on, and their
// summary lines are gathered into one table at the end.
int run_every_tier(const std::vector<std::string>& args) {
  std::vector<std::string> summaries;
  for (int t = 0; t <= static_cast<int>(hyph::cpu_best_tier()); ++t) {
    const std::string name(hyph::cpu_tier_name(static_cast<hyph::CpuTier>(t)));
    std::printf("\n== tier %s ==\n", name.c_str());
    std::fflush(stdout);
    std::vector<std::string> child_args{"hyphenate-bench"};
    child_args.insert(child_args.end(), args.begin(), args.end());
    child_args.insert(child_args.end(), {"--cpu", name, "--words-only"});
    std::vector<char*> child_argv;
    for (std::string& a : child_args) child_argv.push_back(a.data());
    child_argv.push_back(nullptr);
    int out[2];
    if (::pipe(out) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    posix_spawn_file_actions_addclose(&actions, out[1]);
    pid_t pid = 0;
    const int spawned = ::posix_spawn(&pid, "/proc/self/exe", &actions, nullptr, child_argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(out[1]);
    if (spawned != 0) {
      ::close(out[0]);
      throw std::runtime_error("cannot start itself again at tier " + name + ": " + std::strerror(spawned));
    }
    FILE* from_child = ::fdopen(out[0], "r");
    char* line = nullptr;
    std::size_t capacity = 0;
    while (::getline(&line, &capacity, from_child) > 0) {
      std::fputs(line, stdout);
      if (std::strncmp(line, "tier ", 5) == 0) summaries.emplace_back(line);
    }
    std::free(line);
    std::fclose(from_child);
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
      throw std::runtime_error("the run at tier " + name + " failed (status " + std::to_string(status) + ")");
  }
  std::printf("\nevery tier, each in a process of its own (best of the passes; CPU: %s):\n", cpu_description().c_str());
  for (const std::string& summary : summaries) std::fputs(summary.c_str(), stdout);
  return 0;
}

int run(int argc, char** argv) {
  std::string words_file, dict, hyphen_tex, patterns_dir, compiled, cpu;
  int passes = 5;
  po::options_description opts("Usage: hyphenate-bench WORDS_FILE [options]");
  opts.add_options()("help,h", "this help")("passes", po::value(&passes)->default_value(5), "passes per engine; the best counts")(
      "libhyphen-dict", po::value(&dict)->default_value("/usr/share/hyphen/hyph_en_US.dic"), "libhyphen dictionary")(
      "words", po::value(&words_file), "word list, one per line")(
      "hyphen-tex", po::value(&hyphen_tex)->default_value("patterns/data/hyphen.tex"), "hyphen.tex, for the time to parse it")(
      "patterns-dir", po::value(&patterns_dir), "where to look for de-1996 first (hyph-utf8 patterns)")(
      "compiled", po::value(&compiled), "also time the words with this compiled file (e.g. de-1996.hyb on a German word list)")(
      "sizes", "compile every installed hyph-utf8 language in memory and sum the sizes")(
      "cpu", po::value(&cpu), "dispatch tier: portable, sse2, avx2 or avx512 (as HYPH_CPU), or all: the words at every tier the CPU has, each in a process of its own, then a table (default: HYPH_CPU's, or the CPU's best)")(
      "words-only", "only the words and the prose: no load times (--cpu all runs each tier so)");
  po::positional_options_description pos;
  pos.add("words", 1);
  const po::variables_map vm = cli::parse(argc, argv, opts, pos);
  if (vm.count("help") || words_file.empty()) {
    std::cout << opts << "\n";
    return words_file.empty() && !vm.count("help") ? 2 : 0;
  }
  cli::check_dispatch_tier(vm);
  const bool every_tier = cpu == "all", words_only = vm.count("words-only") != 0;
  if (!cpu.empty() && !every_tier) force_tier(cpu, argv);
  std::printf("cpu: %s\n%s\n", cpu_description().c_str(), cli::dispatch_tier_line().c_str());

  std::ifstream in(words_file, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "hyphenate-bench: cannot open %s\n", words_file.c_str());
    return 1;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  const std::string text = std::move(buffer).str();

  // Baseline: splitting the text into words alone.
  std::vector<std::string_view> words;
  std::size_t checksum = 0;
  const Timing split = best_of(passes, [&] {
    words.clear();
    std::size_t from = 0;
    for (std::size_t i = 0; i <= text.size(); ++i)
      if (i == text.size() || text[i] == '\n') {
        if (i > from) words.emplace_back(text.data() + from, i - from);
        from = i + 1;
      }
    return words.size();
  }, checksum);
  const std::size_t n = words.size();

  // Load time of the embedded default.
  std::vector<double> loads;
  for (int i = 0; i < 20; ++i) {
    const auto start = Clock::now();
    const auto h = hyph::Hyphenator::english();
    loads.push_back(seconds_since(start));
  }
  std::sort(loads.begin(), loads.end());
  const hyph::Hyphenator h = hyph::Hyphenator::english();

  std::printf("words: %zu from %s; best of %d passes\n", n, words_file.c_str(), passes);
  std::printf("libhyph load (embedded hyphen.tex, compiled, %zu patterns): median %.3f ms\n", h.pattern_count(),
              loads[loads.size() / 2] * 1e3);
  if (!words_only) {
    if (std::filesystem::exists(hyphen_tex)) {
      const std::vector<hyph::Source> sources{hyph::Source::file(hyphen_tex)};
      report_loads("en-us", [&] { return hyph::Hyphenator::load(sources); });
    } else {
      std::printf("load en-us: %s not found (--hyphen-tex); no parse time\n", hyphen_tex.c_str());
    }
    hyph::LanguageSearch search;
    if (!patterns_dir.empty()) search.directories.emplace_back(patterns_dir);
    try {
      (void)hyph::find_language("de-1996", search);
      report_loads("de-1996", [&] { return hyph::load_language("de-1996", {}, {}, search); });
    } catch (const hyph::Error&) {
      std::printf("load de-1996: not installed (texlive-lang-german, or --patterns-dir patterns/data/hyph-utf8)\n");
    }
    if (vm.count("sizes")) report_sizes(search);
  }
  if (every_tier) {
    report_dic_loads(dict);
    std::vector<std::string> args{words_file, "--passes", std::to_string(passes), "--libhyphen-dict", dict};
    if (!compiled.empty()) args.insert(args.end(), {"--compiled", compiled});
    return run_every_tier(args);
  }
  report("split only (baseline)", split, n, checksum);
  if (!compiled.empty()) report_compiled_file(compiled, words, passes);

  const Timing cpp = best_of(passes, [&] {
    std::size_t total = 0, breaks[64];
    for (std::string_view w : words) total += h.hyphenate(w, breaks);
    return total;
  }, checksum);
  report("libhyph C++ (hyphen.tex)", cpp, n, checksum);
  // The figure users compare: the same words through the C API, default settings, against
  // libhyphen with hyph_en_US.dic, their passes in turn.
  hyph_hyphenator* c_api = nullptr;
  if (hyph_load_english(nullptr, 0, nullptr, &c_api, nullptr) != HYPH_OK) {
    std::fprintf(stderr, "hyphenate-bench: hyph_load_english failed\n");
    return 1;
  }
  const std::function<std::size_t()> c_api_pass = [&] {
    std::size_t total = 0, breaks[64];
    for (std::string_view w : words) total += hyph_hyphenate(c_api, w.data(), w.size(), breaks, 64);
    return total;
  };
  TierFigures figures;
  figures.words = n;
  // Without libhyphen: the C API alone, then the prose.
  auto c_api_alone = [&] {
    const Timing ours = best_of(passes, c_api_pass, checksum);
    hyph_free(c_api);
    report("libhyph C API (hyphen.tex)", ours, n, checksum);
    figures.c_api = ours;
    figures.prose = report_prose(h, passes);
    print_tier_summary(figures);
  };
#ifdef HAVE_LIBHYPHEN
  HyphenDict* dictionary = hnj_hyphen_load(dict.c_str());
  if (!dictionary) {
    std::printf("libhyphen: cannot load %s; no comparison\n", dict.c_str());
    c_api_alone();
    return 0;
  }
  // libhyphen expects lower case; give it that for free, outside the timing.
  std::vector<std::string> lower(words.begin(), words.end());
  for (auto& w : lower)
    for (char& c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::vector<char> hyphens(256);
  const std::function<std::size_t()> libhyphen_pass = [&] {
    std::size_t total = 0;
    for (const std::string& w : lower) {
      if (w.size() + 5 > hyphens.size()) hyphens.resize(w.size() + 5);
      char** rep = nullptr;
      int* pos = nullptr;
      int* cut = nullptr;
      hnj_hyphen_hyphenate2(dictionary, w.c_str(), static_cast<int>(w.size()), hyphens.data(), nullptr, &rep, &pos, &cut);
      for (std::size_t i = 0; i < w.size(); ++i) total += hyphens[i] & 1;
      if (rep) {
        for (std::size_t i = 0; i < w.size(); ++i) std::free(rep[i]);
        std::free(rep);
        std::free(pos);
        std::free(cut);
      }
    }
    return total;
  };
  std::size_t their_checksum = 0;
  const auto [ours, theirs] = best_of_in_turn(passes, c_api_pass, libhyphen_pass, checksum, their_checksum);
  hyph_free(c_api);
  report("libhyph C API (hyphen.tex)", ours, n, checksum);
  report("libhyphen (hyph_en_US.dic)", theirs, n, their_checksum);
  figures.c_api = ours;
  figures.libhyphen = theirs;
  figures.prose = report_prose(h, passes);

  // The same .dic through both engines: libhyph's libhyphen dialect (the public API, which
  // lowercases each word itself) against libhyphen's hyphenate2 above; and the .dic's load
  // time from its text and compiled (hyph-compile --dic), for this one and German's.
  {
    const hyph::Hyphenator via_dic = hyph::Hyphenator::load_dic(dict);
    const auto [ours_dic, theirs_again] = best_of_in_turn(passes, [&] {
      std::size_t total = 0, breaks[64];
      for (std::string_view w : words) total += via_dic.hyphenate(w, breaks);
      return total;
    }, libhyphen_pass, checksum, their_checksum);
    report("libhyph, the same .dic", ours_dic, n, checksum);
    std::printf("speed-up on the same .dic: libhyph's libhyphen dialect is %.2fx libhyphen's words/s (wall clock), %.2fx by CPU time\n",
                theirs_again.wall / ours_dic.wall, theirs_again.cpu / ours_dic.cpu);
    figures.same_dic = ours_dic;
    figures.libhyphen_again = theirs_again;
  }
  if (!words_only) report_dic_loads(dict);
  hnj_hyphen_free(dictionary);
  std::printf("speed-up: libhyph (C API) is %.2fx libhyphen's words/s (wall clock), %.2fx by CPU time\n", theirs.wall / ours.wall,
              theirs.cpu / ours.cpu);
  print_tier_summary(figures);
#else
  c_api_alone();
  std::printf("libhyphen not found at build time (Debian: libhyphen-dev hyphen-en-us); no comparison\n");
#endif
  return 0;
}

}  // namespace

int main(int argc, char** argv) { return cli::run_main("hyphenate-bench", run, argc, argv); }
