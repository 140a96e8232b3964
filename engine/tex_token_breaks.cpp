#include "engine/tex_token_breaks.h"

#include "engine/tex_ascii_word.h"
#include "engine/tex_nfc_token_breaks.h"
#include "engine/word_rules.h"

#include "base/utf8.h"

#include <hyph/cpu_tier.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <optional>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace hyph::detail {
namespace {

using patterns::LetterInfo;

struct Step {
  LetterInfo info;
  unsigned length;
};

inline Step classify_at(const patterns::Alphabet& alphabet, const unsigned char* p, const unsigned char* end) noexcept {
  if (*p < 0x80) return {alphabet.classify_ascii(*p), 1};
  const utf8::Decoded d = utf8::decode(p, end);
  return {d.cp == utf8::kInvalid ? LetterInfo{} : alphabet.classify(d.cp), d.length};
}


// The gap values by the automaton's walk, then the breaks.
struct ScalarCollect {
  void operator()(const Model& model, const patterns::Symbol* word, std::size_t gaps, std::size_t left, std::size_t last,
                  std::size_t first, TokenBreaks& out) const noexcept {
    patterns::GapValues hyf;
    model.automaton.apply(word, gaps, hyf);
    collect_breaks(hyf, left, last, first, out);
  }
};

}  // namespace

// tex_raw_token_breaks for a token of at most 63 bytes, all ASCII (nearly every token of running
// text), when the model's symbol table answers for its exceptions: every byte classified by
// one table load in one pass, with no UTF-8 decoding and no branch on what it is; the word,
// the hyphens around it and the first letter's case then come from bit masks. Answers exactly
// as the general path; false (nothing written) for a token it does not take.
bool tex_ascii_token_breaks_portable(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters) noexcept {
  const auto* const begin = reinterpret_cast<const unsigned char*>(token.data());
  const std::size_t size = token.size();
  static_assert(patterns::kMaxLetters < 64);
  if (size > patterns::kMaxLetters || !model.symbol_exceptions.complete()) return false;
  const std::uint32_t* const direct = model.alphabet.tables().direct.data();
  patterns::Symbol symbols[patterns::kMaxLetters + 2 + SymbolExceptions::kPadding];
  // Last byte first, so that each mask grows by a shift of one (a shift by a variable count
  // costs three micro-ops); explicit hyphens are rare, so their mask is built only if needed.
  std::uint64_t letters = 0, hyphens = 0;
  unsigned any = 0, dash = 0;
  for (std::size_t i = size; i-- > 0;) {
    const unsigned c = begin[i];
    any |= c;
    const auto symbol = static_cast<patterns::Symbol>(direct[c & 0x7F]);
    symbols[i + 1] = symbol;
    letters = letters << 1 | std::uint64_t{symbol != 0};
    dash |= unsigned{c == '-'};
  }
  if (dash != 0)
    for (std::size_t i = 0; i < size; ++i) hyphens |= std::uint64_t{begin[i] == '-'} << i;
  if (any >= 0x80) return false;
  if (const WordToWalk w = ascii_word_breaks(model, begin, size, symbols, letters, hyphens, out, counters); w.word != nullptr)
    ScalarCollect{}(model, w.word, w.gaps, w.left, w.last, w.first, out);
  return true;
}

#if defined(__x86_64__) && defined(__GNUC__)
// A standard attribute, so that it may precede the other standard attributes of a declaration
// (clang refuses a [[...]] list after a GNU __attribute__).
#define HYPH_VECTOR_TARGET [[gnu::target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,bmi,bmi2,popcnt")]]
namespace {

// The window of the packed row at `offset`, 16 digits a nibble in its last 8 bytes
// (`windows` + offset * 8), one digit a byte by one multishift of the 8 bytes broadcast: byte
// k takes the 8 bits that end with digit k, so digit k is its high nibble and the low nibble
// is digit k - 1 (digit 15 for byte 0, the shift wrapping round). No mask is needed: the
// byte-wise maximum of such bytes has the maximum of their digits as its high nibble.
HYPH_VECTOR_TARGET [[gnu::always_inline]] inline __m128i row_window_high(const char* windows, std::size_t offset) noexcept {
  std::uint64_t packed;
  std::memcpy(&packed, windows + offset * 8, sizeof packed);
  const __m128i ending = _mm_set_epi8(56, 52, 48, 44, 40, 36, 32, 28, 24, 20, 16, 12, 8, 4, 0, 60);
  // (The masked form: GCC 12 warns that the plain one reads an undefined register.)
  return _mm_maskz_multishift_epi64_epi8(0xFFFF, ending, _mm_set1_epi64x(static_cast<long long>(packed)));
}

// One letter of the walk below: the next row's offset, one load whose address adds the
// symbol's entry, and the window slid by one gap and merged with that row's.
HYPH_VECTOR_TARGET [[gnu::always_inline]] inline void short_step(const char* to, const char* windows, patterns::Symbol symbol,
                                                                 std::size_t& offset, __m128i& window) noexcept {
  // One load whose address scales the offset (written out: the compiler would otherwise share
  // offset * 8 with the window's address in an lea, one more cycle on the chain per letter).
  const char* const from = to + 2 * std::size_t{symbol};
  asm("movzwl (%1,%2,8), %k0" : "=r"(offset) : "r"(from), "0"(offset) : );  // (a 32-bit write clears the top)
  window = _mm_max_epu8(_mm_bsrli_si128(window, 1), row_window_high(windows, offset));
}

// The gap values of a word of up to 14 letters (4 to 16 gaps with the edges) by the walk over
// padded packed rows that Automaton::walk_packed<false> makes, kept in one register: byte k
// ends up holding gap k - (16 - gaps).
// `first_two` is the word's first two symbols, a byte each.
template <typename SymbolByte>
HYPH_VECTOR_TARGET [[gnu::always_inline]] inline __m128i short_walk(const patterns::Automaton::PackedRows& p,
                                                                    const SymbolByte* word, std::size_t gaps,
                                                                    unsigned first_two) noexcept {
  const char* const rows = p.rows;
  const char* const windows = rows + (std::size_t{2} << p.shift) - 8;
  // Gaps 0, 1, 2: the edge, the first letter and the second (the pair's row from the table).
  const std::size_t a = first_two & 0xFF, b = first_two >> 8 & 0xFF;
  const std::size_t offset0 = p.start;
  std::uint16_t offset1;
  std::memcpy(&offset1, rows + 2 * (1 + a) + offset0 * 8, sizeof offset1);
  std::size_t offset = p.pairs[a << p.shift | b];
  __m128i window = row_window_high(windows, offset0);
  window = _mm_max_epu8(_mm_bsrli_si128(window, 1), row_window_high(windows, offset1));
  window = _mm_max_epu8(_mm_bsrli_si128(window, 1), row_window_high(windows, offset));
  const char* const to = rows + 2;
  for (std::size_t i = 3; i < gaps; ++i) short_step(to, windows, word[i], offset, window);
  // The digits from the high nibbles; gap g is in byte 15 - (gaps - 1 - g).
  return _mm_and_si128(_mm_srli_epi16(window, 4), _mm_set1_epi8(0x0F));
}

// The odd gap values left .. last of `values` (byte k holding gap k - (16 - gaps), as
// short_walk leaves them) as a mask of bytes.
HYPH_VECTOR_TARGET [[gnu::always_inline]] inline __mmask16 odd_gaps(__m128i values, std::size_t gaps, std::size_t left,
                                                                   std::size_t last) noexcept {
  const std::size_t skip = 16 - gaps;
  const unsigned wanted = (2u << (last + skip)) - (1u << (left + skip));
  return static_cast<__mmask16>(_mm_movepi8_mask(_mm_slli_epi64(values, 7)) & wanted);
}

// The offsets of the `odd` gaps (below 64), `first` added, compressed into place as 16 64-bit
// lanes, in two halves.
struct Offsets {
  __m512i low, high;
};
HYPH_VECTOR_TARGET [[gnu::always_inline]] inline Offsets odd_offsets(__mmask16 odd, std::size_t gaps, std::size_t first) noexcept {
  // As 32-bit lanes, then widened by permutations with every odd lane zeroed (GCC 12 warns
  // of the 256-bit extracts a widening conversion would need).
  const __m512i offsets = _mm512_maskz_compress_epi32(
      odd, _mm512_add_epi32(_mm512_set1_epi32(static_cast<int>(first) - static_cast<int>(16 - gaps)),
                            _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)));
  constexpr __mmask16 even = 0x5555;
  return {_mm512_maskz_permutexvar_epi32(even, _mm512_set_epi32(7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0), offsets),
          _mm512_maskz_permutexvar_epi32(even, _mm512_set_epi32(15, 15, 14, 14, 13, 13, 12, 12, 11, 11, 10, 10, 9, 9, 8, 8), offsets)};
}

// The breaks of a word of up to 14 letters without a loop: the odd gap values compressed into
// place from one register (the walk's, or the last 16-byte store of the automaton's walk,
// read back whole so that the store forwards). Longer words as the portable path.
struct VectorCollect {
  HYPH_VECTOR_TARGET [[gnu::always_inline]] void operator()(const Model& model, const patterns::Symbol* word, std::size_t gaps,
                                                           std::size_t left, std::size_t last, std::size_t first,
                                                           TokenBreaks& out) const noexcept {
    __m128i values;
    if (gaps <= 16 && model.packed_rows.rows != nullptr) {
      values = short_walk(model.packed_rows, word, gaps, unsigned{word[1]} | unsigned{word[2]} << 8);
    } else {
      patterns::GapValues hyf;
      model.automaton.apply(word, gaps, hyf);
      if (gaps > 16) return collect_breaks(hyf, left, last, first, out);
      values = _mm_loadu_si128(reinterpret_cast<const __m128i*>(hyf.bytes + gaps - 1));
    }
    const __mmask16 odd = odd_gaps(values, gaps, left, last);
    out.count = static_cast<std::size_t>(_mm_popcnt_u32(odd));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out.values), _mm_maskz_compress_epi8(odd, values));
    // Two stores that do not overlap, so that each later 64-byte read of them forwards.
    const Offsets offsets = odd_offsets(odd, gaps, first);
    _mm512_storeu_si512(out.offsets, offsets.low);
    _mm512_storeu_si512(out.offsets + 8, offsets.high);
  }
};

}  // namespace

// The same with the classification one 64-byte step: a masked load (no byte outside the
// token is touched), a 128-entry byte table lookup (vpermi2b) for the symbols, and the masks
// by comparison. With `whole`, the token is a whole text, which may hold separators: false
// for one that does.
HYPH_VECTOR_TARGET [[gnu::always_inline]] inline bool vector_token_breaks(const Model& model, std::string_view token, bool whole,
                                                                         TokenBreaks& out, LookupCounters* counters) noexcept {
  const auto* const begin = reinterpret_cast<const unsigned char*>(token.data());
  const std::size_t size = token.size();
  if (size > patterns::kMaxLetters || !model.symbol_exceptions.complete()) return false;
  const std::uint64_t in_token = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(size));
  const __m512i bytes = _mm512_maskz_loadu_epi8(in_token, begin);
  if (_mm512_movepi8_mask(bytes) != 0) return false;
  if (whole && ((_mm512_cmple_epu8_mask(_mm512_sub_epi8(bytes, _mm512_set1_epi8(9)), _mm512_set1_epi8(4)) |
                 _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8(' '))) &
                in_token) != 0)
    return false;
  const __m512i symbol_bytes = _mm512_permutex2var_epi8(_mm512_load_si512(model.ascii_symbols), bytes,
                                                        _mm512_load_si512(model.ascii_symbols + 64));
  const std::uint64_t letters = _mm512_test_epi8_mask(symbol_bytes, symbol_bytes) & in_token;
  const std::uint64_t hyphens = _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8('-')) & in_token;
  // 32 symbols a store, widened to 16 bits; the array has room for two.
  patterns::Symbol symbols[1 + 64 + SymbolExceptions::kPadding];
  static_assert(patterns::kMaxLetters + 2 + SymbolExceptions::kPadding <= std::size(symbols));
  // (Widened by a byte permutation with every odd byte zeroed: GCC 12 warns of the
  // 256-bit extracts.)
  constexpr __mmask64 even = 0x5555555555555555;
  const __m512i low_half = _mm512_set_epi16(31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9,
                                            8, 7, 6, 5, 4, 3, 2, 1, 0);
  _mm512_storeu_si512(symbols + 1, _mm512_maskz_permutexvar_epi8(even, low_half, symbol_bytes));
  if (size > 32)
    _mm512_storeu_si512(symbols + 33, _mm512_maskz_permutexvar_epi8(even, _mm512_add_epi16(low_half, _mm512_set1_epi16(32)), symbol_bytes));
  if (const WordToWalk w = ascii_word_breaks(model, begin, size, symbols, letters, hyphens, out, counters); w.word != nullptr)
    VectorCollect{}(model, w.word, w.gaps, w.left, w.last, w.first, out);
  return true;
}

HYPH_VECTOR_TARGET bool tex_ascii_token_breaks_vector(const Model& model, std::string_view token, TokenBreaks& out,
                                                  LookupCounters* counters) noexcept {
  return vector_token_breaks(model, token, false, out, counters);
}

// A text that is one token of at most 63 ASCII bytes through the vector path, its breaks
// copied out; any other text through hyphenate_text.
HYPH_VECTOR_TARGET [[gnu::noinline]] std::size_t whole_text_vector(const Model& model, std::string_view text,
                                                                   std::span<std::size_t> breaks, LookupCounters* counters) noexcept {
  TokenBreaks token;
  if (!vector_token_breaks(model, text, true, token, counters)) return hyphenate_text(model, text, breaks, counters);
  const std::size_t copied = std::min(token.count, breaks.size());
  if (copied != 0) std::memcpy(breaks.data(), token.offsets, copied * sizeof(std::size_t));
  return token.count;
}

// The commonest call of all, a text that is one word of 1 to 14 ASCII letters and nothing
// else (Model::lean_words), without the token's bookkeeping: classified in one 64-byte step,
// refused by the exception sketch, walked in registers and its breaks stored straight into
// `breaks`. Anything else (other texts, a word the sketch does not refuse, counters to keep)
// goes to whole_text_vector.
HYPH_VECTOR_TARGET std::size_t tex_one_word_vector(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                                                   LookupCounters* counters) noexcept {
  const std::size_t n = text.size();
  if (n - 1 >= 14 || counters != nullptr || !model.lean_words) return whole_text_vector(model, text, breaks, counters);
  const auto in_word = static_cast<__mmask64>(_bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(n)));
  const __m512i bytes = _mm512_maskz_loadu_epi8(in_word, text.data());
  const __m512i symbol_bytes = _mm512_permutex2var_epi8(_mm512_load_si512(model.ascii_symbols), bytes,
                                                        _mm512_load_si512(model.ascii_symbols + 64));
  // Every byte ASCII (the permutation ignores the top bit) and a letter.
  if ((_mm512_movepi8_mask(bytes) | (_mm512_test_epi8_mask(symbol_bytes, symbol_bytes) ^ in_word)) != 0)
    return whole_text_vector(model, text, breaks, counters);
  const auto left = static_cast<std::size_t>(model.mins.left);
  const auto right = static_cast<std::size_t>(model.mins.right);
  if (n < left + right) return 0;
  // The word between its edges, a byte a symbol: byte 0 and the bytes after the word are 0,
  // the edge.
  const __m128i symbols = _mm512_maskz_extracti32x4_epi32(0xF, symbol_bytes, 0);
  alignas(16) std::uint8_t word[16];
  _mm_store_si128(reinterpret_cast<__m128i*>(word), _mm_bslli_si128(symbols, 1));
  const auto lead = static_cast<std::uint64_t>(_mm_cvtsi128_si64(symbols));
  const SymbolExceptions& by_symbol = model.symbol_exceptions;
  if (by_symbol.active() && by_symbol.may_hold(n, static_cast<patterns::Symbol>(lead & 0xFF),
                                                n > 1 ? static_cast<patterns::Symbol>(lead >> 8 & 0xFF) : patterns::Symbol{0},
                                                word[n]))
    return whole_text_vector(model, text, breaks, counters);
  const __m128i values = short_walk(model.packed_rows, word, n + 2, static_cast<unsigned>(lead));
  const __mmask16 odd = odd_gaps(values, n + 2, left, n - right);
  const auto count = static_cast<std::size_t>(_mm_popcnt_u32(odd));
  // Masked stores: no byte past the breaks that fit is written. Made whatever the count (an
  // empty mask writes nothing): a branch on it is a coin toss to the predictor.
  const unsigned fit = _bzhi_u32(0xFFFF, static_cast<unsigned>(std::min(count, breaks.size())));
  if (!breaks.empty()) {
    const Offsets offsets = odd_offsets(odd, n + 2, 0);
    _mm512_mask_storeu_epi64(breaks.data(), static_cast<__mmask8>(fit), offsets.low);
    if ((fit >> 8) != 0) _mm512_mask_storeu_epi64(breaks.data() + 8, static_cast<__mmask8>(fit >> 8), offsets.high);
  }
  return count;
}

bool ascii_vector_usable() noexcept {
  // The avx512 tier has every extension HYPH_VECTOR_TARGET names (base/cpu_tier.cpp).
  return cpu_tier() >= CpuTier::avx512;
}
#else
std::size_t tex_one_word_vector(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                                LookupCounters* counters) noexcept {
  return hyphenate_text(model, text, breaks, counters);
}
bool tex_ascii_token_breaks_vector(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters) noexcept {
  return tex_ascii_token_breaks_portable(model, token, out, counters);
}
bool ascii_vector_usable() noexcept { return false; }
#endif

bool tex_ascii_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters) noexcept {
  if (model.ascii_vector) return tex_ascii_token_breaks_vector(model, token, out, counters);
  if (model.ascii_avx2) return tex_ascii_token_breaks_avx2(model, token, out, counters);
  return tex_ascii_token_breaks_portable(model, token, out, counters);
}


void tex_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                      const ExtraExceptions* extra) noexcept {
  out.more = false;
  out.replacements = false;
#ifndef HYPH_NO_ICU  // without ICU, model.nfc is always null (engine/model.cpp)
  if (model.nfc != nullptr) {
    bool ascii = true;
    for (unsigned char c : token) ascii = ascii && c < 0x80;
    if (!ascii && tex_nfc_token_breaks(model, token, out, counters, extra)) return;
  }
#endif
  tex_raw_token_breaks(model, token, out, counters, extra);
}

void tex_raw_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                      const ExtraExceptions* extra) noexcept {
  if (extra != nullptr || !tex_ascii_token_breaks(model, token, out, counters)) tex_general_token_breaks(model, token, out, counters, extra);
}

void tex_general_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                          const ExtraExceptions* extra) noexcept {
  out.count = 0;
  out.pending = Pending::word;
  out.saw_letter = false;
  const auto* const begin = reinterpret_cast<const unsigned char*>(token.data());
  const auto* const end = begin + token.size();
  const auto* p = begin;

  // §896: skip non-letters up to the first letter. The empty discretionary TeX puts after
  // an explicit '-' is not a character, so it ends the search: "e-mail", "10-point".
  // (XeTeX's format puts one after an en or em dash too: Model::dash_hyphens.)
  Step step{};
  for (;; p += step.length) {
    if (p == end) return;
    if (*p == '-' || (model.dash_hyphens && is_dash_at(p, end))) {
      out.pending = Pending::nothing;
      return;
    }
    step = classify_at(model.alphabet, p, end);
    if (step.info) break;
  }
  out.saw_letter = true;
  // §896: with \uchyph <= 0 a word whose first letter is not its own lower case is skipped.
  if (!step.info.is_lower && model.uchyph <= 0) {
    out.pending = Pending::nothing;
    return;
  }

  // §897: the word is the run of letters, at most 63 of them. Most words are ASCII letters
  // only: each is one table load, and a letter j of that run ends at byte first + j, so
  // only the letters after the run (from `ascii` on) record where they end.
  patterns::Symbol symbols[patterns::kMaxLetters + 2 + SymbolExceptions::kPadding];
  std::size_t letter_end[patterns::kMaxLetters + 1];
  symbols[0] = patterns::kEdgeSymbol;
  const auto first = static_cast<std::size_t>(p - begin);  // letter j (j <= ascii) ends at first + j
  std::size_t n = 0;
  bool more = true;  // `step` holds the next letter
  while (step.length == 1) {
    symbols[++n] = step.info.symbol;
    if (++p == end || n == patterns::kMaxLetters) {
      more = false;
      break;
    }
    step = classify_at(model.alphabet, p, end);
    if (!step.info) {
      more = false;
      break;
    }
  }
  const std::size_t ascii = n;
  while (more) {
    symbols[++n] = step.info.symbol;
    p += step.length;
    letter_end[n] = static_cast<std::size_t>(p - begin);
    if (n == patterns::kMaxLetters || p == end) break;
    step = classify_at(model.alphabet, p, end);
    more = static_cast<bool>(step.info);
  }
  // The word may go on if the token piece ends in it, or in a letter's first bytes.
  const bool word_complete = n == patterns::kMaxLetters || (p != end && !utf8::truncated(p, end));

  // §899: characters after the word are passed over; an explicit hyphen's discretionary
  // means TeX does not hyphenate at all ("ab-bot's" yes, "well-known" no).
  if (p != end && has_explicit_hyphen(p, end, model.dash_hyphens)) {
    out.pending = Pending::nothing;
    return;
  }
  const std::size_t left = static_cast<std::size_t>(model.mins.left);
  const std::size_t right = static_cast<std::size_t>(model.mins.right);
  if (n < left + right) {
    out.pending = word_complete ? Pending::nothing : Pending::word;
    return;
  }
  out.pending = word_complete ? Pending::hyphen_check : Pending::word;

  // §923, §930-§934: an exception of the lower-case word replaces the patterns entirely.
  // Extra exceptions (loaded last) answer first; the model's answer from its symbol table
  // when it has one, else from its index by the word's UTF-8 key.
  const SymbolExceptions& by_symbol = model.symbol_exceptions;
  std::optional<std::uint64_t> breaks;
  if (extra != nullptr || (!by_symbol.active() && model.exceptions.store().size() != 0)) {
    char key[patterns::kMaxLetters * 4 + 4];
    std::size_t key_length = 0;
    for (std::size_t j = 1; j <= n; ++j) key_length += model.alphabet.write_utf8(symbols[j], key + key_length);
    const std::string_view k(key, key_length);
    if (extra != nullptr) breaks = extra->find(k);
    if (!breaks && !by_symbol.active() && model.exceptions.store().size() != 0) breaks = model.exceptions.lookup(k, counters);
  }
  if (!breaks && by_symbol.active()) {
    std::memset(symbols + n + 1, 0, SymbolExceptions::kPadding * sizeof *symbols);
    breaks = by_symbol.find(symbols + 1, n, counters);
  }
  patterns::GapValues hyf;
  if (breaks) {
    for (std::size_t j = 0; j <= n; ++j) hyf.bytes[patterns::GapValues::kPad + j] = static_cast<std::uint8_t>((*breaks >> j) & 1);
  } else {
    symbols[n + 1] = patterns::kEdgeSymbol;
    model.automaton.apply(symbols, n + 2, hyf);
  }

  // §902: odd values between the minimums are the breaks.
  auto offset_of = [&](std::size_t j) { return j <= ascii ? first + j : letter_end[j]; };
  const std::size_t last = n - right;  // the breaks are at gaps left..last
#if defined(__SSE2__)
  // Sixteen gaps at a time: each value's lowest bit moved to its sign bit, one bit a gap.
  for (std::size_t from = left; from <= last; from += 16) {
    const __m128i values = _mm_loadu_si128(reinterpret_cast<const __m128i*>(hyf.bytes + patterns::GapValues::kPad + from));
    auto odd = static_cast<unsigned>(_mm_movemask_epi8(_mm_slli_epi64(values, 7)));
    if (last - from < 15) odd &= (2u << (last - from)) - 1;
    for (; odd != 0; odd &= odd - 1) {
      const std::size_t j = from + static_cast<std::size_t>(std::countr_zero(odd));
      out.values[out.count] = hyf.at(j);
      out.offsets[out.count++] = offset_of(j);
    }
  }
#else
  for (std::size_t j = left; j <= last; ++j)
    if (hyf.at(j) & 1) {
      out.values[out.count] = hyf.at(j);
      out.offsets[out.count++] = offset_of(j);
    }
#endif
}

namespace {

// The bytes of `s` but a code point cut short at its end (more bytes could complete it).
std::size_t complete_prefix(std::string_view s) noexcept {
  const auto* const end = reinterpret_cast<const unsigned char*>(s.data()) + s.size();
  for (std::size_t k = 1; k <= 3 && k <= s.size(); ++k)
    if (utf8::truncated(end - k, end)) return s.size() - k;
  return s.size();
}

// The last code-point start at or before `at` (a lone surrogate's generalised form counts as one).
std::size_t code_point_start(std::string_view s, std::size_t at) noexcept {
  while (at > 0 && (static_cast<unsigned char>(s[at]) & 0xC0) == 0x80) --at;
  return at;
}

}  // namespace

PieceStep tex_piece_step(std::string_view held, bool token_ends, const TokenBreaks& found) noexcept {
  if (token_ends) return {PieceNext::done, held.size()};
  switch (found.pending) {
    case Pending::nothing:
      return {PieceNext::copy_rest, held.size()};
    case Pending::hyphen_check:
      return {PieceNext::unless_hyphen, held.size()};
    case Pending::word:
      break;
  }
  // Only non-letters so far, none of them an explicit hyphen: they can take no break.
  if (!found.saw_letter) return {PieceNext::read_on, complete_prefix(held)};
  PieceStep step{PieceNext::read_on, 0};
  step.word_begun = true;
  step.tail = held.size() > kWordTail ? code_point_start(held, held.size() - kWordTail) : 0;
  return step;
}

}  // namespace hyph::detail
