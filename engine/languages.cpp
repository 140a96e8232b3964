// The language registry: finds hyph-utf8 pattern files, reads their metadata, resolves tags.
#include <hyph/languages.h>

#include "engine/dialect.h"
#include "engine/dic_languages.h"
#include "engine/language_files.h"
#include "engine/model.h"
#include "engine/search_environment.h"
#include "engine/tex_languages.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <optional>
#include <sstream>

#include <unistd.h>

namespace hyph {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kEmbeddedTag = "en-us";
constexpr std::string_view kHyphUtf8Prefix = "hyph-utf8:";
constexpr std::string_view kPatternSuffix = ".pat.txt";

bool is_folder(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}
bool is_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}
bool is_executable(const fs::path& p) { return is_file(p) && ::access(p.c_str(), X_OK) == 0; }

// Lower case, '_' as '-', surrounding blanks dropped: "en_US " -> "en-us".
std::string normalise_tag(std::string_view tag) {
  while (!tag.empty() && std::isspace(static_cast<unsigned char>(tag.front()))) tag.remove_prefix(1);
  while (!tag.empty() && std::isspace(static_cast<unsigned char>(tag.back()))) tag.remove_suffix(1);
  std::string out;
  for (char c : tag) out += c == '_' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The path of an executable on PATH, or empty.
fs::path on_path(std::string_view name) {
  const char* path = std::getenv("PATH");
  if (!path) return {};
  std::stringstream dirs(path);
  for (std::string dir; std::getline(dirs, dir, ':');) {
    if (dir.empty()) continue;
    const fs::path candidate = fs::path(dir) / name;
    if (is_executable(candidate)) return candidate;
  }
  return {};
}

// kpsewhich's value of a variable (a TeX tree), or empty.
std::string kpsewhich_value(const fs::path& kpsewhich, const char* variable) {
  if (kpsewhich.string().find('\'') != std::string::npos) return {};  // cannot be quoted below
  const std::string command = "'" + kpsewhich.string() + "' -var-value=" + variable + " 2>/dev/null";
  std::FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return {};
  std::string out;
  std::array<char, 512> buffer;
  while (std::fgets(buffer.data(), buffer.size(), pipe)) out += buffer.data();
  pclose(pipe);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

std::vector<fs::path> system_roots() {
  std::vector<fs::path> roots;
  if (const fs::path kpsewhich = on_path("kpsewhich"); !kpsewhich.empty()) {
    for (const char* variable : {"TEXMFLOCAL", "TEXMFDIST"}) {
      // A value may list several trees: "{a,b}" or "a:b"; take each.
      std::string value = kpsewhich_value(kpsewhich, variable);
      std::replace_if(value.begin(), value.end(), [](char c) { return c == '{' || c == '}' || c == ',' || c == ';'; }, ':');
      std::stringstream parts(value);
      for (std::string part; std::getline(parts, part, ':');) {
        while (!part.empty() && (part.front() == '!')) part.erase(0, 1);  // kpathsea's "!!" prefix
        if (!part.empty()) roots.emplace_back(part);
      }
    }
  }
  for (const char* fixed : {"/usr/share/texlive/texmf-dist", "/usr/share/texmf-dist", "/Library/TeX/Root/texmf-dist"})
    roots.emplace_back(fixed);
  // TeX Live's own installer: /usr/local/texlive/YYYY/texmf-dist, newest first.
  std::vector<fs::path> years;
  std::error_code ec;
  for (fs::directory_iterator it("/usr/local/texlive", ec), end; !ec && it != end; it.increment(ec))
    if (is_folder(it->path() / "texmf-dist")) years.push_back(it->path() / "texmf-dist");
  std::sort(years.rbegin(), years.rend());
  roots.insert(roots.end(), years.begin(), years.end());
  return roots;
}

// The folders under a root that may hold hyph-*.pat.txt.
std::vector<fs::path> pattern_folders_of(const fs::path& root) {
  std::vector<fs::path> out;
  for (const fs::path& p : {root, root / "txt", root / "patterns" / "txt", root / "tex" / "generic" / "hyph-utf8" / "patterns" / "txt"})
    if (is_folder(p)) out.push_back(p);
  return out;
}

// hyph-utf8's metadata, from the comment header of hyph-TAG.tex: a YAML block such as
//   % language:
//   %     name: German, reformed spelling
//   % hyphenmins:
//   %     generation:
//   %         left: 2
//   %         right: 2
//   %     typesetting:
//   %         left: 2
//   %         right: 2
// A minimum is the typesetting value, or if there is none the generation value, as
// hyph-utf8's own generator takes it for TeX Live's language.dat (lib/tex/hyphen/language.rb).
struct Metadata {
  std::string name;
  std::optional<int> left, right;
};

std::string trim(std::string s) {
  const auto not_space = [](unsigned char c) { return !std::isspace(c); };
  s.erase(s.begin(), std::find_if(s.begin(), s.end(), not_space));
  s.erase(std::find_if(s.rbegin(), s.rend(), not_space).base(), s.end());
  if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front()) s = s.substr(1, s.size() - 2);
  return s;
}

std::optional<int> leading_int(const std::string& s) {
  if (s.empty() || !std::isdigit(static_cast<unsigned char>(s[0]))) return std::nullopt;
  return std::atoi(s.c_str());
}

Metadata read_metadata(const fs::path& tex) {
  Metadata m;
  std::ifstream in(tex, std::ios::binary);
  std::vector<std::pair<std::size_t, std::string>> stack;  // (indent, key) of enclosing blocks
  std::optional<int> generation_left, generation_right;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] != '%') break;  // the header ends at the first TeX line
    const std::string content = line.substr(1);
    const std::size_t indent = content.find_first_not_of(' ');
    if (indent == std::string::npos) continue;
    const std::size_t colon = content.find(':', indent);
    if (colon == std::string::npos || content[indent] == '-') continue;
    const std::string key = content.substr(indent, colon - indent);
    if (key.find(' ') != std::string::npos) continue;
    const std::string value = trim(content.substr(colon + 1));
    while (!stack.empty() && stack.back().first >= indent) stack.pop_back();
    const std::string parent = stack.empty() ? "" : stack.back().second;
    const std::string grandparent = stack.size() < 2 ? "" : stack[stack.size() - 2].second;
    if (stack.size() == 1 && parent == "language" && key == "name" && m.name.empty()) m.name = value;
    if (parent == "typesetting" && grandparent == "hyphenmins") {
      if (key == "left") m.left = leading_int(value);
      if (key == "right") m.right = leading_int(value);
    }
    if (parent == "generation" && grandparent == "hyphenmins") {
      if (key == "left") generation_left = leading_int(value);
      if (key == "right") generation_right = leading_int(value);
    }
    if (value.empty() || value == ">" || value == "|" || value == "|-") stack.emplace_back(indent, key);
  }
  if (!m.left) m.left = generation_left;
  if (!m.right) m.right = generation_right;
  return m;
}

LanguageInfo embedded_english() {
  LanguageInfo l;
  l.tag = std::string(kEmbeddedTag);
  l.name = "English (US), plain TeX: Knuth's hyphen.tex, embedded";
  l.mins = HyphenMins{2, 3};
  l.mins_from_metadata = false;
  l.letters = LetterPolicy::pattern_letters;
  l.embedded = true;
  return l;
}

// hyph-utf8 languages by tag, the first folder that has a tag winning.
std::map<std::string, LanguageInfo> scan(const LanguageSearch& search) {
  std::map<std::string, LanguageInfo> found;
  for (const fs::path& root : pattern_directories(search)) {
    for (const fs::path& folder : pattern_folders_of(root)) {
      for (const auto& [file, tag] : detail::language_files(folder, "hyph-", kPatternSuffix)) {
        if (found.contains(normalise_tag(tag))) continue;
        LanguageInfo l;
        l.tag = normalise_tag(tag);
        l.patterns = file;
        if (const fs::path hyp = folder / ("hyph-" + tag + ".hyp.txt"); is_file(hyp)) l.exceptions = hyp;
        for (const fs::path& tex : {folder / ("hyph-" + tag + ".tex"), folder.parent_path() / "tex" / ("hyph-" + tag + ".tex")}) {
          if (!is_file(tex)) continue;
          const Metadata m = read_metadata(tex);
          l.name = m.name;
          if (m.left && m.right) {
            l.mins = HyphenMins{*m.left, *m.right};
            l.mins_from_metadata = true;
            l.metadata = tex;
          }
          break;
        }
        if (l.name.empty()) l.name = tag;
        found.emplace(l.tag, std::move(l));
      }
    }
  }
  return found;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Tags close to `wanted`: the same first subtag or a prefix either way, a small edit
// distance, or a name that contains it ("german").
std::vector<std::string> near_matches(const std::string& wanted, const std::vector<LanguageInfo>& all) {
  std::vector<std::pair<std::size_t, std::string>> scored;
  const std::string bare = wanted.starts_with(kHyphUtf8Prefix) ? wanted.substr(kHyphUtf8Prefix.size()) : wanted;
  const std::string first_subtag = bare.substr(0, bare.find('-'));
  for (const LanguageInfo& l : all) {
    const std::string tag = l.tag.starts_with(kHyphUtf8Prefix) ? l.tag.substr(kHyphUtf8Prefix.size()) : l.tag;
    const std::size_t distance = edit_distance(bare, tag);
    std::size_t score = 100;
    if (tag.starts_with(bare) || bare.starts_with(tag)) score = 0;
    else if (!first_subtag.empty() && tag.substr(0, tag.find('-')) == first_subtag) score = 1;
    else if (distance <= std::max<std::size_t>(1, bare.size() / 3)) score = 1 + distance;
    else if (bare.size() >= 3 && lower(l.name).find(bare) != std::string::npos) score = 5;
    if (score < 100) scored.emplace_back(score, l.tag);
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> out;
  for (const auto& [score, tag] : scored)
    if (out.size() < 8) out.push_back(tag);
  return out;
}

}  // namespace

namespace {

// The folders a caller names must be there: a mistyped one would otherwise be skipped without
// a word, and a language found elsewhere (or none) would answer instead. (HYPH_PATTERNS_DIR's
// missing entries are skipped, as PATH's are.)
void check_named_directories(const LanguageSearch& search) {
  for (const fs::path& dir : search.directories) {
    std::error_code ec;
    const fs::file_status status = fs::status(dir, ec);
    if (!fs::exists(status))
      throw Error(ErrorCode::io, dir.string() + ": no such folder (named as a folder of patterns to search)");
    if (!fs::is_directory(status))
      throw Error(ErrorCode::io, dir.string() + ": not a folder (named as a folder of patterns to search)");
  }
}

}  // namespace

std::vector<std::filesystem::path> pattern_directories(const LanguageSearch& search) {
  check_named_directories(search);
  std::vector<fs::path> candidates = search.directories;
  for (fs::path& folder : detail::environment_folders(search, "HYPH_PATTERNS_DIR")) candidates.push_back(std::move(folder));
  if (detail::searches_system(search)) {
    for (fs::path root : system_roots()) candidates.push_back(root / "tex" / "generic" / "hyph-utf8" / "patterns");
  }
  std::vector<fs::path> out;
  std::set<fs::path> seen;
  for (const fs::path& c : candidates) {
    if (!is_folder(c)) continue;
    std::error_code ec;
    fs::path canonical = fs::canonical(c, ec);
    if (ec) canonical = c;
    if (seen.insert(canonical).second) out.push_back(c);
  }
  return out;
}

std::vector<LanguageInfo> list_languages(const LanguageSearch& search) {
  std::vector<LanguageInfo> out{embedded_english()};
  for (auto& [tag, info] : scan(search)) {
    if (tag == kEmbeddedTag) info.tag = std::string(kHyphUtf8Prefix) + tag;
    out.push_back(std::move(info));
  }
  std::sort(out.begin() + 1, out.end(), [](const LanguageInfo& a, const LanguageInfo& b) {
    const auto bare = [](const std::string& t) { return t.starts_with(kHyphUtf8Prefix) ? t.substr(kHyphUtf8Prefix.size()) : t; };
    return bare(a.tag) < bare(b.tag);
  });
  for (LanguageInfo& l : detail::dic_languages(search)) out.push_back(std::move(l));
  return out;
}

LanguageInfo find_language(std::string_view tag, const LanguageSearch& search) {
  check_named_directories(search);  // also where the embedded en-us needs no search
  const std::string wanted = normalise_tag(tag);
  if (wanted == kEmbeddedTag || wanted == "en") return embedded_english();
  const std::vector<LanguageInfo> all = list_languages(search);
  if (wanted.starts_with(detail::kDicPrefix)) {
    if (auto l = detail::find_dic_language(tag, all)) return *l;
  }
  for (const LanguageInfo& l : all) {
    if (l.embedded || l.tag.starts_with(detail::kDicPrefix)) continue;  // libhyphen's: found above
    const std::string bare = l.tag.starts_with(kHyphUtf8Prefix) ? l.tag.substr(kHyphUtf8Prefix.size()) : l.tag;
    if (wanted == l.tag || wanted == std::string(kHyphUtf8Prefix) + bare) return l;
  }
  std::string message = "unknown language '" + std::string(tag) + "'";
  const std::vector<std::string> near = near_matches(wanted, all);
  if (!near.empty()) {
    message += "; did you mean ";
    for (std::size_t i = 0; i < near.size(); ++i) message += (i ? ", " : "") + near[i];
    message += "?";
  }
  if (all.size() == 1) {
    const auto dirs = pattern_directories(search);
    message += " Only the embedded en-us is available: no hyph-utf8 patterns (hyph-*.pat.txt) were found";
    message += dirs.empty() ? " (no pattern folder exists)" : " in";
    for (std::size_t i = 0; i < dirs.size(); ++i) message += (i ? ", " : " ") + dirs[i].string();
    message += ". Install TeX Live's patterns (Debian: texlive-lang-*), or name a folder of them in HYPH_PATTERNS_DIR.";
  } else {
    // (Each front end adds how to list them: hyphenate --list-languages, libhyph.languages().)
    message += " (" + std::to_string(all.size()) + " languages available; more come with TeX Live's hyph-utf8 patterns, "
               "Debian: texlive-lang-*, or from a folder of them named in HYPH_PATTERNS_DIR)";
  }
  if (detail::system_shut_out_by_environment(search))
    message += std::string(" ") + detail::kNoSystemDirsVariable + " is set: TeX Live's trees and /usr/share/hyphen were not searched.";
  throw Error(ErrorCode::unknown_language, message);
}

Hyphenator load_language(std::string_view tag, const Settings& settings, std::span<const Source> extra,
                         const LanguageSearch& search) {
  const LanguageInfo l = find_language(tag, search);
  return detail::rules_for(l.dialect).load_language(l, tag, settings, extra);
}

Hyphenator Hyphenator::language(std::string_view tag, const Settings& settings, std::span<const Source> extra) {
  return load_language(tag, settings, extra);
}

namespace detail {

Hyphenator load_tex_language(const LanguageInfo& l, std::string_view, const Settings& settings, std::span<const Source> extra) {
  // The language's own minimums and letters; \uchyph is TeX's for every language.
  const Settings s = with_defaults(settings, {.mins = l.mins, .uchyph = kPlainTexDefaults.uchyph, .letters = l.letters});
  Hyphenator h = [&] {
    if (l.embedded) return Hyphenator::english(s, extra);
    std::vector<Source> sources;
    sources.push_back(Source::file(l.patterns, SourceFormat::pattern_list));
    if (!l.exceptions.empty()) sources.push_back(Source::file(l.exceptions, SourceFormat::exception_list));
    sources.insert(sources.end(), extra.begin(), extra.end());
    return Hyphenator::load(sources, s);
  }();
  // Loaded by tag, it reports the tag (tag(), Python's .tag), as a compiled file does.
  label_language(h, l.tag, l.name);
  return h;
}

}  // namespace detail

}  // namespace hyph
