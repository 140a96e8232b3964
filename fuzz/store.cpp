// Fuzz target: the exception store reader (exceptions/mapped_store.h). The input is a store
// file. It is either refused with Error(bad_format) or it is a store whose every entry reads
// back through find() and whose letters are its keys' code points. Each input is tried twice:
// as it is (so the checksum refuses nearly everything), and with its checksum recomputed, so
// that the structural checks behind the checksum are reached too.
#include "fuzz_support.h"

#include "exceptions/mapped_store.h"

#include <set>

namespace {

void check(std::span<const std::byte> bytes) {
  std::optional<hyph::exceptions::MappedStore> store;
  try {
    store.emplace(hyph::exceptions::MappedStore::view(bytes, "fuzz.hyphstore"));
  } catch (const hyph::Error& e) {
    FUZZ_CHECK(e.code() == hyph::ErrorCode::bad_format, "error code %d: %s", static_cast<int>(e.code()), e.what());
    return;
  }
  std::size_t visited = 0;
  std::set<char32_t> used;
  std::vector<std::uint64_t> hashes;
  store->append_hashes(hashes);
  FUZZ_CHECK(hashes.size() == store->size(), "%zu hashes for %zu entries", hashes.size(), store->size());
  store->for_each([&](std::string_view key, hyph::exceptions::HyphenMask mask) {
    const std::uint64_t hash = hyph::base::hash_key(key);
    FUZZ_CHECK(hashes[visited] == hash, "entry %zu: stored hash differs from the key's", visited);
    const auto found = store->find(key, hash);
    FUZZ_CHECK(found == mask, "entry %zu: find() does not give its mask", visited);
    // A key one letter longer or shorter is another key (found only if it is stored too).
    (void)store->find(std::string(key) + "a", hyph::base::hash_key(std::string(key) + "a"));
    for (const unsigned char c : key)
      if (c < 0x80) used.insert(c);
    ++visited;
  });
  FUZZ_CHECK(visited == store->size(), "visited %zu of %zu", visited, store->size());
  const auto letters = store->letters();
  for (const char32_t c : used)
    FUZZ_CHECK(std::binary_search(letters.begin(), letters.end(), c), "letter U+%04X missing from the list", static_cast<unsigned>(c));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
  check(bytes);
  if (size >= 64) {
    std::vector<std::byte> sealed(bytes.begin(), bytes.end());
    const std::uint64_t sum = XXH3_64bits_withSeed(sealed.data() + 64, size - 64, XXH3_64bits(sealed.data(), 56));
    for (int i = 0; i < 8; ++i) sealed[56 + static_cast<std::size_t>(i)] = static_cast<std::byte>(sum >> (8 * i));
    check(sealed);
  }
  return 0;
}
