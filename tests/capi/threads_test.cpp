// One loaded hyphenator shared by many threads at once, as the header promises.
#include "support.h"

#include <atomic>
#include <fstream>
#include <sstream>
#include <thread>

using capi::Loaded;

TEST_CASE("one hyphenator, many threads") {
  hyph_options s = capi::settings();
  s.filter = HYPH_FILTER_CUCKOO;
  Loaded h(capi::english(&s, {HYPH_SOURCE_DIR "/patterns/data/ushyphex.tex"}));

  std::ifstream in(HYPH_SOURCE_DIR "/tests/data/edge-cases.words", std::ios::binary);
  REQUIRE(in);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  lines.push_back("hyphenation algebraically");

  // What one thread alone gets: the reference.
  std::vector<std::string> want;
  std::vector<std::vector<std::size_t>> want16;
  std::vector<std::u16string> lines16;
  for (const auto& line : lines) {
    want.push_back(capi::hyphenated(h, line));
    std::u16string u;
    for (unsigned char c : line) u += static_cast<char16_t>(c);  // bytes as Latin-1: fine for agreement
    want16.push_back(capi::breaks16(h, u));
    lines16.push_back(std::move(u));
  }
  CHECK(want.back() == "hy-phen-a-tion al-ge-bra-i-cally");

  std::atomic<int> differences{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      char out[1024];
      std::size_t breaks[256];
      for (int round = 0; round < 10; ++round) {
        for (std::size_t i = (t * 37) % lines.size(), n = 0; n < lines.size(); ++n, i = (i + 1) % lines.size()) {
          const std::string& line = lines[i];
          const std::size_t size = hyph_hyphenated(h, line.data(), line.size(), "-", out, sizeof out);
          if (size >= sizeof out || std::string(out, size) != want[i]) ++differences;
          const auto* units = reinterpret_cast<const std::uint16_t*>(lines16[i].data());
          const std::size_t count = hyph_hyphenate_utf16(h, units, lines16[i].size(), breaks, 256);
          if (std::vector<std::size_t>(breaks, breaks + std::min<std::size_t>(count, 256)) != want16[i]) ++differences;
        }
      }
    });
  }
  for (auto& t : threads) t.join();
  CHECK(differences.load() == 0);
}

TEST_CASE("loads in several threads at once") {
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      hyph_options s = capi::settings();
      s.filter = t % 2 == 0 ? HYPH_FILTER_FUSE : HYPH_FILTER_NONE;
      hyph_hyphenator* h = nullptr;
      if (hyph_load_english(nullptr, 0, &s, &h, nullptr) != HYPH_OK) {
        ++wrong;
        return;
      }
      char out[32];
      hyph_hyphenated(h, "hyphenation", 11, "-", out, sizeof out);
      if (std::string(out) != "hy-phen-ation") ++wrong;
      hyph_free(h);
    });
  }
  for (auto& t : threads) t.join();
  CHECK(wrong.load() == 0);
}
