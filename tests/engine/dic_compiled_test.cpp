// The .dic dialect's compiled form (engine/compiled_dic.cpp): write_compiled of a load_dic
// hyphenator, read back by load_compiled, answers exactly as load_dic does — every value of
// libhyphen's vectors, the hyphenated word and the replacements, through hyphenate2 and
// hyphenate3 — on the vendored dictionaries with words made from their own patterns and, where
// installed, the system's word lists; the bytes are deterministic; damage is bad_format.
#include "engine/compiled_dic.h"
#include "dic/data.h"
#include "engine/dic_part.h"
#include "engine/model.h"
#include "base/hash.h"
#include "../common/temp_dir.h"

#include <hyph/hyphenator.h>

#include <doctest/doctest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace {

const std::string kData = HYPH_SOURCE_DIR "/patterns/data/dic/";

std::string compiled_bytes(const hyph::Hyphenator& h) {
  std::ostringstream out;
  h.write_compiled(out);
  return std::move(out).str();
}

hyph::Hyphenator load_bytes(const std::string& bytes) {
  return hyph::Hyphenator::load_compiled(std::span(reinterpret_cast<const std::byte*>(bytes.data()), bytes.size()), {},
                                         "test.hyb");
}

const hyph::dic::Dictionary& dictionary(const hyph::Hyphenator& h) { return hyph::detail::dic_part_of(hyph::detail::model_of(h)).dictionary; }

// Words from the dictionary's own patterns (their letters, with letters around them), and the
// lines of a word list when it is installed (hunspell's "word/flags" cut at the '/').
std::vector<std::string> words_for(const std::string& dic, const std::string& list) {
  std::vector<std::string> words;
  std::ifstream in(dic, std::ios::binary);
  for (std::string line; std::getline(in, line);) {
    std::string letters;
    for (char c : line)
      if ((c < '0' || c > '9') && c != '.' && c != '\r' && c != '/') letters += c;
      else if (c == '/') break;
    if (letters.empty()) continue;
    words.push_back(letters);
    words.push_back("ab" + letters + "ta");
    words.push_back(letters + letters);
  }
  std::ifstream w(list, std::ios::binary);
  for (std::string line; words.size() < 400000 && std::getline(w, line);) {
    line = line.substr(0, line.find('/'));
    if (!line.empty() && line.size() < 120) words.push_back(line);
  }
  return words;
}

// Every answer of two dictionaries for `words`, compared; returns the number of words.
std::size_t compare(const hyph::dic::Dictionary& a, const hyph::dic::Dictionary& b, const std::vector<std::string>& words) {
  std::vector<char> ha(512), hb(512), wa(1024), wb(1024);
  std::vector<hyph::dic::Replacement> ra(256), rb(256);
  for (const std::string& w : words) {
    for (int call = 0; call < 2; ++call) {
      std::memset(ha.data(), 0x55, ha.size());
      std::memset(hb.data(), 0x55, hb.size());
      const hyph::dic::Minimums m{call, call + 1, 2, 2};
      const hyph::dic::Outcome oa = call == 0 ? a.hyphenate2(w, ha, wa, ra) : a.hyphenate3(w, ha, wa, ra, m);
      const hyph::dic::Outcome ob = call == 0 ? b.hyphenate2(w, hb, wb, rb) : b.hyphenate3(w, hb, wb, rb, m);
      const bool same_values = std::memcmp(ha.data(), hb.data(), w.size() + 2) == 0;
      const bool same_word = std::strcmp(wa.data(), wb.data()) == 0;
      bool same_reps = oa.replacements == ob.replacements && oa.positions == ob.positions && oa.status == ob.status;
      if (same_reps && oa.replacements)
        for (std::size_t i = 0; i < oa.positions; ++i)
          same_reps = same_reps && ra[i].present() == rb[i].present() && ra[i].text == rb[i].text &&
                      ra[i].pos == rb[i].pos && ra[i].cut == rb[i].cut;
      if (!same_values || !same_word || !same_reps) {
        FAIL_CHECK("differs for '" << w << "' (call " << call << "): " << wa.data() << " / " << wb.data());
        return 0;
      }
    }
  }
  return words.size();
}

}  // namespace

TEST_CASE("dic compiled: every vendored dictionary answers as load_dic, on its patterns' words and word lists") {
  const struct {
    const char* dic;
    const char* list;
  } cases[] = {
      {"hyph_en_US.dic", "/usr/share/dict/american-english"},
      {"hyph_de_DE.dic", "/usr/share/dict/ngerman"},
      {"hyph_hu_HU.dic", "/usr/share/hunspell/hu_HU.dic"},
      {"hyph_ca_ES.dic", "/usr/share/dict/catalan"},
      {"hyph_nl_NL.dic", "/usr/share/dict/dutch"},
      {"hyph_pl_PL.dic", "/usr/share/dict/polish"},
  };
  for (const auto& c : cases) {
    const hyph::Hyphenator source = hyph::Hyphenator::load_dic(kData + c.dic);
    const std::string bytes = compiled_bytes(source);
    CHECK(compiled_bytes(source) == bytes);  // deterministic
    const hyph::Hyphenator compiled = load_bytes(bytes);
    CHECK(compiled.dialect() == hyph::Dialect::libhyphen);
    CHECK(compiled_bytes(compiled) == bytes);  // written again, the same file
    const std::size_t n = compare(dictionary(source), dictionary(compiled), words_for(kData + c.dic, c.list));
    MESSAGE(std::string(c.dic) << ": " << n << " words, " << bytes.size() << " bytes");
    CHECK(n > 0);
    const std::string text = "Kulissza, Schiffahrt; paral·lel omaatje hyphenation Silbentrennung";
    CHECK(compiled.hyphenated(text) == source.hyphenated(text));
    CHECK(compiled.hyphenated_spelling(text) == source.hyphenated_spelling(text));
  }
}

TEST_CASE("dic compiled: settings apply as for load_dic; TeX settings are refused") {
  const std::string bytes = compiled_bytes(hyph::Hyphenator::load_dic(kData + "hyph_hu_HU.dic"));
  hyph::Settings s;
  s.left_min = 4;
  s.right_min = 4;
  const auto wide = hyph::Hyphenator::load_compiled(std::span(reinterpret_cast<const std::byte*>(bytes.data()), bytes.size()), s);
  const auto wide_source = hyph::Hyphenator::load_dic(kData + "hyph_hu_HU.dic", s);
  CHECK(wide.mins().left == wide_source.mins().left);
  CHECK(wide.hyphenated("mérnökség kulissza") == wide_source.hyphenated("mérnökség kulissza"));
  hyph::Settings tex;
  tex.uchyph = 0;
  CHECK_THROWS_AS(hyph::Hyphenator::load_compiled(std::span(reinterpret_cast<const std::byte*>(bytes.data()), bytes.size()), tex),
                  hyph::Error);
  // Leaving the file's own minimums out needs its source: the compiled form keeps only the
  // minimums derived from them (COMPOUND...HYPHENMIN defaults follow LEFT/RIGHTHYPHENMIN).
  hyph::Settings settings_only;
  settings_only.dic_minimums = hyph::DicMinimums::settings_only;
  CHECK_THROWS_WITH_AS(
      hyph::Hyphenator::load_compiled(std::span(reinterpret_cast<const std::byte*>(bytes.data()), bytes.size()), settings_only),
      doctest::Contains("dic_minimums"), hyph::Error);
}

TEST_CASE("dic compiled: from a file, and unaligned bytes") {
  const hyph::Hyphenator source = hyph::Hyphenator::load_dic(kData + "hyph_en_US.dic");
  const std::string bytes = compiled_bytes(source);
  const test::TempDir dir;
  const auto path = dir / "dic-compiled-test.hyb";
  {
    std::ofstream out(path, std::ios::binary);
    out << bytes;
  }
  const auto from_file = hyph::Hyphenator::load_compiled(path);
  CHECK(from_file.hyphenated("hyphenation algorithm") == source.hyphenated("hyphenation algorithm"));
  std::string shifted = " " + bytes;
  const auto unaligned =
      hyph::Hyphenator::load_compiled(std::span(reinterpret_cast<const std::byte*>(shifted.data() + 1), bytes.size()));
  CHECK(unaligned.hyphenated("hyphenation algorithm") == source.hyphenated("hyphenation algorithm"));
}

TEST_CASE("dic compiled: damage is bad_format, never a crash") {
  const std::string bytes = compiled_bytes(hyph::Hyphenator::load_dic(kData + "hyph_nl_NL.dic"));
  auto code_of = [](const std::string& b) {
    try {
      (void)load_bytes(b);
      return hyph::ErrorCode::ok;
    } catch (const hyph::Error& e) {
      return e.code();
    }
  };
  CHECK(code_of(bytes) == hyph::ErrorCode::ok);
  for (std::size_t size : {std::size_t{0}, std::size_t{5}, std::size_t{63}, std::size_t{64}, std::size_t{500}, bytes.size() / 2, bytes.size() - 1})
    CHECK_MESSAGE(code_of(bytes.substr(0, size)) == hyph::ErrorCode::bad_format, "cut at " << size);
  std::string longer = bytes + "x";
  CHECK(code_of(longer) == hyph::ErrorCode::bad_format);
  // A byte changed anywhere: the checksum (or a check before it) refuses the file, except in
  // the automata's records and tables, which the checksum leaves out: those load, and
  // hyphenate (wrongly, perhaps) without a fault.
  std::size_t unchecked = 0;
  for (std::size_t at = 0; at < bytes.size(); at += 997) {
    std::string damaged = bytes;
    damaged[at] = static_cast<char>(damaged[at] ^ 0x20);
    if (at < 56 || at >= 64) {
      const auto sum = hyph::detail::compiled_dic_checksum(std::span(reinterpret_cast<const std::byte*>(damaged.data()), damaged.size()));
      if (sum && std::memcmp(&*sum, bytes.data() + 56, sizeof *sum) == 0) {
        ++unchecked;
        CHECK_MESSAGE(code_of(damaged) == hyph::ErrorCode::ok, "byte " << at);
        (void)load_bytes(damaged).hyphenated_spelling("hyphenatie kwaliteit omaatje zeeëend aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
        continue;
      }
    }
    CHECK_MESSAGE(code_of(damaged) == hyph::ErrorCode::bad_format, "byte " << at);
  }
  CHECK(unchecked > 0);
}

TEST_CASE("dic compiled: the committed tiny-dic.hyb is what compiling tiny.dic gives now") {
  const std::string dir = HYPH_SOURCE_DIR "/tests/data/compiled/";
  std::ifstream in(dir + "tiny-dic.hyb", std::ios::binary);
  REQUIRE(in);
  const std::string committed{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  CHECK_MESSAGE(compiled_bytes(hyph::Hyphenator::load_dic(dir + "tiny.dic")) == committed,
                "stale: build/tools/hyph-compile --dic tests/data/compiled/tiny.dic -o tests/data/compiled/tiny-dic.hyb");
  CHECK(load_bytes(committed).hyphenated_spelling("hyphenation kulissza") == "hy-phen-ation kulisz-sza");
}

TEST_CASE("dic compiled: every byte of a small file changed, checksum fixed: bad_format or a working hyphenator") {
  const std::string dir = HYPH_SOURCE_DIR "/tests/data/compiled/";
  const std::string bytes = compiled_bytes(hyph::Hyphenator::load_dic(dir + "tiny.dic"));
  std::size_t loaded = 0;
  for (std::size_t at = 0; at < bytes.size(); ++at) {
    if (at >= 56 && at < 64) continue;  // the checksum itself
    for (const unsigned char x : {0x01, 0x80, 0xFF}) {
      std::string damaged = bytes;
      damaged[at] = static_cast<char>(static_cast<unsigned char>(damaged[at]) ^ x);
      const auto sum = hyph::detail::compiled_dic_checksum(std::span(reinterpret_cast<const std::byte*>(damaged.data()), damaged.size()));
      if (sum) std::memcpy(damaged.data() + 56, &*sum, sizeof *sum);  // none: a section table the loader refuses
      try {
        const hyph::Hyphenator h = load_bytes(damaged);
        ++loaded;
        (void)h.hyphenated_spelling("hyphenation kulissza hen henat io szsz aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
      } catch (const hyph::Error& e) {
        CHECK_MESSAGE(e.code() == hyph::ErrorCode::bad_format, "byte " << at << ": " << e.what());
      }
    }
  }
  MESSAGE(loaded << " damaged files still loaded (and hyphenated without a fault)");
}

TEST_CASE("dic compiled: damaged records of a large automaton (outside the checksum) load and hyphenate without a fault") {
  // German's second level has no full table: the walk reads its records, which the loader
  // neither checks nor checksums. Damage them (words set to huge offsets, to offsets of
  // their own, to dense and resolved marks, to random values), concentrated on the first
  // records (the shallow states every word passes) and spread over the rest: every load must
  // succeed and every word hyphenate, in bounds (ASan) and without looping.
  const std::string bytes = compiled_bytes(hyph::Hyphenator::load_dic(kData + "hyph_de_DE.dic"));
  const std::size_t entry = 64 + (5 + 6 + 1) * 24;  // L1ND in the section table
  REQUIRE(std::string_view(bytes.data() + entry, 4) == "L1ND");
  std::uint64_t offset = 0, length = 0;
  std::memcpy(&offset, bytes.data() + entry + 8, 8);
  std::memcpy(&length, bytes.data() + entry + 16, 8);
  REQUIRE(length > 4096 * 4);
  const std::size_t words = length / 4;
  const std::vector<std::string> text{"Silbentrennung", "Donaudampfschifffahrtsgesellschaftskapitän", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                                      "Schiffahrt", "übermäßig", "Zwischenüberschrift", "abcdefghijklmnopqrstuvwxyzäöüß", "x"};
  std::uint64_t state = 0x9E3779B97F4A7C15ull;
  auto next = [&] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  for (int round = 0; round < 120; ++round) {
    std::string damaged = bytes;
    for (int k = 0; k < 64; ++k) {
      const std::size_t word = (round % 2 == 0 ? next() % 4096 : next() % words);
      std::uint32_t value = 0;
      switch (next() % 6) {
        case 0: value = 0xFFFFFFFFu; break;
        case 1: value = static_cast<std::uint32_t>(word); break;  // a record pointing at itself
        case 2: value = 0x80000000u | static_cast<std::uint32_t>(next() % 300); break;
        case 3: value = 0xC0000000u; break;
        case 4: value = static_cast<std::uint32_t>(next() % words); break;
        default: value = static_cast<std::uint32_t>(next()); break;
      }
      std::memcpy(damaged.data() + offset + 4 * word, &value, 4);
    }
    const hyph::Hyphenator h = load_bytes(damaged);
    for (const std::string& w : text) (void)h.hyphenated_spelling(w);
  }
}
