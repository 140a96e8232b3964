// The common case of hnj_hyphen_hyphenate2/3, without the bounds bookkeeping of the general
// path (dic/hyphenate.cpp): a word of at most kFastWordBytes bytes with no NUL, no
// digit and no byte through which a pattern with a replacement can be reached, and a hyphens
// buffer of libhyphen's size. Then no rep/pos/cut is ever recorded, every index stays inside
// the word's buffers, and 2.8.8's steps reduce to what is below, on plain pointers. The steps
// after the levels are dic/steps.h's, as on the general path; tests/dic compares both with libhyphen.
#include "dic/fast_path.h"

#include "dic/data.h"
#include "dic/steps.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace hyph::dic {

namespace {

// Every buffer a call needs, on the stack, with room to copy and clear whole rows of
// constant size: a part's bytes (zero bytes after them, where 2.8.8 reads past a part up to
// its '\0'), its ". part .", its values (kFront bytes before them, for 16-byte windows that
// reach back past the start) and hyphens.
constexpr std::size_t kPad = 16;
constexpr std::size_t kRow = kFastWordBytes + kPad;
constexpr std::size_t kFront = 16;

// Hides k's value from the optimiser, which would otherwise turn the loops below back into
// one memcpy or memset, and those into `rep movs`/`rep stos`: at these sizes their start-up
// costs more than a word's whole output. It emits no instruction.
inline void opaque(std::size_t& k) noexcept {
#if defined(__GNUC__)
  asm("" : "+r"(k));
#else
  (void)k;
#endif
}

// memcpy of a short, variable length (at most 2 * kFastWordBytes + 2 bytes) in fixed-size moves.
inline void copy_short(char* to, const char* from, std::size_t n) noexcept {
  if (n >= 16) {
    for (std::size_t k = 0; k + 16 <= n; k += 16) {
      std::memcpy(to + k, from + k, 16);
      opaque(k);
    }
    std::memcpy(to + n - 16, from + n - 16, 16);
  } else if (n >= 8) {
    std::memcpy(to, from, 8);
    std::memcpy(to + n - 8, from + n - 8, 8);
  } else if (n >= 4) {
    std::memcpy(to, from, 4);
    std::memcpy(to + n - 4, from + n - 4, 4);
  } else {
    for (std::size_t k = 0; k < n; ++k) to[k] = from[k];
  }
}

// memset(p, 0, N) for N a multiple of 16, as N / 16 stores of 16 bytes written out (no loop:
// a loop's counter costs more than its stores here, and the optimiser would make it a memset).
template <std::size_t N>
inline void zero(unsigned char* p) noexcept {
  static_assert(N % 16 == 0);
  [&]<std::size_t... K>(std::index_sequence<K...>) {
    (std::memset(p + 16 * K, 0, 16), ...);
  }(std::make_index_sequence<N / 16>());
}

// hy[from, to) = '0': a few bytes (the minimums), stored one by one rather than by a call
// to memset, which costs more than the two or three stores it would replace.
inline void fill_zero_digits(char* hy, long from, long to) noexcept {
  for (std::size_t j = static_cast<std::size_t>(std::max<long>(from, 0)); static_cast<long>(j) < to; ++j) {
    hy[j] = '0';
    opaque(j);
  }
}

// The whole word's minimums as libhyphen applies them: 2 where the dictionary and the call
// give none.
inline int word_minimum(int m) noexcept { return m > 0 ? m : 2; }

// The minimums of a part whose bytes are its characters: no break within lhmin - 1 bytes of
// its start, or within rhmin bytes of its end (nor before its first byte).
inline void zero_left_bytes(char* hy, int n, int lhmin) noexcept { fill_zero_digits(hy, 0, std::min<long>(long{lhmin} - 1, n)); }
inline void zero_right_bytes(char* hy, int n, int rhmin) noexcept { fill_zero_digits(hy, std::max<long>(1, long{n} - rhmin), n); }

// libhyphen's hyphenated word into `to` (room for 2 * size bytes): the word's bytes with '='
// after each whose value in hy is odd (the last byte's is even); returns its length. Each
// step writes at most the byte after the word so far.
inline std::size_t write_hyphenated(const char* word, const char* hy, std::size_t size, char* to) noexcept {
  std::size_t length = 0;
  for (std::size_t i = 0; i < size; ++i) {
    to[length++] = word[i];
    to[length] = '=';
    length += static_cast<std::size_t>(hy[i] & 1);
  }
  return length;
}

// The flags of a word's bytes (DictionaryData::fast_flags) ORed.
unsigned char flags_of(const DictionaryData& d, std::string_view word) noexcept {
  // Two bytes a step, into two accumulators: the loads of a short word overlap.
  const auto* bytes = reinterpret_cast<const unsigned char*>(word.data());
  const std::size_t size = word.size();
  unsigned char flags = 0, odd_flags = 0;
  std::size_t i = 0;
  for (; i + 2 <= size; i += 2) {
    flags |= d.fast_flags[bytes[i]];
    odd_flags |= d.fast_flags[bytes[i + 1]];
  }
  if (i < size) flags |= d.fast_flags[bytes[i]];
  return flags | odd_flags;
}

// Whether a word of 4 bytes or more is made of 'a'..'z' alone, checked 16 bytes at a time
// (shorter words read as two overlapping halves). False for shorter words: the caller then
// looks their bytes up.
bool lowercase_ascii(std::string_view word) noexcept {
#if defined(__SSE2__)
  const char* p = word.data();
  const std::size_t n = word.size();
  auto letters = [](__m128i v) {
    const __m128i from_a = _mm_sub_epi8(v, _mm_set1_epi8('a'));
    return _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(from_a, _mm_set1_epi8(25)), from_a)) == 0xFFFF;
  };
  auto load16 = [](const char* at) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(at)); };
  if (n >= 16) {
    for (std::size_t k = 0; k + 16 < n; k += 16)
      if (!letters(load16(p + k))) return false;
    return letters(load16(p + n - 16));
  }
  if (n >= 8) {
    auto load8 = [](const char* at) { return _mm_loadl_epi64(reinterpret_cast<const __m128i*>(at)); };
    return letters(_mm_unpacklo_epi64(load8(p), load8(p + n - 8)));
  }
  if (n >= 4) {
    std::int32_t head, tail;
    std::memcpy(&head, p, 4);
    std::memcpy(&tail, p + n - 4, 4);
    return letters(_mm_set_epi32(head, tail, head, tail));
  }
#else
  (void)word;
#endif
  return false;
}

// The flags a word's bytes raise (DictionaryData::fast_flags).
constexpr unsigned char kSlow = kFastSlow, kFirstLevel = kFastFirstLevel, kNoHyphen = kFastNoHyphen,
                        kNonAscii = kFastNonAscii;

// A level's values as bytes, 0 for none (a digit '0'..'9' otherwise), kFront bytes before
// position 0 for windows that reach back past the start.
struct LevelValues {
  LevelValues() noexcept { zero<sizeof bytes>(bytes); }
  unsigned char* at_zero() noexcept { return bytes + kFront; }
  const unsigned char* at_zero() const noexcept { return bytes + kFront; }
  alignas(16) unsigned char bytes[kFront + kRow + 16];
};

// A match's digits raised into values, the last at position at + 1 (none before position 0).
// Out of line: rare, and it keeps the walk's loop small.
[[gnu::noinline]] void raise(const DicAutomaton& automaton, const DicMatch& m, unsigned char* values,
                             std::size_t at) noexcept {
  const char* digits = automaton.digit_pool() + m.digits;
  const long offset = static_cast<long>(at) + 1 - static_cast<long>(m.length);
  for (long k = std::max<long>(m.first, -offset); k < static_cast<long>(m.end); ++k)
    values[offset + k] = std::max(values[offset + k], static_cast<unsigned char>(digits[k]));
}

// One level's walk raising the windows of the matches it reaches into LevelValues. Its own
// address is never taken (raise() gets the values' address), so its state stays in registers.
class Raiser {
 public:
  Raiser(const DicAutomaton& automaton, LevelValues& values) noexcept
      : automaton_(automaton),
        windows_(automaton.window_table()),
        windowed_(automaton.windowed_count()),
        matches_(automaton.match_count()),
        values_(values.at_zero()) {}
  // The match + 1 reached after byte `at` (0: none).
  void add(std::size_t at, std::uint32_t index) noexcept {
    any_ |= index;
#if defined(__SSE2__)
    // The values of positions at - 14 .. at + 1 ride in a register: each step raises them to
    // the reached match's window (the zero window for none), stores them (later steps store
    // the same positions again, raised further) and moves on one byte. No step waits for a
    // store it made before, and no branch depends on whether a pattern matched.
    unsigned char* x = values_ + at + 1 - 15;
    if (index <= windowed_) [[likely]] {
      acc_ = _mm_max_epu8(acc_, _mm_loadu_si128(reinterpret_cast<const __m128i*>(windows_ + 16 * std::size_t{index})));
    } else if (index - 1u < matches_) {
      // A match without a window (more than 15 digits): raised in memory, then read back.
      _mm_storeu_si128(reinterpret_cast<__m128i*>(x), acc_);
      raise(automaton_, automaton_.match(index - 1u), values_, at);
      acc_ = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x));
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(x), acc_);
    acc_ = _mm_srli_si128(acc_, 1);
#else
    if (index - 1u < matches_) raise(automaton_, automaton_.match(index - 1u), values_, at);
#endif
  }
  // Whether any pattern matched.
  bool any() const noexcept { return any_ != 0; }

 private:
  const DicAutomaton& automaton_;
  const unsigned char* windows_;
  std::uint32_t windowed_;
  std::size_t matches_;
  unsigned char* values_;
  std::uint32_t any_ = 0;
#if defined(__SSE2__)
  __m128i acc_ = _mm_setzero_si128();
#endif
};

// Parts of at most this many bytes have all their values in the walk's last 16-byte store.
[[maybe_unused]] constexpr int kOneStore = 14;  // unused where SSE2 is absent (WebAssembly)

// The values "after byte i" of a part of n bytes into hy[0, n) ('0' where none; the last
// byte's is '0'), hy[n] = '\0', hy[n + 1] its own. Bytes of hy after n + 1 and up to kFront
// before it may be overwritten with anything.
#if defined(__SSE2__)
// finish() for a part of n <= kOneStore bytes from `last`, the values of positions n - 13 ..
// n + 2 (byte 14 is position n + 1). Its bytes go to hy[n - 14 .. n + 1] (hy has kFront bytes
// before it).
void finish_short(__m128i last, int n, char* hy) noexcept {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(hy + n - 14), _mm_max_epu8(last, _mm_set1_epi8('0')));
  hy[n + 1] = static_cast<char>(std::max<unsigned char>(static_cast<unsigned char>(_mm_extract_epi16(last, 7) & 0xFF), '0'));
  if (n >= 1) hy[n - 1] = '0';
  hy[n] = '\0';
}
#endif

void finish(const LevelValues& level, int n, char* hy) noexcept {
  const unsigned char* values = level.at_zero();
#if defined(__SSE2__)
  const __m128i zero_digit = _mm_set1_epi8('0');
  if (n <= kOneStore) {
    // Positions n - 13 .. n + 2, as the walk's last step stored them: a load of that same
    // address and size is forwarded from the store; one spanning several of the walk's stores
    // would wait for them all to reach the cache.
    return finish_short(_mm_loadu_si128(reinterpret_cast<const __m128i*>(values + n + 2 - 15)), n, hy);
  } else {
    for (std::size_t k = 0; k < kFastWordBytes + 1; k += 16)
    _mm_storeu_si128(reinterpret_cast<__m128i*>(hy + k),
                     _mm_max_epu8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(values + 1 + k)), zero_digit));
  }
#else
  for (std::size_t k = 0; k < kFastWordBytes + 1; ++k) hy[k] = static_cast<char>(std::max<unsigned char>(values[1 + k], '0'));
#endif
  hy[n + 1] = static_cast<char>(std::max<unsigned char>(values[n + 1], '0'));
  if (n >= 1) hy[n - 1] = '0';
  hy[n] = '\0';
}

// A part as dic/steps.h reads it: a stack row, '\0' past the part.
struct RowWord {
  const unsigned char* p;
  unsigned char at(long j) const noexcept { return p[j]; }
};

class FastHyphenation {
 public:
  FastHyphenation(const DictionaryData& d, bool first_level, bool bytes_are_characters)
      : d_(d), first_level_(first_level), bytes_are_characters_(bytes_are_characters) {}

  // hnj_hyphen_hyph_ from the first level for a part of `n` bytes at `w` (w[n..n+3] are 0),
  // into hy (room for kRow bytes, and kFront before it, which finish() may overwrite).
  void run(const unsigned char* w, int n, char* hy, int clhmin, int crhmin, bool lend, bool rend) noexcept;
  void left_min(const unsigned char* w, int n, char* hy, int lhmin) const noexcept;
  void right_min(const unsigned char* w, int n, char* hy, int rhmin) const noexcept;

 private:
  // Walks the second level over ". w ." into second; and the first level, in the same loop,
  // into first, unless no byte of ". w ." can reach it. Returns whether a first-level
  // pattern matched (first is then written). Both get the values finish() writes.
  bool values(const unsigned char* w, int n, char* first, char* second) const noexcept;

  const DictionaryData& d_;
  bool first_level_;  ///< whether the word has a byte the first level reads
  bool bytes_are_characters_;  ///< a single-byte charset, or an ASCII word: the minimums count bytes
};

bool FastHyphenation::values(const unsigned char* w, int n, char* first, char* second) const noexcept {
  unsigned char prep[kRow];
  prep[0] = '.';
  copy_short(reinterpret_cast<char*>(prep + 1), reinterpret_cast<const char*>(w), static_cast<std::size_t>(n));
  prep[n + 1] = '.';
  const std::size_t j = static_cast<std::size_t>(n) + 2;
  const DicAutomaton& lower = d_.level[1];
  LevelValues second_values;
  Raiser second_walk(lower, second_values);
  // A first level that reads none of ". w ."'s bytes never leaves its root: no value.
  if (!first_level_ && !d_.level[0].reads('.')) {
    lower.walk_indices(prep, j, [&](std::size_t at, std::uint32_t index) { second_walk.add(at, index); });
    finish(second_values, n, second);
    return false;
  }
  // Most parts need the second level's values (those the first level does not split), and
  // the two walks are independent: in one loop, the second's loads wait while the first's do.
  const DicAutomaton& upper = d_.level[0];
  LevelValues first_values;
  Raiser first_walk(upper, first_values);
  upper.with_cursor(j, [&](auto first_cursor) {
    lower.with_cursor(j, [&](auto second_cursor) {
      for (std::size_t at = 0; at < j; ++at) {
        first_walk.add(at, first_cursor.step(prep[at]));
        second_walk.add(at, second_cursor.step(prep[at]));
      }
    });
  });
  finish(second_values, n, second);
  if (!first_walk.any()) return false;
  finish(first_values, n, first);
  return true;
}

void FastHyphenation::run(const unsigned char* w, int n, char* hy, int clhmin, int crhmin, bool lend,
                          bool rend) noexcept {
  // hy gets the second level's values, which answer for a part the first level does not
  // split; first the first level's, when it matched.
  char first_row[kFront + kRow];
  char* const first = first_row + kFront;
  const bool matched = values(w, n, first, hy);
  int split = n;  // the first odd first-level value (the last byte's is '0')
  if (matched)
    for (int e = 0; e < n; ++e)
      if (first[e] & 1) {
        split = e;
        break;
      }
  if (split == n) {
    if (!lend) left_min(w, n, hy, clhmin);
    if (!rend) right_min(w, n, hy, crhmin);
    return;
  }
  // The first level's odd values split the part; each piece is hyphenated again from the
  // first level (pieces are shorter than the part: the recursion ends within n levels), over
  // the first level's values.
  std::memcpy(hy, first, kRow);
  unsigned char piece[kRow];
  char hy2_row[kFront + kRow];
  char* const hy2 = hy2_row + kFront;
  int begin = 0;
  for (int e = split; e < n; ++e) {
    if (!((hy[e] & 1) || (begin > 0 && e + 1 == n))) continue;
    if (e - begin > 1) {
      const int size = e - begin + 1;
      zero<sizeof piece>(piece);
      copy_short(reinterpret_cast<char*>(piece), reinterpret_cast<const char*>(w + begin), static_cast<std::size_t>(size));
      run(piece, size, hy2, clhmin, crhmin, begin > 0 ? false : lend, (hy[e] & 1) ? false : rend);
      copy_short(hy + begin, hy2, static_cast<std::size_t>(e - begin - 1));
    }
    begin = e + 1;
  }
}

void FastHyphenation::left_min(const unsigned char* w, int n, char* hy, int lhmin) const noexcept {
  if (bytes_are_characters_) return zero_left_bytes(hy, n, lhmin);  // no sequence or ligature to skip
  steps::RawHyphens h{hy};
  steps::NoReps none;
  steps::left_min(d_.utf8, RowWord{w}, h, none, lhmin);
}

void FastHyphenation::right_min(const unsigned char* w, int n, char* hy, int rhmin) const noexcept {
  if (bytes_are_characters_) return zero_right_bytes(hy, n, rhmin);
  steps::RawHyphens h{hy};
  steps::NoReps none;
  steps::right_min(d_.utf8, RowWord{w}, n, h, none, rhmin);
}

// The fast path's lean form, for the commonest word: 4 to 14 bytes of 'a'..'z' alone in a
// dictionary where such a word needs only the second level (DictionaryData::lean_lowercase)
// and NOHYPHEN cannot apply, with a hyphenated word of libhyphen's size or none. The same
// steps as FastHyphenation::run and hyphenate_fast take for it (the first level never leaves
// its root, so nothing splits the word), with the values in one register and no buffer of
// the general form. False (nothing written) for any other call.
[[gnu::always_inline]] inline bool lean_hyphenate(const DictionaryData& d, const FastCall& call, Outcome& out) noexcept {
#if defined(__SSE2__)
  const std::string_view word = call.word;
  const std::size_t size = word.size();
  const NoHyphenList& nohyphen = *call.nohyphen;
  if (size - 4 > kOneStore - 4 || !d.lean_lowercase) return false;
  if (nohyphen.present && !(nohyphen.own && !(d.lowercase_flags & kNoHyphen))) return false;
  if (!call.hyphenated.empty() && call.hyphenated.size() < 2 * size) return false;
  if (!lowercase_ascii(word)) return false;
  // ". word ." walked by the second level, positions at - 14 .. at + 1 in one register, as the
  // Raiser keeps them; a match without a window (a damaged or unusual file) leaves it to the
  // general form.
  unsigned char prep[32];
  zero<sizeof prep>(prep);
  copy_short(reinterpret_cast<char*>(prep + 1), word.data(), size);
  prep[0] = '.';
  prep[size + 1] = '.';
  const DicAutomaton& second = d.level[1];
  const unsigned char* const windows = second.window_table();
  const std::uint32_t windowed = second.windowed_count();
  const std::size_t matches = second.match_count();
  __m128i values = _mm_setzero_si128();
  bool unwindowed = false;
  second.walk_indices(prep, size + 2, [&](std::size_t, std::uint32_t index) {
    values = _mm_srli_si128(values, 1);
    if (index <= windowed) [[likely]] {
      values = _mm_max_epu8(values, _mm_loadu_si128(reinterpret_cast<const __m128i*>(windows + 16 * std::size_t{index})));
    } else if (index - 1u < matches) {
      unwindowed = true;
    }
  });
  if (unwindowed) return false;
  // The values of positions n - 13 .. n + 2 are in the register, as finish() reads them back.
  const int n = static_cast<int>(size);
  char hy_row[kFront + 32];
  char* const hy = hy_row + kFront;
  finish_short(values, n, hy);
  // hyphenate_fast's minimums: bytes are characters here.
  zero_left_bytes(hy, n, word_minimum(call.limits.lhmin));
  zero_right_bytes(hy, n, word_minimum(call.limits.rhmin));
  out = Outcome{};
  if (!call.hyphenated.empty()) {
    out.hyphenated_size = write_hyphenated(word.data(), hy, size, call.hyphenated.data());
    call.hyphenated[out.hyphenated_size] = '\0';
  }
  out.positions = size;
  copy_short(call.hyphens.data(), hy, size + 2);
  return true;
#else
  (void)d, (void)call, (void)out;
  return false;
#endif
}

// fast_hyphenate, inlined into both its callers (Dictionary::hyphenate_common saves a call a word).
[[gnu::always_inline]] inline bool hyphenate_fast(const DictionaryData& d, const FastCall& call, Outcome& out) noexcept {
  const std::string_view word = call.word;
  const std::span<char> hyphens = call.hyphens, hyphenated = call.hyphenated;
  const bool hyphenate3 = call.hyphenate3;
  const Limits& limits = call.limits;
  const NoHyphenList& nohyphen = *call.nohyphen;
  const std::size_t size = word.size();
  if (size > kFastWordBytes || hyphens.size() < size + 5) return false;
  if (lean_hyphenate(d, call, out)) return true;
  // The dictionary's letters first: where they differ, scanning the word for them is wasted.
  const unsigned char flags = !(d.lowercase_flags & kSlow) && lowercase_ascii(word) ? d.lowercase_flags : flags_of(d, word);
  if (flags & kSlow) return false;
  // Copied in whole moves, not byte by byte, and read back for the walk in the same moves: a
  // load that spans several stores waits until they reach the cache.
  unsigned char w[kRow];
  zero<sizeof w>(w);
  copy_short(reinterpret_cast<char*>(w), word.data(), size);
  const int n = static_cast<int>(size);
  // The caller's vector is written once at the end (n + 2 bytes, as 2.8.8 writes them).
  char hy_row[kFront + kRow];
  char* const hy = hy_row + kFront;
  FastHyphenation h(d, (flags & kFirstLevel) != 0, !d.utf8 || !(flags & kNonAscii));
  h.run(w, n, hy, limits.clhmin, limits.crhmin, true, true);
  h.left_min(w, n, hy, word_minimum(limits.lhmin));
  h.right_min(w, n, hy, word_minimum(limits.rhmin));

  // NOHYPHEN: hyphenate2 applies it before writing the hyphenated word, hyphenate3 after
  // (with '\0' instead of '0'). Only a word with an element's first byte can hold one.
  auto no_hyphen = [&](char value) {
    if (!nohyphen.present || (nohyphen.own && !(flags & kNoHyphen))) return;
    for (std::size_t at = 0; at < size; ++at) {
      if (!nohyphen.first[w[at]]) continue;
      for (std::string_view element : nohyphen.elements) {
        if (element.empty() || element.size() > size - at || std::memcmp(w + at, element.data(), element.size()) != 0)
          continue;
        hy[at + element.size() - 1] = value;
        if (at >= 1) hy[at - 1] = value;
      }
    }
  };
  if (!hyphenate3) no_hyphen('0');
  out = Outcome{};
  if (!hyphenated.empty()) {
    // At most 2n bytes with its '\0'. Straight into the caller's buffer when it holds 2n
    // bytes (libhyphen's rule; a copy would wait on these byte stores), else through one of
    // that size and cut.
    char buffer[2 * kFastWordBytes + 1];
    const bool direct = hyphenated.size() >= 2 * size;
    const std::size_t length =
        write_hyphenated(reinterpret_cast<const char*>(w), hy, size, direct ? hyphenated.data() : buffer);
    out.hyphenated_size = length;
    const std::size_t copied = std::min(length, hyphenated.size() - 1);
    if (!direct) copy_short(hyphenated.data(), buffer, copied);
    hyphenated[copied] = '\0';
  }
  if (hyphenate3) no_hyphen('\0');
  out.positions = size;
  if (d.utf8 && (flags & kNonAscii)) {
    // Per character: byte i's value moves to its character's index; a character's last byte
    // wins. A word starting with a continuation byte stays per byte (2.8.8's status 1).
    steps::RawHyphens h{hy};
    steps::NoReps none;
    out.status = steps::normalise(RowWord{w}, n, n, h, none, out.positions);
  }
  copy_short(hyphens.data(), hy, size + 2);
  return true;
}

}  // namespace

bool fast_hyphenate(const DictionaryData& d, const FastCall& call, Outcome& out) noexcept {
  return hyphenate_fast(d, call, out);
}

bool Dictionary::hyphenate_common(std::string_view word, std::span<char> hyphens, std::span<char> hyphenated,
                                  const Minimums* minimums, int& status) const noexcept {
  const DictionaryData& d = *data_;
  const NoHyphenList nohyphen = d.own_nohyphen();
  const Limits own{d.lhmin, d.rhmin, d.clhmin, d.crhmin};
  const FastCall call{word, hyphens, hyphenated, minimums != nullptr, minimums ? at_least(*minimums, own) : own, &nohyphen};
  Outcome out;
  if (!hyphenate_fast(d, call, out)) return false;
  status = out.status;
  return true;
}

}  // namespace hyph::dic
