// hyph-compile: compiles a language's patterns and exceptions into one file that libhyph
// reads and uses in place (doc/compiled-format.md), instead of parsing the sources each time.
//
//   $ hyph-compile -l de-1996 -o de-1996.hyb
//   $ hyph-compile -p hyph-de-1996.pat.txt --tag de-1996 --letters unicode --left-min 2 --right-min 2 -o de.hyb
//   $ echo Silbentrennung | hyphenate --compiled de-1996.hyb
//   Sil-ben-tren-nung
//   $ hyph-compile --dic /usr/share/hyphen/hyph_de_DE.dic -o de_DE.hyb   (libhyphen's dialect)
//
// Uses libhyph's public API only. The build runs it on patterns/data/hyphen.tex to make the
// English that the library embeds.
#include <hyph/hyphenator.h>
#include <hyph/languages.h>

#include "cli_support.h"
#include "dispatch_tier.h"
#include "language_table.h"
#include "settings_options.h"

#include <boost/program_options.hpp>

#include <string>
#include <vector>

namespace po = boost::program_options;

namespace {

using cli::Usage;

int run(int argc, char** argv) {
  std::vector<std::string> pattern_files, exception_files, pattern_dirs;
  std::string language, output, tag, name, dic;
  cli::SettingsOptions o;

  po::options_description visible(
      "Usage: hyph-compile [-l TAG | -p FILE...] [-e FILE...] [OPTION]... -o OUT.hyb\n"
      "       hyph-compile --dic FILE.dic -o OUT.hyb\n"
      "Compile a language's patterns and exceptions into one file that libhyph reads and uses in place\n"
      "(hyphenate --compiled OUT.hyb; Hyphenator::load_compiled). The file keeps the minimums, \\uchyph,\n"
      "letter policy and exception filter given here; hyphenate --left-min, --right-min and --uchyph\n"
      "still override the first three. The same input always gives the same bytes.\n"
      "With --dic, the file holds a LibreOffice/libhyphen .dic dictionary as libhyph loads it (both levels,\n"
      "non-standard breaks, NOHYPHEN, minimums, charset): hyphenate --compiled answers as --dic FILE.dic does.\n"
      "\nOptions");
  visible.add_options()
      ("help,h", "show this help and exit")
      ("version", "show the version and the dispatch tier, and exit")
      ("language,l", po::value(&language), "language tag, as hyphenate --language takes it (default en-us: plain TeX's hyphen.tex); see --list-languages")
      ("list-languages", "list the languages -l takes (with the --patterns-dir folders): tag, name, minimums, letters, source; then exit")
      ("dic", po::value(&dic), "a libhyphen .dic dictionary to compile instead of TeX patterns (alone: no other input, "
                               "letters, filter, minimums, --tag or --name)")
      ("patterns-dir", po::value(&pattern_dirs), "folder with hyph-utf8 patterns, searched first; repeatable")
      ("patterns,p", po::value(&pattern_files), "pattern file (*.pat.txt or TeX \\patterns), replacing the language's; repeatable. "
                                                "A compiled file is read back and written again (new labels, minimums, \\uchyph)")
      ("exceptions,e", po::value(&exception_files), "exception file (*.hyp.txt or TeX \\hyphenation), added in order; repeatable")
      ("exception-store", po::value(&o.exception_stores), "compiled exception dictionary (hyph-store) merged in, after the sources; repeatable")
      ("left-min", po::value(&o.left_min), "\\lefthyphenmin to record (default: the language's; -p: 2)")
      ("right-min", po::value(&o.right_min), "\\righthyphenmin to record (default: the language's; -p: 3)")
      ("uchyph", po::value(&o.uchyph), "\\uchyph to record (default 1)")
      ("letters", po::value(&o.letters), "'patterns' (8-bit TeX's letters) or 'unicode' (Unicode TeX's); default: the language's (-p: patterns)")
      ("small", "lay the patterns out small rather than fast: dense rows for the first letters only (German: 0.75 MB instead of 7.1 MB, at about half the words per second)")
      ("compact", "the small layout packed for downloading (web pages, the npm package): German gzips to about 180 KB instead of 380; "
                  "loaded by unpacking, then as --small")
      ("filter", po::value(&o.filter_name)->default_value(o.filter_name), ("exception pre-check stored in the file: " + cli::filter_choices(", ")).c_str())
      ("fp-rate", po::value(&o.fp_rate)->default_value(o.fp_rate), "target false-positive rate of the filter")
      ("tag", po::value(&tag), "language tag to record (default: the -l tag)")
      ("name", po::value(&name), "language name to record (default: the language's name)")
      ("output,o", po::value(&output), "the compiled file to write (through a new temporary file beside it, then renamed over it)");

  const po::variables_map vm = cli::parse(argc, argv, visible);
  cli::check_dispatch_tier(vm);
  if (cli::answered_help_or_version("hyph-compile", LIBHYPH_VERSION, vm, visible, cli::dispatch_tier_line())) return 0;
  hyph::LanguageSearch search;
  for (const auto& dir : pattern_dirs) search.directories.emplace_back(dir);
  // A --patterns-dir that is not a folder is an error, whatever is compiled.
  if (!search.directories.empty()) hyph::pattern_directories({.directories = search.directories, .environment = false, .system = false});
  if (vm.count("list-languages")) {
    cli::write_stdout(cli::language_table(search));
    cli::finish_stdout();
    return 0;
  }
  if (output.empty()) throw Usage("no output file: -o OUT.hyb");
  if (!language.empty() && !pattern_files.empty()) throw Usage("--language and --patterns are exclusive");
  if (!dic.empty()) {
    for (const char* other : {"language", "patterns-dir", "patterns", "exceptions", "exception-store", "left-min", "right-min",
                              "uchyph", "letters", "tag", "name", "small", "compact"})
      if (vm.count(other)) throw Usage(std::string("--dic takes no --") + other + " (a .dic dictionary has its own rules)");
    if (!vm["filter"].defaulted() || !vm["fp-rate"].defaulted()) throw Usage("--dic takes no --filter or --fp-rate");
    const hyph::Hyphenator loaded = hyph::Hyphenator::load_dic(dic);
    cli::print_warnings("hyph-compile", loaded);
    loaded.write_compiled_file(output);
    return 0;
  }
  const hyph::Settings settings = o.to_settings(vm);

  std::vector<hyph::Source> extra;
  for (const auto& f : exception_files) extra.push_back(hyph::Source::file(f));
  hyph::Hyphenator h = [&] {
    if (pattern_files.size() == 1 && cli::is_compiled_file(pattern_files[0])) {
      if (!extra.empty() || !o.exception_stores.empty() || !vm["filter"].defaulted() || !vm["fp-rate"].defaulted())
        throw Usage(pattern_files[0] + " is compiled: exceptions and the filter can only change when compiling from the sources");
      return hyph::Hyphenator::load_compiled(pattern_files[0], settings);
    }
    if (!pattern_files.empty()) {
      std::vector<hyph::Source> sources;
      for (const auto& f : pattern_files) {
        if (cli::is_compiled_file(f)) throw Usage(f + " is a compiled file: it can only be given alone");
        sources.push_back(hyph::Source::file(f));
      }
      sources.insert(sources.end(), extra.begin(), extra.end());
      return hyph::Hyphenator::load(sources, settings);
    }
    const std::string wanted = language.empty() ? "en-us" : language;
    const hyph::LanguageInfo info = cli::with_language_hint("hyph-compile", [&] { return hyph::find_language(wanted, search); });
    if (tag.empty()) tag = info.tag;
    if (name.empty()) name = info.name;
    return hyph::load_language(wanted, settings, extra, search);
  }();
  // Whole or not at all: a temporary file beside it, synced, renamed over it.
  if (vm.count("small") && vm.count("compact")) throw Usage("--small and --compact are exclusive (--compact is the small layout, packed)");
  const hyph::CompiledLayout layout = vm.count("compact") ? hyph::CompiledLayout::compact
                                      : vm.count("small") ? hyph::CompiledLayout::small
                                                          : hyph::CompiledLayout::fast;
  h.write_compiled_file(output, tag, name, layout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) { return cli::run_main("hyph-compile", run, argc, argv); }
