// Several exception stores seen as one: the first layer that has a key answers for it, as a
// later \hyphenation of a word replaces an earlier one in TeX. Used to put compiled
// exception dictionaries (MappedStore) over the exceptions read from sources (MemoryStore).
#pragma once

#include "exceptions/exception_store.h"

#include <memory>
#include <vector>

namespace hyph::exceptions {

class LayeredStore final : public ExceptionStore {
 public:
  /// `layers`, highest priority first. Counting the distinct keys walks every layer but the
  /// first once (put the largest first).
  explicit LayeredStore(std::vector<std::unique_ptr<const ExceptionStore>> layers);

  std::optional<HyphenMask> find(std::string_view key, std::uint64_t hash) const noexcept override {
    for (const auto& layer : layers_)
      if (auto found = layer->find(key, hash)) return found;
    return std::nullopt;
  }
  std::size_t size() const noexcept override { return size_; }
  /// Each distinct key once, with the mask find() gives.
  void for_each(const std::function<void(std::string_view key, HyphenMask mask)>& visit) const override;
  void append_hashes(std::vector<std::uint64_t>& out) const override;
  /// The layers' descriptions, first to last, joined by " over ".
  std::string describe() const override;

  const std::vector<std::unique_ptr<const ExceptionStore>>& layers() const noexcept { return layers_; }

 private:
  // Whether a layer before `layer` has the key.
  bool shadowed(std::size_t layer, std::string_view key, std::uint64_t hash) const noexcept;

  std::vector<std::unique_ptr<const ExceptionStore>> layers_;
  std::size_t size_ = 0;
};

}  // namespace hyph::exceptions
