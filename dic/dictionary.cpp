#include "dic/dictionary.h"

#include "dic/data.h"
#include "dic/fast_path.h"
#include "dic/charset.h"
#include "base/code_point_bytes.h"
#include "base/message.h"
#include "base/utf8.h"

#include <algorithm>
#include <new>

#include <cstring>

namespace hyph::dic {

namespace {

// One step of a level's table walk (DicAutomaton::TableCursor::step) from `state`.
[[maybe_unused]] std::uint16_t step(const LeanLevel& t, std::uint32_t state, unsigned char c) noexcept {
  const std::uint32_t target = t.table[(std::size_t{state} << t.shift) + t.column[c]];
  return static_cast<std::uint16_t>(target < t.states ? target : 0);
}

}  // namespace

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
  for (int k = 0; k < 2; ++k) level[k] = DicAutomaton(parsed.levels[k].patterns, replacements);
  if (!utf8) {
    // Decode every byte once: words then convert without ICU (whose converters are not
    // thread-safe) and without per-word set-up.
    const DicCharset charset(parsed.charset_name());
    if (charset.known() && !charset.utf8()) {
      single_byte = true;
      for (int b = 0; b < 256; ++b) {
        const char byte = static_cast<char>(b);
        const std::string text = charset.to_utf8(std::string_view(&byte, 1));
        const auto* p = reinterpret_cast<const unsigned char*>(text.data());
        const utf8::Decoded d = text.empty() ? utf8::Decoded{utf8::kInvalid, 1} : utf8::decode(p, p + text.size());
        // One byte must give one character: a multi-byte charset is not single-byte.
        if (d.cp != utf8::kInvalid && d.length != text.size()) single_byte = false;
        byte_to_cp[b] = d.cp == 0xFFFD ? utf8::kInvalid : d.cp;
      }
      if (!single_byte) std::fill(std::begin(byte_to_cp), std::end(byte_to_cp), char32_t{0});
    } else if (!charset.known()) {
      // A charset ICU does not know (the reader warns): 2.8.8 reads the file as 8-bit bytes;
      // text is spelled in it as ISO-8859-1, as DicCharset::to_utf8 reads it back.
      single_byte = true;
      for (int b = 0; b < 256; ++b) byte_to_cp[b] = static_cast<char32_t>(b);
    }
  }
  derive();
}

void DictionaryData::derive() {
  if (has_nohyphen) {
    // nohyphenl + 1 elements, each ending in '\0'.
    std::size_t at = 0;
    for (int k = 0; k <= nohyphenl && at < nohyphen.size(); ++k) {
      const std::size_t end = nohyphen.find('\0', at);
      nohyphen_elements.emplace_back(nohyphen.data() + at, end - at);
      if (end > at) nohyphen_first[static_cast<unsigned char>(nohyphen[at])] = true;
      at = end + 1;
    }
  }
  for (int b = 0; b < 256; ++b) {
    const auto c = static_cast<unsigned char>(b);
    const bool slow = b == 0 || (b >= '0' && b <= '9') || level[0].replacement_bytes()[b] || level[1].replacement_bytes()[b];
    fast_flags[b] = static_cast<unsigned char>((slow ? kFastSlow : 0) | (level[0].reads(c) ? kFastFirstLevel : 0) |
                                               (has_nohyphen && nohyphen_first[b] ? kFastNoHyphen : 0) |
                                               (b >= 0x80 ? kFastNonAscii : 0));
  }
  lowercase_flags = fast_flags[std::size_t{'a'}];
  for (int b = 'b'; b <= 'z'; ++b)
    if (fast_flags[b] != lowercase_flags) lowercase_flags = kFastSlow;
  lean_lowercase = !(lowercase_flags & (kFastSlow | kFastFirstLevel)) && !level[0].reads('.');
  derive_lean_walk();
  cp_to_byte.clear();
  if (single_byte) {
    for (int b = 0; b < 256; ++b)
      if (byte_to_cp[b] != utf8::kInvalid) cp_to_byte.emplace_back(byte_to_cp[b], static_cast<unsigned char>(b));
    base::sort_code_point_bytes(cp_to_byte);
  }
}

void DictionaryData::derive_lean_walk() {
  lean = LeanWalk{};
#if defined(__SSE2__)
  // A level's table and the first step from its root, as DicAutomaton::TableCursor takes them
  // (a state past the count, in a damaged file, is the root). False for a level without one.
  auto fill = [](const DicAutomaton& automaton, LeanLevel& t) {
    const DicAutomaton::Image m = automaton.image();
    if (m.delta.empty()) return false;
    t.table = m.delta.data();
    t.column = m.delta_columns;
    t.windows = m.windows.data();
    t.states = static_cast<std::uint32_t>(m.state_count);
    t.windowed = m.windowed;
    t.matches = static_cast<std::uint32_t>(m.matches.size());
    t.shift = m.row_shift;
    t.dot_column = t.column[static_cast<unsigned char>('.')];
    t.dot = step(t, 0, '.');
    t.dot_match = t.table[std::size_t{t.dot} << t.shift];
    return true;
  };
  const bool first_tabled = fill(level[0], lean.level[0]);
  if (!fill(level[1], lean.level[1])) return;
  const LeanLevel& second = lean.level[1];
  for (unsigned x = 'a'; x <= 'z'; ++x) {
    lean.first[x & 31] = step(second, second.dot, static_cast<unsigned char>(x));
    for (unsigned y = 'a'; y <= 'z'; ++y)
      lean.pairs[(x & 31) << 5 | (y & 31)] = step(second, lean.first[x & 31], static_cast<unsigned char>(y));
  }
  lean.letters = lean_lowercase && !(has_nohyphen && (lowercase_flags & kFastNoHyphen));
  lean.ascii = first_tabled;
  for (int b = 0; b < 256; ++b) {
    const unsigned char f = fast_flags[b];
    bool alone = false, longer = false;
    if (has_nohyphen && nohyphen_first[b])
      for (const std::string_view e : nohyphen_elements) {
        alone = alone || (e.size() == 1 && static_cast<unsigned char>(e[0]) == b);
        longer = longer || (e.size() > 1 && static_cast<unsigned char>(e[0]) == b);
      }
    lean.bytes[b] = static_cast<unsigned char>((b >= 'a' && b <= 'z' ? kLeanLetter : 0) | (f & kFastFirstLevel ? kLeanFirstLevel : 0) |
                                               (alone ? kLeanNoHyphen : 0) | (longer ? kLeanNoHyphenStart : 0) |
                                               (f & (kFastSlow | kFastNonAscii) ? kLeanRefused : 0));
  }
#endif
  lean_rows_.reset();
  build_lean_rows();
}

void DictionaryData::build_lean_rows() noexcept {
#if defined(__SSE2__)
  if (!lean.letters) return;
  const LeanLevel& second = lean.level[1];
  // A window's bytes must be digits or 0, as the automaton writes them (a damaged file's other
  // bytes would not keep their order as nibbles).
  for (std::size_t k = 0; k < (std::size_t{second.windowed} + 1) * 16; ++k) {
    const unsigned char c = second.windows[k];
    if (c != 0 && (c < '0' || c > '9')) return;
  }
  std::unique_ptr<LeanRow[]> rows(new (std::nothrow) LeanRow[second.states]);
  if (!rows) return;
  for (std::uint32_t state = 0; state < second.states; ++state) {
    LeanRow& row = rows[state];
    for (unsigned c = 'a'; c <= 'z'; ++c) row.next[c - 'a'] = step(second, state, static_cast<unsigned char>(c));
    row.next[26] = step(second, state, '.');
    row.unwindowed = 0;
    std::memset(row.window, 0, sizeof row.window);
    // The match reached here (the root's is never applied: its column holds 0).
    const std::uint32_t index = second.table[std::size_t{state} << second.shift];
    if (index > second.windowed) {
      row.unwindowed = index - 1u < second.matches ? 1 : 0;
      continue;
    }
    const unsigned char* const window = second.windows + 16 * std::size_t{index};
    for (int j = 0; j < 16; ++j) row.window[j / 2] |= static_cast<unsigned char>((window[j] & 15) << (4 * (j & 1)));
  }
  lean_rows_ = std::move(rows);
#endif
}

Dictionary Dictionary::load(const std::string& path) { return from_bytes(read_dic_file(path), path); }

Dictionary Dictionary::from_bytes(std::string_view bytes, const std::string& name) {
  return from_parsed(read_dic(bytes, name));
}

Dictionary Dictionary::from_parsed(const ParsedDic& parsed) {
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
bool Dictionary::encode(std::string_view utf8_word, std::string& out) const {
  const DictionaryData& d = *data_;
  out.clear();
  if (d.utf8) {
    out.assign(utf8_word);
    return true;
  }
  if (!d.single_byte) return false;
  const auto* p = reinterpret_cast<const unsigned char*>(utf8_word.data());
  const auto* end = p + utf8_word.size();
  while (p < end) {
    const utf8::Decoded c = utf8::decode(p, end);
    if (c.cp == utf8::kInvalid) return false;
    const auto at = std::lower_bound(d.cp_to_byte.begin(), d.cp_to_byte.end(), std::make_pair(c.cp, static_cast<unsigned char>(0)));
    if (at == d.cp_to_byte.end() || at->first != c.cp) return false;
    out += static_cast<char>(at->second);
    p += c.length;
  }
  return true;
}

std::string Dictionary::decode(std::string_view bytes) const {
  const DictionaryData& d = *data_;
  std::string out;
#ifdef HYPH_NO_ICU
  // Without ICU (runtime_only): UTF-8 as DicCharset::to_utf8 reads it; no other multi-byte charset.
  if (d.utf8) {
    for (const auto *p = reinterpret_cast<const unsigned char*>(bytes.data()), *end = p + bytes.size(); p < end;) {
      const utf8::Decoded c = utf8::decode(p, end);
      utf8::append(out, c.cp == utf8::kInvalid ? char32_t{0xFFFD} : c.cp);
      p += c.length;
    }
    return out;
  }
  if (!d.single_byte) base::throw_error(ErrorCode::bad_format, {"the charset ", charset(), " needs ICU (this libhyph is runtime_only)"});
#else
  if (d.utf8 || !d.single_byte) return DicCharset(d.utf8 ? "UTF-8" : charset()).to_utf8(bytes);
#endif
  for (unsigned char b : bytes) utf8::append(out, d.byte_to_cp[b] == utf8::kInvalid ? char32_t{0xFFFD} : d.byte_to_cp[b]);
  return out;
}

bool Dictionary::has_replacements() const noexcept {
  return data_->level[0].has_replacements() || data_->level[1].has_replacements();
}

}  // namespace hyph::dic
