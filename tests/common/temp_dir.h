// A folder of the test's own under the system's temporary folder (mkdtemp, so that test
// processes running at once, by meson or by several builds, never share a path), removed with
// everything in it when the test ends.
#pragma once

#include <doctest/doctest.h>

#include <stdlib.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace test {

class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "hyph-test-XXXXXX").string();
    REQUIRE_MESSAGE(::mkdtemp(pattern.data()) != nullptr, "cannot make a temporary folder from " << pattern);
    path_ = pattern;
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }

  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

}  // namespace test
