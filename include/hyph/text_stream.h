// Streaming hyphenation of running text: bytes in, the same bytes plus markers out; one
// thread (TextStream) or several (ParallelTextStream, hyphenate_parallel).
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

/// How ParallelTextStream and hyphenate_parallel() share the work.
struct ParallelOptions {
  unsigned threads = 0;               ///< workers; 0: the number of cores
  std::size_t chunk_size = 1 << 20;   ///< the input is cut at white space into pieces of about this size
};

/// TextStream's output, hyphenated by several threads: the input is cut at white space into
/// chunks, the chunks are hyphenated in parallel and passed to the sink in order, so the
/// output is byte for byte what one TextStream writes. Memory stays bounded by a few chunks
/// per thread; a token longer than a chunk (a line without white space) is handled as one
/// TextStream handles it, in order with the rest. Input of at most one chunk starts no thread.
class HYPH_EXPORT ParallelTextStream {
 public:
  ParallelTextStream(Hyphenator hyphenator, std::string marker, TextStream::Sink sink, ParallelOptions options = {});
  /// Stops the workers (without writing what they have not passed to the sink).
  ~ParallelTextStream();
  ParallelTextStream(const ParallelTextStream&) = delete;
  ParallelTextStream& operator=(const ParallelTextStream&) = delete;

  /// Feeds the next bytes; output of finished chunks goes to the sink, in order. Rethrows
  /// what the sink or a worker threw (Error(ErrorCode::io) for a temporary file).
  void write(std::string_view bytes);
  /// Ends the text: waits for every chunk and passes the rest of the output to the sink.
  void finish();
  /// The lookup counters of every chunk finished so far.
  const LookupCounters& counters() const noexcept;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// `text` hyphenated as a TextStream would write it, by several threads (ParallelTextStream):
/// the output goes to `sink` in order.
HYPH_EXPORT void hyphenate_parallel(const Hyphenator& hyphenator, std::string_view text, std::string_view marker,
                                    const TextStream::Sink& sink, ParallelOptions options = {});

}  // namespace hyph
