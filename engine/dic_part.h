// What a model of libhyphen's dialect holds besides the dictionary: the characters that make
// words, the table from Unicode to the dictionary's charset, its replacement texts in UTF-8,
// and the minimums hnj_hyphen_hyphenate3 is given. Built once at load; immutable.
#pragma once

#include "dic/dictionary.h"
#include "dic/reader.h"
#include "engine/model.h"

#include <hyph/settings.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hyph::detail {

/// A run of more letters than this is not hyphenated (its breaks would not fit one call's
/// TokenBreaks; libhyphen's callers do not send such words either).
inline constexpr std::size_t kDicMaxWordChars = 200;

/// A replacement ("sz=sz" in the dictionary's charset) split at its '=' and in UTF-8.
struct DicReplacementText {
  const char* pool = nullptr;  ///< where the dictionary keeps it: hyphenate3's Replacement::text
  std::string before = {};
  std::string after = {};
};

struct DicPart {
  dic::Dictionary dictionary;
  std::string source;      ///< the file (or name) it was loaded from
  dic::Minimums minimums = {};  ///< what hyphenate3 is given (0: the dictionary's own)
  HyphenMins effective = {};    ///< what hyphenate3 then applies: the larger one, 2 where both are unset
  /// Characters its patterns use that are not Unicode letters or marks (an apostrophe, '-'
  /// from libhyphen's default level): they belong to words too. Sorted.
  std::vector<char32_t> word_characters = {};
  /// For an 8-bit dictionary: each character it can spell and its byte, sorted; and the bytes
  /// of U+0000..U+00FF directly (-1: none). Empty for UTF-8 dictionaries.
  std::vector<std::pair<char32_t, unsigned char>> to_charset = {};
  std::int16_t latin1_to_charset[256] = {};
  bool ascii_word[128] = {};  ///< is_word_character for ASCII, looked up
  /// Every ASCII letter is a word character and 'a'..'z' are spelled as themselves (UTF-8, or
  /// an 8-bit charset that keeps ASCII): a word of ASCII letters is its lower-case bytes.
  bool plain_ascii_letters = false;
  /// The ASCII bytes dic_one_word takes as they are (upper-case letters lowered): word
  /// characters spelled in the dictionary's charset as their own lower-case byte. Only where
  /// plain_ascii_letters holds; never a digit.
  bool ascii_plain[128] = {};
  /// For a word of n characters (n <= 31), the characters after which `effective` allows a
  /// break: bit i for the break after character i + 1 (dic_one_word's lean walk).
  std::uint32_t breakable[32] = {};
  /// Every replacement text, sorted by `pool`.
  std::vector<DicReplacementText> replacements = {};
  /// What the reader warned about (dic::ParsedDic::warnings); none for a compiled dictionary.
  std::vector<Warning> warnings = {};

  /// The index in `replacements` of a Replacement::text hyphenate3 gave; replacements.size() if none.
  std::size_t replacement_index(const char* pool) const noexcept;
  /// A code point in the dictionary's charset (appended to `out` at `at`, at most 4 bytes);
  /// the number of bytes, 0 when it cannot be spelled there.
  unsigned encode(char32_t cp, char* out) const noexcept;
  bool is_word_character(char32_t cp) const noexcept;
};

/// The part of a model of libhyphen's dialect (Model::dialect_data, set by assemble()).
inline const DicPart& dic_part_of(const Model& model) noexcept { return *static_cast<const DicPart*>(model.dialect_data.get()); }

/// Builds the part for a dictionary from its source bytes. Settings: left_min and right_min go
/// to hyphenate3 (which takes the larger of them and the dictionary's); uchyph, letters, NFC
/// and exception stores do not apply to this dialect (Error(invalid_argument) if set).
DicPart make_dic_part(std::string_view bytes, const std::string& name, const Settings& settings);
/// The same from a dictionary already built and its patterns' word characters (the compiled
/// format keeps both).
DicPart make_dic_part(dic::Dictionary dictionary, std::vector<char32_t> word_characters, const std::string& name,
                      const Settings& settings);
/// The characters of the patterns that are not letters or marks (DicPart::word_characters).
std::vector<char32_t> dic_word_characters(const dic::ParsedDic& parsed, const dic::Dictionary& dictionary);

}  // namespace hyph::detail
