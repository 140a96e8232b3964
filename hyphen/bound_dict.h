// What a HyphenDict* handed out by the drop-in really points to: libhyphen's struct, laid out
// as clients expect, followed by libhyph's engine. The struct is the first member of a
// standard-layout type, so the client's HyphenDict* and the Bound* are the same address.
#pragma once

#include "dic/dictionary.h"
#include "hyphen/hyphen.h"

#include <string_view>
#include <type_traits>

namespace hyph::hyphen_binding {

struct Bound {
  HyphenDict dict;
  // dict.states points here: one root state with no transitions, so a client that walks the
  // states (num_states = 1) finds a valid, empty automaton.
  HyphenState root;
  const dic::Dictionary* engine;
  // The fields as bind() handed them out (loaded.nohyphen: its NOHYPHEN block): while dict
  // holds the same, and dict.nohyphen the same bytes, calls take the engine's own fields.
  HyphenDict loaded;
  std::string_view loaded_block;  ///< the engine's NOHYPHEN bytes (immutable, as long as it lives)
  bool has_replacements;
};
static_assert(std::is_standard_layout_v<Bound>);

/// A HyphenDict for `engine`, its fields as libhyphen 2.8.8 fills them; nohyphen is a copy
/// the client may free or replace (hnj_hyphen_free releases it with free(), as libhyphen).
/// Throws std::bad_alloc.
HyphenDict* bind(dic::Dictionary engine);

/// The Bound behind a HyphenDict that bind() returned.
inline const Bound& bound(const HyphenDict* dict) noexcept {
  return *reinterpret_cast<const Bound*>(dict);
}

/// Releases what bind() made (nothing for nullptr).
void unbind(HyphenDict* dict) noexcept;

}  // namespace hyph::hyphen_binding
