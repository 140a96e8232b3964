// Compiled exception dictionaries ("exception stores", doc/exception-store-format.md): words
// with their hyphens, written once and then mapped read-only by any number of loads
// (Settings::exception_stores, `hyphenate --exception-store`). `hyph-store` is these two
// classes on the command line.
//
//   hyph::ExceptionStoreWriter writer;
//   writer.add(hyph::Source::file("ushyphex.tex"));          // a TeX file's \hyphenation{...}
//   writer.add_pair("tables", {"house.tsv", 1, 1}, "tab-les", {"house.tsv", 1, 8});
//   writer.write_file("house.hyphstore");
//
//   auto store = hyph::ExceptionStoreReader::open("house.hyphstore");   // checked in full
//   store.for_each([](const hyph::StoreEntry& e) { std::puts(std::string(e.hyphenated).c_str()); });
//
// Words are read as TeX's \hyphenation reads them, in order: a later word replaces an
// earlier one. The same words always give the same bytes, whatever order they came in.
#pragma once

#include <hyph/error.h>
#include <hyph/export.h>
#include <hyph/settings.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hyph {

/// One word of a store: its lower-case letters as the engine looks them up (UTF-8), its
/// breaks (bit j: a hyphen may follow the j-th letter) and the two together ("hy-phen-ation").
/// The views are valid only during the call that gives them.
struct StoreEntry {
  std::string_view word;
  std::uint64_t breaks = 0;
  std::string_view hyphenated;
};

/// What ExceptionStoreWriter::add(const Source&) found in a source.
struct StoreSourceCounts {
  std::size_t words = 0;             ///< exceptions read (a word given twice counts twice)
  std::size_t patterns_ignored = 0;  ///< \patterns: a store holds exceptions only
  std::size_t lccodes_ignored = 0;   ///< \lccode assignments: a store keeps only its words' letters
};

/// Collects words and writes a store. Not thread-safe.
class HYPH_EXPORT ExceptionStoreWriter {
 public:
  ExceptionStoreWriter();
  ~ExceptionStoreWriter();
  ExceptionStoreWriter(ExceptionStoreWriter&&) noexcept;
  ExceptionStoreWriter& operator=(ExceptionStoreWriter&&) noexcept;
  ExceptionStoreWriter(const ExceptionStoreWriter&) = delete;
  ExceptionStoreWriter& operator=(const ExceptionStoreWriter&) = delete;

  /// Adds the exceptions of a source: a hyph-utf8 *.hyp.txt list or a TeX file's
  /// \hyphenation{...} (SourceFormat::detect tells them apart; a pattern list gives no
  /// words). Patterns and \lccode assignments in it are not stored, only counted. Throws
  /// ParseError (file:line:column) for a malformed source.
  StoreSourceCounts add(const Source& source);

  /// Adds a word and its hyphenated form, e.g. the two columns of a "word<TAB>hy-phen-at-ed"
  /// line: each must be one word as \hyphenation reads it, and the hyphenated form must spell
  /// the word (letters compared in lower case). `word_at` and `hyphenated_at` say where each
  /// column starts, for errors: a ParseError names the place of the problem in its column
  /// ("expected one word in each column", "the hyphenated form does not spell the word", or
  /// what the reader found wrong).
  void add_pair(std::string_view word, const SourceLocation& word_at, std::string_view hyphenated,
                const SourceLocation& hyphenated_at);

  /// Distinct words so far.
  std::size_t size() const;

  /// The store's bytes. Throws Error(capacity) past 2^32 - 1 words or 4 GiB of letters.
  std::string bytes() const;
  /// Writes the bytes to `out`; Error(io) if the stream fails.
  void write(std::ostream& out) const;
  /// Writes the store to `path` whole or not at all, as Hyphenator::write_compiled_file writes
  /// (a new temporary file beside it, created exclusively, synced, renamed over `path`, the
  /// folder synced; removed on any failure): a reader, or a concurrent writer, never sees half
  /// a store. Error(io) naming `path` and the system's reason ("house.hyphstore: write error:
  /// No space left on device"); Error(capacity) as bytes() says.
  void write_file(const std::filesystem::path& path) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// A store file, mapped read-only (read into memory where it cannot be mapped) and checked in
/// full once: sizes, checksum, order, every word's hash, UTF-8 and letters. Immutable;
/// thread-safe.
class HYPH_EXPORT ExceptionStoreReader {
 public:
  /// Throws Error(io) if the file cannot be read, Error(bad_format) "path: not a valid
  /// exception store: reason" if it is damaged, truncated or not a store.
  static ExceptionStoreReader open(const std::filesystem::path& path);

  ~ExceptionStoreReader();
  ExceptionStoreReader(ExceptionStoreReader&&) noexcept;
  ExceptionStoreReader& operator=(ExceptionStoreReader&&) noexcept;
  ExceptionStoreReader(const ExceptionStoreReader&) = delete;
  ExceptionStoreReader& operator=(const ExceptionStoreReader&) = delete;

  /// The format version of the file (the one this library reads and writes).
  static std::uint32_t format_version() noexcept;
  /// Words in the store.
  std::size_t size() const noexcept;
  /// Every letter its words use, in increasing order.
  std::vector<char32_t> letters() const;
  /// The file's size in bytes.
  std::size_t file_size() const noexcept;
  /// The lookup directory has 2^directory_bits() buckets.
  unsigned directory_bits() const noexcept;

  /// The word's hyphenated form ("hy-phen-ation") if the store has it; `word` is looked up as
  /// stored: lower case, without hyphens.
  std::optional<std::string> find(std::string_view word) const;
  /// Visits every word once, in the file's order (by hash).
  void for_each(const std::function<void(const StoreEntry&)>& visit) const;

 private:
  struct Impl;
  explicit ExceptionStoreReader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace hyph
