// hyph-store: compiles exception lists into an exception store file (a compiled exception
// dictionary, doc/exception-store-format.md) for `hyphenate --exception-store`, and checks or
// lists such files.
//
//   hyph-store -o house.hyphstore patterns/data/ushyphex.tex my-words.hyp.txt
//   hyph-store -o house.hyphstore --format tsv house.tsv      # word<TAB>hy-phen-at-ed lines
//   hyph-store --check house.hyphstore
//   hyph-store --list house.hyphstore                          # one hy-phen-at-ed word a line
//
// Inputs are read in order, as TeX reads \hyphenation: a later word replaces an earlier one.
#include <hyph/error.h>
#include <hyph/exception_store.h>
#include <hyph/settings.h>

#include "cli_support.h"
#include "dispatch_tier.h"
#include "progress.h"

#include <boost/program_options.hpp>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace po = boost::program_options;

namespace {

using cli::Usage;

struct Counts {
  std::size_t words = 0, skipped = 0;
};

// A .hyp.txt list or a TeX file's \hyphenation (patterns in it are ignored, and said so).
void add_source(hyph::ExceptionStoreWriter& writer, const hyph::Source& source, Counts& counts, cli::Progress& progress) {
  const hyph::StoreSourceCounts found = writer.add(source);
  if (found.patterns_ignored != 0)
    std::fprintf(stderr, "hyph-store: %s: %zu patterns ignored (a store holds exceptions only)\n", source.name.c_str(), found.patterns_ignored);
  if (found.lccodes_ignored != 0)
    std::fprintf(stderr, "hyph-store: %s: %zu \\lccode assignments ignored (a store keeps only the letters its words use)\n",
                 source.name.c_str(), found.lccodes_ignored);
  counts.words += found.words;
  progress.advance(source.text.size());
}

// "word<TAB>hy-phen-at-ed" lines; the hyphenated form must spell the word (letters compared
// in lower case). With skip_invalid, lines that are not such a pair are counted, not fatal.
void add_tsv(hyph::ExceptionStoreWriter& writer, const hyph::Source& source, bool skip_invalid, Counts& counts,
             cli::Progress& progress) {
  const std::string& path = source.name;
  const std::string_view text = source.text;
  std::size_t number = 0;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t eol = std::min(text.find('\n', at), text.size());
    std::string_view line = text.substr(at, eol - at);
    progress.advance(eol + 1 - at);
    at = eol + 1;
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) continue;
    try {
      const std::size_t tab = line.find('\t');
      if (tab == std::string::npos || line.find('\t', tab + 1) != std::string::npos)
        throw hyph::ParseError(hyph::ErrorCode::parse, {path, number, 1}, "expected word<TAB>hyphenated");
      writer.add_pair(line.substr(0, tab), {path, number, 1}, line.substr(tab + 1), {path, number, tab + 2});
      ++counts.words;
    } catch (const hyph::ParseError&) {
      if (!skip_invalid) throw;
      ++counts.skipped;
    }
  }
}

int run(int argc, char** argv) {
  std::vector<std::string> inputs;
  std::string output, format, check, list;
  po::options_description visible(
      "Usage: hyph-store -o STORE [--format F] INPUT...\n"
      "       hyph-store --check STORE | --list STORE\n"
      "Compiles exception lists into an exception store (a compiled exception dictionary) for\n"
      "hyphenate --exception-store. Inputs are read in order; a later word replaces an earlier one.\n"
      "\nOptions");
  visible.add_options()
      ("help,h", "show this help and exit")
      ("version", "show the version and the dispatch tier, and exit")
      ("output,o", po::value(&output), "the store file to write")
      ("format,f", po::value(&format)->default_value("auto"),
       "input format: 'hyp' (hyph-utf8 *.hyp.txt: hy-phen-at-ed words), 'tex' (a TeX file's \\hyphenation{}), "
       "'tsv' (word<TAB>hy-phen-at-ed lines), or 'auto': tsv if the first line has a TAB, else by name or content")
      ("skip-invalid", "tsv: skip (and count) lines that are not a word and its hyphenation, instead of failing")
      ("check", po::value(&check), "validate a store and print what is in it")
      ("list", po::value(&list), "print a store's words, hyphenated, one a line (in the store's order)");
  cli::add_progress_options(visible, "compiling: bytes read, of how many, rate, time left; then writing");
  const po::variables_map vm = cli::parse_with_inputs(argc, argv, visible, inputs);
  cli::check_dispatch_tier(vm);
  if (cli::answered_help_or_version("hyph-store", LIBHYPH_VERSION, vm, visible, cli::dispatch_tier_line())) return 0;
  cli::Progress progress(cli::progress_wanted(vm, ::isatty(STDERR_FILENO) != 0), "hyph-store", cli::Progress::Unit::bytes, 1024);
  if (!check.empty() || !list.empty()) {
    if (!output.empty() || !inputs.empty()) throw Usage("--check and --list take no inputs and no --output");
    const auto store = hyph::ExceptionStoreReader::open(check.empty() ? list : check);
    if (!check.empty()) {
      const auto letters = store.letters();
      std::printf("%s: valid exception store, format version %u\n  %zu words, %zu letters, %zu bytes (%.1f bytes/word), directory of 2^%u buckets\n",
                  check.c_str(), hyph::ExceptionStoreReader::format_version(), store.size(), letters.size(), store.file_size(),
                  store.size() ? static_cast<double>(store.file_size()) / static_cast<double>(store.size()) : 0.0,
                  store.directory_bits());
    } else {
      std::string out;
      store.for_each([&](const hyph::StoreEntry& entry) {
        out += entry.hyphenated;
        out += '\n';
        if (out.size() > (1 << 16)) {
          cli::write_stdout(out);
          out.clear();
        }
      });
      cli::write_stdout(out);
    }
    cli::finish_stdout();
    return 0;
  }
  if (output.empty()) throw Usage("no --output given");
  if (inputs.empty()) throw Usage("no input given");
  if (format != "auto" && format != "hyp" && format != "tex" && format != "tsv")
    throw Usage("unknown --format '" + format + "' (choose auto, hyp, tex or tsv)");

  hyph::ExceptionStoreWriter writer;
  Counts counts;
  {
    // Known if every input is a regular file (not a pipe); one that cannot be read fails below.
    std::uint64_t total = 0;
    bool known = true;
    for (const auto& input : inputs) {
      std::error_code ec;
      const auto size = std::filesystem::is_regular_file(input, ec) ? std::filesystem::file_size(input, ec) : 0;
      if (ec || !std::filesystem::is_regular_file(input, ec)) known = false;
      total += size;
    }
    if (known) progress.set_total(total);
  }
  for (const auto& input : inputs) {
    progress.set_detail(input);
    // Read once, through the library's bounded reader (a pipe is read once, a device refused).
    const hyph::SourceFormat source_format =
        format == "hyp" ? hyph::SourceFormat::exception_list : format == "tex" ? hyph::SourceFormat::tex : hyph::SourceFormat::detect;
    const hyph::Source source = hyph::Source::file(input, source_format);
    const std::string_view first = std::string_view(source.text).substr(0, source.text.find('\n'));
    if (format == "tsv" || (format == "auto" && first.find('\t') != std::string_view::npos))
      add_tsv(writer, source, vm.count("skip-invalid") > 0, counts, progress);
    else
      add_source(writer, source, counts, progress);
  }
  progress.set_detail("writing " + output + " (" + std::to_string(counts.words) + " words read)", true);
  writer.write_file(output);  // beside it first, then renamed: a reader never sees half a store
  progress.set_detail("checking " + output, true);
  const auto written = hyph::ExceptionStoreReader::open(output);  // as a reader will see it
  progress.finish();
  std::fprintf(stderr, "hyph-store: %s: %zu words (%zu read%s), %zu bytes\n", output.c_str(), written.size(), counts.words,
               counts.skipped ? (", " + std::to_string(counts.skipped) + " lines skipped").c_str() : "", written.file_size());
  return 0;
}

}  // namespace

int main(int argc, char** argv) { return cli::run_main("hyph-store", run, argc, argv); }
