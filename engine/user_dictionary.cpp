#include <hyph/user_dictionary.h>

#include "engine/dic_part.h"
#include "engine/insert_markers.h"
#include "engine/model.h"
#include "engine/word_rules.h"
#include "exceptions/hyphenated_form.h"
#include "exceptions/mutable_index.h"
#include "patterns/parsed.h"
#include "patterns/unicode_data.h"
#include "base/utf8.h"

#include <algorithm>
#include <string>
#include <vector>

namespace hyph {
namespace {

struct Word {
  std::string key;  // lower case, as the engine builds exception keys
  std::uint64_t mask = 0;
};

std::string describe_char(char32_t cp) {
  if (cp >= 0x20 && cp < 0x7F) return std::string("'") + static_cast<char>(cp) + "'";
  char text[16];
  std::snprintf(text, sizeof text, "U+%04X", static_cast<unsigned>(cp));
  return text;
}

// Reads "hy-phen-ation": '-' marks a break after the letters so far (bit n of the mask, for
// n < marked); every other character goes to add_letter(cp, letters so far, key), which
// appends it to the key and returns whether it counts as a letter, or throws.
template <class AddLetter>
Word read_hyphenated(std::string_view text, std::size_t marked, AddLetter add_letter) {
  Word w;
  std::size_t letters = 0;
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* const end = p + text.size();
  while (p < end) {
    const utf8::Decoded d = utf8::decode(p, end);
    if (d.cp == utf8::kInvalid) throw Error(ErrorCode::bad_utf8, "user dictionary: invalid UTF-8 in '" + std::string(text) + "'");
    p += d.length;
    if (d.cp == U'-') {
      if (letters < marked) w.mask |= std::uint64_t{1} << letters;
    } else if (add_letter(d.cp, letters, w.key)) {
      ++letters;
    }
  }
  if (letters == 0) throw Error(ErrorCode::invalid_argument, "user dictionary: '" + std::string(text) + "' has no letters");
  return w;
}

// A word as TeX's \hyphenation reads it (tex.web §934–§939): letters by their \lccode (here:
// the language's alphabet); past 63 letters the rest is ignored.
Word parse_tex_word(const detail::Model& model, std::string_view text) {
  return read_hyphenated(text, patterns::kMaxLetters, [&](char32_t cp, std::size_t letters, std::string& key) {
    const patterns::LetterInfo info = model.alphabet.classify(cp);
    if (!info || info.symbol == model.alphabet.other_letter())
      throw Error(ErrorCode::invalid_argument,
                  "user dictionary: " + describe_char(cp) + " in '" + std::string(text) +
                      "' is not a letter of this language's patterns or exceptions, so no word with it can be matched");
    if (letters >= patterns::kMaxLetters) return false;
    key.append(model.alphabet.utf8(info.symbol));
    return true;
  });
}

// The same for libhyphen's dialect, keyed as engine/dic_token_breaks.cpp looks words up: the
// characters of the dictionary's words (Unicode letters and marks, and those its patterns
// use), each lowercased by ICU's simple mapping, in UTF-8. '-' always marks a break here, so
// a word whose dictionary reads '-' as a letter cannot be given.
Word parse_dic_word(const detail::DicPart& part, std::string_view text) {
  return read_hyphenated(text, 64, [&](char32_t cp, std::size_t letters, std::string& key) {
    if (!part.is_word_character(cp))
      throw Error(ErrorCode::invalid_argument, "user dictionary: " + describe_char(cp) + " in '" + std::string(text) +
                                                   "' is not a character of this dictionary's words");
    if (letters >= detail::kDicMaxWordChars)
      throw Error(ErrorCode::invalid_argument, "user dictionary: '" + std::string(text) + "' has more than " +
                                                   std::to_string(detail::kDicMaxWordChars) +
                                                   " characters, and longer words are not hyphenated");
    utf8::append(key, patterns::unicode::lower(cp));
    return true;
  });
}

Word parse_word(const detail::Model& model, std::string_view text) {
  return model.dic ? parse_dic_word(*model.dic, text) : parse_tex_word(model, text);
}

}  // namespace

struct UserDictionary::Impl final : detail::ExtraExceptions {
  Impl(Hyphenator h, const ExceptionOptions& o) : hyphenator(std::move(h)), index(o) {}

  std::optional<std::uint64_t> find(std::string_view key) const noexcept override { return index.lookup(key, &counts); }

  Hyphenator hyphenator;
  exceptions::MutableIndex index;
  mutable LookupCounters counts;  // this dictionary's own lookups
};

UserDictionary::UserDictionary(Hyphenator hyphenator, const ExceptionOptions& options)
    : impl_(std::make_unique<Impl>(std::move(hyphenator), options)) {}
UserDictionary::~UserDictionary() = default;
UserDictionary::UserDictionary(UserDictionary&&) noexcept = default;
UserDictionary& UserDictionary::operator=(UserDictionary&&) noexcept = default;

bool UserDictionary::add(std::string_view hyphenated) {
  const Word w = parse_word(detail::model_of(impl_->hyphenator), hyphenated);
  return impl_->index.insert_or_assign(w.key, w.mask);
}

bool UserDictionary::remove(std::string_view word) {
  return impl_->index.erase(parse_word(detail::model_of(impl_->hyphenator), word).key);
}

std::optional<std::string> UserDictionary::find(std::string_view word) const {
  const Word w = parse_word(detail::model_of(impl_->hyphenator), word);
  const auto mask = impl_->index.find(w.key);
  if (!mask) return std::nullopt;
  return exceptions::hyphenated_form(w.key, *mask);
}

std::size_t UserDictionary::size() const noexcept { return impl_->index.size(); }

void UserDictionary::clear() { impl_->index.clear(); }

std::size_t UserDictionary::hyphenate(std::string_view text, std::span<std::size_t> breaks, LookupCounters* counters) const {
  impl_->index.refresh();
  return detail::hyphenate_text(detail::model_of(impl_->hyphenator), text, breaks, counters, impl_.get());
}

std::string UserDictionary::hyphenated(std::string_view text, std::string_view marker) const {
  std::vector<std::size_t> breaks(hyphenate(text, {}));
  hyphenate(text, breaks);
  return detail::insert_markers(text, breaks, marker);
}

void UserDictionary::visit_breaks(std::string_view text, void (*visit)(void* context, const Break& b), void* context) const {
  impl_->index.refresh();
  const detail::Model& model = detail::model_of(impl_->hyphenator);
  detail::for_each_token(model, text, nullptr, impl_.get(), [&](const detail::TokenBreaks& token, std::size_t base) {
    for (std::size_t k = 0; k < token.count; ++k) visit(context, detail::break_at(model, token, k, base));
  });
}

const Hyphenator& UserDictionary::hyphenator() const noexcept { return impl_->hyphenator; }

FilterDescription UserDictionary::filter() const { return impl_->index.describe(); }

const LookupCounters& UserDictionary::counters() const noexcept { return impl_->counts; }
std::uint64_t UserDictionary::rebuilds() const noexcept { return impl_->index.rebuilds(); }

}  // namespace hyph
