// TeX's ASCII paths for the avx2 tier (AVX2, BMI1, BMI2, popcnt; no AVX-512): the design of
// the AVX-512 paths (engine/tex_token_breaks.cpp) in 16- and 32-byte registers. The token path
// classifies a token of up to 63 ASCII bytes 16 bytes a lookup. The lean path: a text that is
// one word of 4 to 16 ASCII letters is
//   - read in four 4-byte loads that stay inside it (no branch on its length),
//   - classified by eight 16-byte table lookups (pshufb), four in each half of one register,
//   - refused by the exception sketch, or walked in registers over the padded packed rows
//     (engine/tex_lean_walk.h),
//   - and its odd gaps stored by plain stores through conditional moves: AMD's masked stores
//     (vpmaskmovq) are slow, and a branch on how many breaks a word has is a coin toss.
// No loop but the walk's, and no branch on the letters. pext and pdep are not used: they take
// hundreds of cycles on AMD's Zen 1 and 2, which have AVX2.
#include "engine/tex_token_breaks.h"

#include "engine/tex_ascii_word.h"
#include "engine/tex_lean_walk.h"
#include "engine/word_rules.h"

#include <hyph/cpu_tier.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

namespace hyph::detail {

void fill_ascii_symbol_rows(Model& model) noexcept {
  // Row k (ASCII 16k .. 16k + 15) in the low half of entry k % 4, the high half for k >= 4.
  for (std::size_t k = 0; k < 8; ++k)
    std::memcpy(model.ascii_symbol_rows + 32 * (k % 4) + 16 * (k / 4), model.ascii_symbols + 16 * k, 16);
}

#if defined(__x86_64__) && defined(__GNUC__)
#define HYPH_AVX2_TARGET [[gnu::target("avx2,bmi,bmi2,popcnt")]]
namespace {

using lean::store_bit_positions;
using lean::walk_in_register;

// For each byte value, the positions of its set bits in increasing order, a byte each.
struct BitPositions {
  std::uint64_t of[256];
};
constexpr BitPositions make_bit_positions() {
  BitPositions t{};
  for (unsigned b = 0; b < 256; ++b) {
    unsigned k = 0;
    for (unsigned bit = 0; bit < 8; ++bit)
      if ((b >> bit) & 1) t.of[b] |= std::uint64_t{bit} << (8 * k++);
  }
  return t;
}
constexpr BitPositions kBitPositions = make_bit_positions();

// Shuffles that join two lists of positions, c in bytes 0..7 and more in bytes 8..15: bytes
// 0..c-1 stay, bytes 8..15 follow them.
struct Joins {
  alignas(16) std::uint8_t of[9][16];
};
constexpr Joins make_joins() {
  Joins t{};
  for (unsigned c = 0; c <= 8; ++c)
    for (unsigned k = 0; k < 16; ++k) t.of[c][k] = static_cast<std::uint8_t>(k < c ? k : k - c + 8 < 16 ? k - c + 8 : 0x80);
  return t;
}
constexpr Joins kJoins = make_joins();

// Constants read from memory (set1 would build each from an immediate, several instructions).
struct alignas(32) Bytes32 {
  std::uint8_t b[32];
};
constexpr Bytes32 splat(std::uint8_t low, std::uint8_t high) {
  Bytes32 t{};
  for (unsigned k = 0; k < 32; ++k) t.b[k] = k < 16 ? low : high;
  return t;
}
constexpr Bytes32 kBias = splat(0x70, 0x70), kSixteen = splat(16, 16), kHalves = splat(0, 64);

HYPH_AVX2_TARGET [[gnu::always_inline]] inline __m256i load(const Bytes32& c) noexcept {
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(c.b));
}

// The symbols of 16 ASCII bytes (a byte from 0x80 gives some symbol: callers refuse such
// text first) from Model::ascii_symbol_rows. Both halves of one register hold the bytes; the
// low half looks up rows 0..3, the high half rows 4..7. An index with its top bit set gives 0,
// so a byte minus 16k, saturated up by 0x70, finds row k's entry for the bytes of row k alone
// (below: wrapped round, then saturated; above: past 0x7F).
HYPH_AVX2_TARGET [[gnu::always_inline]] inline __m128i classify16(const std::uint8_t* rows, __m128i bytes) noexcept {
  const __m256i bias = load(kBias);
  __m256i index = _mm256_sub_epi8(_mm256_broadcastsi128_si256(bytes), load(kHalves));
  const auto* const row = reinterpret_cast<const __m256i*>(rows);
  __m256i found = _mm256_shuffle_epi8(_mm256_load_si256(row), _mm256_adds_epu8(index, bias));
  for (int k = 1; k < 4; ++k) {
    index = _mm256_sub_epi8(index, load(kSixteen));
    found = _mm256_or_si256(found, _mm256_shuffle_epi8(_mm256_load_si256(row + k), _mm256_adds_epu8(index, bias)));
  }
  return _mm_or_si128(_mm256_castsi256_si128(found), _mm256_extracti128_si256(found, 1));
}

// The positions of the set bits of `mask` (16 bits), in increasing order, a byte each.
HYPH_AVX2_TARGET [[gnu::always_inline]] inline __m128i bit_positions(unsigned mask) noexcept {
  const unsigned low = mask & 0xFF;
  const __m128i both = _mm_set_epi64x(static_cast<long long>(kBitPositions.of[mask >> 8 & 0xFF] + 0x0808080808080808),
                                      static_cast<long long>(kBitPositions.of[low]));
  return _mm_shuffle_epi8(both, _mm_load_si128(reinterpret_cast<const __m128i*>(kJoins.of[_mm_popcnt_u32(low)])));
}

// 16 symbols, a byte each, widened to 16 bits and stored at `to`.
HYPH_AVX2_TARGET [[gnu::always_inline]] inline void store_symbols(patterns::Symbol* to, __m128i symbols) noexcept {
  static_assert(sizeof(patterns::Symbol) == 2);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(to), _mm256_cvtepu8_epi16(symbols));
}

// How the lean path reads a text of 4 to 16 bytes: four 4-byte pieces that stay inside it, at
// 0, `second`, `third` and n - 4, no two more than 4 apart (so that they cover it), in bytes 0..3,
// 4..7, 8..11 and 12..15 of one register; and the shuffle that lays the word's letters out
// for walk_in_register (letter i at byte i + 14 - n, the closing edge at byte 15), and the
// one that lays them out in order (byte i at byte i, zeros after the text).
struct LeanRead {
  alignas(16) std::uint8_t walk[16];
  alignas(16) std::uint8_t linear[16];
  std::uint8_t second, third;
};
struct LeanReads {
  LeanRead of[13];  // n - 4
};
constexpr LeanReads make_lean_reads() {
  LeanReads t{};
  for (unsigned n = 4; n <= 16; ++n) {
    LeanRead& r = t.of[n - 4];
    const unsigned d = n - 4, step = (d + 2) / 3;  // pieces step apart: at most 4
    r.second = static_cast<std::uint8_t>(step);
    r.third = static_cast<std::uint8_t>(d - step);
    const unsigned starts[4] = {0, r.second, r.third, d};
    // Where byte `byte` of the text is in the register.
    auto at = [&](unsigned byte) {
      for (unsigned piece = 0; piece < 4; ++piece)
        if (byte >= starts[piece] && byte < starts[piece] + 4) return static_cast<std::uint8_t>(4 * piece + byte - starts[piece]);
      return std::uint8_t{0x80};
    };
    for (unsigned k = 0; k < 16; ++k) {
      // The edges (symbol 0) and what the walk does not read are zeros; letter k + n - 14 is
      // byte k + n - 15 of the text.
      r.walk[k] = k + n < 15 || k == 15 ? std::uint8_t{0x80} : at(k + n - 15);
      r.linear[k] = k < n ? at(k) : std::uint8_t{0x80};
    }
  }
  return t;
}
constexpr LeanReads kLeanReads = make_lean_reads();
static_assert(patterns::kEdgeSymbol == 0, "the lean path's shuffle writes zeros for the edges");

HYPH_AVX2_TARGET [[gnu::always_inline]] inline std::uint32_t load32(const void* p) noexcept {
  std::uint32_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// A token of at most 63 ASCII bytes classified: bit i of `letters`, `hyphens` and `high` for
// byte i (a letter, '-', a byte from 0x80), symbols[i + 1] the symbol of byte i.
struct Classified {
  std::uint64_t letters = 0, hyphens = 0, high = 0, separators = 0;
};

// 16 bytes' masks: letters, hyphens, bytes from 0x80, and with `Whole` separators
// (is_word_separator: ' ' and 9 to 13).
struct Masks16 {
  unsigned letters, hyphens, high, separators;
};
template <bool Whole>
HYPH_AVX2_TARGET [[gnu::always_inline]] inline Masks16 masks_of(__m128i bytes, __m128i symbols) noexcept {
  unsigned separators = 0;
  if constexpr (Whole) {
    const __m128i from_tab = _mm_sub_epi8(bytes, _mm_set1_epi8(9));
    const __m128i controls = _mm_cmpeq_epi8(_mm_min_epu8(from_tab, _mm_set1_epi8(4)), from_tab);
    separators = static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(controls, _mm_cmpeq_epi8(bytes, _mm_set1_epi8(' ')))));
  }
  return {~static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(symbols, _mm_setzero_si128()))) & 0xFFFF,
          static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('-')))),
          static_cast<unsigned>(_mm_movemask_epi8(bytes)), separators};
}

// Classifies a token of 1 to 63 bytes with loads that stay inside it: up to 16 bytes, its first
// and last 8 or 4 bytes in one register (fewer than 4: bytes 0, n / 2 and n - 1, which are
// all of them); more, 16-byte pieces from the start and one that ends at the token's end.
template <bool Whole>
HYPH_AVX2_TARGET [[gnu::always_inline]] inline Classified classify_token(const std::uint8_t* rows, const unsigned char* p,
                                                                         std::size_t n, patterns::Symbol* symbols,
                                                                         std::uint8_t* symbol_bytes_out) noexcept {
  Classified c;
  if (n - 4 <= 12) {
    // Four pieces, laid out in order by one shuffle (zeros after the text: no letter, hyphen,
    // high byte or separator).
    const LeanRead& read = kLeanReads.of[n - 4];
    const __m128i linear = _mm_load_si128(reinterpret_cast<const __m128i*>(read.linear));
    const __m128i pieces = _mm_set_epi32(static_cast<int>(load32(p + n - 4)), static_cast<int>(load32(p + read.third)),
                                         static_cast<int>(load32(p + read.second)), static_cast<int>(load32(p)));
    const __m128i bytes = _mm_shuffle_epi8(pieces, linear);
    const __m128i symbol_bytes = _mm_shuffle_epi8(classify16(rows, pieces), linear);
    const Masks16 m = masks_of<Whole>(bytes, symbol_bytes);
    c.letters = m.letters;
    c.hyphens = m.hyphens;
    c.high = m.high;
    c.separators = m.separators;
    store_symbols(symbols + 1, symbol_bytes);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(symbol_bytes_out), symbol_bytes);
    return c;
  }
  if (n < 4) {
    // Bytes 0, n / 2 and n - 1, which are all of them.
    const auto three = static_cast<int>(unsigned{p[0]} | unsigned{p[n / 2]} << 8 | unsigned{p[n - 1]} << 16);
    const __m128i bytes = _mm_cvtsi32_si128(three);
    const __m128i symbol_bytes = classify16(rows, bytes);
    const Masks16 m = masks_of<Whole>(bytes, symbol_bytes);
    const unsigned in_token = (1u << n) - 1;
    c.letters = m.letters & in_token;
    c.hyphens = m.hyphens & in_token;
    c.high = m.high & in_token;
    c.separators = m.separators & in_token;
    store_symbols(symbols + 1, symbol_bytes);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(symbol_bytes_out), symbol_bytes);
    return c;
  }
  // Whole pieces of 16 from the start, then the last 16 bytes.
  for (std::size_t at = 0;; at += 16) {
    const bool last = at + 16 >= n;
    if (last) at = n - 16;
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + at));
    const __m128i symbol_bytes = classify16(rows, bytes);
    const Masks16 m = masks_of<Whole>(bytes, symbol_bytes);
    c.letters |= std::uint64_t{m.letters} << at;
    c.hyphens |= std::uint64_t{m.hyphens} << at;
    c.high |= std::uint64_t{m.high} << at;
    c.separators |= std::uint64_t{m.separators} << at;
    store_symbols(symbols + 1 + at, symbol_bytes);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(symbol_bytes_out + at), symbol_bytes);
    if (last) return c;
  }
}

// The breaks of a word of up to 14 letters (4 to 16 gaps) as walk_in_register finds them, or of a
// longer one by the automaton's walk, into `out`.
HYPH_AVX2_TARGET [[gnu::always_inline]] inline void collect_avx2(const Model& model, const WordToWalk& word,
                                                                  const std::uint8_t* symbol_bytes, TokenBreaks& out) noexcept {
  const std::size_t gaps = word.gaps;
  if (gaps > 16 || model.packed_rows.rows == nullptr) {
    patterns::GapValues hyf;
    model.automaton.apply(word.word, gaps, hyf);
    return collect_breaks(hyf, word.left, word.last, word.first, out);
  }
  // The word's symbols a byte each (symbol_bytes[i] for byte i of the token, as classify_token
  // stored them): read one by one from a 16-byte store, they forward, where 16-byte reads of
  // the 16-bit symbols (stored in other pieces) would wait for the stores to reach the cache.
  const std::size_t n = gaps - 2;
  const std::uint8_t* const letters = symbol_bytes + word.first;
  const __m128i window = walk_in_register(model.packed_rows, letters[0], letters[1], letters + n, n);
  const auto odd = static_cast<unsigned>(_mm_movemask_epi8(_mm_slli_epi16(window, 3))) >> (14 - n);
  const unsigned found = odd & ((2u << word.last) - (1u << word.left));
  const auto count = static_cast<std::size_t>(_mm_popcnt_u32(found));
  out.count = count;
  // The values and the first four offsets stored whatever the count (the arrays have room):
  // a branch on it is a coin toss to the predictor.
  __m128i positions = bit_positions(found);
  // Each break's value: the digits, gap j in byte j.
  const __m128i digits = _mm_and_si128(_mm_srli_epi16(window, 4), _mm_set1_epi8(0x0F));
  const __m128i gap_digits = _mm_shuffle_epi8(digits, _mm_add_epi8(positions, _mm_set1_epi8(static_cast<char>(14 - n))));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out.values), gap_digits);
  const __m256i base = _mm256_set1_epi64x(static_cast<long long>(word.first));
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.offsets), _mm256_add_epi64(_mm256_cvtepu8_epi64(positions), base));
  for (std::size_t k = 4; k < count; k += 4) {
    positions = _mm_bsrli_si128(positions, 4);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.offsets + k), _mm256_add_epi64(_mm256_cvtepu8_epi64(positions), base));
  }
}

// tex_ascii_token_breaks_portable's work on the avx2 tier: the token classified 16 bytes a
// lookup (classify_token), the word walked in registers and its breaks compressed as the lean
// path does. Answers exactly as the portable path; false (nothing written) for a token it does
// not take. With `Whole`, the token is a whole text, which may hold separators: false for one
// that does.
template <bool Whole>
HYPH_AVX2_TARGET [[gnu::always_inline]] inline bool token_breaks_avx2(const Model& model, std::string_view token, TokenBreaks& out,
                                                                      LookupCounters* counters) noexcept {
  const auto* const begin = reinterpret_cast<const unsigned char*>(token.data());
  const std::size_t size = token.size();
  static_assert(patterns::kMaxLetters < 64);
  if (size > patterns::kMaxLetters || !model.symbol_exceptions.complete()) return false;
  // Room for the last 16-symbol store and for collect_avx2's reads of 16 symbols from the word.
  patterns::Symbol symbols[1 + 64 + 16];
  std::uint8_t symbol_bytes[64 + 16];
  static_assert(patterns::kMaxLetters + 2 + SymbolExceptions::kPadding <= std::size(symbols));
  Classified c;
  if (size != 0) {
    c = classify_token<Whole>(model.ascii_symbol_rows, begin, size, symbols, symbol_bytes);
    if ((c.high | c.separators) != 0) return false;
  }
  if (const WordToWalk w = ascii_word_breaks(model, begin, size, symbols, c.letters, c.hyphens, out, counters); w.word != nullptr)
    collect_avx2(model, w, symbol_bytes, out);
  return true;
}

// A text that is one token of at most 63 ASCII bytes through the token path, its breaks copied
// out; any other text through hyphenate_text (as whole_text_vector, engine/tex_token_breaks.cpp).
HYPH_AVX2_TARGET [[gnu::noinline]] std::size_t whole_text_avx2(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                                                                LookupCounters* counters) noexcept {
  TokenBreaks token;
  if (!token_breaks_avx2<true>(model, text, token, counters)) return hyphenate_text(model, text, breaks, counters);
  const std::size_t copied = std::min(token.count, breaks.size());
  if (copied != 0) std::memcpy(breaks.data(), token.offsets, copied * sizeof(std::size_t));
  return token.count;
}

}  // namespace

HYPH_AVX2_TARGET bool tex_ascii_token_breaks_avx2(const Model& model, std::string_view token, TokenBreaks& out,
                                                  LookupCounters* counters) noexcept {
  return token_breaks_avx2<false>(model, token, out, counters);
}

namespace {

// A text of 4 to 16 ASCII bytes that are not all letters, read as the lean path reads it: one
// with an explicit hyphen and no separator has no break (TeX's word ends at or before the
// hyphen, §899); others go to whole_text_avx2.
HYPH_AVX2_TARGET [[gnu::noinline]] std::size_t not_all_letters_avx2(const Model& model, std::string_view text,
                                                                     std::span<std::size_t> breaks, __m128i bytes) noexcept {
  const __m128i from_tab = _mm_sub_epi8(bytes, _mm_set1_epi8(9));
  const __m128i separators = _mm_or_si128(_mm_cmpeq_epi8(_mm_min_epu8(from_tab, _mm_set1_epi8(4)), from_tab),
                                          _mm_cmpeq_epi8(bytes, _mm_set1_epi8(' ')));
  // A byte from 0x80 (its sign bit) or a separator: not one ASCII token.
  if (_mm_movemask_epi8(_mm_or_si128(bytes, separators)) != 0) return whole_text_avx2(model, text, breaks, nullptr);
  if (_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('-'))) != 0) return 0;
  return whole_text_avx2(model, text, breaks, nullptr);
}

}  // namespace

// tex_one_word_vector's work on the avx2 tier: a text of 4 to 16 ASCII letters and nothing
// else (Model::lean_words) answered here, as are one shorter than the minimums and one with an
// explicit hyphen (no break); any other text, a word the exception sketch does not refuse, or
// counters to keep go to whole_text_avx2.
HYPH_AVX2_TARGET std::size_t tex_one_word_avx2(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                                                LookupCounters* counters) noexcept {
  const std::size_t n = text.size();
  const char* const p = text.data();
  if (counters != nullptr || !model.lean_words) return whole_text_avx2(model, text, breaks, counters);
  const auto left = static_cast<std::size_t>(model.mins.left);
  const auto right = static_cast<std::size_t>(model.mins.right);
  if (n - 4 > 12) {
    // 1 to 3 ASCII bytes hold fewer letters than the minimums ask for: no break.
    if (n - 1 < 3 && n < left + right && ((static_cast<unsigned char>(p[0]) | static_cast<unsigned char>(p[n / 2]) |
                                          static_cast<unsigned char>(p[n - 1])) & 0x80) == 0)
      return 0;
    return whole_text_avx2(model, text, breaks, counters);
  }
  const LeanRead& read = kLeanReads.of[n - 4];
  const __m128i bytes = _mm_set_epi32(static_cast<int>(load32(p + n - 4)), static_cast<int>(load32(p + read.third)),
                                      static_cast<int>(load32(p + read.second)), static_cast<int>(load32(p)));
  const __m128i symbols = classify16(model.ascii_symbol_rows, bytes);
  // Every byte ASCII and a letter.
  if ((_mm_movemask_epi8(bytes) | _mm_movemask_epi8(_mm_cmpeq_epi8(symbols, _mm_setzero_si128()))) != 0)
    return not_all_letters_avx2(model, text, breaks, bytes);
  // Words of 15 and 16 letters lose their first gaps from the register: no break may be there.
  if (n < left + right) return 0;
  if (n > 14 + left) return whole_text_avx2(model, text, breaks, counters);
  // The word's first, second and last letters are bytes 0, 1 and 15.
  const auto lead = static_cast<unsigned>(_mm_cvtsi128_si32(symbols));
  const auto last = static_cast<unsigned>(_mm_extract_epi16(symbols, 7)) >> 8;
  const SymbolExceptions& by_symbol = model.symbol_exceptions;
  if (by_symbol.active() &&
      by_symbol.may_hold(n, static_cast<patterns::Symbol>(lead & 0xFF), static_cast<patterns::Symbol>(lead >> 8 & 0xFF),
                         static_cast<patterns::Symbol>(last)))
    return whole_text_avx2(model, text, breaks, counters);
  std::uint8_t w[16];
  _mm_storeu_si128(reinterpret_cast<__m128i*>(w),
                  _mm_shuffle_epi8(symbols, _mm_load_si128(reinterpret_cast<const __m128i*>(read.walk))));
  const __m128i window = walk_in_register(model.packed_rows, lead & 0xFF, lead >> 8 & 0xFF, w + 15, n);
  // A value is odd when bit 4 of its byte is set: moved to bit 7, one bit a byte; byte k is
  // gap k - (14 - n), bit k + 2 of odd before the shift.
  const unsigned odd = (static_cast<unsigned>(_mm_movemask_epi8(_mm_slli_epi16(window, 3))) << 2) >> (16 - n);
  const unsigned found = odd & ((2u << (n - right)) - (1u << left));
  const auto count = static_cast<std::size_t>(_mm_popcnt_u32(found));
  store_bit_positions(found, count < breaks.size() ? count : breaks.size(), breaks.data());
  return count;
}

bool ascii_avx2_usable() noexcept {
  // The avx2 tier has every extension HYPH_AVX2_TARGET names (base/cpu_tier.cpp); the avx512
  // tier takes the AVX-512 path instead.
  return cpu_tier() == CpuTier::avx2;
}
#else
std::size_t tex_one_word_avx2(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                              LookupCounters* counters) noexcept {
  return hyphenate_text(model, text, breaks, counters);
}
bool tex_ascii_token_breaks_avx2(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters) noexcept {
  return tex_ascii_token_breaks_portable(model, token, out, counters);
}
bool ascii_avx2_usable() noexcept { return false; }
#endif

}  // namespace hyph::detail
