// libhyph's own API asks of a word only which of its values are odd. For the commonest words
// this answers that in registers, without libhyphen's buffers:
//   - a word of 2 to 30 bytes of 'a'..'z' in a dictionary where such a word needs the second
//     level alone (DictionaryData::lean_lowercase): one walk of that level;
//   - any other word of 2 to 30 ASCII bytes that the fast path takes (no digit, no byte through
//     which a pattern with a replacement is reached): 2.8.8's compound recursion (the first
//     level's odd values split the word, each part hyphenated again), on bit masks.
// Both need the levels they walk to have a full transition table (DicAutomaton::TableCursor).
//
//   . h y p h e n .      a walk: one load a byte (the next state's row); for a word of
//   s0 s1 s2 ...         letters the states after ". x" and ". x y" come from tables built at
//                        load (LeanWalk::first, pairs), so the chain of dependent loads starts
//                        at the third byte;
//   values               each state's match raises a 16-byte window of values, which slides
//                        one byte a step in one register (two for words over 14 bytes).
//
// The values are those of dic/fast_path.cpp (the same windows, the same clamps of a damaged
// table), and the answers those of Dictionary::hyphenate3; tests/dic compares them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace hyph::dic {

struct DictionaryData;
struct Limits;

/// One level's full transition table as a walk reads it (DicAutomaton::TableCursor).
struct LeanLevel {
  const std::uint16_t* table = nullptr;    ///< rows of 1 << shift entries: [match + 1, targets by column]
  const unsigned char* column = nullptr;   ///< 256 entries: a byte's column in a row
  const unsigned char* windows = nullptr;  ///< (windowed + 1) * 16 bytes: zeros, then the windows
  std::uint32_t states = 0;
  std::uint32_t windowed = 0;
  std::uint32_t matches = 0;
  unsigned shift = 0;
  std::uint16_t dot = 0;        ///< the state after '.'
  std::uint16_t dot_match = 0;  ///< its match + 1 (0: none)
  unsigned char dot_column = 0;  ///< '.''s column
};

/// A state of the second level as a walk over letters reads it, in one cache line: the
/// states after 'a'..'z' and '.', and the state's match as 16 digits, a nibble each.
struct alignas(64) LeanRow {
  std::uint16_t next[27];    ///< by byte - 'a'; next[26] by '.'; states clamped as TableCursor does
  std::uint16_t unwindowed;  ///< 1: the state's match has no window (the general path answers)
  unsigned char window[8];   ///< the window's digit 2k in byte k's low nibble, 2k + 1 in its high
};
static_assert(sizeof(LeanRow) == 64);

/// What the lean walks read, gathered once at load (DictionaryData::derive).
struct LeanWalk {
  /// A word of 'a'..'z' alone may take letters_odd_values: lean_lowercase, the second level
  /// tabled, NOHYPHEN unable to apply, SSE2 at hand (and DictionaryData::lean_rows).
  bool letters = false;
  /// An ASCII word may take ascii_odd_values: both levels tabled, SSE2 at hand.
  bool ascii = false;
  LeanLevel level[2];
  /// What each byte is to ascii_odd_values (kLean* flags).
  unsigned char bytes[256] = {};
  /// The second level's states after ". x" and after ". x y", by x & 31 and
  /// (x & 31) << 5 | (y & 31) for x, y in 'a'..'z' (other entries unused).
  std::uint16_t first[32] = {};
  std::uint16_t pairs[32 * 32] = {};
};

/// LeanWalk::bytes: 'a'..'z'; read by the first level; a NOHYPHEN element alone; the first
/// byte of a longer NOHYPHEN element; a byte the fast path refuses (fast_flags' kFastSlow) or
/// not ASCII.
inline constexpr unsigned char kLeanLetter = 1, kLeanFirstLevel = 2, kLeanNoHyphen = 4, kLeanNoHyphenStart = 8,
                                kLeanRefused = 16;

/// The longest word the lean walks take.
inline constexpr std::size_t kLeanWalkBytes = 30;

#if defined(__SSE2__)
namespace lean {

// The values of the positions after the bytes walked so far, in registers: hi holds those of
// positions at - 14 .. at + 1 after byte `at` of ". w ."; lo the 16 before them (Long only). A
// position is final once it leaves the reach of hi's last byte.
template <bool Long>
struct Slide {
  __m128i hi = _mm_setzero_si128(), lo = _mm_setzero_si128();
  bool unwindowed = false;

  [[gnu::always_inline]] void raise(const LeanLevel& t, std::uint32_t index) noexcept {
    if constexpr (Long) lo = _mm_or_si128(_mm_srli_si128(lo, 1), _mm_slli_si128(hi, 15));
    hi = _mm_srli_si128(hi, 1);
    if (index <= t.windowed) [[likely]] {
      hi = _mm_max_epu8(hi, _mm_loadu_si128(reinterpret_cast<const __m128i*>(t.windows + 16 * std::size_t{index})));
    } else {
      unwindowed = unwindowed || index - 1u < t.matches;  // beyond the matches: a damaged file's, none
    }
  }
  // The same from a LeanRow: its digits unpacked to a byte each, the digit in the byte's high
  // nibble (the low one holds another digit, which never decides a byte-wise maximum's high
  // nibble).
  [[gnu::always_inline]] void raise(const LeanRow& row) noexcept {
    if constexpr (Long) lo = _mm_or_si128(_mm_srli_si128(lo, 1), _mm_slli_si128(hi, 15));
    const __m128i packed = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(row.window));
    hi = _mm_max_epu8(_mm_srli_si128(hi, 1), _mm_unpacklo_epi8(_mm_slli_epi16(packed, 4), packed));
    unwindowed = unwindowed || row.unwindowed != 0;
  }
  // After ". w ." (n bytes of w): bit i set when the value after byte i is odd, i < n - 1.
  // Bit 0 of a value's byte says odd ('1' is 0x31; 0 is none), bit 4 for a LeanRow's digits:
  // moved to bit 7 for movemask.
  template <int Bit = 0>
  [[gnu::always_inline]] std::uint32_t odd(std::size_t n) const noexcept {
    const auto high_bits = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_slli_epi16(hi, 7 - Bit)));
    std::uint32_t found;
    if constexpr (Long) {
      // hi's byte k is the value after byte n - 14 + k, lo's after byte n - 30 + k.
      const auto low_bits = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_slli_epi16(lo, 7 - Bit)));
      found = (low_bits | high_bits << 16) >> (kLeanWalkBytes - n);
    } else {
      found = high_bits >> (14 - n);
    }
    return found & ((1u << (n - 1)) - 1);  // the last byte's value is '0'
  }
};

// The walk on from `row` over w[from, n) and the closing '.'. Shift: the table's row shift
// if known when compiled (an immediate shift a step), else 0.
template <bool Long, unsigned Shift = 0>
[[gnu::always_inline]] inline void walk_on(const LeanLevel& t, const std::uint16_t* row, const unsigned char* w,
                                           std::size_t from, std::size_t n, Slide<Long>& values) noexcept {
  // The row as a byte offset: a step's chain is its load, one shift and the next load, whose
  // address adds the offset to the column's place in the table (known ahead of the chain).
  const char* const table = reinterpret_cast<const char*>(t.table);
  const unsigned char* const column = t.column;
  const unsigned shift = (Shift != 0 ? Shift : t.shift) + 1;
  const std::uint32_t states = t.states;
  std::size_t at = static_cast<std::size_t>(reinterpret_cast<const char*>(row) - table);
  auto load16 = [](const char* p) {
    std::uint16_t v;
    std::memcpy(&v, p, sizeof v);
    return std::uint32_t{v};
  };
  auto step = [&](unsigned col) {
    std::uint32_t s = load16(table + 2 * std::size_t{col} + at);
    s = s < states ? s : 0;
    at = std::size_t{s} << shift;
    values.raise(t, load16(table + at));
  };
  for (std::size_t k = from; k < n; ++k) step(column[w[k]]);
  step(t.dot_column);
}

}  // namespace lean

/// The odd values of a word of 2 to 30 bytes of 'a'..'z' by the second level (LeanWalk::letters,
/// `rows` from DictionaryData::lean_rows):
/// bit i set when the value after byte i is odd, i < n - 1 (the minimums are the caller's).
/// False when the walk reached a match without a window (more than 15 digits): the general
/// path answers that word.
template <bool Long>
[[gnu::always_inline]] inline bool letters_odd_values(const LeanWalk& lean, const LeanRow* rows, const unsigned char* w,
                                                      std::size_t n, std::uint32_t& odd) noexcept {
  lean::Slide<Long> values;
  const unsigned a = w[0] & 31u, b = w[1] & 31u;
  values.raise(rows[lean.level[1].dot]);
  values.raise(rows[lean.first[a]]);
  std::uint32_t s = lean.pairs[a << 5 | b];
  values.raise(rows[s]);
  // The chain from letter to letter: one load and one shift.
  for (std::size_t k = 2; k < n; ++k) {
    s = rows[s].next[w[k] - 'a'];
    values.raise(rows[s]);
  }
  s = rows[s].next[26];
  values.raise(rows[s]);
  odd = values.template odd<4>(n);
  return !values.unwindowed;
}

/// letters_odd_values for any n.
[[gnu::always_inline]] inline bool letters_odd(const LeanWalk& lean, const LeanRow* rows, const unsigned char* w, std::size_t n,
                                               std::uint32_t& odd) noexcept {
  return n <= 14 ? letters_odd_values<false>(lean, rows, w, n, odd) : letters_odd_values<true>(lean, rows, w, n, odd);
}
#endif

/// Dictionary::hyphenate3's breaks for an ASCII word of 2 to 30 bytes (LeanWalk::ascii),
/// lower case, with `limits` (fast_path.h's, the caller's and the dictionary's): bit i set
/// when its value after byte i is odd. False (nothing decided) for a word the fast path does
/// not take (a digit, a byte that may reach a replacement) or a walk that reached a match
/// without a window.
bool ascii_odd_values(const DictionaryData& d, std::string_view word, const Limits& limits, std::uint32_t& odd) noexcept;

}  // namespace hyph::dic
