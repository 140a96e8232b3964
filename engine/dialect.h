// The dialect seam: what differs between TeX's word rules and libhyphen's, as one table per
// dialect (engine/dialect.cpp), chosen once when the model is assembled (engine/model.cpp) and
// read through Model::rules. Nothing else in the engine asks which dialect a model is.
//
//   TeX's word:      tex_token_breaks       engine/tex_token_breaks.cpp (tex.web §891–§902)
//   a .dic word:     dic_token_breaks       engine/dic_token_breaks.cpp (hnj_hyphen_hyphenate3)
//
// A third dialect adds its own files and one table here; the other two stay as they are. The
// table is read once per call or per token, never per letter: a dialect's loops are its own.
#pragma once

#include "patterns/parsed.h"

#include <hyph/breaks.h>
#include <hyph/explain.h>
#include <hyph/hyphenator.h>

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hyph {
struct LanguageInfo;  // hyph/languages.h
}  // namespace hyph

namespace hyph::detail {

struct Model;  // engine/model.h

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

/// The breaks a dialect's token rule finds in one token (or the part of it one call covers).
struct TokenBreaks {
  std::size_t offsets[kTokenBreaksCapacity];  // byte offsets into the token, increasing
  std::uint8_t values[kTokenBreaksCapacity];  // each break's odd pattern value (1..9; 1 for an exception)
  std::size_t count = 0;
  Pending pending = Pending::word;
  bool saw_letter = false;
  // A dialect whose words may not all fit one call (libhyphen's; TeX's clears both):
  //  - more: the breaks cover token[0, settled) only; the caller asks again for the rest,
  //    token.substr(settled), as a token of its own (its words never span `settled`);
  //  - settled: with `more`, where the rest begins; otherwise where the last word that could
  //    still grow begins (the breaks before it stand whatever follows), or the token's size;
  //  - replacements: whether replacement[] holds anything (non-standard breaks).
  bool more = false;
  bool replacements = false;
  std::size_t settled = 0;
  // With `replacements`: per break, 1 + the index of its replacement text (DialectRules::
  // replacement reads it; 0: a standard break), and how many bytes of the token before and
  // after the break the replacement takes the place of.
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

/// How to go on after a look at the bytes held of a token (its start, or what is left of it).
enum class PieceNext {
  done,           ///< the token ended with these bytes: every break found stands
  read_on,        ///< keep the bytes from `decided` on, add more of the token, look again
  ask_again,      ///< (the breaks did not all fit: TokenBreaks::more) look again at once at the
                  ///< bytes from `decided` on; adding more of the token first does no harm
  copy_rest,      ///< every break found stands; the rest of the token gets none
  unless_hyphen,  ///< every break found stands unless an explicit hyphen comes later in the token
                  ///< (then none does); the rest of the token gets none
  skip_word_run,  ///< the bytes held are one run of word characters (DialectRules::in_word_run),
                  ///< too long to be a word: it gets no breaks up to its end, then read on
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

/// A word a user dictionary is given ("hy-phen-ation"): its key, built as the dialect's token
/// rule builds the keys it looks up, and the breaks its '-' mark (bit n: after n + 1 letters).
struct UserWord {
  std::string key;
  std::uint64_t mask = 0;
};

/// The longest word (in UTF-8 bytes) DialectRules::whole_word is given: the UTF-16 front end
/// converts a word in one piece of this size.
inline constexpr std::size_t kWholeWordBytes = 1020;

/// One dialect: every place where the two dialects differ. Functions that may be null say so.
struct DialectRules {
  /// What Hyphenator::dialect() answers.
  Dialect id;

  /// The token rule: the breaks of one white-space-free token, taken to end where `token` ends;
  /// `extra`, if given, answers for a word before the model's exceptions.
  void (*token_breaks)(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                       const ExtraExceptions* extra) noexcept;
  /// The whole-text loop's try for a token before token_breaks (null: none): false, nothing
  /// written, for a token it does not take. Not used with extra exceptions.
  bool (*short_token)(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters) noexcept;
  /// Whether a token of fewer bytes than the two minimums together has no break whatever the
  /// exceptions (TeX's §902: a word of fewer letters is not hyphenated; a letter is a byte or
  /// more): the whole-text loop then passes it by.
  bool short_tokens_unbroken;
  /// Hyphenator::hyphenate's path (null: hyphenate_text, engine/word_rules.h): the number of
  /// breaks, those that fit written to `breaks`. A text that is one word takes its lean path;
  /// it hands any other text to hyphenate_text itself, in a tail call, so that the commonest
  /// call passes through no frame that saves registers.
  std::size_t (*one_word)(const Model& model, std::string_view text, std::span<std::size_t> breaks,
                          LookupCounters* counters) noexcept;
  /// Hyphenator::word_breaks: the breaks of a word taken whole, as libhyphen's callers cut it
  /// (null: a word is read as text, token by token). A word of more than kWholeWordBytes
  /// bytes gets none.
  void (*whole_word)(const Model& model, std::string_view word, TokenBreaks& out) noexcept;
  /// How to go on after token_breaks looked at `held`, the bytes of a long token held so far
  /// (`token_ends`: the token ends with them).
  PieceStep (*piece_step)(std::string_view held, bool token_ends, const TokenBreaks& found) noexcept;
  /// For skip_word_run: whether `c` continues a run of word characters (null: the dialect
  /// never asks for skip_word_run).
  bool (*in_word_run)(const Model& model, char32_t c) noexcept;
  /// The text of the k-th replacement (TokenBreaks::replacement - 1) written into `b` (null:
  /// the dialect has no replacements).
  void (*replacement)(const Model& model, std::uint32_t k, Break& b) noexcept;
  /// A user dictionary's word, or Error(invalid_argument / bad_utf8) naming what is wrong.
  UserWord (*parse_user_word)(const Model& model, std::string_view text);
  /// Hyphenator::explain on one token at `base` in the text.
  void (*explain_token)(const Model& model, std::string_view token, std::size_t base, std::vector<WordExplanation>& out);
  /// The compiled form (doc/compiled-format.md); `tag`, `name` and `layout` as
  /// Hyphenator::write_compiled takes them, where the dialect's format has them.
  void (*write_compiled)(const Model& model, std::string_view tag, std::string_view name, CompiledLayout layout, std::ostream& out);
  /// load_language for a language of the registry in this dialect (`asked`: the tag as the
  /// caller gave it, for messages), labelled with its tag and name.
  Hyphenator (*load_language)(const LanguageInfo& language, std::string_view asked, const Settings& settings,
                              std::span<const Source> extra);
};

/// TeX's dialect: its portable table, the one for CPUs with AVX-512 VBMI and VBMI2 (chosen
/// by the assembler when Model::ascii_vector holds), the one for the avx2 tier
/// (Model::ascii_avx2) and the one for the sse2 tier (Model::ascii_sse2).
extern const DialectRules kTexRules;
extern const DialectRules kTexVectorRules;
extern const DialectRules kTexAvx2Rules;
extern const DialectRules kTexSse2Rules;
/// libhyphen's dialect (a `.dic` dictionary, engine/dic_part.h).
extern const DialectRules kDicRules;

/// The table of a dialect by its public name (for what is not a model yet: a registry entry).
const DialectRules& rules_for(Dialect id) noexcept;

}  // namespace hyph::detail
