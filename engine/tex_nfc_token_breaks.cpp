#include "engine/tex_nfc_token_breaks.h"

#include "base/utf8.h"

#include <unicode/bytestream.h>
#include <unicode/edits.h>

namespace hyph::detail {

namespace {

// The word is looked for in the first kNfcWindow bytes from the window's start; a word that
// runs on past them is left to the raw rules.
constexpr std::size_t kNfcWindow = 4096;
// NFC makes a UTF-8 string at most three times longer (UAX #15, "Stabilization" and the
// expansion table), so the window's normal form fits here and no allocation is needed.
constexpr std::size_t kNormalizedCapacity = 3 * kNfcWindow;

}  // namespace

bool tex_nfc_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                      const ExtraExceptions* extra) noexcept {
  const icu::Normalizer2& nfc = *model.nfc;
  const auto* const begin = reinterpret_cast<const unsigned char*>(token.data());
  const auto* const end = begin + token.size();
  // The window's start w0: skip code points that are inert non-letters.
  std::size_t w0 = token.size(), segment = 0;
  for (const unsigned char* p = begin; p < end;) {
    const utf8::Decoded d = utf8::decode(p, end);
    const auto at = static_cast<std::size_t>(p - begin);
    if (d.cp == utf8::kInvalid) {
      if (utf8::truncated(p, end)) return false;  // more bytes will come: decide then
      segment = at + 1;
      ++p;
      continue;
    }
    if (is_explicit_hyphen(d.cp, model.dash_hyphens)) return false;  // the raw rules stop here
    if (nfc.hasBoundaryBefore(static_cast<UChar32>(d.cp))) segment = at;
    if (model.alphabet.classify(d.cp) || !nfc.isInert(static_cast<UChar32>(d.cp))) {
      w0 = segment;
      break;
    }
    p += d.length;
  }
  if (w0 == token.size()) return false;
  // The window's end w1: the token's end, or a segment start at most kNfcWindow bytes in,
  // and never inside a sequence cut short by the end of a streamed piece.
  std::size_t w1 = token.size();
  for (std::size_t k = 1; k <= 3 && k <= token.size() - w0; ++k)
    if (utf8::truncated(end - k, end)) {
      w1 = token.size() - k;
      break;
    }
  if (w1 - w0 > kNfcWindow) {
    std::size_t k = w0 + kNfcWindow;
    for (; k > w0; --k) {
      if ((begin[k] & 0xC0) == 0x80) continue;  // not the start of a code point
      const utf8::Decoded d = utf8::decode(begin + k, end);
      if (d.cp == utf8::kInvalid || nfc.hasBoundaryBefore(static_cast<UChar32>(d.cp))) break;
    }
    w1 = k;
  }
  if (w1 <= w0) return false;
  const icu::StringPiece window(token.data() + w0, static_cast<int32_t>(w1 - w0));
  UErrorCode status = U_ZERO_ERROR;
  if (nfc.isNormalizedUTF8(window, status) && U_SUCCESS(status)) return false;  // nothing to change

  char normalized[kNormalizedCapacity];
  icu::CheckedArrayByteSink sink(normalized, static_cast<int32_t>(kNormalizedCapacity));
  icu::Edits edits;
  status = U_ZERO_ERROR;
  nfc.normalizeUTF8(0, window, sink, &edits, status);
  if (U_FAILURE(status) || sink.Overflowed()) return false;

  TokenBreaks found;
  tex_raw_token_breaks(model, std::string_view(normalized, static_cast<std::size_t>(sink.NumberOfBytesWritten())), found,
                   counters, extra);
  if (w1 < token.size()) {
    // The rest of the token after the window: only an explicit hyphen there matters, once the
    // word has ended inside the window; otherwise (no letter yet, or a word running on past
    // 4 KiB) take the raw rules.
    if (!found.saw_letter || found.pending == Pending::word) return false;
    if (found.pending == Pending::hyphen_check && has_explicit_hyphen(begin + w1, end, model.dash_hyphens)) {
      out.count = 0;
      out.pending = Pending::nothing;
      out.saw_letter = true;
      return true;
    }
  }
  out.pending = found.pending;
  out.saw_letter = found.saw_letter;
  out.count = 0;
  icu::Edits::Iterator it = edits.getFineIterator();
  for (std::size_t k = 0; k < found.count; ++k) {
    const auto d = static_cast<int32_t>(found.offsets[k]);
    status = U_ZERO_ERROR;
    const int32_t source = it.sourceIndexFromDestinationIndex(d, status);
    const int32_t back = it.destinationIndexFromSourceIndex(source, status);
    if (U_SUCCESS(status) && back == d) {
      out.values[out.count] = found.values[k];
      out.offsets[out.count++] = w0 + static_cast<std::size_t>(source);
    }
  }
  return true;
}


}  // namespace hyph::detail
