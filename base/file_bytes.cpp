#include "base/file_bytes.h"

#include "base/huge_pages.h"

#include <hyph/error.h>

#include <fcntl.h>
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

[[noreturn]] void io_error(const std::string& name, const char* doing, int error) {
  throw Error(ErrorCode::io, name + ": " + doing + ": " + std::strerror(error));
}

// What a file that is not read is, for the message; null for one that is read.
const char* refused_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  return nullptr;
}

void refuse(mode_t mode, const std::string& name, std::string_view what) {
  if (const char* kind = refused_kind(mode)) throw Error(ErrorCode::io, name + ": is " + kind + ", not " + std::string(what));
}

// An open file, closed however the read ends.
struct Input {
  int fd = -1;
  struct stat st {};
  Input() = default;
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;
  ~Input() {
    if (fd >= 0) ::close(fd);
  }
  bool sized() const { return S_ISREG(st.st_mode) && st.st_size > 0; }
};

// Opens `path` for reading. Directories and devices are refused before they are opened
// (opening a device may already act: a tape rewinds) and again after (the name may have
// changed in between).
void open_input(const std::filesystem::path& path, const std::string& name, std::string_view what, Input& in) {
  struct stat before {};
  if (::stat(path.c_str(), &before) != 0) io_error(name, "cannot open", errno);
  refuse(before.st_mode, name, what);
  in.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (in.fd < 0) io_error(name, "cannot open", errno);
  if (::fstat(in.fd, &in.st) != 0) io_error(name, "cannot stat", errno);
  refuse(in.st.st_mode, name, what);
}

// Reads into `into` until it is full or the file ends; returns how many bytes came.
std::size_t read_up_to(int fd, std::byte* into, std::size_t count, const std::string& name) {
  std::size_t done = 0;
  while (done < count) {
    const ssize_t got = ::read(fd, into + done, std::min<std::size_t>(count - done, std::size_t{1} << 30));
    if (got == 0) break;
    if (got < 0) {
      if (errno == EINTR) continue;
      io_error(name, "read error", errno);
    }
    done += static_cast<std::size_t>(got);
  }
  return done;
}

// Appends what a pipe gives to `out`, at most `limit` bytes in all; returns false if the pipe
// has more.
template <class Bytes>
bool read_stream(int fd, Bytes& out, std::size_t limit, const std::string& name) {
  constexpr std::size_t kChunk = std::size_t{1} << 16;
  for (;;) {
    const std::size_t room = std::min(kChunk, limit - std::min(limit, out.size()) + 1);  // one more: is there more?
    const std::size_t at = out.size();
    out.resize(at + room);
    const std::size_t got = read_up_to(fd, reinterpret_cast<std::byte*>(out.data()) + at, room, name);
    out.resize(at + got);
    if (out.size() > limit) return false;
    if (got < room) return true;
  }
}

}  // namespace

FileBytes FileBytes::read(const std::filesystem::path& path, std::string_view what, const DeclaredSize& declared) {
  FileBytes file;
  file.name_ = path.string();
  Input in;
  open_input(path, file.name_, what, in);
  if (in.sized()) {
    // The size when opened: a file that grows meanwhile is read as it was; one that shrinks
    // gives what is left, which its loader then finds short.
    file.allocate(static_cast<std::size_t>(in.st.st_size));
    file.size_ = read_up_to(in.fd, file.data_, file.capacity_, file.name_);
    return file;
  }
  // A pipe: as many bytes as the header declares, and one more to tell its loader that the
  // pipe held more than that. Kept in a growing buffer first: the header is the sender's word.
  std::vector<std::byte> head(declared.header_size);
  head.resize(read_up_to(in.fd, head.data(), head.size(), file.name_));
  std::vector<std::byte> all = std::move(head);
  if (all.size() == declared.header_size) {
    const std::uint64_t size = declared.size_of(all);
    const std::size_t limit = size < declared.header_size ? declared.header_size : static_cast<std::size_t>(std::min<std::uint64_t>(size, SIZE_MAX - 1));
    read_stream(in.fd, all, limit, file.name_);
  }
  file.allocate(all.size());
  std::copy(all.begin(), all.end(), file.data_);
  file.size_ = all.size();
  return file;
}

void FileBytes::allocate(std::size_t capacity) {
  capacity = std::max<std::size_t>(capacity, 1);
  data_ = static_cast<std::byte*>(capacity >= huge_pages::kThreshold ? huge_pages::allocate(capacity)
                                                                     : ::operator new(capacity, std::align_val_t{kAlignment}));
  capacity_ = capacity;
}

FileBytes::FileBytes(FileBytes&& other) noexcept { *this = std::move(other); }

FileBytes& FileBytes::operator=(FileBytes&& other) noexcept {
  if (this != &other) {
    release();
    name_ = std::move(other.name_);
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    capacity_ = std::exchange(other.capacity_, 0);
  }
  return *this;
}

FileBytes::~FileBytes() { release(); }

void FileBytes::release() noexcept {
  if (data_ == nullptr) return;
  if (capacity_ >= huge_pages::kThreshold) huge_pages::deallocate(data_, capacity_);
  else ::operator delete(data_, std::align_val_t{kAlignment});
  data_ = nullptr;
}

std::string read_text_file(const std::filesystem::path& path, std::string_view what, std::size_t pipe_limit) {
  const std::string name = path.string();
  Input in;
  open_input(path, name, what, in);
  std::string text;
  if (in.sized()) {
    text.resize(static_cast<std::size_t>(in.st.st_size));
    text.resize(read_up_to(in.fd, reinterpret_cast<std::byte*>(text.data()), text.size(), name));
    return text;
  }
  if (!read_stream(in.fd, text, pipe_limit, name))
    throw Error(ErrorCode::capacity, name + ": more than " + std::to_string(pipe_limit) + " bytes, the most " + std::string(what) +
                                         " read from a pipe may have");
  return text;
}

}  // namespace hyph::base
