#include "engine/dic_user_word.h"

#include "engine/dic_part.h"
#include "engine/user_word.h"
#include "patterns/unicode_data.h"
#include "base/message.h"

namespace hyph::detail {

// A user word of libhyphen's dialect, keyed as engine/dic_token_breaks.cpp looks words up: the
// characters of the dictionary's words (Unicode letters and marks, and those its patterns
// use), each lowercased by ICU's simple mapping, in UTF-8. '-' always marks a break here, so
// a word whose dictionary reads '-' as a letter cannot be given.
UserWord dic_user_word(const Model& model, std::string_view text) {
  const DicPart& part = dic_part_of(model);
  return read_hyphenated(text, 64, [&](char32_t cp, std::size_t letters, std::string& key) {
    if (!part.is_word_character(cp))
      base::throw_error(ErrorCode::invalid_argument,
                        {"user dictionary: ", describe_char(cp), " in '", text, "' is not a character of this dictionary's words"});
    if (letters >= kDicMaxWordChars)
      base::throw_error(ErrorCode::invalid_argument, {"user dictionary: '", text, "' has more than ", kDicMaxWordChars,
                                                      " characters, and longer words are not hyphenated"});
    utf8::append(key, patterns::unicode::lower(cp));
    return true;
  });
}

}  // namespace hyph::detail
