// The experiment tools' word lists: reading a whole file, its non-empty lines as views into
// it, and the timed work, hyphenating every word. Header-only; tools only.
#pragma once

#include <hyph/hyphenator.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace experiment {

/// The file's bytes; throws std::runtime_error "<path>: cannot open".
inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open");
  std::ostringstream s;
  s << in.rdbuf();
  return std::move(s).str();
}

/// The lines of text between '\n's, empty ones left out; they point into text.
inline std::vector<std::string_view> nonempty_lines(const std::string& text) {
  std::vector<std::string_view> out;
  std::size_t from = 0;
  for (std::size_t i = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == '\n') {
      if (i > from) out.emplace_back(text.data() + from, i - from);
      from = i + 1;
    }
  return out;
}

/// Hyphenates every word; returns a checksum of all break offsets (so that the work cannot
/// be optimised away, and runs can be compared).
[[gnu::noinline]] inline std::uint64_t hyphenate_all(const hyph::Hyphenator& h, const std::vector<std::string_view>& words,
                                                     hyph::LookupCounters* counters) {
  std::uint64_t sum = 0;
  std::size_t breaks[64];
  for (const std::string_view w : words) {
    const std::size_t n = h.hyphenate(w, breaks, counters);
    for (std::size_t i = 0; i < n && i < 64; ++i) sum = sum * 31 + breaks[i];
    sum += n;
  }
  return sum;
}

}  // namespace experiment
