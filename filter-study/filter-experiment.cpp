// filter-experiment: the 2022 study's experiment on libhyph. For every exception filter at
// every false-positive rate ε, N repetitions of
//   build:   the filter from the hyphenex list (ushyphex.tex plus hyphen.tex's own 14
//            words: 1,766 words): hashing the words and building the filter; for `exact`,
//            building the exact hash store, the structure it consults instead. Also timed:
//            the whole exception index as a load builds it (the store, then the filter);
//   process: hyphenating every word of a word list (466,551 in english-words.txt), one
//            Hyphenator::hyphenate call a word.
// Two references: `exact` (no pre-check: every word probes the exact store) and `none` (no
// exceptions at all: plain TeX's patterns without hyphen.tex's \hyphenation, so no lookup).
// Times are this thread's CPU time (the machine this was written on is shared, and CPU time
// leaves out the time other processes held the core); the processing wall time is kept too.
// Configurations run in a new random order in each repetition; each is warmed up once
// (which also counts its store probes and false positives). Writes
//   OUT/filter-experiment-samples.csv  one line a measurement
//   OUT/filter-experiment.csv          mean, 95 % confidence interval (Student's t) and more
// and prints the summary. Progress goes to standard error when it is a terminal (--progress,
// --no-progress: always, never).
// Every configuration with exceptions must give the same breaks; the tool fails otherwise.
//
//   filter-experiment WORDS [--hyphenex FILE] [--reps 30] [--rates 0.01:0.20:0.01]
//                     [--filters all|bloom,cuckoo,...] [--out DIR] [--progress|--no-progress]
//   filter-experiment --list-filters     every filter kind of this build but exact, one a line
// `all` (the default) is every kind hyph::filter_kinds() knows, so a new backend joins the
// experiment without edits.
#include "../tools/cli_support.h"
#include "../tools/progress.h"
#include "engine/model.h"
#include "exceptions/exception_index.h"
#include "experiment_stats.h"
#include "patterns/embedded.h"
#include "word_list.h"

#include <hyph/hyphenator.h>

#include <boost/program_options.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace po = boost::program_options;
using Clock = std::chrono::steady_clock;

namespace {

struct Config {
  std::string filter;  // a FilterKind name, or "none"
  double eps;
  hyph::Hyphenator hyphenator;
  std::vector<double> build_ns, index_ns, process_ns, process_wall_ns;  // CPU time, and wall time
  hyph::LookupCounters counters;  // of the warm-up pass
  hyph::FilterDescription description;
  std::uint64_t checksum = 0;
};

std::vector<double> parse_rates(const std::string& spec) {
  std::vector<double> out;
  if (spec.find(':') != std::string::npos) {
    double from, to, step;
    if (std::sscanf(spec.c_str(), "%lf:%lf:%lf", &from, &to, &step) != 3 || step <= 0)
      throw std::runtime_error("--rates FROM:TO:STEP");
    for (int i = 0; from + i * step <= to + step / 1000; ++i) out.push_back(from + i * step);
  } else {
    std::stringstream s(spec);
    std::string item;
    while (std::getline(s, item, ',')) out.push_back(std::stod(item));
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) try {
  std::string words_path, hyphenex = "patterns/data/ushyphex.tex", rates_spec = "0.01:0.20:0.01", out_dir = ".",
                          filters_spec = "all";
  int reps = 30;
  unsigned seed = 2022;
  po::options_description opts("Usage: filter-experiment WORDS [options]");
  opts.add_options()("help,h", "this help")("hyphenex", po::value(&hyphenex)->default_value(hyphenex), "the exception list")(
      "reps", po::value(&reps)->default_value(reps), "repetitions")(
      "rates", po::value(&rates_spec)->default_value(rates_spec), "ε values: FROM:TO:STEP or a comma list")(
      "filters", po::value(&filters_spec)->default_value(filters_spec), "filters, or all (the references exact and none are always run)")(
      "list-filters", "print every filter kind but exact, one a line, and exit")(
      "seed", po::value(&seed)->default_value(seed), "seed of the order of configurations")(
      "out", po::value(&out_dir)->default_value(out_dir), "folder for the CSV files")(
      "words", po::value(&words_path), "word list, one word a line");
  cli::add_progress_options(opts, "measurements done, of how many, time left");
  po::positional_options_description pos;
  pos.add("words", 1);
  const po::variables_map vm = cli::parse(argc, argv, opts, pos);
  if (vm.count("list-filters")) {
    for (const hyph::FilterKind kind : hyph::filter_kinds())
      if (kind != hyph::FilterKind::exact) std::cout << hyph::to_string(kind) << "\n";
    return 0;
  }
  if (vm.count("help") || words_path.empty()) {
    std::cout << opts << "\n";
    return vm.count("help") ? 0 : 2;
  }
  if (reps < 1) throw std::runtime_error("--reps must be at least 1");
  const bool show_progress = cli::progress_wanted(vm, ::isatty(STDERR_FILENO) != 0);

  const std::string text = experiment::read_file(words_path);
  const std::vector<std::string_view> words = experiment::nonempty_lines(text);
  const std::vector<double> rates = parse_rates(rates_spec);
  std::vector<std::string> filters;
  {
    std::stringstream s(filters_spec);
    std::string item;
    while (std::getline(s, item, ','))
      if (item == "all") {
        for (const hyph::FilterKind kind : hyph::filter_kinds())
          if (kind != hyph::FilterKind::exact) filters.emplace_back(hyph::to_string(kind));
      } else if (item != "exact" && item != "none") {
        filters.push_back(item);
      }
    filters.insert(filters.begin(), "exact");
    filters.insert(filters.begin(), "none");
  }

  // Sources: hyphen.tex with its \hyphenation, hyphenex; and hyphen.tex without exceptions.
  const hyph::Source exceptions_source = hyph::Source::file(hyphenex);
  std::string plain(hyph::patterns::embedded_hyphen_tex());
  const std::size_t cut = plain.find("\\hyphenation{");
  const std::size_t cut_end = plain.find('}', cut);
  const hyph::Source patterns_only{"hyphen.tex without \\hyphenation", plain.substr(0, cut) + plain.substr(cut_end + 1),
                                   hyph::SourceFormat::tex};

  // The exceptions as a load sees them after parsing: (key, mask) pairs.
  const hyph::Hyphenator reference = hyph::Hyphenator::english({}, std::span(&exceptions_source, 1));
  std::vector<std::pair<std::string, std::uint64_t>> entries;
  hyph::detail::model_of(reference).exceptions.store().for_each(
      [&](std::string_view key, std::uint64_t mask) { entries.emplace_back(std::string(key), mask); });

  std::vector<Config> configs;
  for (const double eps : rates)
    for (const std::string& f : filters) {
      hyph::Settings settings;
      if (f != "none") {
        const auto kind = hyph::parse_filter_kind(f);
        if (!kind) throw std::runtime_error("unknown filter " + f);
        settings.exceptions = {*kind, eps};
      }
      configs.push_back({f, eps,
                         f == "none" ? hyph::Hyphenator::load(std::span(&patterns_only, 1), settings)
                                     : hyph::Hyphenator::english(settings, std::span(&exceptions_source, 1)),
                         {}, {}, {}, {}, {}, {}, 0});
    }

  const std::string machine = experiment::machine();
  std::fprintf(stderr, "filter-experiment: %zu words, %zu exception keys, %zu configurations x %d repetitions\n  %s\n",
               words.size(), entries.size(), configs.size(), reps, machine.c_str());

  // One step a warm-up pass, then one a measurement.
  cli::Progress progress(show_progress, "filter-experiment", cli::Progress::Unit::items, 1);
  progress.set_total(configs.size() * (static_cast<std::size_t>(reps) + 1));

  // Warm-up: one pass each, counting lookups; every configuration with exceptions must agree.
  std::uint64_t expected_checksum = 0;
  for (Config& c : configs) {
    if (progress.enabled()) progress.set_detail("warm-up " + c.filter + " " + std::to_string(c.eps).substr(0, 4));
    c.checksum = experiment::hyphenate_all(c.hyphenator, words, &c.counters);
    c.description = c.hyphenator.filter();
    if (c.filter != "none") {
      if (expected_checksum == 0) expected_checksum = c.checksum;
      if (c.checksum != expected_checksum) throw std::runtime_error("filter " + c.filter + " changed the output");
    }
    progress.advance();
  }

  std::mt19937_64 rng(seed);
  std::vector<std::size_t> order(configs.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::filesystem::create_directories(out_dir);
  std::ofstream samples(std::filesystem::path(out_dir) / "filter-experiment-samples.csv");
  samples << "rep,filter,eps,build_cpu_ns,index_cpu_ns,process_cpu_ns,process_wall_ns\n";
  volatile std::uint64_t sink = 0;
  for (int rep = 1; rep <= reps; ++rep) {
    std::shuffle(order.begin(), order.end(), rng);
    for (const std::size_t i : order) {
      Config& c = configs[i];
      if (progress.enabled()) progress.set_detail(c.filter + " " + std::to_string(c.eps).substr(0, 4) + " rep " + std::to_string(rep));
      double build = 0, index_build = 0;
      if (c.filter != "none") {
        const auto kind = *hyph::parse_filter_kind(c.filter);
        // The pre-check alone (twice: the first, cold, run is not counted).
        for (int pass = 0; pass < 2; ++pass) {
          const experiment::Stopwatch watch;
          if (kind == hyph::FilterKind::exact) {
            hyph::exceptions::MemoryStore store;
            for (const auto& [key, mask] : entries) store.insert_or_assign(key, mask);
            sink = sink + store.size();
          } else {
            std::vector<hyph::filters::Hash> hashes;
            hashes.reserve(entries.size());
            for (const auto& e : entries) hashes.push_back(hyph::base::hash_key(e.first));
            sink = sink + hyph::filters::make_filter(kind, hashes, c.eps)->describe().bits;
          }
          build = watch.cpu_ns();
        }
        // The exception index as a load builds it: the store, then the filter over its keys.
        const experiment::Stopwatch watch;
        auto store = std::make_unique<hyph::exceptions::MemoryStore>();
        for (const auto& [key, mask] : entries) store->insert_or_assign(key, mask);
        const hyph::exceptions::ExceptionIndex index(std::move(store), {kind, c.eps});
        index_build = watch.cpu_ns();
        sink = sink + index.store().size();
      }
      const experiment::Stopwatch watch;
      sink = sink + experiment::hyphenate_all(c.hyphenator, words, nullptr);
      const double processing = watch.cpu_ns(), processing_wall = watch.wall_ns();
      c.build_ns.push_back(build);
      c.index_ns.push_back(index_build);
      c.process_ns.push_back(processing);
      c.process_wall_ns.push_back(processing_wall);
      char sample[160];
      std::snprintf(sample, sizeof sample, "%d,%s,%.2f,%.0f,%.0f,%.0f,%.0f\n", rep, c.filter.c_str(), c.eps, build, index_build,
                    processing, processing_wall);
      samples << sample;
      progress.advance();
    }
  }
  progress.finish();

  std::ofstream summary(std::filesystem::path(out_dir) / "filter-experiment.csv");
  summary << "filter,eps,n,build_us_mean,build_us_ci95,index_us_mean,index_us_ci95,process_ms_mean,process_ms_ci95,process_ns_per_word,"
             "process_ms_median,process_wall_ms_mean,process_wall_ms_ci95,"
             "bits_per_key,theory_bits_per_key,filter_bytes,expected_fp,measured_fp,queries,store_probes,hits\n";
  std::printf("%-14s %5s %16s %18s %8s %7s %9s %9s\n", "filter", "eps", "build us (±95%)", "process ms (±95%)", "ns/word",
              "bits/k", "fp model", "fp meas.");
  for (const Config& c : configs) {
    std::vector<double> build_us, index_us, process_ms, process_wall_ms;
    for (double p : c.process_wall_ns) process_wall_ms.push_back(p / 1e6);
    for (double b : c.build_ns) build_us.push_back(b / 1e3);
    for (double b : c.index_ns) index_us.push_back(b / 1e3);
    for (double p : c.process_ns) process_ms.push_back(p / 1e6);
    const auto b = experiment::summarize(build_us), x = experiment::summarize(index_us), p = experiment::summarize(process_ms),
               w = experiment::summarize(process_wall_ms);
    const auto& k = c.counters;
    const double negatives = static_cast<double>(k.queries - k.hits);
    const bool has_filter = c.filter != "none" && c.filter != "exact";
    const double measured = has_filter && negatives > 0 ? static_cast<double>(k.false_positives()) / negatives : (c.filter == "exact" ? 1.0 : 0.0);
    char line[512];
    std::snprintf(line, sizeof line, "%s,%.2f,%zu,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.3f,%.4f,%.4f,%.4f,%.4f,%.4f,%llu,%.6f,%.6f,%llu,%llu,%llu\n",
                  c.filter.c_str(), c.eps, b.n, b.mean, b.ci95, x.mean, x.ci95, p.mean, p.ci95, p.mean * 1e6 / static_cast<double>(words.size()),
                  p.median, w.mean, w.ci95, c.description.bits_per_key, c.description.theoretical_bits_per_key,
                  static_cast<unsigned long long>((c.description.bits + 7) / 8), has_filter ? c.description.expected_fp_rate : measured,
                  measured, static_cast<unsigned long long>(k.queries), static_cast<unsigned long long>(k.store_probes),
                  static_cast<unsigned long long>(k.hits));
    summary << line;
    std::printf("%-14s %5.2f %8.2f ±%6.2f %9.2f ±%6.2f %8.1f %7.2f %9.5f %9.5f\n", c.filter.c_str(), c.eps, b.mean, b.ci95,
                p.mean, p.ci95, p.mean * 1e6 / static_cast<double>(words.size()), c.description.bits_per_key,
                has_filter ? c.description.expected_fp_rate : measured, measured);
  }
  if (!samples || !summary) throw std::runtime_error("cannot write the CSV files in " + out_dir);
  return sink == 42 ? 3 : 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "filter-experiment: %s\n", e.what());
  return 1;
}
