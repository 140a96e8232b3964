// What a hyph::dic::Dictionary holds: the two levels of 2.8.8's pair as flat automata, the
// replacement strings, and HyphenDict's fields.
#pragma once

#include "engine/dic_dictionary.h"
#include "patterns/dic_automaton.h"
#include "patterns/dic_reader.h"

#include <string>
#include <vector>

namespace hyph::dic {

struct DictionaryData {
  std::string name;
  std::array<char, kCsetBytes> cset{};
  bool utf8 = false;
  signed char lhmin = 0, rhmin = 0, clhmin = 0, crhmin = 0;
  bool has_nohyphen = false;
  std::string nohyphen;  ///< elements, each followed by '\0'
  int nohyphenl = 0;
  std::vector<std::string_view> nohyphen_elements;  ///< views into `nohyphen`
  bool explicit_nextlevel = false;
  /// level[0] is the level 2.8.8 returns; level[1] its nextlevel (second level).
  DicAutomaton level[2];
  std::vector<char> replacements;  ///< '\0'-terminated strings; DicMatch::replacement indexes it
  std::size_t longest_replacement = 0;

  explicit DictionaryData(const ParsedDic& parsed);
  DictionaryData(const DictionaryData&) = delete;
  DictionaryData& operator=(const DictionaryData&) = delete;
};

}  // namespace hyph::dic
