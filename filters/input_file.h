// Opening a file to load, for both loaders that map their file (the compiled pattern
// file's and the exception store's): the same errors, and the same fallback to reading
// what cannot be mapped (a pipe, a file system without mmap, an empty file).
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace hyph::filters {

class InputFile {
 public:
  /// Opens path read-only. Throws Error(io) naming it if it cannot be opened or examined,
  /// or if it is a directory: "<path>: is a directory, not <what>".
  InputFile(const std::filesystem::path& path, std::string_view what);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  int fd() const noexcept { return fd_; }
  const std::string& name() const noexcept { return name_; }
  /// The size of a regular, non-empty file (one mmap can take); 0 otherwise.
  std::size_t mappable_size() const noexcept { return mappable_size_; }
  /// Every byte left to read, retrying reads a signal interrupted. Throws Error(io)
  /// "<path>: read error: <reason>".
  std::vector<std::byte> read_all() const;

 private:
  std::string name_;
  int fd_ = -1;
  std::size_t mappable_size_ = 0;
};

}  // namespace hyph::filters
