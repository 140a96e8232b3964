// The one place the compiled formats (engine/compiled_container.h and both dialects' sections)
// read and write their little-endian fields. Arrays are read in place, so the host must be
// little-endian too; a port to another byte order starts here.
#pragma once

#include <bit>
#include <cstddef>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

namespace hyph::detail::compiled_bytes {

static_assert(std::endian::native == std::endian::little, "the compiled formats are read in place: a little-endian host");

/// The field of type T at p (any alignment).
template <class T>
T read(const std::byte* p) noexcept {
  T value;
  std::memcpy(&value, p, sizeof value);
  return value;
}

/// Writes `value` at `at` in `out`, which already has room for it.
template <class T>
void write(std::string& out, std::size_t at, T value) noexcept {
  std::memcpy(out.data() + at, &value, sizeof value);
}

/// An array's bytes, as a section's contents.
template <class T>
std::string_view as_bytes(std::span<const T> s) noexcept {
  return {reinterpret_cast<const char*>(s.data()), s.size_bytes()};
}

}  // namespace hyph::detail::compiled_bytes
