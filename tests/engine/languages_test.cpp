// The language registry: where pattern files are found, what their metadata says, tags.
#include "test_support.h"
#include "../common/temp_dir.h"

#include <hyph/languages.h>

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace {

using test::TempDir;

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

std::string header(const std::string& name, const std::string& mins) {
  return "% title: Test patterns\n% language:\n%     name: " + name + "\n%     tag: xx\n% hyphenmins:\n" + mins +
         "% texlive:\n%     message: x\n\\patterns{\n}\n";
}

hyph::LanguageSearch only(std::vector<fs::path> dirs) {
  hyph::LanguageSearch s;
  s.directories = std::move(dirs);
  s.environment = false;
  s.system = false;
  return s;
}

std::string error_of(const std::string& tag, const hyph::LanguageSearch& search) {
  try {
    hyph::find_language(tag, search);
  } catch (const hyph::Error& e) {
    CHECK(e.code() == hyph::ErrorCode::unknown_language);
    return e.what();
  }
  FAIL("no error for " << tag);
  return "";
}

}  // namespace

TEST_CASE("hyph-utf8's layout, a flat folder and a TeX tree are all found") {
  TempDir t;
  write(t.path() / "a" / "txt" / "hyph-aa.pat.txt", "a1b\n");
  write(t.path() / "a" / "tex" / "hyph-aa.tex", header("Aa", "%     typesetting:\n%         left: 1\n%         right: 1\n"));
  write(t.path() / "b" / "hyph-bb.pat.txt", "b1c\n");
  write(t.path() / "b" / "hyph-bb.hyp.txt", "c-c\n");
  write(t.path() / "b" / "hyph-bb.tex", header("Bb", "%     typesetting:\n%         left: 3\n%         right: 4\n"));
  write(t.path() / "c" / "tex" / "generic" / "hyph-utf8" / "patterns" / "txt" / "hyph-cc.pat.txt", "c1d\n");
  const auto search = only({t.path() / "a", t.path() / "b", t.path() / "c"});
  const auto all = hyph::list_languages(search);
  REQUIRE(all.size() == 4);
  CHECK(all[1].tag == "aa");
  CHECK(all[1].name == "Aa");
  CHECK(all[1].mins.left == 1);
  CHECK(all[1].mins.right == 1);
  CHECK(all[1].metadata == t.path() / "a" / "tex" / "hyph-aa.tex");
  CHECK(all[2].tag == "bb");
  CHECK(all[2].exceptions == t.path() / "b" / "hyph-bb.hyp.txt");
  CHECK(all[2].mins.left == 3);
  CHECK(all[2].mins.right == 4);
  CHECK(all[3].tag == "cc");
  CHECK(all[3].name == "cc");               // no .tex: the tag stands for the name
  CHECK(!all[3].mins_from_metadata);        // and TeX's plain minimums are used
  CHECK(all[3].mins.left == 2);
  CHECK(all[3].mins.right == 3);

  const auto bb = hyph::load_language("bb", {}, {}, search);
  CHECK(bb.mins().left == 3);
  CHECK(bb.mins().right == 4);
  CHECK(bb.letters() == hyph::LetterPolicy::unicode);
  CHECK(bb.exception_count() == 1);
  hyph::Settings s;
  s.left_min = 1;
  s.letters = hyph::LetterPolicy::pattern_letters;
  const auto bb1 = hyph::load_language("bb", s, {}, search);
  CHECK(bb1.mins().left == 1);   // the caller's value wins
  CHECK(bb1.mins().right == 4);  // the language's where the caller has none
  CHECK(bb1.letters() == hyph::LetterPolicy::pattern_letters);
  const auto extra = std::vector{test::memory("x.hyp.txt", "bbbb-bbbb\n")};
  CHECK(hyph::load_language("bb", {}, extra, search).exception_count() == 2);
}

TEST_CASE("minimums: typesetting values, else generation values, each on its own") {
  TempDir t;
  write(t.path() / "hyph-gg.pat.txt", "a1b\n");
  write(t.path() / "hyph-gg.tex", header("Gg", "%     generation:\n%         left: 1\n%         right: 1\n"));
  write(t.path() / "hyph-hh.pat.txt", "a1b\n");
  write(t.path() / "hyph-hh.tex", header("Hh", "%     generation:\n%         left: 1\n%         right: 1\n"
                                             "%     typesetting:\n%         right: 3\n"));
  const auto search = only({t.path()});
  CHECK(hyph::find_language("gg", search).mins.left == 1);
  CHECK(hyph::find_language("gg", search).mins.right == 1);
  CHECK(hyph::find_language("hh", search).mins.left == 1);
  CHECK(hyph::find_language("hh", search).mins.right == 3);
  CHECK(hyph::find_language("hh", search).mins_from_metadata);
}

TEST_CASE("the first folder with a tag wins; HYPH_PATTERNS_DIR comes after the caller's") {
  TempDir t;
  write(t.path() / "one" / "hyph-xx.pat.txt", "a1b\n");
  write(t.path() / "two" / "hyph-xx.pat.txt", "b1a\n");
  write(t.path() / "two" / "hyph-yy.pat.txt", "b1a\n");
  CHECK(hyph::find_language("xx", only({t.path() / "one", t.path() / "two"})).patterns == t.path() / "one" / "hyph-xx.pat.txt");
  CHECK(hyph::find_language("xx", only({t.path() / "two", t.path() / "one"})).patterns == t.path() / "two" / "hyph-xx.pat.txt");

  const std::string env = (t.path() / "missing").string() + ":" + (t.path() / "two").string();
  REQUIRE(setenv("HYPH_PATTERNS_DIR", env.c_str(), 1) == 0);
  hyph::LanguageSearch search = only({t.path() / "one"});
  search.environment = true;
  CHECK(hyph::pattern_directories(search) == std::vector<fs::path>{t.path() / "one", t.path() / "two"});
  CHECK(hyph::find_language("xx", search).patterns == t.path() / "one" / "hyph-xx.pat.txt");
  CHECK(hyph::find_language("yy", search).patterns == t.path() / "two" / "hyph-yy.pat.txt");
  unsetenv("HYPH_PATTERNS_DIR");
}

TEST_CASE("HYPH_NO_SYSTEM_DIRS leaves out TeX Live's trees and /usr/share/hyphen") {
  TempDir t;
  write(t.path() / "hyph-xx.pat.txt", "a1b\n");
  write(t.path() / "hyph_xx_YY.dic", "UTF-8\na1b\n");
  unsetenv("HYPH_PATTERNS_DIR");  // the environment's folders are not this test's
  unsetenv("HYPH_DICTIONARIES");
  hyph::LanguageSearch search;  // the caller's folder, the environment and the system
  search.directories = {t.path()};
  const auto with_system = hyph::pattern_directories(search);
  REQUIRE(setenv("HYPH_NO_SYSTEM_DIRS", "", 1) == 0);  // empty: as if unset
  CHECK(hyph::pattern_directories(search) == with_system);

  REQUIRE(setenv("HYPH_NO_SYSTEM_DIRS", "1", 1) == 0);
  CHECK(hyph::pattern_directories(search) == std::vector<fs::path>{t.path()});
  const auto all = hyph::list_languages(search);
  REQUIRE(all.size() == 3);
  CHECK(all[0].tag == "en-us");
  CHECK(all[1].tag == "xx");
  CHECK(all[2].tag == "hyphen:xx_YY");
  const std::string error = error_of("zz", search);
  CHECK(error.find("HYPH_NO_SYSTEM_DIRS is set") != std::string::npos);
  // A search that ignores the environment ignores this variable too.
  hyph::LanguageSearch no_environment = search;
  no_environment.environment = false;
  const auto ignoring = hyph::pattern_directories(no_environment);
  unsetenv("HYPH_NO_SYSTEM_DIRS");
  CHECK(ignoring == hyph::pattern_directories(no_environment));
  CHECK(hyph::pattern_directories(search) == with_system);
}

TEST_CASE("en-us is the embedded plain TeX; hyph-utf8's en-us is hyph-utf8:en-us") {
  TempDir t;
  write(t.path() / "hyph-en-us.pat.txt", "a1b\n");
  write(t.path() / "hyph-en-us.tex", header("English (United States)", "%     typesetting:\n%         left: 2\n%         right: 3\n"));
  const auto search = only({t.path()});
  const auto all = hyph::list_languages(search);
  REQUIRE(all.size() == 2);
  CHECK(all[0].tag == "en-us");
  CHECK(all[0].embedded);
  CHECK(all[1].tag == "hyph-utf8:en-us");
  CHECK(!all[1].embedded);
  for (const char* tag : {"en-us", "en", "EN_US", "En-Us"}) {
    CHECK(hyph::find_language(tag, search).embedded);
    CHECK(hyph::load_language(tag, {}, {}, search).hyphenated("hyphenation") == "hy-phen-ation");
  }
  CHECK(hyph::find_language("hyph-utf8:en-us", search).patterns == t.path() / "hyph-en-us.pat.txt");
  CHECK(hyph::load_language("hyph-utf8:en-us", {}, {}, search).hyphenated("ababab") == "aba-bab");
  CHECK(hyph::Hyphenator::language("en-us").hyphenated("hyphenation") == "hy-phen-ation");
  CHECK(hyph::Hyphenator::language("en-us").letters() == hyph::LetterPolicy::pattern_letters);
}

TEST_CASE("a folder named to the search must be a folder") {
  TempDir t;
  write(t.path() / "hyph-de-1996.pat.txt", "a1b\n");
  const auto missing = only({t.path(), t.path() / "nope"});
  const auto file = only({t.path() / "hyph-de-1996.pat.txt"});
  CHECK_THROWS_WITH_AS(hyph::pattern_directories(missing), ((t.path() / "nope").string() + ": no such folder (named as a folder of patterns to search)").c_str(), hyph::Error);
  CHECK_THROWS_WITH_AS(hyph::list_languages(file), ((t.path() / "hyph-de-1996.pat.txt").string() + ": not a folder (named as a folder of patterns to search)").c_str(), hyph::Error);
  CHECK_THROWS_AS(hyph::find_language("de-1996", missing), hyph::Error);
  CHECK_THROWS_AS(hyph::load_language("en-us", {}, {}, missing), hyph::Error);  // the embedded language too
  try {
    hyph::load_language("de-1996", {}, {}, missing);
  } catch (const hyph::Error& e) {
    CHECK(e.code() == hyph::ErrorCode::io);
  }
  // HYPH_PATTERNS_DIR's missing entries are skipped, as PATH's are.
  ::setenv("HYPH_PATTERNS_DIR", ("/nonexistent:" + t.path().string()).c_str(), 1);
  hyph::LanguageSearch from_environment;
  from_environment.system = false;
  CHECK(hyph::find_language("de-1996", from_environment).patterns == t.path() / "hyph-de-1996.pat.txt");
  ::unsetenv("HYPH_PATTERNS_DIR");
}

TEST_CASE("a language loaded by tag reports that tag and its name") {
  TempDir t;
  write(t.path() / "hyph-de-1996.pat.txt", "a1b\n");
  write(t.path() / "hyph-de-1996.tex", header("German, reformed spelling", ""));
  const auto search = only({t.path()});
  for (const char* asked : {"de-1996", "DE_1996", "hyph-utf8:de-1996"}) {
    const hyph::Hyphenator h = hyph::load_language(asked, {}, {}, search);
    CHECK(h.tag() == "de-1996");
    CHECK(h.name() == "German, reformed spelling");
  }
  // The embedded English, by either tag, with or without extra sources.
  CHECK(hyph::Hyphenator::language("en").tag() == "en-us");
  const hyph::Source extra{"extra.hyp.txt", "ta-ble\n", hyph::SourceFormat::detect};
  CHECK(hyph::Hyphenator::language("en-us", {}, {&extra, 1}).tag() == "en-us");
  // Copies share the labels; loads not by tag have none.
  const hyph::Hyphenator copy = hyph::load_language("de-1996", {}, {}, search);
  CHECK(hyph::Hyphenator(copy).tag() == "de-1996");
  const hyph::Source patterns{"p.pat.txt", "a1b\n", hyph::SourceFormat::detect};
  CHECK(hyph::Hyphenator::load({&patterns, 1}).tag().empty());
}

TEST_CASE("an unknown tag: the error names near matches") {
  TempDir t;
  for (const char* tag : {"de-1901", "de-1996", "de-ch-1901", "fr", "fur", "el-monoton"})
    write(t.path() / (std::string("hyph-") + tag + ".pat.txt"), "a1b\n");
  write(t.path() / "hyph-de-1996.tex", header("German, reformed spelling", ""));
  write(t.path() / "hyph-de-1901.tex", header("German, traditional spelling", ""));
  const auto search = only({t.path()});
  CHECK(error_of("de", search).find("did you mean de-1901, de-1996, de-ch-1901?") != std::string::npos);
  CHECK(error_of("de-1997", search).find("de-1996") != std::string::npos);
  CHECK(error_of("frr", search).find("did you mean fr, fur?") != std::string::npos);
  CHECK(error_of("german", search).find("de-1901, de-1996") != std::string::npos);
  CHECK(error_of("el", search).find("el-monoton") != std::string::npos);
  CHECK(error_of("qqqqqq", search).find("unknown language 'qqqqqq' (7 languages available") != std::string::npos);
  CHECK(error_of("qqqqqq", search).find("--") == std::string::npos);  // no option of some other front end
}

TEST_CASE("no hyph-utf8 patterns at all: the error says where it looked and what to do") {
  TempDir t;
  const std::string message = error_of("de-1996", only({t.path()}));
  CHECK(message.find("Only the embedded en-us is available") != std::string::npos);
  CHECK(message.find(t.path().string()) != std::string::npos);
  // It names what every front end has (HYPH_PATTERNS_DIR), no command-line option.
  CHECK(message.find("HYPH_PATTERNS_DIR") != std::string::npos);
  CHECK(message.find("--") == std::string::npos);
}
