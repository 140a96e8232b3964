// Fuzz target: compiled pattern files (doc/compiled-format.md), loaded from memory. The input
// is the file: the TeX dialect's or (magic "\x89HYD") a compiled .dic dictionary's. A load
// either fails with Error(bad_format) naming the file, or gives a hyphenator that hyphenates
// words of its own letters (and any text) without a fault, the same in UTF-8 and UTF-16; that
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

#ifndef HYPH_NO_ICU
std::vector<std::byte> written(const hyph::Hyphenator& h) {
  std::ostringstream out;
  h.write_compiled(out, {}, {}, hyph::detail::model_of(h).automaton.small() ? hyph::CompiledLayout::small : hyph::CompiledLayout::fast);
  const std::string s = std::move(out).str();
  std::vector<std::byte> bytes(s.size());
  std::memcpy(bytes.data(), s.data(), s.size());
  return bytes;
}
#endif

// `w` (valid UTF-8) in UTF-16, and where each of its bytes' code points starts in it.
std::u16string utf16_of(const std::string& w, std::vector<std::size_t>& unit_at) {
  std::u16string out;
  unit_at.assign(w.size() + 1, 0);
  const auto* p = reinterpret_cast<const unsigned char*>(w.data());
  for (std::size_t i = 0; i < w.size();) {
    const hyph::utf8::Decoded d = hyph::utf8::decode(p + i, p + w.size());
    for (std::size_t k = 0; k < d.length; ++k) unit_at[i + k] = out.size();
    if (d.cp >= 0x10000) {
      out.push_back(static_cast<char16_t>(0xD800 + ((d.cp - 0x10000) >> 10)));
      out.push_back(static_cast<char16_t>(0xDC00 + ((d.cp - 0x10000) & 0x3FF)));
    } else {
      out.push_back(static_cast<char16_t>(d.cp));
    }
    i += d.length;
  }
  unit_at[w.size()] = out.size();
  return out;
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
#ifndef HYPH_NO_ICU  // NFC needs ICU: the runtime refuses the setting (Error(invalid_argument))
  if (size % 3 == 1 && !dic) settings.normalization = hyph::Normalization::nfc;
#endif
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
    // The same breaks in UTF-16, which the WebAssembly module hyphenates.
    std::vector<std::size_t> unit_at;
    const std::u16string w16 = utf16_of(w, unit_at);
    std::size_t breaks16[256];
    const std::size_t n16 = h->hyphenate(w16, breaks16);
    FUZZ_CHECK(n16 == n, "'%s': %zu breaks in UTF-16, %zu in UTF-8", w.c_str(), n16, n);
    for (std::size_t k = 0; k < n && k < 256; ++k)
      FUZZ_CHECK(breaks16[k] == unit_at[breaks[k]], "'%s': break %zu at unit %zu, byte %zu", w.c_str(), k, breaks16[k], breaks[k]);
  }

#ifndef HYPH_NO_ICU
  // Written again (without the normalization setting, which a file does not keep): the
  // same answers; and a second round gives the same bytes. (The ICU-free runtime, which the
  // 32-bit build of this target links, fuzz/runtime/meson.build, has no writer.)
  const std::vector<std::byte> again = written(*h);
  const hyph::Hyphenator reread = hyph::Hyphenator::load_compiled(again, settings, "again.hyb");
  for (const std::string& w : words) {
    FUZZ_CHECK(h->hyphenated_spelling(w) == reread.hyphenated_spelling(w), "'%s': spelled differently when read back", w.c_str());
    FUZZ_CHECK(h->hyphenated(w) == reread.hyphenated(w), "'%s': '%s' read back as '%s'", w.c_str(), h->hyphenated(w).c_str(),
               reread.hyphenated(w).c_str());
  }
  FUZZ_CHECK(written(reread) == again, "writing the file again changed it (%zu bytes)", again.size());
#endif
  return 0;
}
