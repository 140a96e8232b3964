// Streaming hyphenation of running text: bytes in, the same bytes plus markers out.
//
// Removing every inserted marker gives back the input byte for byte, whatever it is
// (invalid UTF-8, NUL bytes, CR LF, a byte-order mark, no final newline). Memory stays
// bounded whatever the input: a token (white-space-free run) longer than 64 KiB whose fate
// hangs on a '-' still to come is held in a temporary file, not in memory.
#pragma once

#include <hyph/export.h>
#include <hyph/hyphenator.h>

#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace hyph {

class HYPH_EXPORT TextStream {
 public:
  /// Receives output bytes in order; may be called with any chunk size.
  using Sink = std::function<void(std::string_view)>;

  TextStream(Hyphenator hyphenator, std::string marker, Sink sink);
  ~TextStream();
  TextStream(const TextStream&) = delete;
  TextStream& operator=(const TextStream&) = delete;

  /// Feeds the next bytes of the text; output for complete words is passed to the sink.
  /// Throws Error(ErrorCode::io) only if a needed temporary file cannot be written.
  void write(std::string_view bytes);
  /// Passes everything decided so far to the sink (output is otherwise batched).
  void flush();
  /// Ends the text: the last word is hyphenated and everything left goes to the sink.
  void finish();

  const LookupCounters& counters() const noexcept;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace hyph
