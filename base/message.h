// Error messages put together from text and numbers by one function out of line. A place that
// reports an error lists its pieces, `fail({"section ", tag, ": ", size, " bytes"})`, instead
// of inlining std::string's concatenations, std::to_string and their clean-up on unwinding at
// every check: the loaders have dozens, and in the WebAssembly module that code was kilobytes
// (doc/javascript.md, "Sizes"). The texts are exactly what the concatenations made.
#pragma once

#include <hyph/error.h>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>

namespace hyph::base {

/// A piece of a message: text (not copied: it must outlive the call) or an integer, written in
/// decimal as std::to_string writes it.
class MessagePiece {
 public:
  constexpr MessagePiece(std::string_view text) noexcept : text_(text.data()), size_(text.size()) {}
  constexpr MessagePiece(const char* text) noexcept : MessagePiece(std::string_view(text)) {}
  MessagePiece(const std::string& text) noexcept : MessagePiece(std::string_view(text)) {}
  // Characters and bools are not numbers here: a message that wants one says how to write it.
  template <std::integral T>
    requires(!std::is_same_v<T, bool> && !std::is_same_v<T, char> && !std::is_same_v<T, char8_t> &&
             !std::is_same_v<T, char16_t> && !std::is_same_v<T, char32_t> && !std::is_same_v<T, wchar_t>)
  constexpr MessagePiece(T n) noexcept
      : text_(nullptr),
        size_(n < 0 ? kNegative : kNumber),
        number_(n < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(n) : static_cast<std::uint64_t>(n)) {}

  /// Appends this piece to `out`.
  void append_to(std::string& out) const;

 private:
  // A number has no text and one of these sizes (no text of one or two characters is null).
  // A text leaves number_ unset: each piece is built where a message is, so fewer stores.
  static constexpr std::size_t kNumber = 1, kNegative = 2;
  const char* text_;
  std::size_t size_;
  std::uint64_t number_;
};

using MessagePieces = std::initializer_list<MessagePiece>;

/// The pieces' texts one after the other.
std::string message(MessagePieces pieces);

/// Throws Error(code, the pieces of `first` and then of `then`): `then` is what a caller passes
/// on after a prefix of its own, such as "NAME: ".
[[noreturn]] void throw_error(ErrorCode code, MessagePieces first, MessagePieces then = {});

}  // namespace hyph::base
