// MappedStore and StoreWriter: the on-disk exception store of doc/exception-store-format.md.
// Round trips; every damaged or truncated region is refused with bad_format, and none is
// read out of bounds (the suite runs under ASan/UBSan in CI).
#include "exceptions/exception_store.h"
#include "exceptions/mapped_store.h"

#include <hyph/error.h>

#include <doctest/doctest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>

using namespace hyph::exceptions;
using hyph::base::hash_key;
using hyph::ErrorCode;

namespace {

std::string numbered(std::string_view prefix, std::uint64_t n) {
  std::string w(prefix);
  for (; n > 0; n /= 26) w.push_back(static_cast<char>('a' + n % 26));
  return w;
}

std::span<const std::byte> as_bytes(const std::string& s) {
  return {reinterpret_cast<const std::byte*>(s.data()), s.size()};
}

std::optional<HyphenMask> find(const ExceptionStore& s, std::string_view key) { return s.find(key, hash_key(key)); }

// A reference map and the store bytes written from it.
struct Sample {
  std::map<std::string, HyphenMask> words;
  std::string bytes;
};

Sample sample(std::size_t n) {
  Sample s;
  StoreWriter w;
  for (std::size_t i = 0; i < n; ++i) {
    std::string word = numbered("w", i * 7919 + 1);
    if (i % 5 == 0) word += "\xC3\xA9";  // é
    if (i % 11 == 0) word += "\xE2\x84\xAA\xF0\x9F\x98\x80";  // a 3-byte and a 4-byte letter
    const HyphenMask mask = (i * 0x9e3779b97f4a7c15ULL) & ~HyphenMask{1};
    s.words[word] = mask;
    w.add(word, mask);
  }
  s.bytes = w.bytes();
  return s;
}

ErrorCode code_of_view(const std::string& bytes) {
  try {
    const MappedStore s = MappedStore::view(as_bytes(bytes));
    // Accepted: every entry must read back through find().
    std::size_t visited = 0, found = 0;
    s.for_each([&](std::string_view key, HyphenMask mask) {
      ++visited;
      found += find(s, key) == mask;
    });
    CHECK(visited == s.size());
    CHECK(found == visited);
    return ErrorCode::ok;
  } catch (const hyph::Error& e) {
    return e.code();
  }
}

// Re-seals a region after an edit: recomputes the checksum, so that the structural checks
// behind it are exercised.
void reseal(std::string& b) {
  if (b.size() < 64) return;
  const std::uint64_t seed = XXH3_64bits(b.data(), 56);
  const std::uint64_t sum = XXH3_64bits_withSeed(b.data() + 64, b.size() - 64, seed);
  for (int i = 0; i < 8; ++i) b[56 + i] = static_cast<char>(sum >> (8 * i));
}

struct TempFile {
  std::filesystem::path path;
  explicit TempFile(const std::string& bytes) {
    static int counter = 0;
    path = std::filesystem::temp_directory_path() /
           ("hyph-store-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + ".hyphstore");
    std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  ~TempFile() { std::filesystem::remove(path); }
};

}  // namespace

TEST_CASE("mapped store: round trip through a file and through a view") {
  for (const std::size_t n : {0u, 1u, 2u, 3u, 17u, 1000u, 20000u}) {
    CAPTURE(n);
    const Sample s = sample(n);
    TempFile file(s.bytes);
    const MappedStore opened = MappedStore::open(file.path);
    // An odd offset: the reader needs no alignment.
    std::string shifted = " " + s.bytes;
    const MappedStore viewed = MappedStore::view(as_bytes(shifted).subspan(1));
    for (const ExceptionStore* store : {static_cast<const ExceptionStore*>(&opened), static_cast<const ExceptionStore*>(&viewed)}) {
      REQUIRE(store->size() == s.words.size());
      std::size_t wrong = 0;
      for (const auto& [word, mask] : s.words) wrong += find(*store, word) != mask;
      CHECK(wrong == 0);
      for (std::size_t i = 0; i < 2000; ++i) {
        CHECK_FALSE(find(*store, numbered("absent", i)).has_value());
        CHECK_FALSE(find(*store, numbered("w", i * 7919 + 1) + "x").has_value());
      }
      std::map<std::string, HyphenMask> visited;
      store->for_each([&](std::string_view key, HyphenMask mask) { visited.emplace(std::string(key), mask); });
      CHECK(visited == s.words);
      std::vector<std::uint64_t> hashes;
      store->append_hashes(hashes);
      CHECK(hashes.size() == s.words.size());
      std::size_t bad_hashes = 0;
      std::size_t i = 0;
      store->for_each([&](std::string_view key, HyphenMask) { bad_hashes += hashes[i++] != hash_key(key); });
      CHECK(bad_hashes == 0);
    }
  }
}

TEST_CASE("mapped store: the letters are the keys' code points, and the layout is the documented one") {
  StoreWriter w;
  w.add("zebra", 0b100);
  w.add("\xC3\xA9t\xC3\xA9", 0b10);  // été
  const std::string b = w.bytes();
  const MappedStore s = MappedStore::view(as_bytes(b));
  CHECK(s.letters() == std::vector<char32_t>{U'a', U'b', U'e', U'r', U't', U'z', U'\u00E9'});
  CHECK(std::memcmp(b.data(), "HYPHEXC\x1A", 8) == 0);
  CHECK(b.size() % 8 == 0);
  CHECK(s.directory_bits() == store_format::directory_bits_for(2));
  // 64 header + 8 directory (2 u32) + 2 entries + 7 letters (28 -> 32) + 11 key bytes (-> 16).
  CHECK(b.size() == 64 + 8 + 48 + 32 + 16);
}

TEST_CASE("store writer: a later add replaces the earlier; bad keys are refused") {
  StoreWriter w;
  w.add("table", 1);
  w.add("chair", 2);
  w.add("table", 4);
  CHECK(w.size() == 2);
  const std::string b = w.bytes();
  const MappedStore s = MappedStore::view(as_bytes(b));
  CHECK(find(s, "table") == HyphenMask{4});
  CHECK(find(s, "chair") == HyphenMask{2});

  auto refused = [](std::string_view key) {
    StoreWriter bad;
    try {
      bad.add(key, 1);
    } catch (const hyph::Error& e) {
      return e.code() == ErrorCode::invalid_argument;
    }
    return false;
  };
  CHECK(refused(""));
  CHECK(refused("\xC3"));          // truncated
  CHECK(refused("\xC0\xAF"));      // overlong
  CHECK(refused("\xED\xA0\x80"));  // a surrogate
  CHECK(refused(std::string_view("a\0b", 3)));
  CHECK(refused(std::string(64, 'a')));
  CHECK_FALSE(refused(std::string(63, 'a')));
  std::string widest;
  for (int i = 0; i < 63; ++i) widest += "\xF0\x9F\x98\x80";  // 63 letters of 4 bytes: 252 bytes
  CHECK_FALSE(refused(widest));
  CHECK(refused(widest + "a"));
}

TEST_CASE("write_store writes any store; its copy answers the same") {
  MemoryStore m;
  for (int i = 0; i < 500; ++i) m.insert_or_assign(numbered("m", static_cast<std::uint64_t>(i) + 1), static_cast<HyphenMask>(i) << 2);
  std::ostringstream out;
  write_store(m, out);
  const std::string b = out.str();
  const MappedStore s = MappedStore::view(as_bytes(b));
  CHECK(s.size() == 500);
  std::size_t wrong = 0;
  m.for_each([&](std::string_view key, HyphenMask mask) { wrong += find(s, key) != mask; });
  CHECK(wrong == 0);
}

TEST_CASE("mapped store: every flipped byte and every truncation is bad_format") {
  const Sample s = sample(40);
  REQUIRE(code_of_view(s.bytes) == ErrorCode::ok);
  std::size_t not_refused = 0;
  for (std::size_t i = 0; i < s.bytes.size(); ++i)
    for (const unsigned char x : {0x01, 0x80, 0xFF}) {
      std::string b = s.bytes;
      b[i] = static_cast<char>(b[i] ^ x);
      not_refused += code_of_view(b) != ErrorCode::bad_format;
    }
  CHECK(not_refused == 0);
  for (std::size_t n = 0; n < s.bytes.size(); ++n)
    not_refused += code_of_view(s.bytes.substr(0, n)) != ErrorCode::bad_format;
  CHECK(not_refused == 0);
  CHECK(code_of_view(s.bytes + std::string(8, '\0')) == ErrorCode::bad_format);
}

TEST_CASE("mapped store: damage behind a valid checksum is still found, and nothing reads out of bounds") {
  // With the checksum recomputed, a flip must be refused or give a store whose every entry
  // reads back (a changed mask is a valid store). The whole-region checks run under ASan.
  const Sample s = sample(40);
  std::size_t accepted = 0, refused = 0, other = 0;
  for (std::size_t i = 0; i < s.bytes.size(); ++i)
    for (const unsigned char x : {0x01, 0x10, 0x80, 0xFF}) {
      if (i >= 56 && i < 64) continue;  // the checksum itself: resealing undoes the flip
      std::string b = s.bytes;
      b[i] = static_cast<char>(b[i] ^ x);
      reseal(b);
      switch (code_of_view(b)) {
        case ErrorCode::ok: ++accepted; break;
        case ErrorCode::bad_format: ++refused; break;
        default: ++other;
      }
    }
  CHECK(other == 0);
  CHECK(refused > 0);
  // Flips in a mask (bytes 8..15 of an entry) are the only ones a valid checksum hides:
  // everything else is tied to something else.
  CHECK(accepted == 40 * 8 * 4);

  // Shorter and longer regions with matching header and checksum.
  for (std::size_t n = 64; n < s.bytes.size(); n += 8) {
    std::string b = s.bytes.substr(0, n);
    for (int i = 0; i < 8; ++i) b[16 + i] = static_cast<char>(static_cast<std::uint64_t>(n) >> (8 * i));
    reseal(b);
    CHECK(code_of_view(b) == ErrorCode::bad_format);
  }
}

TEST_CASE("mapped store: crafted headers") {
  const Sample s = sample(10);
  auto with = [&](std::size_t offset, std::uint64_t value, int width) {
    std::string b = s.bytes;
    for (int i = 0; i < width; ++i) b[offset + static_cast<std::size_t>(i)] = static_cast<char>(value >> (8 * i));
    reseal(b);
    return b;
  };
  auto message = [](const std::string& b) {
    try {
      MappedStore::view(as_bytes(b), "x.hyphstore");
    } catch (const hyph::Error& e) {
      CHECK(e.code() == ErrorCode::bad_format);
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK(message(with(8, 2, 4)) == "x.hyphstore: not a valid exception store: format version 2, this libhyph reads version 1");
  CHECK(message(with(24, 0xFFFFFFFFFFFFFFFFULL, 8)).find("section sizes") != std::string::npos);
  CHECK(message(with(32, 63, 4)).find("section sizes") != std::string::npos);
  CHECK(message(with(32, 0, 4)).find("section sizes") != std::string::npos);
  CHECK(message(with(40, 1ULL << 62, 8)).find("section sizes") != std::string::npos);
  CHECK(message(with(48, 0xFFFFFFFFFFFFFFF8ULL, 8)).find("section sizes") != std::string::npos);
  CHECK(message(with(36, 1, 4)).find("reserved") != std::string::npos);
  CHECK(message(s.bytes.substr(0, 100)).find("truncated") != std::string::npos);
  CHECK(message(std::string("not a store at all, but long enough to have a header of sixty-four bytes"))
            .find("magic") != std::string::npos);
}

TEST_CASE("mapped store: open() reads what it cannot map, and reports files it cannot read") {
  const Sample s = sample(100);
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  std::thread writer([&] {
    std::size_t at = 0;
    while (at < s.bytes.size()) {
      const ssize_t n = ::write(fds[1], s.bytes.data() + at, s.bytes.size() - at);
      if (n <= 0) break;
      at += static_cast<std::size_t>(n);
    }
    ::close(fds[1]);
  });
  const MappedStore piped = MappedStore::open("/dev/fd/" + std::to_string(fds[0]));
  writer.join();
  ::close(fds[0]);
  CHECK(piped.size() == s.words.size());
  CHECK(find(piped, s.words.begin()->first) == s.words.begin()->second);

  auto code_of_open = [](const std::filesystem::path& p) {
    try {
      MappedStore::open(p);
    } catch (const hyph::Error& e) {
      return e.code();
    }
    return ErrorCode::ok;
  };
  CHECK(code_of_open("/nonexistent/store.hyphstore") == ErrorCode::io);
  CHECK(code_of_open(std::filesystem::temp_directory_path()) == ErrorCode::io);
  TempFile empty("");
  CHECK(code_of_open(empty.path) == ErrorCode::bad_format);
  TempFile truncated(s.bytes.substr(0, s.bytes.size() / 2));
  CHECK(code_of_open(truncated.path) == ErrorCode::bad_format);
}

TEST_CASE("mapped store: moves keep the mapping") {
  const Sample s = sample(50);
  TempFile file(s.bytes);
  MappedStore a = MappedStore::open(file.path);
  MappedStore b = std::move(a);
  CHECK(b.size() == 50);
  CHECK(find(b, s.words.rbegin()->first) == s.words.rbegin()->second);
  a = std::move(b);
  CHECK(a.size() == 50);
  CHECK(find(a, s.words.begin()->first) == s.words.begin()->second);
}
