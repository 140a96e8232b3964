#include "engine/token_pieces.h"

#include "engine/dic_part.h"

#include "base/utf8.h"

#include <algorithm>
#include <cstring>

namespace hyph::detail {
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

PieceStep look_libhyphen(std::string_view held, bool token_ends, const TokenBreaks& found) noexcept {
  // Words never span `settled`: what is before it is decided.
  if (found.more) return {PieceNext::ask_again, found.settled};
  if (token_ends) return {PieceNext::done, held.size()};
  // One run of word characters fills what is held: longer than any word that is hyphenated.
  if (found.settled == 0 && !held.empty()) return {PieceNext::skip_word_run, 0};
  return {PieceNext::read_on, found.settled};
}

PieceStep look_tex(std::string_view held, bool token_ends, const TokenBreaks& found) noexcept {
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

}  // namespace

PieceStep look_at_piece(const Model& model, std::string_view held, bool token_ends, TokenBreaks& found,
                        LookupCounters* counters) noexcept {
  find_token_breaks(model, held, found, counters);
  return model.dialect == Dialect::libhyphen ? look_libhyphen(held, token_ends, found) : look_tex(held, token_ends, found);
}

bool in_word_run(const Model& model, char32_t c) noexcept {
  return c != utf8::kInvalid && !(c >= 0xD800 && c <= 0xDFFF) && model.dic->is_word_character(c);
}

WordRun word_run_at(const Model& model, std::string_view bytes) noexcept {
  const auto* const begin = reinterpret_cast<const unsigned char*>(bytes.data());
  const auto* const end = begin + bytes.size();
  for (const unsigned char* p = begin; p < end;) {
    if (utf8::truncated(p, end)) return {static_cast<std::size_t>(p - begin), false};
    const utf8::Decoded d = utf8::decode(p, end);
    if (!in_word_run(model, d.cp)) return {static_cast<std::size_t>(p - begin), true};
    p += d.length;
  }
  return {bytes.size(), false};
}

bool HyphenWatch::sees(std::string_view bytes, bool dashes) noexcept {
  if (bytes.empty()) return false;
  const auto* const p = reinterpret_cast<const unsigned char*>(bytes.data());
  bool seen = has_explicit_hyphen(p, p + bytes.size(), dashes);
  if (!seen && dashes && tail_size_ != 0) {
    // A dash that began in the bytes before these.
    unsigned char joined[4];
    std::memcpy(joined, tail_, tail_size_);
    const std::size_t more = std::min<std::size_t>(2, bytes.size());
    std::memcpy(joined + tail_size_, p, more);
    for (std::size_t s = 0; s < tail_size_ && !seen; ++s) seen = is_dash_at(joined + s, joined + tail_size_ + more);
  }
  keep_tail(bytes);
  return seen;
}

void HyphenWatch::keep_tail(std::string_view bytes) noexcept {
  if (bytes.size() >= 2) {
    std::memcpy(tail_, bytes.data() + bytes.size() - 2, 2);
    tail_size_ = 2;
  } else if (bytes.size() == 1) {
    if (tail_size_ == 2) tail_[0] = tail_[1];
    tail_size_ = std::min<std::size_t>(tail_size_ + 1, 2);
    tail_[tail_size_ - 1] = static_cast<unsigned char>(bytes[0]);
  }
}

}  // namespace hyph::detail
