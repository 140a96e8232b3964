// Writing and reading the filters' serialized state (Filter::serialize, load_filter): the
// FILT section of a compiled pattern file (doc/compiled-format.md, "Filters"). Internal.
//
// A payload is a sequence of 8-byte fields, little-endian: unsigned integers, IEEE doubles,
// and arrays given as a byte count followed by the bytes, zero-padded to a multiple of 8. Arrays
// of 64-bit words are little-endian words (put_words, copy_words); packed bit fields are read
// and written as little-endian words (filter_util.h), so any host reads the same bytes.
#pragma once

#include <hyph/error.h>

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>

namespace hyph::filters::io {

void put_u64(std::ostream& out, std::uint64_t value);
void put_f64(std::ostream& out, double value);
/// The byte count, the bytes, then zeros up to a multiple of 8.
void put_array(std::ostream& out, const void* data, std::size_t size);
/// An array of 64-bit words, as put_array() writes it, each word little-endian.
void put_words(std::ostream& out, std::span<const std::uint64_t> words);
/// Replaces `to` with the words of `from` (an array() of a multiple of 8 bytes), turned from
/// little-endian into the host's order.
void copy_words(std::span<std::uint64_t> to, std::span<const std::byte> from) noexcept;

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
