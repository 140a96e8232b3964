// hnj_hyphen_load, _load_file, _load_data and _free: libhyph's .dic reader behind libhyphen's
// loaders. Like libhyphen they return NULL when the file cannot be read; a file libhyph refuses
// (bytes invalid in its declared charset) also gives NULL, with the reader's one-line
// "file:line:column: reason" on stderr, since the C API has no other way to say why.
#include "hyphen/bound_dict.h"

#include <hyph/error.h>

#include <cstdio>
#include <exception>
#include <string>

namespace {

using hyph::dic::Dictionary;
using hyph::hyphen_binding::bind;

template <typename Load>
HyphenDict* load_or_null(Load&& load) noexcept {
  try {
    return bind(load());
  } catch (const hyph::ParseError& e) {
    std::fprintf(stderr, "libhyph-hyphen: %s\n", e.what());
  } catch (...) {
    // Unreadable file or no memory: libhyphen's answer is NULL, silently.
  }
  return nullptr;
}

}  // namespace

extern "C" {

HyphenDict* hnj_hyphen_load(const char* fn) {
  if (fn == nullptr) return nullptr;
  return load_or_null([fn] { return Dictionary::load(fn); });
}

HyphenDict* hnj_hyphen_load_file(FILE* f) {
  if (f == nullptr) return nullptr;
  return load_or_null([f] {
    // libhyphen reads from the file's current position to its end.
    std::string bytes;
    char chunk[1 << 16];
    std::size_t got = 0;
    while ((got = std::fread(chunk, 1, sizeof chunk, f)) > 0) bytes.append(chunk, got);
    if (std::ferror(f)) throw hyph::Error(hyph::ErrorCode::io, "hnj_hyphen_load_file: read error");
    return Dictionary::from_bytes(bytes, "(FILE*)");
  });
}

HyphenDict* hnj_hyphen_load_data(const char* fdata, size_t flen) {
  if (fdata == nullptr && flen != 0) return nullptr;
  return load_or_null([fdata, flen] {
    return Dictionary::from_bytes(std::string_view(fdata == nullptr ? "" : fdata, flen), "(memory)");
  });
}

void hnj_hyphen_free(HyphenDict* dict) { hyph::hyphen_binding::unbind(dict); }

}  // extern "C"
