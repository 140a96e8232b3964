// The model's exceptions keyed by symbols: the exact store's answer for a word without
// building its UTF-8 key, hashing it with XXH3 or calling through the store's interface.
//
// With the default settings (no filter) every word asks the exact store. A model's store is
// immutable, so when it is small the model also keeps it as this table: a few words of
// symbols per key, open addressing at most a quarter full, so that a word that is not an
// exception (nearly all of them) costs one multiply per four letters and one load that stays
// in L1. It answers exactly as the store does (built from the store's own answers).
//
// Before that, a bitmap keyed by the word's length and its first, second and last symbols
// (one bit a key, at most a sixteenth of them set) turns nearly every word away with one load and
// one multiply, without reading the word's symbols back as 8-byte words (which, just
// stored two bytes at a time, would stall on store forwarding).
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
  /// Whether this table answers for the whole exception store: it is active, or the store
  /// is empty (nothing to ask). Otherwise callers ask the index.
  bool complete() const noexcept { return complete_; }

  /// False if no key is the word symbols[0..n), n >= 1 (true: it may be one).
  [[gnu::always_inline]] bool may_hold(const patterns::Symbol* word, std::size_t n) const noexcept {
    return may_hold(n, word[0], n > 1 ? word[1] : 0, word[n - 1]);
  }
  /// The same from the word's length and its first, second (0 if none) and last symbols.
  [[gnu::always_inline]] bool may_hold(std::size_t n, patterns::Symbol first, patterns::Symbol second, patterns::Symbol last) const noexcept {
    const std::uint64_t bit = sketch(n, first, second, last) >> sketch_shift_;
    return (bits_[bit >> 6] >> (bit & 63) & 1) != 0;
  }

  /// The stored mask of the word symbols[0..n) (followed by kPadding zero symbols), counted
  /// in `counters` as the index counts a probe of its store without a filter.
  std::optional<std::uint64_t> find(const patterns::Symbol* word, std::size_t n, LookupCounters* counters) const noexcept {
    if (counters) ++counters->queries, ++counters->store_probes;
    if (!may_hold(word, n)) return std::nullopt;
    const std::uint64_t h = hash(word, n);
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
  // A bit of the bitmap: the top bits of one product.
  [[gnu::always_inline]] static std::uint64_t sketch(std::size_t n, patterns::Symbol first, patterns::Symbol second, patterns::Symbol last) noexcept {
    const std::uint64_t x = n | std::uint64_t{first} << 6 | std::uint64_t{second} << 22 | std::uint64_t{last} << 38;
    return x * 0xD6E8FEB86659FD93ull;
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
  std::vector<std::uint64_t> bits_;  // the sketch bitmap, a power of two bits, at least 4096
  unsigned sketch_shift_ = 63;         // 64 - log2(the bitmap's bits)
  bool complete_ = false;
};

}  // namespace hyph::detail
