// Writing and reading the filters' serialized state (Filter::serialize, load_filter): the
// FILT section of a compiled pattern file (doc/compiled-format.md, "Filters"). Internal.
//
// A payload is a sequence of 8-byte fields, little-endian: unsigned integers, IEEE doubles,
// and arrays given as a byte count followed by the bytes, zero-padded to a multiple of 8.
#pragma once

#include <hyph/error.h>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>

namespace hyph::filters::io {

static_assert(std::endian::native == std::endian::little, "serialized filters are little-endian, as the host");

void put_u64(std::ostream& out, std::uint64_t value);
void put_f64(std::ostream& out, double value);
/// The byte count, the bytes, then zeros up to a multiple of 8.
void put_array(std::ostream& out, const void* data, std::size_t size);

/// Reads a payload front to back; every read is bounds-checked, and every failure throws
/// Error(bad_format) "WHAT: REASON".
class Reader {
 public:
  Reader(std::span<const std::byte> bytes, std::string what) : bytes_(bytes), what_(std::move(what)) {}

  std::uint64_t u64();
  /// A field that must lie in [lo, hi]; `name` is for the message.
  std::uint64_t u64(std::string_view name, std::uint64_t lo, std::uint64_t hi);
  double f64();
  /// A target false-positive rate: 0 < ε < 1.
  double fp_rate();
  /// An array: its byte count (a multiple of `element`, within what is left), its bytes;
  /// the padding after them must be zero. The caller checks the count against its fields.
  std::span<const std::byte> array(std::string_view name, std::size_t element);
  /// Bytes not read yet.
  std::size_t left() const noexcept { return bytes_.size() - at_; }
  /// Every byte must have been read.
  void finish();
  [[noreturn]] void fail(const std::string& reason) const;

 private:
  std::span<const std::byte> bytes_;
  std::size_t at_ = 0;
  std::string what_;
};

}  // namespace hyph::filters::io
