// The model's exceptions keyed by symbols: the exact store's answer for a word without
// building its UTF-8 key, hashing it with XXH3 or calling through the store's interface.
//
// With the default settings (no filter) every word asks the exact store. A model's store is
// immutable, so when it is small the model also keeps it as this table: a few words of
// symbols per key, open addressing at most a quarter full, so that a word that is not an
// exception (nearly all of them) costs one multiply per four letters and one load that stays
// in L1. It answers exactly as the store does (built from the store's own answers).
#pragma once

#include "exceptions/exception_index.h"
#include "patterns/alphabet.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

namespace hyph::detail {

class SymbolExceptions {
 public:
  /// Stores with more keys keep their own lookup (a larger table would leave L1 anyway).
  static constexpr std::size_t kMaxKeys = 4096;
  /// A word passed to find() is followed by this many readable symbols, which must be zero.
  static constexpr std::size_t kPadding = 3;

  SymbolExceptions() = default;
  /// The table of `index`'s store when it has no filter (FilterKind::none) and at most
  /// kMaxKeys keys; an inactive one otherwise, and callers ask the index as before.
  static SymbolExceptions build(const patterns::Alphabet& alphabet, const exceptions::ExceptionIndex& index);

  bool active() const noexcept { return !slots_.empty(); }

  /// The stored mask of the word symbols[0..n) (followed by kPadding zero symbols), counted
  /// in `counters` as the index counts a probe of its store without a filter.
  std::optional<std::uint64_t> find(const patterns::Symbol* word, std::size_t n, LookupCounters* counters) const noexcept {
    const std::uint64_t h = hash(word, n);
    if (counters) ++counters->queries, ++counters->store_probes;
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (s.length == 0) return std::nullopt;
      if (s.tag == static_cast<std::uint32_t>(h >> 32) && s.length == n &&
          std::memcmp(symbols_.data() + s.first, word, n * sizeof *word) == 0) {
        if (counters) ++counters->hits;
        return s.mask;
      }
    }
  }

 private:
  // Four symbols a multiply: the words of a padded key, and its length.
  static std::uint64_t hash(const patterns::Symbol* word, std::size_t n) noexcept {
    constexpr std::uint64_t kMultiplier = 0x9E3779B97F4A7C15ull;
    std::uint64_t h = (n + 1) * kMultiplier;
    for (std::size_t i = 0; i < n; i += 4) {
      std::uint64_t chunk;
      std::memcpy(&chunk, word + i, sizeof chunk);
      h = (h ^ chunk) * kMultiplier;
    }
    return h ^ h >> 32;
  }
  struct Slot {
    std::uint64_t mask = 0;
    std::uint32_t tag = 0;
    std::uint16_t length = 0;  // 0: empty
    std::uint32_t first = 0;   // where its symbols start in symbols_
  };

  std::vector<Slot> slots_;                 // a power of two, at most a quarter full
  std::vector<patterns::Symbol> symbols_;   // every key's symbols, one after another
  std::size_t mask_ = 0;
};

}  // namespace hyph::detail
