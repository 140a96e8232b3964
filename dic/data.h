// What a hyph::dic::Dictionary holds: the two levels of 2.8.8's pair as flat automata, the
// replacement strings, and HyphenDict's fields.
#pragma once

#include "dic/dictionary.h"
#include "dic/automaton.h"
#include "dic/lean_walk.h"
#include "dic/reader.h"

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hyph::dic {

/// The NOHYPHEN elements a call applies: the dictionary's own, or a caller's (Fields).
struct NoHyphenList {
  bool present = false;                        ///< HyphenDict::nohyphen != NULL
  std::span<const std::string_view> elements;  ///< in order
  const bool* first = nullptr;                 ///< 256 entries: a non-empty element starts with this byte
  bool own = false;                            ///< the dictionary's own list (its per-byte flags apply)
};

struct DictionaryData {
  std::string name;
  std::array<char, kCsetBytes> cset{};
  bool utf8 = false;
  signed char lhmin = 0, rhmin = 0, clhmin = 0, crhmin = 0;
  bool has_nohyphen = false;
  std::string nohyphen;  ///< elements, each followed by '\0'
  int nohyphenl = 0;
  std::vector<std::string_view> nohyphen_elements;  ///< views into `nohyphen`
  bool nohyphen_first[256] = {};  ///< the first bytes of the non-empty NOHYPHEN elements
  bool explicit_nextlevel = false;
  /// What each byte tells the fast path (dic/fast_path.h, kFast*): NUL, digits and the
  /// bytes through which a pattern with a replacement can be reached keep a word off it.
  unsigned char fast_flags[256] = {};
  /// The fast_flags of a word made of 'a'..'z' alone: those letters' flags when all 26 have the
  /// same, else kFastSlow (the fast path then looks each byte up).
  unsigned char lowercase_flags = 0;
  /// A word of 'a'..'z' alone needs the second level only: the fast path's lean form
  /// (dic/fast_path.cpp) can take it. None of those letters may reach a replacement or
  /// the first level, and the first level may not read '.'.
  bool lean_lowercase = false;
  /// The second level's tables for libhyph's own API (dic/lean_walk.h), when it can take
  /// such a word.
  LeanWalk lean;
  /// level[0] is the level 2.8.8 returns; level[1] its nextlevel (second level).
  DicAutomaton level[2];
  std::vector<char> replacements;  ///< '\0'-terminated strings; DicMatch::replacement indexes it
  /// For 8-bit charsets ICU knows: each byte's code point (0xFFFFFFFF: undefined), and the
  /// reverse, sorted by code point. single_byte is false for UTF-8 and unknown charsets.
  bool single_byte = false;
  char32_t byte_to_cp[256] = {};
  std::vector<std::pair<char32_t, unsigned char>> cp_to_byte;

  explicit DictionaryData(const ParsedDic& parsed);
  /// Empty, for the compiled format's loader (engine/compiled_dic.cpp), which fills the
  /// fields, the levels and the byte table, then calls derive().
  DictionaryData() = default;
  /// What follows from the fields, the levels and byte_to_cp: the NOHYPHEN views and flags,
  /// fast_flags and cp_to_byte.
  void derive();
  /// `lean` and its rows, from the second level (a part of derive()).
  void derive_lean_walk();
  /// With lean.letters, the second level's states as LeanRows (a word of letters then reads
  /// one cache line a step, for its next state and its match alike), built by derive() (about
  /// 0.4 ms and 1 MB for English); null without them, or if a window holds a byte that is
  /// neither a digit nor 0 (a damaged file), or memory ran out.
  const LeanRow* lean_rows() const noexcept { return lean_rows_.get(); }
  /// Keeps the bytes the levels read in place alive (a compiled file), or null.
  std::shared_ptr<const void> backing;
  NoHyphenList own_nohyphen() const noexcept { return {has_nohyphen, nohyphen_elements, nohyphen_first, true}; }
  DictionaryData(const DictionaryData&) = delete;
 private:
  void build_lean_rows() noexcept;
  std::unique_ptr<LeanRow[]> lean_rows_;

 public:
  DictionaryData& operator=(const DictionaryData&) = delete;
};

}  // namespace hyph::dic
