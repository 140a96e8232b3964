#include "dic/reader.h"

#include "dic/charset.h"

#include "base/file_bytes.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace hyph::dic {

namespace {

// fgets on the file's bytes: up to `size - 1` bytes, through the first '\n'.
class LineReader {
 public:
  explicit LineReader(std::string_view bytes) : bytes_(bytes) {}
  bool next(std::size_t size, std::string_view& chunk) {
    if (at_ >= bytes_.size()) return false;
    std::size_t end = at_;
    while (end < bytes_.size() && end - at_ < size - 1) {
      if (bytes_[end++] == '\n') break;
    }
    chunk = bytes_.substr(at_, end - at_);
    line_ = next_line_;
    if (chunk.back() == '\n') ++next_line_;
    at_ = end;
    return true;
  }
  /// The physical line the last chunk belongs to (1-based).
  std::size_t line() const noexcept { return line_; }

 private:
  std::string_view bytes_;
  std::size_t at_ = 0;
  std::size_t line_ = 1;
  std::size_t next_line_ = 1;
};

// C's atoi (glibc: (int) strtol).
int c_atoi(const char* s) { return static_cast<int>(std::strtol(s, nullptr, 10)); }

bool starts_with(const std::string& s, const char* prefix) { return s.compare(0, std::strlen(prefix), prefix) == 0; }

// A NOHYPHEN line: the text after the keyword and blanks, its last character dropped (2.8.8
// assumes it is the '\n'), split at the commas after the first character.
void read_nohyphen(const std::string& line, DicLevel& level) {
  std::size_t at = 8;
  while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
  std::string list = line.substr(at);
  // 2.8.8 writes before its buffer for an empty list; upstream later keeps no list then.
  level.has_nohyphen = true;
  level.nohyphenl = 0;  // 2.8.8 sums the counts of every NOHYPHEN line but keeps the last list only
  if (!list.empty()) list.pop_back();
  for (std::size_t i = list.size() >= 2 ? list.size() - 1 : 0; i > 0; --i) {
    if (list[i] == ',') {
      list[i] = '\0';
      ++level.nohyphenl;
    }
  }
  list += '\0';
  level.nohyphen = std::move(list);
}

// hnj_hyphen_load_line for one pattern line (a C string: up to its first NUL).
void read_pattern(std::string line, bool utf8, std::size_t line_no, DicLevel& level) {
  DicPattern p;
  p.line = line_no;
  const std::size_t slash = line.find('/');
  std::string repl;
  int index = 0, cut = 0;
  if (slash != std::string::npos) {
    p.has_replacement = true;
    std::string rest = line.substr(slash + 1);
    line.resize(slash);
    const std::size_t comma = rest.find(',');
    if (comma != std::string::npos) {
      const std::size_t comma2 = rest.find(',', comma + 1);
      if (comma2 != std::string::npos) {
        index = static_cast<signed char>(static_cast<signed char>(c_atoi(rest.c_str() + comma + 1)) - 1);
        cut = static_cast<signed char>(c_atoi(rest.c_str() + comma2 + 1));
      }
      rest.resize(comma);
    } else {
      // hnj_strchomp: one trailing '\r' or '\n', and a '\r' before it.
      if (!rest.empty() && (rest.back() == '\r' || rest.back() == '\n')) {
        const std::size_t k = rest.size();
        rest.pop_back();
        if (k > 1 && rest.back() == '\r') rest.pop_back();
      }
      index = 0;
      cut = static_cast<signed char>(line.size());
    }
    repl = std::move(rest);
  }
  // Letters are the bytes above ' ' (signed char: also every byte >= 0x80) that are not digits;
  // a digit sets the value before the next letter (the last digit of a run wins).
  std::string letters, digits = "0";
  for (unsigned char c : line) {
    if (c <= ' ') break;
    if (c >= '0' && c <= '9') {
      digits.back() = static_cast<char>(c);
    } else {
      letters += static_cast<char>(c);
      digits += '0';
    }
  }
  std::size_t skip = 0;
  if (!p.has_replacement) {
    while (skip < digits.size() && digits[skip] == '0') ++skip;
  } else {
    const bool dot = !letters.empty() && letters[0] == '.';
    if (dot) skip = 1;
    if (utf8) {
      // The replacement's start and length count characters in the file; 2.8.8 turns them
      // into bytes (a leading '.' not counted).
      int pu = -1, ps = -1;
      for (std::size_t pc = dot ? 1 : 0; pc < letters.size() + 1; ++pc) {
        const unsigned char c = pc < letters.size() ? static_cast<unsigned char>(letters[pc]) : 0;
        if ((c >> 6) != 2) ++pu;
        if (ps < 0 && static_cast<signed char>(index) == pu) {
          ps = static_cast<signed char>(index);
          index = static_cast<signed char>(pc);
        }
        if (ps >= 0 && pu - ps == static_cast<signed char>(cut)) {
          cut = static_cast<signed char>(static_cast<int>(pc) - static_cast<signed char>(index));
          break;
        }
      }
      if (dot) index = static_cast<signed char>(static_cast<signed char>(index) - 1);
    }
  }
  p.digits = digits.substr(skip);
  p.index = static_cast<signed char>(index);
  p.cut = static_cast<signed char>(cut) != 0 ? static_cast<signed char>(cut) : static_cast<signed char>(letters.size());
  p.letters = std::move(letters);
  p.replacement = std::move(repl);
  level.patterns.push_back(std::move(p));
}

void read_line(std::string_view chunk, bool utf8, std::size_t line_no, DicLevel& level) {
  // 2.8.8 works on C strings: a NUL ends the line.
  chunk = chunk.substr(0, chunk.find('\0'));
  // Keywords begin with one of these capitals; every other line is a pattern (the common case).
  if (chunk.empty() || (chunk[0] != 'L' && chunk[0] != 'R' && chunk[0] != 'C' && chunk[0] != 'N')) {
    read_pattern(std::string(chunk), utf8, line_no, level);
    return;
  }
  const std::string line(chunk);
  if (starts_with(line, "LEFTHYPHENMIN")) {
    level.lhmin = static_cast<signed char>(c_atoi(line.c_str() + 13));
  } else if (starts_with(line, "RIGHTHYPHENMIN")) {
    level.rhmin = static_cast<signed char>(c_atoi(line.c_str() + 14));
  } else if (starts_with(line, "COMPOUNDLEFTHYPHENMIN")) {
    level.clhmin = static_cast<signed char>(c_atoi(line.c_str() + 21));
  } else if (starts_with(line, "COMPOUNDRIGHTHYPHENMIN")) {
    level.crhmin = static_cast<signed char>(c_atoi(line.c_str() + 22));
  } else if (starts_with(line, "NOHYPHEN")) {
    read_nohyphen(line, level);
  } else {
    read_pattern(line, utf8, line_no, level);
  }
}

void add_default_level(bool utf8, DicLevel& level) {
  read_line(utf8 ? "NOHYPHEN ',\xe2\x80\x93,\xe2\x80\x99,-\n" : "NOHYPHEN ',-\n", utf8, 0, level);
  read_line("1-1\n", utf8, 0, level);
  read_line("1'1\n", utf8, 0, level);
  if (utf8) {
    read_line("1\xe2\x80\x93" "1\n", utf8, 0, level);
    read_line("1\xe2\x80\x99" "1\n", utf8, 0, level);
  }
}

// Every physical line must be valid in the declared charset (fgets' 99-byte pieces can cut a
// character in two, so the check does not follow them). An unknown charset is read as 8-bit
// bytes, as 2.8.8 does, with a warning: the first line is often a pattern or junk.
void check_charset(std::string_view bytes, const std::string& declared, const std::string& name, std::vector<Warning>& warnings) {
  const DicCharset charset(declared);
  if (!charset.known()) {
    std::string shown;  // printable: the name may be any bytes
    for (const unsigned char c : declared) shown += c >= ' ' && c < 0x7F ? std::string(1, static_cast<char>(c)) : "?";
    warnings.push_back(Warning::at({name, 1, 1}, (declared.empty() ? std::string("no charset") : "unknown charset '" + shown + "'") +
                                                     " on the first line, which names the file's charset (UTF-8, ISO8859-1, ...): "
                                                     "read as 8-bit bytes, as libhyphen does (text is spelled in ISO-8859-1)"));
    return;
  }
  auto fail = [&](std::size_t line, std::size_t column) {
    throw ParseError(ErrorCode::parse, {name, line, column}, "byte sequence not valid in the declared charset " + declared);
  };
  if (charset.single_byte()) {
    // Each byte stands alone: ask ICU about the 256 bytes once, then read the file's bytes.
    bool invalid[256];
    for (int b = 0; b < 256; ++b) {
      const char byte = static_cast<char>(b);
      invalid[b] = charset.invalid_column(std::string_view(&byte, 1)) != 0;
    }
    std::size_t line = 1, line_start = 0;
    for (std::size_t at = 0; at < bytes.size(); ++at) {
      const auto c = static_cast<unsigned char>(bytes[at]);
      if (invalid[c]) fail(line, at - line_start + 1);
      if (c == '\n') {
        ++line;
        line_start = at + 1;
      }
    }
    return;
  }
  std::size_t line = 1;
  for (std::size_t at = 0; at < bytes.size(); ++line) {
    std::size_t end = bytes.find('\n', at);
    end = end == std::string_view::npos ? bytes.size() : end + 1;
    const std::string_view text = bytes.substr(at, end - at);
    // Pure ASCII is valid UTF-8; other multi-byte charsets are asked line by line.
    const bool ascii = charset.utf8() && std::all_of(text.begin(), text.end(), [](char c) { return (c & 0x80) == 0; });
    if (!ascii)
      if (const std::size_t column = charset.invalid_column(text); column != 0) fail(line, column);
    at = end;
  }
}

}  // namespace

ParsedDic read_dic(std::string_view bytes, const std::string& name) {
  ParsedDic out;
  out.name = name;
  LineReader reader(bytes);
  std::string_view chunk;
  if (reader.next(out.cset.size(), chunk)) {
    std::memcpy(out.cset.data(), chunk.data(), chunk.size());
    for (char& c : out.cset)
      if (c == '\r' || c == '\n') c = '\0';
  }
  out.utf8 = std::strcmp(out.cset.data(), "UTF-8") == 0;
  check_charset(bytes, out.charset_name(), name, out.warnings);

  // Reading the file: its first level, and after a NEXTLEVEL line its second (a further
  // NEXTLEVEL line ends the file, as in 2.8.8).
  DicLevel file_levels[2];
  file_levels[0].patterns.reserve(static_cast<std::size_t>(std::count(bytes.begin(), bytes.end(), '\n')) + 1);
  int level = 0;
  while (reader.next(100, chunk)) {
    if (chunk.substr(0, 9) == "NEXTLEVEL") {
      if (level == 1) break;
      level = 1;
      out.explicit_nextlevel = true;
      continue;
    }
    if (chunk[0] != '%') read_line(chunk, out.utf8, reader.line(), file_levels[level]);
  }
  if (out.explicit_nextlevel) {
    out.levels[0] = std::move(file_levels[0]);
    out.levels[1] = std::move(file_levels[1]);
  } else {
    add_default_level(out.utf8, out.levels[0]);
    out.levels[1] = std::move(file_levels[0]);
    DicLevel& top = out.levels[0];
    const DicLevel& file = out.levels[1];
    top.lhmin = file.lhmin;
    top.rhmin = file.rhmin;
    top.clhmin = file.clhmin ? file.clhmin : file.lhmin ? file.lhmin : 3;
    top.crhmin = file.crhmin ? file.crhmin : file.rhmin ? file.rhmin : 3;
  }
  // A break needs an odd value: a file none of whose patterns has one hyphenates nothing.
  const auto can_break = [](const DicPattern& p) {
    return p.line != 0 && std::any_of(p.digits.begin(), p.digits.end(), [](char d) { return (d - '0') % 2 == 1; });
  };
  if (std::none_of(out.levels[0].patterns.begin(), out.levels[0].patterns.end(), can_break) &&
      std::none_of(out.levels[1].patterns.begin(), out.levels[1].patterns.end(), can_break))
    out.warnings.push_back(Warning::at({name, 0, 0}, "no pattern with an odd digit (a break), such as 'a1b': this dictionary "
                                                     "hyphenates nothing"));
  return out;
}

std::string read_dic_file(const std::string& path) {
  return base::read_text_file(path, "a .dic dictionary", base::kMaxPipedSource);
}

}  // namespace hyph::dic
