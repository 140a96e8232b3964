#include <hyph/text_stream.h>

#include "engine/model.h"
#include "engine/text_stream_limits.h"
#include "engine/token_assembler.h"
#include "engine/word_rules.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace hyph {
namespace {

constexpr std::size_t kFlushAt = detail::kTextStreamFlushAt;
constexpr std::size_t kLongToken = detail::kTextStreamLongToken;

enum class Mode {
  normal,       // collecting a token in memory
  passthrough,  // the rest of this token cannot get a break: copy it
  spilling,     // the token's breaks are known unless a '-' comes: hold the tail on disk
};

[[noreturn]] void temporary_file_failed() {
  throw Error(ErrorCode::io, std::string("temporary file for a long token: ") + std::strerror(errno));
}

}  // namespace

struct TextStream::State {
  State(Hyphenator h, std::string m, Sink s) : hyphenator(std::move(h)), marker(std::move(m)), sink(std::move(s)) {}

  Hyphenator hyphenator;
  std::string marker;
  Sink sink;
  LookupCounters counters;

  Mode mode = Mode::normal;
  std::string token;  // the current token's bytes not yet written out
  std::size_t next_look = kLongToken;
  detail::TokenAssembler long_token;  // decides a token that grew long (and its breaks while spilling)
  std::FILE* spill = nullptr;         // the tail of a spilling token
  std::string out;

  ~State() {
    if (spill) std::fclose(spill);
  }

  void emit(std::string_view bytes) {
    out.append(bytes);
    if (out.size() >= kFlushAt) flush();
  }
  void flush() {
    if (!out.empty()) sink(out);
    out.clear();
  }

  void emit_token(const detail::TokenBreaks& breaks) {
    std::size_t from = 0;
    for (std::size_t k = 0; k < breaks.count; ++k) {
      out.append(token, from, breaks.offsets[k] - from).append(marker);
      from = breaks.offsets[k];
    }
    out.append(token, from);
    token.clear();
    next_look = kLongToken;
    if (out.size() >= kFlushAt) flush();
  }

  void end_token() {
    detail::TokenBreaks breaks;
    detail::find_token_breaks(detail::model_of(hyphenator), token, breaks, &counters);
    emit_token(breaks);
  }

  // A token grew long: write out what can no longer change and keep the rest bounded.
  void look_at_long_token() {
    using Verdict = detail::TokenAssembler::Verdict;
    switch (long_token.look(detail::model_of(hyphenator), token, false, &counters)) {
      case Verdict::decided:
        emit_token(long_token.breaks());
        mode = Mode::passthrough;
        return;
      case Verdict::read_on: {
        // Bytes that can take no marker go out; the word, if one has begun, ends soon.
        const std::size_t done = long_token.passable(token);
        emit(std::string_view(token).substr(0, done));
        token.erase(0, done);
        next_look = token.size() + (long_token.breaks().saw_letter ? 256 : kLongToken);
        return;
      }
      case Verdict::watch:
        spill = std::tmpfile();
        if (!spill) temporary_file_failed();
        mode = Mode::spilling;
        return;
    }
  }

  // Ends a spilling token: its held breaks stand unless a '-' came.
  void end_spill() {
    emit_token(long_token.breaks());
    std::rewind(spill);
    char buffer[1 << 16];
    std::size_t got;
    while ((got = std::fread(buffer, 1, sizeof buffer, spill)) > 0) emit(std::string_view(buffer, got));
    if (std::ferror(spill)) temporary_file_failed();
    std::fclose(spill);
    spill = nullptr;
  }

  void write(std::string_view bytes) {
    std::size_t i = 0;
    const std::size_t n = bytes.size();
    auto separator_at = [&](std::size_t k) { return is_word_separator(static_cast<unsigned char>(bytes[k])); };
    while (i < n) {
      std::size_t j = i;
      switch (mode) {
        case Mode::normal:
          while (j < n && !separator_at(j)) ++j;
          token.append(bytes.substr(i, j - i));
          if (j < n) {
            end_token();
            i = j;
            while (j < n && separator_at(j)) ++j;
            emit(bytes.substr(i, j - i));
          } else if (token.size() >= next_look) {
            look_at_long_token();
          }
          i = j;
          break;
        case Mode::passthrough:
          while (j < n && !separator_at(j)) ++j;
          emit(bytes.substr(i, j - i));
          if (j < n) mode = Mode::normal;
          i = j;
          break;
        case Mode::spilling: {
          // Up to white space or an explicit hyphen (whose first bytes may be in the spill file).
          while (j < n && !separator_at(j)) ++j;
          const std::size_t hyphen = long_token.hyphen_at(bytes.substr(i, j - i));
          const bool hyphen_came = hyphen != detail::TokenAssembler::npos;
          if (hyphen_came) j = i + hyphen;
          if (j > i && std::fwrite(bytes.data() + i, 1, j - i, spill) != j - i) temporary_file_failed();
          if (j < n) {
            end_spill();
            mode = hyphen_came ? Mode::passthrough : Mode::normal;
          }
          i = j;
          break;
        }
      }
    }
  }

  void finish() {
    if (mode == Mode::spilling) end_spill();
    else if (mode == Mode::normal) end_token();
    mode = Mode::normal;
    flush();
  }
};

TextStream::TextStream(Hyphenator hyphenator, std::string marker, Sink sink)
    : state_(std::make_unique<State>(std::move(hyphenator), std::move(marker), std::move(sink))) {}
TextStream::~TextStream() = default;

void TextStream::write(std::string_view bytes) { state_->write(bytes); }
void TextStream::flush() { state_->flush(); }
void TextStream::finish() { state_->finish(); }
const LookupCounters& TextStream::counters() const noexcept { return state_->counters; }

}  // namespace hyph
