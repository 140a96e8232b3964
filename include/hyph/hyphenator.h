// libhyph's C++ entry point: a TeX-exact Liang hyphenator.
//
//   hyph::Hyphenator h = hyph::Hyphenator::english();
//   h.hyphenated("hyphenation");            // "hy-phen-ation", as plain TeX
//
// A Hyphenator is immutable after loading and cheap to copy (it shares its tables);
// one instance may be used from any number of threads at once.
#pragma once

#include <hyph/breaks.h>
#include <hyph/error.h>
#include <hyph/exceptions.h>
#include <hyph/explain.h>
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
#include <type_traits>
#include <vector>

namespace hyph {

/// At most this many breaks in one white-space-free token (63 letters have 62 gaps).
inline constexpr std::size_t kMaxTokenBreaks = 62;

/// TeX's word separators: the characters that become glue (space, tab, line ends, form
/// feed; vertical tab too, as a line end). Everything else belongs to a token.
[[gnu::always_inline]] inline constexpr bool is_word_separator(unsigned char byte) noexcept {
  // One shift and test instead of six compares: bit b set for each separator byte b < 64.
  constexpr std::uint64_t kSeparators = 1ull << ' ' | 1ull << '\t' | 1ull << '\n' | 1ull << '\r' | 1ull << '\f' | 1ull << '\v';
  return byte < 64 && ((kSeparators >> byte) & 1) != 0;
}

/// The word rules and pattern semantics a Hyphenator answers with, chosen when it is loaded.
enum class Dialect {
  /// TeX's (tex.web §891–§902): the first word of a white-space-free token, Liang's patterns,
  /// \hyphenation exceptions. load(), english(), language(), load_compiled().
  tex,
  /// libhyphen's: every run of letters is a word, answered as libhyphen 2.8.8's
  /// hnj_hyphen_hyphenate3 on a LibreOffice `.dic` dictionary (two levels, NOHYPHEN,
  /// non-standard breaks). load_dic(), language("hyphen:TAG").
  libhyphen,
};

class Hyphenator;
namespace detail {
struct Model;
/// The engine's own way in (engine/model.h); not exported, not API.
const Model& model_of(const Hyphenator& hyphenator) noexcept;
/// Gives a hyphenator just loaded, which no one else shares yet, the tag and name of the
/// language it was loaded as (load_language); not exported, not API.
void label_language(Hyphenator& fresh, std::string_view tag, std::string_view name);
}  // namespace detail

/// How write_compiled() lays out the patterns' automaton (doc/compiled-format.md, "Layouts").
/// Both hyphenate alike; they differ in size and speed.
enum class CompiledLayout {
  fast,   ///< a dense row for every state: one memory load a letter (German de-1996: 7 MB)
  small,  ///< dense rows for the first letters, the other states as nodes (German: 0.75 MB, about half the words per second)
  /// The small layout's tables packed into columns that gzip well, for pages to download
  /// (German: 0.75 MB, about 180 KB gzipped instead of 380): loaded by unpacking them, and
  /// then exactly the small layout. TeX's dialect; a .dic file has one form.
  compact,
};

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
  /// is read whole into memory of the hyphenator's own and used in place, after checking all
  /// of it once (0.2 ms for English, 2 ms for German: doc/compiled-format.md, "Files in use"). The file's minimums and \uchyph apply unless `settings` set
  /// them; `settings.letters`, if set, must be the file's letter policy
  /// (Error(invalid_argument) otherwise); `settings.normalization` applies;
  /// `settings.exceptions` is not looked at (the file's filter is used) and
  /// `settings.exception_stores` must be empty. Throws Error(io) if the file cannot be read,
  /// Error(bad_format) naming the file and what is wrong if it is damaged, truncated or not a
  /// compiled file; Error(io) for a directory or a device. The file is never mapped: it may be
  /// rewritten, truncated or removed while the hyphenator (or a copy) is in use, which then
  /// answers as before; a pipe is read as far as the file's header declares.
  /// A compiled `.dic` dictionary (write_compiled of a load_dic hyphenator) loads in
  /// libhyphen's dialect, with settings as load_dic takes them, except
  /// DicMinimums::settings_only (Error(invalid_argument): leaving the file's minimums out
  /// needs its source).
  static Hyphenator load_compiled(const std::filesystem::path& path, const Settings& settings = {});

  /// The same from bytes in memory, which are read in place: they must stay valid and
  /// unchanged while the hyphenator or a copy of it lives (if they are not 16-byte aligned
  /// they are copied first, and then need not). `name` names them in messages.
  static Hyphenator load_compiled(std::span<const std::byte> bytes, const Settings& settings = {},
                                  std::string_view name = "(memory)");

  /// Loads a LibreOffice/libhyphen `.dic` hyphenation dictionary (libhyphen's dialect: see
  /// Dialect::libhyphen and README, "libhyphen's dialect"). Every word is answered exactly as
  /// libhyphen 2.8.8's hnj_hyphen_hyphenate3 answers with minimums settings.left_min and
  /// right_min (it takes the larger of them and the dictionary's own; mins() tells the result).
  /// settings.uchyph, letters, normalization and exception_stores do not apply to this dialect
  /// (Error(invalid_argument) if set). Throws Error(io) if the file cannot be read,
  /// ParseError (file:line:column) for bytes that are invalid in its declared charset.
  static Hyphenator load_dic(const std::filesystem::path& path, const Settings& settings = {});
  /// The same from the bytes of a `.dic` file; `name` names it in messages.
  static Hyphenator load_dic_bytes(std::string_view bytes, const Settings& settings = {}, std::string_view name = "(memory)");

  /// Writes this hyphenator in the compiled format: load_compiled() of the bytes hyphenates
  /// exactly as this one does, with the same minimums, \uchyph, letters and filter (its
  /// normalization setting is not stored). The same hyphenator always gives the same bytes.
  /// `tag` and `name` label the language (default: the labels of the file this was loaded
  /// from, if any). Throws Error(invalid_argument) for a filter without a serialized form.
  /// A hyphenator of libhyphen's dialect (load_dic) writes that dialect's compiled form
  /// (doc/compiled-format.md), which load_compiled() recognises; tag and name do not apply.
  void write_compiled(std::ostream& out, std::string_view tag = {}, std::string_view name = {}) const;
  /// The same in the given layout of the patterns' automaton (the one above: CompiledLayout::fast).
  void write_compiled(std::ostream& out, std::string_view tag, std::string_view name, CompiledLayout layout) const;
  /// Writes the compiled file `path` whole or not at all: through a new temporary file beside
  /// it (created exclusively, never through a link), synced, then renamed over `path`, and the
  /// folder synced. Readers of `path`, and a concurrent writer of it, see the old file or a
  /// whole new one; on any failure the temporary file is removed and `path` is as it was.
  /// Throws Error(io) naming `path` and the system's reason ("de.hyb: write error: No space
  /// left on device"), and what write_compiled() throws. hyph-compile writes through this.
  void write_compiled_file(const std::filesystem::path& path, std::string_view tag = {}, std::string_view name = {},
                           CompiledLayout layout = CompiledLayout::fast) const;

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

  /// Every break of `text`, in increasing order, with its pattern value and, for libhyphen's
  /// non-standard breaks, how the spelling changes there (hyph/breaks.h). The offsets are
  /// those hyphenate() gives. Writes at most breaks.size() and returns how many there are in
  /// all. Texts (Break::before, after) point into this hyphenator. Never fails, never allocates.
  std::size_t breaks(std::string_view text, std::span<Break> breaks, LookupCounters* counters = nullptr) const noexcept;

  /// The same for UTF-16 text: offsets and replaced lengths in code units (exactly the breaks
  /// of the same text in UTF-8); Break::before and after stay UTF-8.
  std::size_t breaks(std::u16string_view text, std::span<Break> breaks, LookupCounters* counters = nullptr) const noexcept;

  /// The breaks of `word` taken whole, as a program that cuts its own words wants them. In
  /// libhyphen's dialect, every character of `word` belongs to it (digits, dots and joiners
  /// too), as libhyphen's callers (pyphen, LibreOffice) hand a word to hnj_hyphen_hyphenate3:
  /// lower-cased code point by code point, a character the dictionary's charset cannot spell
  /// (or invalid UTF-8) passed as '?'; a word of more than 200 characters gets none. In TeX's
  /// dialect, the same as breaks(word). Never fails, never allocates.
  std::size_t word_breaks(std::string_view word, std::span<Break> breaks) const noexcept;
  /// The same for a UTF-16 word: offsets and replaced lengths in code units (those of the same
  /// word in UTF-8); an unpaired surrogate is one character the charset cannot spell.
  std::size_t word_breaks(std::u16string_view word, std::span<Break> breaks) const noexcept;

  /// Calls visit(const Break&) for every break of `text`, in order: for any number of breaks
  /// without a buffer. Allocates nothing itself; an exception from `visit` propagates.
  template <class Visit>
  void for_each_break(std::string_view text, Visit&& visit, LookupCounters* counters = nullptr) const {
    visit_breaks(text, [](void* context, const Break& b) { (*static_cast<std::remove_reference_t<Visit>*>(context))(b); },
                 const_cast<void*>(static_cast<const void*>(&visit)), counters);
  }
  /// The same for UTF-16 text (offsets as breaks(std::u16string_view, ...) gives them); here
  /// `visit` must not throw.
  template <class Visit>
  void for_each_break(std::u16string_view text, Visit&& visit, LookupCounters* counters = nullptr) const {
    visit_breaks(text, [](void* context, const Break& b) { (*static_cast<std::remove_reference_t<Visit>*>(context))(b); },
                 const_cast<void*>(static_cast<const void*>(&visit)), counters);
  }
  /// for_each_break's untyped forms (a C-style callback and its context).
  void visit_breaks(std::string_view text, void (*visit)(void* context, const Break& b), void* context,
                    LookupCounters* counters = nullptr) const;
  void visit_breaks(std::u16string_view text, void (*visit)(void* context, const Break& b), void* context,
                    LookupCounters* counters = nullptr) const;

  /// `text` with `marker` inserted at every break.
  std::string hyphenated(std::string_view text, std::string_view marker = "-") const;

  /// `text` as libhyphen's hyphenated word spells it: `marker` at every break and, at a
  /// non-standard break, the changed spelling ("kulissza" -> "kulisz-sza"). Removing the
  /// markers does not give the text back where a spelling changed; hyphenated() does.
  std::string hyphenated_spelling(std::string_view text, std::string_view marker = "-") const;

  /// Every word of `text` the word rules look at, in order, with the patterns that matched
  /// it, its whole value vector, what cut values off and its breaks (hyph/explain.h;
  /// to_text() gives doc/explain.md's line). The breaks are those breaks() gives. With
  /// Normalization::nfc the words are taken from the text as it is (not its NFC form).
  std::vector<WordExplanation> explain(std::string_view text) const;

  Dialect dialect() const noexcept;
  HyphenMins mins() const noexcept;
  int uchyph() const noexcept;
  LetterPolicy letters() const noexcept;
  Normalization normalization() const noexcept;
  std::size_t pattern_count() const noexcept;
  std::size_t exception_count() const noexcept;
  FilterDescription filter() const;
  /// The language's tag and name: those a compiled file records, or for a language loaded by
  /// tag (language(), load_language(), language("hyphen:TAG")), its LanguageInfo's (e.g.
  /// "de-1996", "German, reformed spelling"); empty for other loads.
  std::string_view tag() const noexcept;
  std::string_view name() const noexcept;
  /// What the load accepted but warns about, to pass on to the user: a `.dic` file whose first
  /// line names no known charset, or none of whose patterns can break (libhyphen loads both
  /// without a word, and so does libhyph, answering as libhyphen does). Empty otherwise.
  std::span<const Warning> warnings() const noexcept;

 private:
  friend const detail::Model& detail::model_of(const Hyphenator& hyphenator) noexcept;
  friend void detail::label_language(Hyphenator& fresh, std::string_view tag, std::string_view name);
  explicit Hyphenator(std::shared_ptr<const detail::Model> model) : model_(std::move(model)) {}
  std::shared_ptr<const detail::Model> model_;
};

}  // namespace hyph
