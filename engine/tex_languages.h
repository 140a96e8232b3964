// TeX's languages in the registry (hyph-utf8's pattern files, the embedded en-us): how one is
// loaded (DialectRules::load_language). The registry itself is engine/languages.cpp.
#pragma once

#include <hyph/hyphenator.h>
#include <hyph/languages.h>

#include <span>
#include <string_view>

namespace hyph::detail {

/// The language's patterns and exceptions with `extra` after them, its own minimums and
/// letters where `settings` leave them unset, labelled with its tag and name.
Hyphenator load_tex_language(const LanguageInfo& language, std::string_view asked, const Settings& settings,
                             std::span<const Source> extra);

}  // namespace hyph::detail
