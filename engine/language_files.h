// The files a language folder offers, named PREFIX + tag + SUFFIX, in name order: hyph-utf8's
// patterns (languages.cpp) and libhyphen's dictionaries (dic_languages.cpp) are found alike.
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace hyph::detail {

struct LanguageFile {
  std::filesystem::path path;
  std::string tag;  // the name between the prefix and the suffix, never empty
};

/// The regular files in `folder` named prefix + tag + suffix, sorted by name; none if the
/// folder cannot be read.
inline std::vector<LanguageFile> language_files(const std::filesystem::path& folder, std::string_view prefix,
                                                std::string_view suffix) {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::vector<fs::path> files;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) files.push_back(it->path());
  std::sort(files.begin(), files.end());
  std::vector<LanguageFile> out;
  for (fs::path& file : files) {
    const std::string name = file.filename().string();
    if (name.size() <= prefix.size() + suffix.size() || !name.starts_with(prefix) || !name.ends_with(suffix)) continue;
    std::error_code fe;
    if (!fs::is_regular_file(file, fe)) continue;
    out.push_back({std::move(file), name.substr(prefix.size(), name.size() - prefix.size() - suffix.size())});
  }
  return out;
}

}  // namespace hyph::detail
