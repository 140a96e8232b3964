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
#include "exceptions/mapped_store.h"
#include "patterns/readers.h"
#include "base/utf8.h"

#include <hyph/error.h>
#include <hyph/hyphenator.h>

#include "cli_support.h"
#include "progress.h"

#include <boost/program_options.hpp>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace po = boost::program_options;
using hyph::exceptions::HyphenMask;

namespace {

using cli::Usage;

std::string key_of(const std::u32string& letters) { return hyph::utf8::encode(letters); }

// The word with '-' at the mask's breaks, as a .hyp.txt line.
std::string hyphenated(std::string_view key, HyphenMask mask) {
  std::string out;
  std::size_t letter = 0;
  for (std::size_t i = 0; i < key.size(); ++i) {
    const auto c = static_cast<unsigned char>(key[i]);
    if ((c & 0xC0) != 0x80) {  // the start of a letter
      if ((mask >> letter) & 1) out.push_back('-');
      ++letter;
    }
    out.push_back(key[i]);
  }
  if ((mask >> letter) & 1) out.push_back('-');
  return out;
}

struct Counts {
  std::size_t words = 0, skipped = 0;
};

// A .hyp.txt list or a TeX file's \hyphenation (patterns in it are ignored, and said so).
// (Progress advances by the file's size once it is read: the reader takes the file whole.)
void add_source(hyph::exceptions::StoreWriter& writer, const std::string& path, hyph::SourceFormat format, Counts& counts,
                cli::Progress& progress) {
  const hyph::Source source = hyph::Source::file(path, format);
  const hyph::patterns::ParsedSource parsed = hyph::patterns::read_source(source);
  if (!parsed.patterns.empty())
    std::fprintf(stderr, "hyph-store: %s: %zu patterns ignored (a store holds exceptions only)\n", path.c_str(), parsed.patterns.size());
  if (!parsed.lccodes.empty())
    std::fprintf(stderr, "hyph-store: %s: %zu \\lccode assignments ignored (a store keeps only the letters its words use)\n",
                 path.c_str(), parsed.lccodes.size());
  for (const auto& e : parsed.exceptions) writer.add(key_of(e.letters), e.breaks);
  counts.words += parsed.exceptions.size();
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (!ec) progress.advance(size);
}

// "word<TAB>hy-phen-at-ed" lines; the hyphenated form must spell the word (letters compared
// in lower case). With skip_invalid, lines that are not such a pair are counted, not fatal.
void add_tsv(hyph::exceptions::StoreWriter& writer, const std::string& path, bool skip_invalid, Counts& counts,
             cli::Progress& progress) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw hyph::Error(hyph::ErrorCode::io, path + ": cannot open");
  std::string line;
  std::size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    progress.advance(line.size() + 1);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    try {
      const std::size_t tab = line.find('\t');
      if (tab == std::string::npos || line.find('\t', tab + 1) != std::string::npos)
        throw hyph::ParseError(hyph::ErrorCode::parse, {path, number, 1}, "expected word<TAB>hyphenated");
      auto one = [&](std::string_view text, std::size_t column) {
        try {
          const auto parsed = hyph::patterns::read_exception_list(hyph::Source{path, std::string(text), hyph::SourceFormat::exception_list});
          if (parsed.exceptions.size() != 1)
            throw hyph::ParseError(hyph::ErrorCode::parse, {path, number, column}, "expected one word in each column");
          return parsed.exceptions.front();
        } catch (const hyph::ParseError& e) {
          if (e.where().line != 1) throw;
          throw hyph::ParseError(e.code(), {path, number, column + e.where().column - 1}, e.reason());
        }
      };
      const auto word = one(std::string_view(line).substr(0, tab), 1);
      const auto hyph = one(std::string_view(line).substr(tab + 1), tab + 2);
      if (word.letters != hyph.letters)
        throw hyph::ParseError(hyph::ErrorCode::parse, {path, number, tab + 2}, "the hyphenated form does not spell the word");
      writer.add(key_of(hyph.letters), hyph.breaks);
      ++counts.words;
    } catch (const hyph::ParseError&) {
      if (!skip_invalid) throw;
      ++counts.skipped;
    }
  }
  if (in.bad()) throw hyph::Error(hyph::ErrorCode::io, path + ": read error");
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
      ("version", "show the version and exit")
      ("output,o", po::value(&output), "the store file to write")
      ("format,f", po::value(&format)->default_value("auto"),
       "input format: 'hyp' (hyph-utf8 *.hyp.txt: hy-phen-at-ed words), 'tex' (a TeX file's \\hyphenation{}), "
       "'tsv' (word<TAB>hy-phen-at-ed lines), or 'auto': tsv if the first line has a TAB, else by name or content")
      ("skip-invalid", "tsv: skip (and count) lines that are not a word and its hyphenation, instead of failing")
      ("check", po::value(&check), "validate a store and print what is in it")
      ("list", po::value(&list), "print a store's words, hyphenated, one a line (in the store's order)");
  cli::add_progress_options(visible, "compiling: bytes read, of how many, rate, time left; then writing");
  const po::variables_map vm = cli::parse_with_inputs(argc, argv, visible, inputs);
  if (vm.count("help")) {
    std::cout << visible << "\n";
    return 0;
  }
  if (vm.count("version")) {
    std::cout << "hyph-store (libhyph) " << LIBHYPH_VERSION << "\n";
    return 0;
  }
  cli::Progress progress(cli::progress_wanted(vm, ::isatty(STDERR_FILENO) != 0), "hyph-store", cli::Progress::Unit::bytes, 1024);
  if (!check.empty() || !list.empty()) {
    if (!output.empty() || !inputs.empty()) throw Usage("--check and --list take no inputs and no --output");
    const auto store = hyph::exceptions::MappedStore::open(check.empty() ? list : check);
    if (!check.empty()) {
      const auto letters = store.letters();
      std::printf("%s: valid exception store, format version %u\n  %zu words, %zu letters, %zu bytes (%.1f bytes/word), directory of 2^%u buckets\n",
                  check.c_str(), hyph::exceptions::store_format::kVersion, store.size(), letters.size(), store.bytes().size(),
                  store.size() ? static_cast<double>(store.bytes().size()) / static_cast<double>(store.size()) : 0.0,
                  store.directory_bits());
    } else {
      std::string out;
      store.for_each([&](std::string_view key, HyphenMask mask) {
        out += hyphenated(key, mask);
        out += '\n';
        if (out.size() > (1 << 16)) {
          std::fwrite(out.data(), 1, out.size(), stdout);
          out.clear();
        }
      });
      std::fwrite(out.data(), 1, out.size(), stdout);
      if (std::fflush(stdout) != 0) throw hyph::Error(hyph::ErrorCode::io, "standard output: write error");
    }
    return 0;
  }
  if (output.empty()) throw Usage("no --output given");
  if (inputs.empty()) throw Usage("no input given");
  if (format != "auto" && format != "hyp" && format != "tex" && format != "tsv")
    throw Usage("unknown --format '" + format + "' (choose auto, hyp, tex or tsv)");

  hyph::exceptions::StoreWriter writer;
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
    std::string f = format;
    if (f == "auto") {
      std::ifstream in(input, std::ios::binary);
      std::string first;
      std::getline(in, first);
      f = first.find('\t') != std::string::npos ? "tsv" : "detect";
    }
    if (f == "tsv") add_tsv(writer, input, vm.count("skip-invalid") > 0, counts, progress);
    else add_source(writer, input,
                    f == "hyp" ? hyph::SourceFormat::exception_list : f == "tex" ? hyph::SourceFormat::tex : hyph::SourceFormat::detect,
                    counts, progress);
  }
  progress.set_detail("writing " + output + " (" + std::to_string(counts.words) + " words read)", true);
  // Write next to the target, then rename: a reader never sees half a store.
  const std::string temporary = output + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw hyph::Error(hyph::ErrorCode::io, temporary + ": cannot create");
    writer.write(out);
    out.close();
    if (!out) throw hyph::Error(hyph::ErrorCode::io, temporary + ": write error");
  }
  if (std::rename(temporary.c_str(), output.c_str()) != 0) {
    std::remove(temporary.c_str());
    throw hyph::Error(hyph::ErrorCode::io, output + ": cannot rename " + temporary + " to it");
  }
  progress.set_detail("checking " + output, true);
  const auto written = hyph::exceptions::MappedStore::open(output);  // as a reader will see it
  progress.finish();
  std::fprintf(stderr, "hyph-store: %s: %zu words (%zu read%s), %zu bytes\n", output.c_str(), written.size(), counts.words,
               counts.skipped ? (", " + std::to_string(counts.skipped) + " lines skipped").c_str() : "", written.bytes().size());
  return 0;
}

}  // namespace

int main(int argc, char** argv) { return cli::run_main("hyph-store", run, argc, argv); }
