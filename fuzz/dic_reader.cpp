// Fuzz target: libhyphen `.dic` dictionaries. The input is the file. A load either fails with
// ParseError/Error (bytes invalid in the declared charset) or gives a dictionary whose three
// hyphenate calls, on words made of its patterns' bytes and with a sweep of minimums, return
// without crashing, stay inside the caller's buffers and keep libhyphen's contracts: one value
// per position, '\0' after the last, replacements only where the vector has a break.
#include "dic/dictionary.h"

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

void hyphenate_all(const hyph::dic::Dictionary& d, const std::string& word) {
  const std::size_t n = word.size();
  // Guard bytes after each buffer catch a write past what the contract allows.
  std::vector<char> hyphens(n + 5 + 8, '\x7f');
  std::vector<char> out(2 * n + 64 + 8, '\x7f');
  std::vector<hyph::dic::Replacement> reps(n + 1);
  const std::span<char> hy(hyphens.data(), n + 5);
  const std::span<char> hw(out.data(), 2 * n + 64);
  d.hyphenate(word, hy);
  const hyph::dic::Minimums sweep[] = {{0, 0, 0, 0}, {1, 1, 1, 1}, {3, 2, 2, 3}};
  for (int call = 0; call < 4; ++call) {
    const auto o = call == 0 ? d.hyphenate2(word, hy, hw, reps) : d.hyphenate3(word, hy, hw, reps, sweep[call - 1]);
    check(o.positions <= n);
    check(hyphens[o.positions] == '\0');
    check(o.hyphenated_size == 0 || out[std::min(o.hyphenated_size, hw.size() - 1)] == '\0');
  }
  for (std::size_t k = n + 5; k < hyphens.size(); ++k) check(hyphens[k] == '\x7f');
  for (std::size_t k = 2 * n + 64; k < out.size(); ++k) check(out[k] == '\x7f');
  d.hyphenate2(word, hy, {}, {});
  // The level entry point (hnj_hyphen_hyph_) and a caller's own fields (lowered minimums, a
  // NOHYPHEN list of its own) keep to the same buffers.
  const auto levels = d.hyphenate_levels(word, hy, reps, 2, 2, false, false);
  check(levels.positions == n && hyphens[n] == '\0');
  static const char kOwnNoHyphen[] = "a\0-";
  const hyph::dic::Fields own{1, 1, 1, 1, kOwnNoHyphen, 1};
  const auto o = d.hyphenate2_with(word, hy, hw, reps, own);
  check(o.positions <= n && hyphens[o.positions] == '\0');
  d.hyphenate3_with(word, hy, hw, reps, sweep[2], own);
  for (std::size_t k = n + 5; k < hyphens.size(); ++k) check(hyphens[k] == '\x7f');
  for (std::size_t k = 2 * n + 64; k < out.size(); ++k) check(out[k] == '\x7f');
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::optional<hyph::dic::Dictionary> dict;
  try {
    dict = hyph::dic::Dictionary::from_bytes(text, "fuzz.dic");
  } catch (const hyph::ParseError& e) {
    check(std::string(e.what()).rfind("fuzz.dic:", 0) == 0);
    return 0;
  } catch (const hyph::Error&) {
    return 0;
  }
  // Words: each line's bytes above ' ' without digits, '.' and what follows a '/', alone and
  // glued to the next line's, and the whole of the first 200 bytes.
  std::vector<std::string> words;
  std::string current;
  bool skip = false;
  for (char c : text.substr(0, 4096)) {
    if (c == '\n') {
      if (!current.empty()) words.push_back(current);
      current.clear();
      skip = false;
    } else if (c == '/') {
      skip = true;
    } else if (!skip && static_cast<unsigned char>(c) > ' ' && c != '.' && !(c >= '0' && c <= '9')) {
      current += c;
    }
  }
  if (!current.empty()) words.push_back(current);
  const std::size_t count = std::min<std::size_t>(words.size(), 48);
  for (std::size_t k = 0; k < count; ++k) {
    hyphenate_all(*dict, words[k]);
    if (k + 1 < count) hyphenate_all(*dict, words[k] + words[k + 1]);
  }
  hyphenate_all(*dict, text.substr(0, std::min<std::size_t>(text.size(), 200)));
  hyphenate_all(*dict, "");
  return 0;
}
