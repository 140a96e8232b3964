#include <hyph/text_stream.h>

#include "engine/model.h"
#include "engine/separators.h"
#include "engine/text_stream_limits.h"
#include "engine/token_pieces.h"
#include "engine/word_rules.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>

namespace hyph {
namespace {

constexpr std::size_t kFlushAt = detail::kTextStreamFlushAt;
constexpr std::size_t kLongToken = detail::kTextStreamLongToken;

enum class Mode {
  normal,        // collecting a token in memory
  passthrough,   // the rest of this token cannot get a break: copy it
  spilling,      // the token's breaks are known unless a '-' comes: hold the tail on disk
  skipping_run,  // (libhyphen) a run of word characters too long to be a word: copy it
};

// Copies n bytes to `to`, which has 16 bytes of room whatever n is. A piece of a word is
// short: one 16-byte load and store when the load stays in the source's page (it cannot
// fault; the bytes past n land in the room and are overwritten or never sent), in place of a
// call to memcpy. Not instrumented: ASan and TSan would count the bytes read past n.
__attribute__((no_sanitize("address", "thread"))) inline void copy_piece(char* to, const char* from, std::size_t n) noexcept {
  if (n <= 16 && (reinterpret_cast<std::uintptr_t>(from) & 4095) <= 4096 - 16) {
    char chunk[16];
    std::memcpy(chunk, from, 16);
    std::memcpy(to, chunk, 16);
  } else {
    std::memcpy(to, from, n);
  }
}

[[noreturn]] void temporary_file_failed() {
  throw Error(ErrorCode::io, std::string("temporary file for a long token: ") + std::strerror(errno));
}

}  // namespace

struct TextStream::State {
  State(Hyphenator h, std::string m, Sink s) : hyphenator(std::move(h)), marker(std::move(m)), sink(std::move(s)) {}

  Hyphenator hyphenator;
  const detail::Model& model = detail::model_of(hyphenator);
  // Short tokens through the dialect's own path for them, where it has one (DialectRules).
  const decltype(detail::DialectRules::short_token) short_token = model.rules->short_token;
  std::string marker;
  Sink sink;
  LookupCounters counters;

  Mode mode = Mode::normal;
  std::string token;  // the current token's bytes not yet written out
  std::size_t next_look = kLongToken;
  detail::TokenBreaks held;     // the token's breaks while spilling
  std::FILE* spill = nullptr;  // the tail of a spilling token
  detail::HyphenWatch watch;    // while spilling: an explicit hyphen in the token's tail
  // Output waiting for the sink: one buffer written through a pointer, room made once per
  // token (std::string::append checks capacity and length on each of a word's three or four
  // pieces). Sent on when it holds kFlushAt bytes.
  static constexpr std::size_t kOutCapacity = 2 * kFlushAt;
  std::unique_ptr<char[]> out = std::make_unique_for_overwrite<char[]>(kOutCapacity + 16);  // 16: copy_piece's room
  std::size_t used = 0;

  ~State() {
    if (spill) std::fclose(spill);
  }

  void emit(std::string_view bytes) {
    if (bytes.size() > kOutCapacity - used) {
      flush();
      if (bytes.size() >= kFlushAt) {  // a long piece goes on as it is, not copied
        sink(bytes);
        return;
      }
    }
    copy_piece(out.get() + used, bytes.data(), bytes.size());
    used += bytes.size();
    if (used >= kFlushAt) flush();
  }
  void flush() {
    if (used != 0) sink(std::string_view(out.get(), used));
    used = 0;
  }

  // A token's bytes with the marker at its breaks.
  void emit_marked(std::string_view bytes, const detail::TokenBreaks& breaks) {
    const std::size_t need = bytes.size() + breaks.count * marker.size();
    if (need > kOutCapacity - used) {
      flush();
      if (need > kOutCapacity) {
        std::size_t from = 0;
        for (std::size_t k = 0; k < breaks.count; ++k) {
          emit(bytes.substr(from, breaks.offsets[k] - from));
          emit(marker);
          from = breaks.offsets[k];
        }
        emit(bytes.substr(from));
        return;
      }
    }
    char* o = out.get() + used;
    std::size_t from = 0;
    for (std::size_t k = 0; k < breaks.count; ++k) {
      copy_piece(o, bytes.data() + from, breaks.offsets[k] - from);
      o += breaks.offsets[k] - from;
      copy_piece(o, marker.data(), marker.size());
      o += marker.size();
      from = breaks.offsets[k];
    }
    copy_piece(o, bytes.data() + from, bytes.size() - from);
    used += need;
  }

  void emit_token(const detail::TokenBreaks& breaks) {
    emit_marked(token, breaks);
    token.clear();
    next_look = kLongToken;
    if (used >= kFlushAt) flush();
  }

  void end_token() {
    detail::TokenBreaks breaks;
    while (detail::look_at_piece(detail::model_of(hyphenator), token, true, breaks, &counters).next ==
           detail::PieceNext::ask_again)
      emit_prefix(breaks, breaks.settled);
    emit_token(breaks);
  }

  // Writes token[0, upto) with the breaks before `upto` and keeps the rest.
  void emit_prefix(const detail::TokenBreaks& breaks, std::size_t upto) {
    std::size_t from = 0;
    const std::string_view t = token;
    for (std::size_t k = 0; k < breaks.count && breaks.offsets[k] < upto; ++k) {
      emit(t.substr(from, breaks.offsets[k] - from));
      emit(marker);
      from = breaks.offsets[k];
    }
    emit(t.substr(from, upto - from));
    token.erase(0, upto);
  }

  // A token grew long: write out what can no longer change and keep the rest bounded
  // (engine/token_pieces.h decides, as for UTF-16 text).
  void look_at_long_token() {
    for (;;) {
      const detail::PieceStep step = detail::look_at_piece(detail::model_of(hyphenator), token, false, held, &counters);
      switch (step.next) {
        case detail::PieceNext::ask_again:
          emit_prefix(held, step.decided);
          continue;
        case detail::PieceNext::read_on:
          emit_prefix(held, step.decided);
          // A word begun ends within kWordTail bytes: look again then.
          next_look = token.size() + (step.word_begun ? detail::kWordTail + 4 : kLongToken);
          return;
        case detail::PieceNext::done:
        case detail::PieceNext::copy_rest:
          emit_token(held);
          mode = Mode::passthrough;
          return;
        case detail::PieceNext::unless_hyphen:
          spill = std::tmpfile();
          if (!spill) temporary_file_failed();
          mode = Mode::spilling;
          watch = detail::HyphenWatch(token);
          return;
        case detail::PieceNext::skip_word_run:
          mode = Mode::skipping_run;
          skip_run();
          return;
      }
    }
  }

  // Copies the word run the token starts with; once it ends, the rest is a token again.
  void skip_run() {
    const detail::WordRun run = detail::word_run_at(detail::model_of(hyphenator), token);
    emit(std::string_view(token).substr(0, run.length));
    token.erase(0, run.length);
    if (run.ended) {
      mode = Mode::normal;
      next_look = token.size() + kLongToken;
    }
  }

  // Ends a spilling token: its held breaks stand unless a '-' came.
  void end_spill(bool hyphen_came) {
    if (hyphen_came) held.count = 0;
    emit_token(held);
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
    while (i < n) {
      std::size_t j = i;
      switch (mode) {
        case Mode::normal:
          j = static_cast<std::size_t>(detail::next_separator(bytes.data() + i, bytes.data() + n) - bytes.data());
          if (j < n && token.empty()) {
            // The whole token is in this piece: hyphenated where it is, not copied first,
            // unless its breaks come in pieces (libhyphen's dialect: TokenBreaks::more).
            const std::string_view whole = bytes.substr(i, j - i);
            detail::TokenBreaks breaks;
            if (short_token == nullptr || !short_token(model, whole, breaks, &counters))
              detail::find_token_breaks(model, whole, breaks, &counters);
            if (!breaks.more) {
              emit_marked(whole, breaks);
              i = j;
              j = static_cast<std::size_t>(detail::skip_separators(bytes.data() + j, bytes.data() + n) - bytes.data());
              emit(bytes.substr(i, j - i));
              i = j;
              break;
            }
          }
          token.append(bytes.substr(i, j - i));
          if (j < n) {
            end_token();
            i = j;
            j = static_cast<std::size_t>(detail::skip_separators(bytes.data() + j, bytes.data() + n) - bytes.data());
            emit(bytes.substr(i, j - i));
          } else if (token.size() >= next_look) {
            look_at_long_token();
          }
          i = j;
          break;
        case Mode::passthrough:
          j = static_cast<std::size_t>(detail::next_separator(bytes.data() + i, bytes.data() + n) - bytes.data());
          emit(bytes.substr(i, j - i));
          if (j < n) mode = Mode::normal;
          i = j;
          break;
        case Mode::spilling: {
          // Up to white space; an explicit hyphen in it (its first bytes may already be in the
          // spill file) takes the held breaks away.
          j = static_cast<std::size_t>(detail::next_separator(bytes.data() + i, bytes.data() + n) - bytes.data());
          const bool hyphen_came = watch.sees(bytes.substr(i, j - i), detail::model_of(hyphenator).dash_hyphens);
          if (j > i && std::fwrite(bytes.data() + i, 1, j - i, spill) != j - i) temporary_file_failed();
          if (hyphen_came || j < n) {
            end_spill(hyphen_came);
            mode = j < n ? Mode::normal : Mode::passthrough;
          }
          i = j;
          break;
        }
        case Mode::skipping_run: {
          // At most kLongToken bytes at a time, so that the token stays small.
          j = static_cast<std::size_t>(detail::next_separator(bytes.data() + i, bytes.data() + n) - bytes.data());
          j = i + std::min(j - i, kLongToken);
          token.append(bytes.substr(i, j - i));
          i = j;
          skip_run();
          if (mode == Mode::skipping_run && i < n && is_word_separator(static_cast<unsigned char>(bytes[i]))) {
            emit(token);  // a character cut short by white space
            token.clear();
            next_look = kLongToken;
            mode = Mode::normal;
          }
          break;
        }
      }
    }
  }

  void finish() {
    if (mode == Mode::spilling) {
      end_spill(false);
    } else if (mode == Mode::normal) {
      end_token();
    } else if (mode == Mode::skipping_run) {
      emit(token);  // a character cut short by the end
      token.clear();
    }
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
