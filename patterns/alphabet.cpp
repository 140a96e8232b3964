#include "patterns/alphabet.h"

#include "patterns/letter_rules.h"
#include "patterns/unicode_data.h"
#include "base/hex.h"
#include "base/message.h"
#include "base/utf8.h"

#include <hyph/error.h>

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

namespace hyph::patterns {

// The vectors an Alphabet built from sources reads through its spans.
struct Alphabet::Owned {
  std::vector<char32_t> letters;
  std::vector<PackedUtf8> utf8;
  std::vector<std::uint32_t> direct;
  std::vector<OtherLetter> others;
};

namespace {

PackedUtf8 pack(char32_t c) {
  const std::string bytes = utf8::encode(std::u32string_view(&c, 1));
  PackedUtf8 packed{{}, static_cast<std::uint8_t>(bytes.size())};
  std::memcpy(packed.bytes, bytes.data(), bytes.size());
  return packed;
}

// 8-bit TeX's direct table ends after its last letter, rounded up to this many entries
// (at least kAscii, which classify_ascii() relies on).
constexpr std::size_t kDirectStep = 128;
static_assert(kDirectStep >= Alphabet::kAscii);

std::string hex(char32_t cp) { return base::hex_code_point(cp); }

[[noreturn]] void bad(base::MessagePieces what) { base::throw_error(ErrorCode::bad_format, what); }
[[noreturn]] void bad(const char* what) { bad(base::MessagePieces{what}); }

// Unicode TeX's \lccode of every code point below kDirect that has one, as (lccode, code
// point) pairs sorted by lccode; computed once. A Unicode alphabet's direct table then
// costs a pass over them and a search per letter, not kDirect ICU queries per load.
const std::vector<std::pair<char32_t, char32_t>>& direct_lccodes() {
  static const std::vector<std::pair<char32_t, char32_t>> pairs = [] {
    std::vector<std::pair<char32_t, char32_t>> v;
    for (char32_t cp = 0; cp < Alphabet::kDirect; ++cp)
      if (const char32_t lc = unicode_tex_lccode(cp)) v.emplace_back(lc, cp);
    std::sort(v.begin(), v.end());
    return v;
  }();
  return pairs;
}

}  // namespace

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

  auto owned = std::make_shared<Owned>();
  Alphabet a;
  a.unicode_ = policy == LetterPolicy::unicode;
  owned->letters.push_back(kEdge);
  owned->utf8.push_back({{'.'}, 1});
  for (char32_t c : lower) {
    owned->letters.push_back(c);
    owned->utf8.push_back(pack(c));
  }
  if (a.unicode_) {
    // One more symbol, last (kOtherLetter sorts after every code point), for the letters
    // no pattern uses; its key byte 0xFF never occurs in valid UTF-8, so no exception matches.
    a.other_ = static_cast<Symbol>(owned->letters.size());
    owned->letters.push_back(kOtherLetter);
    owned->utf8.push_back({{'\xFF'}, 1});
  }
  // The letters are final: symbol_of() and unicode_letter() may read them from here on.
  a.letters_ = owned->letters;
  a.utf8_ = owned->utf8;

  std::vector<std::uint32_t>& direct = owned->direct;
  std::vector<OtherLetter>& others = owned->others;
  direct.assign(kDirect, 0);
  auto add_input = [&](char32_t cp, Symbol s, bool is_lower) {
    const std::uint32_t entry = s | (s != 0 && is_lower ? 1u << 16 : 0u);
    if (cp < kDirect) {
      direct[cp] = entry;
      return;
    }
    for (OtherLetter& o : others)
      if (o.code == cp) {
        o.entry = entry;
        return;
      }
    others.push_back({cp, entry});
  };

  if (a.unicode_) {
    // As unicode_letter() answers: a code point with an \lccode is other_letter(), unless
    // that \lccode is one of our letters; it is lower case if it is its own \lccode.
    const auto& pairs = direct_lccodes();
    for (const auto& [lc, cp] : pairs) direct[cp] = a.other_ | (lc == cp ? 1u << 16 : 0u);
    for (Symbol s = 1; s < a.other_; ++s) {
      auto it = std::lower_bound(pairs.begin(), pairs.end(), std::pair<char32_t, char32_t>(a.letters_[s], 0));
      for (; it != pairs.end() && it->first == a.letters_[s]; ++it) direct[it->second] = s | (it->first == it->second ? 1u << 16 : 0u);
    }
  } else {
    for (Symbol s = 1; s < a.letters_.size(); ++s) add_input(a.letters_[s], s, true);
    // Upper- and title-case forms: those whose simple lower case is one of our letters.
    for (Symbol s = 1; s < a.letters_.size(); ++s) {
      const char32_t c = a.letters_[s];
      // An ASCII letter's only other case is its ASCII upper case.
      const std::vector<char32_t> variants = c < 0x80 ? std::vector<char32_t>{c - U'a' < 26u ? c - 32 : c} : unicode::case_closure(c);
      for (char32_t v : variants)
        if (v != c && !lower.contains(v) && unicode::lower(v) == c) add_input(v, s, false);
    }
  }
  // \lccode assignments win over the derived rules, as the last assignment does in TeX.
  for (const ParsedSource& src : sources)
    for (const LcCode& l : src.lccodes) {
      Symbol s = l.lower == 0 ? 0 : a.symbol_of(l.lower);
      if (l.lower != 0 && s == 0) s = a.other_;
      add_input(l.code, s, l.code == l.lower);
    }
  // '-' is the font's \hyphenchar: TeX puts a discretionary after it, which ends any word,
  // so it is never a letter of the text even when patterns use it (pt, ru, uk...).
  direct[U'-'] = 0;
  std::sort(others.begin(), others.end(), [](const OtherLetter& x, const OtherLetter& y) { return x.code < y.code; });
  if (!a.unicode_) {
    // Beyond its last letter, 8-bit TeX's table would hold only zeros, which classify_slow()
    // answers as well: keep it short (one cache line pair for English instead of 48 KiB).
    std::size_t used = kDirect;
    while (used > 0 && direct[used - 1] == 0) --used;
    direct.resize(std::max(kDirectStep, (used + kDirectStep - 1) / kDirectStep * kDirectStep));
  }
  a.direct_ = direct;
  a.others_ = others;
  a.owner_ = std::move(owned);
  return a;
}

Alphabet Alphabet::view(const Tables& t, LetterPolicy policy, std::shared_ptr<const void> owner) {
  const bool unicode = policy == LetterPolicy::unicode;
  const std::size_t n = t.letters.size();
  if (n < (unicode ? 2u : 1u) || n > 0xFFFF) bad({"symbol count ", n, " out of range"});
  if (t.utf8.size() != n) bad({"the UTF-8 table has ", t.utf8.size(), " entries for ", n, " symbols"});
  if (t.letters[0] != kEdge) bad("symbol 0 is not the word edge '.'");
  const std::size_t real_end = unicode ? n - 1 : n;  // symbols [1, real_end) are letters
  if (unicode && t.letters[n - 1] != kOtherLetter) bad("the last symbol is not the other-letter symbol");
  for (std::size_t s = 1; s < real_end; ++s) {
    const char32_t c = t.letters[s];
    if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) bad({"symbol ", s, " is not a code point"});
    if (s > 1 && c <= t.letters[s - 1]) bad({"letters are not in ascending order at symbol ", s});
  }
  for (std::size_t s = 0; s < n; ++s) {
    const PackedUtf8 want = s == 0 ? PackedUtf8{{'.'}, 1} : s < real_end ? pack(t.letters[s]) : PackedUtf8{{'\xFF'}, 1};
    if (std::memcmp(&want, &t.utf8[s], sizeof want) != 0) bad({"symbol ", s, ": its UTF-8 does not match its letter"});
  }
  if (t.direct.size() < kAscii || t.direct.size() > kDirect || (unicode && t.direct.size() != kDirect))
    bad({"the direct table has ", t.direct.size(), " entries"});
  // An entry is symbol | is_lower << 16: a symbol in range, is_lower 0 or 1, and 0 for a non-letter.
  auto check_entry = [&](std::uint32_t e, char32_t cp) {
    const std::uint32_t s = e & 0xFFFF, lower = e >> 16;
    if (s >= n || lower > 1 || (s == 0 && lower != 0)) bad({"letter entry ", e, " of U+", hex(cp), " out of range"});
  };
  for (std::size_t cp = 0; cp < t.direct.size(); ++cp) check_entry(t.direct[cp], static_cast<char32_t>(cp));
  if (t.direct.size() > U'-' && t.direct[U'-'] != 0) bad("'-' is a letter");
  for (std::size_t k = 0; k < t.others.size(); ++k) {
    const OtherLetter& o = t.others[k];
    if (o.code < kDirect || o.code > 0x10FFFF || (k > 0 && o.code <= t.others[k - 1].code))
      bad({"other letters are not ascending code points from U+3000 at entry ", k});
    check_entry(o.entry, o.code);
  }

  Alphabet a;
  a.owner_ = std::move(owner);
  a.unicode_ = unicode;
  a.other_ = unicode ? static_cast<Symbol>(n - 1) : 0;
  a.letters_ = t.letters;
  a.utf8_ = t.utf8;
  a.direct_ = t.direct;
  a.others_ = t.others;
  return a;
}

LetterInfo Alphabet::unicode_letter(char32_t cp) const noexcept {
  const char32_t lc = unicode_tex_lccode(cp);
  if (lc == 0) return {};
  const Symbol s = symbol_of(lc);
  return {s != 0 ? s : other_, lc == cp};
}

LetterInfo Alphabet::classify_slow(char32_t cp) const noexcept {
  auto it = std::lower_bound(others_.begin(), others_.end(), cp, [](const OtherLetter& o, char32_t c) { return o.code < c; });
  if (it == others_.end() || it->code != cp) return unicode_ ? unicode_letter(cp) : LetterInfo{};
  return {static_cast<Symbol>(it->entry & 0xFFFF), (it->entry >> 16) != 0};
}

Symbol Alphabet::symbol_of(char32_t lower) const noexcept {
  if (letters_.empty()) return 0;
  auto it = std::lower_bound(letters_.begin() + 1, letters_.end(), lower);
  if (it == letters_.end() || *it != lower) return 0;
  return static_cast<Symbol>(it - letters_.begin());
}

}  // namespace hyph::patterns
