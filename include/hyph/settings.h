// The vocabulary every load speaks: sources and their formats, letter policies,
// normalization, minimums and the settings of a load. Below hyph/hyphenator.h, so that the
// rooms under the engine (patterns/) can name these types without including the front door.
#pragma once

#include <hyph/exceptions.h>
#include <hyph/export.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace hyph {

/// TeX's \lefthyphenmin and \righthyphenmin.
struct HyphenMins {
  int left = 2;
  int right = 3;
};

/// How a source's text is to be read.
enum class SourceFormat {
  detect,          ///< from the name: *.pat.txt, *.hyp.txt, *.tex; otherwise from the content
  pattern_list,    ///< hyph-utf8 hyph-*.pat.txt: patterns separated by white space
  exception_list,  ///< hyph-utf8 hyph-*.hyp.txt: words with '-' at the allowed points
  tex,             ///< TeX source with \patterns{...} and/or \hyphenation{...}
};

/// One pattern or exception source: a name for messages, its bytes and its format.
struct HYPH_EXPORT Source {
  std::string name;
  std::string text;
  SourceFormat format = SourceFormat::detect;

  /// Reads a file; throws Error(ErrorCode::io) naming the file if it cannot.
  static Source file(const std::filesystem::path& path, SourceFormat format = SourceFormat::detect);
};

/// Which characters are letters in the text (TeX: those with a non-zero \lccode) and what
/// their lower case is; see README, "What is a word".
enum class LetterPolicy {
  /// 8-bit TeX with plain's \lccode table: the letters the patterns and exceptions use, plus
  /// their upper- and title-case forms (an ASCII letter pairs only with ASCII); every other
  /// character is a non-letter. English under plain TeX: a-z and A-Z.
  pattern_letters,
  /// Unicode TeX as XeTeX's and LuaTeX's standard formats set it up (load-unicode-data.tex):
  /// every letter (L*) and mark (M*) of Unicode is a letter, lower-cased by its simple
  /// lower-case mapping (Ll, Lm, Lo and marks are their own lower case), and so is any other
  /// character that has a lower-case mapping (e.g. U+2160 ROMAN NUMERAL ONE). A letter the
  /// patterns never use still belongs to the word. Pattern-only letters without such an
  /// \lccode (the apostrophes of hyph-utf8's French, Greek... patterns, ZWJ/ZWNJ) are not
  /// letters in the text, as in XeTeX, where the loaders set them only while loading. As in
  /// XeTeX's format (\XeTeXdashbreakstate=1), U+2013 EN DASH and U+2014 EM DASH act like an
  /// explicit hyphen.
  unicode,
};

/// Text that is not in Unicode Normalization Form C; see README, "What is a word".
enum class Normalization {
  /// As TeX: the text as it is. A decomposed "é" (e, U+0301 COMBINING ACUTE ACCENT) is two
  /// characters, and patterns written with "é" do not match it.
  none,
  /// Each word is looked at in NFC (ICU), from the start of its first letter's normalization
  /// segment, for at most 4 KiB; breaks are mapped back to the text, whose bytes stay as they
  /// are (a break inside a span NFC changed, which patterns cannot ask for, is dropped).
  /// With it, hyphenate() may allocate.
  nfc,
};

/// Whose minimums a libhyphen `.dic` dictionary is answered with (Hyphenator::load_dic).
enum class DicMinimums {
  /// libhyphen's hnj_hyphen_hyphenate3: the larger of Settings' left_min / right_min and the
  /// file's LEFTHYPHENMIN / RIGHTHYPHENMIN.
  larger,
  /// Settings' alone, as pyphen applies them: the file is answered as libhyphen answers it
  /// without its LEFTHYPHENMIN and RIGHTHYPHENMIN lines (2 where Settings leave one unset).
  settings_only,
};

/// Everything a load can be told. Unset values take the language's own defaults.
struct Settings {
  /// \lefthyphenmin: 0 acts as 1 and values above 63 as 63, as in TeX; a negative value is
  /// refused by every loader (Error(invalid_argument)), as the command line refuses it.
  std::optional<int> left_min;
  std::optional<int> right_min;  ///< \righthyphenmin; likewise
  /// TeX's \uchyph: if <= 0, words whose first letter is upper case are not hyphenated.
  /// Default: TeX's 1, or what a compiled file says (load_compiled).
  std::optional<int> uchyph;
  /// Letters in the text. Default: pattern_letters for load() and english(), the language's
  /// own for language() (unicode for hyph-utf8 languages).
  std::optional<LetterPolicy> letters;
  Normalization normalization = Normalization::none;
  ExceptionOptions exceptions;
  /// Compiled exception dictionaries (`hyph-store` files, doc/exception-store-format.md),
  /// mapped read-only, not parsed. They answer as their sources would if loaded after every
  /// other source, in this order: a word in a later store replaces the same word earlier.
  /// Their letters join the language's letters, as an exception source's do. Loading throws
  /// Error(ErrorCode::io) for a file that cannot be read, Error(ErrorCode::bad_format) for
  /// one that is not a valid store.
  std::vector<std::filesystem::path> exception_stores;
  /// Only for load_dic(): whether the file's own minimums count.
  DicMinimums dic_minimums = DicMinimums::larger;
};

/// What a load falls back to where Settings leave a value unset: plain TeX's values, unless
/// the source says otherwise (a compiled file's header, a language's hyph-utf8 minimums).
struct LoadDefaults {
  HyphenMins mins{2, 3};  ///< plain TeX's \lefthyphenmin and \righthyphenmin
  int uchyph = 1;         ///< TeX's \uchyph
  LetterPolicy letters = LetterPolicy::pattern_letters;
};
inline constexpr LoadDefaults kPlainTexDefaults{};

}  // namespace hyph
