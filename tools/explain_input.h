// hyphenate --explain: one line per word (doc/explain.md) for the text of a file or standard
// input, read in blocks; complete tokens (up to the last white space read) are explained at
// once, the rest waits for more input. Offsets (at=) count from the input's first byte.
#pragma once

#include <hyph/error.h>
#include <hyph/hyphenator.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace cli {

/// Writes every explanation line of input `name` ("-": standard input) through write(bytes);
/// flush() after each block when `answer_at_once` (--words).
template <class Write, class Flush>
void explain_input(const std::string& name, const hyph::Hyphenator& h, bool answer_at_once, Write&& write, Flush&& flush) {
  const int fd = name == "-" ? STDIN_FILENO : ::open(name.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw hyph::Error(hyph::ErrorCode::io, name + ": cannot open: " + std::strerror(errno));
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    if (fd != STDIN_FILENO) ::close(fd);
    throw hyph::Error(hyph::ErrorCode::io, name + ": is a directory, not a text file");
  }
  std::string pending;   // bytes read but not explained yet
  std::size_t base = 0;  // the input offset of pending[0]
  auto explain = [&](std::string_view text) {
    std::string lines;
    for (hyph::WordExplanation& w : h.explain(text)) {
      w.offset += base;
      for (std::size_t& end : w.ends) end += base;
      for (hyph::Break& b : w.breaks) b.offset += base;
      lines += hyph::to_text(w);
      lines += '\n';
    }
    write(std::string_view(lines));
  };
  std::vector<char> buffer(1 << 16);
  for (;;) {
    const ssize_t got = ::read(fd, buffer.data(), buffer.size());
    if (got == 0) break;
    if (got < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      if (fd != STDIN_FILENO) ::close(fd);
      throw hyph::Error(hyph::ErrorCode::io, name + ": read error: " + std::strerror(error));
    }
    pending.append(buffer.data(), static_cast<std::size_t>(got));
    std::size_t cut = pending.size();
    while (cut > 0 && !hyph::is_word_separator(static_cast<unsigned char>(pending[cut - 1]))) --cut;
    if (cut > 0) {
      explain(std::string_view(pending).substr(0, cut));
      pending.erase(0, cut);
      base += cut;
    }
    if (answer_at_once) flush();
  }
  if (fd != STDIN_FILENO) ::close(fd);
  explain(pending);
}

}  // namespace cli
