// hyph::UserDictionary: words added and removed at run time answer exactly as TeX does with
// them in a \hyphenation after the language's exceptions, for every filter kind; the shared
// Hyphenator is never changed.
#include "test_support.h"

#include "../common/lines.h"
#include "engine/model.h"
#include "patterns/readers.h"
#include "base/utf8.h"

#include <hyph/user_dictionary.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <random>

namespace {

const std::string kData = HYPH_SOURCE_DIR "/tests/data/";

// Every filter kind this build knows.
std::vector<hyph::FilterKind> all_kinds() {
  const auto kinds = hyph::filter_kinds();
  return {kinds.begin(), kinds.end()};
}

// A source's exceptions as \hyphenation writes them: "hy-phen-ation".
std::vector<std::string> words_of(const hyph::Source& source) {
  std::vector<std::string> out;
  for (const auto& e : hyph::patterns::read_source(source).exceptions) {
    std::u32string text;
    for (std::size_t i = 0; i <= e.letters.size(); ++i) {
      if ((e.breaks >> i) & 1) text.push_back(U'-');
      if (i < e.letters.size()) text.push_back(e.letters[i]);
    }
    out.push_back(hyph::utf8::encode(text));
  }
  return out;
}

std::u32string decode_all(const std::string& s) {
  std::u32string out;
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const auto* const end = p + s.size();
  while (p < end) {
    const auto d = hyph::utf8::decode(p, end);
    out.push_back(d.cp);
    p += d.length;
  }
  return out;
}

const std::vector<std::string>& hyphenex_words() {
  static const auto words = words_of(hyph::Source::file(HYPH_SOURCE_DIR "/patterns/data/ushyphex.tex"));
  return words;
}

// Lines of `words` whose hyphenation by `dict` differs from `expected` (reports the first few).
std::size_t differences(const hyph::UserDictionary& dict, const std::vector<std::string>& words,
                        const std::vector<std::string>& expected) {
  REQUIRE(words.size() == expected.size());
  std::size_t n = 0;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string got = dict.hyphenated(words[i]);
    if (got != expected[i] && ++n <= 5) FAIL_CHECK("line " << i + 1 << ": expected " << expected[i] << ", got " << got);
  }
  return n;
}

// The same words loaded as an exception source after the language's: TeX's reading.
hyph::Hyphenator loaded_with(const std::vector<std::string>& words) {
  std::string text;
  for (const auto& w : words) text += w + "\n";
  const hyph::Source source{"user.hyp.txt", text, hyph::SourceFormat::exception_list};
  return hyph::Hyphenator::english({}, std::span(&source, 1));
}

}  // namespace

TEST_CASE("user dictionary: hyphenex added at run time gives TeX's answers, for every filter") {
  const auto words = test::read_lines(kData + "en-us.words");
  const auto tex_hyphenex = test::read_lines(kData + "en-us.hyphenex.expected");
  const auto tex_plain = test::read_lines(kData + "en-us.plain.expected");
  for (const hyph::FilterKind kind : all_kinds()) {
    CAPTURE(to_string(kind));
    hyph::UserDictionary dict(test::plain(), {kind, 0.05});
    for (const auto& w : hyphenex_words()) dict.add(w);
    CHECK(dict.size() == hyphenex_words().size());
    CHECK(differences(dict, words, tex_hyphenex) == 0);
    const hyph::FilterDescription d = dict.filter();
    CHECK(d.name == to_string(kind));
    CHECK(d.keys == dict.size());
    if (kind != hyph::FilterKind::exact) CHECK(dict.counters().store_probes < dict.counters().queries / 5);
    // The Hyphenator it shares is unchanged.
    CHECK(test::plain().hyphenated("associate hyphenation") == "as-so-ciate hy-phen-ation");
    CHECK(test::plain().exception_count() == 14);

    // Removing every word, in a random order, gives plain TeX back.
    auto order = hyphenex_words();
    std::shuffle(order.begin(), order.end(), std::mt19937(static_cast<unsigned>(kind)));
    for (const auto& w : order) REQUIRE(dict.remove(w));
    CHECK(dict.size() == 0);
    CHECK(differences(dict, words, tex_plain) == 0);
  }
}

TEST_CASE("user dictionary: interleaved adds, replacements and removals match a reload with the same words") {
  const auto all = test::read_lines(kData + "en-us.words");
  std::vector<std::string> sample;
  for (std::size_t i = 0; i < all.size(); i += 13) sample.push_back(all[i]);
  // Words to play with: hyphenex's, and the same words with other breaks (a replacement).
  const auto& base = hyphenex_words();
  auto variant = [](const std::string& w) {
    std::string v;
    for (char c : w)
      if (c != '-') v.push_back(c);
    return v.size() > 5 ? v.substr(0, 3) + "-" + v.substr(3) : v;
  };
  for (const hyph::FilterKind kind : all_kinds()) {
    CAPTURE(to_string(kind));
    hyph::UserDictionary dict(test::plain(), {kind, 0.1});
    std::map<std::string, std::string> current;  // key -> hyphenated form, for the reference
    std::vector<std::string> order;              // the order of the latest adds
    std::mt19937 rng(7);
    for (int op = 1; op <= 3000; ++op) {
      const std::string& w = base[rng() % base.size()];
      std::string key = variant(w);
      key.erase(std::remove(key.begin(), key.end(), '-'), key.end());
      const unsigned r = rng() % 10;
      if (r < 4) {
        CHECK(dict.add(w) == !current.contains(key));
        current[key] = w;
      } else if (r < 6) {
        const std::string v = variant(w);
        CHECK(dict.add(v) == !current.contains(key));
        current[key] = v;
      } else {
        CHECK(dict.remove(key) == current.contains(key));
        current.erase(key);
      }
      if (op % 1000 == 0) {
        CAPTURE(op);
        REQUIRE(dict.size() == current.size());
        std::vector<std::string> now;
        for (const auto& [k, v] : current) now.push_back(v);
        const hyph::Hyphenator reference = loaded_with(now);
        std::vector<std::string> expected;
        for (const auto& s : sample) expected.push_back(reference.hyphenated(s));
        std::vector<std::string> probes;  // the dictionary's own words, in the text
        for (const auto& [k, v] : current) probes.push_back(k);
        std::vector<std::string> expected_probes;
        for (const auto& p : probes) expected_probes.push_back(reference.hyphenated(p));
        CHECK(differences(dict, sample, expected) == 0);
        CHECK(differences(dict, probes, expected_probes) == 0);
      }
    }
  }
}

TEST_CASE("user dictionary: words replace the language's exceptions and patterns, and go away again") {
  hyph::UserDictionary dict(test::plain());
  CHECK(dict.hyphenated("associate") == "as-so-ciate");  // hyphen.tex's own exception
  CHECK(dict.add("asso-ciate"));
  CHECK(dict.hyphenated("associate Associate") == "asso-ciate Asso-ciate");
  CHECK_FALSE(dict.add("as-soci-ate"));  // a replacement, not a new word
  CHECK(dict.hyphenated("associate") == "as-soci-ate");
  CHECK(dict.add("table"));  // no break at all
  CHECK(dict.hyphenated("table tables") == "table ta-bles");
  CHECK(dict.remove("associate"));
  CHECK_FALSE(dict.remove("associate"));
  CHECK(dict.hyphenated("associate table") == "as-so-ciate table");
  CHECK(dict.remove("ta-ble"));  // hyphens in a word to remove are ignored
  CHECK(dict.hyphenated("table") == "ta-ble");
  CHECK(dict.size() == 0);
}

TEST_CASE("user dictionary: case, limits and words it cannot hold") {
  hyph::UserDictionary dict(test::plain());
  CHECK(dict.add("Ta-Ble"));
  CHECK(dict.find("TABLE") == std::optional<std::string>("ta-ble"));
  CHECK(dict.contains("table"));
  CHECK_FALSE(dict.contains("chair"));
  CHECK(dict.hyphenated("Table TABLE table") == "Ta-ble TA-BLE ta-ble");
  // TeX reads at most 63 letters of an exception; so does a word here.
  const std::string long_word = std::string(30, 'a') + "-" + std::string(40, 'b');
  CHECK(dict.add(long_word));
  CHECK(dict.find(std::string(30, 'a') + std::string(33, 'b')) == std::string(30, 'a') + "-" + std::string(33, 'b'));
  auto code_of = [&](std::string_view w) {
    try {
      dict.add(w);
    } catch (const hyph::Error& e) {
      return e.code();
    }
    return hyph::ErrorCode::ok;
  };
  CHECK(code_of("") == hyph::ErrorCode::invalid_argument);
  CHECK(code_of("---") == hyph::ErrorCode::invalid_argument);
  CHECK(code_of("ta-b1e") == hyph::ErrorCode::invalid_argument);
  CHECK(code_of("ta ble") == hyph::ErrorCode::invalid_argument);
  CHECK(code_of("na\xC3\xAFve") == hyph::ErrorCode::invalid_argument);  // ï: not a letter of plain TeX's English
  CHECK(code_of("ta\xC3") == hyph::ErrorCode::bad_utf8);
  CHECK(dict.size() == 2);
  try {
    dict.add("na\xC3\xAFve");
  } catch (const hyph::Error& e) {
    CHECK(std::string(e.what()).find("U+00EF") != std::string::npos);
  }
  bool threw = false;
  try {
    hyph::UserDictionary bad(test::plain(), {hyph::FilterKind::bloom, 1.5});
  } catch (const hyph::Error& e) {
    threw = e.code() == hyph::ErrorCode::invalid_argument;
  }
  CHECK(threw);
}

TEST_CASE("user dictionary: static filters are rebuilt lazily, mutable ones updated in place") {
  const auto& words = hyphenex_words();
  SUBCASE("fuse: one rebuild per batch of changes, at the next lookup") {
    hyph::UserDictionary dict(test::plain(), {hyph::FilterKind::fuse, 0.01});
    for (std::size_t i = 0; i < 100; ++i) dict.add(words[i]);
    CHECK(dict.rebuilds() == 0);
    CHECK(dict.hyphenated("hyphenation") == "hy-phen-ation");
    CHECK(dict.rebuilds() == 1);
    CHECK(dict.hyphenated("hyphenation") == "hy-phen-ation");
    CHECK(dict.rebuilds() == 1);
    dict.add(words[100]);
    dict.remove(words[0]);
    CHECK(dict.rebuilds() == 1);
    CHECK(dict.filter().keys == 100);
    CHECK(dict.rebuilds() == 2);
  }
  SUBCASE("cuckoo: inserts and erases in place; a rebuild only each time the words double") {
    hyph::UserDictionary dict(test::plain(), {hyph::FilterKind::cuckoo, 0.01});
    for (const auto& w : words) dict.add(w);
    CHECK(dict.rebuilds() <= 8);  // 1, then past 64, 128, ..., 2048 words
    CHECK(dict.filter().name == "cuckoo");
    const auto before = dict.rebuilds();
    for (std::size_t i = 0; i < 500; ++i) dict.remove(words[i]);
    CHECK(dict.rebuilds() == before);
    CHECK(dict.filter().keys == words.size() - 500);
    for (std::size_t i = 500; i < words.size(); ++i) dict.remove(words[i]);
    CHECK(dict.size() == 0);
    CHECK(dict.hyphenated("hyphenation") == "hy-phen-ation");
    dict.clear();
    CHECK(dict.size() == 0);
  }
  SUBCASE("mutable kinds: words added one by one stay within the rate asked for") {
    // Each rebuild sizes the filter for twice the words, so inserts never push it past its
    // design load (a quotient filter would otherwise double and give up a remainder bit).
    for (const auto kind : {hyph::FilterKind::cuckoo, hyph::FilterKind::counting_bloom, hyph::FilterKind::hash_compaction,
                            hyph::FilterKind::quotient, hyph::FilterKind::counting_quotient}) {
      CAPTURE(hyph::to_string(kind));
      hyph::UserDictionary dict(test::plain(), {kind, 0.01});
      for (std::size_t i = 0; i < words.size(); ++i) {
        dict.add(words[i]);
        if (i % 97 == 0 || i + 1 == words.size()) {
          const hyph::FilterDescription d = dict.filter();
          CHECK(d.keys == i + 1);
          CHECK(d.expected_fp_rate <= 0.01);
        }
      }
    }
  }
  SUBCASE("exact: no filter") {
    hyph::UserDictionary dict(test::plain());
    for (std::size_t i = 0; i < 10; ++i) dict.add(words[i]);
    CHECK(dict.rebuilds() == 0);
    dict.hyphenated("one two three hyphenation");
    CHECK(dict.counters().store_probes == dict.counters().queries);
    CHECK(dict.filter().name == "exact");
  }
}

TEST_CASE("user dictionary: two dictionaries over one Hyphenator are independent") {
  const hyph::Hyphenator h = test::plain();
  hyph::UserDictionary a(h), b(h, {hyph::FilterKind::cuckoo, 0.01});
  a.add("hyphena-tion");
  b.add("hyphenation");
  CHECK(a.hyphenated("hyphenation") == "hyphena-tion");
  CHECK(b.hyphenated("hyphenation") == "hyphenation");
  CHECK(h.hyphenated("hyphenation") == "hy-phen-ation");
  hyph::UserDictionary moved = std::move(a);
  CHECK(moved.hyphenated("hyphenation") == "hyphena-tion");
}

TEST_CASE("user dictionary: Unicode letters (German, reformed spelling)") {
  hyph::Settings settings;
  settings.letters = hyph::LetterPolicy::unicode;
  settings.left_min = 2;
  settings.right_min = 2;
  const hyph::Source patterns = hyph::Source::file(HYPH_SOURCE_DIR "/patterns/data/hyph-utf8/txt/hyph-de-1996.pat.txt");
  const hyph::Hyphenator de = hyph::Hyphenator::load(std::span(&patterns, 1), settings);
  // Every 7th word of the German list, with a break after every second letter.
  std::vector<std::string> chosen, text;
  for (const auto& w : test::read_lines(kData + "de-1996.words")) {
    const std::u32string letters = decode_all(w);
    bool usable = letters.size() >= 4;
    const auto& alphabet = hyph::detail::model_of(de).alphabet;
    for (char32_t c : letters) usable = usable && alphabet.classify(c) && alphabet.classify(c).symbol != alphabet.other_letter();
    text.push_back(w);
    if (!usable || text.size() % 7 != 0) continue;
    std::u32string h;
    for (std::size_t i = 0; i < letters.size(); ++i) {
      if (i > 0 && i % 2 == 0) h.push_back(U'-');
      h.push_back(letters[i]);
    }
    chosen.push_back(hyph::utf8::encode(h));
  }
  REQUIRE(chosen.size() > 1000);
  hyph::UserDictionary dict(de, {hyph::FilterKind::cuckoo, 0.01});
  for (const auto& w : chosen) dict.add(w);
  std::string source_text;
  for (const auto& w : chosen) source_text += w + "\n";
  const hyph::Source extra{"user.hyp.txt", source_text, hyph::SourceFormat::exception_list};
  std::vector<hyph::Source> sources{patterns, extra};
  const hyph::Hyphenator reference = hyph::Hyphenator::load(sources, settings);
  std::vector<std::string> expected;
  for (const auto& w : text) expected.push_back(reference.hyphenated(w));
  CHECK(differences(dict, text, expected) == 0);
  CHECK(dict.hyphenated("Straße") == reference.hyphenated("Straße"));
  // A letter German's patterns never use cannot be matched, so it cannot be added.
  CHECK_THROWS_AS(dict.add("s\xC3\xB8-ster"), hyph::Error);  // ø
}

TEST_CASE("user dictionary: libhyphen's dialect (a .dic dictionary)") {
  const std::string dics = HYPH_SOURCE_DIR "/patterns/data/dic/";
  const hyph::Hyphenator en = hyph::Hyphenator::load_dic(dics + "hyph_en_US.dic");
  for (const hyph::FilterKind kind : all_kinds()) {
    CAPTURE(hyph::to_string(kind));
    hyph::UserDictionary dict(en, {kind, 0.01});
    CHECK(dict.hyphenated("hyphenation table") == en.hyphenated("hyphenation table"));
    CHECK(dict.add("hyphena-tion"));
    CHECK(dict.add("ta-ble"));
    // The word is found in any case; its breaks replace the dictionary's, the others stay.
    CHECK(dict.hyphenated("Hyphenation, TABLE and hyphenation.") == "Hyphena-tion, TA-BLE and hyphena-tion.");
    CHECK(dict.hyphenated("dictionary") == en.hyphenated("dictionary"));
    CHECK(dict.find("HYPHENATION") == "hyphena-tion");
    CHECK_FALSE(dict.add("Hyphenatio-n"));  // replaces the word
    CHECK(dict.hyphenated("hyphenation") == "hyphenatio-n");
    CHECK(dict.remove("hyphenation"));
    CHECK(dict.hyphenated("hyphenation") == en.hyphenated("hyphenation"));
    // A word without breaks is not hyphenated at all.
    CHECK(dict.add("dictionary"));
    CHECK(dict.hyphenated("dictionary") == "dictionary");
  }
  // Unicode letters, lowercased as the dialect lowercases words (ICU's simple mapping).
  const hyph::Hyphenator hu = hyph::Hyphenator::load_dic(dics + "hyph_hu_HU.dic");
  hyph::UserDictionary dict(hu);
  CHECK(dict.add("MÉR-NÖKSÉG"));
  CHECK(dict.hyphenated("a mérnökség és Mérnökség") == "a mér-nökség és Mér-nökség");
  CHECK(dict.hyphenated("kulissza") == hu.hyphenated("kulissza"));
  // What is not a character of the dictionary's words, or too long a word, cannot be added.
  CHECK_THROWS_AS(dict.add("ab1-cd"), hyph::Error);
  CHECK_THROWS_AS(dict.add(std::string(201, 'a')), hyph::Error);
  CHECK_THROWS_AS(dict.add("--"), hyph::Error);
  // Up to 200 characters are held; breaks after the 63rd character cannot be marked.
  // (Built by append: GCC 12 warns of a bogus overlap in "a-" + std::string(...) at -O3.)
  const std::string long_word = std::string("a-").append(198, 'b');
  CHECK(dict.add(long_word));
  CHECK(dict.find(std::string("a").append(198, 'b')) == long_word);
  CHECK(dict.add(std::string(70, 'c').append("-c")));
  CHECK(dict.find(std::string(71, 'c')) == std::string(71, 'c'));
}
