// libhyphen's dialect, word by word: a `.dic` dictionary loaded once (immutable, thread-safe,
// cheap to copy) and the answers of Debian's libhyphen 2.8.8 for one word, written into
// caller-provided buffers with libhyphen's layout. This is the layer a drop-in libhyphen
// (hnj_hyphen_*) stands on; it never allocates on the common path (words of up to
// kStackWordBytes bytes, no compound recursion deeper than a few levels).
//
// Words are bytes in the dictionary's own charset (Dictionary::charset()), already lower
// case, as libhyphen's callers pass them. Where 2.8.8 reads or writes out of bounds, loops or
// aborts on a malformed dictionary or word, these functions give a bounded answer instead
// (upstream's later fixes show the intent) and never crash.
#pragma once

#include <hyph/error.h>

#include <array>
#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace hyph::dic {

struct ParsedDic;       // dic/reader.h
struct DictionaryData;  // dic/data.h: the levels, automata and replacement strings

/// Words of up to this many bytes are hyphenated with stack scratch only.
inline constexpr std::size_t kStackWordBytes = 256;

/// HyphenDict::cset's size in libhyphen 2.8.8 (MAX_NAME).
inline constexpr std::size_t kCsetBytes = 20;

/// One non-standard break at a position, libhyphen's rep[i], pos[i], cut[i]. `text` is the
/// replacement in the dictionary's charset with '=' at the break ("sz=sz"); it points into the
/// Dictionary (valid while any copy of it lives). An empty `text` with data() == nullptr is
/// libhyphen's NULL entry (no replacement at this position).
struct Replacement {
  std::string_view text;
  int pos = 0;  ///< how far before the break the change starts (characters in UTF-8 dictionaries)
  int cut = 0;  ///< how many characters (bytes in 8-bit dictionaries) of the word it replaces
  bool present() const noexcept { return text.data() != nullptr; }
};

/// What a hyphenate2/hyphenate3 call produced besides the buffers' contents.
struct Outcome {
  /// What hnj_hyphen_hyphenate2/3 return: 0, or 1 when a UTF-8 dictionary is given a word whose
  /// first byte is a UTF-8 continuation byte (then libhyphen skips its per-character
  /// normalisation: hyphens and replacements stay per byte).
  int status = 0;
  /// Whether libhyphen would have allocated rep/pos/cut (it does so as soon as any level records
  /// a non-standard break, even one the minimums remove later). When true, replacements[0,
  /// positions) hold libhyphen's rep/pos/cut; when false, the replacement span was not touched.
  bool replacements = false;
  /// Entries of the hyphens vector that describe the word: its characters in a UTF-8 dictionary
  /// (status 0), else its bytes. hyphens[positions] is '\0'.
  std::size_t positions = 0;
  /// Length of the hyphenated word libhyphen writes (without its '\0'), if one was asked for.
  std::size_t hyphenated_size = 0;
};

/// The caller's minimums for hyphenate3 (libhyphen takes the larger of each and the
/// dictionary's own; 0 means "the dictionary's").
struct Minimums {
  int left = 0;
  int right = 0;
  int compound_left = 0;
  int compound_right = 0;
};

/// The HyphenDict fields libhyphen reads on every call, which a client may change after
/// loading: the minimums as the struct holds them, and its NOHYPHEN block (nullptr, or
/// nohyphenl + 1 elements each ending in '\0', back to back).
struct Fields {
  int lhmin = 0, rhmin = 0, clhmin = 0, crhmin = 0;
  const char* nohyphen = nullptr;
  int nohyphenl = 0;
};

/// A loaded `.dic` dictionary. Copies share the same immutable data.
///
/// Its members are defined by job, in three files: dictionary.cpp loads it and answers what
/// HyphenDict holds (and the charset conversions); hyphenate.cpp answers the hyphenate calls
/// (hyphenate, hyphenate2/3 and their _with forms, hyphenate_levels) as 2.8.8 does, step by
/// step, after trying the fast path; fast_path.cpp answers hyphenate_common, the fast path
/// alone (its steps inlined into it). The steps after the levels are steps.h's.
class Dictionary {
 public:
  /// Reads the file at `path`. Throws hyph::Error (ErrorCode::io) when it cannot be read, and
  /// hyph::ParseError ("file:line:column: reason") for bytes invalid in the declared charset.
  static Dictionary load(const std::string& path);
  /// Reads a dictionary from memory; `name` names it in error messages.
  static Dictionary from_bytes(std::string_view bytes, const std::string& name);
  /// Builds it from a parsed dictionary (dic::read_dic's answer).
  static Dictionary from_parsed(const ParsedDic& parsed);

  // ---- What HyphenDict holds after hnj_hyphen_load (the level libhyphen returns) ----

  /// HyphenDict::cset exactly: the first line's first 19 bytes, CR and LF turned into '\0',
  /// zero-filled.
  const std::array<char, kCsetBytes>& cset() const noexcept;
  /// cset() up to its first '\0' (e.g. "UTF-8", "ISO8859-1").
  std::string_view charset() const noexcept;
  /// HyphenDict::utf8: whether charset() is exactly "UTF-8".
  bool utf8() const noexcept;
  /// HyphenDict::lhmin, rhmin, clhmin, crhmin: as libhyphen stores them (char; without a
  /// NEXTLEVEL line the compound ones default to the plain ones, else 3).
  signed char lhmin() const noexcept;
  signed char rhmin() const noexcept;
  signed char clhmin() const noexcept;
  signed char crhmin() const noexcept;
  /// HyphenDict::nohyphen: nullptr, or the NOHYPHEN elements, each ending in '\0', back to back
  /// (nohyphen_count() of them); nohyphen_bytes() is the whole block, for a drop-in to copy.
  /// Without NEXTLEVEL these are libhyphen's implicit ones ("'", "-", and in UTF-8 files
  /// U+2013 and U+2019), as 2.8.8 returns the default level.
  const char* nohyphen() const noexcept;
  std::string_view nohyphen_bytes() const noexcept;
  /// HyphenDict::nohyphenl: the number of elements minus one (0 when nohyphen() is nullptr).
  int nohyphenl() const noexcept;
  /// The NOHYPHEN elements as views (for the main engine and tests).
  std::size_t nohyphen_count() const noexcept;
  std::string_view nohyphen_element(std::size_t i) const noexcept;

  // ---- Hyphenating one word (bytes in charset(), lower case) ----
  //
  // hyphens must hold at least word.size() + 5 bytes (libhyphen's rule). It receives
  // libhyphen's vector: one '0'..'9' per position (odd = break after that character), '\0'
  // after the last position; hyphenate3 writes '\0' (not '0') where NOHYPHEN removed a break,
  // as 2.8.8 does.
  //
  // hyphenated, if not empty, receives libhyphen's hyphenated word ('=' at each break,
  // replacements spelled out), '\0'-terminated, cut to hyphenated.size() - 1 bytes if longer
  // (Outcome::hyphenated_size tells the full length). Pass an empty span for NULL.
  //
  // replacements: empty for a caller that passed rep/pos/cut as NULL (libhyphen then records no
  // non-standard breaks, which changes compound answers as it does in 2.8.8); otherwise at
  // least word.size() entries, written only when Outcome::replacements is true.

  /// hnj_hyphen_hyphenate (the old API): the returned level's patterns only, no minimums, no
  /// NOHYPHEN, no non-standard patterns; the vector stays per byte even in UTF-8. Returns 0.
  int hyphenate(std::string_view word, std::span<char> hyphens) const noexcept;

  /// hnj_hyphen_hyphenate2: the dictionary's own minimums (2 where unset).
  Outcome hyphenate2(std::string_view word, std::span<char> hyphens, std::span<char> hyphenated,
                     std::span<Replacement> replacements) const noexcept;

  /// hyphenate2 (minimums null) or hyphenate3 for the common word alone (short, no NUL or
  /// digit, reaching no replacement): true with the call's return value in `status`, or false,
  /// nothing written, for any other word (the caller then calls hyphenate2 or hyphenate3). The
  /// drop-in tries this first: it needs no replacement slots and reads no Outcome.
  bool hyphenate_common(std::string_view word, std::span<char> hyphens, std::span<char> hyphenated,
                        const Minimums* minimums, int& status) const noexcept;

  /// hnj_hyphen_hyphenate3: the larger of the caller's and the dictionary's minimums. Note
  /// 2.8.8 writes the hyphenated word before it applies NOHYPHEN here (the hyphenated word
  /// can show breaks the vector does not); this reproduces that.
  Outcome hyphenate3(std::string_view word, std::span<char> hyphens, std::span<char> hyphenated,
                     std::span<Replacement> replacements, const Minimums& minimums) const noexcept;

  /// The fields as loaded (nohyphen points into the dictionary).
  Fields fields() const noexcept;
  /// hyphenate2 and hyphenate3 with the caller's fields instead of the loaded ones, as
  /// libhyphen answers after a client changed HyphenDict's minimums or NOHYPHEN list (lowered
  /// minimums too). The block is read like libhyphen reads it (nohyphenl + 1 elements); a
  /// list equal to the loaded one costs nothing more. Throws std::bad_alloc only.
  Outcome hyphenate2_with(std::string_view word, std::span<char> hyphens, std::span<char> hyphenated,
                          std::span<Replacement> replacements, const Fields& fields) const;
  Outcome hyphenate3_with(std::string_view word, std::span<char> hyphens, std::span<char> hyphenated,
                          std::span<Replacement> replacements, const Minimums& minimums, const Fields& fields) const;

  /// hnj_hyphen_hyph_: the pattern levels alone (the compound recursion with the given compound
  /// minimums, applied at a part's left / right edge unless it is the word's: left_end /
  /// right_end), before the word's minimums, NOHYPHEN, the hyphenated word and the UTF-8
  /// normalisation. hyphens stays per byte ('\0' after the word); Outcome::positions is the
  /// byte count and Outcome::status 0.
  Outcome hyphenate_levels(std::string_view word, std::span<char> hyphens, std::span<Replacement> replacements,
                           int clhmin, int crhmin, bool left_end, bool right_end) const noexcept;

  // ---- Between Unicode text and the dictionary's charset (for the main engine) ----

  /// The word (UTF-8) in the dictionary's charset, as hyphenate2/3 want it. False when a
  /// character has no byte in an 8-bit charset, or the charset is one ICU does not know (or
  /// not a single-byte one) and the dictionary is not UTF-8; `out` is then unspecified.
  /// UTF-8 dictionaries take the bytes as they are. Thread-safe, no ICU call per word.
  bool encode(std::string_view utf8_word, std::string& out) const;
  /// Bytes in the dictionary's charset (a replacement, a word) as UTF-8; bytes the charset
  /// does not define become U+FFFD.
  std::string decode(std::string_view bytes) const;

  /// Whether any pattern of any level carries a replacement (so a client can skip rep/pos/cut).
  bool has_replacements() const noexcept;

  /// A dictionary over data already built (the compiled format's loader).
  static Dictionary from_data(std::shared_ptr<const DictionaryData> data) { return Dictionary(std::move(data)); }
  /// The internal data, for the main engine and tests.
  const DictionaryData& data() const noexcept { return *data_; }

 private:
  explicit Dictionary(std::shared_ptr<const DictionaryData> data) : data_(std::move(data)) {}
  std::shared_ptr<const DictionaryData> data_;
};

}  // namespace hyph::dic
