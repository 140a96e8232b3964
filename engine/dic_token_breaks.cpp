#include "engine/dic_token_breaks.h"

#include "dic/data.h"
#include "dic/fast_path.h"
#include "dic/lean_walk.h"
#include "engine/dic_part.h"
#include "engine/model.h"
#include "engine/word_rules.h"
#include "patterns/unicode_data.h"
#include "base/utf8.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <memory>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace hyph::detail {
namespace {

// Longer spellings are not hyphenated: the dictionary then needs no heap (dic::kStackWordBytes).
constexpr std::size_t kWordBytes = dic::kStackWordBytes;

bool is_break(char h) noexcept { return h >= '1' && h <= '9' && ((h - '0') & 1) != 0; }

struct Word {
  std::size_t start = 0;                       // byte offset of its first character in the token
  std::size_t ends[kDicMaxWordChars + 1];       // byte offset in the token after each character
  std::size_t chars = 0;
  char spelled[4 * kDicMaxWordChars];           // the lower-case word in the dictionary's charset
  std::size_t spelled_size = 0;
  char32_t lower[kDicMaxWordChars];             // the lower-case characters (kept only for `extra`)
  bool encodable = true;
};

// What every character and word of one call asks of the model, looked up once: the calls
// behind it (Dictionary::utf8, has_replacements) cost as much as a short word's spelling.
struct Speller {
  const DicPart& part;
  const ExtraExceptions* extra;
  bool utf8;
  bool replacements;

  Speller(const DicPart& p, const ExtraExceptions* e) noexcept
      : part(p), extra(e), utf8(p.dictionary.utf8()), replacements(p.dictionary.has_replacements()) {}

  bool is_word_character(char32_t cp) const noexcept { return cp < 0x80 ? part.ascii_word[cp] : part.is_word_character(cp); }

  // Spells a lower-case character in the dictionary's charset at `at` (room for 4 bytes):
  // the number of bytes, 0 if the charset lacks it. ASCII takes no call: it is itself in
  // UTF-8, and its byte in the 8-bit table otherwise (as DicPart::encode spells it).
  unsigned spell(char32_t lower, char* at) const noexcept {
    if (lower >= 0x80) return part.encode(lower, at);
    const int byte = ascii_byte(lower);
    *at = static_cast<char>(byte);
    return byte >= 0 ? 1 : 0;
  }
  // An ASCII character's byte in the dictionary's charset; negative if it has none.
  int ascii_byte(char32_t lower) const noexcept { return utf8 ? static_cast<int>(lower) : part.latin1_to_charset[lower]; }
};

// ICU's simple lowercase of a code point; for ASCII that is A-Z -> a-z, without the call.
char32_t lower_case(char32_t cp) noexcept {
  return cp < 0x80 ? (cp - U'A' < 26u ? cp + 32 : cp) : patterns::unicode::lower(cp);
}

// Starts `out` for a token of `size` bytes: no breaks yet, nothing pending.
void start(TokenBreaks& out, std::size_t size) noexcept {
  out.count = 0;
  out.pending = Pending::nothing;
  out.saw_letter = false;
  out.more = false;
  out.replacements = false;
  out.settled = size;
}

// The word's breaks, appended to `out` if they all fit; false (out unchanged) if they do not.
bool add_word_breaks(const Speller& speller, const Word& w, TokenBreaks& out) noexcept {
  const DicPart& part = speller.part;
  const ExtraExceptions* const extra = speller.extra;
  if (w.chars < 2) return true;
  // A user dictionary's word: its breaks, value 1, no replacements.
  if (extra != nullptr) {
    char key[kDicMaxWordChars * 4];
    std::size_t key_size = 0;
    for (std::size_t k = 0; k < w.chars; ++k) key_size += utf8::encode(w.lower[k], reinterpret_cast<unsigned char*>(key + key_size));
    if (const std::optional<std::uint64_t> mask = extra->find(std::string_view(key, key_size))) {
      std::size_t n = 0;
      for (std::size_t j = 1; j < w.chars && j < 64; ++j) n += (*mask >> j) & 1;
      if (out.count + n > kTokenBreaksCapacity) return false;
      for (std::size_t j = 1; j < w.chars && j < 64; ++j)
        if ((*mask >> j) & 1) {
          out.values[out.count] = 1;
          if (out.replacements) out.replacement[out.count] = 0;
          out.offsets[out.count++] = w.ends[j - 1];
        }
      return true;
    }
  }
  if (!w.encodable || w.spelled_size > kWordBytes) return true;
  const std::string_view word(w.spelled, w.spelled_size);
  char hyphens[kWordBytes + 8];
  // Replacements are constructed only for dictionaries that have them, and only as far as the
  // word goes (all kWordBytes of them cost more than hyphenating a short word).
  alignas(dic::Replacement) unsigned char rep_storage[sizeof(dic::Replacement) * kWordBytes];
  const bool want_reps = speller.replacements;
  dic::Replacement* const reps = reinterpret_cast<dic::Replacement*>(rep_storage);
  if (want_reps) std::uninitialized_default_construct_n(reps, word.size());
  const dic::Outcome o = part.dictionary.hyphenate3(word, std::span<char>(hyphens, word.size() + 5), {},
                                                    want_reps ? std::span<dic::Replacement>(reps, word.size()) : std::span<dic::Replacement>(),
                                                    part.minimums);
  // Positions are characters (UTF-8 dictionary, status 0) or bytes (8-bit: one a character).
  const bool per_char = !speller.utf8 || o.status == 0;
  if (!per_char) return true;  // cannot happen for a word spelled from valid UTF-8
  const std::size_t positions = std::min(o.positions, w.chars);
  if (out.count + positions > kTokenBreaksCapacity) {  // they may not fit: count them first
    std::size_t n = 0;
    for (std::size_t i = 0; i + 1 < positions; ++i) n += is_break(hyphens[i]);
    if (out.count + n > kTokenBreaksCapacity) return false;
  }
  for (std::size_t i = 0; i + 1 < positions; ++i) {
    const char h = hyphens[i];
    if (!is_break(h)) continue;
    const std::size_t k = out.count++;
    out.offsets[k] = w.ends[i];
    out.values[k] = static_cast<std::uint8_t>(h - '0');
    std::uint32_t index = 0;
    if (o.replacements && reps[i].present()) {
      const std::size_t r = part.replacement_index(reps[i].text.data());
      const long from = static_cast<long>(i) + 1 - reps[i].pos;  // first character replaced
      const long to = from + reps[i].cut;                           // after the last
      if (r < part.replacements.size() && from >= 0 && from <= static_cast<long>(i) + 1 && to >= static_cast<long>(i) + 1 &&
          to <= static_cast<long>(w.chars)) {
        const std::size_t begin = from == 0 ? w.start : w.ends[from - 1];
        const std::size_t end = to == 0 ? w.start : w.ends[to - 1];
        index = static_cast<std::uint32_t>(r + 1);
        out.replaced_before[k] = static_cast<std::uint16_t>(w.ends[i] - begin);
        out.replaced_after[k] = static_cast<std::uint16_t>(end - w.ends[i]);
      }
    }
    if (index != 0 && !out.replacements) {
      // The first replacement in this call: the earlier breaks have none.
      std::fill(out.replacement, out.replacement + k, 0u);
      out.replacements = true;
    }
    if (out.replacements) out.replacement[k] = index;
  }
  return true;
}

}  // namespace

void dic_whole_word(const Model& model, std::string_view word, TokenBreaks& out) noexcept {
  static_assert(4 * kDicMaxWordChars <= kWholeWordBytes);
  const Speller speller(dic_part_of(model), nullptr);
  start(out, word.size());
  const auto* const begin = reinterpret_cast<const unsigned char*>(word.data());
  const auto* const end = begin + word.size();
  Word w;
  for (const unsigned char* p = begin; p < end;) {
    const utf8::Decoded c = *p < 0x80 ? utf8::Decoded{*p, 1} : utf8::decode(p, end);
    p += c.length;
    if (c.cp == utf8::kInvalid)  // one character with its continuation bytes (a lone surrogate's three)
      for (int k = 0; k < 3 && p < end && (*p & 0xC0) == 0x80; ++k) ++p;
    if (w.chars == kDicMaxWordChars) return;  // too long: no breaks, as for a run of letters
    // A character the charset cannot spell (or invalid UTF-8) is '?', as a caller encoding the
    // word with replacement would pass it: it matches no letter, and the offsets stay right.
    const char32_t lower = c.cp == utf8::kInvalid ? U'?' : lower_case(c.cp);
    unsigned n = speller.spell(lower, w.spelled + w.spelled_size);
    if (n == 0) n = speller.spell(U'?', w.spelled + w.spelled_size);
    w.spelled_size += n;
    w.ends[w.chars++] = static_cast<std::size_t>(p - begin);
  }
  out.saw_letter = w.chars > 0;
  add_word_breaks(speller, w, out);  // at most kDicMaxWordChars - 1 breaks: they fit
}

void dic_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters*,
                      const ExtraExceptions* extra) noexcept {
  const Speller speller(dic_part_of(model), extra);
  start(out, token.size());
  const auto* const begin = reinterpret_cast<const unsigned char*>(token.data());
  const auto* const end = begin + token.size();
  Word w;
  const unsigned char* p = begin;
  while (p < end) {
    utf8::Decoded c{*p, 1};
    if (*p >= 0x80) {
      if (utf8::truncated(p, end)) {  // a character cut short by the end of a streamed piece
        out.pending = Pending::word;
        out.settled = static_cast<std::size_t>(p - begin);
        return;
      }
      c = utf8::decode(p, end);
    }
    if (c.cp == utf8::kInvalid || !speller.is_word_character(c.cp)) {
      p += c.length;
      continue;
    }
    // A word: the run of word characters from here.
    out.saw_letter = true;
    w.start = static_cast<std::size_t>(p - begin);
    // The counts stay in locals while the word's bytes are written (a char store may alias
    // any member of `w`, which would keep them in memory).
    std::size_t chars = 0;
    std::size_t spelled_size = 0;
    bool encodable = true;
    bool too_long = false;
    for (;;) {
      if (c.cp < 0x80) {
        // A run of ASCII word characters, the common case: a table lookup a byte, no decoding.
        do {
          const char32_t lower = lower_case(*p++);
          if (chars == kDicMaxWordChars) {
            too_long = true;
            continue;
          }
          const int byte = speller.ascii_byte(lower);
          w.spelled[spelled_size] = static_cast<char>(byte);
          spelled_size += byte >= 0 ? 1 : 0;
          encodable = encodable && byte >= 0;
          if (extra != nullptr) w.lower[chars] = lower;
          w.ends[chars++] = static_cast<std::size_t>(p - begin);
        } while (p != end && *p < 0x80 && speller.part.ascii_word[*p]);
      } else {
        p += c.length;
        if (chars < kDicMaxWordChars) {
          const char32_t lower = lower_case(c.cp);
          const unsigned n = speller.spell(lower, w.spelled + spelled_size);
          encodable = encodable && n != 0;
          spelled_size += n;
          if (extra != nullptr) w.lower[chars] = lower;
          w.ends[chars++] = static_cast<std::size_t>(p - begin);
        } else {
          too_long = true;
        }
      }
      if (p == end) break;
      if (*p < 0x80) {  // ASCII: no decoding
        if (!speller.part.ascii_word[*p]) break;
        c = utf8::Decoded{*p, 1};
        continue;
      }
      if (utf8::truncated(p, end)) break;
      c = utf8::decode(p, end);
      if (c.cp == utf8::kInvalid || !speller.part.is_word_character(c.cp)) break;
    }
    w.chars = chars;
    w.spelled_size = spelled_size;
    w.encodable = encodable;
    const bool may_grow = p == end || utf8::truncated(p, end);
    if (may_grow) {
      out.pending = Pending::word;
      out.settled = w.start;
    }
    if (too_long) continue;
    if (!add_word_breaks(speller, w, out)) {
      out.more = true;
      out.pending = Pending::word;
      out.settled = w.start;
      return;
    }
  }
}

namespace {

// The positions after the characters whose bits `odd` sets, in order, those that fit written
// to `breaks`: their number.
std::size_t write_breaks(std::uint32_t odd, std::span<std::size_t> breaks) noexcept {
  // The first four with no branch on how many there are (their number varies from word to
  // word, and a loop's exit would be mispredicted): a store with none left, or past the
  // span, goes to `sink`.
  std::size_t count = 0, sink;
  for (int k = 0; k < 4; ++k, odd &= odd - 1) {
    const bool one = odd != 0;
    std::size_t* const at = one && count < breaks.size() ? breaks.data() + count : &sink;
    *at = static_cast<std::size_t>(std::countr_zero(odd)) + 1;
    count += one ? 1 : 0;
  }
  for (; odd != 0; odd &= odd - 1, ++count)
    if (count < breaks.size()) breaks[count] = static_cast<std::size_t>(std::countr_zero(odd)) + 1;
  return count;
}

}  // namespace

#if defined(__SSE2__)
namespace {

// Bytes p[0, n), 2 <= n <= 32, as two pieces of `width` bytes at 0 and at n - width (they
// overlap unless n = 2 * width): the pieces dic::fast_hyphenate's copies move, so that a load
// of bytes it has just stored never spans two of its stores (which would wait for both).
struct Pieces {
  __m128i head, tail;
  std::size_t width;
};

Pieces load_pieces(const char* p, std::size_t n) noexcept {
  if (n >= 16) return {_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + n - 16)), 16};
  if (n >= 8) return {_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)), _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p + n - 8)), 8};
  std::int32_t head = 0, tail = 0;
  if (n >= 4) {
    std::memcpy(&head, p, 4);
    std::memcpy(&tail, p + n - 4, 4);
    return {_mm_cvtsi32_si128(head), _mm_cvtsi32_si128(tail), 4};
  }
  for (std::size_t k = 0; k < n; ++k) head |= static_cast<std::int32_t>(static_cast<unsigned char>(p[k])) << (8 * k);
  return {_mm_cvtsi32_si128(head), _mm_cvtsi32_si128(head), n};
}

void store_pieces(char* to, const Pieces& v, std::size_t n) noexcept {
  switch (v.width) {
    case 16:
      _mm_storeu_si128(reinterpret_cast<__m128i*>(to), v.head);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(to + n - 16), v.tail);
      return;
    case 8:
      _mm_storel_epi64(reinterpret_cast<__m128i*>(to), v.head);
      _mm_storel_epi64(reinterpret_cast<__m128i*>(to + n - 8), v.tail);
      return;
    case 4: {
      const std::int32_t head = _mm_cvtsi128_si32(v.head), tail = _mm_cvtsi128_si32(v.tail);
      std::memcpy(to, &head, 4);
      std::memcpy(to + n - 4, &tail, 4);
      return;
    }
    default:
      for (std::size_t k = 0, bytes = static_cast<std::size_t>(_mm_cvtsi128_si32(v.head)); k < n; ++k) to[k] = static_cast<char>(bytes >> (8 * k));
  }
}

// Bit k set when byte k of the n bytes is one that `test` marks (0xFF).
std::uint32_t byte_mask(const Pieces& v, std::size_t n, __m128i (*test)(__m128i)) noexcept {
  const std::uint32_t piece = (1u << v.width) - 1;
  return (static_cast<std::uint32_t>(_mm_movemask_epi8(test(v.head))) & piece) |
         (static_cast<std::uint32_t>(_mm_movemask_epi8(test(v.tail))) & piece) << (n - v.width);
}

__m128i lower_ascii(__m128i v) noexcept { return _mm_or_si128(v, _mm_set1_epi8(0x20)); }

// A-Z lowered, every other byte kept.
__m128i lower_upper(__m128i v) noexcept {
  const __m128i from_a = _mm_sub_epi8(v, _mm_set1_epi8('A'));
  const __m128i upper = _mm_cmpeq_epi8(_mm_min_epu8(from_a, _mm_set1_epi8(25)), from_a);
  return _mm_or_si128(v, _mm_and_si128(upper, _mm_set1_epi8(0x20)));
}

// A byte that is a-z once OR 0x20 has lowered A-Z.
__m128i is_letter(__m128i v) noexcept {
  const __m128i from_a = _mm_sub_epi8(lower_ascii(v), _mm_set1_epi8('a'));
  return _mm_cmpeq_epi8(_mm_min_epu8(from_a, _mm_set1_epi8(25)), from_a);
}

// A value '1', '3', '5', '7' or '9': a break.
__m128i is_odd_digit(__m128i v) noexcept {
  const __m128i from_1 = _mm_sub_epi8(v, _mm_set1_epi8('1'));
  const __m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(from_1, _mm_set1_epi8(8)), from_1);
  return _mm_and_si128(digit, _mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8(1)), _mm_set1_epi8(1)));
}

}  // namespace
#endif

std::size_t dic_one_word(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                         LookupCounters* counters) noexcept {
  // hyphens gets n + 2 bytes from the dictionary, read back as at most 32.
  constexpr std::size_t kLeanBytes = dic::kLeanWalkBytes;
  const DicPart& part = dic_part_of(model);
  const std::size_t n = text.size();
  if (n - 2 > kLeanBytes - 2 || !part.plain_ascii_letters) return hyphenate_text(model, text, breaks, counters);
  // The word dic_token_breaks would spell: a byte a character, letters lower-cased; '.' after
  // it for the lean walk.
  alignas(16) unsigned char word[kLeanBytes + 2];
  std::uint32_t odd = 0;
#if defined(__SSE2__)
  Pieces bytes = load_pieces(text.data(), n);
  const bool letters = byte_mask(bytes, n, is_letter) == (1u << n) - 1;
  if (letters) {
    bytes.head = lower_ascii(bytes.head);
    bytes.tail = lower_ascii(bytes.tail);
  } else {
    // Other word characters ('-', '\'' in most dictionaries): one word still, if every byte is one.
    for (std::size_t i = 0; i < n; ++i) {
      const auto c = static_cast<unsigned char>(text[i]);
      if (c >= 0x80 || !part.ascii_plain[c]) return hyphenate_text(model, text, breaks, counters);
    }
    bytes.head = lower_upper(bytes.head);
    bytes.tail = lower_upper(bytes.tail);
  }
  store_pieces(reinterpret_cast<char*>(word), bytes, n);
  word[n] = '.';
  const dic::DictionaryData& d = part.dictionary.data();
  // A word of letters alone, walked in registers: its odd values, cut to what the minimums allow.
  const dic::LeanRow* rows;
  if (letters && d.lean.letters && (rows = d.lean_rows()) != nullptr && dic::letters_odd(d.lean, rows, word, n, odd)) {
    odd &= part.breakable[n];
    return write_breaks(odd, breaks);
  }
  // Any other: hyphenate3's answer on bit masks, where the dictionary's levels allow it.
  if (dic::ascii_odd_values(d, std::string_view(reinterpret_cast<const char*>(word), n),
                            dic::at_least(part.minimums, {d.lhmin, d.rhmin, d.clhmin, d.crhmin}), odd))
    return write_breaks(odd, breaks);
#else
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80 || !part.ascii_plain[c]) return hyphenate_text(model, text, breaks, counters);
    word[i] = static_cast<unsigned char>(static_cast<unsigned>(c - 'A') < 26u ? c | 0x20u : c);
  }
#endif
  // hyphenate3 with the model's minimums, for a word that reaches no replacement (else false).
  char hyphens[kLeanBytes + 5] = {};
  int status = 0;
  if (!part.dictionary.hyphenate_common(std::string_view(reinterpret_cast<const char*>(word), n), hyphens, {}, &part.minimums, status) ||
      status != 0)
    return hyphenate_text(model, text, breaks, counters);
  // A break after each of the first n - 1 characters whose value is odd.
#if defined(__SSE2__)
  odd = byte_mask(load_pieces(hyphens, n + 2), n + 2, is_odd_digit);
#else
  for (std::size_t i = 0; i < n; ++i) odd |= std::uint32_t{is_break(hyphens[i])} << i;
#endif
  odd &= (1u << (n - 1)) - 1;
  return write_breaks(odd, breaks);
}

PieceStep dic_piece_step(std::string_view held, bool token_ends, const TokenBreaks& found) noexcept {
  // Words never span `settled`: what is before it is decided.
  if (found.more) return {PieceNext::ask_again, found.settled};
  if (token_ends) return {PieceNext::done, held.size()};
  // One run of word characters fills what is held: longer than any word that is hyphenated.
  if (found.settled == 0 && !held.empty()) return {PieceNext::skip_word_run, 0};
  return {PieceNext::read_on, found.settled};
}

bool dic_in_word_run(const Model& model, char32_t c) noexcept {
  return c != utf8::kInvalid && !(c >= 0xD800 && c <= 0xDFFF) && dic_part_of(model).is_word_character(c);
}

void dic_replacement(const Model& model, std::uint32_t k, Break& b) noexcept {
  const DicReplacementText& r = dic_part_of(model).replacements[k];
  b.before = r.before;
  b.after = r.after;
}

}  // namespace hyph::detail
