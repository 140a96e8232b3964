#include "filters/input_file.h"

#include <hyph/error.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace hyph::filters {

InputFile::InputFile(const std::filesystem::path& path, std::string_view what) : name_(path.string()) {
  fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) throw Error(ErrorCode::io, name_ + ": cannot open: " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd_, &st) != 0) {
    const int error = errno;
    ::close(fd_);
    throw Error(ErrorCode::io, name_ + ": cannot stat: " + std::strerror(error));
  }
  if (S_ISDIR(st.st_mode)) {
    ::close(fd_);
    throw Error(ErrorCode::io, name_ + ": is a directory, not " + std::string(what));
  }
  if (S_ISREG(st.st_mode) && st.st_size > 0) mappable_size_ = static_cast<std::size_t>(st.st_size);
}

InputFile::~InputFile() { ::close(fd_); }

std::vector<std::byte> InputFile::read_all() const {
  std::vector<std::byte> data;
  std::byte chunk[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fd_, chunk, sizeof chunk);
    if (got == 0) return data;
    if (got < 0) {
      if (errno == EINTR) continue;
      throw Error(ErrorCode::io, name_ + ": read error: " + std::strerror(errno));
    }
    data.insert(data.end(), chunk, chunk + got);
  }
}

}  // namespace hyph::filters
