// UTF-16 text through the UTF-8 word rules (Hyphenator::hyphenate(std::u16string_view), the
// C API's hyph_hyphenate_utf16).
//
// A UTF-16 token is converted to UTF-8 a piece at a time on the stack and given to the same
// word rules as UTF-8 text, so the breaks are those of the UTF-8 path by construction. An
// unpaired surrogate becomes its three-byte generalised-UTF-8 form (ED A0..BF xx, utf8::encode),
// which the strict decoder reads as three invalid bytes: non-letters, as in the UTF-8 path.
//
// A token longer than one piece is decided piece by piece as TextStream decides long tokens,
// by the same code (engine/token_pieces.h): this file only converts, holds one piece and maps
// offsets back.
#include "engine/separators.h"
#include "engine/token_pieces.h"
#include "engine/word_rules.h"

#include "base/utf8.h"

#include <cstring>

namespace hyph::detail {
namespace {

constexpr std::size_t kPiece = 1024;  // UTF-8 bytes converted at a time
constexpr std::size_t kNotStart = static_cast<std::size_t>(-1);
static_assert(kPiece >= 2 * kWordTail + 8);

// Text is cut into tokens at TeX's glue; these are ASCII, so the same test serves UTF-16.
bool separator16(char16_t unit) noexcept { return unit < 0x80 && is_word_separator(static_cast<unsigned char>(unit)); }

bool high_surrogate(char32_t u) noexcept { return u >= 0xD800 && u <= 0xDBFF; }
bool low_surrogate(char32_t u) noexcept { return u >= 0xDC00 && u <= 0xDFFF; }

struct Piece {
  unsigned char bytes[kPiece];
  std::size_t unit[kPiece + 1];  // UTF-16 index of each code unit's first byte; kNotStart for the others
  std::size_t length = 0;

  // Appends the code point at text[pos] (pos < text.size()); returns the units it took. No
  // break falls inside a code point; cutting a piece before its first byte keeps the decoding
  // of everything after it unchanged.
  std::size_t append(std::u16string_view text, std::size_t pos) noexcept {
    char32_t cp = text[pos];
    std::size_t units = 1;
    if (high_surrogate(cp) && pos + 1 < text.size() && low_surrogate(text[pos + 1])) {
      cp = 0x10000 + ((cp - 0xD800) << 10) + (text[pos + 1] - 0xDC00u);
      units = 2;
    }
    const unsigned n = utf8::encode(cp, bytes + length);  // a lone surrogate: three invalid bytes
    unit[length] = pos;
    for (unsigned k = 1; k < n; ++k) unit[length + k] = kNotStart;
    length += n;
    return units;
  }
  std::string_view view() const noexcept { return {reinterpret_cast<const char*>(bytes), length}; }
  // Keeps the bytes from `from` (a code-point start) on.
  void drop_before(std::size_t from) noexcept {
    std::memmove(bytes, bytes + from, length - from);
    std::memmove(unit, unit + from, (length - from) * sizeof unit[0]);
    length -= from;
  }
};

// The code point at text[pos] (pos < text.size()) and its length in units; a lone surrogate is
// itself.
std::pair<char32_t, std::size_t> code_point_at(std::u16string_view text, std::size_t pos) noexcept {
  const char32_t u = text[pos];
  if (high_surrogate(u) && pos + 1 < text.size() && low_surrogate(text[pos + 1]))
    return {0x10000 + ((u - 0xD800) << 10) + (text[pos + 1] - 0xDC00u), 2};
  return {u, 1};
}

// Breaks of the token text[begin, end): emit(found, k, piece) for each, in order; returns how
// many. Piece::unit maps the piece's byte offsets back to code units. What the breaks found in
// a piece mean for the token is look_at_piece's to say, as for TextStream's long tokens.
template <class Emit>
std::size_t token_breaks16(const Model& model, std::u16string_view text, std::size_t begin, std::size_t end,
                           LookupCounters* counters, Emit&& emit) noexcept {
  const std::u16string_view token = text.substr(0, end);
  Piece piece;
  TokenBreaks found;
  std::size_t pos = begin;
  std::size_t emitted = 0;
  auto emit_before = [&](std::size_t upto) noexcept {
    for (std::size_t k = 0; k < found.count && found.offsets[k] < upto; ++k, ++emitted) emit(found, k, piece);
  };
  for (;;) {
    while (pos < end && piece.length + 4 <= kPiece) pos += piece.append(token, pos);
    piece.unit[piece.length] = pos;
    const PieceStep step = look_at_piece(model, piece.view(), pos == end, found, counters);
    switch (step.next) {
      case PieceNext::done:
      case PieceNext::copy_rest:
        emit_before(piece.length);
        return emitted;
      case PieceNext::unless_hyphen:
        for (std::size_t k = pos; k < end; ++k)
          if (is_explicit_hyphen(text[k], model.dash_hyphens)) return emitted;
        emit_before(piece.length);
        return emitted;
      case PieceNext::skip_word_run:
        while (pos < end) {
          const auto [cp, units] = code_point_at(token, pos);
          if (!model.rules->in_word_run(model, cp)) break;
          pos += units;
        }
        piece.length = 0;
        continue;
      case PieceNext::read_on:
      case PieceNext::ask_again:
        // The piece has no room to wait for a word's end: keep its letters only.
        emit_before(step.decided);
        piece.drop_before(step.word_begun ? step.tail : step.decided);
        continue;
    }
  }
}

template <class Emit>
std::size_t each_token16(const Model& model, std::u16string_view text, LookupCounters* counters, Emit&& emit) noexcept {
  std::size_t total = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    if (separator16(text[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && !separator16(text[j])) ++j;
    total += token_breaks16(model, text, i, j, counters, emit);
    i = j;
  }
  return total;
}

}  // namespace

std::size_t hyphenate_utf16(const Model& model, std::u16string_view text, std::span<std::size_t> breaks,
                            LookupCounters* counters) noexcept {
  std::size_t total = 0;
  return each_token16(model, text, counters, [&](const TokenBreaks& found, std::size_t k, const Piece& piece) noexcept {
    if (total < breaks.size()) breaks[total] = piece.unit[found.offsets[k]];
    ++total;
  });
}

namespace {

// A TokenBreaks entry found in a piece, as a Break in code units of the whole text.
Break break16(const Model& model, const TokenBreaks& found, std::size_t k, const Piece& piece) noexcept {
  Break b = break_at(model, found, k, 0);
  const std::size_t at = found.offsets[k];
  b.offset = piece.unit[at];
  if (b.replaced_before != 0 || b.replaced_after != 0) {
    b.replaced_before = b.offset - piece.unit[at - b.replaced_before];
    b.replaced_after = piece.unit[at + b.replaced_after] - b.offset;
  }
  return b;
}

}  // namespace

std::size_t text_breaks_utf16(const Model& model, std::u16string_view text, std::span<Break> breaks,
                              LookupCounters* counters) noexcept {
  std::size_t total = 0;
  return each_token16(model, text, counters, [&](const TokenBreaks& found, std::size_t k, const Piece& piece) noexcept {
    if (total < breaks.size()) breaks[total] = break16(model, found, k, piece);
    ++total;
  });
}

void visit_breaks_utf16(const Model& model, std::u16string_view text, void (*visit)(void*, const Break&), void* context,
                        LookupCounters* counters) noexcept {
  each_token16(model, text, counters, [&](const TokenBreaks& found, std::size_t k, const Piece& piece) noexcept {
    visit(context, break16(model, found, k, piece));
  });
}

std::size_t word_breaks_utf16(const Model& model, std::u16string_view word, std::span<Break> breaks) noexcept {
  if (model.rules->whole_word == nullptr) return text_breaks_utf16(model, word, breaks, nullptr);
  // One piece holds any word whole_word is given.
  static_assert(kPiece >= kWholeWordBytes + 4);
  Piece piece;
  std::size_t pos = 0;
  while (pos < word.size() && piece.length <= kWholeWordBytes) pos += piece.append(word, pos);
  if (piece.length > kWholeWordBytes) return 0;  // too long: no breaks, as whole_word says
  piece.unit[piece.length] = word.size();
  TokenBreaks found;
  model.rules->whole_word(model, piece.view(), found);
  for (std::size_t k = 0; k < found.count && k < breaks.size(); ++k) breaks[k] = break16(model, found, k, piece);
  return found.count;
}

}  // namespace hyph::detail
