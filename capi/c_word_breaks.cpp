// The C API's breaks of one word cut by the caller (hyph_word_breaks, include/hyph/hyph.h),
// as libhyphen's callers hand words to hnj_hyphen_hyphenate3.
#include <hyph/hyph.h>

#include "c_convert.h"
#include "c_errors.h"

#include <hyph/hyphenator.h>
#include <hyph/settings.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <string_view>

using namespace hyph::detail::capi;

namespace {

// A word of libhyphen's dialect has at most 200 characters (hyph/hyphenator.h, word_breaks),
// so at most 199 breaks: they fit on the stack.
constexpr std::size_t kMaxDicWordBreaks = 200;

// hyph_word_breaks's work for a UTF-8 or UTF-16 word (snprintf-like into breaks[capacity]).
template <class Word>
std::size_t word_breaks_of(const hyph::Hyphenator& hyphenator, Word word, hyph_break* breaks, std::size_t capacity) noexcept {
  if (!breaks) capacity = 0;
  if (hyphenator.dialect() != hyph::Dialect::libhyphen) {
    // TeX's dialect: word_breaks is breaks(word), which may have any number of breaks.
    std::size_t total = 0;
    hyphenator.for_each_break(word, [&](const hyph::Break& b) noexcept {
      if (total < capacity) breaks[total] = to_c(b);
      ++total;
    });
    return total;
  }
  std::array<hyph::Break, kMaxDicWordBreaks> found;
  const std::size_t total = hyphenator.word_breaks(word, found);
  const std::size_t written = std::min({total, capacity, found.size()});
  for (std::size_t k = 0; k < written; ++k) breaks[k] = to_c(found[k]);
  return total;
}

}  // namespace

extern "C" {

size_t hyph_word_breaks(const hyph_hyphenator* h, const char* word, size_t length, hyph_break* breaks,
                        size_t capacity) noexcept {
  if (!h || !word) return 0;
  return word_breaks_of(h->hyphenator, std::string_view(word, length), breaks, capacity);
}

size_t hyph_word_breaks_utf16(const hyph_hyphenator* h, const uint16_t* word, size_t length, hyph_break* breaks,
                              size_t capacity) noexcept {
  if (!h || !word) return 0;
  return word_breaks_of(h->hyphenator, std::u16string_view(reinterpret_cast<const char16_t*>(word), length), breaks,
                        capacity);
}

}  // extern "C"
