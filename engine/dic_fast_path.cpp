// The common case of hnj_hyphen_hyphenate2/3, without the bounds bookkeeping of the general
// path (engine/dic_hyphenate.cpp): a word of at most kFastWordBytes bytes with no NUL, no
// digit and no byte through which a pattern with a replacement can be reached, and a hyphens
// buffer of libhyphen's size. Then no rep/pos/cut is ever recorded, every index stays inside
// the word's buffers, and 2.8.8's steps reduce to what is below, on plain pointers. The steps
// and their order are the general path's; tests/dic compares both with libhyphen.
#include "engine/dic_fast_path.h"

#include "engine/dic_data.h"

#include <algorithm>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace hyph::dic {

namespace {

inline bool continuation(unsigned char c) noexcept { return (c >> 6) == 2; }
inline int ligature(unsigned char c) noexcept { return c == 0x83 || c == 0x84 ? 1 : 0; }

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

// memset(p, 0, n) for n a multiple of 16, in 16-byte stores.
inline void zero(unsigned char* p, std::size_t n) noexcept {
  for (std::size_t k = 0; k < n; k += 16) {
    std::memset(p + k, 0, 16);
    opaque(k);
  }
}

// The flags a word's bytes raise (DictionaryData::fast_flags).
constexpr unsigned char kSlow = kFastSlow, kFirstLevel = kFastFirstLevel, kNoHyphen = kFastNoHyphen,
                        kNonAscii = kFastNonAscii;

class FastHyphenation {
 public:
  FastHyphenation(const DictionaryData& d, bool first_level) : d_(d), first_level_(first_level) {}

  // hnj_hyphen_hyph_ for a part of `n` bytes at `w` (w[n..n+3] are 0), into hy (room for n + 3).
  void run(int level, const unsigned char* w, int n, char* hy, int clhmin, int crhmin, bool lend, bool rend,
           int depth) noexcept;
  void left_min(const unsigned char* w, char* hy, int lhmin) const noexcept;
  void right_min(const unsigned char* w, int n, char* hy, int rhmin) const noexcept;

 private:
  // Walks `level` over ". w ." and leaves the values "after byte i" in hy[0, n), hy[n] = '\0'.
  // Returns whether any pattern with a nonzero digit matched.
  bool values(int level, const unsigned char* w, int n, char* hy) const noexcept;
  // Out of line: rare, and it keeps the walk's loop small.
  [[gnu::noinline]] static void raise(const DicAutomaton& automaton, const DicMatch& m, unsigned char* values, std::size_t at) noexcept;

  const DictionaryData& d_;
  bool first_level_;  ///< whether the word has a byte the first level reads
};

bool FastHyphenation::values(int level, const unsigned char* w, int n, char* hy) const noexcept {
  // A first level that reads none of ". w ."'s bytes never leaves its root: no value, and
  // the caller's next step (the second level) writes all of hy.
  if (level == 0 && !first_level_ && !d_.level[0].reads('.')) return false;
  // Values as bytes, 0 for none (a digit '0'..'9' otherwise); kFront bytes before them for
  // windows that reach back past the start.
  alignas(16) unsigned char v[kFront + kRow + 16];
  zero(v, sizeof v);
  unsigned char prep[kRow];
  prep[0] = '.';
  std::memcpy(prep + 1, w, kFastWordBytes);
  prep[n + 1] = '.';
  const std::size_t j = static_cast<std::size_t>(n) + 2;
  const DicAutomaton& automaton = d_.level[level];
  unsigned char* values = v + kFront;
  std::uint32_t any = 0;
#if defined(__SSE2__)
  // The values of positions i - 14 .. i + 1 ride in a register while the walk is at byte i:
  // each step raises them to the reached match's window (the zero window for none), stores
  // them (later steps store the same positions again, raised further) and moves on one byte.
  // No step waits for a store it made before, and no branch depends on whether a pattern matched.
  const unsigned char* windows = automaton.window_table();
  const std::uint32_t windowed = automaton.windowed_count();
  const std::size_t matches = automaton.match_count();
  __m128i acc = _mm_setzero_si128();
  automaton.walk_indices(prep, j, [&](std::size_t at, std::uint32_t index) {
    any |= index;
    unsigned char* x = values + at + 1 - 15;
    if (index <= windowed) [[likely]] {
      acc = _mm_max_epu8(acc, _mm_loadu_si128(reinterpret_cast<const __m128i*>(windows + 16 * std::size_t{index})));
    } else if (index - 1u < matches) {
      // A match without a window (more than 15 digits): raised in memory, then read back.
      _mm_storeu_si128(reinterpret_cast<__m128i*>(x), acc);
      raise(automaton, automaton.match(index - 1u), values, at);
      acc = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x));
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(x), acc);
    acc = _mm_srli_si128(acc, 1);
  });
  // The values move to "after byte i" ('0' where none); the last byte's is '0'; hy[n + 1]
  // keeps its own.
  const __m128i zero_digit = _mm_set1_epi8('0');
  for (std::size_t k = 0; k < kFastWordBytes + 1; k += 16)
    _mm_storeu_si128(reinterpret_cast<__m128i*>(hy + k),
                     _mm_max_epu8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(values + 1 + k)), zero_digit));
#else
  const std::size_t matches = automaton.match_count();
  automaton.walk_indices(prep, j, [&](std::size_t at, std::uint32_t index) {
    any |= index;
    if (index - 1u < matches) raise(automaton, automaton.match(index - 1u), values, at);
  });
  for (std::size_t k = 0; k < kFastWordBytes + 1; ++k) hy[k] = static_cast<char>(std::max<unsigned char>(values[1 + k], '0'));
#endif
  hy[n + 1] = static_cast<char>(std::max<unsigned char>(values[n + 1], '0'));
  if (n >= 1) hy[n - 1] = '0';
  hy[n] = '\0';
  return any != 0;
}

// A match's digits raised into values, the last at position at + 1 (none before position 0).
void FastHyphenation::raise(const DicAutomaton& automaton, const DicMatch& m, unsigned char* values,
                            std::size_t at) noexcept {
  const char* digits = automaton.digit_pool() + m.digits;
  const long offset = static_cast<long>(at) + 1 - static_cast<long>(m.length);
  for (long k = std::max<long>(m.first, -offset); k < static_cast<long>(m.end); ++k)
    values[offset + k] = std::max(values[offset + k], static_cast<unsigned char>(digits[k]));
}

void FastHyphenation::run(int level, const unsigned char* w, int n, char* hy, int clhmin, int crhmin, bool lend,
                          bool rend, int depth) noexcept {
  if (!values(level, w, n, hy) || level == 1) {
    if (level == 0) {
      // No first-level value: the second level answers for the whole part.
      values(1, w, n, hy);
      if (!lend) left_min(w, hy, clhmin);
      if (!rend) right_min(w, n, hy, crhmin);
    }
    return;
  }
  // The first level's odd values split the part; each piece is hyphenated again from this
  // level (pieces are shorter than the part: the recursion ends within n levels).
  unsigned char piece[kRow];
  char hy2[kRow];
  int begin = 0;
  for (int e = 0; e < n; ++e) {
    if (!((hy[e] & 1) || (begin > 0 && e + 1 == n))) continue;
    if (e - begin > 1) {
      const int size = e - begin + 1;
      zero(piece, sizeof piece);
      copy_short(reinterpret_cast<char*>(piece), reinterpret_cast<const char*>(w + begin), static_cast<std::size_t>(size));
      run(0, piece, size, hy2, clhmin, crhmin, begin > 0 ? false : lend, (hy[e] & 1) ? false : rend, depth + 1);
      copy_short(hy + begin, hy2, static_cast<std::size_t>(e - begin - 1));
    }
    begin = e + 1;
  }
  if (begin == 0) {
    values(1, w, n, hy);
    if (!lend) left_min(w, hy, clhmin);
    if (!rend) right_min(w, n, hy, crhmin);
  }
}

void FastHyphenation::left_min(const unsigned char* w, char* hy, int lhmin) const noexcept {
  const bool utf8 = d_.utf8;
  int i = 1;
  if (utf8 && w[0] == 0xEF && w[1] == 0xAC) i += ligature(w[2]);
  for (long j = 0; i < lhmin && w[j] != 0; ++i) {
    do {
      hy[j] = '0';
      ++j;
      if (utf8 && w[j] == 0xEF && w[j + 1] == 0xAC) i += ligature(w[j + 2]);
    } while (utf8 && continuation(w[j]));
  }
}

void FastHyphenation::right_min(const unsigned char* w, int n, char* hy, int rhmin) const noexcept {
  const bool utf8 = d_.utf8;
  int i = 0;
  for (long j = n - 1; i < rhmin && j > 0; --j) {
    hy[j] = '0';
    const unsigned char c = w[j];
    if (!utf8 || (c & 0xC0) == 0xC0 || (c & 0x80) != 0x80) ++i;
  }
}

}  // namespace

bool fast_hyphenate(const DictionaryData& d, std::string_view word, std::span<char> hyphens,
                    std::span<char> hyphenated, bool hyphenate3, const Limits& limits, const NoHyphenList& nohyphen,
                    Outcome& out) noexcept {
  const std::size_t size = word.size();
  if (size > kFastWordBytes || hyphens.size() < size + 5) return false;
  unsigned char w[kRow];
  zero(w, sizeof w);
  unsigned char flags = 0;
  for (std::size_t i = 0; i < size; ++i) {
    const auto c = static_cast<unsigned char>(word[i]);
    flags |= d.fast_flags[c];
    w[i] = c;
  }
  if (flags & kSlow) return false;
  const int n = static_cast<int>(size);
  // The caller's vector is written once at the end (n + 2 bytes, as 2.8.8 writes them).
  char hy[kRow];
  FastHyphenation h(d, (flags & kFirstLevel) != 0);
  h.run(0, w, n, hy, limits.clhmin, limits.crhmin, true, true, 0);
  h.left_min(w, hy, limits.lhmin > 0 ? limits.lhmin : 2);
  h.right_min(w, n, hy, limits.rhmin > 0 ? limits.rhmin : 2);

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
    // The word with '=' after each break: at most 2n bytes.
    char buffer[2 * kFastWordBytes + 1];
    std::size_t length = 0;
    for (std::size_t i = 0; i < size; ++i) {
      buffer[length++] = static_cast<char>(w[i]);
      buffer[length] = '=';
      length += static_cast<std::size_t>(hy[i] & 1);
    }
    out.hyphenated_size = length;
    const std::size_t copied = std::min(length, hyphenated.size() - 1);
    copy_short(hyphenated.data(), buffer, copied);
    hyphenated[copied] = '\0';
  }
  if (hyphenate3) no_hyphen('\0');
  out.positions = size;
  if (d.utf8 && (flags & kNonAscii)) {
    // Per character: byte i's value moves to its character's index; a character's last byte
    // wins. A word starting with a continuation byte stays per byte (2.8.8's status 1).
    if (continuation(w[0])) {
      out.status = 1;
    } else {
      long j = -1;
      for (std::size_t i = 0; i < size; ++i) {
        j += !continuation(w[i]);
        hy[j] = hy[i];
      }
      hy[j + 1] = '\0';
      out.positions = static_cast<std::size_t>(j + 1);
    }
  }
  copy_short(hyphens.data(), hy, size + 2);
  return true;
}

}  // namespace hyph::dic
