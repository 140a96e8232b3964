#include "engine/token_pieces.h"

#include "base/utf8.h"

#include <algorithm>
#include <cstring>

namespace hyph::detail {
PieceStep look_at_piece(const Model& model, std::string_view held, bool token_ends, TokenBreaks& found,
                        LookupCounters* counters) noexcept {
  find_token_breaks(model, held, found, counters);
  return model.rules->piece_step(held, token_ends, found);
}

WordRun word_run_at(const Model& model, std::string_view bytes) noexcept {
  const auto* const begin = reinterpret_cast<const unsigned char*>(bytes.data());
  const auto* const end = begin + bytes.size();
  for (const unsigned char* p = begin; p < end;) {
    if (utf8::truncated(p, end)) return {static_cast<std::size_t>(p - begin), false};
    const utf8::Decoded d = utf8::decode(p, end);
    if (!model.rules->in_word_run(model, d.cp)) return {static_cast<std::size_t>(p - begin), true};
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
