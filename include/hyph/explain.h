// Why a word breaks where it does: the word the engine looks at, the patterns that matched it,
// the whole value vector, what the minimums, an exception or NOHYPHEN changed, and the breaks
// (Hyphenator::explain; `hyphenate --explain`). The text form is doc/explain.md's.
//
//   for (const hyph::WordExplanation& w : hyph::Hyphenator::english().explain("hyphenation"))
//     std::cout << hyph::to_text(w) << '\n';
//   // hyphenation  at=0  word=hyphenation  answer=patterns  mins=2,3  values=003002542020 ...
#pragma once

#include <hyph/breaks.h>
#include <hyph/export.h>
#include <hyph/settings.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace hyph {

/// What answered for a word.
enum class ExplainAnswer {
  patterns,   ///< the patterns (TeX's, or a `.dic` dictionary's levels)
  exception,  ///< an exception (TeX's \hyphenation or a .hyp.txt list): the patterns were not asked
  skipped,    ///< the word rules leave the word alone (WordExplanation::skipped says why)
};

/// One pattern that matched, written as its source writes patterns.
struct ExplainedPattern {
  /// TeX: letters and digits ("hy3ph", ".ach4"), the digits it raises at least (a digit that
  /// a shorter pattern ending at the same letter equals or beats is not shown: the compiled
  /// automaton no longer holds it). libhyphen: its letters and digits in UTF-8, and for a
  /// non-standard pattern "/replacement,start,cut" ("1ff/f=f,1,2"; start and cut as
  /// libhyphen stores them, in characters).
  std::string text;
  /// The character of the word its first letter lies on (a leading '.' is the edge before
  /// character `start`, which is then the start of the word or of its compound part).
  std::size_t start = 0;
  /// libhyphen: 1 for the first level (compounds; without NEXTLEVEL libhyphen's default
  /// "1-1" level), 2 for the second. TeX: 0.
  int level = 0;
};

/// One word as the engine sees it.
struct WordExplanation {
  /// The word's bytes in the text: [offset, offset + text.size()).
  std::size_t offset = 0;
  std::string text;
  /// The word as looked up: lower case, UTF-8 (libhyphen: the spelling sent to the dictionary).
  std::string word;
  /// The offset in the text after each character of the word (its length is the character count).
  std::vector<std::size_t> ends;
  ExplainAnswer answer = ExplainAnswer::patterns;
  /// answer == skipped: "explicit-hyphen", "uchyph", "short", "too-long" or "not-in-charset".
  std::string skipped;
  /// answer == exception: the exception's breaks on the word ("ta-ble").
  std::string exception;
  /// The minimums applied (libhyphen: hyphenate3's, the larger of the caller's and the file's).
  HyphenMins mins;
  /// One value per gap, ends.size() + 1 of them: gap k lies before character k (gap 0 before
  /// the first, the last after the last). TeX: the patterns' values (or 1 at an exception's
  /// breaks, 0 elsewhere). libhyphen: the levels' values, compound parts and compound minimums
  /// applied, before the word's minimums and NOHYPHEN. Empty for a skipped word.
  std::vector<std::uint8_t> values;
  /// The breaks, as Hyphenator::breaks() gives them (offsets into the text).
  std::vector<Break> breaks;
  /// The gaps with an odd value that are no break, and why: "left-min", "right-min",
  /// "nohyphen" (libhyphen), "other" (libhyphen's non-standard breaks at a minimum).
  std::vector<std::pair<std::size_t, std::string>> dropped;
  /// libhyphen: the compound parts its first level cut the word into, as character ranges
  /// [first, second) (one part: the whole word). Empty for TeX.
  std::vector<std::pair<std::size_t, std::size_t>> parts;
  /// The patterns that matched, by level, part, start and length.
  std::vector<ExplainedPattern> patterns;

  /// The gap a break lies at (its character count from the word's start), or ends.size() + 1
  /// if it is not in this word.
  std::size_t gap_of(const Break& b) const noexcept {
    for (std::size_t k = 0; k < ends.size(); ++k)
      if (ends[k] == b.offset) return k + 1;
    return ends.size() + 1;
  }
};

/// The explanation as one line of doc/explain.md's format (without the line end).
HYPH_EXPORT std::string to_text(const WordExplanation& explanation);

}  // namespace hyph
