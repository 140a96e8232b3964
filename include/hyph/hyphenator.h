// libhyph's C++ entry point: a TeX-exact Liang hyphenator.
//
//   hyph::Hyphenator h = hyph::Hyphenator::english();
//   h.hyphenated("hyphenation");            // "hy-phen-ation", as plain TeX
//
// A Hyphenator is immutable after loading and cheap to copy (it shares its tables);
// one instance may be used from any number of threads at once.
#pragma once

#include <hyph/error.h>
#include <hyph/exceptions.h>
#include <hyph/export.h>
#include <hyph/settings.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hyph {

/// At most this many breaks in one white-space-free token (63 letters have 62 gaps).
inline constexpr std::size_t kMaxTokenBreaks = 62;

/// TeX's word separators: the characters that become glue (space, tab, line ends, form
/// feed; vertical tab too, as a line end). Everything else belongs to a token.
inline constexpr bool is_word_separator(unsigned char byte) noexcept {
  // One shift and test instead of six compares: bit b set for each separator byte b < 64.
  constexpr std::uint64_t kSeparators = 1ull << ' ' | 1ull << '\t' | 1ull << '\n' | 1ull << '\r' | 1ull << '\f' | 1ull << '\v';
  return byte < 64 && ((kSeparators >> byte) & 1) != 0;
}

class Hyphenator;
namespace detail {
struct Model;
/// The engine's own way in (engine/model.h); not exported, not API.
const Model& model_of(const Hyphenator& hyphenator) noexcept;
}  // namespace detail

class HYPH_EXPORT Hyphenator {
 public:
  /// US English exactly as plain TeX: Knuth's hyphen.tex (embedded), minimums 2/3.
  /// `extra` sources (e.g. the hyphenex exception list) are loaded after it.
  static Hyphenator english(const Settings& settings = {}, std::span<const Source> extra = {});

  /// A language by tag (e.g. "de-1996", "fr"): the embedded plain-TeX "en-us", or hyph-utf8
  /// patterns found on this machine (see hyph/languages.h for where they are looked for and
  /// for listing them). Minimums default to the language's own (hyph-utf8's typesetting
  /// hyphenmins), letters to LetterPolicy::unicode for hyph-utf8 languages. `extra` sources
  /// are loaded after the language's. Throws Error(ErrorCode::unknown_language) naming near
  /// matches for a tag that is not found.
  static Hyphenator language(std::string_view tag, const Settings& settings = {}, std::span<const Source> extra = {});

  /// Loads sources in order, as TeX would read them: later exceptions replace earlier ones.
  /// Minimums default to 2/3 (TeX's plain values) unless `settings` says otherwise.
  /// Throws ParseError (file:line:column) for malformed input, Error otherwise.
  static Hyphenator load(std::span<const Source> sources, const Settings& settings = {});

  /// Loads a compiled pattern file (doc/compiled-format.md), as `hyph-compile` or
  /// write_compiled() writes it: letters, patterns, exceptions and filter in one file that
  /// is mapped read-only and read in place, after checking all of it once (well under a
  /// millisecond for English). The file's minimums and \uchyph apply unless `settings` set
  /// them; `settings.letters`, if set, must be the file's letter policy
  /// (Error(invalid_argument) otherwise); `settings.normalization` applies;
  /// `settings.exceptions` is not looked at (the file's filter is used) and
  /// `settings.exception_stores` must be empty. Throws Error(io) if the file cannot be read,
  /// Error(bad_format) naming the file and what is wrong if it is damaged, truncated or not a
  /// compiled file. As with any mapping, the file must not be truncated while in use.
  static Hyphenator load_compiled(const std::filesystem::path& path, const Settings& settings = {});

  /// The same from bytes in memory, which are read in place: they must stay valid and
  /// unchanged while the hyphenator or a copy of it lives (if they are not 16-byte aligned
  /// they are copied first, and then need not). `name` names them in messages.
  static Hyphenator load_compiled(std::span<const std::byte> bytes, const Settings& settings = {},
                                  std::string_view name = "(memory)");

  /// Writes this hyphenator in the compiled format: load_compiled() of the bytes hyphenates
  /// exactly as this one does, with the same minimums, \uchyph, letters and filter (its
  /// normalization setting is not stored). The same hyphenator always gives the same bytes.
  /// `tag` and `name` label the language (default: the labels of the file this was loaded
  /// from, if any). Throws Error(invalid_argument) for a filter without a serialized form.
  void write_compiled(std::ostream& out, std::string_view tag = {}, std::string_view name = {}) const;

  /// Byte offsets into `text` at which TeX would allow a break, in increasing order.
  /// `text` is any bytes; white space separates words as TeX's glue does, and each
  /// word is treated as TeX treats a word after glue (see README, "What is a word").
  /// Writes at most breaks.size() offsets and returns how many there are in all.
  /// Never fails, never allocates.
  std::size_t hyphenate(std::string_view text, std::span<std::size_t> breaks,
                        LookupCounters* counters = nullptr) const noexcept;

  /// The same for UTF-16 text, offsets in code units: exactly the breaks of the same text in
  /// UTF-8. An unpaired surrogate is a non-letter, as invalid UTF-8 is. Never fails, never
  /// allocates.
  std::size_t hyphenate(std::u16string_view text, std::span<std::size_t> breaks,
                        LookupCounters* counters = nullptr) const noexcept;

  /// `text` with `marker` inserted at every break.
  std::string hyphenated(std::string_view text, std::string_view marker = "-") const;

  HyphenMins mins() const noexcept;
  int uchyph() const noexcept;
  LetterPolicy letters() const noexcept;
  Normalization normalization() const noexcept;
  std::size_t pattern_count() const noexcept;
  std::size_t exception_count() const noexcept;
  FilterDescription filter() const;
  /// The language tag and name a compiled file records; empty for other loads.
  std::string_view tag() const noexcept;
  std::string_view name() const noexcept;

 private:
  friend const detail::Model& detail::model_of(const Hyphenator& hyphenator) noexcept;
  explicit Hyphenator(std::shared_ptr<const detail::Model> model) : model_(std::move(model)) {}
  std::shared_ptr<const detail::Model> model_;
};

}  // namespace hyph
