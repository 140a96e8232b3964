// hyphenate: marks TeX's hyphenation points in text read from files or standard input.
//
//   $ echo "hyphenation is fun" | hyphenate
//   hy-phen-ation is fun
//
// Uses libhyph's public API only.
#include <hyph/hyphenator.h>
#include <hyph/languages.h>
#include <hyph/text_stream.h>

#include "cli_support.h"
#include "dispatch_tier.h"
#include "explain_input.h"
#include "language_table.h"
#include "progress.h"
#include "settings_options.h"

#include <boost/program_options.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

namespace po = boost::program_options;

namespace {

constexpr const char* kSoftHyphen = "\xC2\xAD";  // U+00AD in UTF-8

using cli::Usage;

// A reader that went away (hyphenate ... | head -1) is not an error worth a message: the
// program ends quietly, as if killed by SIGPIPE (cli::die_of_sigpipe), after ending the
// progress line, if one is shown. Thrown, so that the -j workers are stopped and joined on
// the way out. (main() ignores SIGPIPE so that every write sees EPIPE and comes here.)
struct OutputClosed {};
[[noreturn]] void output_closed(cli::Progress* progress) {
  if (progress) progress->finish();
  throw OutputClosed{};
}

void write_stdout(std::string_view bytes, cli::Progress* progress = nullptr) {
  if (std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size()) {
    if (errno == EPIPE) output_closed(progress);
    throw hyph::Error(hyph::ErrorCode::io, std::string("standard output: ") + std::strerror(errno));
  }
}

// Flushes standard output, failing as write_stdout() does. (A failed fflush() drops what was
// buffered, and the next one succeeds: an unchecked one loses output silently.)
void flush_stdout(cli::Progress* progress = nullptr) {
  if (std::fflush(stdout) != 0) {
    if (errno == EPIPE) output_closed(progress);
    throw hyph::Error(hyph::ErrorCode::io, std::string("standard output: ") + std::strerror(errno));
  }
  if (std::ferror(stdout)) throw hyph::Error(hyph::ErrorCode::io, "standard output: write error");
}

// The inputs' total size, if known: all regular files (standard input too, when redirected
// from one); nullopt if any is a pipe or a terminal. (One that cannot be read fails later.)
std::optional<std::uint64_t> total_size(const std::vector<std::string>& inputs) {
  std::uint64_t total = 0;
  for (const auto& name : inputs) {
    struct stat st;
    if ((name == "-" ? ::fstat(STDIN_FILENO, &st) : ::stat(name.c_str(), &st)) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
    total += static_cast<std::uint64_t>(st.st_size);
  }
  return total;
}

// One input, a file or standard input for "-", read with read(): it returns what is there, so
// a line typed or piped in is answered at once. Errors name the input.
class Input {
 public:
  explicit Input(const std::string& name)
      : name_(name), fd_(name == "-" ? STDIN_FILENO : ::open(name.c_str(), O_RDONLY | O_CLOEXEC)) {
    if (fd_ < 0) throw hyph::Error(hyph::ErrorCode::io, name + ": cannot open: " + std::strerror(errno));
    struct stat st;
    if (fstat(fd_, &st) == 0 && S_ISDIR(st.st_mode)) {
      close();
      throw hyph::Error(hyph::ErrorCode::io, name + ": is a directory, not a text file");
    }
  }
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;
  ~Input() { close(); }

  // The next bytes into `buffer`: how many, 0 at the end.
  std::size_t read(std::vector<char>& buffer) {
    for (;;) {
      const ssize_t got = ::read(fd_, buffer.data(), buffer.size());
      if (got >= 0) return static_cast<std::size_t>(got);
      if (errno != EINTR) throw hyph::Error(hyph::ErrorCode::io, name_ + ": read error: " + std::strerror(errno));
    }
  }

 private:
  void close() noexcept {
    if (fd_ != STDIN_FILENO && fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  std::string name_;
  int fd_;
};

// Feeds one input (a file, or stdin for "-") through the stream (a TextStream, or a
// ParallelTextStream for -j).
template <typename Stream>
void hyphenate_input(const std::string& name, Stream& stream, bool answer_at_once, cli::Progress& progress) {
  Input input(name);
  // With --words each line is answered as soon as it arrives (a co-process), and memory
  // stays bounded however long a line is.
  std::vector<char> buffer(answer_at_once ? 1 << 16 : 1 << 20);
  while (const std::size_t got = input.read(buffer)) {
    stream.write(std::string_view(buffer.data(), got));
    if constexpr (std::is_same_v<Stream, hyph::TextStream>) {
      if (answer_at_once) {
        stream.flush();
        flush_stdout(&progress);
      }
    }
    progress.advance(static_cast<std::uint64_t>(got));
  }
  stream.finish();
}

// --replacements: the text as libhyphen's hyphenated word spells it. Complete tokens (up to
// the last white space read) are answered at once; the rest waits for more input.
void spell_input(const std::string& name, const hyph::Hyphenator& h, const std::string& marker, bool answer_at_once) {
  Input input(name);
  std::string pending;
  std::vector<char> buffer(1 << 16);
  while (const std::size_t got = input.read(buffer)) {
    pending.append(buffer.data(), got);
    std::size_t cut = pending.size();
    while (cut > 0 && !hyph::is_word_separator(static_cast<unsigned char>(pending[cut - 1]))) --cut;
    if (cut > 0) {
      write_stdout(h.hyphenated_spelling(std::string_view(pending).substr(0, cut), marker));
      pending.erase(0, cut);
    }
    if (answer_at_once) flush_stdout();
  }
  write_stdout(h.hyphenated_spelling(pending, marker));
}

// --stats: what the exception lookup is made of and what it did.
void print_stats(const hyph::Hyphenator& h, const hyph::LookupCounters& c) {
  const hyph::FilterDescription f = h.filter();
  const bool exact = f.name == "exact";
  auto line = [](const char* label, const std::string& value) { std::fprintf(stderr, "%-22s%s\n", label, value.c_str()); };
  auto num = [](std::uint64_t v) { return std::to_string(v); };
  auto fixed = [](double v, int digits) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, v);
    return std::string(text);
  };
  auto share = [&](std::uint64_t part, std::uint64_t whole) {
    return whole ? " (" + fixed(100.0 * static_cast<double>(part) / static_cast<double>(whole), 2) + " % of queries)" : std::string();
  };
  line("filter:", f.name + (f.parameters.empty() ? "" : " (" + f.parameters + ")"));
  line("exception store:", f.store);
  line("patterns:", num(h.pattern_count()));
  line("exception keys:", num(f.keys));
  if (exact) {
    line("filter memory:", "none (no pre-check)");
  } else {
    line("filter memory:", num(f.bits) + " bits (" + num((f.bits + 7) / 8) + " bytes)");
    line("bits/key:", fixed(f.bits_per_key, 3) + " (theory " + fixed(f.theoretical_bits_per_key, 3) +
                          " at target fp rate " + fixed(f.target_fp_rate, 4) + ")");
    if (f.hash_functions) line("hash functions k:", num(f.hash_functions));
    if (f.fingerprint_bits) line("fingerprint bits:", num(f.fingerprint_bits));
    if (f.load_factor > 0) line("load factor:", fixed(f.load_factor, 4));
  }
  line("queries:", num(c.queries));
  line("filter positives:", exact ? "n/a (no filter)" : num(c.filter_positives) + share(c.filter_positives, c.queries));
  line("store probes:", num(c.store_probes) + share(c.store_probes, c.queries));
  line("probes avoided:", num(c.queries - c.store_probes) + share(c.queries - c.store_probes, c.queries));
  line("exceptions hit:", num(c.hits));
  // A false positive is a probe that found nothing: a word the filter could not rule out.
  const std::uint64_t negatives = c.queries - c.hits;
  if (exact) {
    line("false positives:", "n/a (no filter: every query probes the store)");
    line("measured fp rate:", "n/a");
  } else {
    line("false positives:", num(c.false_positives()));
    line("measured fp rate:", (negatives ? fixed(static_cast<double>(c.false_positives()) / static_cast<double>(negatives), 6)
                                         : std::string("n/a")) +
                                  " over " + num(negatives) + " non-exception queries (target " +
                                  fixed(f.target_fp_rate, 6) + ", model " + fixed(f.expected_fp_rate, 6) + ")");
  }
}

int run(int argc, char** argv) {
  std::vector<std::string> pattern_files, exception_files, inputs, pattern_dirs;
  std::string language, marker, normalize, compiled_file, dic_file;
  int jobs = 0;  // signed, so that -j -1 is refused rather than read as 4294967295
  cli::SettingsOptions o;

  po::options_description visible(
      "Usage: hyphenate [OPTION]... [FILE]...\n"
      "Insert TeX's hyphenation points into text from FILEs (or standard input, '-').\n"
      "Output is the input byte for byte, plus a marker at every point.\n"
      "\n"
      "Languages: en-us (the default; also en) is Knuth's hyphen.tex, embedded, exactly as plain TeX.\n"
      "Every hyph-utf8 language installed (hyph-TAG.pat.txt, e.g. from Debian's texlive-lang-*) is\n"
      "available by its TAG (de-1996, fr, ru, el-monoton, ...; hyph-utf8's own American English is\n"
      "hyph-utf8:en-us), with hyph-utf8's typesetting minimums from hyph-TAG.tex and Unicode TeX's\n"
      "letters; --list-languages shows them. Pattern folders are searched in this order: each\n"
      "--patterns-dir, the ':'-separated HYPH_PATTERNS_DIR, then TeX Live's (kpsewhich, /usr/share/texlive).\n"
      "\nLibreOffice/libhyphen .dic dictionaries (libhyphen's dialect: every run of letters is a word, answered\n"
      "exactly as libhyphen's hnj_hyphen_hyphenate3): --dic FILE, or -l hyphen:TAG for hyph_TAG.dic found in\n"
      "each --patterns-dir, the ':'-separated HYPH_DICTIONARIES, then /usr/share/hyphen (hyphen:de_DE;\n"
      "hyphen:hu is the first Hungarian one).\n"
      "HYPH_NO_SYSTEM_DIRS=1 leaves out the system's folders: TeX Live's and /usr/share/hyphen.\n"
      "HYPH_CPU=portable|sse2|avx2|avx512 runs that dispatch tier, if the CPU has it (same output, other speed).\n"
      "\nOptions");
  visible.add_options()
      ("help,h", "show this help and exit")
      ("version", "show the version and the dispatch tier, and exit")
      ("language,l", po::value(&language)->default_value("en-us"), "language tag: en-us (plain TeX's hyphen.tex, embedded) or a hyph-utf8 tag; see --list-languages")
      ("list-languages", "list the available languages: tag, name, minimums, letters, source; then exit")
      ("list-filters", "list the exception pre-checks --filter takes, one a line; then exit")
      ("patterns-dir", po::value(&pattern_dirs), "folder with hyph-utf8 patterns (hyph-TAG.pat.txt, or txt/ and tex/), searched first; repeatable")
      ("patterns,p", po::value(&pattern_files), "pattern file (*.pat.txt or TeX \\patterns); replaces the language's; repeatable")
      ("exceptions,e", po::value(&exception_files), "exception file (*.hyp.txt or TeX \\hyphenation), added in order; repeatable")
      ("compiled", po::value(&compiled_file), "compiled pattern file (made by hyph-compile): a language's patterns, exceptions and filter, read and checked, not parsed; instead of --language and --patterns (-p FILE also detects one)")
      ("dic", po::value(&dic_file), "LibreOffice/libhyphen hyphenation dictionary (hyph_*.dic): libhyphen's dialect, instead of --language and --patterns")
      ("replacements", "spell non-standard breaks out as libhyphen's hyphenated word does (kulissza: kulisz-sza); the output is then not the input plus markers")
      ("explain", "instead of the text, one line per word the engine looks at: the patterns that matched, the whole value vector, what the minimums, an exception or NOHYPHEN cut off, and the breaks (format: doc/explain.md)")
      ("exception-store", po::value(&o.exception_stores), "compiled exception dictionary (made by hyph-store), read and checked, not parsed; consulted after every other exception source, later ones first; repeatable")
      ("left-min", po::value(&o.left_min), "\\lefthyphenmin (default: the language's: hyph-utf8's hyphenmins; en-us 2)")
      ("right-min", po::value(&o.right_min), "\\righthyphenmin (default: the language's: hyph-utf8's hyphenmins; en-us 3)")
      ("uchyph", po::value(&o.uchyph), "\\uchyph: 0 leaves words starting with a capital alone (default 1, or a compiled file's)")
      ("letters", po::value(&o.letters), "what is a letter: 'patterns' (8-bit TeX: the patterns' letters and their capitals) or 'unicode' (Unicode TeX: every Unicode letter); default: the language's (en-us and --patterns: patterns; hyph-utf8: unicode)")
      ("normalize", po::value(&normalize)->default_value("none"), "'none' (as TeX: a decomposed e + U+0301 is two characters) or 'nfc' (find words in Unicode NFC; the output bytes stay the input's)")
      ("marker,m", po::value(&marker)->default_value("-"), "string inserted at each hyphenation point")
      ("soft-hyphen", "use U+00AD SOFT HYPHEN as the marker")
      ("words,w", "line by line: each line is answered as soon as it is read (always one thread)")
      ("jobs,j", po::value(&jobs)->default_value(0), "threads: the input is cut at white space into chunks hyphenated in parallel and written in order, the same bytes as with 1; 0 (the default): one per core")
      ("filter", po::value(&o.filter_name)->default_value(o.filter_name), ("exception pre-check: " + cli::filter_choices(", ")).c_str())
      ("fp-rate", po::value(&o.fp_rate)->default_value(o.fp_rate), "target false-positive rate of the filter")
      ("stats", "print exception-lookup statistics to standard error");
  cli::add_progress_options(visible, "bytes read, of how many, rate, time left",
                            "when standard error is a terminal and standard output is not");
  const po::variables_map vm = cli::parse_with_inputs(argc, argv, visible, inputs);
  cli::check_dispatch_tier(vm);
  if (cli::answered_help_or_version("hyphenate", LIBHYPH_VERSION, vm, visible, cli::dispatch_tier_line())) return 0;
  if (vm.count("list-filters")) {
    for (const hyph::FilterKind kind : hyph::filter_kinds()) write_stdout(std::string(hyph::to_string(kind)) + "\n");
    flush_stdout();
    return 0;
  }
  hyph::LanguageSearch search;
  for (const auto& dir : pattern_dirs) search.directories.emplace_back(dir);
  // A --patterns-dir that is not a folder is an error, whatever is loaded.
  if (!search.directories.empty()) hyph::pattern_directories({.directories = search.directories, .environment = false, .system = false});
  if (vm.count("list-languages")) {
    write_stdout(cli::language_table(search));
    flush_stdout();
    return 0;
  }
  if (jobs < 0) throw Usage("--jobs must be 0 (one thread per core) or more, not " + std::to_string(jobs));
  if (vm.count("soft-hyphen")) {
    if (!vm["marker"].defaulted()) throw Usage("--soft-hyphen and --marker are exclusive");
    marker = kSoftHyphen;
  }
  hyph::Settings settings = o.to_settings(vm);
  if (normalize == "nfc") settings.normalization = hyph::Normalization::nfc;
  else if (normalize != "none") throw Usage("unknown --normalize '" + normalize + "' (choose none or nfc)");

  std::vector<hyph::Source> extra;
  for (const auto& f : exception_files) extra.push_back(hyph::Source::file(f));
  // A compiled file: --compiled FILE, or a -p FILE that starts with the compiled magic number.
  if (compiled_file.empty() && pattern_files.size() == 1 && cli::is_compiled_file(pattern_files[0])) {
    compiled_file = pattern_files[0];
    pattern_files.clear();
  }
  if (!compiled_file.empty()) {
    if (!pattern_files.empty() || !vm["language"].defaulted() || !extra.empty() || !o.exception_stores.empty())
      throw Usage("a compiled file (" + compiled_file + ") has its own patterns and exceptions: it takes no --language, "
                  "--patterns, --exceptions or --exception-store (compile them in with hyph-compile)");
    if (!vm["filter"].defaulted() || !vm["fp-rate"].defaulted())
      throw Usage("a compiled file (" + compiled_file + ") has its own exception filter: choose it with hyph-compile --filter");
  }
  for (const auto& f : pattern_files)
    if (cli::is_compiled_file(f)) throw Usage(f + " is a compiled pattern file: give it alone (--compiled FILE)");
  if (!dic_file.empty()) {
    if (!pattern_files.empty() || !vm["language"].defaulted() || !extra.empty() || !o.exception_stores.empty() || !compiled_file.empty())
      throw Usage("a .dic dictionary (" + dic_file + ") has its own patterns: it takes no --language, --patterns, --compiled, "
                  "--exceptions or --exception-store");
  }
  if (!dic_file.empty() || language.starts_with("hyphen:")) {
    if (vm.count("uchyph") || vm.count("letters") || normalize != "none")
      throw Usage("--uchyph, --letters and --normalize are TeX's: a .dic dictionary (libhyphen's dialect) takes none of them");
  }
  hyph::Hyphenator hyphenator = [&] {
    if (!dic_file.empty()) return hyph::Hyphenator::load_dic(dic_file, settings);
    if (!compiled_file.empty()) return hyph::Hyphenator::load_compiled(compiled_file, settings);
    if (!pattern_files.empty()) {
      std::vector<hyph::Source> sources;
      for (const auto& f : pattern_files) sources.push_back(hyph::Source::file(f));
      sources.insert(sources.end(), extra.begin(), extra.end());
      return hyph::Hyphenator::load(sources, settings);
    }
    return cli::with_language_hint("hyphenate", [&] { return hyph::load_language(language, settings, extra, search); });
  }();
  cli::print_warnings("hyphenate", hyphenator);

  if (inputs.empty()) inputs.push_back("-");
  if (vm.count("explain")) {
    if (vm.count("stats") || vm.count("replacements"))
      throw Usage("--explain prints its own lines: it does not go with --stats or --replacements");
    for (const auto& input : inputs)
      cli::explain_input(input, hyphenator, vm.count("words") > 0, [](std::string_view bytes) { write_stdout(bytes); },
                         [] { flush_stdout(); });
    flush_stdout();
    return 0;
  }
  if (vm.count("replacements")) {
    if (vm.count("stats")) throw Usage("--stats counts what the marker output looks up: it does not go with --replacements");
    for (const auto& input : inputs) spell_input(input, hyphenator, marker, vm.count("words") > 0);
    flush_stdout();
    return 0;
  }
  // By default only when standard error is a terminal and standard output is not: on one
  // terminal, the progress line would be mixed into the text.
  cli::Progress progress(cli::progress_wanted(vm, ::isatty(STDERR_FILENO) && !::isatty(STDOUT_FILENO)), "hyphenate");
  progress.set_total(total_size(inputs));
  const bool words = vm.count("words") > 0;
  auto sink = [&](std::string_view bytes) { write_stdout(bytes, &progress); };
  hyph::LookupCounters counters;
  {
    auto hyphenate_all = [&](auto& stream) {
      for (const auto& input : inputs) {
        progress.set_detail(input == "-" ? "(standard input)" : input);
        hyphenate_input(input, stream, words, progress);
      }
      counters = stream.counters();
    };
    // One thread for --words (each line is answered as it comes) and for -j 1.
    const unsigned threads = jobs != 0 ? static_cast<unsigned>(jobs) : std::max(1u, std::thread::hardware_concurrency());
    if (words || threads == 1) {
      hyph::TextStream stream(hyphenator, marker, sink);
      hyphenate_all(stream);
    } else {
      hyph::ParallelTextStream stream(hyphenator, marker, sink, {.threads = threads});
      hyphenate_all(stream);
    }
    flush_stdout(&progress);
  }
  progress.finish();
  if (vm.count("stats")) print_stats(hyphenator, counters);
  return 0;
}

// A closed output ends the program quietly, from wherever it was writing, with SIGPIPE's
// status: the output was cut short, which a pipeline (set -o pipefail) must be able to see.
int run_until_output_closes(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const OutputClosed&) {
    cli::die_of_sigpipe();
  }
}

}  // namespace

int main(int argc, char** argv) {
  // Writes report EPIPE instead of killing the process at once, so that the progress line is
  // ended and the workers joined first; the program still ends by SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  return cli::run_main("hyphenate", run_until_output_closes, argc, argv);
}
