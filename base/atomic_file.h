// Writing a file whole or not at all: the one way every writer of libhyph's files (compiled
// pattern files, exception stores; through the C++, C and Python APIs and the tools) puts a
// file in place. A reader of the path sees the old file or the whole new one, never a part,
// whatever else is writing the same path at the same time, and a crash right after leaves the
// new file complete on disk.
//
//   1. a temporary file beside `path`, "NAME.XXXXXX.tmp" (XXXXXX random), created exclusively
//      (O_CREAT | O_EXCL | O_NOFOLLOW: never an existing file, never through a link someone
//      planted), mode 0666 less the umask;
//   2. the bytes written, then fsync;
//   3. renamed over `path` (a link at `path` is replaced, not followed), then fsync of the
//      folder, so that the rename itself is on disk.
//
// The temporary file is removed on every failure before the rename; only a process killed
// while writing leaves one behind.
#pragma once

#include <filesystem>
#include <functional>
#include <iosfwd>

namespace hyph::base {

/// Writes `path` with what `write` puts into the stream it is given. Throws Error(io) naming
/// `path` and the system's reason: "<path>: cannot create a temporary file beside it:
/// <reason>", "<path>: write error: <reason>" (e.g. "No space left on device"), "<path>:
/// cannot sync: <reason>", "<path>: cannot rename <temporary> over it: <reason>", "<folder>:
/// cannot sync the folder: <reason>" (after the rename: the new file is in place, but may not
/// be on disk yet). Whatever `write` throws is passed on, unless the stream had failed first:
/// then the write error is thrown instead.
void write_file_atomically(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write);

}  // namespace hyph::base
