// TeX's rules for one white-space-free token (tex.web §891–§902): which letters form the
// word it tries, whether it tries at all, and where the breaks go.
#pragma once

#include "engine/model.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace hyph::detail {

/// At most this many breaks in one token (63 letters have 62 gaps).
inline constexpr std::size_t kMaxTokenBreaks = 62;

/// What more bytes of the same token could change, for callers that see a token in pieces.
enum class Pending {
  nothing,       ///< the answer stands whatever follows
  word,          ///< no complete word yet: no letter seen, or the word may go on
  hyphen_check,  ///< the breaks stand unless an explicit hyphen ('-'; with Model::dash_hyphens
                 ///< also U+2013, U+2014) follows later in the token
};

struct TokenBreaks {
  std::size_t offsets[kMaxTokenBreaks];  // byte offsets into the token, increasing
  std::size_t count = 0;
  Pending pending = Pending::word;
  bool saw_letter = false;
};

/// Exceptions consulted before the model's own, as if loaded after them (a UserDictionary):
/// the mask stored for a key (built as the model builds exception keys), if any.
class ExtraExceptions {
 public:
  virtual std::optional<std::uint64_t> find(std::string_view key) const noexcept = 0;

 protected:
  ~ExtraExceptions() = default;
};

/// Finds the breaks TeX makes in `token`, which must not contain white space, taking the
/// token to end where `token` ends; `pending` tells what longer input could change.
/// `extra`, if given, answers for a word before the model's exceptions.
void find_token_breaks(const Model& model, std::string_view token, TokenBreaks& out,
                       LookupCounters* counters, const ExtraExceptions* extra = nullptr) noexcept;

/// find_token_breaks without normalization: TeX's rules on the token's bytes as they are.
void raw_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                      const ExtraExceptions* extra) noexcept;

/// An explicit hyphen in [p, end): '-', or with `dashes` also U+2013 and U+2014.
bool has_explicit_hyphen(const unsigned char* p, const unsigned char* end, bool dashes) noexcept;

/// Hyphenator::hyphenate's work, with optional extra exceptions.
std::size_t hyphenate_text(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                           LookupCounters* counters, const ExtraExceptions* extra) noexcept;

/// U+2013 EN DASH or U+2014 EM DASH starts at p (their UTF-8: E2 80 93, E2 80 94).
inline bool is_dash_at(const unsigned char* p, const unsigned char* end) noexcept {
  return end - p >= 3 && p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0x93 || p[2] == 0x94);
}

/// TeX's word separators: the characters that become glue (space, tab, line ends, form
/// feed; vertical tab too, as a line end).
inline bool is_word_separator(unsigned char byte) noexcept {
  // One shift and test instead of six compares: bit b set for each separator byte b < 64.
  constexpr std::uint64_t kSeparators = 1ull << ' ' | 1ull << '\t' | 1ull << '\n' | 1ull << '\r' | 1ull << '\f' | 1ull << '\v';
  return byte < 64 && ((kSeparators >> byte) & 1) != 0;
}

}  // namespace hyph::detail
