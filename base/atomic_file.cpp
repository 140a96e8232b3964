#include "base/atomic_file.h"

#include <hyph/error.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <ostream>
#include <random>
#include <streambuf>
#include <string>

namespace hyph::base {
namespace {

[[noreturn]] void fail(const std::string& about, const std::string& doing, int error) {
  throw Error(ErrorCode::io, about + ": " + doing + ": " + std::strerror(error));
}

// A stream buffer over a descriptor that keeps the first write's errno, so that the message
// says why (errno itself is gone by the time the stream's user looks).
class DescriptorBuffer : public std::streambuf {
 public:
  explicit DescriptorBuffer(int fd) : fd_(fd), buffer_(std::make_unique<char[]>(kSize)) { setp(buffer_.get(), buffer_.get() + kSize); }
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    if (n <= epptr() - pptr()) {
      std::memcpy(pptr(), s, static_cast<std::size_t>(n));
      pbump(static_cast<int>(n));
      return n;
    }
    if (!drain() || !write_all(s, static_cast<std::size_t>(n))) return 0;  // large blocks go straight through
    return n;
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  static constexpr std::size_t kSize = std::size_t{1} << 16;

  bool drain() {
    const bool ok = write_all(pbase(), static_cast<std::size_t>(pptr() - pbase()));
    setp(buffer_.get(), buffer_.get() + kSize);
    return ok;
  }
  bool write_all(const char* p, std::size_t n) {
    if (error_ != 0) return false;
    while (n > 0) {
      const ssize_t done = ::write(fd_, p, n);
      if (done < 0) {
        if (errno == EINTR) continue;
        error_ = errno;
        return false;
      }
      p += done;
      n -= static_cast<std::size_t>(done);
    }
    return true;
  }

  int fd_;
  int error_ = 0;
  std::unique_ptr<char[]> buffer_;
};

// The temporary file until it is renamed: closed and removed if anything fails before.
struct Temporary {
  std::string name;
  int fd = -1;
  bool renamed = false;
  Temporary() = default;
  Temporary(const Temporary&) = delete;
  Temporary& operator=(const Temporary&) = delete;
  ~Temporary() {
    if (fd >= 0) ::close(fd);
    if (!renamed && !name.empty()) ::unlink(name.c_str());
  }
};

// "NAME.XXXXXX.tmp" beside `path`, created exclusively, never through a link.
void create_temporary(const std::filesystem::path& path, Temporary& t) {
  static constexpr char kLetters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::random_device random;
  std::uniform_int_distribution<std::size_t> pick(0, sizeof kLetters - 2);
  int error = EEXIST;
  for (int attempt = 0; attempt < 100 && error == EEXIST; ++attempt) {
    std::string name = path.string() + ".";
    for (int k = 0; k < 6; ++k) name += kLetters[pick(random)];
    name += ".tmp";
    t.fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (t.fd >= 0) {
      t.name = std::move(name);
      return;
    }
    error = errno;
  }
  fail(path.string(), "cannot create a temporary file beside it", error);
}

// The folder's entries on disk (the rename). A file system that cannot sync a folder says
// EINVAL: then there is nothing more to do.
void sync_folder(const std::filesystem::path& path) {
  const std::filesystem::path parent = path.parent_path();
  const std::string folder = parent.empty() ? "." : parent.string();
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) fail(folder, "cannot sync the folder", errno);
  const int result = ::fsync(fd);
  const int error = errno;
  ::close(fd);
  if (result != 0 && error != EINVAL) fail(folder, "cannot sync the folder", error);
}

}  // namespace

void write_file_atomically(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write) {
  const std::string name = path.string();
  if (path.filename().empty()) throw Error(ErrorCode::io, name + ": not a file name");
  Temporary t;
  create_temporary(path, t);
  {
    DescriptorBuffer buffer(t.fd);
    std::ostream out(&buffer);
    try {
      write(out);
    } catch (...) {
      if (buffer.error() != 0) fail(name, "write error", buffer.error());
      throw;
    }
    out.flush();
    if (buffer.error() != 0) fail(name, "write error", buffer.error());
    if (!out) throw Error(ErrorCode::io, name + ": write error");
  }
  if (::fsync(t.fd) != 0) fail(name, "cannot sync", errno);
  const int fd = t.fd;
  t.fd = -1;
  if (::close(fd) != 0) fail(name, "write error", errno);  // (some file systems report late)
  if (::rename(t.name.c_str(), name.c_str()) != 0) fail(name, "cannot rename " + t.name + " over it", errno);
  t.renamed = true;
  sync_folder(path);
}

}  // namespace hyph::base
