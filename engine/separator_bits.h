// TeX's white space found 16 bytes at a time with SSE2 (or WebAssembly's SIMD): shared by the
// separator scan (engine/separators.cpp) and TextStream's windows (engine/text_stream.cpp).
#pragma once

#if (defined(__x86_64__) || defined(__i386__)) && defined(__SSE2__)
#include <immintrin.h>

namespace hyph::detail {

// Bit k set for each separator byte k of v: ' ', or 9..13 (tab, line feed, vertical tab,
// form feed, carriage return): v - 9 as unsigned is at most 4.
inline unsigned separator_bits(__m128i v) noexcept {
  const __m128i t = _mm_sub_epi8(v, _mm_set1_epi8(9));
  const __m128i controls = _mm_cmpeq_epi8(_mm_min_epu8(t, _mm_set1_epi8(4)), t);
  return static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(controls, _mm_cmpeq_epi8(v, _mm_set1_epi8(' ')))));
}

}  // namespace hyph::detail
#endif

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>

namespace hyph::detail {

// The same for WebAssembly: bit k set for each separator byte k of v.
inline unsigned separator_bits(v128_t v) noexcept {
  const v128_t controls = wasm_u8x16_le(wasm_i8x16_sub(v, wasm_i8x16_splat(9)), wasm_i8x16_splat(4));
  return wasm_i8x16_bitmask(wasm_v128_or(controls, wasm_i8x16_eq(v, wasm_i8x16_splat(' '))));
}

}  // namespace hyph::detail
#endif
