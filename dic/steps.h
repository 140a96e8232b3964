// libhyphen 2.8.8's steps after the pattern levels, written once: the word's minimums
// (hnj_hyphen_lhmin, _rhmin), the hyphenated word (_hyphword), the UTF-8 normalisation (_norm)
// and the character count they share (_strnlen, hnj_ligature). Each is a template over how its
// caller holds the word, the hyphens vector and rep/pos/cut, so that the general path
// (hyphenate.cpp: replacements as pool indexes, every access bounded), the fast path
// (fast_path.cpp: no replacements, padded stack rows) and the drop-in's exports (c_steps.h:
// the caller's malloc'ed rep/pos/cut) run the same lines, inlined where they are called.
//
// What a caller passes:
//   Word      unsigned char at(long j): the word's byte j; '\0' where 2.8.8 would read outside
//             the word (a negative j, past what it may read).
//   Hyphens   put(long i, char), char get(long i): the vector; a caller with a bound drops
//             what falls outside it.
//   Reps      bool any(): rep/pos/cut are there (2.8.8's *rep && *pos && *cut);
//             bool has(long j): any() and a replacement at j; const char* text(long j) (has(j));
//             int pos(long j), int cut(long j), set(long j, int pos, int cut) (any());
//             drop(long j): no replacement at j any more; move(long from, long to): from's
//             replacement to `to` (to < from), from left empty. NoReps is the caller without.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>

namespace hyph::dic::steps {

inline bool is_digit(unsigned char c) noexcept { return c >= '0' && c <= '9'; }
inline bool continuation(unsigned char c) noexcept { return (c >> 6) == 2; }

/// hnj_ligature: how many characters more than one U+FB03/U+FB04 (ffi, ffl) stands for, by its
/// last byte (2.8.8 without LONG_LIGATURE).
inline int ligature(unsigned char c) noexcept { return c == 0x83 || c == 0x84 ? 1 : 0; }

/// hnj_hyphen_strnlen: characters in the first n bytes (up to a '\0'), `at(j)` giving byte j. A
/// ligature counts in full even when n ends inside it.
template <class At>
int char_count(At at, long n, bool utf8) noexcept {
  int chars = 0;
  long j = 0;
  while (j < n && at(j) != 0) {
    ++chars;
    if (utf8 && at(j) == 0xEF && at(j + 1) == 0xAC) chars += ligature(at(j + 2));
    for (++j; utf8 && j < n && continuation(at(j)); ++j) {
    }
  }
  return chars;
}

/// A hyphens vector whose bound the caller keeps (libhyphen's word size + 5, the fast path's rows).
struct RawHyphens {
  char* p;
  void put(long i, char c) const noexcept { p[i] = c; }
  char get(long i) const noexcept { return p[i]; }
};

/// For a caller without rep/pos/cut (the fast path): every branch on them folds away.
struct NoReps {
  static constexpr bool any() noexcept { return false; }
  static constexpr bool has(long) noexcept { return false; }
  static const char* text(long) noexcept { return nullptr; }
  static constexpr int pos(long) noexcept { return 0; }
  static constexpr int cut(long) noexcept { return 0; }
  static void set(long, int, int) noexcept {}
  static void drop(long) noexcept {}
  static void move(long, long) noexcept {}
};

/// hnj_hyphen_lhmin: no break in the first lhmin characters (leading digits do not count); a
/// non-standard break stays if its left part (the word before it and its text before '=') is
/// long enough.
template <class Word, class Hyphens, class Reps>
void left_min(bool utf8, const Word& w, Hyphens& hy, Reps& reps, int lhmin) noexcept {
  int i = 1;
  if (utf8 && w.at(0) == 0xEF && w.at(1) == 0xAC) i += ligature(w.at(2));
  for (long j = 0; is_digit(w.at(j)); ++j) --i;
  long j = 0;
  for (; i < lhmin && w.at(j) != 0; ++i) {
    do {  // one character: its bytes
      if (reps.has(j)) {
        const char* r = reps.text(j);
        if (const char* eq = std::strchr(r, '=')) {
          const long rlen = static_cast<long>(std::strlen(r));
          const int left = char_count([&](long t) { return w.at(t); }, j - reps.pos(j) + 1, utf8) +
                           char_count([&](long t) -> unsigned char {
                             return t >= 0 && t < rlen ? static_cast<unsigned char>(r[t]) : 0;
                           }, eq - r, utf8);
          if (left < lhmin) {
            reps.drop(j);
            hy.put(j, '0');
          }
        }
      } else {
        hy.put(j, '0');
      }
      ++j;
      if (utf8 && w.at(j) == 0xEF && w.at(j + 1) == 0xAC) i += ligature(w.at(j + 2));
    } while (utf8 && continuation(w.at(j)));
  }
}

/// hnj_hyphen_rhmin: no break in the last rhmin characters of the n bytes (trailing digits do
/// not count); a non-standard break stays if its right part (the 100 bytes of the word after
/// what it replaces, and its text after '=') is long enough.
template <class Word, class Hyphens, class Reps>
void right_min(bool utf8, const Word& w, long n, Hyphens& hy, Reps& reps, int rhmin) noexcept {
  int i = 0;
  for (long j = n - 1; j > 0 && is_digit(w.at(j)); --j) --i;
  for (long j = n - 1; i < rhmin && j > 0; --j) {
    if (reps.has(j)) {
      const char* r = reps.text(j);
      if (const char* eq = std::strchr(r, '=')) {
        const long start = j - reps.pos(j) + reps.cut(j) + 1;
        const int word_part = start >= 0 ? char_count([&](long t) { return w.at(start + t); }, 100, utf8) : 0;
        const long rlen = static_cast<long>(std::strlen(eq + 1));
        const int text_part = char_count([&](long t) -> unsigned char {
          return t < rlen ? static_cast<unsigned char>(eq[1 + t]) : 0;
        }, rlen, utf8);
        if (word_part + text_part < rhmin) {
          reps.drop(j);
          hy.put(j, '0');
        }
      }
    } else {
      hy.put(j, '0');
    }
    if (!continuation(w.at(j)) || !utf8) ++i;  // a character counts at its first byte
  }
}

/// Characters (bytes that are no UTF-8 continuation byte) at positions [from, to) of a word of
/// `avail` readable bytes; a position outside them reads '\0', which counts, as in 2.8.8's
/// loops (bounded here: the time does not grow with how far outside they reach).
template <class Word>
int chars_between(const Word& w, long from, long to, long avail) noexcept {
  if (to <= from) return 0;
  const long lo = std::clamp(from, 0L, avail), hi = std::clamp(to, lo, avail);
  int chars = static_cast<int>((to - from) - (hi - lo));
  for (long k = lo; k < hi; ++k) chars += !continuation(w.at(k));
  return chars;
}

/// hnj_hyphen_norm on a UTF-8 word of n bytes (`avail` readable): byte-indexed hyphens and
/// rep/pos/cut to characters, a character's last byte winning; '\0' after the last. Returns 1
/// (nothing changed) when the word starts with a continuation byte, else 0 with the number of
/// characters in `positions`.
template <class Word, class Hyphens, class Reps>
int normalise(const Word& w, long n, long avail, Hyphens& hy, Reps& reps, std::size_t& positions) noexcept {
  if (continuation(w.at(0))) return 1;
  long j = -1;
  for (long i = 0; i < n; ++i) {
    j += !continuation(w.at(i));
    hy.put(j, hy.get(i));
    if (!reps.any()) continue;
    const long back = reps.pos(i), from = i - back + 1;
    reps.set(j, chars_between(w, from, i + 1, avail), chars_between(w, from, from + reps.cut(i), avail));
    if (j < i) reps.move(i, j);
  }
  hy.put(j + 1, '\0');
  positions = static_cast<std::size_t>(j + 1);
  return 0;
}

/// hnj_hyphen_hyphword into `h` (cap bytes, all '\0'; it needs n + 5 and, for each break with a
/// replacement, that replacement's length and 2 more): the n bytes with '=' after each odd
/// value, replacements spelled out, as 2.8.8 writes them (each replacement copied with its
/// strncpy bound, then '\0' at n + 4). Returns the string's length (up to its first '\0').
template <class Word, class Hyphens, class Reps>
std::size_t hyphenated_word(const Word& w, long n, const Hyphens& hy, const Reps& reps, char* h, long cap) noexcept {
  auto put = [&](long i, char c) {
    if (i >= 0 && i < cap) h[i] = c;
  };
  const long hyphenslen = n + 5;
  long j = 0;
  for (long i = 0; i < n; ++i, ++j) {
    put(j, static_cast<char>(w.at(i)));
    if (!(hy.get(i) & 1)) continue;
    if (!reps.has(i)) {
      put(++j, '=');
      continue;
    }
    const char* r = reps.text(i);
    const long rlen = static_cast<long>(std::strlen(r));
    const int pos = reps.pos(i), cut = reps.cut(i);
    const long off = j - pos + 1;
    for (long t = std::max(0L, -off); t < hyphenslen - off - 1; ++t) put(off + t, t < rlen ? r[t] : '\0');
    put(hyphenslen - 1, '\0');
    j += rlen - pos;
    // 2.8.8 moves back (and loops) when cut < pos; never go back.
    if (cut - pos > 0) i += cut - pos;
  }
  put(j, '\0');
  return ::strnlen(h, static_cast<std::size_t>(cap));
}

/// The room hyphenated_word needs for a word of n bytes.
template <class Hyphens, class Reps>
long hyphenated_room(long n, const Hyphens& hy, const Reps& reps) noexcept {
  long room = n + 5 + 2 * n + 8;
  for (long i = 0; i < n; ++i)
    if ((hy.get(i) & 1) && reps.has(i)) room += static_cast<long>(std::strlen(reps.text(i))) + 2;
  return room;
}

}  // namespace hyph::dic::steps
