// hnj_hyphen_hyphenate, _hyphenate2 and _hyphenate3: libhyphen's calls translated onto
// hyph::dic::Dictionary. The engine gives libhyphen's answer into spans; this file only sizes
// the caller's buffers by libhyphen's rules and hands over rep/pos/cut the way libhyphen does
// (malloc'd by the call, only when a non-standard break occurs, freed by the caller).
//
// Where 2.8.8 would crash (a NULL dictionary, word or hyphens buffer, a negative size) these
// return 1 and write nothing.
#include "hyphen/bound_dict.h"
#include "hyphen/libhyphen_private.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

namespace {

using hyph::dic::Minimums;
using hyph::dic::Outcome;
using hyph::dic::Replacement;
using hyph::hyphen_binding::Bound;
using hyph::hyphen_binding::bound;

bool callable(const HyphenDict* dict, const char* word, int word_size, const char* hyphens) {
  return dict != nullptr && word != nullptr && word_size >= 0 && hyphens != nullptr;
}

std::span<char> hyphens_of(char* hyphens, int word_size) {
  return {hyphens, static_cast<std::size_t>(word_size) + 5};
}

// libhyphen's rule for the hyphenated word: "about twice the word"; at least room for its
// '\0'. A replacement that would need more is cut there rather than written past the buffer.
std::span<char> hyphenated_of(char* hyphword, int word_size) {
  if (hyphword == nullptr) return {};
  return {hyphword, std::max<std::size_t>(2 * static_cast<std::size_t>(word_size), 1)};
}

// The engine's replacement slots: none when the dictionary has no non-standard pattern (the
// answer cannot differ then), on the stack for words up to kStackWordBytes, and only as many
// as the word has bytes are constructed (this runs for every word).
class ReplacementSlots {
 public:
  ReplacementSlots(const Bound& b, char*** rep, int** pos, int** cut, int word_size) {
    // A caller passing any of rep, pos, cut as NULL asks for no non-standard breaks.
    if (rep == nullptr || pos == nullptr || cut == nullptr || !b.has_replacements) return;
    const auto n = static_cast<std::size_t>(word_size);
    if (n <= hyph::dic::kStackWordBytes) {
      std::uninitialized_value_construct_n(stack_.items, n);
      slots_ = std::span(stack_.items, n);
    } else {
      heap_.resize(n);
      slots_ = heap_;
    }
  }
  std::span<Replacement> slots() { return slots_; }

 private:
  static_assert(std::is_trivially_destructible_v<Replacement>);
  union Stack {
    Stack() {}
    Replacement items[hyph::dic::kStackWordBytes];
  } stack_;
  std::vector<Replacement> heap_;
  std::span<Replacement> slots_;
};

template <typename T>
T* calloc_if_null(T*& array, std::size_t n) {
  if (array == nullptr) array = static_cast<T*>(std::calloc(std::max<std::size_t>(n, 1), sizeof(T)));
  return array;
}

char* copy_text(std::string_view text) {
  auto* s = static_cast<char*>(std::malloc(text.size() + 1));
  if (s == nullptr) return nullptr;
  std::memcpy(s, text.data(), text.size());
  s[text.size()] = '\0';
  return s;
}

// libhyphen's rep/pos/cut: allocated by the call (each array only if the caller's pointer is
// NULL; a caller may pass zeroed arrays of its own), word_size entries. Only for an outcome
// with replacements (callers check, so that the common call makes none).
void hand_over(const Outcome& outcome, std::span<const Replacement> slots, char*** rep, int** pos,
               int** cut, int word_size) {
  if (slots.empty()) return;
  const auto n = static_cast<std::size_t>(word_size);
  if (calloc_if_null(*rep, n) == nullptr || calloc_if_null(*pos, n) == nullptr ||
      calloc_if_null(*cut, n) == nullptr)
    return;  // out of memory: the breaks stay in hyphens, without their spelling
  for (std::size_t i = 0; i < n; ++i) {
    const bool present = i < outcome.positions && slots[i].present();
    (*rep)[i] = present ? copy_text(slots[i].text) : nullptr;
    (*pos)[i] = present ? slots[i].pos : 0;
    (*cut)[i] = present ? slots[i].cut : 0;
  }
}

// memcmp(a, b.data(), b.size()) == 0, inline for the usual NOHYPHEN block (libhyphen's
// implicit one is 12 bytes in UTF-8): this runs on every call.
bool same_bytes(const char* a, std::string_view b) noexcept {
  const std::size_t n = b.size();
  if (n < 8 || n > 16) return std::memcmp(a, b.data(), n) == 0;
  std::uint64_t x[2], y[2];
  std::memcpy(&x[0], a, 8);
  std::memcpy(&x[1], a + n - 8, 8);
  std::memcpy(&y[0], b.data(), 8);
  std::memcpy(&y[1], b.data() + n - 8, 8);
  return ((x[0] ^ y[0]) | (x[1] ^ y[1])) == 0;
}

// libhyphen reads the minimums and NOHYPHEN from the struct on every call, so a client may
// change them after loading. The engine's own fields answer while the struct is as loaded
// (every client we know); otherwise the call passes the struct's fields.
bool fields_as_loaded(const Bound& b) {
  const HyphenDict& d = b.dict;
  const HyphenDict& loaded = b.loaded;
  if (d.lhmin != loaded.lhmin || d.rhmin != loaded.rhmin || d.clhmin != loaded.clhmin || d.crhmin != loaded.crhmin)
    return false;
  if (d.nohyphen != loaded.nohyphen || d.nohyphenl != loaded.nohyphenl) return false;
  // The bytes too: a client may have changed them in place.
  return d.nohyphen == nullptr || same_bytes(d.nohyphen, b.loaded_block);
}

hyph::dic::Fields struct_fields(const HyphenDict& d) {
  return hyph::dic::Fields{d.lhmin, d.rhmin, d.clhmin, d.crhmin, d.nohyphen, d.nohyphenl};
}

// hnj_hyphen_hyphenate2 (minimums null) or _hyphenate3 for the words the fast path does not
// take, or after a client changed the struct's fields. Out of line: the common call then sets
// up no replacement slots (and saves no registers for them).
[[gnu::noinline]] int hyphenate_general(const Bound& b, bool as_loaded, const char* word, int word_size,
                                        char* hyphens, char* hyphenated_word, char*** rep, int** pos, int** cut,
                                        const Minimums* minimums) {
  ReplacementSlots slots(b, rep, pos, cut, word_size);
  const std::string_view w(word, static_cast<std::size_t>(word_size));
  const std::span<char> hyphens_span = hyphens_of(hyphens, word_size);
  const std::span<char> hyphenated = hyphenated_of(hyphenated_word, word_size);
  const hyph::dic::Dictionary& engine = *b.engine;
  Outcome outcome;
  try {
    if (minimums == nullptr)
      outcome = as_loaded ? engine.hyphenate2(w, hyphens_span, hyphenated, slots.slots())
                          : engine.hyphenate2_with(w, hyphens_span, hyphenated, slots.slots(), struct_fields(b.dict));
    else
      outcome = as_loaded ? engine.hyphenate3(w, hyphens_span, hyphenated, slots.slots(), *minimums)
                          : engine.hyphenate3_with(w, hyphens_span, hyphenated, slots.slots(), *minimums,
                                                   struct_fields(b.dict));
  } catch (...) {
    return 1;  // no memory for a changed NOHYPHEN list
  }
  if (outcome.replacements) hand_over(outcome, slots.slots(), rep, pos, cut, word_size);
  return outcome.status;
}

// hnj_hyphen_hyphenate2 (minimums null) and _hyphenate3: the fast path first, which most
// words take while the struct's fields are as loaded.
[[gnu::always_inline]] inline int hyphenate(HyphenDict* dict, const char* word, int word_size, char* hyphens,
                                            char* hyphenated_word, char*** rep, int** pos, int** cut,
                                            const Minimums* minimums) {
  if (!callable(dict, word, word_size, hyphens)) return 1;
  const Bound& b = bound(dict);
  const bool as_loaded = fields_as_loaded(b);
  if (int status = 0; as_loaded && b.engine->hyphenate_common(std::string_view(word, static_cast<std::size_t>(word_size)),
                                                               hyphens_of(hyphens, word_size),
                                                               hyphenated_of(hyphenated_word, word_size), minimums, status))
    return status;
  return hyphenate_general(b, as_loaded, word, word_size, hyphens, hyphenated_word, rep, pos, cut, minimums);
}

}  // namespace

extern "C" {

int hnj_hyphen_hyphenate(HyphenDict* dict, const char* word, int word_size, char* hyphens) {
  if (!callable(dict, word, word_size, hyphens)) return 1;
  return bound(dict).engine->hyphenate(std::string_view(word, static_cast<std::size_t>(word_size)),
                                       hyphens_of(hyphens, word_size));
}

int hnj_hyphen_hyphenate2(HyphenDict* dict, const char* word, int word_size, char* hyphens,
                          char* hyphenated_word, char*** rep, int** pos, int** cut) {
  return hyphenate(dict, word, word_size, hyphens, hyphenated_word, rep, pos, cut, nullptr);
}

int hnj_hyphen_hyphenate3(HyphenDict* dict, const char* word, int word_size, char* hyphens, char* hyphword,
                          char*** rep, int** pos, int** cut, int lhmin, int rhmin, int clhmin, int crhmin) {
  const Minimums minimums{lhmin, rhmin, clhmin, crhmin};
  return hyphenate(dict, word, word_size, hyphens, hyphword, rep, pos, cut, &minimums);
}

// hnj_hyphen_hyph_: libhyphen's pattern levels for one word (an internal that Debian's
// libhyphen.so.0 exports), before the word's minimums, NOHYPHEN, the hyphenated word and the
// UTF-8 normalisation: byte-indexed hyphens, the caller's compound minimums and ends.
int hnj_hyphen_hyph_(HyphenDict* dict, const char* word, int word_size, char* hyphens, char*** rep, int** pos,
                     int** cut, int clhmin, int crhmin, int lend, int rend) {
  if (!callable(dict, word, word_size, hyphens)) return 0;
  const Bound& b = bound(dict);
  ReplacementSlots slots(b, rep, pos, cut, word_size);
  const Outcome outcome =
      b.engine->hyphenate_levels(std::string_view(word, static_cast<std::size_t>(word_size)),
                                 hyphens_of(hyphens, word_size), slots.slots(), clhmin, crhmin, lend != 0, rend != 0);
  if (outcome.replacements) hand_over(outcome, slots.slots(), rep, pos, cut, word_size);
  return 0;
}

}  // extern "C"
