// Little-endian bytes on any host: every file libhyph writes (compiled languages, exception
// stores, serialized filters) is little-endian, and these turn its fields into values and back.
// On a little-endian host each is a plain memcpy (or nothing), so readers compile to the same
// loads as before; a big-endian host (s390x) swaps. std::byteswap is C++23, hence bswap.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>

namespace hyph::byte_order {

inline constexpr bool kLittleHost = std::endian::native == std::endian::little;
static_assert(kLittleHost || std::endian::native == std::endian::big, "a host of mixed byte order");

/// `value` with its bytes reversed: an integer, a char type, or a double.
template <class T>
constexpr T reversed(T value) noexcept {
  static_assert(std::is_trivially_copyable_v<T> && (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8));
  if constexpr (sizeof(T) == 1) {
    return value;
  } else if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    if constexpr (sizeof(T) == 2) return static_cast<T>(__builtin_bswap16(static_cast<U>(value)));
    if constexpr (sizeof(T) == 4) return static_cast<T>(__builtin_bswap32(static_cast<U>(value)));
    if constexpr (sizeof(T) == 8) return static_cast<T>(__builtin_bswap64(static_cast<U>(value)));
  } else {
    // __builtin_bit_cast: libc++ 14 (emscripten 3.1.6) has no std::bit_cast.
    using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    return __builtin_bit_cast(T, reversed(__builtin_bit_cast(U, value)));
  }
}

/// A value between the host's byte order and little-endian (the same both ways).
template <class T>
constexpr T little(T value) noexcept {
  if constexpr (kLittleHost) {
    return value;
  } else {
    return reversed(value);
  }
}

/// The little-endian field of type T at p (any alignment).
template <class T>
T load(const void* p) noexcept {
  T value;
  std::memcpy(&value, p, sizeof value);
  return little(value);
}

/// Writes `value` little-endian at p (any alignment).
template <class T>
void store(void* p, T value) noexcept {
  value = little(value);
  std::memcpy(p, &value, sizeof value);
}

/// Turns an array of scalars read from a little-endian file into the host's order in place
/// (nothing on a little-endian host); the same call turns host values into file bytes.
template <class T, std::size_t N>
void little_in_place(std::span<T, N> values) noexcept {
  if constexpr (!kLittleHost)
    for (T& v : values) v = reversed(v);
}

}  // namespace hyph::byte_order
