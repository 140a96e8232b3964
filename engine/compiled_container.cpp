#include "engine/compiled_container.h"

#include "engine/compiled_bytes.h"

#include "base/hash.h"

#include <hyph/error.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <ostream>

namespace hyph::detail::container {

using compiled_bytes::read;
using compiled_bytes::write;

bool has_magic(std::span<const std::byte> bytes, const Format& format) noexcept {
  return bytes.size() >= format.magic.size() && std::memcmp(bytes.data(), format.magic.data(), format.magic.size()) == 0;
}

std::uint64_t declared_size(std::span<const std::byte> header) noexcept {
  return header.size() >= kHeaderSize ? read<std::uint64_t>(header.data() + kOffFileSize) : 0;
}

void write_file(const Format& format, std::span<const std::string_view> sections, std::ostream& out) {
  const std::size_t count = format.tags.size();
  std::vector<std::size_t> offsets(count);
  std::size_t size = first_section_offset(count);
  for (std::size_t s = 0; s < count; ++s) {
    offsets[s] = size;
    size += sections[s].size();
    if (s + 1 < count) size = align_up(size);  // the last section is not padded: the file ends where it does
  }
  std::string file(size, '\0');
  std::memcpy(file.data(), format.magic.data(), format.magic.size());
  write<std::uint32_t>(file, kOffVersion, format.version);
  write<std::uint32_t>(file, kOffHeaderSize, kHeaderSize);
  write<std::uint64_t>(file, kOffFileSize, size);
  write<std::uint32_t>(file, kOffSectionCount, static_cast<std::uint32_t>(count));
  for (std::size_t s = 0; s < count; ++s) {
    const std::size_t entry = kHeaderSize + s * kEntrySize;
    std::memcpy(file.data() + entry, format.tags[s].data(), 4);
    write<std::uint64_t>(file, entry + 8, offsets[s]);
    write<std::uint64_t>(file, entry + 16, sections[s].size());
    // An empty section may have no storage at all, and memcpy from null is undefined.
    if (!sections[s].empty()) std::memcpy(file.data() + offsets[s], sections[s].data(), sections[s].size());
  }
  write<std::uint64_t>(file, kOffChecksum, *checksum(std::span(reinterpret_cast<const std::byte*>(file.data()), size), format));
  out.write(file.data(), static_cast<std::streamsize>(file.size()));
  if (!out) throw Error(ErrorCode::io, "cannot write the " + std::string(format.kind));
}

std::optional<std::uint64_t> checksum(std::span<const std::byte> bytes, const Format& format) noexcept {
  const std::size_t size = bytes.size();
  if (size < first_section_offset(format.tags.size())) return std::nullopt;
  const std::byte* b = bytes.data();
  std::uint64_t sum = XXH3_64bits(b, kOffChecksum);
  std::size_t from = kHeaderSize;
  for (const std::size_t s : format.unchecked) {
    const std::byte* entry = b + kHeaderSize + s * kEntrySize;
    const auto offset = read<std::uint64_t>(entry + 8), length = read<std::uint64_t>(entry + 16);
    if (offset < from || offset > size || length > size - offset) return std::nullopt;
    sum = XXH3_64bits_withSeed(b + from, static_cast<std::size_t>(offset) - from, sum);
    from = static_cast<std::size_t>(offset + length);
  }
  return XXH3_64bits_withSeed(b + from, size - from, sum);
}

namespace {

// Throws Error(bad_format) "NAME: what": once, not at each of read_sections' checks.
[[noreturn]] void fail_named(const std::string& name, base::MessagePieces what) {
  base::throw_error(ErrorCode::bad_format, {name, ": "}, what);
}

}  // namespace

std::vector<std::span<const std::byte>> read_sections(std::span<const std::byte> bytes, const Format& format,
                                                      const std::string& name) {
  auto fail = [&](base::MessagePieces what) { fail_named(name, what); };
  const std::size_t size = bytes.size();
  const std::size_t count = format.tags.size();
  if (size == 0) fail({"empty file"});
  if (size < format.magic.size() && std::memcmp(bytes.data(), format.magic.data(), size) == 0) fail({"truncated in the magic number"});
  if (size < format.magic.size() || std::memcmp(bytes.data(), format.magic.data(), format.magic.size()) != 0)
    fail({"not a ", format.kind, " (no magic number)"});
  if (size < kHeaderSize) fail({"truncated: ", size, " bytes, less than the header"});
  const std::byte* const b = bytes.data();
  const auto version = read<std::uint32_t>(b + kOffVersion);
  if (version != format.version)
    fail({"format version ", version, "; this libhyph reads version ", format.version, " (", format.again, ")"});
  if (read<std::uint32_t>(b + kOffHeaderSize) != kHeaderSize) fail({"header size is not 64"});
  const auto file_size = read<std::uint64_t>(b + kOffFileSize);
  if (file_size > size) fail({"truncated: the header says ", file_size, " bytes, there are ", size});
  if (file_size < size) fail({"the header says ", file_size, " bytes, there are ", size});
  if (read<std::uint32_t>(b + kOffSectionCount) != count)
    fail({read<std::uint32_t>(b + kOffSectionCount), " sections; version ", format.version, " has ", count});
  for (std::size_t at = kOffReserved; at < kOffChecksum; ++at)
    if (b[at] != std::byte{0}) fail({"reserved header bytes are not zero"});
  if (size < first_section_offset(count)) fail({"truncated in the section table"});

  // Sections follow each other in the documented order, each at the next multiple of 64
  // after the one before, the last one ending the file; every gap is zero.
  std::vector<std::span<const std::byte>> sections(count);
  std::size_t expected = first_section_offset(count);
  for (std::size_t s = 0; s < count; ++s) {
    const std::byte* entry = b + kHeaderSize + s * kEntrySize;
    if (std::memcmp(entry, format.tags[s].data(), 4) != 0)
      fail({"section ", s, " is not ", tag_name(format, s), " (sections are in a fixed order)"});
    if (read<std::uint32_t>(entry + 4) != 0) fail({"section ", tag_name(format, s), ": reserved bytes are not zero"});
    const auto offset = read<std::uint64_t>(entry + 8), length = read<std::uint64_t>(entry + 16);
    if (offset != expected)
      fail({"section ", tag_name(format, s), " at offset ", offset, ", not ", expected});
    if (length > size - offset)
      fail({"section ", tag_name(format, s), " (", length, " bytes at ", offset, ") runs past the end of the file"});
    sections[s] = bytes.subspan(static_cast<std::size_t>(offset), static_cast<std::size_t>(length));
    const std::size_t end = static_cast<std::size_t>(offset + length);
    expected = s + 1 < count ? align_up(end) : end;
    if (expected > size) fail({"truncated after section ", tag_name(format, s)});
    for (std::size_t at = end; at < expected; ++at)
      if (b[at] != std::byte{0}) fail({"padding after section ", tag_name(format, s), " is not zero"});
  }
  if (expected != size) fail({size - expected, " bytes after the last section"});
  for (std::size_t at = kHeaderSize + count * kEntrySize; at < first_section_offset(count); ++at)
    if (b[at] != std::byte{0}) fail({"padding after the section table is not zero"});
  const std::optional<std::uint64_t> sum = checksum(bytes, format);
  if (!sum || read<std::uint64_t>(b + kOffChecksum) != *sum) fail({"checksum mismatch: the file is damaged"});
  return sections;
}

void Sections::fail(base::MessagePieces what) const { fail_named(name_, what); }

void Sections::not_whole_entries(std::size_t s) const {
  fail({"section ", tag_name(*format_, s), ": ", sections_[s].size(), " bytes are not whole entries"});
}

namespace {

// A copy of bytes at a kAlignment boundary.
struct AlignedBuffer {
  explicit AlignedBuffer(std::size_t size)
      : data(static_cast<std::byte*>(::operator new(std::max<std::size_t>(size, 1), std::align_val_t{kAlignment}))), size(size) {}
  ~AlignedBuffer() { ::operator delete(data, std::align_val_t{kAlignment}); }
  AlignedBuffer(const AlignedBuffer&) = delete;
  AlignedBuffer& operator=(const AlignedBuffer&) = delete;
  std::byte* data;
  std::size_t size;
};

}  // namespace

std::span<std::byte> writable_copy(std::span<const std::byte> bytes, std::shared_ptr<const void>& owner) {
  auto copy = std::make_shared<AlignedBuffer>(bytes.size());
  if (!bytes.empty()) std::memcpy(copy->data, bytes.data(), bytes.size());
  const std::span<std::byte> out{copy->data, copy->size};
  owner = std::move(copy);
  return out;
}

std::span<const std::byte> aligned(std::span<const std::byte> bytes, std::size_t alignment, std::shared_ptr<const void>& owner) {
  if (reinterpret_cast<std::uintptr_t>(bytes.data()) % alignment == 0) return bytes;
  return writable_copy(bytes, owner);
}

}  // namespace hyph::detail::container
