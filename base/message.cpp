#include "base/message.h"

#include <charconv>

namespace hyph::base {

void MessagePiece::append_to(std::string& out) const {
  if (text_ != nullptr) {
    out.append(text_, size_);
    return;
  }
  if (size_ == 0) return;  // an empty text with no storage
  char digits[24];
  char* const end = std::to_chars(digits, digits + sizeof digits, number_).ptr;
  if (size_ == kNegative) out.push_back('-');
  out.append(digits, end);
}

std::string message(MessagePieces pieces) {
  std::string out;
  for (const MessagePiece& piece : pieces) piece.append_to(out);
  return out;
}

void throw_error(ErrorCode code, MessagePieces first, MessagePieces then) {
  std::string out = message(first);
  for (const MessagePiece& piece : then) piece.append_to(out);
  throw Error(code, out);
}

}  // namespace hyph::base
