#include "hyphen/bound_dict.h"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

namespace hyph::hyphen_binding {

HyphenDict* bind(dic::Dictionary engine) {
  auto owned_engine = std::make_unique<const dic::Dictionary>(std::move(engine));
  const dic::Dictionary& e = *owned_engine;

  // libhyphen allocates nohyphen with malloc and frees it with free(); clients that replace
  // it rely on that.
  char* nohyphen = nullptr;
  if (e.nohyphen() != nullptr) {
    const std::string_view block = e.nohyphen_bytes();
    nohyphen = static_cast<char*>(std::malloc(block.size() + 1));
    if (nohyphen == nullptr) throw std::bad_alloc();
    std::memcpy(nohyphen, block.data(), block.size());
    nohyphen[block.size()] = '\0';
  }

  auto* b = new (std::nothrow) Bound{};
  if (b == nullptr) {
    std::free(nohyphen);
    throw std::bad_alloc();
  }
  HyphenDict& d = b->dict;
  d.lhmin = static_cast<char>(e.lhmin());
  d.rhmin = static_cast<char>(e.rhmin());
  d.clhmin = static_cast<char>(e.clhmin());
  d.crhmin = static_cast<char>(e.crhmin());
  d.nohyphen = nohyphen;
  d.nohyphenl = e.nohyphenl();
  static_assert(sizeof d.cset == dic::kCsetBytes);
  std::memcpy(d.cset, e.cset().data(), sizeof d.cset);
  d.utf8 = e.utf8() ? 1 : 0;
  b->root = HyphenState{nullptr, nullptr, 0, 0, -1, 0, nullptr};
  d.states = &b->root;
  d.num_states = 1;
  // libhyph's levels live in the engine; a client following nextlevel finds none rather than
  // a HyphenDict that would hyphenate differently from libhyphen's level.
  d.nextlevel = nullptr;
  b->loaded = d;
  b->loaded_block = e.nohyphen_bytes();
  b->has_replacements = e.has_replacements();
  b->engine = owned_engine.release();
  return &b->dict;
}

void unbind(HyphenDict* dict) noexcept {
  if (dict == nullptr) return;
  auto* b = reinterpret_cast<Bound*>(dict);
  std::free(b->dict.nohyphen);
  delete b->engine;
  delete b;
}

}  // namespace hyph::hyphen_binding
