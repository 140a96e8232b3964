// include/hyph/exception_store.h over the exception room's store format (MappedStore,
// StoreWriter) and the pattern room's source readers.
#include <hyph/exception_store.h>

#include "exceptions/hyphenated_form.h"
#include "exceptions/mapped_store.h"
#include "patterns/readers.h"
#include "base/atomic_file.h"
#include "base/utf8.h"

#include <utility>

namespace hyph {
namespace {

// A store key: the exception's letters (lower case already) in UTF-8.
std::string key_of(const std::u32string& letters) { return utf8::encode(letters); }

// One column of a word pair: exactly one word as \hyphenation reads it. The reader's errors
// are moved to where the column starts (its line 1 is the column's line).
patterns::Exception one_word(std::string_view text, const SourceLocation& at) {
  patterns::ParsedSource parsed;
  try {
    parsed = patterns::read_exception_list(Source{at.file, std::string(text), SourceFormat::exception_list});
  } catch (const ParseError& e) {
    if (e.where().line != 1) throw;
    throw ParseError(e.code(), {at.file, at.line, at.column + e.where().column - 1}, e.reason());
  }
  if (parsed.exceptions.size() != 1) throw ParseError(ErrorCode::parse, at, "expected one word in each column");
  return std::move(parsed.exceptions.front());
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Writing

struct ExceptionStoreWriter::Impl {
  exceptions::StoreWriter writer;
};

ExceptionStoreWriter::ExceptionStoreWriter() : impl_(std::make_unique<Impl>()) {}
ExceptionStoreWriter::~ExceptionStoreWriter() = default;
ExceptionStoreWriter::ExceptionStoreWriter(ExceptionStoreWriter&&) noexcept = default;
ExceptionStoreWriter& ExceptionStoreWriter::operator=(ExceptionStoreWriter&&) noexcept = default;

StoreSourceCounts ExceptionStoreWriter::add(const Source& source) {
  const patterns::ParsedSource parsed = patterns::read_source(source);
  for (const auto& e : parsed.exceptions) impl_->writer.add(key_of(e.letters), e.breaks);
  return {parsed.exceptions.size(), parsed.patterns.size(), parsed.lccodes.size()};
}

void ExceptionStoreWriter::add_pair(std::string_view word, const SourceLocation& word_at, std::string_view hyphenated,
                                    const SourceLocation& hyphenated_at) {
  const patterns::Exception plain = one_word(word, word_at);
  const patterns::Exception marked = one_word(hyphenated, hyphenated_at);
  if (plain.letters != marked.letters) throw ParseError(ErrorCode::parse, hyphenated_at, "the hyphenated form does not spell the word");
  impl_->writer.add(key_of(marked.letters), marked.breaks);
}

std::size_t ExceptionStoreWriter::size() const { return impl_->writer.size(); }

std::string ExceptionStoreWriter::bytes() const { return impl_->writer.bytes(); }

void ExceptionStoreWriter::write(std::ostream& out) const { impl_->writer.write(out); }

void ExceptionStoreWriter::write_file(const std::filesystem::path& path) const {
  base::write_file_atomically(path, [&](std::ostream& out) { impl_->writer.write(out); });
}

// ---------------------------------------------------------------------------------------
// Reading

struct ExceptionStoreReader::Impl {
  exceptions::MappedStore store;
};

ExceptionStoreReader::ExceptionStoreReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ExceptionStoreReader::~ExceptionStoreReader() = default;
ExceptionStoreReader::ExceptionStoreReader(ExceptionStoreReader&&) noexcept = default;
ExceptionStoreReader& ExceptionStoreReader::operator=(ExceptionStoreReader&&) noexcept = default;

ExceptionStoreReader ExceptionStoreReader::open(const std::filesystem::path& path) {
  return ExceptionStoreReader(std::make_unique<Impl>(Impl{exceptions::MappedStore::open(path)}));
}

std::uint32_t ExceptionStoreReader::format_version() noexcept { return exceptions::store_format::kVersion; }
std::size_t ExceptionStoreReader::size() const noexcept { return impl_->store.size(); }
std::vector<char32_t> ExceptionStoreReader::letters() const { return impl_->store.letters(); }
std::size_t ExceptionStoreReader::file_size() const noexcept { return impl_->store.bytes().size(); }
unsigned ExceptionStoreReader::directory_bits() const noexcept { return impl_->store.directory_bits(); }

std::optional<std::string> ExceptionStoreReader::find(std::string_view word) const {
  const auto mask = impl_->store.find(word, base::hash_key(word));
  if (!mask) return std::nullopt;
  return exceptions::hyphenated_form(word, *mask);
}

void ExceptionStoreReader::for_each(const std::function<void(const StoreEntry&)>& visit) const {
  std::string hyphenated;  // one buffer for every word
  impl_->store.for_each([&](std::string_view key, exceptions::HyphenMask mask) {
    hyphenated.clear();
    exceptions::append_hyphenated(hyphenated, key, mask);
    visit(StoreEntry{key, mask, hyphenated});
  });
}

}  // namespace hyph
