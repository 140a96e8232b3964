// The one hash every filter and store derives its positions from.
#pragma once

#include <cstdint>
#include <string_view>

// Inlined: a call into the shared library costs more than hashing a short word.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace hyph::filters {

inline std::uint64_t hash_key(std::string_view key) noexcept { return XXH3_64bits(key.data(), key.size()); }

}  // namespace hyph::filters
