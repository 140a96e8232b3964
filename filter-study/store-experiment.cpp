// store-experiment: large exception dictionaries in the on-disk store, and what a filter in
// front of them saves. Two subcommands, driven by filter-study/run-filter-experiment.sh:
//
//   store-experiment make --house house.tsv --dir DIR [--sizes 1000,...,10000000]
//     Writes DIR/house-N.hyphstore and DIR/sparse-N.hyphstore for each N from a
//     word<TAB>hy-phen-at-ed list (the "house dictionary": every letters-only word of the
//     word list with its TeX hyphenation, made by `hyphenate --words`):
//       house-N:  N real words (a fixed random order), then synthetic words beyond them;
//       sparse-N: every 100th real word (1 % of the text's words), then synthetic words.
//     Synthetic words are distinct random lower-case strings of 8 to 14 letters that are not
//     real words, with random breaks; no word of the text is one, so they never change output.
//
//   store-experiment run --store FILE --filter KIND [--eps 0.01] --words WORDS [--reps 5] [--header]
//     Loads plain TeX English with the store (read into memory and validated once), then
//     hyphenates every word of WORDS `reps` times, one Hyphenator::hyphenate call a word, and
//     prints one CSV line: load time, time per word (wall and CPU; mean, 95 % CI), resident
//     memory, lookups. KIND "none" loads no store (the baseline: patterns and hyphen.tex's
//     14 words). The variant column is always "warm": libhyph reads a store into memory of
//     its own (doc/exception-store-format.md), so there is no page cache to be cold; the
//     report's cold and cold-random rows were measured with the mapped reader it had before
//     (doc/experiment/report.md), and --cold and --random are refused.
#include "engine/model.h"
#include "experiment_stats.h"
#include "exceptions/layered_store.h"
#include "exceptions/mapped_store.h"
#include "word_list.h"

#include <hyph/hyphenator.h>


#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

using Clock = std::chrono::steady_clock;
using hyph::exceptions::HyphenMask;
using hyph::exceptions::MappedStore;

namespace {

// "--name value" options after the subcommand.
struct Args {
  std::vector<std::string> v;
  std::string get(const std::string& name, const std::string& fallback = "") const {
    for (std::size_t i = 0; i + 1 < v.size(); ++i)
      if (v[i] == name) return v[i + 1];
    return fallback;
  }
  bool has(const std::string& name) const { return std::find(v.begin(), v.end(), name) != v.end(); }
};

// ---------------------------------------------------------------------------------------
// make

struct Entry {
  std::string key;
  HyphenMask mask;
};

// A lower-case key and its mask from a hy-phen-at-ed ASCII word.
Entry entry_of(std::string_view hyphenated) {
  Entry e{{}, 0};
  for (const char c : hyphenated) {
    if (c == '-') {
      e.mask |= HyphenMask{1} << e.key.size();
      continue;
    }
    e.key.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
  }
  return e;
}

void write_store(const std::filesystem::path& path, const std::vector<Entry>& real, std::size_t real_count,
                 std::size_t total, const std::unordered_set<std::string>& real_words) {
  hyph::exceptions::StoreWriter w;
  for (std::size_t i = 0; i < real_count && i < total; ++i) w.add(real[i].key, real[i].mask);
  std::mt19937_64 rng(0x5eed + total);
  std::size_t added = std::min(real_count, total);
  std::string word;
  for (std::uint64_t serial = 0; added < total; ++serial) {
    // Three random letters, the serial number in five base-26 letters (so no two synthetic
    // words are equal), zero to six random letters: 8 to 14 letters.
    word.clear();
    for (int i = 0; i < 3; ++i) word.push_back(static_cast<char>('a' + rng() % 26));
    for (std::uint64_t x = serial, i = 0; i < 5; ++i, x /= 26) word.push_back(static_cast<char>('a' + x % 26));
    for (std::uint64_t i = 0, extra = rng() % 7; i < extra; ++i) word.push_back(static_cast<char>('a' + rng() % 26));
    const std::size_t length = word.size();
    if (real_words.contains(word)) continue;
    // Breaks anywhere the minimums 2 and 3 allow, about one gap in three.
    HyphenMask mask = 0;
    for (std::size_t j = 2; j + 3 <= length; ++j)
      if (rng() % 3 == 0) mask |= HyphenMask{1} << j;
    w.add(word, mask);
    ++added;
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  w.write(out);
  out.close();
  if (!out) throw std::runtime_error(path.string() + ": write error");
  const auto check = MappedStore::open(path);
  std::fprintf(stderr, "  %s: %zu words, %.1f MB\n", path.filename().c_str(), check.size(), static_cast<double>(check.bytes().size()) / 1e6);
}

int make(const Args& args) {
  const std::string house = args.get("--house"), dir = args.get("--dir");
  if (house.empty() || dir.empty()) throw std::runtime_error("make: --house TSV and --dir DIR are required");
  std::vector<std::size_t> sizes;
  std::stringstream s(args.get("--sizes", "1000,10000,100000,all,1000000,10000000"));
  std::string item;
  std::vector<std::string> size_names;
  while (std::getline(s, item, ',')) size_names.push_back(item);

  const std::string text = experiment::read_file(house);
  std::vector<Entry> real;
  std::unordered_set<std::string> real_words;
  for (const std::string_view line : experiment::nonempty_lines(text)) {
    const std::size_t tab = line.find('\t');
    if (tab == std::string_view::npos) continue;
    Entry e = entry_of(line.substr(tab + 1));
    if (real_words.insert(e.key).second) real.push_back(std::move(e));
  }
  // The sparse dictionaries' real part: every 100th word of the list, in list order.
  std::vector<Entry> sparse;
  for (std::size_t i = 0; i < real.size(); i += 100) sparse.push_back(real[i]);
  std::mt19937_64 rng(466551);
  std::shuffle(real.begin(), real.end(), rng);
  std::filesystem::create_directories(dir);
  std::fprintf(stderr, "store-experiment make: %zu real words (%zu in the sparse part)\n", real.size(), sparse.size());
  for (const std::string& name : size_names) {
    const std::size_t n = name == "all" ? real.size() : std::stoull(name);
    write_store(std::filesystem::path(dir) / ("house-" + std::to_string(n) + ".hyphstore"), real, real.size(), n, real_words);
    write_store(std::filesystem::path(dir) / ("sparse-" + std::to_string(n) + ".hyphstore"), sparse, sparse.size(), n, real_words);
  }
  return 0;
}

// ---------------------------------------------------------------------------------------
// run

struct Memory {
  long rss_kb = 0, anon_kb = 0, file_kb = 0, hwm_kb = 0;
};

Memory memory_now() {
  Memory m;
  std::ifstream status("/proc/self/status");
  std::string line;
  auto value = [&](const char* name, long& out) {
    if (line.rfind(name, 0) == 0) out = std::atol(line.c_str() + std::strlen(name));
  };
  while (std::getline(status, line)) {
    value("VmRSS:", m.rss_kb);
    value("RssAnon:", m.anon_kb);
    value("RssFile:", m.file_kb);
    value("VmHWM:", m.hwm_kb);
  }
  return m;
}

const MappedStore* mapped_store_of(const hyph::exceptions::ExceptionStore& store) {
  if (auto m = dynamic_cast<const MappedStore*>(&store)) return m;
  if (auto l = dynamic_cast<const hyph::exceptions::LayeredStore*>(&store))
    for (const auto& layer : l->layers())
      if (auto m = dynamic_cast<const MappedStore*>(layer.get())) return m;
  return nullptr;
}

int run(const Args& args) {
  const std::string store_path = args.get("--store"), filter = args.get("--filter", "exact"), words_path = args.get("--words");
  const double eps = std::stod(args.get("--eps", "0.01"));
  const int reps = std::stoi(args.get("--reps", "5"));
  if (args.has("--cold") || args.has("--random"))
    throw std::runtime_error("--cold and --random measured the mapped store reader, which libhyph no longer has: stores are read into memory");
  if (words_path.empty()) throw std::runtime_error("run: --words is required");
  if (args.has("--header"))
    std::printf("store,entries,store_bytes,filter,eps,variant,reps,load_ms,ns_per_word,ns_per_word_ci95,ns_per_word_min,"
                "cpu_ns_per_word,cpu_ns_per_word_ci95,rss_kb,rss_anon_kb,rss_file_kb,hwm_kb,filter_bytes,queries,filter_positives,"
                "store_probes,hits,probes_avoided,resident_after_drop,resident_after_pass,checksum\n");

  const std::string text = experiment::read_file(words_path);
  const std::vector<std::string_view> words = experiment::nonempty_lines(text);

  hyph::Settings settings;
  if (filter != "none") {
    const auto kind = hyph::parse_filter_kind(filter);
    if (!kind) throw std::runtime_error("unknown filter " + filter);
    settings.exceptions = {*kind, eps};
    settings.exception_stores.emplace_back(store_path);
  }
  const auto start = Clock::now();
  const hyph::Hyphenator h = hyph::Hyphenator::english(settings);
  const double load_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  const MappedStore* mapped = mapped_store_of(hyph::detail::model_of(h).exceptions.store());
  if (filter != "none" && mapped == nullptr) throw std::runtime_error("the store is not loaded");
  const double resident_after_drop = -1, resident_after_pass = -1;  // (columns of the mapped reader's cold runs)
  hyph::LookupCounters counters;
  std::vector<double> ns_per_word, cpu_ns_per_word;
  std::uint64_t checksum = 0;
  for (int rep = 0; rep <= reps; ++rep) {  // pass 0: warm-up (counts lookups), not timed
    const experiment::Stopwatch watch;
    checksum = experiment::hyphenate_all(h, words, rep == 0 ? &counters : nullptr);
    if (rep > 0) {
      ns_per_word.push_back(watch.wall_ns() / static_cast<double>(words.size()));
      cpu_ns_per_word.push_back(watch.cpu_ns() / static_cast<double>(words.size()));
    }
  }
  const Memory m = memory_now();
  const auto s = experiment::summarize(ns_per_word), c = experiment::summarize(cpu_ns_per_word);
  const hyph::FilterDescription d = h.filter();
  std::printf("%s,%zu,%zu,%s,%.4f,%s,%d,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%ld,%ld,%ld,%ld,%llu,%llu,%llu,%llu,%llu,%.6f,%.4f,%.4f,%llu\n",
              filter == "none" ? "none" : std::filesystem::path(store_path).filename().c_str(), mapped ? mapped->size() : 0,
              mapped ? mapped->bytes().size() : 0, filter.c_str(), eps, "warm", reps, load_ms, s.mean, s.ci95,
              s.min, c.mean, c.ci95, m.rss_kb, m.anon_kb, m.file_kb, m.hwm_kb, static_cast<unsigned long long>((d.bits + 7) / 8),
              static_cast<unsigned long long>(counters.queries), static_cast<unsigned long long>(counters.filter_positives),
              static_cast<unsigned long long>(counters.store_probes), static_cast<unsigned long long>(counters.hits),
              counters.queries ? 1.0 - static_cast<double>(counters.store_probes) / static_cast<double>(counters.queries) : 0.0,
              resident_after_drop, resident_after_pass, static_cast<unsigned long long>(checksum));
  return 0;
}

}  // namespace

int main(int argc, char** argv) try {
  if (argc < 2 || (std::strcmp(argv[1], "make") != 0 && std::strcmp(argv[1], "run") != 0)) {
    std::fprintf(stderr, "usage: store-experiment make --house TSV --dir DIR [--sizes LIST]\n"
                         "       store-experiment run --store FILE --filter KIND --words FILE [--eps E] [--reps R] [--header]\n");
    return 2;
  }
  Args args{std::vector<std::string>(argv + 2, argv + argc)};
  return std::strcmp(argv[1], "make") == 0 ? make(args) : run(args);
} catch (const std::exception& e) {
  std::fprintf(stderr, "store-experiment: %s\n", e.what());
  return 1;
}
