#include <hyph/user_dictionary.h>

#include "engine/insert_markers.h"
#include "engine/model.h"
#include "engine/word_rules.h"
#include "exceptions/hyphenated_form.h"
#include "exceptions/mutable_index.h"
#include "patterns/parsed.h"
#include "base/utf8.h"

#include <algorithm>
#include <string>
#include <vector>

namespace hyph {
namespace {

detail::UserWord parse_word(const detail::Model& model, std::string_view text) { return model.rules->parse_user_word(model, text); }

}  // namespace

// Hidden: its vtable and type information are the library's own, not part of the C++ API.
struct [[gnu::visibility("hidden")]] UserDictionary::Impl final : detail::ExtraExceptions {
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
  const detail::UserWord w = parse_word(detail::model_of(impl_->hyphenator), hyphenated);
  return impl_->index.insert_or_assign(w.key, w.mask);
}

bool UserDictionary::remove(std::string_view word) {
  return impl_->index.erase(parse_word(detail::model_of(impl_->hyphenator), word).key);
}

std::optional<std::string> UserDictionary::find(std::string_view word) const {
  const detail::UserWord w = parse_word(detail::model_of(impl_->hyphenator), word);
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
