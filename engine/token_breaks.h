// TeX's rules for one white-space-free token (tex.web §891–§902): which letters form the
// word it tries, whether it tries at all, and where the breaks go.
#pragma once

#include "engine/model.h"

#include <hyph/hyphenator.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace hyph::detail {


/// What more bytes of the same token could change, for callers that see a token in pieces.
enum class Pending {
  nothing,       ///< the answer stands whatever follows
  word,          ///< no complete word yet: no letter seen, or the word may go on
  hyphen_check,  ///< the breaks stand unless an explicit hyphen ('-'; with Model::dash_hyphens
                 ///< also U+2013, U+2014) follows later in the token
};

/// Room for the breaks of one call: TeX's dialect makes at most kMaxTokenBreaks in a token;
/// libhyphen's (engine/dic_token_breaks.h) fills it word by word and stops early (`more`).
inline constexpr std::size_t kTokenBreaksCapacity = 256;
static_assert(kTokenBreaksCapacity >= kMaxTokenBreaks);

struct TokenBreaks {
  std::size_t offsets[kTokenBreaksCapacity];  // byte offsets into the token, increasing
  std::uint8_t values[kTokenBreaksCapacity];  // each break's odd pattern value (1..9; 1 for an exception)
  std::size_t count = 0;
  Pending pending = Pending::word;
  bool saw_letter = false;
  // libhyphen's dialect only (find_token_breaks clears both for TeX's):
  //  - more: the breaks cover token[0, settled) only; the caller asks again for the rest,
  //    token.substr(settled), as a token of its own (its words never span `settled`);
  //  - settled: with `more`, where the rest begins; otherwise where the last word that could
  //    still grow begins (the breaks before it stand whatever follows), or the token's size;
  //  - replacements: whether replacement[] holds anything (non-standard breaks).
  bool more = false;
  bool replacements = false;
  std::size_t settled = 0;
  // With `replacements`: per break, 1 + the index of its replacement text in the model's
  // DicPart (0: a standard break), and how many bytes of the token before and after the
  // break the replacement takes the place of.
  std::uint32_t replacement[kTokenBreaksCapacity];
  std::uint16_t replaced_before[kTokenBreaksCapacity];
  std::uint16_t replaced_after[kTokenBreaksCapacity];
};

/// Exceptions consulted before the model's own, as if loaded after them (a UserDictionary):
/// the mask stored for a key (built as the model builds exception keys), if any.
class ExtraExceptions {
 public:
  virtual std::optional<std::uint64_t> find(std::string_view key) const noexcept = 0;

 protected:
  ~ExtraExceptions() = default;
};

/// TeX's rules on the token's bytes as they are, without normalization (word_rules.h's
/// find_token_breaks chooses between these and nfc_token_breaks).
void raw_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                      const ExtraExceptions* extra) noexcept;

/// raw_token_breaks's two paths, for tests that hold them to the same answers: the general
/// one, and the one for a token of at most 63 ASCII bytes when the model's symbol table
/// answers for its exceptions (false, nothing written, for any other token).
void general_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                          const ExtraExceptions* extra) noexcept;
bool ascii_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters) noexcept;
/// ascii_token_breaks's two implementations: the portable one, and the one for CPUs with
/// AVX-512 VBMI and VBMI2 (Model::ascii_vector; callable only where ascii_vector_usable()).
/// ascii_token_breaks runs the second when the model allows it.
bool ascii_token_breaks_portable(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters) noexcept;
bool ascii_token_breaks_vector(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters) noexcept;
/// hyphenate_text (engine/word_rules.h) for Hyphenator::hyphenate, Model::ascii_vector only:
/// a text that is one token of at most 63 ASCII bytes (no separator), the commonest call,
/// answered by the vector path, its breaks written straight to `breaks`.
std::size_t hyphenate_text_vector(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                                  LookupCounters* counters) noexcept;
/// Whether this CPU runs ascii_token_breaks_vector (asked once).
bool ascii_vector_usable() noexcept;

/// An explicit hyphen in [p, end): '-', or with `dashes` also U+2013 and U+2014.
bool has_explicit_hyphen(const unsigned char* p, const unsigned char* end, bool dashes) noexcept;

/// The one test of an explicit hyphen as a character: '-', or with `dashes` (Model::dash_hyphens)
/// U+2013 EN DASH and U+2014 EM DASH. The byte-level tests below are this one on UTF-8.
inline bool is_explicit_hyphen(char32_t c, bool dashes) noexcept { return c == U'-' || (dashes && (c == 0x2013 || c == 0x2014)); }

/// U+2013 EN DASH or U+2014 EM DASH starts at p (their UTF-8: E2 80 93, E2 80 94).
inline bool is_dash_at(const unsigned char* p, const unsigned char* end) noexcept {
  return end - p >= 3 && p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0x93 || p[2] == 0x94);
}

}  // namespace hyph::detail
