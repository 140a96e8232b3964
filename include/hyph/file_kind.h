// What a file holds, asked before loading it: a compiled file of TeX's dialect, a compiled
// `.dic` dictionary (libhyphen's dialect), or something else (a source of patterns,
// exceptions or a `.dic` dictionary, or anything at all). Told from the magic number alone
// (doc/compiled-format.md); Hyphenator::load_compiled checks the rest.
//
//     if (hyph::probe_file("de.hyb") != hyph::FileKind::other)
//       auto h = hyph::Hyphenator::load_compiled("de.hyb");
#pragma once

#include <hyph/export.h>

#include <cstddef>
#include <filesystem>
#include <span>

namespace hyph {

/// What a file's first bytes say it is. The same numbers as the C API's hyph_file_kind.
enum class FileKind {
  other,         ///< not a compiled file
  compiled_tex,  ///< a compiled file of TeX's dialect (hyph-compile -l, -p)
  compiled_dic,  ///< a compiled `.dic` dictionary, libhyphen's dialect (hyph-compile --dic)
};

/// What `bytes` begin as (too few bytes: FileKind::other).
HYPH_EXPORT FileKind probe_bytes(std::span<const std::byte> bytes) noexcept;

/// What the file at `path` begins as; reads at most its first 8 bytes (a pipe's are then
/// gone). Throws Error(ErrorCode::io) naming the file if it cannot be opened or read, or if it
/// is a directory or a device ("/dev/zero: is a character device, not a file to probe").
HYPH_EXPORT FileKind probe_file(const std::filesystem::path& path);

}  // namespace hyph
