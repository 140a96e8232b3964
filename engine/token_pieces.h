// A token seen a piece at a time: TextStream's long tokens, and UTF-16 text, which is converted
// to UTF-8 a piece at a time. This is the one place that decides, from what the word rules say
// about the bytes held so far, which of them and which breaks are final and how to go on (each
// dialect's DialectRules::piece_step); the callers only hold bytes, read more and write.
#pragma once

#include "engine/word_rules.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace hyph::detail {

/// Looks at `held`, the bytes of a token held so far, with the model's word rules (filling
/// `found`); `token_ends` tells whether the token ends with them.
PieceStep look_at_piece(const Model& model, std::string_view held, bool token_ends, TokenBreaks& found,
                        LookupCounters* counters) noexcept;

/// The word run at the start of `bytes` (after skip_word_run: DialectRules::in_word_run): how many bytes of it are here,
/// and whether it ends here (a character that is not a word character follows); a character
/// cut short at the end of `bytes` ends neither.
struct WordRun {
  std::size_t length;
  bool ended;
};
WordRun word_run_at(const Model& model, std::string_view bytes) noexcept;

/// Watches a token's bytes, given in pieces, for an explicit hyphen (unless_hyphen), also one
/// whose UTF-8 bytes come in different pieces.
class HyphenWatch {
 public:
  /// Starts after `seen`, the token's bytes so far.
  explicit HyphenWatch(std::string_view seen = {}) noexcept { keep_tail(seen); }
  /// Whether an explicit hyphen ends in `bytes` (white-space free, the token's next bytes).
  bool sees(std::string_view bytes, bool dashes) noexcept;

 private:
  void keep_tail(std::string_view bytes) noexcept;
  unsigned char tail_[2] = {};  // the last bytes seen: the start of a dash cut short
  std::size_t tail_size_ = 0;
};

}  // namespace hyph::detail
