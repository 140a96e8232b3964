// TeX's lean path for the sse2 tier (x86-64 without AVX2): a text that is one word of 4 to 16
// ASCII letters, as the avx2 tier's (engine/tex_ascii_avx2.cpp) with SSE2 alone:
//   - its bytes checked by four 4-byte loads that stay inside it (no byte from 0x80),
//   - classified one table load a letter (SSE2 has no byte shuffle),
//   - refused by the exception sketch, or walked in registers over the padded packed rows,
//   - and its odd gaps stored without a branch on how many there are.
// Other texts go to hyphenate_text (the portable token rule).
#include "engine/tex_token_breaks.h"

#include "engine/tex_lean_walk.h"
#include "engine/word_rules.h"

#include <hyph/cpu_tier.h>

#include <cstdint>
#include <cstring>

namespace hyph::detail {

#if defined(__x86_64__) && defined(__GNUC__)
namespace {

// The set bits of each byte value (x86-64's baseline has no popcnt).
struct BitCounts {
  std::uint8_t of[256];
};
constexpr BitCounts make_bit_counts() {
  BitCounts t{};
  for (unsigned b = 0; b < 256; ++b) t.of[b] = static_cast<std::uint8_t>(std::popcount(b));
  return t;
}
constexpr BitCounts kBitCounts = make_bit_counts();

inline std::uint32_t load32(const char* p) noexcept {
  std::uint32_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// The first and last 4 bytes and two pieces between, which cover a text of 4 to 16 bytes.
inline __m128i four_pieces(const char* p, std::size_t n) noexcept {
  const std::size_t d = n - 4, step = (d + 2) / 3;
  return _mm_set_epi32(static_cast<int>(load32(p + d)), static_cast<int>(load32(p + d - step)), static_cast<int>(load32(p + step)),
                       static_cast<int>(load32(p)));
}

// A text of 4 to 16 ASCII bytes that are not all letters: one with an explicit hyphen and no
// separator has no break (TeX's word ends at or before the hyphen, §899); others go to
// hyphenate_text.
[[gnu::noinline]] std::size_t not_all_letters_sse2(const Model& model, std::string_view text, std::span<std::size_t> breaks) noexcept {
  const __m128i bytes = four_pieces(text.data(), text.size());
  const __m128i from_tab = _mm_sub_epi8(bytes, _mm_set1_epi8(9));
  const __m128i separators = _mm_or_si128(_mm_cmpeq_epi8(_mm_min_epu8(from_tab, _mm_set1_epi8(4)), from_tab),
                                          _mm_cmpeq_epi8(bytes, _mm_set1_epi8(' ')));
  if (_mm_movemask_epi8(separators) == 0 && _mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('-'))) != 0) return 0;
  return hyphenate_text(model, text, breaks, nullptr);
}

}  // namespace

// tex_one_word_avx2's work on the sse2 tier (Model::ascii_sse2): a text of 4 to 16 ASCII
// letters and nothing else (Model::lean_words) answered here, as are one shorter than the
// minimums and one with an explicit hyphen (no break); any other text, a word the exception
// sketch does not refuse, or counters to keep go to hyphenate_text.
std::size_t tex_one_word_sse2(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                              LookupCounters* counters) noexcept {
  const std::size_t n = text.size();
  const char* const p = text.data();
  if (counters != nullptr || !model.lean_words) return hyphenate_text(model, text, breaks, counters);
  const auto left = static_cast<std::size_t>(model.mins.left);
  const auto right = static_cast<std::size_t>(model.mins.right);
  if (n - 4 > 12) {
    // 1 to 3 ASCII bytes hold fewer letters than the minimums ask for: no break.
    if (n - 1 < 3 && n < left + right &&
        ((static_cast<unsigned char>(p[0]) | static_cast<unsigned char>(p[n / 2]) | static_cast<unsigned char>(p[n - 1])) & 0x80) == 0)
      return 0;
    return hyphenate_text(model, text, breaks, counters);
  }
  if (_mm_movemask_epi8(four_pieces(p, n)) != 0) return hyphenate_text(model, text, breaks, counters);
  // The symbols in order, a byte each (ASCII symbols are below 256: Model::ascii_sse2).
  std::uint8_t symbols[16];
  unsigned missing = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t symbol = model.ascii_symbols[static_cast<unsigned char>(p[i])];
    symbols[i] = symbol;
    missing |= symbol == 0;
  }
  if (missing != 0) return not_all_letters_sse2(model, text, breaks);
  // Words of 15 and 16 letters lose their first gaps from the register: no break may be there.
  if (n < left + right) return 0;
  if (n > 14 + left) return hyphenate_text(model, text, breaks, counters);
  const SymbolExceptions& by_symbol = model.symbol_exceptions;
  if (by_symbol.active() && by_symbol.may_hold(n, symbols[0], symbols[1], symbols[n - 1]))
    return hyphenate_text(model, text, breaks, counters);
  const __m128i window = lean::walk_in_register(model.packed_rows, symbols[0], symbols[1], symbols + n, n);
  // A value is odd when bit 4 of its byte is set: moved to bit 7, one bit a byte; byte k is
  // gap k - (14 - n), bit k + 2 of odd before the shift.
  const unsigned odd = (static_cast<unsigned>(_mm_movemask_epi8(_mm_slli_epi16(window, 3))) << 2) >> (16 - n);
  const unsigned found = odd & ((2u << (n - right)) - (1u << left));
  const std::size_t count = std::size_t{kBitCounts.of[found & 0xFF]} + kBitCounts.of[found >> 8];
  lean::store_bit_positions(found, count < breaks.size() ? count : breaks.size(), breaks.data());
  return count;
}

bool ascii_sse2_usable() noexcept { return cpu_tier() == CpuTier::sse2; }
#else
std::size_t tex_one_word_sse2(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                              LookupCounters* counters) noexcept {
  return hyphenate_text(model, text, breaks, counters);
}
bool ascii_sse2_usable() noexcept { return false; }
#endif

}  // namespace hyph::detail
