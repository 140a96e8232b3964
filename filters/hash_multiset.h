// An exact multiset of 64-bit key hashes: open addressing, linear probing, backward-shift
// deletion. The cuckoo filter keeps here the keys its table has no room for. Internal.
#pragma once

#include "filters/filter.h"
#include "filters/filter_util.h"

#include <cstdint>
#include <vector>

namespace hyph::filters {

class HashMultiset {
 public:
  bool empty() const noexcept { return copies_ == 0; }
  /// Insertions held, counting repeats.
  std::uint64_t size() const noexcept { return copies_; }
  std::uint64_t memory_bits() const noexcept { return slots_.size() * sizeof(Slot) * 8; }

  bool contains(Hash key) const noexcept {
    if (slots_.empty()) return false;
    return slots_[find(key)].count != 0;
  }
  void add(Hash key);
  /// Removes one copy; false if there is none.
  bool remove(Hash key) noexcept;
  /// Calls visit(key, copies) for every key held, in slot order.
  template <class Visit>
  void for_each(Visit&& visit) const {
    for (const Slot& s : slots_)
      if (s.count != 0) visit(s.key, s.count);
  }

 private:
  struct Slot {
    Hash key = 0;
    std::uint32_t count = 0;  // 0: empty
  };
  std::size_t home(Hash key) const noexcept { return detail::remix64(key) & (slots_.size() - 1); }
  // The slot holding key, or the empty slot where it would go.
  std::size_t find(Hash key) const noexcept {
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = home(key);
    while (slots_[i].count != 0 && slots_[i].key != key) i = (i + 1) & mask;
    return i;
  }

  std::vector<Slot> slots_;  // a power of two, at most half full
  std::uint64_t distinct_ = 0;
  std::uint64_t copies_ = 0;
};

inline void HashMultiset::add(Hash key) {
  if ((distinct_ + 1) * 2 > slots_.size()) {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 16 : old.size() * 2, Slot{});
    for (const Slot& s : old)
      if (s.count != 0) slots_[find(s.key)] = s;
  }
  Slot& s = slots_[find(key)];
  if (s.count == 0) {
    s.key = key;
    ++distinct_;
  }
  ++s.count;
  ++copies_;
}

inline bool HashMultiset::remove(Hash key) noexcept {
  if (slots_.empty()) return false;
  std::size_t hole = find(key);
  if (slots_[hole].count == 0) return false;
  --copies_;
  if (--slots_[hole].count != 0) return true;
  --distinct_;
  // Backward shift: pull later entries of the probe run into the hole unless their home
  // lies cyclically in (hole, i], so that no run is broken and no tombstone is needed.
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = (hole + 1) & mask; slots_[i].count != 0; i = (i + 1) & mask) {
    const std::size_t h = home(slots_[i].key);
    const bool stays = hole <= i ? (h > hole && h <= i) : (h > hole || h <= i);
    if (!stays) {
      slots_[hole] = slots_[i];
      hole = i;
    }
  }
  slots_[hole] = Slot{};
  return true;
}

}  // namespace hyph::filters
