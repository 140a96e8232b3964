// A token seen a piece at a time: TextStream's long tokens, and UTF-16 text, which is converted
// to UTF-8 a piece at a time. This is the one place that decides, from what the word rules say
// about the bytes held so far, which of them and which breaks are final and how to go on, for
// both dialects; the callers only hold bytes, read more and write.
#pragma once

#include "engine/word_rules.h"

#include "patterns/alphabet.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace hyph::detail {

/// How to go on after a look at the bytes held of a token (its start, or what is left of it).
enum class PieceNext {
  done,           ///< the token ended with these bytes: every break found stands
  read_on,        ///< keep the bytes from `decided` on, add more of the token, look again
  ask_again,      ///< (libhyphen's breaks did not all fit) look again at once at the bytes from
                  ///< `decided` on; adding more of the token first does no harm
  copy_rest,      ///< every break found stands; the rest of the token gets none
  unless_hyphen,  ///< every break found stands unless an explicit hyphen comes later in the token
                  ///< (then none does); the rest of the token gets none
  skip_word_run,  ///< (libhyphen) the bytes held are one run of word characters, too long to be a
                  ///< word: it gets no breaks up to its end (in_word_run), then read on
};

struct PieceStep {
  PieceNext next = PieceNext::done;
  /// The bytes before it are final, and so are the breaks before it (for unless_hyphen, once no
  /// hyphen came): write them out or drop them.
  std::size_t decided = 0;
  /// read_on with a word's letters held (TeX's dialect): the word ends within kWordTail more
  /// bytes, and its letters are in the last kWordTail bytes held; a caller that cannot hold
  /// more may drop the bytes before `tail` (a code-point start), which are non-letters and no
  /// explicit hyphen unless a letter is longer than four bytes before normalization.
  bool word_begun = false;
  std::size_t tail = 0;
};

/// An unfinished word has fewer than 63 letters, each at most 4 bytes.
inline constexpr std::size_t kWordTail = patterns::kMaxLetters * 4;

/// Looks at `held`, the bytes of a token held so far, with the model's word rules (filling
/// `found`); `token_ends` tells whether the token ends with them.
PieceStep look_at_piece(const Model& model, std::string_view held, bool token_ends, TokenBreaks& found,
                        LookupCounters* counters) noexcept;

/// libhyphen's dialect: whether `c` continues a run of word characters (an invalid byte or a
/// lone surrogate does not), as dic_token_breaks reads words.
bool in_word_run(const Model& model, char32_t c) noexcept;

/// The word run at the start of `bytes` (after skip_word_run): how many bytes of it are here,
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
