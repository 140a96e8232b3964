// The lean paths' walk of a short word in one 16-byte register over the automaton's padded
// packed rows, and their store of its breaks: shared by the avx2 tier
// (engine/tex_ascii_avx2.cpp, which inlines them into AVX2 code) and the sse2 tier
// (engine/tex_ascii_sse2.cpp). Only SSE2, which every x86-64 has.
#pragma once

#include "patterns/automaton.h"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__) && defined(__GNUC__)
#include <emmintrin.h>

namespace hyph::detail::lean {

// The window of the packed row at `offset` (16 digits a nibble in the row's last 8 bytes,
// `windows` + offset * 8) a digit a byte, in the byte's high nibble as the AVX-512 path has it
// (the low nibble is another digit, which a byte-wise maximum never lets decide): the bytes
// shifted left by a nibble give the even digits, the bytes themselves the odd ones.
[[gnu::always_inline]] inline __m128i row_window_high(const char* windows, std::size_t offset) noexcept {
  const __m128i packed = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(windows + offset * 8));
  return _mm_unpacklo_epi8(_mm_slli_epi16(packed, 4), packed);
}

// One letter of the walk: the next row's offset by one load whose address scales the offset
// (so that the chain from letter to letter is that load alone, as tex_token_breaks.cpp's
// short_step), and the window slid by one gap and merged with that row's.
[[gnu::always_inline]] inline void step(const char* to, const char* windows, std::uint8_t symbol,
                                                          std::size_t& offset, __m128i& window) noexcept {
  const char* const from = to + 2 * std::size_t{symbol};
  asm("movzwl (%1,%2,8), %k0" : "=r"(offset) : "r"(from), "0"(offset) :);
  window = _mm_max_epu8(_mm_bsrli_si128(window, 1), row_window_high(windows, offset));
}

// The gap values of a word of n letters (2 <= n <= 16) by the walk Automaton::walk_packed<false>
// makes, in one register: byte k holds gap k - (14 - n) in its high nibble (for n above 14, the
// first n - 14 gaps have slid out). `a` and `b` are the word's first two symbols; its others
// end just before `end` (end[2 - n] .. end[-1]), so that the walk is one run of steps entered
// at the word's third letter (no test after each letter), then the closing edge.
[[gnu::always_inline]] inline __m128i walk_in_register(const patterns::Automaton::PackedRows& p, std::size_t a,
                                                                         std::size_t b, const std::uint8_t* end,
                                                                         std::size_t n) noexcept {
  const char* const rows = p.rows;
  const char* const windows = rows + (std::size_t{2} << p.shift) - 8;
  // Gaps 0, 1, 2: the edge, the first letter and the second (the pair's row from the table).
  std::uint16_t offset1;
  std::memcpy(&offset1, rows + 2 * (1 + a) + p.start * 8, sizeof offset1);
  std::size_t offset = p.pairs[a << p.shift | b];
  __m128i window = row_window_high(windows, p.start);
  window = _mm_max_epu8(_mm_bsrli_si128(window, 1), row_window_high(windows, offset1));
  window = _mm_max_epu8(_mm_bsrli_si128(window, 1), row_window_high(windows, offset));
  // Gaps 3 .. n + 1: end[2 - n] .. end[-1], then the edge.
  const char* const to = rows + 2;
  switch (n) {
    case 16: step(to, windows, end[-14], offset, window); [[fallthrough]];
    case 15: step(to, windows, end[-13], offset, window); [[fallthrough]];
    case 14: step(to, windows, end[-12], offset, window); [[fallthrough]];
    case 13: step(to, windows, end[-11], offset, window); [[fallthrough]];
    case 12: step(to, windows, end[-10], offset, window); [[fallthrough]];
    case 11: step(to, windows, end[-9], offset, window); [[fallthrough]];
    case 10: step(to, windows, end[-8], offset, window); [[fallthrough]];
    case 9: step(to, windows, end[-7], offset, window); [[fallthrough]];
    case 8: step(to, windows, end[-6], offset, window); [[fallthrough]];
    case 7: step(to, windows, end[-5], offset, window); [[fallthrough]];
    case 6: step(to, windows, end[-4], offset, window); [[fallthrough]];
    case 5: step(to, windows, end[-3], offset, window); [[fallthrough]];
    case 4: step(to, windows, end[-2], offset, window); [[fallthrough]];
    case 3: step(to, windows, end[-1], offset, window); [[fallthrough]];
    default: step(to, windows, patterns::kEdgeSymbol, offset, window);
  }
  return window;
}

// The positions of the set bits of `bits`, in increasing order, into out[0 .. fit - 1] (fit at
// most the bits set), nothing else written. The first four without a branch, each stored
// where it belongs or into a scratch array: AMD's masked stores (vpmaskmovq) are slow, and a
// branch on how many breaks a word has is a coin toss to the predictor.
[[gnu::always_inline]] inline void store_bit_positions(unsigned bits, std::size_t fit, std::size_t* out) noexcept {
  std::size_t scratch;  // (one slot: an array of four would make GCC align the stack to 32 bytes)
  for (std::size_t k = 0; k < 4; ++k) {
    // to = k < fit ? out + k : &scratch, by a conditional move (GCC sees that stores to
    // scratch are dead, and branches).
    // (k is an immediate once the loop is unrolled, a register where it is not: "ir", never
    // "n", which builds without that unrolling, such as -O1 or the sanitizers', refuse.)
    std::size_t* to = &scratch;
    asm("cmpq %[k], %[fit]\n\tcmova %[slot], %[to]"
        : [to] "+r"(to)
        : [slot] "r"(out + k), [k] "ir"(k), [fit] "r"(fit)
        : "cc");
    *to = static_cast<std::size_t>(std::countr_zero(bits));
    bits &= bits - 1;
  }
  for (std::size_t k = 4; k < fit; ++k) {
    out[k] = static_cast<std::size_t>(std::countr_zero(bits));
    bits &= bits - 1;
  }
}

}  // namespace hyph::detail::lean
#endif
