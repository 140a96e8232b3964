// The C API of libhyphen's dialect (include/hyph/hyph.h): loading `.dic` dictionaries, with
// libhyphen's or the caller's minimums, and the breaks of one word cut by the caller.
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

static_assert(HYPH_DIC_MINIMUMS_LARGER == static_cast<int>(hyph::DicMinimums::larger));
static_assert(HYPH_DIC_MINIMUMS_SETTINGS == static_cast<int>(hyph::DicMinimums::settings_only));

hyph::Settings dic_settings(const hyph_settings* settings, int dic_minimums) {
  hyph::Settings s = to_settings(settings);
  // The filter is TeX's exception pre-check: a .dic dictionary has none to set. \uchyph and
  // letters at hyph_settings_init's values are "not set" here.
  s.exceptions = {};
  hyph_settings defaults;
  hyph_settings_init(&defaults);
  if (!settings || settings->uchyph == defaults.uchyph) s.uchyph.reset();
  if (!settings || settings->letters == defaults.letters) s.letters.reset();
  if (dic_minimums != HYPH_DIC_MINIMUMS_LARGER && dic_minimums != HYPH_DIC_MINIMUMS_SETTINGS)
    invalid_argument("unknown dic_minimums: HYPH_DIC_MINIMUMS_LARGER or HYPH_DIC_MINIMUMS_SETTINGS");
  s.dic_minimums = static_cast<hyph::DicMinimums>(dic_minimums);
  return s;
}

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

hyph_status hyph_load_dic(const char* path, const hyph_settings* settings, hyph_hyphenator** out, hyph_error** error) noexcept {
  return hyph_load_dic_with_minimums(path, settings, HYPH_DIC_MINIMUMS_LARGER, out, error);
}

hyph_status hyph_load_dic_memory(const void* bytes, size_t length, const char* name, const hyph_settings* settings,
                                 hyph_hyphenator** out, hyph_error** error) noexcept {
  return hyph_load_dic_memory_with_minimums(bytes, length, name, settings, HYPH_DIC_MINIMUMS_LARGER, out, error);
}

hyph_status hyph_load_dic_with_minimums(const char* path, const hyph_settings* settings, int dic_minimums,
                                        hyph_hyphenator** out, hyph_error** error) noexcept {
  const char* reading = path;
  return guarded(error, reading, [&] {
    begin(out, error);
    if (!path) invalid_argument("the path is NULL");
    *out = new hyph_hyphenator{hyph::Hyphenator::load_dic(path, dic_settings(settings, dic_minimums))};
  });
}

hyph_status hyph_load_dic_memory_with_minimums(const void* bytes, size_t length, const char* name,
                                               const hyph_settings* settings, int dic_minimums, hyph_hyphenator** out,
                                               hyph_error** error) noexcept {
  const char* reading = name;
  return guarded(error, reading, [&] {
    begin(out, error);
    if (length != 0 && !bytes) invalid_argument("the bytes are NULL");
    const std::string_view in(static_cast<const char*>(bytes), bytes ? length : 0);
    *out = new hyph_hyphenator{
        hyph::Hyphenator::load_dic_bytes(in, dic_settings(settings, dic_minimums), name ? name : "(memory)")};
  });
}

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
