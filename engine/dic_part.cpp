#include "engine/dic_part.h"

#include "dic/data.h"
#include "engine/model.h"
#include "dic/reader.h"
#include "patterns/unicode_data.h"
#include "base/code_point_bytes.h"
#include "base/message.h"
#include "base/utf8.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace hyph::detail {
namespace {

bool letter_or_mark(char32_t cp) noexcept { return patterns::unicode::letter_or_mark(cp); }

void reject(bool set, const std::string& name, const char* what) {
  if (set)
    base::throw_error(ErrorCode::invalid_argument,
                      {name, ": ", what, " does not apply to libhyphen's dialect (a .dic dictionary has its own rules)"});
}

}  // namespace

std::size_t DicPart::replacement_index(const char* pool) const noexcept {
  const auto at = std::lower_bound(replacements.begin(), replacements.end(), pool,
                                   [](const DicReplacementText& r, const char* p) { return std::less<const char*>()(r.pool, p); });
  return at != replacements.end() && at->pool == pool ? static_cast<std::size_t>(at - replacements.begin()) : replacements.size();
}

unsigned DicPart::encode(char32_t cp, char* out) const noexcept {
  if (dictionary.utf8()) return utf8::encode(cp, reinterpret_cast<unsigned char*>(out));
  if (cp < 256) {
    if (latin1_to_charset[cp] < 0) return 0;
    *out = static_cast<char>(latin1_to_charset[cp]);
    return 1;
  }
  const auto at = std::lower_bound(to_charset.begin(), to_charset.end(), std::make_pair(cp, static_cast<unsigned char>(0)));
  if (at == to_charset.end() || at->first != cp) return 0;
  *out = static_cast<char>(at->second);
  return 1;
}

bool DicPart::is_word_character(char32_t cp) const noexcept {
  if (cp < 128) return ascii_word[cp];
  return letter_or_mark(cp) || std::binary_search(word_characters.begin(), word_characters.end(), cp);
}

namespace {

void check_settings(const Settings& settings, const std::string& name) {
  reject(settings.uchyph.has_value(), name, "\\uchyph");
  reject(settings.letters.has_value(), name, "a letter policy");
  reject(settings.normalization != Normalization::none, name, "NFC normalization");
  reject(!settings.exception_stores.empty(), name, "an exception store");
  check_minimums(settings);
}

// The charset, byte by byte, as Dictionary::encode sees it: a character maps to a byte if
// decoding the byte gives it and encoding it gives the byte back (kInvalid: none). All
// kInvalid for UTF-8 dictionaries.
std::array<char32_t, 256> byte_code_points(const dic::Dictionary& d) {
  std::array<char32_t, 256> byte_cp;
  byte_cp.fill(utf8::kInvalid);
  if (d.utf8()) return byte_cp;
  std::string back;
  for (int b = 0; b < 256; ++b) {
    const char byte = static_cast<char>(b);
    const std::string text = d.decode(std::string_view(&byte, 1));
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    if (text.empty()) continue;
    const utf8::Decoded c = utf8::decode(p, p + text.size());
    if (c.cp == utf8::kInvalid || c.cp == 0xFFFD || c.length != text.size()) continue;
    if (!d.encode(text, back) || back.size() != 1 || back[0] != byte) continue;
    byte_cp[static_cast<std::size_t>(b)] = c.cp;
  }
  return byte_cp;
}

}  // namespace

std::vector<char32_t> dic_word_characters(const dic::ParsedDic& parsed, const dic::Dictionary& d) {
  // The characters of every level's patterns ('.' marks a word's edge, not a character).
  const std::array<char32_t, 256> byte_cp = byte_code_points(d);
  std::vector<char32_t> used;
  for (const dic::DicLevel& level : parsed.levels)
    for (const dic::DicPattern& pattern : level.patterns) {
      const auto* p = reinterpret_cast<const unsigned char*>(pattern.letters.data());
      const auto* end = p + pattern.letters.size();
      while (p < end) {
        char32_t cp;
        if (d.utf8()) {
          const utf8::Decoded c = utf8::decode(p, end);
          cp = c.cp;
          p += c.length;
        } else {
          cp = byte_cp[*p++];
        }
        if (cp != utf8::kInvalid && cp != U'.' && !letter_or_mark(cp)) used.push_back(cp);
      }
    }
  std::sort(used.begin(), used.end());
  used.erase(std::unique(used.begin(), used.end()), used.end());
  return used;
}

DicPart make_dic_part(std::string_view bytes, const std::string& name, const Settings& settings) {
  check_settings(settings, name);
  // Parsed once: the dictionary and its patterns' characters both come from it.
  const dic::ParsedDic parsed = dic::read_dic(bytes, name);
  dic::Dictionary dictionary = dic::Dictionary::from_parsed(parsed);
  std::vector<char32_t> characters = dic_word_characters(parsed, dictionary);
  DicPart part = make_dic_part(std::move(dictionary), std::move(characters), name, settings);
  part.warnings = parsed.warnings;
  return part;
}

DicPart make_dic_part(dic::Dictionary dictionary, std::vector<char32_t> word_characters, const std::string& name,
                      const Settings& settings) {
  check_settings(settings, name);
  DicPart part{.dictionary = std::move(dictionary), .source = name};
  const dic::Dictionary& d = part.dictionary;
  // hyphenate3 takes the larger of the caller's and the dictionary's (2 where both are 0);
  // minimums above 127 say "never" as well as 127 does, in libhyphen's char fields.
  part.minimums.left = std::min(settings.left_min.value_or(0), 127);
  part.minimums.right = std::min(settings.right_min.value_or(0), 127);
  const int left = std::max<int>(part.minimums.left, d.lhmin()), right = std::max<int>(part.minimums.right, d.rhmin());
  part.effective = HyphenMins{left > 0 ? left : 2, right > 0 ? right : 2};

  std::fill(std::begin(part.latin1_to_charset), std::end(part.latin1_to_charset), std::int16_t{-1});
  const std::array<char32_t, 256> byte_cp = byte_code_points(d);
  for (int b = 0; b < 256; ++b) {
    const char32_t cp = byte_cp[static_cast<std::size_t>(b)];
    if (cp == utf8::kInvalid) continue;
    part.to_charset.emplace_back(cp, static_cast<unsigned char>(b));
    if (cp < 256) part.latin1_to_charset[cp] = static_cast<std::int16_t>(b);
  }
  base::sort_code_point_bytes(part.to_charset);

  // hyphenate3's minimums on a word whose bytes are its characters: no break before the
  // left minimum's character, nor within the right minimum of the end (nor before the first).
  for (int n = 0; n < 32; ++n) {
    const int from = std::min(part.effective.left - 1, n), to = std::max(1, n - part.effective.right);
    part.breakable[n] = static_cast<std::uint32_t>(((std::uint64_t{1} << to) - 1) & ~((std::uint64_t{1} << from) - 1));
  }
  part.word_characters = std::move(word_characters);
  for (char32_t c = 0; c < 128; ++c)
    part.ascii_word[c] = letter_or_mark(c) || std::binary_search(part.word_characters.begin(), part.word_characters.end(), c);
  part.plain_ascii_letters = true;
  for (char32_t c = U'a'; c <= U'z'; ++c)
    part.plain_ascii_letters = part.plain_ascii_letters && part.ascii_word[c] && part.ascii_word[c - 32] &&
                               (d.utf8() || part.latin1_to_charset[c] == static_cast<std::int16_t>(c));
  for (char32_t c = 0; c < 128; ++c) {
    const char32_t lower = c - U'A' < 26u ? c + 32 : c;
    part.ascii_plain[c] = part.plain_ascii_letters && part.ascii_word[c] && !(c >= U'0' && c <= U'9') &&
                          (d.utf8() || part.latin1_to_charset[lower] == static_cast<std::int16_t>(lower));
  }

  // The replacement texts, in UTF-8, split at their '=' (the break).
  const std::vector<char>& pool = d.data().replacements;
  for (std::size_t at = 0; at < pool.size();) {
    const std::string_view text(pool.data() + at);
    const std::string utf8_text = d.decode(text);
    const std::size_t eq = utf8_text.find('=');
    DicReplacementText r{.pool = pool.data() + at};
    r.before = utf8_text.substr(0, eq);
    if (eq != std::string::npos) r.after = utf8_text.substr(eq + 1);
    part.replacements.push_back(std::move(r));
    at += text.size() + 1;
  }
  return part;
}

}  // namespace hyph::detail
