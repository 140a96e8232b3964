#include "base/mapped_file.h"

#include <hyph/error.h>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <new>
#include <utility>
#include <vector>

namespace hyph::base {
namespace {

// Closes the descriptor however open() leaves: the mapping or the copy outlives it.
struct Descriptor {
  int fd;
  ~Descriptor() { ::close(fd); }
};

std::vector<std::byte> read_all(int fd, const std::string& name) {
  std::vector<std::byte> data;
  std::byte chunk[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fd, chunk, sizeof chunk);
    if (got == 0) return data;
    if (got < 0) {
      if (errno == EINTR) continue;
      throw Error(ErrorCode::io, name + ": read error: " + std::strerror(errno));
    }
    data.insert(data.end(), chunk, chunk + got);
  }
}

}  // namespace

MappedFile MappedFile::open(const std::filesystem::path& path, std::string_view what, Options options) {
  MappedFile file;
  file.name_ = path.string();
  const Descriptor d{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
  if (d.fd < 0) throw Error(ErrorCode::io, file.name_ + ": cannot open: " + std::strerror(errno));
  struct stat st {};
  if (::fstat(d.fd, &st) != 0) throw Error(ErrorCode::io, file.name_ + ": cannot stat: " + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) throw Error(ErrorCode::io, file.name_ + ": is a directory, not " + std::string(what));

  if (S_ISREG(st.st_mode) && st.st_size > 0) {
    const auto size = static_cast<std::size_t>(st.st_size);
    int flags = MAP_PRIVATE;
#ifdef MAP_POPULATE
    if (options.populate) flags |= MAP_POPULATE;
#endif
    void* address = ::mmap(nullptr, size, PROT_READ, flags, d.fd, 0);
    if (address != MAP_FAILED) {
      file.data_ = static_cast<std::byte*>(address);
      file.size_ = size;
      file.mapped_ = true;
      return file;
    }
  }
  const std::vector<std::byte> data = read_all(d.fd, file.name_);
  file.data_ = static_cast<std::byte*>(::operator new(std::max<std::size_t>(data.size(), 1), std::align_val_t{kAlignment}));
  file.size_ = data.size();
  std::copy(data.begin(), data.end(), file.data_);
  return file;
}

MappedFile::MappedFile(MappedFile&& other) noexcept { *this = std::move(other); }

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
  if (this != &other) {
    release();
    name_ = std::move(other.name_);
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    mapped_ = std::exchange(other.mapped_, false);
  }
  return *this;
}

MappedFile::~MappedFile() { release(); }

void MappedFile::release() noexcept {
  if (data_ == nullptr) return;
  if (mapped_) ::munmap(data_, size_);
  else ::operator delete(data_, std::align_val_t{kAlignment});
  data_ = nullptr;
}

}  // namespace hyph::base
