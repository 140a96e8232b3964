// The C API's loaders (include/hyph/hyph.h), one for each kind of source, all taking one
// hyph_options (c_options.cpp turns it into hyph::Settings), and the probe that tells a
// compiled file's dialect before loading.
#include <hyph/hyph.h>

#include "c_convert.h"
#include "c_errors.h"

#include <hyph/file_kind.h>
#include <hyph/hyphenator.h>
#include <hyph/languages.h>

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

using namespace hyph::detail::capi;

namespace {

static_assert(HYPH_FILE_OTHER == static_cast<int>(hyph::FileKind::other));
static_assert(HYPH_FILE_COMPILED_TEX == static_cast<int>(hyph::FileKind::compiled_tex));
static_assert(HYPH_FILE_COMPILED_DIC == static_cast<int>(hyph::FileKind::compiled_dic));

void check_files(const char* const* files, std::size_t count) {
  if (count != 0 && !files) invalid_argument("the file list is NULL");
  for (std::size_t k = 0; k < count; ++k)
    if (!files[k]) invalid_argument("a file name is NULL");
}

// Reads files in order; `reading` names the one being read, for I/O errors.
std::vector<hyph::Source> read_files(const char* const* files, std::size_t count, const char*& reading) {
  std::vector<hyph::Source> sources;
  for (std::size_t k = 0; k < count; ++k) {
    reading = files[k];
    sources.push_back(hyph::Source::file(files[k]));
  }
  reading = nullptr;
  return sources;
}

// The settings of a load that brings its own exception filter, or none: a compiled file
// (whose filter is the one it was compiled with) or a .dic dictionary (libhyphen's dialect has
// no exception list). filter and fp_rate are not looked at.
hyph::Settings without_filter(const hyph_options* options) {
  hyph::Settings s = to_settings(options);
  s.exceptions = {};
  return s;
}

}  // namespace

extern "C" {

hyph_status hyph_load_language(const char* tag, const char* const* pattern_dirs, size_t dir_count,
                               const hyph_options* options, hyph_hyphenator** out, hyph_error** error) noexcept {
  return make_object(out, error, [&](const char*& reading) {
    if (!tag) invalid_argument("the language tag is NULL");
    check_files(pattern_dirs, dir_count);
    const hyph::Settings s = to_settings(options);
    // Each folder alone first, so that the error's `file` names one that is missing.
    for (std::size_t k = 0; k < dir_count; ++k) {
      reading = pattern_dirs[k];
      hyph::pattern_directories({.directories = {pattern_dirs[k]}, .environment = false, .system = false});
    }
    reading = nullptr;
    hyph::LanguageSearch search;
    search.directories.assign(pattern_dirs, pattern_dirs + dir_count);
    return hyph::load_language(tag, s, {}, search);
  });
}

hyph_status hyph_load_english(const char* const* extra_files, size_t count, const hyph_options* options,
                              hyph_hyphenator** out, hyph_error** error) noexcept {
  return make_object(out, error, [&](const char*& reading) {
    check_files(extra_files, count);
    const hyph::Settings s = to_settings(options);
    return hyph::Hyphenator::english(s, read_files(extra_files, count, reading));
  });
}

hyph_status hyph_load_files(const char* const* files, size_t count, const hyph_options* options,
                            hyph_hyphenator** out, hyph_error** error) noexcept {
  return make_object(out, error, [&](const char*& reading) {
    check_files(files, count);
    const hyph::Settings s = to_settings(options);
    return hyph::Hyphenator::load(read_files(files, count, reading), s);
  });
}

hyph_status hyph_load_sources(const hyph_source* sources, size_t count, const hyph_options* options,
                              hyph_hyphenator** out, hyph_error** error) noexcept {
  return make_object(out, error, [&](const char*&) {
    if (count != 0 && !sources) invalid_argument("the source list is NULL");
    const hyph::Settings s = to_settings(options);
    std::vector<hyph::Source> in;
    in.reserve(count);
    for (std::size_t k = 0; k < count; ++k) {
      const hyph_source& src = sources[k];
      if (src.length != 0 && !src.bytes) invalid_argument("a source's bytes are NULL");
      if (src.format < HYPH_FORMAT_DETECT || src.format > HYPH_FORMAT_TEX) invalid_argument("unknown source format");
      in.push_back(hyph::Source{src.name ? src.name : "(memory)", std::string(src.bytes ? src.bytes : "", src.length),
                                static_cast<hyph::SourceFormat>(src.format)});
    }
    return hyph::Hyphenator::load(in, s);
  });
}

hyph_status hyph_load_dic(const char* path, const hyph_options* options, hyph_hyphenator** out,
                          hyph_error** error) noexcept {
  return make_object(out, error, [&](const char*& reading) {
    if (!path) invalid_argument("the path is NULL");
    const hyph::Settings s = without_filter(options);
    reading = path;
    return hyph::Hyphenator::load_dic(path, s);
  });
}

hyph_status hyph_load_dic_memory(const void* bytes, size_t length, const char* name, const hyph_options* options,
                                 hyph_hyphenator** out, hyph_error** error) noexcept {
  return make_object(out, error, [&](const char*& reading) {
    reading = name;
    if (length != 0 && !bytes) invalid_argument("the bytes are NULL");
    const std::string_view in(static_cast<const char*>(bytes), bytes ? length : 0);
    return hyph::Hyphenator::load_dic_bytes(in, without_filter(options), name ? name : "(memory)");
  });
}

hyph_status hyph_load_compiled(const char* path, const hyph_options* options, hyph_hyphenator** out,
                               hyph_error** error) noexcept {
  return make_object(out, error, [&](const char*& reading) {
    if (!path) invalid_argument("the file name is NULL");
    const hyph::Settings s = without_filter(options);
    reading = path;
    return hyph::Hyphenator::load_compiled(path, s);
  });
}

hyph_status hyph_load_compiled_memory(const void* bytes, size_t length, const hyph_options* options,
                                      hyph_hyphenator** out, hyph_error** error) noexcept {
  return make_object(out, error, [&](const char*&) {
    if (length != 0 && !bytes) invalid_argument("the bytes are NULL");
    const std::span<const std::byte> in(static_cast<const std::byte*>(bytes), bytes ? length : 0);
    return hyph::Hyphenator::load_compiled(in, without_filter(options));
  });
}

hyph_status hyph_probe_file(const char* path, int* kind, hyph_error** error) noexcept {
  const char* reading = path;
  return guarded(error, reading, [&] {
    if (error) *error = nullptr;
    if (!path) invalid_argument("the path is NULL");
    if (!kind) invalid_argument("the kind pointer is NULL");
    *kind = static_cast<int>(hyph::probe_file(path));
  });
}

int hyph_probe_memory(const void* bytes, size_t length) noexcept {
  if (!bytes) return HYPH_FILE_OTHER;
  return static_cast<int>(hyph::probe_bytes(std::span(static_cast<const std::byte*>(bytes), length)));
}

}  // extern "C"
