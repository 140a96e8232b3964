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

#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hyph {

/// TeX's \lefthyphenmin and \righthyphenmin.
struct HyphenMins {
  int left = 2;
  int right = 3;
};

/// How a source's text is to be read.
enum class SourceFormat {
  detect,          ///< from the name: *.pat.txt, *.hyp.txt, *.tex; otherwise from the content
  pattern_list,    ///< hyph-utf8 hyph-*.pat.txt: patterns separated by white space
  exception_list,  ///< hyph-utf8 hyph-*.hyp.txt: words with '-' at the allowed points
  tex,             ///< TeX source with \patterns{...} and/or \hyphenation{...}
};

/// One pattern or exception source: a name for messages, its bytes and its format.
struct HYPH_EXPORT Source {
  std::string name;
  std::string text;
  SourceFormat format = SourceFormat::detect;

  /// Reads a file; throws Error(ErrorCode::io) naming the file if it cannot.
  static Source file(const std::filesystem::path& path, SourceFormat format = SourceFormat::detect);
};

/// Which characters are letters in the text (TeX: those with a non-zero \lccode) and what
/// their lower case is; see README, "What is a word".
enum class LetterPolicy {
  /// 8-bit TeX with plain's \lccode table: the letters the patterns and exceptions use, plus
  /// their upper- and title-case forms (an ASCII letter pairs only with ASCII); every other
  /// character is a non-letter. English under plain TeX: a-z and A-Z.
  pattern_letters,
  /// Unicode TeX as XeTeX's and LuaTeX's standard formats set it up (load-unicode-data.tex):
  /// every letter (L*) and mark (M*) of Unicode is a letter, lower-cased by its simple
  /// lower-case mapping (Ll, Lm, Lo and marks are their own lower case), and so is any other
  /// character that has a lower-case mapping (e.g. U+2160 ROMAN NUMERAL ONE). A letter the
  /// patterns never use still belongs to the word. Pattern-only letters without such an
  /// \lccode (the apostrophes of hyph-utf8's French, Greek... patterns, ZWJ/ZWNJ) are not
  /// letters in the text, as in XeTeX, where the loaders set them only while loading. As in
  /// XeTeX's format (\XeTeXdashbreakstate=1), U+2013 EN DASH and U+2014 EM DASH act like an
  /// explicit hyphen.
  unicode,
};

/// Text that is not in Unicode Normalization Form C; see README, "What is a word".
enum class Normalization {
  /// As TeX: the text as it is. A decomposed "é" (e, U+0301 COMBINING ACUTE ACCENT) is two
  /// characters, and patterns written with "é" do not match it.
  none,
  /// Each word is looked at in NFC (ICU), from the start of its first letter's normalization
  /// segment, for at most 4 KiB; breaks are mapped back to the text, whose bytes stay as they
  /// are (a break inside a span NFC changed, which patterns cannot ask for, is dropped).
  /// With it, hyphenate() may allocate.
  nfc,
};

/// Everything a load can be told. Unset values take the language's own defaults.
struct Settings {
  std::optional<int> left_min;   ///< \lefthyphenmin; TeX treats values below 1 as 1
  std::optional<int> right_min;  ///< \righthyphenmin; likewise
  /// TeX's \uchyph: if <= 0, words whose first letter is upper case are not hyphenated.
  /// Default: TeX's 1, or what a compiled file says (load_compiled).
  std::optional<int> uchyph;
  /// Letters in the text. Default: pattern_letters for load() and english(), the language's
  /// own for language() (unicode for hyph-utf8 languages).
  std::optional<LetterPolicy> letters;
  Normalization normalization = Normalization::none;
  ExceptionOptions exceptions;
  /// Compiled exception dictionaries (`hyph-store` files, doc/exception-store-format.md),
  /// mapped read-only, not parsed. They answer as their sources would if loaded after every
  /// other source, in this order: a word in a later store replaces the same word earlier.
  /// Their letters join the language's letters, as an exception source's do. Loading throws
  /// Error(ErrorCode::io) for a file that cannot be read, Error(ErrorCode::bad_format) for
  /// one that is not a valid store.
  std::vector<std::filesystem::path> exception_stores;
};

namespace detail {
struct Model;
}

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

  /// Internal model, for libhyph's own tools and tests.
  const detail::Model& model() const noexcept { return *model_; }

 private:
  explicit Hyphenator(std::shared_ptr<const detail::Model> model) : model_(std::move(model)) {}
  std::shared_ptr<const detail::Model> model_;
};

}  // namespace hyph
