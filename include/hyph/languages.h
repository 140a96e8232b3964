// Languages by tag: the embedded plain-TeX English, and the hyph-utf8 patterns installed on
// this machine (TeX Live's texlive-lang-* packages) or in folders the caller names.
//
//   for (const auto& l : hyph::list_languages()) std::cout << l.tag << " " << l.name << "\n";
//   hyph::Hyphenator de = hyph::Hyphenator::language("de-1996");
//   de.hyphenated("Silbentrennung");                 // "Sil-ben-tren-nung", as XeTeX
//
// A hyph-utf8 language TAG is the file hyph-TAG.pat.txt (with hyph-TAG.hyp.txt, its
// exceptions, if there is one). Its \lefthyphenmin and \righthyphenmin are hyph-utf8's own
// typesetting values, read from the `hyphenmins:` block in the header of hyph-TAG.tex, and its
// letters are Unicode TeX's (LetterPolicy::unicode). "en-us" (also "en") is Knuth's
// hyphen.tex, embedded, exactly as plain TeX; hyph-utf8's different American English set,
// hyph-en-us.pat.txt, is "hyph-utf8:en-us". Any hyph-utf8 language may be asked for as
// "hyph-utf8:TAG". Tags are matched ignoring case, with '_' taken as '-'.
//
// LibreOffice/libhyphen `.dic` dictionaries are "hyphen:TAG" (libhyphen's dialect,
// Dialect::libhyphen): the file hyph_TAG.dic, e.g. "hyphen:de_DE", found in
// LanguageSearch::directories, then the folders in HYPH_DICTIONARIES (':'-separated), then
// /usr/share/hyphen (unless HYPH_NO_SYSTEM_DIRS is set). As in pyphen, "hyphen:hu" is the
// first Hungarian dictionary and "hyphen:de_CH_x" falls back to de_CH, then de.
#pragma once

#include <hyph/export.h>
#include <hyph/hyphenator.h>

#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hyph {

/// Where hyph-utf8 pattern files are looked for. A folder may hold hyph-*.pat.txt itself, or be
/// hyph-utf8's `patterns` folder (with txt/ and tex/), or a TeX tree (texmf-dist) that has
/// tex/generic/hyph-utf8/patterns. The first folder that has a tag wins.
struct LanguageSearch {
  /// Looked at first, in order. Each must be a folder: pattern_directories(), list_languages(),
  /// find_language() and load_language() throw Error(ErrorCode::io) naming one that is not.
  std::vector<std::filesystem::path> directories;
  bool environment = true;  ///< then the folders in HYPH_PATTERNS_DIR (separated by ':'; missing ones are skipped)
  /// then TeX Live's: `kpsewhich -var-value` TEXMFLOCAL and TEXMFDIST if kpsewhich is on
  /// PATH, and the usual places (/usr/share/texlive/texmf-dist, /usr/share/texmf-dist,
  /// /usr/local/texlive/*/texmf-dist, /Library/TeX/Root/texmf-dist). With `environment`, the
  /// variable HYPH_NO_SYSTEM_DIRS set to anything but "" turns this off, as it does for the
  /// "hyphen:" dictionaries' /usr/share/hyphen.
  bool system = true;
};

struct LanguageInfo {
  std::string tag;   ///< what Hyphenator::language() accepts, e.g. "de-1996"
  std::string name;  ///< e.g. "German, reformed spelling" (hyph-utf8's `language: name:`)
  HyphenMins mins;   ///< \lefthyphenmin, \righthyphenmin
  /// Whether `mins` are hyph-utf8's typesetting values from the .tex header; if there is no
  /// header with them, `mins` are TeX's plain values 2 and 3.
  bool mins_from_metadata = false;
  LetterPolicy letters = LetterPolicy::unicode;
  bool embedded = false;                ///< the built-in plain-TeX "en-us"
  std::filesystem::path patterns;       ///< hyph-TAG.pat.txt (empty if embedded)
  std::filesystem::path exceptions;     ///< hyph-TAG.hyp.txt, or empty if there is none
  std::filesystem::path metadata;       ///< hyph-TAG.tex the minimums came from, or empty
  /// Dialect::libhyphen for a "hyphen:" dictionary: `patterns` is its .dic file, `mins` the
  /// minimums it declares (2 where it declares none: hyphenate3's), `metadata` the .dic too.
  Dialect dialect = Dialect::tex;
};

/// The folders that are looked in, in order, after removing duplicates and missing ones (of
/// HYPH_PATTERNS_DIR and the system's; a missing one of `search.directories` is an error).
HYPH_EXPORT std::vector<std::filesystem::path> pattern_directories(const LanguageSearch& search = {});

/// Every language available: the embedded "en-us" first, then hyph-utf8's, sorted by tag, then
/// the "hyphen:" dictionaries, sorted by tag.
HYPH_EXPORT std::vector<LanguageInfo> list_languages(const LanguageSearch& search = {});

/// The language with this tag. Throws Error(ErrorCode::unknown_language) with a message that
/// names near matches (same prefix, small edit distance, or the name contains the tag).
HYPH_EXPORT LanguageInfo find_language(std::string_view tag, const LanguageSearch& search = {});

/// Loads a language found by find_language(): its patterns and exceptions, then `extra`.
/// Unset `settings` take the language's minimums and letter policy.
HYPH_EXPORT Hyphenator load_language(std::string_view tag, const Settings& settings = {}, std::span<const Source> extra = {},
                         const LanguageSearch& search = {});

}  // namespace hyph
