// The exact store of exception hyphenations: lowercase UTF-8 word -> hyphen mask.
// Bit j of a mask (1 <= j < 64) allows a break after the word's j-th letter.
#pragma once

#include "base/hash.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hyph::exceptions {

using HyphenMask = std::uint64_t;

class ExceptionStore {
 public:
  virtual ~ExceptionStore() = default;
  /// The mask stored for `key` (whose base::hash_key() is `hash`), if any.
  virtual std::optional<HyphenMask> find(std::string_view key, std::uint64_t hash) const noexcept = 0;
  virtual std::size_t size() const noexcept = 0;
  /// Visits every entry once, in no particular order.
  virtual void for_each(const std::function<void(std::string_view key, HyphenMask mask)>& visit) const = 0;
  /// Appends every key's base::hash_key() to `out` (to build a filter). The default hashes the keys
  /// for_each() visits; a store that keeps the hashes reads them instead.
  virtual void append_hashes(std::vector<std::uint64_t>& out) const {
    out.reserve(out.size() + size());
    for_each([&out](std::string_view key, HyphenMask) { out.push_back(base::hash_key(key)); });
  }
  /// What the store is, for statistics ("in memory", "mapped file ...").
  virtual std::string describe() const { return "in memory, " + std::to_string(size()) + " keys"; }
};

/// In-memory store: open addressing with linear probing over 64-bit hashes.
class MemoryStore final : public ExceptionStore {
 public:
  /// Adds `key` or replaces its mask (TeX: a later \hyphenation of a word replaces the earlier).
  void insert_or_assign(std::string_view key, HyphenMask mask);
  /// Removes `key`; false if it was not there.
  bool erase(std::string_view key);

  std::optional<HyphenMask> find(std::string_view key, std::uint64_t hash) const noexcept override;
  std::size_t size() const noexcept override { return live_; }
  void for_each(const std::function<void(std::string_view, HyphenMask)>& visit) const override;
  void append_hashes(std::vector<std::uint64_t>& out) const override;

 private:
  struct Entry {
    std::uint64_t hash = 0;
    std::string key;
    HyphenMask mask = 0;
    bool used = false;
  };
  std::size_t slot_of(std::string_view key, std::uint64_t hash) const noexcept;
  void grow();

  std::vector<Entry> slots_;  // size is a power of two, at most half full
  std::size_t live_ = 0;
};

}  // namespace hyph::exceptions
