#include "engine/token_assembler.h"

#include "engine/word_rules.h"
#include "base/utf8.h"

#include <cstring>

namespace hyph::detail {
namespace {

// Bytes of `s` that begin complete code points: a sequence starting 4 or more bytes before
// the end is decided by bytes already here.
std::size_t decided_prefix(std::string_view s) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  std::size_t q = 0;
  while (q + 4 <= s.size()) q += utf8::decode(p + q, p + s.size()).length;
  return q;
}

constexpr std::uint32_t kEnDash = 0xE28093, kEmDash = 0xE28094;  // their UTF-8

}  // namespace

TokenAssembler::Verdict TokenAssembler::look(const Model& model, std::string_view held, bool complete,
                                             LookupCounters* counters) noexcept {
  find_token_breaks(model, held, found_, counters);
  dashes_ = model.dash_hyphens;
  normalizes_ = model.nfc != nullptr;
  if (complete || found_.pending == Pending::nothing) return Verdict::decided;
  if (found_.pending == Pending::word) return Verdict::read_on;
  recent_ = 0;
  for (std::size_t k = held.size() >= 3 ? held.size() - 3 : 0; k < held.size(); ++k)
    recent_ = (recent_ << 8 | static_cast<unsigned char>(held[k])) & 0xFFFFFF;
  return Verdict::watch;
}

std::size_t TokenAssembler::passable(std::string_view held) const noexcept {
  if (!found_.saw_letter) return decided_prefix(held);
  if (normalizes_ || held.size() <= kWordTail) return 0;
  // Back to the start of a code point: a byte that is not a continuation byte always is one,
  // whatever came before it.
  std::size_t cut = held.size() - kWordTail;
  while (cut > 0 && (static_cast<unsigned char>(held[cut]) & 0xC0) == 0x80) --cut;
  return cut;
}

std::size_t TokenAssembler::hyphen_at(std::string_view more) noexcept {
  for (std::size_t k = 0; k < more.size(); ++k) {
    const auto b = static_cast<unsigned char>(more[k]);
    recent_ = (recent_ << 8 | b) & 0xFFFFFF;
    if (b == '-' || (dashes_ && (recent_ == kEnDash || recent_ == kEmDash))) {
      found_.count = 0;
      return k;
    }
  }
  return npos;
}

}  // namespace hyph::detail
