// Walks a source's bytes as code points, tracking line and column for messages,
// and rejecting invalid UTF-8 with its location.
#pragma once

#include "base/utf8.h"

#include <hyph/error.h>
#include <hyph/settings.h>

#include <string>
#include <string_view>

namespace hyph::patterns {

struct Located {
  char32_t cp;
  SourceLocation where;
};

class SourceText {
 public:
  explicit SourceText(const Source& source);

  bool at_end() const noexcept { return pos_ >= text_.size(); }
  /// The next code point without consuming it (pre: !at_end()).
  char32_t peek() const;
  /// Consumes and returns the next code point with its location.
  Located next();
  SourceLocation here() const { return {name_, line_, column_}; }
  const std::string& name() const noexcept { return name_; }

  [[noreturn]] void fail(const SourceLocation& where, const std::string& reason) const {
    throw ParseError(ErrorCode::parse, where, reason);
  }

 private:
  utf8::Decoded decode_at(std::size_t pos) const;

  std::string name_;
  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
  std::size_t column_ = 1;
};

/// Human-readable form of a code point for messages: 'x' or U+XXXX.
std::string describe_code_point(char32_t cp);

}  // namespace hyph::patterns
