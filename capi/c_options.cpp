// hyph_options (include/hyph/hyph.h): its defaults, and how a caller's struct of any size
// becomes the C++ API's hyph::Settings. The size rule is here and only here: a field is read
// if the caller's struct_size covers it; past the fields this library knows, only zeros are
// accepted.
#include <hyph/hyph.h>

#include "c_convert.h"
#include "c_errors.h"

#include <hyph/settings.h>

#include <cstddef>
#include <cstring>

using namespace hyph::detail::capi;

namespace {

// The C enums are the C++ ones, number for number.
static_assert(HYPH_FILTER_NONE == static_cast<int>(hyph::FilterKind::none));
static_assert(HYPH_FILTER_BLOOM == static_cast<int>(hyph::FilterKind::bloom));
static_assert(HYPH_FILTER_BLOCKED_BLOOM == static_cast<int>(hyph::FilterKind::blocked_bloom));
static_assert(HYPH_FILTER_CUCKOO == static_cast<int>(hyph::FilterKind::cuckoo));
static_assert(HYPH_FILTER_FUSE == static_cast<int>(hyph::FilterKind::fuse));
static_assert(HYPH_FILTER_COUNTING_BLOOM == static_cast<int>(hyph::FilterKind::counting_bloom));
static_assert(HYPH_FILTER_HASH_COMPACTION == static_cast<int>(hyph::FilterKind::hash_compaction));
static_assert(HYPH_FILTER_SCALABLE_BLOOM == static_cast<int>(hyph::FilterKind::scalable_bloom));
static_assert(HYPH_FILTER_QUOTIENT == static_cast<int>(hyph::FilterKind::quotient));
static_assert(HYPH_FILTER_COUNTING_QUOTIENT == static_cast<int>(hyph::FilterKind::counting_quotient));
static_assert(HYPH_LETTERS_PATTERN == static_cast<int>(hyph::LetterPolicy::pattern_letters));
static_assert(HYPH_LETTERS_UNICODE == static_cast<int>(hyph::LetterPolicy::unicode));
static_assert(HYPH_NORMALIZE_NONE == static_cast<int>(hyph::Normalization::none));
static_assert(HYPH_NORMALIZE_NFC == static_cast<int>(hyph::Normalization::nfc));
static_assert(HYPH_DIC_MINIMUMS_LARGER == static_cast<int>(hyph::DicMinimums::larger));
static_assert(HYPH_DIC_MINIMUMS_SETTINGS == static_cast<int>(hyph::DicMinimums::settings_only));

// The largest struct_size taken: far beyond any hyph_options, and a bound on the bytes read
// when a caller's size is garbage.
constexpr std::size_t kMaxStructSize = 4096;

// Whether the caller's struct covers the field at `offset` of `size` bytes.
bool covers(std::size_t struct_size, std::size_t offset, std::size_t size) { return struct_size >= offset + size; }
#define HYPH_COVERS(size, field) covers((size), offsetof(hyph_options, field), sizeof(hyph_options::field))

// Refuses a struct from a later header whose fields unknown here are not all zero: the caller
// asked for something this library cannot do.
void check_tail(const hyph_options& in) {
  if (in.struct_size < sizeof(std::size_t) || in.struct_size > kMaxStructSize)
    invalid_argument("hyph_options.struct_size is not the size of a hyph_options: use hyph_options_init(&o, sizeof o)");
  if (in.struct_size <= sizeof(hyph_options)) return;
  const auto* bytes = reinterpret_cast<const unsigned char*>(&in);
  for (std::size_t k = sizeof(hyph_options); k < in.struct_size; ++k)
    if (bytes[k] != 0)
      invalid_argument("hyph_options has fields this libhyph (" HYPH_VERSION_STRING ") does not know, and they are set");
}

}  // namespace

extern "C" void hyph_options_init(hyph_options* options, size_t struct_size) noexcept {
  if (!options || struct_size < sizeof(std::size_t)) return;
  std::memset(static_cast<void*>(options), 0, struct_size);
  options->struct_size = struct_size;
  const hyph::Settings defaults;
  if (HYPH_COVERS(struct_size, left_min)) options->left_min = HYPH_MIN_DEFAULT;
  if (HYPH_COVERS(struct_size, right_min)) options->right_min = HYPH_MIN_DEFAULT;
  if (HYPH_COVERS(struct_size, uchyph)) options->uchyph = HYPH_UCHYPH_DEFAULT;
  if (HYPH_COVERS(struct_size, letters)) options->letters = HYPH_LETTERS_DEFAULT;
  if (HYPH_COVERS(struct_size, normalization)) options->normalization = static_cast<int>(defaults.normalization);
  if (HYPH_COVERS(struct_size, dic_minimums)) options->dic_minimums = static_cast<int>(defaults.dic_minimums);
  if (HYPH_COVERS(struct_size, filter)) options->filter = static_cast<int>(defaults.exceptions.filter);
  if (HYPH_COVERS(struct_size, fp_rate)) options->fp_rate = defaults.exceptions.fp_rate;
  // exception_stores and exception_store_count: zero, none.
}

hyph::Settings hyph::detail::capi::to_settings(const hyph_options* in) {
  hyph::Settings out;
  if (!in) return out;
  check_tail(*in);
  const std::size_t size = in->struct_size;
  if (HYPH_COVERS(size, left_min) && in->left_min != HYPH_MIN_DEFAULT) out.left_min = in->left_min;
  if (HYPH_COVERS(size, right_min) && in->right_min != HYPH_MIN_DEFAULT) out.right_min = in->right_min;
  if (HYPH_COVERS(size, uchyph) && in->uchyph != HYPH_UCHYPH_DEFAULT) out.uchyph = in->uchyph;
  if (HYPH_COVERS(size, letters) && in->letters != HYPH_LETTERS_DEFAULT) {
    if (in->letters != HYPH_LETTERS_PATTERN && in->letters != HYPH_LETTERS_UNICODE) invalid_argument("unknown letter policy");
    out.letters = static_cast<hyph::LetterPolicy>(in->letters);
  }
  if (HYPH_COVERS(size, normalization)) {
    if (in->normalization != HYPH_NORMALIZE_NONE && in->normalization != HYPH_NORMALIZE_NFC)
      invalid_argument("unknown normalization");
    out.normalization = static_cast<hyph::Normalization>(in->normalization);
  }
  if (HYPH_COVERS(size, dic_minimums)) {
    if (in->dic_minimums != HYPH_DIC_MINIMUMS_LARGER && in->dic_minimums != HYPH_DIC_MINIMUMS_SETTINGS)
      invalid_argument("unknown dic_minimums: HYPH_DIC_MINIMUMS_LARGER or HYPH_DIC_MINIMUMS_SETTINGS");
    out.dic_minimums = static_cast<hyph::DicMinimums>(in->dic_minimums);
  }
  if (HYPH_COVERS(size, filter)) {
    if (in->filter < HYPH_FILTER_NONE || in->filter > HYPH_FILTER_COUNTING_QUOTIENT) invalid_argument("unknown filter kind");
    out.exceptions.filter = static_cast<hyph::FilterKind>(in->filter);
  }
  if (HYPH_COVERS(size, fp_rate)) out.exceptions.fp_rate = in->fp_rate;
  if (HYPH_COVERS(size, exception_stores) && HYPH_COVERS(size, exception_store_count)) {
    if (in->exception_store_count != 0 && !in->exception_stores) invalid_argument("the exception store list is NULL");
    for (std::size_t k = 0; k < in->exception_store_count; ++k) {
      if (!in->exception_stores[k]) invalid_argument("an exception store's name is NULL");
      out.exception_stores.emplace_back(in->exception_stores[k]);
    }
  }
  return out;
}
