#include <hyph/user_dictionary.h>

#include "engine/insert_markers.h"
#include "engine/model.h"
#include "engine/token_breaks.h"
#include "filters/exception_store.h"
#include "filters/filter.h"
#include "patterns/parsed.h"
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

// Reads a word as TeX's \hyphenation does (tex.web §934–§939): letters by their \lccode (here:
// the language's alphabet), '-' marks a break after the letters so far; past 63 letters the
// rest is ignored.
Word parse_word(const detail::Model& model, std::string_view text) {
  Word w;
  std::size_t letters = 0;
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* const end = p + text.size();
  while (p < end) {
    const utf8::Decoded d = utf8::decode(p, end);
    if (d.cp == utf8::kInvalid) throw Error(ErrorCode::bad_utf8, "user dictionary: invalid UTF-8 in '" + std::string(text) + "'");
    p += d.length;
    if (d.cp == U'-') {
      if (letters < patterns::kMaxLetters) w.mask |= std::uint64_t{1} << letters;
      continue;
    }
    const patterns::LetterInfo info = model.alphabet.classify(d.cp);
    if (!info || info.symbol == model.alphabet.other_letter())
      throw Error(ErrorCode::invalid_argument,
                  "user dictionary: " + describe_char(d.cp) + " in '" + std::string(text) +
                      "' is not a letter of this language's patterns or exceptions, so no word with it can be matched");
    if (letters < patterns::kMaxLetters) {
      w.key.append(model.alphabet.utf8(info.symbol));
      ++letters;
    }
  }
  if (letters == 0) throw Error(ErrorCode::invalid_argument, "user dictionary: '" + std::string(text) + "' has no letters");
  return w;
}

std::string hyphenated_form(std::string_view key, std::uint64_t mask) {
  std::string out;
  std::size_t letter = 0;
  for (std::size_t i = 0; i < key.size(); ++i) {
    if ((static_cast<unsigned char>(key[i]) & 0xC0) != 0x80) {
      if ((mask >> letter) & 1) out.push_back('-');
      ++letter;
    }
    out.push_back(key[i]);
  }
  if ((mask >> letter) & 1) out.push_back('-');
  return out;
}

}  // namespace

struct UserDictionary::Impl final : detail::ExtraExceptions {
  Hyphenator hyphenator;
  ExceptionOptions options;
  filters::MemoryStore store;
  // The pre-check; null for exact, or while there is nothing to filter.
  mutable std::unique_ptr<filters::Filter> filter;
  mutable filters::MutableFilter* mutable_filter = nullptr;  // filter, if it can insert and erase
  mutable std::size_t limit = 0;   // a mutable filter is rebuilt past this many words...
  mutable bool stale = false;      // a static filter is rebuilt before the next lookup
  mutable LookupCounters counts;
  mutable std::uint64_t rebuild_count = 0;
  bool mutable_kind = false;       // the kind's filters can insert and erase

  Impl(Hyphenator h, const ExceptionOptions& o) : hyphenator(std::move(h)), options(o) {
    // An empty filter of the kind: checks ε now, as a load does, and tells whether it is mutable.
    const auto probe = filters::make_filter(options.filter, {}, options.fp_rate);
    mutable_kind = dynamic_cast<const filters::MutableFilter*>(probe.get()) != nullptr;
  }

  std::optional<std::uint64_t> find(std::string_view key) const noexcept override {
    ++counts.queries;
    if (store.size() == 0) return std::nullopt;
    const std::uint64_t hash = base::hash_key(key);
    if (filter) {
      if (!filter->maybe_contains(hash)) return std::nullopt;
      ++counts.filter_positives;
    }
    ++counts.store_probes;
    auto found = store.find(key, hash);
    if (found) ++counts.hits;
    return found;
  }

  // Builds the filter from the words (any kind), with room to grow for a mutable one.
  void rebuild() const {
    stale = false;
    mutable_filter = nullptr;
    filter.reset();
    if (options.filter == FilterKind::exact || store.size() == 0) {
      limit = 0;
      return;
    }
    std::vector<filters::Hash> hashes;
    store.append_hashes(hashes);
    const std::size_t room = 2 * std::max<std::size_t>(32, hashes.size());
    if (mutable_kind) {
      // Sized for twice the words: inserts go in at the rate asked for until then (a table
      // sized for the words alone would fill, and doubling a quotient filter costs a
      // remainder bit, so its rate would climb).
      auto mutable_built = filters::make_empty_mutable_filter(options.filter, room, options.fp_rate);
      for (const filters::Hash h : hashes) mutable_built->insert(h);
      mutable_filter = mutable_built.get();
      filter = std::move(mutable_built);
    } else {
      filter = filters::make_filter(options.filter, hashes, options.fp_rate);
    }
    limit = room;
    ++rebuild_count;
  }

  void refresh() const {
    if (stale) rebuild();
  }

  // After a new word: a mutable filter takes it in place until it outgrows its room; a
  // static one is rebuilt before the next lookup.
  void added(std::uint64_t hash) {
    if (options.filter == FilterKind::exact) return;
    if (mutable_filter != nullptr && store.size() <= limit) mutable_filter->insert(hash);
    else if (mutable_kind) rebuild();
    else stale = true;
  }
  // After a word was removed (it was in the store, so inserted: a mutable filter's erase is
  // exact). A filter that has shrunk to an eighth of its room is rebuilt smaller.
  void removed(std::uint64_t hash) {
    if (options.filter == FilterKind::exact) return;
    if (mutable_filter == nullptr) {
      stale = true;
      return;
    }
    mutable_filter->erase(hash);
    if (store.size() == 0 || (limit > 64 && store.size() * 8 < limit)) rebuild();
  }
};

UserDictionary::UserDictionary(Hyphenator hyphenator, const ExceptionOptions& options)
    : impl_(std::make_unique<Impl>(std::move(hyphenator), options)) {}
UserDictionary::~UserDictionary() = default;
UserDictionary::UserDictionary(UserDictionary&&) noexcept = default;
UserDictionary& UserDictionary::operator=(UserDictionary&&) noexcept = default;

bool UserDictionary::add(std::string_view hyphenated) {
  const Word w = parse_word(impl_->hyphenator.model(), hyphenated);
  const std::uint64_t hash = base::hash_key(w.key);
  const bool is_new = !impl_->store.find(w.key, hash).has_value();
  impl_->store.insert_or_assign(w.key, w.mask);
  if (is_new) impl_->added(hash);
  return is_new;
}

bool UserDictionary::remove(std::string_view word) {
  const Word w = parse_word(impl_->hyphenator.model(), word);
  if (!impl_->store.erase(w.key)) return false;
  impl_->removed(base::hash_key(w.key));
  return true;
}

std::optional<std::string> UserDictionary::find(std::string_view word) const {
  const Word w = parse_word(impl_->hyphenator.model(), word);
  const auto mask = impl_->store.find(w.key, base::hash_key(w.key));
  if (!mask) return std::nullopt;
  return hyphenated_form(w.key, *mask);
}

std::size_t UserDictionary::size() const noexcept { return impl_->store.size(); }

void UserDictionary::clear() {
  impl_->store = filters::MemoryStore();
  impl_->rebuild();
}

std::size_t UserDictionary::hyphenate(std::string_view text, std::span<std::size_t> breaks, LookupCounters* counters) const {
  impl_->refresh();
  return detail::hyphenate_text(impl_->hyphenator.model(), text, breaks, counters, impl_.get());
}

std::string UserDictionary::hyphenated(std::string_view text, std::string_view marker) const {
  std::vector<std::size_t> breaks(hyphenate(text, {}));
  hyphenate(text, breaks);
  return detail::insert_markers(text, breaks, marker);
}

const Hyphenator& UserDictionary::hyphenator() const noexcept { return impl_->hyphenator; }

FilterDescription UserDictionary::filter() const {
  impl_->refresh();
  FilterDescription d;
  if (impl_->filter) {
    d = impl_->filter->describe();
    d.expected_fp_rate = impl_->filter->expected_fp_rate();
  } else {
    d.name = std::string(to_string(impl_->options.filter));
    d.keys = impl_->store.size();
    d.target_fp_rate = impl_->options.fp_rate;
    d.expected_fp_rate = impl_->options.filter == FilterKind::exact ? 1.0 : 0.0;
    d.parameters = impl_->options.filter == FilterKind::exact ? "no pre-check: every word probes the exact store"
                                                               : "no filter yet: the dictionary is empty";
  }
  d.store = impl_->store.describe();
  return d;
}

const LookupCounters& UserDictionary::counters() const noexcept { return impl_->counts; }
std::uint64_t UserDictionary::rebuilds() const noexcept { return impl_->rebuild_count; }

}  // namespace hyph
