// The C API (include/hyph/hyph.h) over the C++ one: the version, errors, what was loaded,
// hyphenating, streams and user dictionaries (the loaders are in c_load.cpp, the options in
// c_options.cpp, the stores in c_store.cpp). Every entry point is noexcept and catches
// everything: no exception crosses into C.
#include <hyph/hyph.h>

#include "c_convert.h"
#include "c_errors.h"

#include <hyph/hyphenator.h>
#include <hyph/text_stream.h>
#include <hyph/user_dictionary.h>

#include <algorithm>
#include <cstddef>
#include <memory>
#include <optional>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <span>
#include <string_view>
#include <vector>

struct hyph_stream {
  hyph::TextStream stream;
};

struct hyph_dictionary {
  hyph::UserDictionary dictionary;
};

using namespace hyph::detail::capi;

namespace {

// The C enums are the C++ ones, number for number.
static_assert(HYPH_ERROR_IO == static_cast<int>(hyph::ErrorCode::io));
static_assert(HYPH_ERROR_PARSE == static_cast<int>(hyph::ErrorCode::parse));
static_assert(HYPH_ERROR_BAD_UTF8 == static_cast<int>(hyph::ErrorCode::bad_utf8));
static_assert(HYPH_ERROR_UNKNOWN_LANGUAGE == static_cast<int>(hyph::ErrorCode::unknown_language));
static_assert(HYPH_ERROR_INVALID_ARGUMENT == static_cast<int>(hyph::ErrorCode::invalid_argument));
static_assert(HYPH_ERROR_BAD_FORMAT == static_cast<int>(hyph::ErrorCode::bad_format));
static_assert(HYPH_ERROR_CAPACITY == static_cast<int>(hyph::ErrorCode::capacity));
static_assert(HYPH_FORMAT_DETECT == static_cast<int>(hyph::SourceFormat::detect));
static_assert(HYPH_FORMAT_PATTERN_LIST == static_cast<int>(hyph::SourceFormat::pattern_list));
static_assert(HYPH_FORMAT_EXCEPTION_LIST == static_cast<int>(hyph::SourceFormat::exception_list));
static_assert(HYPH_FORMAT_TEX == static_cast<int>(hyph::SourceFormat::tex));

}  // namespace

hyph_break hyph::detail::capi::to_c(const hyph::Break& b) noexcept {
  return hyph_break{b.offset,          b.value,      b.replaced_before, b.replaced_after,
                    b.before.data() ? b.before.data() : "", b.before.size(), b.after.data() ? b.after.data() : "",
                    b.after.size()};
}

extern "C" {

const char* hyph_version(void) noexcept { return HYPH_VERSION_STRING; }
int hyph_version_number(void) noexcept { return HYPH_VERSION_NUMBER; }

const char* hyph_status_string(hyph_status status) noexcept {
  switch (status) {
    case HYPH_OK: return "ok";
    case HYPH_ERROR_IO: return "I/O error";
    case HYPH_ERROR_PARSE: return "parse error";
    case HYPH_ERROR_BAD_UTF8: return "invalid UTF-8";
    case HYPH_ERROR_UNKNOWN_LANGUAGE: return "unknown language";
    case HYPH_ERROR_INVALID_ARGUMENT: return "invalid argument";
    case HYPH_ERROR_BAD_FORMAT: return "bad compiled pattern file";
    case HYPH_ERROR_CAPACITY: return "capacity exceeded";
    case HYPH_ERROR_OUT_OF_MEMORY: return "out of memory";
    case HYPH_ERROR_INTERNAL: return "internal error";
  }
  return "unknown status";
}

void hyph_error_free(hyph_error* error) noexcept {
  if (error != &hyph::detail::capi::out_of_memory_error) std::free(error);
}

int hyph_dialect_of(const hyph_hyphenator* h) noexcept {
  if (!h) return -1;
  return h->hyphenator.dialect() == hyph::Dialect::libhyphen ? HYPH_DIALECT_LIBHYPHEN : HYPH_DIALECT_TEX;
}

size_t hyph_breaks(const hyph_hyphenator* h, const char* text, size_t length, hyph_break* breaks, size_t capacity) noexcept {
  if (!h || !text) return 0;
  if (!breaks) capacity = 0;
  std::size_t total = 0;
  h->hyphenator.for_each_break(std::string_view(text, length), [&](const hyph::Break& b) noexcept {
    if (total < capacity) breaks[total] = to_c(b);
    ++total;
  });
  return total;
}

size_t hyph_breaks_utf16(const hyph_hyphenator* h, const uint16_t* text, size_t length, hyph_break* breaks,
                         size_t capacity) noexcept {
  if (!h || !text) return 0;
  if (!breaks) capacity = 0;
  std::size_t total = 0;
  h->hyphenator.for_each_break(std::u16string_view(reinterpret_cast<const char16_t*>(text), length),
                               [&](const hyph::Break& b) noexcept {
                                 if (total < capacity) breaks[total] = to_c(b);
                                 ++total;
                               });
  return total;
}

// snprintf's contract for a caller's buffer: writes what fits before the final NUL, counts
// the whole result (one writer for hyph_hyphenated and hyph_hyphenated_spelling).
class BoundedOutput {
 public:
  BoundedOutput(char* out, std::size_t out_size) noexcept
      : out_(out_size == 0 ? nullptr : out), room_(out_ == nullptr ? 0 : out_size - 1) {}
  void put(std::string_view bytes) noexcept {
    if (!bytes.empty() && written_ < room_) std::memcpy(out_ + written_, bytes.data(), std::min(bytes.size(), room_ - written_));
    written_ += bytes.size();
  }
  std::size_t finish() noexcept {
    if (out_ != nullptr) out_[std::min(written_, room_)] = '\0';
    return written_;
  }

 private:
  char* out_;
  std::size_t room_;
  std::size_t written_ = 0;
};

size_t hyph_hyphenated_spelling(const hyph_hyphenator* h, const char* text, size_t length, const char* marker, char* out,
                                size_t out_size) noexcept {
  if (!h || !text) length = 0;
  if (!marker) marker = "-";
  if (!out) out_size = 0;
  const std::string_view m(marker);
  BoundedOutput result(out, out_size);
  auto put = [&](std::string_view bytes) noexcept { result.put(bytes); };
  // As Hyphenator::hyphenated_spelling, without its string: break by break.
  const std::string_view t(text ? text : "", length);
  std::size_t from = 0;
  if (h && text)
    h->hyphenator.for_each_break(t, [&](const hyph::Break& b) noexcept {
      const std::size_t begin = b.offset - b.replaced_before;
      if (begin < from) return;
      put(t.substr(from, begin - from));
      put(b.before);
      put(m);
      put(b.after);
      from = b.offset + b.replaced_after;
    });
  put(t.substr(std::min(from, t.size())));
  return result.finish();
}

hyph_status hyph_explain(const hyph_hyphenator* h, const char* text, size_t length, char* out, size_t out_size, size_t* needed,
                         hyph_error** error) noexcept {
  const char* reading = nullptr;
  return guarded(error, reading, [&] {
    if (error) *error = nullptr;
    if (!h) invalid_argument("the hyphenator is NULL");
    if (length != 0 && !text) invalid_argument("the text is NULL");
    if (out_size != 0 && !out) invalid_argument("the output buffer is NULL");
    std::string lines;
    for (const hyph::WordExplanation& w : h->hyphenator.explain(std::string_view(text ? text : "", text ? length : 0)))
      lines.append(hyph::to_text(w)).append("\n");
    BoundedOutput result(out, out_size);
    result.put(lines);
    const std::size_t total = result.finish();
    if (needed) *needed = total;
  });
}

int hyph_normalization_of(const hyph_hyphenator* h) noexcept { return h ? static_cast<int>(h->hyphenator.normalization()) : 0; }

void hyph_free(hyph_hyphenator* hyphenator) noexcept { delete hyphenator; }

int hyph_left_min(const hyph_hyphenator* h) noexcept { return h ? h->hyphenator.mins().left : 0; }
int hyph_right_min(const hyph_hyphenator* h) noexcept { return h ? h->hyphenator.mins().right : 0; }
int hyph_uchyph(const hyph_hyphenator* h) noexcept { return h ? h->hyphenator.uchyph() : 0; }
int hyph_letters(const hyph_hyphenator* h) noexcept { return h ? static_cast<int>(h->hyphenator.letters()) : 0; }
size_t hyph_pattern_count(const hyph_hyphenator* h) noexcept { return h ? h->hyphenator.pattern_count() : 0; }
size_t hyph_exception_count(const hyph_hyphenator* h) noexcept { return h ? h->hyphenator.exception_count() : 0; }
// (tag() and name() view whole std::strings of the model: NUL-terminated.)
const char* hyph_language_tag(const hyph_hyphenator* h) noexcept { return h ? h->hyphenator.tag().data() : ""; }
const char* hyph_language_name(const hyph_hyphenator* h) noexcept { return h ? h->hyphenator.name().data() : ""; }
size_t hyph_warning_count(const hyph_hyphenator* h) noexcept { return h ? h->hyphenator.warnings().size() : 0; }
const char* hyph_warning(const hyph_hyphenator* h, size_t index) noexcept {
  if (!h || index >= h->hyphenator.warnings().size()) return nullptr;
  return h->hyphenator.warnings()[index].message.c_str();
}

size_t hyph_hyphenate(const hyph_hyphenator* h, const char* text, size_t length, size_t* breaks, size_t capacity) noexcept {
  if (!h || !text) return 0;
  return h->hyphenator.hyphenate(std::string_view(text, length), std::span<std::size_t>(breaks, breaks ? capacity : 0));
}

size_t hyph_hyphenate_utf16(const hyph_hyphenator* h, const uint16_t* text, size_t length, size_t* breaks,
                            size_t capacity) noexcept {
  if (!h || !text) return 0;
  // uint16_t and char16_t have the same size and representation.
  return h->hyphenator.hyphenate(std::u16string_view(reinterpret_cast<const char16_t*>(text), length),
                                 std::span<std::size_t>(breaks, breaks ? capacity : 0));
}

size_t hyph_hyphenated(const hyph_hyphenator* h, const char* text, size_t length, const char* marker, char* out,
                       size_t out_size) noexcept {
  if (!h || !text) length = 0;
  if (!marker) marker = "-";
  if (!out) out_size = 0;
  const std::size_t marker_length = std::strlen(marker);
  BoundedOutput result(out, out_size);
  auto put = [&](const char* bytes, std::size_t n) noexcept { result.put(std::string_view(bytes, n)); };

  // Break by break, in order: no buffer, no allocation, however many breaks a token has.
  std::size_t from = 0;
  if (h && text)
    h->hyphenator.for_each_break(std::string_view(text, length), [&](const hyph::Break& b) noexcept {
      put(text + from, b.offset - from);
      put(marker, marker_length);
      from = b.offset;
    });
  put(text + from, length - from);
  return result.finish();
}

hyph_status hyph_stream_new(const hyph_hyphenator* h, const char* marker, hyph_sink sink, void* context,
                            hyph_stream** out, hyph_error** error) noexcept {
  return make_object(out, error, [&](const char*&) {
    if (!h) invalid_argument("the hyphenator is NULL");
    if (!sink) invalid_argument("the sink is NULL");
    hyph::TextStream::Sink to_sink = [sink, context](std::string_view bytes) { sink(context, bytes.data(), bytes.size()); };
    return hyph::TextStream(h->hyphenator, marker ? marker : "-", std::move(to_sink));
  });
}

hyph_status hyph_stream_write(hyph_stream* stream, const char* bytes, size_t length, hyph_error** error) noexcept {
  return on(stream, error, [&](hyph_stream& s) {
    if (length != 0 && !bytes) invalid_argument("the bytes are NULL");
    s.stream.write(std::string_view(bytes ? bytes : "", bytes ? length : 0));
  });
}

hyph_status hyph_stream_flush(hyph_stream* stream, hyph_error** error) noexcept {
  return on(stream, error, [](hyph_stream& s) { s.stream.flush(); });
}

hyph_status hyph_stream_finish(hyph_stream* stream, hyph_error** error) noexcept {
  return on(stream, error, [](hyph_stream& s) { s.stream.finish(); });
}

void hyph_stream_free(hyph_stream* stream) noexcept { delete stream; }

hyph_status hyph_dictionary_new(const hyph_hyphenator* h, int filter, double fp_rate, hyph_dictionary** out,
                                hyph_error** error) noexcept {
  return make_object(out, error, [&](const char*&) {
    if (!h) invalid_argument("the hyphenator is NULL");
    if (filter < HYPH_FILTER_NONE || filter > HYPH_FILTER_COUNTING_QUOTIENT) invalid_argument("unknown filter kind");
    return hyph::UserDictionary(h->hyphenator, {static_cast<hyph::FilterKind>(filter), fp_rate});
  });
}

hyph_status hyph_dictionary_add(hyph_dictionary* d, const char* word, size_t length, int* was_new, hyph_error** error) noexcept {
  return on(d, error, [&](hyph_dictionary& dict) {
    if (!word) invalid_argument("the word is NULL");
    const bool added = dict.dictionary.add(std::string_view(word, length));
    if (was_new) *was_new = added ? 1 : 0;
  });
}

hyph_status hyph_dictionary_remove(hyph_dictionary* d, const char* word, size_t length, int* was_there,
                                   hyph_error** error) noexcept {
  return on(d, error, [&](hyph_dictionary& dict) {
    if (!word) invalid_argument("the word is NULL");
    const bool removed = dict.dictionary.remove(std::string_view(word, length));
    if (was_there) *was_there = removed ? 1 : 0;
  });
}

size_t hyph_dictionary_size(const hyph_dictionary* d) noexcept { return d ? d->dictionary.size() : 0; }

hyph_status hyph_dictionary_hyphenate(hyph_dictionary* d, const char* text, size_t length, size_t* breaks, size_t capacity,
                                      size_t* count, hyph_error** error) noexcept {
  return on(d, error, [&](hyph_dictionary& dict) {
    if (!count) invalid_argument("the count pointer is NULL");
    if (length != 0 && !text) invalid_argument("the text is NULL");
    *count = dict.dictionary.hyphenate(std::string_view(text ? text : "", text ? length : 0),
                                       std::span<std::size_t>(breaks, breaks ? capacity : 0));
  });
}

void hyph_dictionary_free(hyph_dictionary* dictionary) noexcept { delete dictionary; }

}  // extern "C"
