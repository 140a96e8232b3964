// The common case of libhyphen's hyphenate2/3 on plain pointers (dic/fast_path.cpp):
// words of up to kFastWordBytes bytes that cannot reach a pattern with a replacement.
#pragma once

#include "dic/dictionary.h"

#include <algorithm>
#include <span>
#include <string_view>

namespace hyph::dic {

struct DictionaryData;
struct NoHyphenList;

/// Longer words take the general path (the fast path keeps its recursion's buffers on the stack).
inline constexpr std::size_t kFastWordBytes = 64;

/// DictionaryData::fast_flags: what a byte of a word tells the fast path.
inline constexpr unsigned char kFastSlow = 1;        ///< NUL, digit, or may reach a replacement
inline constexpr unsigned char kFastFirstLevel = 2;  ///< the first level reads it
inline constexpr unsigned char kFastNoHyphen = 4;    ///< a NOHYPHEN element starts with it
inline constexpr unsigned char kFastNonAscii = 8;    ///< >= 0x80

/// The minimums a call applies (already the larger of the caller's and the dictionary's).
struct Limits {
  int lhmin = 0, rhmin = 0, clhmin = 0, crhmin = 0;
};

/// hyphenate3's minimums: the larger of the caller's and `own` (the dictionary's or the
/// struct's fields).
inline Limits at_least(const Minimums& m, const Limits& own) noexcept {
  return {std::max(m.left, own.lhmin), std::max(m.right, own.rhmin), std::max(m.compound_left, own.clhmin),
          std::max(m.compound_right, own.crhmin)};
}

/// One hyphenate2/3 call's arguments (by reference: the call is cheaper than six spans).
struct FastCall {
  std::string_view word;
  std::span<char> hyphens;
  std::span<char> hyphenated;  ///< empty: no hyphenated word
  bool hyphenate3 = false;
  Limits limits;
  const NoHyphenList* nohyphen = nullptr;
};

/// libhyphen's answer into `out` and the buffers, or false (nothing written) when the word is
/// not for the fast path: longer than kFastWordBytes, a NUL, a digit, a byte that may reach a
/// replacement, or a hyphens buffer under word.size() + 5.
bool fast_hyphenate(const DictionaryData& d, const FastCall& call, Outcome& out) noexcept;

}  // namespace hyph::dic
