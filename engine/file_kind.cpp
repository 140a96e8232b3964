// hyph/file_kind.h: the two compiled formats' magic numbers, asked through their own readers
// (engine/compiled_tex.h, engine/compiled_dic.h), so that no caller types them out again.
#include <hyph/file_kind.h>

#include <hyph/error.h>

#include "engine/compiled_dic.h"
#include "engine/compiled_tex.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <system_error>

namespace hyph {

FileKind probe_bytes(std::span<const std::byte> bytes) noexcept {
  if (detail::is_compiled(bytes)) return FileKind::compiled_tex;
  if (detail::is_compiled_dic(bytes)) return FileKind::compiled_dic;
  return FileKind::other;
}

FileKind probe_file(const std::filesystem::path& path) {
  const std::string name = path.string();
  // Refused before opening, as the loaders refuse them: a folder cannot be read, and a device
  // (a terminal) could block.
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!ec) {
    const char* what = nullptr;
    if (std::filesystem::is_directory(status)) what = "is a directory";
    if (std::filesystem::is_character_file(status)) what = "is a character device";
    if (std::filesystem::is_block_file(status)) what = "is a block device";
    if (what) throw Error(ErrorCode::io, name + ": " + what + ", not a file to probe");
  }
  const std::unique_ptr<std::FILE, decltype(&std::fclose)> file(std::fopen(name.c_str(), "rb"), &std::fclose);
  if (!file) throw Error(ErrorCode::io, name + ": cannot open: " + std::strerror(errno));
  std::byte head[8] = {};
  const std::size_t n = std::fread(head, 1, sizeof head, file.get());
  if (n < sizeof head && std::ferror(file.get())) throw Error(ErrorCode::io, name + ": read error: " + std::strerror(errno));
  return probe_bytes(std::span(head, n));
}

}  // namespace hyph
