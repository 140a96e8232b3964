// The one place the compiled formats (engine/compiled_container.h and both dialects' sections)
// read and write their little-endian fields (base/byte_order.h). Arrays are read in place on a
// little-endian host; a big-endian one loads a copy of the file whose arrays host_order() turned
// into its own order (doc/compiled-format.md, "Byte order").
#pragma once

#include "base/byte_order.h"

#include <cstddef>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

namespace hyph::detail::compiled_bytes {

using byte_order::kLittleHost;

/// The little-endian field of type T at p (any alignment).
template <class T>
T read(const std::byte* p) noexcept {
  return byte_order::load<T>(p);
}

/// Writes `value` little-endian at `at` in `out`, which already has room for it.
template <class T>
void write(std::string& out, std::size_t at, T value) noexcept {
  byte_order::store<T>(out.data() + at, value);
}

/// An array's bytes in the host's order, as a section's contents on a little-endian host.
template <class T>
std::string_view as_bytes(std::span<const T> s) noexcept {
  return {reinterpret_cast<const char*>(s.data()), s.size_bytes()};
}

/// Reverses a scalar's bytes: the `reverse_fields` of an array of integers.
inline constexpr auto kScalar = [](auto& v) noexcept { v = byte_order::reversed(v); };

/// An array's bytes as the file holds them, little-endian: as_bytes() on a little-endian host;
/// on a big-endian one a copy in `storage` whose elements `reverse_fields(T&)` turned (it
/// reverses each field of more than one byte).
template <class T, class Fields>
std::string_view file_bytes(std::span<const T> s, std::string& storage, Fields reverse_fields) {
  if constexpr (kLittleHost) {
    return as_bytes(s);
  } else {
    storage.assign(as_bytes(s));
    for (std::size_t k = 0; k < s.size(); ++k) {
      T value;
      std::memcpy(&value, storage.data() + k * sizeof(T), sizeof(T));
      reverse_fields(value);
      std::memcpy(storage.data() + k * sizeof(T), &value, sizeof(T));
    }
    return storage;
  }
}

/// Turns an array read from a file into the host's order, in place: nothing on a little-endian
/// host, `reverse_fields` on each element on a big-endian one.
template <class T, class Fields>
void host_order(std::span<T> s, Fields reverse_fields) noexcept {
  if constexpr (!kLittleHost)
    for (T& v : s) reverse_fields(v);
}

}  // namespace hyph::detail::compiled_bytes
