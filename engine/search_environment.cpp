#include "engine/search_environment.h"

#include <cstdlib>
#include <sstream>
#include <string>

namespace hyph::detail {

std::vector<std::filesystem::path> environment_folders(const LanguageSearch& search, const char* name) {
  std::vector<std::filesystem::path> out;
  if (!search.environment) return out;
  const char* value = std::getenv(name);
  if (!value) return out;
  std::stringstream parts(value);
  for (std::string part; std::getline(parts, part, ':');)
    if (!part.empty()) out.emplace_back(part);
  return out;
}

bool system_shut_out_by_environment(const LanguageSearch& search) {
  if (!search.system || !search.environment) return false;
  const char* value = std::getenv(kNoSystemDirsVariable);
  return value && *value;
}

bool searches_system(const LanguageSearch& search) { return search.system && !system_shut_out_by_environment(search); }

}  // namespace hyph::detail
