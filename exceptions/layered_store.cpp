#include "exceptions/layered_store.h"

namespace hyph::exceptions {

LayeredStore::LayeredStore(std::vector<std::unique_ptr<const ExceptionStore>> layers) : layers_(std::move(layers)) {
  for (std::size_t i = 0; i < layers_.size(); ++i) {
    if (i == 0) {
      size_ += layers_[0]->size();
      continue;
    }
    layers_[i]->for_each([&](std::string_view key, HyphenMask) { size_ += !shadowed(i, key, base::hash_key(key)); });
  }
}

bool LayeredStore::shadowed(std::size_t layer, std::string_view key, std::uint64_t hash) const noexcept {
  for (std::size_t j = 0; j < layer; ++j)
    if (layers_[j]->find(key, hash)) return true;
  return false;
}

std::string LayeredStore::describe() const {
  std::string d;
  for (const auto& layer : layers_) d += (d.empty() ? "" : " over ") + layer->describe();
  return d;
}

void LayeredStore::for_each(const std::function<void(std::string_view, HyphenMask)>& visit) const {
  for (std::size_t i = 0; i < layers_.size(); ++i)
    layers_[i]->for_each([&](std::string_view key, HyphenMask mask) {
      if (i == 0 || !shadowed(i, key, base::hash_key(key))) visit(key, mask);
    });
}

void LayeredStore::append_hashes(std::vector<std::uint64_t>& out) const {
  out.reserve(out.size() + size_);
  for (std::size_t i = 0; i < layers_.size(); ++i) {
    if (i == 0) {
      layers_[0]->append_hashes(out);  // a mapped store reads its stored hashes
      continue;
    }
    layers_[i]->for_each([&](std::string_view key, HyphenMask) {
      const std::uint64_t hash = base::hash_key(key);
      if (!shadowed(i, key, hash)) out.push_back(hash);
    });
  }
}

}  // namespace hyph::exceptions
