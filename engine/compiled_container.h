// The container both compiled formats share (doc/compiled-format.md): a 64-byte header (magic,
// version, header size, file size, section count, zero reserved bytes, XXH3 checksum), a table
// of 24-byte section entries (tag, zero, offset, length), and the sections in a fixed order,
// each at the next multiple of 64 after the one before, every gap zero, the last one ending
// the file. The TeX dialect's format (engine/compiled_tex.cpp) and the .dic dialect's
// (engine/compiled_dic.cpp) differ only in magic, version, tags and which large sections the
// checksum leaves out (their readers clamp what they read from those instead): each builds and
// reads its own sections, and this container writes and checks everything around them.
#pragma once

#include "base/message.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hyph::detail::container {

inline constexpr std::size_t kHeaderSize = 64, kEntrySize = 24, kAlignment = 64;
inline constexpr std::size_t kOffVersion = 8, kOffHeaderSize = 12, kOffFileSize = 16, kOffSectionCount = 24,
                             kOffReserved = 28, kOffChecksum = 56;

struct Format {
  std::span<const unsigned char, 8> magic;
  std::uint32_t version;
  std::span<const std::array<char, 4>> tags;  ///< the sections, in their order
  std::string_view kind;  ///< "compiled pattern file": "not a KIND (no magic number)"
  std::string_view again;  ///< what to do about another version: "compile the sources again with hyph-compile"
  /// Sections the checksum leaves out (increasing): large tables their readers clamp.
  std::span<const std::size_t> unchecked;
};

constexpr std::size_t align_up(std::size_t n) { return (n + kAlignment - 1) / kAlignment * kAlignment; }
constexpr std::size_t first_section_offset(std::size_t sections) { return align_up(kHeaderSize + sections * kEntrySize); }

/// Whether `bytes` begin with `format`'s magic (the rest may still be invalid).
bool has_magic(std::span<const std::byte> bytes, const Format& format) noexcept;

/// The size a file's header declares (bytes: at least its kHeaderSize first), or 0.
std::uint64_t declared_size(std::span<const std::byte> header) noexcept;

/// The section name at `s`, for messages ("INFO").
constexpr std::string_view tag_name(const Format& format, std::size_t s) { return {format.tags[s].data(), 4}; }

/// Writes the file `format` makes of `sections` (its contents, in the format's order): header,
/// section table, each section at the next multiple of kAlignment after the one before with
/// zero padding, the checksum. Deterministic. Throws Error(io) if the stream fails.
void write_file(const Format& format, std::span<const std::string_view> sections, std::ostream& out);

/// The checksum of `bytes` (a whole file) as `format` covers it: every byte but the checksum's
/// own and the unchecked sections' (read from the section table); none if the table or an
/// unchecked entry cannot be read.
std::optional<std::uint64_t> checksum(std::span<const std::byte> bytes, const Format& format) noexcept;

/// The sections of a file in `format`, after checking the header, the table, the padding and
/// the checksum; throws Error(bad_format) "NAME: problem" otherwise.
std::vector<std::span<const std::byte>> read_sections(std::span<const std::byte> bytes, const Format& format,
                                                      const std::string& name);

/// A file's sections, read and checked by read_sections, with what both formats' readers ask
/// of them.
class Sections {
 public:
  Sections() = default;
  Sections(std::span<const std::byte> bytes, const Format& format, std::string name)
      : format_(&format), name_(std::move(name)), sections_(read_sections(bytes, format, name_)) {}

  std::span<const std::byte> operator[](std::size_t s) const noexcept { return sections_[s]; }
  /// Throws Error(bad_format) "NAME: what".
  [[noreturn]] void fail(base::MessagePieces what) const;
  /// Section `s` as an array of T (read in place: the caller aligned the bytes): its length a
  /// multiple of sizeof(T), or fail().
  template <class T>
  std::span<const T> array(std::size_t s) const {
    const std::span<const std::byte> bytes = sections_[s];
    if (bytes.size() % sizeof(T) != 0) not_whole_entries(s);
    return {reinterpret_cast<const T*>(bytes.data()), bytes.size() / sizeof(T)};
  }

 private:
  [[noreturn]] void not_whole_entries(std::size_t s) const;
  const Format* format_ = nullptr;
  std::string name_;
  std::vector<std::span<const std::byte>> sections_;
};

/// A copy of `bytes` at a kAlignment boundary that `owner` then keeps alive: what a big-endian
/// host loads, turning the copy's arrays into its own order in place.
std::span<std::byte> writable_copy(std::span<const std::byte> bytes, std::shared_ptr<const void>& owner);

/// `bytes` where arrays read in place find them aligned to `alignment` (at most kAlignment): as
/// they are, or copied to a kAlignment-aligned buffer that `owner` then keeps alive.
std::span<const std::byte> aligned(std::span<const std::byte> bytes, std::size_t alignment, std::shared_ptr<const void>& owner);

}  // namespace hyph::detail::container
