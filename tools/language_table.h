// What hyphenate and hyph-compile share about languages by tag: the --list-languages table,
// and the hint an unknown tag's error gets on the command line.
#pragma once

#include <hyph/error.h>
#include <hyph/languages.h>

#include <algorithm>
#include <string>

namespace cli {

/// --list-languages: one language a line, in columns (a header line first).
inline std::string language_table(const hyph::LanguageSearch& search) {
  const auto languages = hyph::list_languages(search);
  std::size_t tag_width = 3, name_width = 4;
  for (const auto& l : languages) {
    tag_width = std::max(tag_width, l.tag.size());
    name_width = std::max(name_width, l.name.size());
  }
  std::string table;
  auto row = [&](const std::string& tag, const std::string& name, const std::string& left, const std::string& right,
                 const std::string& letters, const std::string& source) {
    std::string line = tag + std::string(tag_width + 2 - tag.size(), ' ') + name;
    // Pad by display width: count UTF-8 lead bytes only.
    std::size_t shown = 0;
    for (unsigned char c : name) shown += (c & 0xC0) != 0x80;
    line += std::string(name_width + 2 - std::min(name_width + 1, shown), ' ');
    line += std::string(4 - std::min<std::size_t>(3, left.size()), ' ') + left;
    line += std::string(6 - std::min<std::size_t>(5, right.size()), ' ') + right;
    line += "  " + letters + std::string(10 - std::min<std::size_t>(9, letters.size()), ' ') + source + "\n";
    table += line;
  };
  row("tag", "name", "left", "right", "letters", "source (minimums from)");
  for (const auto& l : languages) {
    std::string source;
    if (l.dialect == hyph::Dialect::libhyphen) {
      source = l.patterns.string() + (l.mins_from_metadata ? " (its LEFT/RIGHTHYPHENMIN)" : " (no minimums: libhyphen's 2 2)");
    } else if (l.embedded) {
      source = "embedded: patterns/data/hyphen.tex (plain TeX's minimums)";
    } else {
      source = l.patterns.string();
      if (!l.exceptions.empty()) source += " + " + l.exceptions.filename().string();
      source += l.mins_from_metadata ? " (" + l.metadata.filename().string() + ")" : " (no hyphenmins found: TeX's 2 3)";
    }
    row(l.tag, l.name, std::to_string(l.mins.left), std::to_string(l.mins.right),
        l.dialect == hyph::Dialect::libhyphen ? "runs" : l.letters == hyph::LetterPolicy::unicode ? "unicode" : "patterns", source);
  }
  return table;
}

/// Runs load(); an unknown tag's error gets this tool's own ways to list the languages and to
/// search a folder (the library's message names only what every front end has).
template <class Load>
auto with_language_hint(const char* tool, Load load) -> decltype(load()) {
  try {
    return load();
  } catch (const hyph::Error& e) {
    if (e.code() != hyph::ErrorCode::unknown_language) throw;
    std::string message = e.what();
    if (!message.ends_with('.')) message += '.';
    throw hyph::Error(e.code(), message + " '" + tool + " --list-languages' lists the languages; '--patterns-dir DIR' searches a folder first.");
  }
}

}  // namespace cli
