// The charset a `.dic` file declares on its first line, through ICU: checking that the file's
// bytes are valid in it, and converting its strings to UTF-8 (for the main engine and --explain).
#pragma once

#include <hyph/error.h>

#include <memory>
#include <string>
#include <string_view>

namespace hyph::dic {

class DicCharset {
 public:
  /// ICU's converter for `declared` (surrounding white space ignored). An unknown name gives a
  /// charset that knows nothing (known() false): 2.8.8 loads such files as opaque bytes, and
  /// libhyph spells text in them as ISO-8859-1 (the reader warns).
  explicit DicCharset(std::string_view declared);
  ~DicCharset();
  DicCharset(DicCharset&&) noexcept;
  DicCharset& operator=(DicCharset&&) noexcept;

  bool known() const noexcept;
  /// Whether ICU reads the name as UTF-8 (also "utf-8", "UTF8", which 2.8.8 reads as 8-bit).
  bool utf8() const noexcept;
  /// The column (1-based, in characters) of the first byte sequence in `line` that is invalid in
  /// this charset, or 0 when the line is valid (or the charset is unknown).
  std::size_t invalid_column(std::string_view line) const;
  /// Whether each byte is one character on its own (ICU's maximum character size is 1): then
  /// a byte's validity does not depend on its neighbours.
  bool single_byte() const noexcept;
  /// `bytes` in UTF-8; invalid sequences become U+FFFD. Unknown charsets read as ISO-8859-1.
  std::string to_utf8(std::string_view bytes) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace hyph::dic
