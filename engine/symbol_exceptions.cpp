#include "engine/symbol_exceptions.h"

#include "base/hash.h"
#include "base/utf8.h"

#include <bit>
#include <string>
#include <string_view>

namespace hyph::detail {

SymbolExceptions SymbolExceptions::build(const patterns::Alphabet& alphabet, const exceptions::ExceptionIndex& index) {
  SymbolExceptions table;
  const exceptions::ExceptionStore& store = index.store();
  table.complete_ = store.size() == 0;
  if (index.filter() != nullptr || store.size() == 0 || store.size() > kMaxKeys) return table;

  // Each key as the symbols a word's key is built from; a key no word can build (a letter
  // without a symbol, more letters than TeX's 63) is left out: no word could ever find it.
  struct Key {
    std::vector<patterns::Symbol> symbols;
    std::uint64_t mask;
  };
  std::vector<Key> keys;
  store.for_each([&](std::string_view key, exceptions::HyphenMask) {
    std::vector<patterns::Symbol> symbols;
    std::string rebuilt;
    const auto* p = reinterpret_cast<const unsigned char*>(key.data());
    const auto* const end = p + key.size();
    while (p < end) {
      const utf8::Decoded d = utf8::decode(p, end);
      const patterns::Symbol s = d.cp == utf8::kInvalid ? 0 : alphabet.symbol_of(d.cp);
      if (s == 0) return;
      symbols.push_back(s);
      rebuilt += alphabet.utf8(s);
      p += d.length;
    }
    if (symbols.empty() || symbols.size() > patterns::kMaxLetters || rebuilt != key) return;
    // The store's own answer: a layered store's for_each may visit a key a later layer replaces.
    const auto mask = store.find(key, base::hash_key(key));
    if (mask) keys.push_back({std::move(symbols), *mask});
  });

  const std::size_t size = std::bit_ceil(std::max<std::size_t>(16, keys.size() * 4));
  table.slots_.assign(size, Slot{});
  table.mask_ = size - 1;
  const std::size_t bits = std::bit_ceil(std::max<std::size_t>(4096, keys.size() * 16));
  table.bits_.assign(bits / 64, 0);
  table.sketch_shift_ = 64 - static_cast<unsigned>(std::countr_zero(bits));
  table.complete_ = true;
  std::vector<patterns::Symbol> padded;
  for (const Key& k : keys) {
    padded = k.symbols;
    padded.resize(k.symbols.size() + kPadding, 0);
    const std::uint64_t h = hash(padded.data(), k.symbols.size());
    std::size_t i = h & table.mask_;
    while (table.slots_[i].length != 0) i = (i + 1) & table.mask_;
    table.slots_[i] = {k.mask, static_cast<std::uint32_t>(h >> 32), static_cast<std::uint16_t>(k.symbols.size()),
                       static_cast<std::uint32_t>(table.symbols_.size())};
    table.symbols_.insert(table.symbols_.end(), k.symbols.begin(), k.symbols.end());
    const std::size_t n = k.symbols.size();
    const std::uint64_t bit = sketch(n, k.symbols[0], n > 1 ? k.symbols[1] : 0, k.symbols[n - 1]) >> table.sketch_shift_;
    table.bits_[bit >> 6] |= std::uint64_t{1} << (bit & 63);
  }
  return table;
}

}  // namespace hyph::detail
