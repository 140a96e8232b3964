#include "engine/tex_user_word.h"

#include "engine/user_word.h"
#include "base/message.h"

namespace hyph::detail {

// A word as TeX's \hyphenation reads it (tex.web §934–§939): letters by their \lccode (here:
// the language's alphabet); past 63 letters the rest is ignored.
UserWord tex_user_word(const Model& model, std::string_view text) {
  return read_hyphenated(text, patterns::kMaxLetters, [&](char32_t cp, std::size_t letters, std::string& key) {
    const patterns::LetterInfo info = model.alphabet.classify(cp);
    if (!info || info.symbol == model.alphabet.other_letter())
      base::throw_error(ErrorCode::invalid_argument,
                        {"user dictionary: ", describe_char(cp), " in '", text,
                         "' is not a letter of this language's patterns or exceptions, so no word with it can be matched"});
    if (letters >= patterns::kMaxLetters) return false;
    key.append(model.alphabet.utf8(info.symbol));
    return true;
  });
}

}  // namespace hyph::detail
