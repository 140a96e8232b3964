#include <hyph/hyphenator.h>

#include "engine/compiled.h"
#include "engine/dic_part.h"
#include "engine/insert_markers.h"
#include "engine/model.h"
#include "engine/word_rules.h"
#include "exceptions/exception_store.h"
#include "dic/reader.h"
#include "patterns/embedded.h"
#include "patterns/readers.h"

#include "base/atomic_file.h"
#include "base/file_bytes.h"
#include "base/out_of_memory.h"

#include <algorithm>
#include <cstring>
#include <sstream>
#include <vector>

namespace hyph {

Source Source::file(const std::filesystem::path& path, SourceFormat format) {
  return base::naming_out_of_memory(path.string(), [&] {
    return Source{path.string(), base::read_text_file(path, "a pattern or exception file", patterns::kMaxPipedSource), format};
  });
}

Hyphenator Hyphenator::english(const Settings& settings, std::span<const Source> extra) {
  detail::check_minimums(settings);
  // hyphen.tex compiled at build time, read in place: unless what is asked for needs the
  // sources (more sources, other letters, exception stores on top).
  const std::string_view compiled = patterns::embedded_english_hyb();
  if (!compiled.empty() && extra.empty() && detail::with_defaults(settings, kPlainTexDefaults).letters == LetterPolicy::pattern_letters &&
      settings.exception_stores.empty()) {
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(compiled.data()), compiled.size());
    return Hyphenator(detail::load_compiled(bytes, nullptr, settings, "en-us.hyb (embedded)", detail::FilterFrom::settings));
  }
  const Source hyphen_tex{"hyphen.tex (embedded)", std::string(patterns::embedded_hyphen_tex()), SourceFormat::tex};
  std::vector<const Source*> sources{&hyphen_tex};  // the caller's sources, not copies of them
  for (const Source& s : extra) sources.push_back(&s);
  return Hyphenator(detail::build_model(sources, settings));
}

Hyphenator Hyphenator::load(std::span<const Source> sources, const Settings& settings) {
  detail::check_minimums(settings);
  return Hyphenator(detail::build_model(sources, settings));
}

Hyphenator Hyphenator::load_compiled(const std::filesystem::path& path, const Settings& settings) {
  detail::check_minimums(settings);
  return Hyphenator(detail::load_compiled_file(path, settings));
}

Hyphenator Hyphenator::load_compiled(std::span<const std::byte> bytes, const Settings& settings, std::string_view name) {
  detail::check_minimums(settings);
  return Hyphenator(detail::load_compiled(bytes, nullptr, settings, name, detail::FilterFrom::file));
}

Hyphenator Hyphenator::load_dic(const std::filesystem::path& path, const Settings& settings) {
  return base::naming_out_of_memory(path.string(), [&] { return load_dic_bytes(dic::read_dic_file(path.string()), settings, path.string()); });
}

namespace {

// The file with its LEFTHYPHENMIN and RIGHTHYPHENMIN lines made comments (the line count and
// every other byte stay, so messages point at the same lines): DicMinimums::settings_only.
std::string without_own_minimums(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size() + 4);
  for (std::size_t at = 0; at < bytes.size();) {
    const std::size_t eol = std::min(bytes.find('\n', at), bytes.size());
    const std::string_view line = bytes.substr(at, eol - at);
    if (at > 0 && (line.starts_with("LEFTHYPHENMIN") || line.starts_with("RIGHTHYPHENMIN"))) out.push_back('%');
    out.append(line);
    if (eol < bytes.size()) out.push_back('\n');
    at = eol + 1;
  }
  return out;
}

}  // namespace

Hyphenator Hyphenator::load_dic_bytes(std::string_view bytes, const Settings& settings, std::string_view name) {
  detail::check_minimums(settings);
  if (settings.dic_minimums == DicMinimums::settings_only) {
    Settings own = settings;
    own.dic_minimums = DicMinimums::larger;
    return load_dic_bytes(without_own_minimums(bytes), own, name);
  }
  auto part = base::naming_out_of_memory(std::string(name), [&] {
    return std::make_shared<const detail::DicPart>(detail::make_dic_part(bytes, std::string(name), settings));
  });
  return Hyphenator(detail::assemble(
      {.backing = nullptr,
       .alphabet = {},
       .automaton = {},
       .exceptions = exceptions::ExceptionIndex(std::make_unique<exceptions::MemoryStore>(), settings.exceptions),
       .dic = std::move(part)},
      settings, kPlainTexDefaults));
}

void Hyphenator::write_compiled(std::ostream& out, std::string_view tag, std::string_view name) const {
  write_compiled(out, tag, name, CompiledLayout::fast);
}

void Hyphenator::write_compiled(std::ostream& out, std::string_view tag, std::string_view name, CompiledLayout layout) const {
  model_->rules->write_compiled(*model_, tag, name, layout, out);
}

void Hyphenator::write_compiled_file(const std::filesystem::path& path, std::string_view tag, std::string_view name,
                                     CompiledLayout layout) const {
  base::naming_out_of_memory(path.string(), [&] {
    base::write_file_atomically(path, [&](std::ostream& out) { write_compiled(out, tag, name, layout); });
  });
}

std::size_t Hyphenator::hyphenate(std::string_view text, std::span<std::size_t> breaks,
                                  LookupCounters* counters) const noexcept {
  // A single short word, the commonest call: the dialect's one-word path first.
  return detail::hyphenate_any(*model_, text, breaks, counters);
}

std::size_t Hyphenator::hyphenate(std::u16string_view text, std::span<std::size_t> breaks,
                                  LookupCounters* counters) const noexcept {
  return detail::hyphenate_utf16(*model_, text, breaks, counters);
}

std::size_t Hyphenator::breaks(std::string_view text, std::span<Break> breaks, LookupCounters* counters) const noexcept {
  return detail::text_breaks(*model_, text, breaks, counters);
}

std::size_t Hyphenator::breaks(std::u16string_view text, std::span<Break> breaks, LookupCounters* counters) const noexcept {
  return detail::text_breaks_utf16(*model_, text, breaks, counters);
}

std::size_t Hyphenator::word_breaks(std::string_view word, std::span<Break> breaks) const noexcept {
  return detail::word_breaks(*model_, word, breaks);
}

std::size_t Hyphenator::word_breaks(std::u16string_view word, std::span<Break> breaks) const noexcept {
  return detail::word_breaks_utf16(*model_, word, breaks);
}

void Hyphenator::visit_breaks(std::string_view text, void (*visit)(void* context, const Break& b), void* context,
                              LookupCounters* counters) const {
  detail::for_each_token(*model_, text, counters, nullptr, [&](const detail::TokenBreaks& token, std::size_t base) {
    for (std::size_t k = 0; k < token.count; ++k) visit(context, detail::break_at(*model_, token, k, base));
  });
}

void Hyphenator::visit_breaks(std::u16string_view text, void (*visit)(void* context, const Break& b), void* context,
                              LookupCounters* counters) const {
  detail::visit_breaks_utf16(*model_, text, visit, context, counters);
}

std::string Hyphenator::hyphenated_spelling(std::string_view text, std::string_view marker) const {
  std::string out;
  std::size_t from = 0;  // text before it is written
  for_each_break(text, [&](const Break& b) {
    const std::size_t begin = b.offset - b.replaced_before;
    if (begin < from) return;  // overlaps a replacement already written: libhyphen skips it too
    out.append(text.substr(from, begin - from)).append(b.before).append(marker).append(b.after);
    from = b.offset + b.replaced_after;
  });
  out.append(text.substr(std::min(from, text.size())));
  return out;
}

Dialect Hyphenator::dialect() const noexcept {
  return model_->rules->id;
}

std::string Hyphenator::hyphenated(std::string_view text, std::string_view marker) const {
  // Count first: one offset per break, not per input byte.
  std::vector<std::size_t> breaks(hyphenate(text, {}));
  hyphenate(text, breaks);
  return detail::insert_markers(text, breaks, marker);
}

const detail::Model& detail::model_of(const Hyphenator& hyphenator) noexcept { return *hyphenator.model_; }

void detail::label_language(Hyphenator& fresh, std::string_view tag, std::string_view name) {
  // Every model is made non-const by assemble(); one that only this hyphenator holds, just
  // loaded, has been seen by no one: labelling it now keeps it immutable for everyone else.
  if (fresh.model_.use_count() != 1) throw Error(ErrorCode::invalid_argument, "only a hyphenator just loaded can be labelled");
  Model& model = const_cast<Model&>(*fresh.model_);
  model.tag = tag;
  model.name = name;
}

HyphenMins Hyphenator::mins() const noexcept { return model_->mins; }
int Hyphenator::uchyph() const noexcept { return model_->uchyph; }
LetterPolicy Hyphenator::letters() const noexcept { return model_->letters; }
Normalization Hyphenator::normalization() const noexcept {
  return model_->nfc != nullptr ? Normalization::nfc : Normalization::none;
}
std::size_t Hyphenator::pattern_count() const noexcept { return model_->automaton.pattern_count(); }
std::size_t Hyphenator::exception_count() const noexcept { return model_->exceptions.store().size(); }
FilterDescription Hyphenator::filter() const { return model_->exceptions.describe(); }
std::string_view Hyphenator::tag() const noexcept { return model_->tag; }
std::string_view Hyphenator::name() const noexcept { return model_->name; }
std::span<const Warning> Hyphenator::warnings() const noexcept {
  return model_->warnings;
}

}  // namespace hyph
