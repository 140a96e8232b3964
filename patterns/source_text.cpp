#include "patterns/source_text.h"

#include <cstdio>

namespace hyph::patterns {

SourceText::SourceText(const Source& source) : name_(source.name), text_(source.text) {
  // A byte-order mark is not part of the text.
  if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
  if (text_.substr(0, 2) == "\xFF\xFE" || text_.substr(0, 2) == "\xFE\xFF")
    throw ParseError(ErrorCode::bad_utf8, {name_, 1, 1},
                     "UTF-16 byte-order mark: sources must be UTF-8 (convert with iconv -f UTF-16 -t UTF-8)");
}

utf8::Decoded SourceText::decode_at(std::size_t pos) const {
  const auto* p = reinterpret_cast<const unsigned char*>(text_.data());
  utf8::Decoded d = utf8::decode(p + pos, p + text_.size());
  // No pattern or exception file holds a NUL; UTF-16 text read as UTF-8 is full of them,
  // and a TeX reader that took them for characters would find no \patterns at all.
  if (d.cp == 0)
    throw ParseError(ErrorCode::bad_utf8, {name_, line_, column_}, "NUL byte: sources must be UTF-8 text (is this file UTF-16?)");
  if (d.cp == utf8::kInvalid) {
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned>(p[pos]));
    throw ParseError(ErrorCode::bad_utf8, {name_, line_, column_}, std::string("invalid UTF-8 (byte ") + byte + ")");
  }
  return d;
}

char32_t SourceText::peek() const { return decode_at(pos_).cp; }

Located SourceText::next() {
  const utf8::Decoded d = decode_at(pos_);
  Located out{d.cp, {name_, line_, column_}};
  pos_ += d.length;
  // CR LF, CR and LF all end a line.
  if (d.cp == U'\n' || (d.cp == U'\r' && (pos_ >= text_.size() || text_[pos_] != '\n'))) {
    ++line_;
    column_ = 1;
  } else if (d.cp != U'\r') {
    ++column_;
  }
  return out;
}

std::string describe_code_point(char32_t cp) {
  char buf[32];
  if (cp >= 0x21 && cp < 0x7F) {
    std::snprintf(buf, sizeof buf, "'%c'", static_cast<char>(cp));
    return buf;
  }
  std::string shown;
  if (cp > 0x7F) {
    shown = " '";
    utf8::append(shown, cp);
    shown += "'";
  }
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(cp));
  return buf + shown;
}

}  // namespace hyph::patterns
