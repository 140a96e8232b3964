// The one break model of both dialects (TeX's patterns and libhyphen's `.dic` dictionaries):
// where a word may break, how strongly its patterns ask for it, and, for libhyphen's
// non-standard breaks, how the spelling changes when the line breaks there.
//
//   Hungarian "kulissza" breaks as "kulisz-sza": one Break at offset 5 ("kulis|sza") with
//   replaced_before 1 ("s"), replaced_after 2 ("sz"), before "sz", after "sz": the text
//   [offset - replaced_before, offset + replaced_after) = "ssz" is written "sz" + hyphen + "sz".
#pragma once

#include <cstddef>
#include <string_view>

namespace hyph {

struct Break {
  /// Where the break is: a byte offset into the text (a code-unit offset for UTF-16 text).
  std::size_t offset = 0;
  /// The odd pattern value that allows it: 1, 3, 5, 7 or 9 (higher: the patterns insist more,
  /// a priority line breakers may use); a break from an exception gets 1.
  int value = 1;
  /// A non-standard break (libhyphen's rep/pos/cut): the text from offset - replaced_before to
  /// offset + replaced_after (bytes, or code units for UTF-16 text) is spelled `before`, the
  /// hyphen, then `after` when the line breaks here. Both 0 and both texts empty otherwise.
  std::size_t replaced_before = 0;
  std::size_t replaced_after = 0;
  /// UTF-8 text, owned by the hyphenator (valid while it or a copy of it lives).
  std::string_view before;
  std::string_view after;

  /// Whether breaking here changes the spelling (a non-standard break).
  bool changes_spelling() const noexcept { return replaced_before != 0 || replaced_after != 0 || !before.empty() || !after.empty(); }
};

}  // namespace hyph
