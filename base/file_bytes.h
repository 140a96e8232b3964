// A file's bytes, read whole into memory this process owns: for every loader of a file (the
// compiled pattern file, the exception store, pattern and exception sources, .dic
// dictionaries). A private copy, not a mapping: what the loader checked cannot change under it
// when someone rewrites or truncates the file while it is in use (a mapping would show the new
// bytes, or fault with SIGBUS past a new end). Reading is cheap: German's 7 MB compiled file
// in about 1 ms (doc/compiled-format.md, "Files in use").
//
// Every read is bounded. Directories and devices (/dev/zero, a terminal) are refused before
// they are opened; a regular file gives the bytes its size said when it was opened; a pipe or
// socket is read up to a bound: the size its format's header declares, or a ceiling.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <string_view>

namespace hyph::base {

class FileBytes {
 public:
  /// For a file whose format's header states its whole size: given its first `header_size`
  /// bytes, returns the size the header declares, or `header_size` for bytes that are not
  /// the format's header (its loader then says what is wrong). Asked for pipes only: a
  /// regular file is read to the size it has, and its loader compares the two.
  struct DeclaredSize {
    std::size_t header_size;
    std::function<std::uint64_t(std::span<const std::byte> header)> size_of;
  };

  /// Reads `path` whole. Throws Error(io) naming it: "<path>: cannot open: <reason>",
  /// "<path>: read error: <reason>", "<path>: is a directory, not <what>", "<path>: is a
  /// character device, not <what>" (block devices likewise). Memory running out while reading
  /// throws std::bad_alloc. The bytes start at a kAlignment boundary (large ones on huge pages).
  static FileBytes read(const std::filesystem::path& path, std::string_view what, const DeclaredSize& declared);

  /// Bytes read start at a multiple of this.
  static constexpr std::size_t kAlignment = 64;

  FileBytes(FileBytes&& other) noexcept;
  FileBytes& operator=(FileBytes&& other) noexcept;
  FileBytes(const FileBytes&) = delete;
  FileBytes& operator=(const FileBytes&) = delete;
  ~FileBytes();

  std::span<const std::byte> bytes() const noexcept { return {data_, size_}; }
  /// The path as given, for messages.
  const std::string& name() const noexcept { return name_; }

 private:
  FileBytes() = default;
  void allocate(std::size_t capacity);
  void release() noexcept;

  std::string name_;
  std::byte* data_ = nullptr;  // capacity_ bytes, at least one
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

/// The most bytes a source (pattern or exception file, .dic dictionary) read from a pipe may
/// have: a bound for what has no size of its own (a regular file is read at its size). The
/// largest sources in use are under 2 MB.
inline constexpr std::size_t kMaxPipedSource = std::size_t{256} << 20;

/// A text file whole (a pattern or exception source, a .dic dictionary), refused as
/// FileBytes::read refuses directories and devices. A pipe is read up to `pipe_limit` bytes;
/// more is Error(capacity) "<path>: more than N bytes, the most <what> read from a pipe may
/// have". A regular file gives the bytes of its size when opened (one of size 0, as /proc's
/// are, is read as a pipe).
std::string read_text_file(const std::filesystem::path& path, std::string_view what, std::size_t pipe_limit);

}  // namespace hyph::base
