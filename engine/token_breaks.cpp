#include "engine/token_breaks.h"

#include "patterns/utf8.h"

#include <unicode/bytestream.h>
#include <unicode/edits.h>

#include <cstring>
#include <string>

namespace hyph::detail {
namespace {

using patterns::LetterInfo;

struct Step {
  LetterInfo info;
  unsigned length;
};

inline Step classify_at(const patterns::Alphabet& alphabet, const unsigned char* p, const unsigned char* end) noexcept {
  if (*p < 0x80) return {alphabet.classify_ascii(*p), 1};
  const utf8::Decoded d = utf8::decode(p, end);
  return {d.cp == utf8::kInvalid ? LetterInfo{} : alphabet.classify(d.cp), d.length};
}

// An explicit hyphen in [p, end): '-', or with `dashes` U+2013/U+2014.
bool has_explicit_hyphen(const unsigned char* p, const unsigned char* end, bool dashes) noexcept {
  const auto n = static_cast<std::size_t>(end - p);
  if (std::memchr(p, '-', n) != nullptr) return true;
  if (!dashes) return false;
  for (const unsigned char* q = p; (q = static_cast<const unsigned char*>(std::memchr(q, 0xE2, static_cast<std::size_t>(end - q)))) != nullptr; ++q)
    if (is_dash_at(q, end)) return true;
  return false;
}

// TeX's rules on the token as it is (Normalization::none).
void raw_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                      const ExtraExceptions* extra) noexcept;

// Normalization::nfc. The word is found in the NFC form of a window of the token: from the
// start of the normalization segment of the first code point that is a letter or that NFC
// may change or combine (nothing before it can change or be a letter), for kNfcWindow bytes.
// Breaks are mapped back through ICU's edits; one inside a changed span is dropped.
constexpr std::size_t kNfcWindow = 4096;

bool nfc_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                      const ExtraExceptions* extra) {
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
    if (*p == '-' || (model.dash_hyphens && is_dash_at(p, end))) return false;  // the raw rules stop here
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

  thread_local std::string normalized;
  thread_local icu::Edits edits;
  normalized.clear();
  status = U_ZERO_ERROR;
  icu::StringByteSink<std::string> sink(&normalized);
  nfc.normalizeUTF8(0, window, sink, &edits, status);
  if (U_FAILURE(status)) return false;

  TokenBreaks found;
  raw_token_breaks(model, normalized, found, counters, extra);
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
    if (U_SUCCESS(status) && back == d) out.offsets[out.count++] = w0 + static_cast<std::size_t>(source);
  }
  return true;
}

}  // namespace

void find_token_breaks(const Model& model, std::string_view token, TokenBreaks& out,
                       LookupCounters* counters, const ExtraExceptions* extra) noexcept {
  if (model.nfc != nullptr) {
    bool ascii = true;
    for (unsigned char c : token) ascii = ascii && c < 0x80;
    if (!ascii && nfc_token_breaks(model, token, out, counters, extra)) return;
  }
  raw_token_breaks(model, token, out, counters, extra);
}

namespace {

void raw_token_breaks(const Model& model, std::string_view token, TokenBreaks& out, LookupCounters* counters,
                      const ExtraExceptions* extra) noexcept {
  out.count = 0;
  out.pending = Pending::word;
  out.saw_letter = false;
  const auto* const begin = reinterpret_cast<const unsigned char*>(token.data());
  const auto* const end = begin + token.size();
  const auto* p = begin;

  // §896: skip non-letters up to the first letter. The empty discretionary TeX puts after
  // an explicit '-' is not a character, so it ends the search: "e-mail", "10-point".
  // (XeTeX's format puts one after an en or em dash too: Model::dash_hyphens.)
  Step step{};
  for (;; p += step.length) {
    if (p == end) return;
    if (*p == '-' || (model.dash_hyphens && is_dash_at(p, end))) {
      out.pending = Pending::nothing;
      return;
    }
    step = classify_at(model.alphabet, p, end);
    if (step.info) break;
  }
  out.saw_letter = true;
  // §896: with \uchyph <= 0 a word whose first letter is not its own lower case is skipped.
  if (!step.info.is_lower && model.uchyph <= 0) {
    out.pending = Pending::nothing;
    return;
  }

  // §897: the word is the run of letters, at most 63 of them.
  patterns::Symbol symbols[patterns::kMaxLetters + 2];
  std::size_t letter_end[patterns::kMaxLetters + 1];
  symbols[0] = patterns::kEdgeSymbol;
  std::size_t n = 0;
  for (;;) {
    symbols[++n] = step.info.symbol;
    p += step.length;
    letter_end[n] = static_cast<std::size_t>(p - begin);
    if (n == patterns::kMaxLetters || p == end) break;
    step = classify_at(model.alphabet, p, end);
    if (!step.info) break;
  }
  // The word may go on if the token piece ends in it, or in a letter's first bytes.
  const bool word_complete = n == patterns::kMaxLetters || (p != end && !utf8::truncated(p, end));

  // §899: characters after the word are passed over; an explicit hyphen's discretionary
  // means TeX does not hyphenate at all ("ab-bot's" yes, "well-known" no).
  if (has_explicit_hyphen(p, end, model.dash_hyphens)) {
    out.pending = Pending::nothing;
    return;
  }
  const std::size_t left = static_cast<std::size_t>(model.mins.left);
  const std::size_t right = static_cast<std::size_t>(model.mins.right);
  if (n < left + right) {
    out.pending = word_complete ? Pending::nothing : Pending::word;
    return;
  }
  out.pending = word_complete ? Pending::hyphen_check : Pending::word;

  // §923, §930-§934: an exception of the lower-case word replaces the patterns entirely.
  patterns::GapValues hyf;
  bool from_exception = false;
  if (model.exceptions.store().size() != 0 || extra != nullptr) {
    char key[patterns::kMaxLetters * 4 + 4];
    std::size_t key_length = 0;
    for (std::size_t j = 1; j <= n; ++j) key_length += model.alphabet.write_utf8(symbols[j], key + key_length);
    const std::string_view k(key, key_length);
    std::optional<std::uint64_t> breaks;
    if (extra != nullptr) breaks = extra->find(k);  // loaded last: it answers first
    if (!breaks && model.exceptions.store().size() != 0) breaks = model.exceptions.lookup(k, counters);
    if (breaks) {
      for (std::size_t j = 0; j <= n; ++j) hyf.bytes[patterns::GapValues::kPad + j] = static_cast<std::uint8_t>((*breaks >> j) & 1);
      from_exception = true;
    }
  }
  if (!from_exception) {
    symbols[n + 1] = patterns::kEdgeSymbol;
    model.automaton.apply(symbols, n + 2, hyf);
  }

  // §902: odd values between the minimums are the breaks.
  for (std::size_t j = left; j + right <= n; ++j)
    if (hyf.at(j) & 1) out.offsets[out.count++] = letter_end[j];
}

}  // namespace

}  // namespace hyph::detail
