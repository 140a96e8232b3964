// Progress of long work, on standard error only (standard output carries the tools' answers,
// byte for byte): one line redrawn in place with '\r', showing how much is done, of how much
// when that is known (a file's size), the rate, and the time left; for input of unknown size
// (a pipe) what is done and the rate. Cheap enough for any loop: advance() adds to a counter,
// and reads the clock only every `check_every` calls (or, counting bytes, every 1 MiB); the
// line is redrawn at most 4 times a second.
#pragma once

#include "cli_support.h"

#include <boost/program_options.hpp>

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

namespace cli {

/// Declares --progress and --no-progress in `options`: `what` the line shows, `by_default`
/// when it is shown without either option.
inline void add_progress_options(boost::program_options::options_description& options, const std::string& what,
                                 const std::string& by_default = "when standard error is a terminal") {
  options.add_options()
      ("progress", ("show progress on standard error (" + what + "); the default " + by_default).c_str())
      ("no-progress", "show no progress");
}

/// Whether to show progress: --progress, --no-progress, else `by_default` (the tool's rule,
/// e.g. "standard error is a terminal"). Throws Usage if both are given.
inline bool progress_wanted(const boost::program_options::variables_map& vm, bool by_default) {
  if (vm.count("progress") && vm.count("no-progress")) throw Usage("--progress and --no-progress are exclusive");
  if (vm.count("progress")) return true;
  if (vm.count("no-progress")) return false;
  return by_default;
}

class Progress {
 public:
  enum class Unit { bytes, items };

  /// A disabled Progress prints nothing and costs an addition per advance().
  Progress(bool enabled, std::string label, Unit unit = Unit::bytes, std::uint64_t check_every = 16)
      : enabled_(enabled), label_(std::move(label)), unit_(unit), check_every_(std::max<std::uint64_t>(1, check_every)) {}
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  /// Ends a line left open (an error is then reported on a line of its own).
  ~Progress() { end_line(); }

  bool enabled() const { return enabled_; }
  /// How much there is to do in all; nullopt when unknown (standard input from a pipe).
  void set_total(std::optional<std::uint64_t> total) { total_ = total; }
  /// What is being worked on (a file name, a phase), shown after the figures; redrawn now
  /// if `draw_now` (a new phase that may take a while without advancing).
  void set_detail(std::string detail, bool draw_now = false) {
    detail_ = std::move(detail);
    if (enabled_ && draw_now) draw(Clock::now(), false);
  }

  void advance(std::uint64_t n = 1) {
    done_ += n;
    if (!enabled_) return;
    if (++calls_ < check_every_ && !(unit_ == Unit::bytes && done_ - checked_ >= (1u << 20))) return;
    calls_ = 0;
    checked_ = done_;
    const auto now = Clock::now();
    if (now - drawn_at_ >= std::chrono::milliseconds(250)) draw(now, false);
  }

  /// Draws the final figures (always, when enabled: even for work too short for any other
  /// line) and ends the line.
  void finish() {
    if (!enabled_) return;
    draw(Clock::now(), true);
    end_line();
  }

 private:
  using Clock = std::chrono::steady_clock;

  std::string amount(std::uint64_t v) const {
    char text[32];
    if (unit_ == Unit::items) {
      std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(v));
    } else {
      static const char* const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
      double x = static_cast<double>(v);
      int u = 0;
      while (x >= 1024 && u < 4) x /= 1024, ++u;
      if (u == 0) std::snprintf(text, sizeof text, "%llu B", static_cast<unsigned long long>(v));
      else std::snprintf(text, sizeof text, "%.1f %s", x, units[u]);
    }
    return text;
  }

  static std::string duration(double seconds) {
    const long s = static_cast<long>(seconds + 0.5);
    char text[32];
    if (s >= 3600) std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else std::snprintf(text, sizeof text, "%ld:%02ld", s / 60, s % 60);
    return text;
  }

  void draw(Clock::time_point now, bool final) {
    drawn_at_ = now;
    const double elapsed = std::chrono::duration<double>(now - started_).count();
    const double rate = elapsed > 0 ? static_cast<double>(done_) / elapsed : 0;
    std::string line = label_ + ": ";
    char text[64];
    if (total_ && !final) {
      const double f = *total_ ? std::min(1.0, static_cast<double>(done_) / static_cast<double>(*total_)) : 1.0;
      std::snprintf(text, sizeof text, "%3.0f%% ", 100 * f);
      line += text + amount(done_) + " of " + amount(*total_);
    } else {
      line += amount(done_);
      if (unit_ == Unit::items && total_) line += " of " + amount(*total_);
    }
    if (final) {
      line += " in " + duration(elapsed);
    } else {
      line += ", " + duration(elapsed) + " elapsed";
      if (total_ && rate > 0 && done_ < *total_) line += ", " + duration(static_cast<double>(*total_ - done_) / rate) + " left";
    }
    if (unit_ == Unit::bytes && elapsed > 0) line += ", " + amount(static_cast<std::uint64_t>(rate)) + "/s";
    if (!detail_.empty() && !final) line += "  " + detail_;
    // One terminal line: a longer one would wrap, and '\r' would then redraw only its end.
    const std::size_t width = columns();
    if (line.size() >= width) {
      std::size_t cut = width - 1;
      while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
      line.resize(cut);
    }
    const std::size_t shown = line.size();
    if (shown < shown_) line.append(shown_ - shown, ' ');  // wipe the end of a longer line
    shown_ = shown;
    std::fprintf(stderr, "\r%s", line.c_str());
    std::fflush(stderr);
    open_ = true;
  }

  void end_line() {
    if (!open_) return;
    std::fputc('\n', stderr);
    std::fflush(stderr);
    open_ = false;
    shown_ = 0;
  }

  static std::size_t columns() {
    winsize w{};
    if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col >= 20) return w.ws_col;
    return 80;
  }

  bool enabled_;
  std::string label_;
  Unit unit_;
  std::uint64_t check_every_;
  std::optional<std::uint64_t> total_;
  std::string detail_;
  std::uint64_t done_ = 0, calls_ = 0, checked_ = 0;
  Clock::time_point started_ = Clock::now(), drawn_at_{};
  std::size_t shown_ = 0;
  bool open_ = false;
};

}  // namespace cli
