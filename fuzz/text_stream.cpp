// Fuzz target: the running-text pipeline. Input: a 3-byte header, then the text.
//   byte 0: which hyphenator (plain TeX, or plain TeX + hyphenex behind each filter kind,
//           with 8-bit TeX's letters; plain TeX and plain TeX + hyphenex with Unicode TeX's)
//           and which marker (a byte absent from the text, the empty string, U+00AD)
//   byte 1: seed of the random chunking and flushes; if odd, hyphenate() is also given a
//           short output span
//   byte 2: if >= 0xF0, a slice of the text is repeated past TextStream's long-token limit
//           (64 KiB; 512 bytes in fuzzing builds), so that short inputs reach the long-token
//           paths (passthrough, spilling to a file)
// Properties: TextStream fed in random pieces gives exactly Hyphenator::hyphenated();
// that is the text plus markers at the offsets hyphenate() reports; removing the markers
// gives the text back; every filter gives the same output as the exact store.
#include "fuzz_support.h"

#include "engine/text_stream_limits.h"

#include <hyph/text_stream.h>

#include <algorithm>
#include <vector>

namespace {

constexpr std::size_t kGrownSize =
    hyph::detail::kTextStreamLongToken + std::max<std::size_t>(hyph::detail::kTextStreamLongToken / 16, 512);

// 0: plain TeX; 1..K: plain TeX with hyphenex behind each of the K filter kinds (1 = exact,
// filter_kinds() first); K + 1, K + 2: the same as 0 and 1 with Unicode TeX's letters (and
// en/em dashes as explicit hyphens).
const std::vector<hyph::Hyphenator>& hyphenators() {
  static const std::vector<hyph::Hyphenator> all = [] {
    const std::vector<hyph::Source> hyphenex{hyph::Source::file(HYPH_SOURCE_DIR "/patterns/data/ushyphex.tex")};
    auto with = [&](hyph::FilterKind kind, hyph::LetterPolicy letters, bool exceptions) {
      hyph::Settings s;
      s.exceptions.filter = kind;
      s.letters = letters;
      return hyph::Hyphenator::english(s, exceptions ? std::span<const hyph::Source>(hyphenex) : std::span<const hyph::Source>());
    };
    constexpr auto tex8 = hyph::LetterPolicy::pattern_letters;
    constexpr auto unicode = hyph::LetterPolicy::unicode;
    constexpr auto exact = hyph::FilterKind::none;
    std::vector<hyph::Hyphenator> hs{with(exact, tex8, false)};
    for (const hyph::FilterKind kind : hyph::filter_kinds()) hs.push_back(with(kind, tex8, true));
    hs.push_back(with(exact, unicode, false));
    hs.push_back(with(exact, unicode, true));
    return hs;
  }();
  return all;
}

struct SplitMix {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::uint8_t header[3] = {0, 0, 0};
  const std::size_t skip = std::min<std::size_t>(size, 3);
  std::copy(data, data + skip, header);
  std::string text(fuzz::as_text(data + skip, size - skip));

  if (header[2] >= 0xF0 && !text.empty()) {
    const std::size_t a = text.size() * (header[2] & 7) / 8;
    const std::size_t b = a + 1 + (text.size() - a - 1) * ((header[2] >> 3) & 1) / 2;
    const std::string middle = text.substr(a, b - a);
    std::string grown = text.substr(0, b);
    // Past the limit by enough for TextStream to look at the token again (every 256 bytes).
    while (grown.size() < kGrownSize) grown += middle;
    grown += text.substr(b);
    text = std::move(grown);
  }

  const std::size_t count_of_hyphenators = hyphenators().size();
  const std::size_t which = header[0] % count_of_hyphenators;
  const hyph::Hyphenator& h = hyphenators()[which];
  std::string marker;
  bool marker_absent = false;
  switch (header[0] / count_of_hyphenators % 3) {
    case 0: {
      bool seen[256] = {};
      for (unsigned char c : text) seen[c] = true;
      int absent = -1;
      for (unsigned k = 0; k < 256 && absent < 0; ++k)
        if (!seen[(k + header[1]) & 0xFF]) absent = static_cast<int>((k + header[1]) & 0xFF);
      marker_absent = absent >= 0;
      marker = marker_absent ? std::string{static_cast<char>(absent)} : std::string("\xC2\xAD");
      break;
    }
    case 1: break;  // the empty marker
    default: marker = "\xC2\xAD"; break;
  }

  // The whole-text answer and its breaks.
  const std::string whole = h.hyphenated(text, marker);
  std::vector<std::size_t> breaks(text.size() + 1);
  const std::size_t count = h.hyphenate(text, breaks);
  FUZZ_CHECK(count <= text.size(), "%zu breaks in %zu bytes", count, text.size());
  breaks.resize(count);
  std::string rebuilt;
  std::size_t from = 0;
  for (std::size_t b : breaks) {
    FUZZ_CHECK(b > from, "breaks not increasing: %zu after %zu", b, from);
    FUZZ_CHECK(b < text.size(), "break %zu at or past the end (%zu bytes)", b, text.size());
    rebuilt.append(text, from, b - from).append(marker);
    from = b;
  }
  rebuilt.append(text, from);
  FUZZ_CHECK(rebuilt == whole, "hyphenated() is not the text with markers at hyphenate()'s offsets");

  // A short output span: the same total, the same first offsets, nothing written past it.
  if (count > 0 && header[1] % 2 == 1) {
    std::vector<std::size_t> few(count / 2 + 1, SIZE_MAX);
    few.push_back(12345);  // guard, outside the span passed
    const std::size_t again = h.hyphenate(text, std::span(few.data(), count / 2));
    FUZZ_CHECK(again == count, "count %zu with a short span, %zu with a long one", again, count);
    FUZZ_CHECK(std::equal(few.begin(), few.begin() + static_cast<std::ptrdiff_t>(count / 2), breaks.begin()),
               "first offsets differ with a short span");
    FUZZ_CHECK(few[count / 2] == SIZE_MAX && few.back() == 12345, "hyphenate() wrote past its span");
  }

  // Streamed in random pieces, with random flushes.
  std::string streamed;
  {
    hyph::TextStream stream(h, marker, [&](std::string_view bytes) { streamed.append(bytes); });
    SplitMix rng{header[1] * 0x100000001b3ULL + text.size()};
    for (std::size_t i = 0; i < text.size();) {
      const std::uint64_t r = rng.next();
      std::size_t n;
      switch (r & 7) {
        case 0: n = 0; break;
        case 1: n = (r >> 8) % (kGrownSize + 1); break;
        case 2: n = (r >> 8) % 300; break;
        default: n = 1 + (r >> 8) % 16; break;
      }
      n = std::min(n, text.size() - i);
      stream.write(std::string_view(text).substr(i, n));
      i += n;
      if ((r >> 40) % 13 == 0) stream.flush();
    }
    stream.finish();
  }
  FUZZ_CHECK(streamed == whole, "TextStream output (%zu bytes) differs from hyphenated() (%zu bytes)", streamed.size(),
             whole.size());
  if (marker_absent) {
    std::string back = streamed;
    std::erase(back, marker[0]);
    FUZZ_CHECK(back == text, "removing the markers does not give the text back");
  }

  // Every filter answers as the exact store does.
  const std::size_t kinds = hyph::filter_kinds().size();
  if (which >= 2 && which <= kinds) {
    const std::string exact = hyphenators()[1].hyphenated(text, marker);
    FUZZ_CHECK(exact == whole, "filter %s differs from the exact store",
               std::string(hyph::to_string(hyph::filter_kinds()[which - 1])).c_str());
  }
  return 0;
}
