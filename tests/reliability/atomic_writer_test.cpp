// The one writer of libhyph's files (base/atomic_file.h), directly and through the public
// writers: whole files or none, no temporary left, no link followed, errors that say which
// file and why.
#include "scratch.h"

#include "base/atomic_file.h"

#include <hyph/error.h>
#include <hyph/exception_store.h>
#include <hyph/hyphenator.h>

#include <doctest/doctest.h>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <thread>

using reliability::read_file;
using reliability::Scratch;
using reliability::write_file;

namespace {

const std::string kHyphenex = HYPH_SOURCE_DIR "/patterns/data/ushyphex.tex";

void write_text(const std::filesystem::path& path, const std::string& text) {
  hyph::base::write_file_atomically(path, [&](std::ostream& out) { out << text; });
}

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const hyph::Error& e) {
    return e.what();
  }
  return "(no error)";
}

std::string compiled_bytes(const hyph::Hyphenator& h, hyph::CompiledLayout layout) {
  std::ostringstream out;
  h.write_compiled(out, {}, {}, layout);
  return std::move(out).str();
}

}  // namespace

TEST_CASE("the atomic writer: the whole file, mode 0666 less the umask, nothing else left") {
  Scratch s;
  write_text(s / "a.txt", "first");
  CHECK(read_file(s / "a.txt") == "first");
  write_text(s / "a.txt", std::string(200000, 'x'));  // past the stream's buffer
  CHECK(read_file(s / "a.txt") == std::string(200000, 'x'));
  CHECK(s.listing() == "a.txt ");
  const mode_t mask = ::umask(022);
  ::umask(mask);
  struct stat st {};
  REQUIRE(::stat((s / "a.txt").c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == (0666 & ~mask));
}

TEST_CASE("the atomic writer: a writer that throws leaves the old file and no temporary") {
  Scratch s;
  write_file(s / "a.txt", "old");
  CHECK_THROWS_WITH_AS(hyph::base::write_file_atomically(s / "a.txt",
                                                         [](std::ostream& out) {
                                                           out << "half";
                                                           throw std::runtime_error("stopped");
                                                         }),
                       "stopped", std::runtime_error);
  CHECK(read_file(s / "a.txt") == "old");
  CHECK(s.listing() == "a.txt ");
}

TEST_CASE("the atomic writer: links are never followed") {
  Scratch s;
  write_file(s / "victim", "precious");
  // The fixed temporary name of old: a link there must not be written through.
  std::filesystem::create_symlink(s / "victim", s / "out.hyb.tmp");
  const hyph::Hyphenator english = hyph::Hyphenator::english();
  english.write_compiled_file(s / "out.hyb");
  hyph::ExceptionStoreWriter store;
  store.add(hyph::Source::file(kHyphenex));
  std::filesystem::create_symlink(s / "victim", s / "out.hyphstore.tmp");
  store.write_file(s / "out.hyphstore");
  CHECK(read_file(s / "victim") == "precious");
  CHECK(std::filesystem::is_symlink(s / "out.hyb.tmp"));
  CHECK(hyph::Hyphenator::load_compiled(s / "out.hyb").hyphenated("hyphenation") == "hy-phen-ation");
  CHECK(hyph::ExceptionStoreReader::open(s / "out.hyphstore").size() == 1753);
  // A link at the path itself is replaced by the new file; what it pointed to stays.
  std::filesystem::create_symlink(s / "victim", s / "linked.hyb");
  english.write_compiled_file(s / "linked.hyb");
  CHECK(read_file(s / "victim") == "precious");
  CHECK_FALSE(std::filesystem::is_symlink(s / "linked.hyb"));
  CHECK(s.listing() == "linked.hyb out.hyb out.hyb.tmp out.hyphstore out.hyphstore.tmp victim ");
}

TEST_CASE("the atomic writer: two writers of one path, 20 rounds: always one whole file") {
  const hyph::Hyphenator english = hyph::Hyphenator::english();
  const std::string fast = compiled_bytes(english, hyph::CompiledLayout::fast);
  const std::string small = compiled_bytes(english, hyph::CompiledLayout::small);
  REQUIRE(fast.size() != small.size());
  Scratch s;
  for (int round = 0; round < 20; ++round) {
    CAPTURE(round);
    std::thread a([&] { english.write_compiled_file(s / "en.hyb"); });
    std::thread b([&] { english.write_compiled_file(s / "en.hyb", {}, {}, hyph::CompiledLayout::small); });
    a.join();
    b.join();
    const std::string got = read_file(s / "en.hyb");
    CHECK((got == fast || got == small));
    CHECK(s.listing() == "en.hyb ");
  }
}

TEST_CASE("the atomic writer: errors name the file and the system's reason, and leave nothing") {
  Scratch s;
  const std::string nowhere = (s / "no-such-folder" / "x.hyb").string();
  CHECK(message_of([&] { write_text(nowhere, "x"); }) ==
        nowhere + ": cannot create a temporary file beside it: No such file or directory");
  std::filesystem::create_directory(s / "folder");
  CHECK(message_of([&] { write_text(s / "folder", "x"); }).find("folder: cannot rename ") != std::string::npos);
  CHECK(message_of([&] { write_text(s / "folder", "x"); }).find(": Is a directory") != std::string::npos);
  CHECK(s.listing() == "folder ");
  CHECK(std::filesystem::is_empty(s / "folder"));
  if (::geteuid() != 0) {  // root writes anywhere
    std::filesystem::create_directory(s / "locked");
    std::filesystem::permissions(s / "locked", std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
    CHECK(message_of([&] { write_text(s / "locked" / "x", "x"); }).find(": Permission denied") != std::string::npos);
    std::filesystem::permissions(s / "locked", std::filesystem::perms::owner_all);
  }
}

TEST_CASE("the atomic writer: a write that fails half-way (a file size limit) keeps the old file") {
  // The file size limit (RLIMIT_FSIZE) fails a write as a full disk does, for any user; the
  // reliability CLI test fills a real tmpfs where it can mount one.
  Scratch s;
  const hyph::Hyphenator english = hyph::Hyphenator::english();
  english.write_compiled_file(s / "en.hyb", {}, {}, hyph::CompiledLayout::small);
  const std::string old = read_file(s / "en.hyb");
  hyph::ExceptionStoreWriter store;
  store.add(hyph::Source::file(kHyphenex));
  store.write_file(s / "h.hyphstore");
  const std::string old_store = read_file(s / "h.hyphstore");

  struct rlimit saved {};
  REQUIRE(::getrlimit(RLIMIT_FSIZE, &saved) == 0);
  struct rlimit limited = saved;
  limited.rlim_cur = 20000;  // the fast layout is 535 KB, the store 64 KB
  const auto previous = std::signal(SIGXFSZ, SIG_IGN);
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &limited) == 0);
  const std::string compiled_error = message_of([&] { english.write_compiled_file(s / "en.hyb"); });
  const std::string store_error = message_of([&] { store.write_file(s / "h.hyphstore"); });
  ::setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, previous);

  CHECK(compiled_error == (s / "en.hyb").string() + ": write error: File too large");
  CHECK(store_error == (s / "h.hyphstore").string() + ": write error: File too large");
  CHECK(read_file(s / "en.hyb") == old);
  CHECK(read_file(s / "h.hyphstore") == old_store);
  CHECK(s.listing() == "en.hyb h.hyphstore ");
}

TEST_CASE("the atomic writer: a pipe or a device at the path is written into, never replaced") {
  CHECK(message_of([] { write_text("/dev/full", "x"); }) == "/dev/full: write error: No space left on device");
  struct stat st {};
  REQUIRE(::stat("/dev/full", &st) == 0);
  CHECK(S_ISCHR(st.st_mode));
  Scratch s;
  REQUIRE(::mkfifo((s / "fifo").c_str(), 0600) == 0);
  std::string got;
  std::thread reader([&] { got = read_file(s / "fifo"); });
  hyph::Hyphenator::english().write_compiled_file(s / "fifo");
  reader.join();
  CHECK(got == compiled_bytes(hyph::Hyphenator::english(), hyph::CompiledLayout::fast));
  CHECK(s.listing() == "fifo ");
}
