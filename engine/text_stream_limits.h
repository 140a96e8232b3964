// TextStream's sizes, apart so that fuzz/text_stream.cpp can size its inputs by them.
// Fuzzing builds define HYPH_FUZZ_SMALL_LIMITS (library and targets alike) and shrink them:
// the same code paths (output batches, long tokens passed through or spilled to a file) are
// then reached by inputs of 1 KiB instead of 68 KiB, dozens of times cheaper to run.
#pragma once

#include <cstddef>

namespace hyph::detail {

#ifdef HYPH_FUZZ_SMALL_LIMITS
inline constexpr std::size_t kTextStreamFlushAt = 1 << 9;
inline constexpr std::size_t kTextStreamLongToken = 1 << 9;
#else
inline constexpr std::size_t kTextStreamFlushAt = 1 << 16;    // batch output in 64 KiB pieces
inline constexpr std::size_t kTextStreamLongToken = 1 << 16;  // look at a token's fate once it is this long
#endif

}  // namespace hyph::detail
