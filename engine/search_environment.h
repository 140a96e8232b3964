// What the environment adds to a LanguageSearch whose `environment` is true: the folders of a
// ':'-separated variable (HYPH_PATTERNS_DIR, HYPH_DICTIONARIES), and HYPH_NO_SYSTEM_DIRS,
// which, set to anything but the empty string, shuts out the system's folders (TeX Live's
// trees, /usr/share/hyphen) as LanguageSearch::system = false does. Tests and builds that must
// see only their own folders set it; so may a user who wants exactly the folders they name.
#pragma once

#include <hyph/languages.h>

#include <filesystem>
#include <vector>

namespace hyph::detail {

inline constexpr const char* kNoSystemDirsVariable = "HYPH_NO_SYSTEM_DIRS";

/// The non-empty ':'-separated parts of the environment variable `name`, in order; none if the
/// search ignores the environment or the variable is unset.
std::vector<std::filesystem::path> environment_folders(const LanguageSearch& search, const char* name);

/// Whether the system's folders are searched: LanguageSearch::system, unless the search reads
/// the environment and HYPH_NO_SYSTEM_DIRS is set and not empty.
bool searches_system(const LanguageSearch& search);

/// Whether HYPH_NO_SYSTEM_DIRS, not the caller's LanguageSearch, shut the system's folders out
/// (for error messages that say where was looked).
bool system_shut_out_by_environment(const LanguageSearch& search);

}  // namespace hyph::detail
