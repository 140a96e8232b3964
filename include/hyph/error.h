// Typed errors thrown by libhyph's C++ API. Loading may fail; hyphenating never does.
#pragma once

#include <hyph/export.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>

namespace hyph {

/// What went wrong, stable across releases (the C API returns these as numbers).
enum class ErrorCode : int {
  ok = 0,
  io = 1,               ///< a file could not be opened or read
  parse = 2,            ///< malformed pattern or exception source
  bad_utf8 = 3,         ///< invalid UTF-8 in a pattern or exception source
  unknown_language = 4, ///< no pattern set for the requested language tag
  invalid_argument = 5, ///< an option value out of range
  bad_format = 6,       ///< a corrupt or truncated compiled pattern file
  capacity = 7,         ///< a data structure could not hold what was asked of it
};

/// Base of every exception libhyph throws.
class HYPH_EXPORT Error : public std::runtime_error {
 public:
  Error(ErrorCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
  ErrorCode code() const noexcept { return code_; }

 private:
  ErrorCode code_;
};

/// Where in a source a problem was found; line and column count from 1, columns in code points.
struct SourceLocation {
  std::string file;
  std::size_t line = 0;
  std::size_t column = 0;
};

/// A malformed pattern/exception source. `what()` reads "file:line:column: reason".
class HYPH_EXPORT ParseError : public Error {
 public:
  ParseError(ErrorCode code, SourceLocation where, const std::string& reason)
      : Error(code, where.file + ":" + std::to_string(where.line) + ":" + std::to_string(where.column) + ": " + reason),
        where_(std::move(where)), reason_(reason) {}
  const SourceLocation& where() const noexcept { return where_; }
  const std::string& reason() const noexcept { return reason_; }

 private:
  SourceLocation where_;
  std::string reason_;
};

/// Something a load accepted that is likely a mistake, for the caller to pass on (the
/// command-line tools print it, Python issues a libhyph.LoadWarning): the source still loads,
/// and answers as it would without the warning (a `.dic` file: as libhyphen answers from it).
struct Warning {
  SourceLocation where;  ///< line and column 0 when the warning is about the whole source
  std::string reason;
  std::string message;   ///< "file:line:column: reason", or "file: reason" for the whole source

  static Warning at(SourceLocation where, std::string reason) {
    std::string message = where.file;
    if (where.line) message.append(":").append(std::to_string(where.line)).append(":").append(std::to_string(where.column));
    message.append(": ").append(reason);
    return Warning{std::move(where), std::move(reason), std::move(message)};
  }
};

}  // namespace hyph
