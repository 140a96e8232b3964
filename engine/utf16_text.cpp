// UTF-16 text through the UTF-8 word rules (Hyphenator::hyphenate(std::u16string_view), the
// C API's hyph_hyphenate_utf16).
//
// A UTF-16 token is converted to UTF-8 a piece at a time on the stack and given to the same
// word rules as UTF-8 text, so the breaks are those of the UTF-8 path by construction. An
// unpaired surrogate becomes its three-byte generalised-UTF-8 form (ED A0..BF xx, utf8::encode),
// which the strict decoder reads as three invalid bytes: non-letters, as in the UTF-8 path.
//
// A token longer than one piece is decided as TextStream decides long tokens, by the same
// TokenAssembler: the piece is its window of undecided bytes, which slides along the token.
#include "engine/token_assembler.h"
#include "engine/word_rules.h"

#include "base/utf8.h"

#include <cstring>

namespace hyph::detail {
namespace {

constexpr std::size_t kPiece = 1024;  // UTF-8 bytes converted at a time
constexpr std::size_t kNotStart = static_cast<std::size_t>(-1);
constexpr std::size_t kWordTail = TokenAssembler::kWordTail;
static_assert(kPiece >= 2 * kWordTail + 8);

// Text is cut into tokens at TeX's glue; these are ASCII, so the same test serves UTF-16.
bool separator16(char16_t unit) noexcept { return unit < 0x80 && is_word_separator(static_cast<unsigned char>(unit)); }

bool high_surrogate(char32_t u) noexcept { return u >= 0xD800 && u <= 0xDBFF; }
bool low_surrogate(char32_t u) noexcept { return u >= 0xDC00 && u <= 0xDFFF; }

// Writes the code point at text[pos] (pos < text.size()) as UTF-8 to `out` (4 bytes of room);
// returns the units it took and sets `length` to the bytes written. A lone surrogate becomes
// three invalid bytes.
std::size_t encode_at(std::u16string_view text, std::size_t pos, unsigned char* out, unsigned& length) noexcept {
  char32_t cp = text[pos];
  std::size_t units = 1;
  if (high_surrogate(cp) && pos + 1 < text.size() && low_surrogate(text[pos + 1])) {
    cp = 0x10000 + ((cp - 0xD800) << 10) + (text[pos + 1] - 0xDC00u);
    units = 2;
  }
  length = utf8::encode(cp, out);
  return units;
}

struct Piece {
  unsigned char bytes[kPiece];
  std::size_t unit[kPiece + 1];  // UTF-16 index of each code unit's first byte; kNotStart for the others
  std::size_t length = 0;

  // Appends the code point at text[pos]; returns the units it took. No break falls inside a
  // code point; cutting a piece before its first byte keeps the decoding of everything after
  // it unchanged.
  std::size_t append(std::u16string_view text, std::size_t pos) noexcept {
    unsigned n = 0;
    const std::size_t units = encode_at(text, pos, bytes + length, n);
    unit[length] = pos;
    for (unsigned k = 1; k < n; ++k) unit[length + k] = kNotStart;
    length += n;
    return units;
  }
  // Keeps the bytes from `from` (a code-point start) on.
  void drop_before(std::size_t from) noexcept {
    std::memmove(bytes, bytes + from, length - from);
    std::memmove(unit, unit + from, (length - from) * sizeof unit[0]);
    length -= from;
  }
  std::string_view view() const noexcept { return {reinterpret_cast<const char*>(bytes), length}; }
};

// The rest of a token, text[pos, end), through the assembler's watch for an explicit hyphen.
void watch_rest(TokenAssembler& assembler, std::u16string_view text, std::size_t pos, std::size_t end) noexcept {
  unsigned char bytes[256];
  while (pos < end) {
    std::size_t length = 0;
    while (pos < end && length + 4 <= sizeof bytes) {
      unsigned n = 0;
      pos += encode_at(text, pos, bytes + length, n);
      length += n;
    }
    if (assembler.hyphen_at(std::string_view(reinterpret_cast<const char*>(bytes), length)) != TokenAssembler::npos) return;
  }
}

// Breaks of the token text[begin, end), written from breaks[total] on while they fit.
std::size_t token_breaks16(const Model& model, std::u16string_view text, std::size_t begin, std::size_t end,
                           std::span<std::size_t> breaks, std::size_t total, LookupCounters* counters) noexcept {
  const std::u16string_view token = text.substr(0, end);
  Piece piece;
  TokenAssembler assembler;
  std::size_t pos = begin;
  for (;;) {
    while (pos < end && piece.length + 4 <= kPiece) pos += piece.append(token, pos);
    piece.unit[piece.length] = pos;
    const TokenAssembler::Verdict verdict = assembler.look(model, piece.view(), pos == end, counters);
    if (verdict != TokenAssembler::Verdict::read_on) {
      if (verdict == TokenAssembler::Verdict::watch) watch_rest(assembler, token, pos, end);
      const TokenBreaks& found = assembler.breaks();
      for (std::size_t k = 0; k < found.count; ++k)
        if (total + k < breaks.size()) breaks[total + k] = piece.unit[found.offsets[k]];
      return found.count;
    }
    // The piece cannot grow: it keeps at most the longest tail of a word in raw letters (a
    // normalizing model's word, which might want more, gets this much, as it always has).
    std::size_t cut = assembler.passable(piece.view());
    if (piece.length - cut > kWordTail) {
      cut = piece.length - kWordTail;
      while (piece.unit[cut] == kNotStart) --cut;
    }
    piece.drop_before(cut);
  }
}

}  // namespace

std::size_t hyphenate_utf16(const Model& model, std::u16string_view text, std::span<std::size_t> breaks,
                            LookupCounters* counters) noexcept {
  std::size_t total = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    if (separator16(text[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && !separator16(text[j])) ++j;
    total += token_breaks16(model, text, i, j, breaks, total, counters);
    i = j;
  }
  return total;
}

}  // namespace hyph::detail
