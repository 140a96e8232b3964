// Decides one token's breaks from its bytes as they come, for the front ends that cannot hold a
// token whole: TextStream (a token of any length, written in pieces) and UTF-16 text (converted
// to UTF-8 a piece at a time on the stack). Both slide a window of the token's undecided bytes
// along it; this class says, from what the word rules report (Pending), what each look means.
//
//   decided   the breaks stand whatever follows (or the token ends here);
//   watch     they stand unless an explicit hyphen comes later in the token: feed the rest to
//             hyphen_at(), which voids them if one comes;
//   read_on   the word is not complete yet: pass on (and drop) the first passable() bytes,
//             which can take no break and change nothing, and look again with more.
#pragma once

#include "engine/model.h"
#include "engine/token_breaks.h"
#include "patterns/parsed.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace hyph::detail {

class TokenAssembler {
 public:
  enum class Verdict { decided, watch, read_on };

  /// Looks at `held`, the token's bytes not yet passed on (every byte before them is a
  /// non-letter and no explicit hyphen). `complete`: the token ends where `held` ends.
  Verdict look(const Model& model, std::string_view held, bool complete, LookupCounters* counters) noexcept;

  /// After read_on: how many of held's first bytes may be passed on. Without a letter yet,
  /// every complete code point; after one, the bytes before the word's longest tail (a word
  /// has at most 63 letters of at most 4 bytes). With normalization none after a letter: the
  /// normalizing rules may look further back.
  std::size_t passable(std::string_view held) const noexcept;

  /// After watch: the token's next bytes. Returns the offset in `more` of the last byte of
  /// the first explicit hyphen ('-', or U+2013/U+2014 where the model makes them hyphens, whose
  /// bytes may straddle calls), and then the breaks are void; npos if none came.
  std::size_t hyphen_at(std::string_view more) noexcept;

  /// The breaks found, as byte offsets into the `held` of the last look.
  const TokenBreaks& breaks() const noexcept { return found_; }

  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  /// An unfinished word has fewer than 63 letters, each at most 4 bytes, and may be followed
  /// by the first bytes of one more: it lies within the last kWordTail bytes looked at.
  static constexpr std::size_t kWordTail = patterns::kMaxLetters * 4;

 private:
  TokenBreaks found_;
  bool dashes_ = false;    // Model::dash_hyphens of the last look
  bool normalizes_ = false;
  std::uint32_t recent_ = 0;  // while watching: the token's last three bytes
};

}  // namespace hyph::detail
