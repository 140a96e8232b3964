#include "engine/dic_dictionary.h"

#include "engine/dic_data.h"

#include <cstring>

namespace hyph::dic {

DictionaryData::DictionaryData(const ParsedDic& parsed)
    : name(parsed.name), cset(parsed.cset), utf8(parsed.utf8), explicit_nextlevel(parsed.explicit_nextlevel) {
  const DicLevel& top = parsed.levels[0];
  lhmin = top.lhmin;
  rhmin = top.rhmin;
  clhmin = top.clhmin;
  crhmin = top.crhmin;
  has_nohyphen = top.has_nohyphen;
  nohyphenl = top.nohyphenl;
  nohyphen = top.nohyphen;
  if (has_nohyphen) {
    // nohyphenl + 1 elements, each ending in '\0'.
    std::size_t at = 0;
    for (int k = 0; k <= nohyphenl && at < nohyphen.size(); ++k) {
      const std::size_t end = nohyphen.find('\0', at);
      nohyphen_elements.emplace_back(nohyphen.data() + at, end - at);
      at = end + 1;
    }
  }
  for (int k = 0; k < 2; ++k) level[k] = DicAutomaton(parsed.levels[k].patterns, replacements);
  for (std::size_t at = 0; at < replacements.size();) {
    const std::size_t length = std::strlen(replacements.data() + at);
    longest_replacement = std::max(longest_replacement, length);
    at += length + 1;
  }
}

Dictionary Dictionary::load(const std::string& path) { return from_bytes(read_dic_file(path), path); }

Dictionary Dictionary::from_bytes(std::string_view bytes, const std::string& name) {
  const ParsedDic parsed = read_dic(bytes, name);
  return Dictionary(std::make_shared<const DictionaryData>(parsed));
}

const std::array<char, kCsetBytes>& Dictionary::cset() const noexcept { return data_->cset; }
std::string_view Dictionary::charset() const noexcept {
  return {data_->cset.data(), ::strnlen(data_->cset.data(), data_->cset.size())};
}
bool Dictionary::utf8() const noexcept { return data_->utf8; }
signed char Dictionary::lhmin() const noexcept { return data_->lhmin; }
signed char Dictionary::rhmin() const noexcept { return data_->rhmin; }
signed char Dictionary::clhmin() const noexcept { return data_->clhmin; }
signed char Dictionary::crhmin() const noexcept { return data_->crhmin; }
const char* Dictionary::nohyphen() const noexcept { return data_->has_nohyphen ? data_->nohyphen.c_str() : nullptr; }
std::string_view Dictionary::nohyphen_bytes() const noexcept {
  return data_->has_nohyphen ? std::string_view(data_->nohyphen) : std::string_view();
}
int Dictionary::nohyphenl() const noexcept { return data_->has_nohyphen ? data_->nohyphenl : 0; }
std::size_t Dictionary::nohyphen_count() const noexcept { return data_->nohyphen_elements.size(); }
std::string_view Dictionary::nohyphen_element(std::size_t i) const noexcept { return data_->nohyphen_elements[i]; }
bool Dictionary::has_replacements() const noexcept {
  return data_->level[0].has_replacements() || data_->level[1].has_replacements();
}

}  // namespace hyph::dic
