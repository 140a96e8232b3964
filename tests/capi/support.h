// Helpers for the C API tests: owning wrappers and std::string/vector views of the C calls.
#pragma once

#include <hyph/hyph.h>

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace capi {

/// Owns a hyph_hyphenator.
struct Loaded {
  hyph_hyphenator* h = nullptr;
  Loaded() = default;
  explicit Loaded(hyph_hyphenator* p) : h(p) {}
  Loaded(const Loaded&) = delete;
  Loaded& operator=(const Loaded&) = delete;
  ~Loaded() { hyph_free(h); }
  operator const hyph_hyphenator*() const { return h; }
};

/// Owns a hyph_error.
struct ErrorHolder {
  hyph_error* e = nullptr;
  ~ErrorHolder() { hyph_error_free(e); }
  hyph_error** operator&() { return &e; }
  const hyph_error* operator->() const { return e; }
};

inline hyph_options settings(int left = HYPH_MIN_DEFAULT, int right = HYPH_MIN_DEFAULT, int uchyph = HYPH_UCHYPH_DEFAULT) {
  hyph_options s;
  hyph_options_init(&s, sizeof s);
  s.left_min = left;
  s.right_min = right;
  s.uchyph = uchyph;
  return s;
}

/// Plain TeX English; REQUIREs that loading works.
inline hyph_hyphenator* english(const hyph_options* s = nullptr, std::vector<const char*> extra = {}) {
  hyph_hyphenator* h = nullptr;
  hyph_error* e = nullptr;
  const hyph_status status = hyph_load_english(extra.data(), extra.size(), s, &h, &e);
  REQUIRE_MESSAGE(status == HYPH_OK, (e ? e->message : "?"));
  REQUIRE(e == nullptr);
  REQUIRE(h != nullptr);
  return h;
}

inline hyph_source source(const char* name, std::string_view bytes, int format = HYPH_FORMAT_DETECT) {
  return hyph_source{name, bytes.data(), bytes.size(), format};
}

/// Sources in memory; REQUIREs that loading works.
inline hyph_hyphenator* from_sources(std::vector<hyph_source> sources, const hyph_options* s = nullptr) {
  hyph_hyphenator* h = nullptr;
  hyph_error* e = nullptr;
  const hyph_status status = hyph_load_sources(sources.data(), sources.size(), s, &h, &e);
  REQUIRE_MESSAGE(status == HYPH_OK, (e ? e->message : "?"));
  return h;
}

inline std::string hyphenated(const hyph_hyphenator* h, std::string_view text, const char* marker = "-") {
  const std::size_t n = hyph_hyphenated(h, text.data(), text.size(), marker, nullptr, 0);
  std::string out(n + 1, '\x7F');
  CHECK(hyph_hyphenated(h, text.data(), text.size(), marker, out.data(), out.size()) == n);
  CHECK(out[n] == '\0');
  out.resize(n);
  return out;
}

inline std::vector<std::size_t> breaks8(const hyph_hyphenator* h, std::string_view text) {
  std::vector<std::size_t> b(hyph_hyphenate(h, text.data(), text.size(), nullptr, 0));
  CHECK(hyph_hyphenate(h, text.data(), text.size(), b.data(), b.size()) == b.size());
  return b;
}

inline std::vector<std::size_t> breaks16(const hyph_hyphenator* h, std::u16string_view text) {
  const auto* units = reinterpret_cast<const std::uint16_t*>(text.data());
  std::vector<std::size_t> b(hyph_hyphenate_utf16(h, units, text.size(), nullptr, 0));
  CHECK(hyph_hyphenate_utf16(h, units, text.size(), b.data(), b.size()) == b.size());
  return b;
}

/// UTF-16 to UTF-8, an unpaired surrogate as its three-byte generalised-UTF-8 form (or as
/// `lone` if that is not empty). `start[u]` is the byte offset of unit u; size()+1 entries.
struct Converted {
  std::string utf8;
  std::vector<std::size_t> start;
};

inline Converted to_utf8(std::u16string_view text, std::string_view lone = {}) {
  Converted c;
  auto put3 = [&](std::uint32_t u) {
    c.utf8 += static_cast<char>(0xE0 | (u >> 12));
    c.utf8 += static_cast<char>(0x80 | ((u >> 6) & 0x3F));
    c.utf8 += static_cast<char>(0x80 | (u & 0x3F));
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    c.start.push_back(c.utf8.size());
    const std::uint32_t u = text[i];
    const bool high = u >= 0xD800 && u < 0xDC00;
    const bool low = u >= 0xDC00 && u < 0xE000;
    if (u < 0x80) {
      c.utf8 += static_cast<char>(u);
    } else if (u < 0x800) {
      c.utf8 += static_cast<char>(0xC0 | (u >> 6));
      c.utf8 += static_cast<char>(0x80 | (u & 0x3F));
    } else if (high && i + 1 < text.size() && text[i + 1] >= 0xDC00 && text[i + 1] < 0xE000) {
      const std::uint32_t cp = 0x10000 + ((u - 0xD800) << 10) + (text[i + 1] - 0xDC00u);
      c.utf8 += static_cast<char>(0xF0 | (cp >> 18));
      c.utf8 += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      c.utf8 += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      c.utf8 += static_cast<char>(0x80 | (cp & 0x3F));
      c.start.push_back(c.utf8.size() - 2);  // the low half: inside the sequence, never a break
      ++i;
    } else if ((high || low) && !lone.empty()) {
      c.utf8 += lone;
    } else {
      put3(u);
    }
  }
  c.start.push_back(c.utf8.size());
  return c;
}

/// The UTF-8 path's breaks for `text`, as UTF-16 offsets (npos where a break is not at a unit).
inline std::vector<std::size_t> breaks8_as16(const hyph_hyphenator* h, std::u16string_view text, std::string_view lone = {}) {
  const Converted c = to_utf8(text, lone);
  std::vector<std::size_t> out;
  std::size_t u = 0;
  for (std::size_t b : breaks8(h, c.utf8)) {
    while (u < c.start.size() && c.start[u] < b) ++u;
    out.push_back(u < c.start.size() && c.start[u] == b ? u : std::string::npos);
  }
  return out;
}

/// Concatenation by appending (GCC 12 at -O3 warns falsely about `literal + string`).
template <class... Parts>
std::u16string cat(const Parts&... parts) {
  std::u16string s;
  (s.append(parts), ...);
  return s;
}

inline std::u16string u16(std::initializer_list<std::uint16_t> units) {
  std::u16string s;
  for (auto u : units) s += static_cast<char16_t>(u);
  return s;
}

}  // namespace capi
