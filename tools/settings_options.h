// What hyphenate and hyph-compile share about loading a language: the command-line options
// that become hyph::Settings (each tool declares them with its own help text), and telling
// a compiled pattern file from pattern sources.
#pragma once

#include "cli_support.h"

#include <hyph/error.h>
#include <hyph/exceptions.h>
#include <hyph/file_kind.h>
#include <hyph/hyphenator.h>

#include <boost/program_options.hpp>

#include <string>
#include <vector>

namespace cli {

/// "exact, bloom, ... or counting-quotient": every kind this build knows, for messages.
inline std::string filter_choices(const char* last_separator = " or ") {
  std::string out;
  const auto kinds = hyph::filter_kinds();
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    if (i > 0) out += i + 1 == kinds.size() ? last_separator : ", ";
    out += hyph::to_string(kinds[i]);
  }
  return out;
}

/// Where program_options stores the values of --left-min, --right-min, --uchyph, --letters,
/// --filter, --fp-rate and --exception-store.
struct SettingsOptions {
  int left_min = 0, right_min = 0, uchyph = 1;
  std::string letters, filter_name = "exact";
  double fp_rate = 0.01;
  std::vector<std::string> exception_stores;

  /// The Settings those options give: only the options given override the language's
  /// defaults. Throws Usage for a minimum outside 0..63, an unknown --letters or --filter.
  hyph::Settings to_settings(const boost::program_options::variables_map& vm) const {
    if (left_min < 0 || right_min < 0 || left_min > 63 || right_min > 63)
      throw Usage("--left-min and --right-min must be between 0 and 63 (TeX treats 0 as 1)");
    hyph::Settings settings;
    if (vm.count("left-min")) settings.left_min = left_min;
    if (vm.count("right-min")) settings.right_min = right_min;
    if (vm.count("uchyph")) settings.uchyph = uchyph;
    if (vm.count("letters")) {
      if (letters == "patterns") settings.letters = hyph::LetterPolicy::pattern_letters;
      else if (letters == "unicode") settings.letters = hyph::LetterPolicy::unicode;
      else throw Usage("unknown --letters '" + letters + "' (choose patterns or unicode)");
    }
    const auto kind = hyph::parse_filter_kind(filter_name);
    if (!kind) throw Usage("unknown --filter '" + filter_name + "' (choose " + filter_choices() + ")");
    settings.exceptions = {*kind, fp_rate};
    for (const auto& store : exception_stores) settings.exception_stores.emplace_back(store);
    return settings;
  }
};

/// Whether the file is a compiled file of either dialect (hyph/file_kind.h). One that cannot be
/// read counts as not compiled: the loader it then goes to names the file and the reason.
inline bool is_compiled_file(const std::string& path) {
  try {
    return hyph::probe_file(path) != hyph::FileKind::other;
  } catch (const hyph::Error&) {
    return false;
  }
}

}  // namespace cli
