#include "patterns/alphabet.h"

#include "patterns/letter_rules.h"
#include "patterns/utf8.h"

#include <hyph/error.h>

#include <algorithm>
#include <set>

#include <unicode/uchar.h>
#include <unicode/uniset.h>

namespace hyph::patterns {

Alphabet Alphabet::from(std::span<const ParsedSource> sources, LetterPolicy policy) {
  std::set<char32_t> lower;
  for (const ParsedSource& s : sources) {
    for (const Pattern& p : s.patterns)
      for (char32_t c : p.letters)
        if (c != kEdge) lower.insert(c);
    for (const Exception& e : s.exceptions) lower.insert(e.letters.begin(), e.letters.end());
    for (const LcCode& l : s.lccodes)
      if (l.lower != 0) lower.insert(l.lower);
  }
  if (lower.size() >= 0xFFFE) throw Error(ErrorCode::capacity, "more than 65533 distinct letters");

  Alphabet a;
  a.unicode_ = policy == LetterPolicy::unicode;
  a.letters_.push_back(kEdge);
  a.utf8_.push_back({{'.'}, 1});
  a.direct_.assign(kDirect, 0);
  for (char32_t c : lower) {
    a.letters_.push_back(c);
    const std::string bytes = utf8::encode(std::u32string_view(&c, 1));
    PackedUtf8 packed{{}, static_cast<std::uint8_t>(bytes.size())};
    std::memcpy(packed.bytes, bytes.data(), bytes.size());
    a.utf8_.push_back(packed);
  }

  if (a.unicode_) {
    // One more symbol, last (kOtherLetter sorts after every code point), for the letters
    // no pattern uses; its key byte 0xFF never occurs in valid UTF-8, so no exception matches.
    a.other_ = static_cast<Symbol>(a.letters_.size());
    a.letters_.push_back(kOtherLetter);
    a.utf8_.push_back({{'\xFF'}, 1});
    for (char32_t cp = 0; cp < kDirect; ++cp) {
      const LetterInfo info = a.unicode_letter(cp);
      a.direct_[cp] = info.symbol | (info.is_lower ? 1u << 16 : 0u);
    }
  } else {
    for (Symbol s = 1; s < a.letters_.size(); ++s) a.add_input(a.letters_[s], s, true);
    // Upper- and title-case forms: those whose simple lower case is one of our letters.
    for (Symbol s = 1; s < a.letters_.size(); ++s) {
      const char32_t c = a.letters_[s];
      std::vector<char32_t> variants;
      if (c < 0x80) {
        variants.push_back(static_cast<char32_t>(u_toupper(static_cast<UChar32>(c))));
      } else {
        icu::UnicodeSet closure(static_cast<UChar32>(c), static_cast<UChar32>(c));
        closure.closeOver(USET_CASE_INSENSITIVE);
        for (int32_t i = 0; i < closure.getRangeCount(); ++i)
          for (UChar32 v = closure.getRangeStart(i); v <= closure.getRangeEnd(i); ++v) variants.push_back(static_cast<char32_t>(v));
      }
      for (char32_t v : variants)
        if (v != c && !lower.contains(v) && static_cast<char32_t>(u_tolower(static_cast<UChar32>(v))) == c) a.add_input(v, s, false);
    }
  }
  // \lccode assignments win over the derived rules, as the last assignment does in TeX.
  for (const ParsedSource& src : sources)
    for (const LcCode& l : src.lccodes) {
      Symbol s = l.lower == 0 ? 0 : a.symbol_of(l.lower);
      if (l.lower != 0 && s == 0) s = a.other_;
      a.add_input(l.code, s, l.code == l.lower);
    }
  // '-' is the font's \hyphenchar: TeX puts a discretionary after it, which ends any word,
  // so it is never a letter of the text even when patterns use it (pt, ru, uk...).
  a.direct_[U'-'] = 0;
  std::sort(a.others_.begin(), a.others_.end());
  return a;
}

LetterInfo Alphabet::unicode_letter(char32_t cp) const noexcept {
  const char32_t lc = unicode_tex_lccode(cp);
  if (lc == 0) return {};
  const Symbol s = symbol_of(lc);
  return {s != 0 ? s : other_, lc == cp};
}

void Alphabet::add_input(char32_t cp, Symbol s, bool is_lower) {
  const std::uint32_t entry = s | (s != 0 && is_lower ? 1u << 16 : 0u);
  if (cp < kDirect) {
    direct_[cp] = entry;
    return;
  }
  for (auto& [code, e] : others_)
    if (code == cp) {
      e = entry;
      return;
    }
  others_.emplace_back(cp, entry);
}

LetterInfo Alphabet::classify_slow(char32_t cp) const noexcept {
  auto it = std::lower_bound(others_.begin(), others_.end(), std::pair<char32_t, std::uint32_t>(cp, 0));
  if (it == others_.end() || it->first != cp) return unicode_ ? unicode_letter(cp) : LetterInfo{};
  return {static_cast<Symbol>(it->second & 0xFFFF), (it->second >> 16) != 0};
}

Symbol Alphabet::symbol_of(char32_t lower) const noexcept {
  auto it = std::lower_bound(letters_.begin() + 1, letters_.end(), lower);
  if (it == letters_.end() || *it != lower) return 0;
  return static_cast<Symbol>(it - letters_.begin());
}

}  // namespace hyph::patterns
