// Inputs that never end or never fit: devices refused by name, pipes read only as far as a
// format's header or a ceiling says, pattern sets past their ceiling refused before their
// memory is taken, replaced exceptions dropped, memory running out named.
#include "scratch.h"

#include "base/out_of_memory.h"
#include "patterns/parsed.h"

#include <hyph/error.h>
#include <hyph/exception_store.h>
#include <hyph/hyphenator.h>

#include <doctest/doctest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstring>
#include <thread>
#include <vector>

using reliability::Scratch;

namespace {

struct Failure {
  hyph::ErrorCode code = hyph::ErrorCode::ok;
  std::string message;
};

Failure failure_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const hyph::Error& e) {
    return {e.code(), e.what()};
  }
  return {hyph::ErrorCode::ok, "(no error)"};
}

// Every loader of a file, by the kind of file it wants.
const std::vector<std::pair<const char*, std::function<void(const std::filesystem::path&)>>> kLoaders = {
    {"a compiled pattern file", [](const std::filesystem::path& p) { (void)hyph::Hyphenator::load_compiled(p); }},
    {"a pattern or exception file", [](const std::filesystem::path& p) { (void)hyph::Source::file(p); }},
    {"a .dic dictionary", [](const std::filesystem::path& p) { (void)hyph::Hyphenator::load_dic(p); }},
    {"an exception store", [](const std::filesystem::path& p) { (void)hyph::ExceptionStoreReader::open(p); }},
    {"an exception store",
     [](const std::filesystem::path& p) {
       hyph::Settings settings;
       settings.exception_stores.push_back(p);
       (void)hyph::Hyphenator::english(settings);
     }},
};

// Writes `chunk` to a FIFO over and over until its reader goes away (EPIPE; SIGPIPE is
// ignored in this process), or `header` once and then ends.
class EndlessWriter {
 public:
  EndlessWriter(const std::filesystem::path& fifo, std::string header, bool endless)
      : thread_([path = fifo, header = std::move(header), endless] {
          const int fd = ::open(path.c_str(), O_WRONLY);
          if (fd < 0) return;
          std::string chunk = header;
          if (endless) chunk.resize(std::max<std::size_t>(chunk.size(), 1 << 16), '\0');
          do {
            if (::write(fd, chunk.data(), chunk.size()) < 0) break;
            chunk.assign(1 << 16, '\0');
          } while (endless);
          ::close(fd);
        }) {}
  ~EndlessWriter() { thread_.join(); }

 private:
  std::thread thread_;
};

}  // namespace

TEST_CASE("devices are refused by name, for every kind of input") {
  for (const char* device : {"/dev/zero", "/dev/null"}) {
    for (const auto& [what, load] : kLoaders) {
      CAPTURE(device);
      CAPTURE(what);
      const Failure f = failure_of([&, &load = load] { load(device); });
      CHECK(f.code == hyph::ErrorCode::io);
      CHECK(f.message == std::string(device) + ": is a character device, not " + what);
    }
  }
}

TEST_CASE("a pipe that never ends: read as far as the header declares, or to the ceiling") {
  std::signal(SIGPIPE, SIG_IGN);
  Scratch s;
  REQUIRE(::mkfifo((s / "fifo").c_str(), 0600) == 0);
  {
    // Zeros: no magic number, so 65 bytes are read and refused.
    EndlessWriter zeros(s / "fifo", "", true);
    const Failure f = failure_of([&] { (void)hyph::Hyphenator::load_compiled(s / "fifo"); });
    CHECK(f.code == hyph::ErrorCode::bad_format);
    CHECK(f.message.find("no magic number") != std::string::npos);
  }
  {
    EndlessWriter zeros(s / "fifo", "", true);
    const Failure f = failure_of([&] { (void)hyph::ExceptionStoreReader::open(s / "fifo"); });
    CHECK(f.code == hyph::ErrorCode::bad_format);
  }
  {
    // A store's header that claims 2^60 bytes, then the end: nothing that size is asked for.
    std::string header(64, '\0');
    std::memcpy(header.data(), "HYPHEXC\x1A", 8);
    const std::uint32_t version = 1, header_size = 64;
    const std::uint64_t huge = std::uint64_t{1} << 60;
    std::memcpy(header.data() + 8, &version, 4);
    std::memcpy(header.data() + 12, &header_size, 4);
    std::memcpy(header.data() + 16, &huge, 8);
    EndlessWriter liar(s / "fifo", header, false);
    const Failure f = failure_of([&] { (void)hyph::ExceptionStoreReader::open(s / "fifo"); });
    CHECK(f.code == hyph::ErrorCode::bad_format);
    CHECK(f.message == (s / "fifo").string() + ": not a valid exception store: the header says 1152921504606846976 bytes, there are 64 (truncated)");
  }
  {
    // A source has no header: a pipe is read to the ceiling, then refused.
    EndlessWriter zeros(s / "fifo", "", true);
    const Failure f = failure_of([&] { (void)hyph::Source::file(s / "fifo"); });
    CHECK(f.code == hyph::ErrorCode::capacity);
    CHECK(f.message == (s / "fifo").string() + ": more than 268435456 bytes, the most a pattern or exception file read from a pipe may have");
  }
}

TEST_CASE("a pattern set past the ceiling is refused as it is read") {
  // kMaxPatterns + 1 distinct patterns of five letters.
  std::string text;
  for (std::size_t n = 0; n <= hyph::patterns::kMaxPatterns; ++n) {
    std::size_t k = n;
    char word[8] = {'a', '1', 'a', 'a', 'a', 'a', '\n', '\0'};
    for (int i = 5; i >= 2; --i, k /= 26) word[i] = static_cast<char>('a' + k % 26);
    word[0] = static_cast<char>('a' + k % 26);
    text += word;
  }
  try {
    const hyph::Source sources[] = {hyph::Source{"many.pat.txt", std::move(text), hyph::SourceFormat::pattern_list}};
    (void)hyph::Hyphenator::load(sources);
    FAIL("no error");
  } catch (const hyph::ParseError& e) {
    CHECK(e.code() == hyph::ErrorCode::capacity);
    CHECK(e.where().line == hyph::patterns::kMaxPatterns + 1);
    CHECK(e.reason() == "pattern set too large: more than the 1048576 patterns a set may have");
  }
}

TEST_CASE("exceptions replaced by a later source are dropped: the latest answers") {
  const hyph::Source hyphenex = hyph::Source::file(HYPH_SOURCE_DIR "/patterns/data/ushyphex.tex");
  std::vector<hyph::Source> many(200, hyphenex);
  const hyph::Source last{"last.hyp.txt", "zzzy-zyx\nhyphen-ation\n", hyph::SourceFormat::exception_list};
  many.push_back(last);
  const hyph::Hyphenator once = hyph::Hyphenator::english({}, std::span(&hyphenex, 1));
  const hyph::Hyphenator replaced = hyph::Hyphenator::english({}, many);
  CHECK(replaced.exception_count() == once.exception_count() + 1);  // "zzzyzyx" is new
  CHECK(replaced.hyphenated("hyphenation zzzyzyx") == "hyphen-ation zzzy-zyx");
  many.push_back(hyphenex);  // and back again
  const hyph::Hyphenator restored = hyph::Hyphenator::english({}, many);
  CHECK(restored.exception_count() == once.exception_count() + 1);
  CHECK(restored.hyphenated("hyphenation zzzyzyx") == "hy-phen-a-tion zzzy-zyx");
  std::ostringstream a, b;
  const std::vector<hyph::Source> twice{hyphenex, hyphenex};
  hyph::Hyphenator::english({}, twice).write_compiled(a);
  once.write_compiled(b);
  CHECK(a.str() == b.str());  // the same words give the same file, however often they came
}

TEST_CASE("memory running out is named: OutOfMemory, a std::bad_alloc") {
  try {
    hyph::base::naming_out_of_memory("big.pat.txt", []() -> int { throw std::bad_alloc(); });
    FAIL("no error");
  } catch (const std::bad_alloc& e) {
    CHECK(std::string(e.what()) == "big.pat.txt: out of memory");
    CHECK(dynamic_cast<const hyph::OutOfMemory*>(&e) != nullptr);
  }
  // Named once, by the innermost file.
  try {
    hyph::base::naming_out_of_memory("outer", [] { return hyph::base::naming_out_of_memory("inner", []() -> int { throw std::bad_alloc(); }); });
  } catch (const std::bad_alloc& e) {
    CHECK(std::string(e.what()) == "inner: out of memory");
  }
}
