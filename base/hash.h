// The one hash every filter, store and compiled file derives its positions and checksums from.
#pragma once

#include <cstdint>
#include <string_view>

// Inlined: a call into the shared library costs more than hashing a short word.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace hyph::base {

inline std::uint64_t hash_key(std::string_view key) noexcept { return XXH3_64bits(key.data(), key.size()); }

}  // namespace hyph::base
