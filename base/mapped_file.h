// A file's bytes, for every loader that reads a file in place (the compiled pattern file, the
// exception store): mapped read-only, or read into memory where it cannot be mapped (a pipe, a
// file system without mmap, an empty file). The same errors for both loaders.
#pragma once

#include <cstddef>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>

namespace hyph::base {

class MappedFile {
 public:
  struct Options {
    /// Fault every page in at once (MAP_POPULATE), for loaders that read all of it anyway.
    bool populate = false;
  };

  /// Opens `path` and maps or reads it. Throws Error(io) naming it if it cannot be opened,
  /// examined or read ("<path>: read error: <reason>"), or if it is a directory:
  /// "<path>: is a directory, not <what>". The bytes, mapped or read, start at a page or a
  /// kAlignment boundary.
  static MappedFile open(const std::filesystem::path& path, std::string_view what, Options options);
  static MappedFile open(const std::filesystem::path& path, std::string_view what) { return open(path, what, Options{}); }

  /// Bytes read into memory start at a multiple of this.
  static constexpr std::size_t kAlignment = 64;

  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&& other) noexcept;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  std::span<const std::byte> bytes() const noexcept { return {data_, size_}; }
  /// The path as given, for messages.
  const std::string& name() const noexcept { return name_; }
  /// True for a mapping, false for bytes read into memory.
  bool mapped() const noexcept { return mapped_; }

 private:
  MappedFile() = default;
  void release() noexcept;

  std::string name_;
  std::byte* data_ = nullptr;  // a mapping, or an aligned heap block of at least one byte
  std::size_t size_ = 0;
  bool mapped_ = false;
};

}  // namespace hyph::base
