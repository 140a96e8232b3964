// The C API's exception stores (hyph_store_writer_*, hyph_store_*) over hyph/exception_store.h.
#include <hyph/hyph.h>

#include "c_errors.h"

#include <hyph/exception_store.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

struct hyph_store_writer {
  hyph::ExceptionStoreWriter writer;
};

struct hyph_store {
  hyph::ExceptionStoreReader reader;
};

using namespace hyph::detail::capi;

namespace {

// Fills the fields of `counts` its struct_size covers.
void report(const hyph::StoreSourceCounts& found, hyph_store_source_counts* counts) {
  if (!counts) return;
  auto has = [&](std::size_t offset) { return counts->struct_size >= offset + sizeof(std::size_t); };
  if (has(offsetof(hyph_store_source_counts, words))) counts->words = found.words;
  if (has(offsetof(hyph_store_source_counts, patterns_ignored))) counts->patterns_ignored = found.patterns_ignored;
  if (has(offsetof(hyph_store_source_counts, lccodes_ignored))) counts->lccodes_ignored = found.lccodes_ignored;
}

hyph::SourceFormat format_of(int format) {
  if (format < HYPH_FORMAT_DETECT || format > HYPH_FORMAT_TEX) invalid_argument("unknown source format");
  return static_cast<hyph::SourceFormat>(format);
}

}  // namespace

extern "C" {

hyph_status hyph_store_writer_new(hyph_store_writer** out, hyph_error** error) noexcept {
  return make_object(out, error, [](const char*&) { return hyph::ExceptionStoreWriter(); });
}

hyph_status hyph_store_writer_add_source(hyph_store_writer* writer, const hyph_source* source,
                                         hyph_store_source_counts* counts, hyph_error** error) noexcept {
  return on(writer, error, [&](hyph_store_writer& w) {
    if (!source) invalid_argument("the source is NULL");
    if (source->length != 0 && !source->bytes) invalid_argument("a source's bytes are NULL");
    const hyph::Source in{source->name ? source->name : "(memory)",
                          std::string(source->bytes ? source->bytes : "", source->length), format_of(source->format)};
    report(w.writer.add(in), counts);
  });
}

hyph_status hyph_store_writer_add_file(hyph_store_writer* writer, const char* path, int format,
                                       hyph_store_source_counts* counts, hyph_error** error) noexcept {
  const char* reading = path;
  return guarded(error, reading, [&] {
    if (error) *error = nullptr;
    if (!writer) invalid_argument("the object is NULL");
    if (!path) invalid_argument("the file name is NULL");
    report(writer->writer.add(hyph::Source::file(path, format_of(format))), counts);
  });
}

hyph_status hyph_store_writer_add_pair(hyph_store_writer* writer, const char* word, size_t word_length,
                                       const char* hyphenated, size_t hyphenated_length, const char* name, size_t line,
                                       hyph_error** error) noexcept {
  return on(writer, error, [&](hyph_store_writer& w) {
    if ((!word && word_length != 0) || (!hyphenated && hyphenated_length != 0)) invalid_argument("a word is NULL");
    const std::string file = name ? name : "(memory)";
    w.writer.add_pair(std::string_view(word ? word : "", word_length), {file, line, 1},
                      std::string_view(hyphenated ? hyphenated : "", hyphenated_length), {file, line, word_length + 2});
  });
}

size_t hyph_store_writer_size(const hyph_store_writer* writer) noexcept {
  if (!writer) return 0;
  try {
    return writer->writer.size();
  } catch (...) {
    return 0;  // memory ran out while counting
  }
}

hyph_status hyph_store_writer_write(const hyph_store_writer* writer, const char* path, hyph_error** error) noexcept {
  const char* reading = path;
  return guarded(error, reading, [&] {
    if (error) *error = nullptr;
    if (!writer) invalid_argument("the object is NULL");
    if (!path) invalid_argument("the file name is NULL");
    writer->writer.write_file(path);
  });
}

void hyph_store_writer_free(hyph_store_writer* writer) noexcept { delete writer; }

hyph_status hyph_store_open(const char* path, hyph_store** out, hyph_error** error) noexcept {
  return make_object(out, error, [&](const char*& reading) {
    if (!path) invalid_argument("the file name is NULL");
    reading = path;
    return hyph::ExceptionStoreReader::open(path);
  });
}

hyph_status hyph_store_get_info(const hyph_store* store, hyph_store_info* info, hyph_error** error) noexcept {
  return on(store, error, [&](const hyph_store& s) {
    if (!info) invalid_argument("the info pointer is NULL");
    auto has = [&](std::size_t offset, std::size_t size) { return info->struct_size >= offset + size; };
    if (!has(0, sizeof info->struct_size)) invalid_argument("hyph_store_info.struct_size is too small: set it to sizeof(hyph_store_info)");
    if (has(offsetof(hyph_store_info, format_version), sizeof info->format_version))
      info->format_version = hyph::ExceptionStoreReader::format_version();
    if (has(offsetof(hyph_store_info, directory_bits), sizeof info->directory_bits)) info->directory_bits = s.reader.directory_bits();
    if (has(offsetof(hyph_store_info, words), sizeof info->words)) info->words = s.reader.size();
    if (has(offsetof(hyph_store_info, letters), sizeof info->letters)) info->letters = s.reader.letters().size();
    if (has(offsetof(hyph_store_info, file_size), sizeof info->file_size)) info->file_size = s.reader.file_size();
  });
}

size_t hyph_store_find(const hyph_store* store, const char* word, size_t length, char* out, size_t out_size) noexcept {
  if (!store || (!word && length != 0)) return 0;
  try {
    const auto found = store->reader.find(std::string_view(word ? word : "", length));
    if (!found) return 0;
    if (out && out_size != 0) {
      const std::size_t n = std::min(found->size(), out_size - 1);
      std::memcpy(out, found->data(), n);
      out[n] = '\0';
    }
    return found->size();
  } catch (...) {
    return 0;  // memory ran out for the answer
  }
}

hyph_status hyph_store_for_each(const hyph_store* store, hyph_store_visitor visit, void* context, hyph_error** error) noexcept {
  return on(store, error, [&](const hyph_store& s) {
    if (!visit) invalid_argument("the visitor is NULL");
    bool stopped = false;
    s.reader.for_each([&](const hyph::StoreEntry& e) {
      if (!stopped)
        stopped = visit(context, e.word.data(), e.word.size(), e.breaks, e.hyphenated.data(), e.hyphenated.size()) != 0;
    });
  });
}

void hyph_store_free(hyph_store* store) noexcept { delete store; }

}  // extern "C"
