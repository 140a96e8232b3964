#include <hyph/text_stream.h>

#include <hyph/cpu_tier.h>

#include "engine/model.h"
#include "engine/separator_bits.h"
#include "engine/separators.h"
#include "engine/text_stream_limits.h"
#include "engine/token_pieces.h"
#include "engine/word_rules.h"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <span>

#if defined(__x86_64__) && defined(__GNUC__) && defined(__SSE2__)
#include <immintrin.h>
#define HYPH_STREAM_WINDOWS 1
#endif

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

// The window run_tokens reads: 32 bytes, and 32 more readable after them for its 32-byte
// copies of a piece that starts inside it.
constexpr std::size_t kWindow = 32;
constexpr std::size_t kWindowReach = 2 * kWindow;
// The breaks of a token inside a window (fewer than its 32 bytes).
constexpr std::size_t kTokenBreaksCapacityInWindow = kWindow;

// 32 bytes' masks, bit k for byte k: separators (is_word_separator: ' ' and 9 to 13), bytes
// from 0x80, and on the avx2 tier letters (a symbol in Model::ascii_symbols) and '-'.
struct Window {
  std::uint32_t separators = 0, high = 0, letters = 0, hyphens = 0;
};

// The top bit of each byte of `m` (the others clear) gathered into 8 bits, byte k's as bit k.
inline std::uint32_t top_bits(std::uint64_t m) noexcept { return static_cast<std::uint32_t>((m >> 7) * 0x0102040810204080 >> 56); }

// Separators and high bytes 8 bytes at a time in plain integers (the portable tier). For a
// byte below 0x80, adding 0x77 sets its top bit from 9 up, adding 0x72 from 14 up, and
// x ^ 0x20 + 0x7F from anything but ' ', each without a carry into the next byte.
inline Window window_portable(const char* p) noexcept {
  constexpr std::uint64_t ones = 0x0101010101010101, top = 0x8080808080808080, low7 = ~top;
  Window w;
  for (unsigned k = 0; k < 4; ++k) {
    std::uint64_t x;
    std::memcpy(&x, p + 8 * k, 8);
    const std::uint64_t t = x & low7;
    const std::uint64_t controls = (t + 0x77 * ones) & ~(t + 0x72 * ones);
    const std::uint64_t space = ~((t ^ (0x20 * ones)) + low7);
    w.separators |= top_bits((controls | space) & ~x & top) << (8 * k);
    w.high |= top_bits(x & top) << (8 * k);
  }
  return w;
}

// 32 bytes copied (two 16-byte moves; within the window's reach).
inline void copy32(char* to, const char* from) noexcept { std::memcpy(to, from, 32); }

#ifdef HYPH_STREAM_WINDOWS
// Separators and high bytes by two 16-byte loads (every x86-64).
inline Window window_sse2(const char* p) noexcept {
  const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16));
  Window w;
  w.separators = detail::separator_bits(a) | detail::separator_bits(b) << 16;
  w.high = static_cast<std::uint32_t>(_mm_movemask_epi8(a)) | static_cast<std::uint32_t>(_mm_movemask_epi8(b)) << 16;
  return w;
}

// All four masks by one 32-byte load. A letter is tested in a bitmap of the 128 ASCII bytes
// kept as 16 bytes (`letter_rows`: byte c % 16, bit c / 16): one lookup by the low nibble, one
// for the bit by the high nibble (0 for a byte from 0x80).
[[gnu::target("avx2,bmi,bmi2,popcnt"), gnu::always_inline]] inline Window window_avx2(const char* p, const std::uint8_t* letter_rows) noexcept {
  const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  const __m256i from_tab = _mm256_sub_epi8(v, _mm256_set1_epi8(9));
  const __m256i controls = _mm256_cmpeq_epi8(_mm256_min_epu8(from_tab, _mm256_set1_epi8(4)), from_tab);
  const __m256i separators = _mm256_or_si256(controls, _mm256_cmpeq_epi8(v, _mm256_set1_epi8(' ')));
  const __m256i rows = _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(letter_rows)));
  const __m256i bits = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0,
                                        0, 0, 0, 0);
  const __m256i low = _mm256_and_si256(v, _mm256_set1_epi8(0x0F));
  const __m256i high = _mm256_and_si256(_mm256_srli_epi16(v, 4), _mm256_set1_epi8(0x0F));
  const __m256i hit = _mm256_and_si256(_mm256_shuffle_epi8(rows, low), _mm256_shuffle_epi8(bits, high));
  Window w;
  w.separators = static_cast<std::uint32_t>(_mm256_movemask_epi8(separators));
  w.high = static_cast<std::uint32_t>(_mm256_movemask_epi8(v));
  w.letters = ~static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, _mm256_setzero_si256())));
  w.hyphens = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('-'))));
  return w;
}

#endif

[[noreturn]] void temporary_file_failed() {
  throw Error(ErrorCode::io, std::string("temporary file for a long token: ") + std::strerror(errno));
}

}  // namespace

struct TextStream::State {
  State(Hyphenator h, std::string m, Sink s) : hyphenator(std::move(h)), marker(std::move(m)), sink(std::move(s)) { choose_windows(); }

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
  static constexpr std::size_t kOutRoom = 64;  // copy_piece's and run_tokens' stores past the bytes sent
  std::unique_ptr<char[]> out = std::make_unique_for_overwrite<char[]>(kOutCapacity + kOutRoom);
  std::size_t used = 0;

  // run_tokens, TeX's dialect only: which windows the dispatch tier reads (none: other
  // dialects; portable: plain integers), tokens shorter than `short_below` bytes (the minimums together,
  // at most a window) have no break unless `high_stops` and a byte from 0x80 (NFC may make
  // more letters of it), `lean`: a word of 4 to 14 ASCII letters through the dialect's
  // one-word path (Model::lean_words).
  enum class Windows { none, portable, sse2, avx2 };
  Windows windows = Windows::none;
  unsigned short_below = 0;
  bool high_stops = false;
  bool lean = false;
  bool short_marker = false;  // marker fits marker16
  alignas(16) std::uint8_t letter_rows[16] = {};
  char marker16[16] = {};

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
  void emit_marked(std::string_view bytes, const detail::TokenBreaks& breaks) { emit_marked(bytes, breaks.offsets, breaks.count, 0); }
  // The same with the breaks at base + offsets[0 .. count).
  void emit_marked(std::string_view bytes, const std::size_t* offsets, std::size_t count, std::size_t base) {
    const std::size_t need = bytes.size() + count * marker.size();
    if (need > kOutCapacity - used) {
      flush();
      if (need > kOutCapacity) {
        std::size_t from = 0;
        for (std::size_t k = 0; k < count; ++k) {
          emit(bytes.substr(from, base + offsets[k] - from));
          emit(marker);
          from = base + offsets[k];
        }
        emit(bytes.substr(from));
        return;
      }
    }
    char* o = out.get() + used;
    std::size_t from = 0;
    for (std::size_t k = 0; k < count; ++k) {
      const std::size_t to = base + offsets[k];
      copy_piece(o, bytes.data() + from, to - from);
      o += to - from;
      copy_piece(o, marker.data(), marker.size());
      o += marker.size();
      from = to;
    }
    copy_piece(o, bytes.data() + from, bytes.size() - from);
    used += need;
  }

  void choose_windows() {
    if (model.rules->id != Dialect::tex) return;  // TeX's rules: a token's breaks in one call
    const CpuTier tier = cpu_tier();
#ifdef HYPH_STREAM_WINDOWS
    windows = tier >= CpuTier::avx2 ? Windows::avx2 : tier >= CpuTier::sse2 ? Windows::sse2 : Windows::portable;
#else
    windows = Windows::portable;
#endif
    short_below = std::min(static_cast<unsigned>(model.mins.left + model.mins.right), unsigned{kWindow});
    high_stops = model.nfc != nullptr;
    lean = windows == Windows::avx2 && model.lean_words && model.rules->one_word != nullptr;
    for (unsigned c = 0; c < 128; ++c)
      if (model.ascii_symbols[c] != 0) letter_rows[c % 16] = static_cast<std::uint8_t>(letter_rows[c % 16] | 1u << (c / 16));
    short_marker = marker.size() <= sizeof marker16;
    if (short_marker) std::memcpy(marker16, marker.data(), marker.size());
  }

  // bytes[i, n) in windows of 32 bytes while a window's reach remains and no token is held:
  // runs of separators and of tokens too short to break copied whole, each other token's
  // breaks found and written. Returns where it stopped, at the start of a token (one of a
  // window or more) or of separators.
#ifdef HYPH_STREAM_WINDOWS
  [[gnu::target("avx2,bmi,bmi2,popcnt")]] std::size_t run_tokens_avx2(const char* begin, std::size_t i, std::size_t n) {
    const char* p = begin + i;
    while (static_cast<std::size_t>(begin + n - p) >= kWindowReach && take(window_avx2(p, letter_rows), p)) {
    }
    return static_cast<std::size_t>(p - begin);
  }
  std::size_t run_tokens_sse2(const char* begin, std::size_t i, std::size_t n) {
    const char* p = begin + i;
    while (static_cast<std::size_t>(begin + n - p) >= kWindowReach && take(window_sse2(p), p)) {
    }
    return static_cast<std::size_t>(p - begin);
  }
#endif
  std::size_t run_tokens_portable(const char* begin, std::size_t i, std::size_t n) {
    const char* p = begin + i;
    while (static_cast<std::size_t>(begin + n - p) >= kWindowReach && take(window_portable(p), p)) {
    }
    return static_cast<std::size_t>(p - begin);
  }

  // run_tokens' work on the window w read at p, the start of a token or of separators: every
  // token that ends inside it, up to the run that reaches its end (which may go on past it).
  // Bytes are copied on a window piece at a time (each shorter than 32: one 32-byte copy),
  // the marker written at each break. False for a token of a window or more at p.
  [[gnu::always_inline]] bool take(const Window& w, const char*& p) {
    if (used >= kFlushAt) flush();
    const std::uint32_t separators = w.separators;
    const auto limit = static_cast<unsigned>(32 - std::countl_zero(separators));
    if (limit == 0) return false;
    // Bit k: bytes k .. k + short_below - 1 are in one token, which may be long enough to
    // break (a run of short_below non-separators, by doubling). The lowest bit of a run is
    // its token's first byte, so each such token is found where it starts.
    std::uint32_t long_enough = ~separators;
    unsigned have = 1;
    for (; 2 * have <= short_below; have *= 2) long_enough &= long_enough >> have;
    if (have < short_below) long_enough &= long_enough >> (short_below - have);
    // A byte from 0x80 stops the copy at the start of its token.
    std::uint32_t high = high_stops ? w.high : 0;
    const std::uint32_t before_limit = ~std::uint32_t{0} >> (32 - limit);
    long_enough &= before_limit;
    high &= before_limit;
    unsigned from = 0;  // bytes p[0, from) are written out
    for (std::uint32_t stops = long_enough | high; stops != 0;) {
      // The token of the lowest stop: it starts after the last separator below it, and ends
      // inside the window, before `limit`.
      const auto b = static_cast<unsigned>(std::countr_zero(stops));
      const auto start = static_cast<unsigned>(32 - std::countl_zero(separators & ((std::uint32_t{1} << b) - 1)));
      const auto length = static_cast<unsigned>(std::countr_zero(separators >> start));
      const unsigned end = start + length;
      const std::uint32_t in_token = ((std::uint32_t{1} << length) - 1) << start;
      stops &= ~std::uint32_t{0} << end;  // (end < 32: a separator follows the token)
      std::size_t offsets[kTokenBreaksCapacityInWindow];
      std::size_t count = 0;
      if (lean && (w.high & in_token) == 0) {
        // TeX's rules (engine/tex_ascii_word.h) with '-' no letter and \uchyph > 0: the word
        // is the first run of letters, and an explicit hyphen anywhere else in the token
        // keeps it whole.
        const std::uint32_t letters = w.letters & in_token;
        if (letters == 0) continue;
        const auto first = static_cast<unsigned>(std::countr_zero(letters));
        const auto n = static_cast<unsigned>(std::countr_one(letters >> first));
        const std::uint32_t word_bits = ((std::uint32_t{1} << (first + n)) - 1) ^ ((std::uint32_t{1} << first) - 1);
        if ((w.hyphens & in_token & ~word_bits) != 0 || n < short_below) continue;
        const auto* const word = reinterpret_cast<const unsigned char*>(p) + first;
        const detail::SymbolExceptions& by_symbol = model.symbol_exceptions;
        const std::uint8_t* const symbols = model.ascii_symbols;
        // A word the exception sketch may hold goes the token's way below, which counts its lookup.
        if (n >= 4 && n <= 14 &&
            (!by_symbol.active() || !by_symbol.may_hold(n, symbols[word[0]], symbols[word[1]], symbols[word[n - 1]]))) {
          if (by_symbol.active()) ++counters.queries, ++counters.store_probes;  // as the token's way counts a refusal
          count = model.rules->one_word(model, std::string_view(p + first, n), std::span<std::size_t>(offsets), nullptr);
          emit_window_breaks(p, from, offsets, count, first);
          continue;
        }
      }
      // (TeX's rules never leave TokenBreaks::more set.)
      const std::string_view whole(p + start, length);
      detail::TokenBreaks breaks;
      if (short_token == nullptr || !short_token(model, whole, breaks, &counters)) detail::find_token_breaks(model, whole, breaks, &counters);
      emit_window_breaks(p, from, breaks.offsets, breaks.count, start);
    }
    copy32(out.get() + used, p + from);
    used += limit - from;
    p += limit;
    return true;
  }

  // Breaks at base + offsets[0 .. count) of the window at p, whose bytes [0, from) are written
  // out already: the bytes up to each break, and the marker.
  [[gnu::always_inline]] void emit_window_breaks(const char* p, unsigned& from, const std::size_t* offsets, std::size_t count,
                                                 std::size_t base) {
    if (count == 0) return;
    if (!short_marker || used + kWindow + count * marker.size() > kOutCapacity) {
      std::size_t at = from;
      for (std::size_t k = 0; k < count; ++k) {
        emit(std::string_view(p + at, base + offsets[k] - at));
        emit(marker);
        at = base + offsets[k];
      }
      from = static_cast<unsigned>(at);
      return;
    }
    char* o = out.get() + used;
    std::size_t at = from;
    for (std::size_t k = 0; k < count; ++k) {
      const std::size_t to = base + offsets[k];
      copy32(o, p + at);
      o += to - at;
      std::memcpy(o, marker16, sizeof marker16);
      o += marker.size();
      at = to;
    }
    used = static_cast<std::size_t>(o - out.get());
    from = static_cast<unsigned>(at);
  }

  std::size_t run_tokens(std::string_view bytes, std::size_t i) {
#ifdef HYPH_STREAM_WINDOWS
    if (windows == Windows::avx2) return run_tokens_avx2(bytes.data(), i, bytes.size());
    if (windows == Windows::sse2) return run_tokens_sse2(bytes.data(), i, bytes.size());
#endif
    return run_tokens_portable(bytes.data(), i, bytes.size());
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
          if (windows != Windows::none && token.empty() && n - i >= kWindowReach) {
            i = run_tokens(bytes, i);
          }
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
