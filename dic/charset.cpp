#include "dic/charset.h"

#include "base/utf8.h"

#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unicode/utf16.h>

#include <vector>

namespace hyph::dic {

namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) s.remove_suffix(1);
  return s;
}

}  // namespace

struct DicCharset::Impl {
  UConverter* converter = nullptr;
  bool utf8 = false;
  ~Impl() {
    if (converter) ucnv_close(converter);
  }
};

DicCharset::DicCharset(std::string_view declared) : impl_(std::make_unique<Impl>()) {
  const std::string name(trimmed(declared));
  if (name.empty()) return;
  UErrorCode status = U_ZERO_ERROR;
  UConverter* c = ucnv_open(name.c_str(), &status);
  if (U_FAILURE(status) || !c) return;
  impl_->converter = c;
  status = U_ZERO_ERROR;
  const char* canonical = ucnv_getName(c, &status);
  impl_->utf8 = U_SUCCESS(status) && std::string_view(canonical) == "UTF-8";
  // Stop at the first invalid sequence instead of substituting, so that it can be located.
  status = U_ZERO_ERROR;
  ucnv_setToUCallBack(c, UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &status);
}

DicCharset::~DicCharset() = default;
DicCharset::DicCharset(DicCharset&&) noexcept = default;
DicCharset& DicCharset::operator=(DicCharset&&) noexcept = default;

bool DicCharset::known() const noexcept { return impl_->converter != nullptr; }
bool DicCharset::utf8() const noexcept { return impl_->utf8; }

std::size_t DicCharset::invalid_column(std::string_view line) const {
  if (!impl_->converter || line.empty()) return 0;
  if (impl_->utf8) {
    // The common case, without ICU: strict UTF-8.
    const auto* p = reinterpret_cast<const unsigned char*>(line.data());
    const auto* end = p + line.size();
    std::size_t column = 1;
    while (p < end) {
      const utf8::Decoded d = utf8::decode(p, end);
      if (d.cp == utf8::kInvalid) return column;
      p += d.length;
      ++column;
    }
    return 0;
  }
  UConverter* c = impl_->converter;
  ucnv_resetToUnicode(c);
  std::vector<UChar> out(line.size() * 2 + 4);
  UChar* target = out.data();
  const char* source = line.data();
  UErrorCode status = U_ZERO_ERROR;
  ucnv_toUnicode(c, &target, out.data() + out.size(), &source, line.data() + line.size(), nullptr, true, &status);
  if (U_SUCCESS(status)) return 0;
  // Everything converted before the bad sequence is in `out`: count its code points.
  std::size_t column = 1;
  for (const UChar* u = out.data(); u < target; ++u)
    if (!U16_IS_TRAIL(*u)) ++column;
  return column;
}

bool DicCharset::single_byte() const noexcept {
  return impl_->converter != nullptr && !impl_->utf8 && ucnv_getMaxCharSize(impl_->converter) == 1;
}

std::string DicCharset::to_utf8(std::string_view bytes) const {
  std::string out;
  if (!impl_->converter) {
    for (unsigned char b : bytes) utf8::append(out, b);
    return out;
  }
  if (impl_->utf8) {
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
    const auto* end = p + bytes.size();
    while (p < end) {
      const utf8::Decoded d = utf8::decode(p, end);
      utf8::append(out, d.cp == utf8::kInvalid ? char32_t{0xFFFD} : d.cp);
      p += d.length;
    }
    return out;
  }
  UConverter* c = impl_->converter;
  for (std::size_t at = 0; at < bytes.size();) {
    ucnv_resetToUnicode(c);
    std::vector<UChar> u16(bytes.size() * 2 + 4);
    UChar* target = u16.data();
    const char* source = bytes.data() + at;
    UErrorCode status = U_ZERO_ERROR;
    ucnv_toUnicode(c, &target, u16.data() + u16.size(), &source, bytes.data() + bytes.size(), nullptr, true, &status);
    for (std::size_t i = 0; u16.data() + i < target;) {
      UChar32 cp;
      U16_NEXT(u16.data(), i, static_cast<std::size_t>(target - u16.data()), cp);
      utf8::append(out, static_cast<char32_t>(cp));
    }
    const auto consumed = static_cast<std::size_t>(source - (bytes.data() + at));
    at += consumed;
    if (U_SUCCESS(status)) break;
    utf8::append(out, 0xFFFD);
    if (consumed == 0) ++at;
  }
  return out;
}

}  // namespace hyph::dic
