// Fuzz target: compiled pattern files (doc/compiled-format.md), loaded from memory. The input
// is the file: the TeX dialect's or (magic "\x89HYD") a compiled .dic dictionary's. A load either fails with Error(bad_format) naming the file, or gives a
// hyphenator that hyphenates words of its own letters (and any text) without a fault; that
// hyphenator, written again and read back, answers the same, and a second round writes the
// same bytes.
//
// The header's checksum would turn nearly every mutation away before the checks behind it
// ran, so the target recomputes it for three inputs in four (those whose size is not 3
// modulo 4) and leaves it for the rest. The dense rows (and a .dic dictionary's records and
// transition tables) are outside the checksum anyway: any bytes there must hyphenate without
// a fault.
#include "fuzz_support.h"

#include "engine/compiled.h"
#include "engine/compiled_tex.h"
#include "engine/compiled_dic.h"

#include <cstring>
#include <sstream>

namespace {

std::vector<std::byte> written(const hyph::Hyphenator& h) {
  std::ostringstream out;
  h.write_compiled(out, {}, {}, hyph::detail::model_of(h).automaton.small() ? hyph::CompiledLayout::small : hyph::CompiledLayout::fast);
  const std::string s = std::move(out).str();
  std::vector<std::byte> bytes(s.size());
  std::memcpy(bytes.data(), s.data(), s.size());
  return bytes;
}

// Words from the alphabet's letters: runs of every length up to past TeX's 63, capitalised,
// with separators and hyphens around them.
std::vector<std::string> words_of(const hyph::Hyphenator& h) {
  const auto& alphabet = hyph::detail::model_of(h).alphabet;
  std::vector<char32_t> letters;
  for (std::size_t s = 1; s < alphabet.size() && letters.size() < 64; ++s)
    if (alphabet.code_point(static_cast<hyph::patterns::Symbol>(s)) <= 0x10FFFF)
      letters.push_back(alphabet.code_point(static_cast<hyph::patterns::Symbol>(s)));
  std::vector<std::string> words{"hyphenation", "Hyphenation TABLE ta-ble", "\xC3\xA9l\xC3\xA9ment \xCE\xB1\xCE\xB2 x\xE2\x80\x94y",
                                 "kulissza Schiffahrt paral\xC2\xB7lel omaatje Silbentrennung m\xC3\xA9rn\xC3\xB6ks\xC3\xA9g",
                                 "abc'def xyz-uvw aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"};
  if (letters.empty()) return words;
  for (std::size_t length : {1u, 2u, 3u, 5u, 8u, 13u, 21u, 40u, 63u, 64u, 70u}) {
    for (std::size_t start = 0; start < letters.size(); start += 7) {
      std::string w;
      for (std::size_t k = 0; k < length; ++k) hyph::utf8::append(w, letters[(start + k * (k + 1) / 2) % letters.size()]);
      words.push_back(w);
      words.push_back("(" + w + ")'s");
      words.push_back(w + "-" + w);
    }
  }
  return words;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Exactly the input's size, so that ASan sees a read past it; an odd size starts one byte
  // in, which the loader must copy to read in place.
  const std::size_t shift = size % 2;
  std::vector<std::byte> storage(size + shift);
  if (size != 0) std::memcpy(storage.data() + shift, data, size);
  const std::span<std::byte> bytes = std::span(storage).subspan(shift);
  // A .dic dictionary takes the minimums only (TeX's settings are refused for it).
  const bool dic = hyph::detail::is_compiled_dic(bytes);
  if (size % 4 != 3) {
    const auto sum = dic ? hyph::detail::compiled_dic_checksum(bytes) : hyph::detail::compiled_checksum(bytes);
    if (sum) std::memcpy(bytes.data() + 56, &*sum, sizeof *sum);
  }
  hyph::Settings settings;
  if (size % 3 == 1 && !dic) settings.normalization = hyph::Normalization::nfc;
  if (size % 5 == 2) {
    settings.left_min = 1;
    settings.right_min = 1;
    if (!dic) settings.uchyph = 0;
  }

  std::optional<hyph::Hyphenator> h;
  try {
    h.emplace(hyph::Hyphenator::load_compiled(bytes, settings, "fuzz.hyb"));
  } catch (const hyph::Error& e) {
    FUZZ_CHECK(e.code() == hyph::ErrorCode::bad_format, "code %d: %s", static_cast<int>(e.code()), e.what());
    FUZZ_CHECK(std::string_view(e.what()).starts_with("fuzz.hyb: "), "message '%s'", e.what());
    return 0;
  }

  const std::vector<std::string> words = words_of(*h);
  std::size_t breaks[256];
  for (const std::string& w : words) {
    const std::size_t n = h->hyphenate(w, breaks);
    FUZZ_CHECK(n <= w.size(), "%zu breaks in %zu bytes", n, w.size());
    for (std::size_t k = 0; k < n && k < 256; ++k) FUZZ_CHECK(breaks[k] > 0 && breaks[k] < w.size(), "break at %zu", breaks[k]);
  }

  // Written again (without the normalization setting, which a file does not keep): the
  // same answers; and a second round gives the same bytes.
  const std::vector<std::byte> again = written(*h);
  const hyph::Hyphenator reread = hyph::Hyphenator::load_compiled(again, settings, "again.hyb");
  for (const std::string& w : words) {
    FUZZ_CHECK(h->hyphenated_spelling(w) == reread.hyphenated_spelling(w), "'%s': spelled differently when read back", w.c_str());
    FUZZ_CHECK(h->hyphenated(w) == reread.hyphenated(w), "'%s': '%s' read back as '%s'", w.c_str(), h->hyphenated(w).c_str(),
               reread.hyphenated(w).c_str());
  }
  FUZZ_CHECK(written(reread) == again, "writing the file again changed it (%zu bytes)", again.size());
  return 0;
}
