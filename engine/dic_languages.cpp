#include "engine/dic_languages.h"

#include "engine/dialect.h"
#include "engine/language_files.h"
#include "engine/search_environment.h"

#include <unicode/locid.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <set>

namespace hyph::detail {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> dic_directories(const LanguageSearch& search) {
  std::vector<fs::path> out = search.directories;
  for (fs::path& folder : environment_folders(search, "HYPH_DICTIONARIES")) out.push_back(std::move(folder));
  if (searches_system(search)) out.emplace_back("/usr/share/hyphen");
  return out;
}

// "de_DE" -> "German (Germany)", through ICU's locale names; the tag itself if ICU has none.
std::string display_name(const std::string& tag) {
  const icu::Locale locale(tag.c_str());
  icu::UnicodeString name;
  locale.getDisplayName(icu::Locale::getEnglish(), name);
  std::string out;
  name.toUTF8String(out);
  return out.empty() || out == tag ? tag : out;
}

// The LEFTHYPHENMIN and RIGHTHYPHENMIN lines before any NEXTLEVEL (the level hyphenate3 takes
// its minimums from); 2 where a value is missing, as hyphenate3 applies them.
void read_minimums(const fs::path& file, LanguageInfo& l) {
  std::ifstream in(file, std::ios::binary);
  std::optional<int> left, right;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("NEXTLEVEL")) break;
    auto value = [&](std::string_view keyword) -> std::optional<int> {
      if (!line.starts_with(keyword)) return std::nullopt;
      return std::atoi(line.c_str() + keyword.size());
    };
    if (auto v = value("LEFTHYPHENMIN")) left = *v;
    if (auto v = value("RIGHTHYPHENMIN")) right = *v;
  }
  l.mins = HyphenMins{left && *left > 0 ? *left : 2, right && *right > 0 ? *right : 2};
  l.mins_from_metadata = left || right;
  if (l.mins_from_metadata) l.metadata = file;
}

std::string folded(std::string_view s) {
  std::string out;
  for (char c : s) out += c == '-' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::vector<LanguageInfo> dic_languages(const LanguageSearch& search) {
  std::vector<LanguageInfo> out;
  std::set<std::string> seen;
  for (const fs::path& folder : dic_directories(search)) {
    for (const auto& [file, tag] : language_files(folder, "hyph_", ".dic")) {
      if (!seen.insert(folded(tag)).second) continue;
      LanguageInfo l;
      l.tag = std::string(kDicPrefix) + tag;
      l.name = display_name(tag) + ", libhyphen dictionary";
      l.letters = LetterPolicy::unicode;
      l.patterns = file;
      l.dialect = kDicRules.id;
      read_minimums(file, l);
      out.push_back(std::move(l));
    }
  }
  std::sort(out.begin(), out.end(), [](const LanguageInfo& a, const LanguageInfo& b) { return a.tag < b.tag; });
  return out;
}

std::optional<LanguageInfo> find_dic_language(std::string_view tag, const std::vector<LanguageInfo>& dics) {
  if (!folded(tag).starts_with(kDicPrefix)) return std::nullopt;
  std::string wanted = folded(tag.substr(kDicPrefix.size()));
  while (!wanted.empty() && std::isspace(static_cast<unsigned char>(wanted.back()))) wanted.pop_back();
  auto bare = [](const LanguageInfo& l) { return folded(std::string_view(l.tag).substr(kDicPrefix.size())); };
  for (;;) {
    for (const LanguageInfo& l : dics)
      if (l.dialect == kDicRules.id && bare(l) == wanted) return l;
    const std::size_t cut = wanted.rfind('_');
    if (cut == std::string::npos) break;
    wanted.resize(cut);
  }
  // A bare language: its first dictionary (pyphen's short names).
  for (const LanguageInfo& l : dics)
    if (l.dialect == kDicRules.id && !wanted.empty() && bare(l).substr(0, bare(l).find('_')) == wanted) return l;
  return std::nullopt;
}

Hyphenator load_dic_language(const LanguageInfo& l, std::string_view asked, const Settings& settings,
                             std::span<const Source> extra) {
  if (!extra.empty())
    throw Error(ErrorCode::invalid_argument, std::string(asked) + " is a libhyphen dictionary: it takes no extra pattern or exception sources");
  Hyphenator h = Hyphenator::load_dic(l.patterns, settings);
  label_language(h, l.tag, l.name);
  return h;
}

}  // namespace hyph::detail
