#include "exceptions/exception_store.h"

#include <utility>

namespace hyph::exceptions {

// Returns the slot holding `key`, or the empty slot where it would go.
std::size_t MemoryStore::slot_of(std::string_view key, std::uint64_t hash) const noexcept {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
    const Entry& e = slots_[i];
    if (!e.used || (e.hash == hash && e.key == key)) return i;
  }
}

void MemoryStore::grow() {
  std::vector<Entry> old = std::move(slots_);
  slots_.assign(old.empty() ? 16 : old.size() * 2, Entry{});
  for (Entry& e : old)
    if (e.used) slots_[slot_of(e.key, e.hash)] = std::move(e);
}

void MemoryStore::insert_or_assign(std::string_view key, HyphenMask mask) {
  if ((live_ + 1) * 2 > slots_.size()) grow();
  const std::uint64_t hash = base::hash_key(key);
  Entry& e = slots_[slot_of(key, hash)];
  if (!e.used) {
    e = Entry{hash, std::string(key), mask, true};
    ++live_;
  } else {
    e.mask = mask;
  }
}

bool MemoryStore::erase(std::string_view key) {
  if (slots_.empty()) return false;
  const std::uint64_t hash = base::hash_key(key);
  std::size_t hole = slot_of(key, hash);
  if (!slots_[hole].used) return false;
  // Backward-shift deletion keeps every probe sequence unbroken without tombstones.
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = (hole + 1) & mask; slots_[i].used; i = (i + 1) & mask) {
    const std::size_t home = slots_[i].hash & mask;
    const bool home_outside = hole <= i ? (home <= hole || home > i) : (home <= hole && home > i);
    if (home_outside) {
      slots_[hole] = std::move(slots_[i]);
      hole = i;
    }
  }
  slots_[hole] = Entry{};
  --live_;
  return true;
}

std::optional<HyphenMask> MemoryStore::find(std::string_view key, std::uint64_t hash) const noexcept {
  if (slots_.empty()) return std::nullopt;
  const Entry& e = slots_[slot_of(key, hash)];
  if (!e.used) return std::nullopt;
  return e.mask;
}

void MemoryStore::for_each(const std::function<void(std::string_view, HyphenMask)>& visit) const {
  for (const Entry& e : slots_)
    if (e.used) visit(e.key, e.mask);
}

void MemoryStore::append_hashes(std::vector<std::uint64_t>& out) const {
  out.reserve(out.size() + live_);
  for (const Entry& e : slots_)
    if (e.used) out.push_back(e.hash);
}

}  // namespace hyph::exceptions
