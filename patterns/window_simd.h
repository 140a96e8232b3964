// The 16-byte output window of the automaton's walk (patterns/automaton.h) as one vector
// register: x86's SSE2, or WebAssembly's SIMD (the JavaScript package's module, built with
// -msimd128). HYPH_WINDOW_SIMD is defined where either is there; the portable walk without it
// takes the maxima a byte at a time.
#pragma once

#if defined(__SSE2__)
#include <emmintrin.h>
#define HYPH_WINDOW_SIMD 1
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define HYPH_WINDOW_SIMD 1
#endif

#if defined(HYPH_WINDOW_SIMD)
namespace hyph::patterns::window_simd {

#if defined(__SSE2__)
using Vector = __m128i;
inline Vector zero() noexcept { return _mm_setzero_si128(); }
/// 16 bytes at a 16-byte aligned address.
inline Vector load(const void* p) noexcept { return _mm_load_si128(static_cast<const __m128i*>(p)); }
inline void store(void* p, Vector v) noexcept { _mm_storeu_si128(static_cast<__m128i*>(p), v); }
/// The window one symbol on: every digit a gap further back (byte k + 1 to byte k), then
/// the byte-wise maximum with the next state's digits.
inline Vector slide_max(Vector window, Vector next) noexcept { return _mm_max_epu8(_mm_srli_si128(window, 1), next); }
#else
using Vector = v128_t;
inline Vector zero() noexcept { return wasm_i64x2_const(0, 0); }
inline Vector load(const void* p) noexcept { return wasm_v128_load(p); }
inline void store(void* p, Vector v) noexcept { wasm_v128_store(p, v); }
inline Vector slide_max(Vector window, Vector next) noexcept {
  const Vector slid = wasm_i8x16_shuffle(window, zero(), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
  return wasm_u8x16_max(slid, next);
}
#endif

}  // namespace hyph::patterns::window_simd
#endif
