// libhyphen's `.dic` dictionaries in the language registry: "hyphen:TAG" is the file
// hyph_TAG.dic in the folders of LanguageSearch::directories, HYPH_DICTIONARIES (':'-separated,
// with LanguageSearch::environment) and /usr/share/hyphen (with LanguageSearch::system, unless
// HYPH_NO_SYSTEM_DIRS shuts it out: search_environment.h).
#pragma once

#include <hyph/hyphenator.h>
#include <hyph/languages.h>

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace hyph::detail {

inline constexpr std::string_view kDicPrefix = "hyphen:";

/// Every dictionary found, sorted by tag ("hyphen:de_DE"); the first folder that has a file wins.
std::vector<LanguageInfo> dic_languages(const LanguageSearch& search);

/// The dictionary a "hyphen:..." tag names, as pyphen resolves names: the tag itself (ignoring
/// case, '-' as '_'), else without its last subtags in turn ("hyphen:de_CH_1901" -> de_CH ->
/// de), and a bare language ("hyphen:hu") is the first dictionary of that language.
std::optional<LanguageInfo> find_dic_language(std::string_view tag, const std::vector<LanguageInfo>& dics);

/// DialectRules::load_language: the dictionary with `settings` as Hyphenator::load_dic takes
/// them, labelled; Error(invalid_argument) for `extra` sources, which a dictionary cannot take.
Hyphenator load_dic_language(const LanguageInfo& language, std::string_view asked, const Settings& settings,
                             std::span<const Source> extra);

}  // namespace hyph::detail
