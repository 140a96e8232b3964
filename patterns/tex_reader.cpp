// TeX sources: \patterns{...} and \hyphenation{...} groups, read as INITEX would read them.
//
// Handled: '%' comments, the ^^xx / ^^X / ^^^^xxxx notations, control words and symbols,
// \lccode assignments (they make characters letters), \endinput. Any other macro outside the
// two groups is skipped; inside them a macro or brace is an error, as in TeX.
#include "patterns/readers.h"
#include "patterns/words.h"

#include <deque>
#include <optional>

namespace hyph::patterns {
namespace {

enum class Kind { character, space, open, close, control, end };

struct Token {
  Kind kind;
  char32_t cp = 0;   // for Kind::character (and the one-char name of a control symbol)
  std::u32string name;  // for Kind::control
  SourceLocation where;
};

bool is_hex(char32_t c) { return (c >= U'0' && c <= U'9') || (c >= U'a' && c <= U'f'); }
unsigned hex_value(char32_t c) { return c <= U'9' ? c - U'0' : c - U'a' + 10; }
bool is_ascii_letter(char32_t c) { return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z'); }

class Tokenizer {
 public:
  explicit Tokenizer(SourceText& text) : text_(text) {}

  Token next() {
    if (pushed_) {
      Token t = std::move(*pushed_);
      pushed_.reset();
      return t;
    }
    for (;;) {
      if (!more()) return {Kind::end, 0, {}, text_.here()};
      Located c = take();
      switch (c.cp) {
        case U'%':  // comment: skip to the end of the line
          while (more() && look(0) != U'\n' && look(0) != U'\r') take();
          continue;
        case U' ': case U'\t': case U'\n': case U'\r': case U'\f':
          return {Kind::space, c.cp, {}, c.where};
        case U'{': return {Kind::open, c.cp, {}, c.where};
        case U'}': return {Kind::close, c.cp, {}, c.where};
        case U'\\': return control(c.where);
        default: return {Kind::character, c.cp, {}, c.where};
      }
    }
  }

  /// Skips spaces; returns the next other token.
  Token next_non_space() {
    Token t = next();
    while (t.kind == Kind::space) t = next();
    return t;
  }

  /// Gives back one token; the next call to next() returns it.
  void push_back(Token t) { pushed_ = std::move(t); }

 private:
  // One code point after ^^ expansion, which may chain (^^5c is '\').
  bool more() { return fill(1); }
  char32_t look(std::size_t i) { return fill(i + 1) ? expanded_[i].cp : 0; }
  Located take() {
    fill(1);
    Located c = expanded_.front();
    expanded_.pop_front();
    return c;
  }

  bool fill(std::size_t n) {
    while (expanded_.size() < n) {
      if (raw_.empty() && text_.at_end()) return false;
      Located c = raw_take();
      if (c.cp == U'^' && raw_look(0) == U'^' && raw_has(2)) {
        expanded_.push_back(superscript(c));
      } else {
        expanded_.push_back(c);
      }
    }
    return true;
  }

  // tex.web §352-355, with XeTeX's ^^^^xxxx and ^^^^^^xxxxxx.
  Located superscript(const Located& first) {
    for (std::size_t hats : {6u, 4u}) {
      bool all = raw_has(hats + hats - 1);
      for (std::size_t i = 0; all && i < hats - 1; ++i) all = raw_look(i) == U'^';
      for (std::size_t i = 0; all && i < hats; ++i) all = is_hex(raw_look(hats - 1 + i));
      if (all) {
        for (std::size_t i = 0; i < hats - 1; ++i) raw_take();
        char32_t v = 0;
        for (std::size_t i = 0; i < hats; ++i) v = v * 16 + hex_value(raw_take().cp);
        if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) text_.fail(first.where, "^^ notation names an invalid code point");
        return {v, first.where};
      }
    }
    raw_take();  // the second '^'
    if (raw_has(2) && is_hex(raw_look(0)) && is_hex(raw_look(1))) {
      char32_t v = hex_value(raw_take().cp) * 16;
      v += hex_value(raw_take().cp);
      return {v, first.where};
    }
    Located c = raw_take();
    if (c.cp >= 128) text_.fail(c.where, "^^ must be followed by an ASCII character or two hex digits");
    return {c.cp < 64 ? c.cp + 64 : c.cp - 64, first.where};
  }

  bool raw_has(std::size_t n) {
    while (raw_.size() < n && !text_.at_end()) raw_.push_back(text_.next());
    return raw_.size() >= n;
  }
  char32_t raw_look(std::size_t i) { return raw_has(i + 1) ? raw_[i].cp : 0; }
  Located raw_take() {
    raw_has(1);
    Located c = raw_.front();
    raw_.pop_front();
    return c;
  }

  Token control(const SourceLocation& where) {
    if (!more()) return {Kind::control, 0, U"", where};
    Token t{Kind::control, 0, {}, where};
    if (!is_ascii_letter(look(0))) {
      t.cp = take().cp;
      t.name.push_back(t.cp);
      return t;
    }
    while (more() && is_ascii_letter(look(0))) t.name.push_back(take().cp);
    // A control word swallows the spaces after it (TeX's state S).
    while (more() && (look(0) == U' ' || look(0) == U'\t')) take();
    return t;
  }

  SourceText& text_;
  std::deque<Located> raw_;
  std::deque<Located> expanded_;
  std::optional<Token> pushed_;
};

class TexReader {
 public:
  explicit TexReader(const Source& source) : text_(source), tokens_(text_) {}

  ParsedSource read() {
    for (;;) {
      Token t = tokens_.next();
      if (t.kind == Kind::end) break;
      if (t.kind != Kind::control) continue;
      if (t.name == U"patterns") {
        group(t, /*patterns=*/true);
      } else if (t.name == U"hyphenation") {
        group(t, /*patterns=*/false);
      } else if (t.name == U"lccode") {
        lccode();
      } else if (t.name == U"endinput") {
        break;
      }
    }
    return std::move(out_);
  }

 private:
  void group(const Token& command, bool patterns) {
    const std::string what = patterns ? "\\patterns" : "\\hyphenation";
    Token open = tokens_.next_non_space();
    if (open.kind != Kind::open) text_.fail(open.where, "Missing { after " + what);
    std::vector<Located> word;
    auto flush = [&] {
      if (word.empty()) return;
      if (patterns) {
        add_pattern(out_.patterns, parse_pattern(word, letters_, text_));
      } else {
        out_.exceptions.push_back(parse_exception(word, letters_, text_));
      }
      word.clear();
    };
    for (;;) {
      Token t = tokens_.next();
      switch (t.kind) {
        case Kind::character: word.push_back({t.cp, t.where}); break;
        case Kind::space: flush(); break;
        case Kind::close: flush(); return;
        case Kind::end:
          text_.fail(command.where, "unterminated " + what + " group: end of file before its closing }");
        case Kind::open:
        case Kind::control:
          text_.fail(t.where, patterns ? "Bad \\patterns: only letters, digits and '.' may appear in a pattern"
                                       : "Improper \\hyphenation: only letters and '-' may appear in an exception");
      }
    }
  }

  // \lccode <number> [=] <number>
  void lccode() {
    const SourceLocation where = text_.here();
    auto code = number();
    Token t = tokens_.next_non_space();
    if (!(t.kind == Kind::character && t.cp == U'=')) tokens_.push_back(t);
    auto lower = number();
    if (!code || !lower) text_.fail(where, "\\lccode needs two numbers");
    letters_ = LetterRules(add_lccode(*code, *lower));
  }

  std::span<const LcCode> add_lccode(char32_t code, char32_t lower) {
    out_.lccodes.push_back({code, lower});
    return out_.lccodes;
  }

  // A TeX <number>: `c, `\c, decimal, "hex or 'octal.
  std::optional<char32_t> number() {
    Token t = tokens_.next_non_space();
    if (t.kind == Kind::character && t.cp == U'`') {
      Token c = tokens_.next();
      if (c.kind == Kind::control && c.name.size() == 1) return c.name[0];
      if (c.kind == Kind::character || c.kind == Kind::open || c.kind == Kind::close || c.kind == Kind::space) return c.cp;
      return std::nullopt;
    }
    unsigned base = 10;
    if (t.kind == Kind::character && t.cp == U'"') base = 16, t = tokens_.next();
    else if (t.kind == Kind::character && t.cp == U'\'') base = 8, t = tokens_.next();
    std::uint64_t v = 0;
    bool any = false;
    while (t.kind == Kind::character) {
      char32_t c = t.cp;
      unsigned d;
      if (c >= U'0' && c <= U'9') d = c - U'0';
      else if (base == 16 && c >= U'A' && c <= U'F') d = c - U'A' + 10;
      else break;
      if (d >= base) break;
      v = v * base + d;
      if (v > 0x10FFFF) text_.fail(t.where, "number too large in \\lccode");
      any = true;
      t = tokens_.next();
    }
    // TeX consumes one space after a number; anything else is read again.
    if (t.kind != Kind::space) tokens_.push_back(t);
    return any ? std::optional<char32_t>(static_cast<char32_t>(v)) : std::nullopt;
  }

  SourceText text_;
  Tokenizer tokens_;
  LetterRules letters_;
  ParsedSource out_;
};

}  // namespace

ParsedSource read_tex(const Source& source) { return TexReader(source).read(); }

}  // namespace hyph::patterns
