// Reads libhyphen's `.dic` dictionaries as Debian's libhyphen 2.8.8 does (hyphen.c's
// hnj_hyphen_load_file and hnj_hyphen_load_line), into a parsed form of raw bytes in the
// file's charset. What 2.8.8 accepts is accepted; the only errors are a file that cannot be
// read and bytes invalid in the declared charset (file:line:column, as the TeX readers give).
//
// 2.8.8's quirks kept on purpose, because they decide its answers:
//  - lines are read with fgets into 100 bytes (the first into 20): a longer line is read as
//    several lines of at most 99 bytes, each then a pattern, a keyword or (with '%') a comment;
//  - only '%' starts a comment; a line beginning with '#' is a pattern;
//  - a pattern's letters are its bytes above ' ' that are not digits, up to the first byte at
//    or below ' '; a '/' anywhere in the line starts a replacement;
//  - a later pattern with the same letters replaces an earlier one;
//  - without a NEXTLEVEL line, the file's patterns become the second level under a default
//    first level ("1-1", "1'1", in UTF-8 also U+2013 and U+2019) whose NOHYPHEN is "'" and "-"
//    (in UTF-8 also U+2013 and U+2019), and the file's own NOHYPHEN is not used.
#pragma once

#include <hyph/error.h>

#include <array>
#include <cstring>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hyph::dic {

/// One pattern as 2.8.8 stores it in its state: `letters` (the state's key), `digits` (the
/// '0'..'9' characters libhyphen calls its match: leading zeros dropped for a standard
/// pattern, only a leading '.''s digit dropped for a non-standard one) and the replacement.
struct DicPattern {
  std::string letters;
  std::string digits;
  bool has_replacement = false;
  std::string replacement;      ///< "sz=sz": bytes, '=' at the break
  signed char index = 0;        ///< replindex (bytes from the pattern's start, as 2.8.8 converts it)
  signed char cut = 0;          ///< replcut
  std::size_t line = 0;         ///< the physical line it came from (0: an implicit default pattern)
};

/// One level (one HyphenDict of 2.8.8's pair).
struct DicLevel {
  std::vector<DicPattern> patterns;  ///< in file order; for equal letters the last counts
  signed char lhmin = 0, rhmin = 0, clhmin = 0, crhmin = 0;
  bool has_nohyphen = false;         ///< HyphenDict::nohyphen != NULL
  std::string nohyphen;              ///< the elements, each followed by '\0'
  int nohyphenl = 0;                 ///< elements - 1
};

struct ParsedDic {
  std::string name;
  std::array<char, 20> cset{};  ///< HyphenDict::cset
  bool utf8 = false;
  /// levels[0] is the level 2.8.8 returns (its HyphenDict), levels[1] its nextlevel.
  /// Without NEXTLEVEL: levels[0] is the default level, levels[1] the file's patterns.
  DicLevel levels[2];
  bool explicit_nextlevel = false;  ///< the file had a NEXTLEVEL line
  /// What 2.8.8 accepts without a word but is likely not a dictionary: a first line that names
  /// no charset ICU knows (read as 8-bit bytes, as 2.8.8 does), no pattern that can break.
  std::vector<Warning> warnings;
  std::string charset_name() const { return std::string(cset.data(), ::strnlen(cset.data(), cset.size())); }
};

/// Parses a dictionary's bytes. Throws ParseError for bytes invalid in the declared charset;
/// every other file loads, as in 2.8.8, some with warnings.
ParsedDic read_dic(std::string_view bytes, const std::string& name);

/// Reads a whole file (base::read_text_file: directories and devices refused, a pipe read up to
/// base::kMaxPipedSource bytes); throws Error(io) if it cannot.
std::string read_dic_file(const std::string& path);

}  // namespace hyph::dic
