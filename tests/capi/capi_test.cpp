// The C API from C++: loading, settings, errors with their location, snprintf-style buffers,
// and TeX's golden answers through the C entry points.
#include "support.h"
#include "../common/lines.h"

#include <hyph/hyphenator.h>

#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using capi::Loaded;

namespace {

std::string data(const std::string& name) { return HYPH_SOURCE_DIR "/tests/data/" + name; }

// TeX's answers (tests/data) through hyph_hyphenated, line by line.
void compare_golden(const hyph_hyphenator* h, const std::string& expected) {
  const auto in = test::read_lines(data("edge-cases.words"));
  const auto want = test::read_lines(data(expected));
  REQUIRE(in.size() == want.size());
  std::size_t differences = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    const std::string got = capi::hyphenated(h, in[i]);
    if (got != want[i] && ++differences <= 10) FAIL_CHECK(expected << " line " << i + 1 << ": TeX " << want[i] << " | C API " << got);
  }
  CHECK(differences == 0);
}

// A temporary directory removed at the end of the test.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    path = std::filesystem::temp_directory_path() / ("hyph-capi-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++));
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  std::string write(const std::string& name, const std::string& text) const {
    const auto p = path / name;
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
  }
  static int& counter() {
    static int n = 0;
    return n;
  }
};

// Expects a load to fail with `status`; returns its error's fields for further checks.
struct Failure {
  hyph_status status;
  std::string message, file;
  std::size_t line, column;
};

template <class Load>
Failure expect_failure(hyph_status status, Load&& load) {
  hyph_hyphenator* h = reinterpret_cast<hyph_hyphenator*>(&h);  // must come back NULL
  hyph_error* e = reinterpret_cast<hyph_error*>(&e);            // must come back set
  const hyph_status got = load(&h, &e);
  CHECK(got == status);
  CHECK(h == nullptr);
  REQUIRE(e != nullptr);
  REQUIRE(e->message != nullptr);
  REQUIRE(e->file != nullptr);
  CHECK(e->code == got);
  Failure f{e->code, e->message, e->file, e->line, e->column};
  hyph_error_free(e);
  // The same without an error wanted: same status, nothing to free.
  hyph_hyphenator* again = nullptr;
  CHECK(load(&again, nullptr) == status);
  CHECK(again == nullptr);
  return f;
}

Failure sources_failure(hyph_status status, std::vector<hyph_source> sources, const hyph_options* s = nullptr) {
  return expect_failure(status, [&](hyph_hyphenator** h, hyph_error** e) {
    return hyph_load_sources(sources.data(), sources.size(), s, h, e);
  });
}

Failure files_failure(hyph_status status, std::vector<const char*> files) {
  return expect_failure(status, [&](hyph_hyphenator** h, hyph_error** e) {
    return hyph_load_files(files.data(), files.size(), nullptr, h, e);
  });
}

}  // namespace

TEST_CASE("version") {
  CHECK(std::string(hyph_version()) == HYPH_VERSION_STRING);
  CHECK(std::string(HYPH_VERSION_STRING) == HYPH_PROJECT_VERSION);  // the header follows meson.build
  CHECK(hyph_version_number() == HYPH_VERSION_NUMBER);
  CHECK(std::to_string(HYPH_VERSION_MAJOR) + "." + std::to_string(HYPH_VERSION_MINOR) + "." +
            std::to_string(HYPH_VERSION_MICRO) == HYPH_VERSION_STRING);
}

TEST_CASE("status strings") {
  for (hyph_status s : {HYPH_OK, HYPH_ERROR_IO, HYPH_ERROR_PARSE, HYPH_ERROR_BAD_UTF8, HYPH_ERROR_UNKNOWN_LANGUAGE,
                        HYPH_ERROR_INVALID_ARGUMENT, HYPH_ERROR_BAD_FORMAT, HYPH_ERROR_CAPACITY,
                        HYPH_ERROR_OUT_OF_MEMORY, HYPH_ERROR_INTERNAL})
    CHECK(std::string(hyph_status_string(s)) != "unknown status");
  CHECK(std::string(hyph_status_string(HYPH_OK)) == "ok");
  CHECK(std::string(hyph_status_string(HYPH_ERROR_PARSE)) == "parse error");
}

TEST_CASE("embedded English") {
  Loaded h(capi::english());
  CHECK(hyph_left_min(h) == 2);
  CHECK(hyph_right_min(h) == 3);
  CHECK(hyph_uchyph(h) == 1);
  CHECK(hyph_letters(h) == HYPH_LETTERS_PATTERN);
  CHECK(hyph_pattern_count(h) == 4447);
  CHECK(hyph_exception_count(h) == 14);
  CHECK(capi::breaks8(h, "hyphenation") == std::vector<std::size_t>{2, 6});
  CHECK(capi::hyphenated(h, "Hyphenation of typeset paragraphs") == "Hy-phen-ation of type-set para-graphs");
  CHECK(capi::hyphenated(h, "hyphenation", nullptr) == "hy-phen-ation");  // NULL marker: "-"
  CHECK(capi::hyphenated(h, "hyphenation", "\xC2\xAD") == "hy\xC2\xADphen\xC2\xAD" "ation");
  CHECK(capi::hyphenated(h, "hyphenation", "") == "hyphenation");
  CHECK(capi::hyphenated(h, "") == "");
  CHECK(capi::hyphenated(h, "  \t\nhyphenation\r\n") == "  \t\nhy-phen-ation\r\n");
  // Any bytes, NUL included, come back unchanged around the markers.
  const std::string odd("\0hyphenation\xFF\xFE hyphenation\0", 27);
  CHECK(capi::hyphenated(h, odd) == std::string("\0hy-phen-ation\xFF\xFE hy-phen-ation\0", 31));
  CHECK(capi::breaks8(h, odd) == std::vector<std::size_t>{3, 7, 17, 21});
  // NULL text of length 0 is allowed everywhere.
  CHECK(hyph_hyphenate(h, nullptr, 0, nullptr, 0) == 0);
  CHECK(hyph_hyphenate_utf16(h, nullptr, 0, nullptr, 0) == 0);
  char out[4] = "xyz";
  CHECK(hyph_hyphenated(h, nullptr, 0, "-", out, sizeof out) == 0);
  CHECK(out[0] == '\0');
}

TEST_CASE("NULL handles are harmless") {
  hyph_free(nullptr);
  hyph_error_free(nullptr);
  CHECK(hyph_hyphenate(nullptr, "hyphenation", 11, nullptr, 0) == 0);
  CHECK(hyph_left_min(nullptr) == 0);
  CHECK(hyph_pattern_count(nullptr) == 0);
}

TEST_CASE("golden: TeX's answers through the C API, every setting") {
  SUBCASE("plain") {
    Loaded h(capi::english());
    compare_golden(h, "edge-cases.plain.expected");
  }
  SUBCASE("uchyph 0") {
    const hyph_options s = capi::settings(HYPH_MIN_DEFAULT, HYPH_MIN_DEFAULT, 0);
    Loaded h(capi::english(&s));
    CHECK(hyph_uchyph(h) == 0);
    compare_golden(h, "edge-cases.uchyph0.expected");
  }
  SUBCASE("minimums 1/1") {
    const hyph_options s = capi::settings(1, 1);
    Loaded h(capi::english(&s));
    compare_golden(h, "edge-cases.min11.expected");
  }
  SUBCASE("minimums 3/4") {
    const hyph_options s = capi::settings(3, 4);
    Loaded h(capi::english(&s));
    CHECK(hyph_left_min(h) == 3);
    CHECK(hyph_right_min(h) == 4);
    compare_golden(h, "edge-cases.min34.expected");
  }
  SUBCASE("hyphenex, every filter") {
    const std::string hyphenex = HYPH_SOURCE_DIR "/patterns/data/ushyphex.tex";
    for (int filter : {HYPH_FILTER_NONE, HYPH_FILTER_BLOOM, HYPH_FILTER_BLOCKED_BLOOM, HYPH_FILTER_CUCKOO, HYPH_FILTER_FUSE,
                       HYPH_FILTER_COUNTING_BLOOM, HYPH_FILTER_HASH_COMPACTION, HYPH_FILTER_SCALABLE_BLOOM,
                       HYPH_FILTER_QUOTIENT, HYPH_FILTER_COUNTING_QUOTIENT}) {
      CAPTURE(filter);
      hyph_options s = capi::settings();
      s.filter = filter;
      s.fp_rate = 0.05;
      Loaded h(capi::english(&s, {hyphenex.c_str()}));
      CHECK(hyph_exception_count(h) > 1700);
      compare_golden(h, "edge-cases.hyphenex.expected");
    }
  }
}

TEST_CASE("minimums: 0 acts as 1, negative is refused, and one side may stay the language's") {
  hyph_options s = capi::settings(0, 0);
  Loaded h(capi::english(&s));
  CHECK(hyph_left_min(h) == 1);
  CHECK(hyph_right_min(h) == 1);
  // As the command line and the C++ and Python APIs: a negative minimum is a mistake.
  for (const auto& [left, right] : {std::pair{-5, 2}, std::pair{2, -1}}) {
    s = capi::settings(left, right);
    const Failure f = expect_failure(HYPH_ERROR_INVALID_ARGUMENT, [&](hyph_hyphenator** out, hyph_error** e) {
      return hyph_load_english(nullptr, 0, &s, out, e);
    });
    CHECK(f.message == (left < 0 ? "left_min must not be negative (it is -5)" : "right_min must not be negative (it is -1)"));
    CHECK(sources_failure(HYPH_ERROR_INVALID_ARGUMENT, {capi::source("p.pat.txt", "a1b\n")}, &s).message == f.message);
  }
  s = capi::settings(HYPH_MIN_DEFAULT, 1);
  Loaded k(capi::english(&s));
  CHECK(hyph_left_min(k) == 2);
  CHECK(hyph_right_min(k) == 1);
  s = capi::settings(1000, HYPH_MIN_DEFAULT);
  Loaded m(capi::english(&s));
  CHECK(hyph_left_min(m) == 63);
  CHECK(hyph_right_min(m) == 3);
}

TEST_CASE("sources in memory, in every format") {
  const hyph_options s = capi::settings(1, 1);
  Loaded h(capi::from_sources({capi::source("p.pat.txt", "a1b\n"), capi::source("e.hyp.txt", "ab-c-d\n")}, &s));
  CHECK(hyph_pattern_count(h) == 1);
  CHECK(hyph_exception_count(h) == 1);
  CHECK(capi::hyphenated(h, "abab abcd") == "a-ba-b ab-c-d");
  // Explicit formats: names need not say anything.
  Loaded t(capi::from_sources({capi::source(nullptr, "1ba", HYPH_FORMAT_PATTERN_LIST),
                               capi::source("x", "abc-d", HYPH_FORMAT_EXCEPTION_LIST),
                               capi::source("y", "\\patterns{.a4b}", HYPH_FORMAT_TEX)},
                              &s));
  CHECK(hyph_pattern_count(t) == 2);
  CHECK(capi::hyphenated(t, "abab abcd") == "abab abc-d");
  // An empty source list gives a hyphenator that never breaks.
  Loaded none(capi::from_sources({}, nullptr));
  CHECK(hyph_pattern_count(none) == 0);
  CHECK(capi::hyphenated(none, "hyphenation") == "hyphenation");
}

TEST_CASE("files: detected formats, English plus extra exceptions") {
  TempDir dir;
  const std::string pat = dir.write("t.pat.txt", "a1b\n");
  const std::string hyp = dir.write("t.hyp.txt", "ab-cd\n");
  const std::string tex = dir.write("t.tex", "\\hyphenation{abc-d}\n");
  hyph_options s = capi::settings(1, 1);
  std::vector<const char*> files{pat.c_str(), hyp.c_str(), tex.c_str()};
  hyph_hyphenator* raw = nullptr;
  REQUIRE(hyph_load_files(files.data(), files.size(), &s, &raw, nullptr) == HYPH_OK);
  Loaded h(raw);
  CHECK(capi::hyphenated(h, "abab abcd") == "a-ba-b abc-d");  // the later exception wins

  Loaded e(capi::english(nullptr, {HYPH_SOURCE_DIR "/patterns/data/ushyphex.tex"}));
  CHECK(capi::hyphenated(e, "hyphenation algebraically") == "hy-phen-a-tion al-ge-bra-i-cally");
}

TEST_CASE("parse errors carry file, line and column") {
  Failure f = sources_failure(HYPH_ERROR_PARSE, {capi::source("bad.pat.txt", "ab\nc12d\n")});
  CHECK(f.message == "bad.pat.txt:2:3: Nonletter: two digits in a row in pattern");
  CHECK(f.file == "bad.pat.txt");
  CHECK(f.line == 2);
  CHECK(f.column == 3);

  f = sources_failure(HYPH_ERROR_BAD_UTF8, {capi::source("ok.pat.txt", "a1b"), capi::source("bad.pat.txt", "ab\nc\xC3(d\n")});
  CHECK(f.message == "bad.pat.txt:2:2: invalid UTF-8 (byte 0xC3)");
  CHECK(f.file == "bad.pat.txt");
  CHECK(f.line == 2);
  CHECK(f.column == 2);

  f = sources_failure(HYPH_ERROR_PARSE, {capi::source("bad.tex", "\\patterns a1b}")});
  CHECK(f.file == "bad.tex");
  CHECK(f.line == 1);
  CHECK(f.column == 11);

  // From a file: the file is the path given.
  TempDir dir;
  const std::string bad = dir.write("bad.tex", "\\patterns{a1b}\n\\hyphenation{ab{c}}\n");
  f = files_failure(HYPH_ERROR_PARSE, {bad.c_str()});
  CHECK(f.file == bad);
  CHECK(f.line == 2);
  CHECK(f.column == 16);
  CHECK(f.message == bad + ":2:16: Improper \\hyphenation: only letters and '-' may appear in an exception");

  // An error about a whole source: no line or column.
  f = sources_failure(HYPH_ERROR_PARSE, {capi::source("words", "abc")});
  CHECK(f.message.find("cannot tell the format") != std::string::npos);
  CHECK(f.line == 0);
  CHECK(f.column == 0);
}

TEST_CASE("I/O errors name the file") {
  Failure f = files_failure(HYPH_ERROR_IO, {"/nonexistent/x.pat.txt"});
  CHECK(f.file == "/nonexistent/x.pat.txt");
  CHECK(f.line == 0);
  CHECK(f.message.find("/nonexistent/x.pat.txt") != std::string::npos);

  TempDir dir;
  const std::string good = dir.write("good.pat.txt", "a1b\n");
  const std::string directory = dir.path.string();
  f = files_failure(HYPH_ERROR_IO, {good.c_str(), directory.c_str()});
  CHECK(f.file == directory);
  CHECK(f.message.find("directory") != std::string::npos);

  f = expect_failure(HYPH_ERROR_IO, [](hyph_hyphenator** h, hyph_error** e) {
    const char* extra[] = {"/nonexistent/ushyphex.tex"};
    return hyph_load_english(extra, 1, nullptr, h, e);
  });
  CHECK(f.file == "/nonexistent/ushyphex.tex");
}

TEST_CASE("invalid arguments") {
  hyph_options s = capi::settings();
  s.filter = 99;
  Failure f = sources_failure(HYPH_ERROR_INVALID_ARGUMENT, {}, &s);
  CHECK(f.message.find("filter") != std::string::npos);
  CHECK(f.file == "");
  s.filter = HYPH_FILTER_COUNTING_QUOTIENT + 1;
  CHECK(sources_failure(HYPH_ERROR_INVALID_ARGUMENT, {}, &s).message.find("filter") != std::string::npos);
  s.filter = -1;
  CHECK(sources_failure(HYPH_ERROR_INVALID_ARGUMENT, {}, &s).message.find("filter") != std::string::npos);

  s = capi::settings();
  s.letters = 2;
  f = sources_failure(HYPH_ERROR_INVALID_ARGUMENT, {}, &s);
  CHECK(f.message.find("letter policy") != std::string::npos);

  s = capi::settings();
  for (double rate : {0.0, 1.0, -0.5, 2.0}) {
    s.fp_rate = rate;
    f = sources_failure(HYPH_ERROR_INVALID_ARGUMENT, {}, &s);
    CHECK(f.message.find("false-positive rate") != std::string::npos);
  }

  f = sources_failure(HYPH_ERROR_INVALID_ARGUMENT, {capi::source("x", "a1b", 42)});
  f = sources_failure(HYPH_ERROR_INVALID_ARGUMENT, {hyph_source{"x", nullptr, 3, HYPH_FORMAT_DETECT}});
  f = expect_failure(HYPH_ERROR_INVALID_ARGUMENT, [](hyph_hyphenator** h, hyph_error** e) {
    return hyph_load_sources(nullptr, 2, nullptr, h, e);
  });
  f = expect_failure(HYPH_ERROR_INVALID_ARGUMENT, [](hyph_hyphenator** h, hyph_error** e) {
    return hyph_load_files(nullptr, 1, nullptr, h, e);
  });
  f = expect_failure(HYPH_ERROR_INVALID_ARGUMENT, [](hyph_hyphenator** h, hyph_error** e) {
    const char* files[] = {"a.pat.txt", nullptr};
    return hyph_load_files(files, 2, nullptr, h, e);
  });

  // No place for the result.
  hyph_error* e = nullptr;
  CHECK(hyph_load_english(nullptr, 0, nullptr, nullptr, &e) == HYPH_ERROR_INVALID_ARGUMENT);
  REQUIRE(e != nullptr);
  CHECK(e->code == HYPH_ERROR_INVALID_ARGUMENT);
  hyph_error_free(e);
  CHECK(hyph_load_english(nullptr, 0, nullptr, nullptr, nullptr) == HYPH_ERROR_INVALID_ARGUMENT);
}

TEST_CASE("success clears the error pointer") {
  hyph_error* e = reinterpret_cast<hyph_error*>(&e);
  hyph_hyphenator* h = nullptr;
  CHECK(hyph_load_english(nullptr, 0, nullptr, &h, &e) == HYPH_OK);
  CHECK(e == nullptr);
  hyph_free(h);
}

TEST_CASE("break buffers too small: the total, and what fits") {
  Loaded h(capi::english());
  const std::string text = "hyphenation of typeset paragraphs";  // hy-phen-ation type-set para-graphs
  const std::vector<std::size_t> all{2, 6, 19, 27};
  REQUIRE(capi::breaks8(h, text) == all);
  for (std::size_t capacity = 0; capacity <= all.size() + 2; ++capacity) {
    CAPTURE(capacity);
    std::vector<std::size_t> b(capacity + 2, 12345);
    CHECK(hyph_hyphenate(h, text.data(), text.size(), b.data(), capacity) == all.size());
    for (std::size_t k = 0; k < capacity + 2; ++k)
      CHECK(b[k] == (k < std::min(capacity, all.size()) ? all[k] : 12345));
  }
  // A NULL buffer with a capacity is taken as no buffer.
  CHECK(hyph_hyphenate(h, text.data(), text.size(), nullptr, 10) == all.size());
}

TEST_CASE("output buffers too small: snprintf's contract") {
  Loaded h(capi::english());
  const std::string text = "hyphenation of typeset paragraphs";
  const std::string want = "hy--phen--ation of type--set para--graphs";
  CHECK(hyph_hyphenated(h, text.data(), text.size(), "--", nullptr, 0) == want.size());
  for (std::size_t size = 0; size <= want.size() + 3; ++size) {
    CAPTURE(size);
    std::vector<char> out(size + 4, '#');
    CHECK(hyph_hyphenated(h, text.data(), text.size(), "--", out.data(), size) == want.size());
    if (size == 0) {
      CHECK(out[0] == '#');  // nothing written at all
      continue;
    }
    const std::size_t kept = std::min(size - 1, want.size());
    CHECK(std::string(out.data(), kept) == want.substr(0, kept));
    CHECK(out[kept] == '\0');
    for (std::size_t k = kept + 1; k < out.size(); ++k) CHECK(out[k] == '#');
  }
}

// This binary links the shared library: the C++ API's exceptions must cross it intact, which
// needs hyph::Error's typeinfo exported while the internals are hidden.
TEST_CASE("the C++ API through the shared library: exceptions cross it") {
  std::vector<hyph::Source> bad{hyph::Source{"bad.pat.txt", "ab\nc12d\n", hyph::SourceFormat::detect}};
  try {
    hyph::Hyphenator::load(bad);
    FAIL("no exception");
  } catch (const hyph::ParseError& e) {
    CHECK(e.code() == hyph::ErrorCode::parse);
    CHECK(e.where().line == 2);
    CHECK(std::string(e.what()) == "bad.pat.txt:2:3: Nonletter: two digits in a row in pattern");
  }
  CHECK_THROWS_AS(hyph::Source::file("/nonexistent/x.pat.txt"), hyph::Error);
  CHECK(hyph::Hyphenator::english().hyphenated("hyphenation") == "hy-phen-ation");
}

TEST_CASE("languages by tag") {
  const std::string vendored = HYPH_SOURCE_DIR "/patterns/data/hyph-utf8";
  const char* dirs[] = {vendored.c_str()};
  hyph_hyphenator* raw = nullptr;

  REQUIRE(hyph_load_language("EN_us", nullptr, 0, nullptr, &raw, nullptr) == HYPH_OK);
  Loaded en(raw);
  CHECK(hyph_pattern_count(en) == 4447);
  CHECK(hyph_letters(en) == HYPH_LETTERS_PATTERN);
  CHECK(capi::hyphenated(en, "hyphenation") == "hy-phen-ation");

  // A hyph-utf8 language: its own minimums and Unicode TeX's letters, unless settings say otherwise.
  REQUIRE(hyph_load_language("de-1996", dirs, 1, nullptr, &raw, nullptr) == HYPH_OK);
  Loaded de(raw);
  CHECK(hyph_letters(de) == HYPH_LETTERS_UNICODE);
  CHECK(capi::hyphenated(de, "Silbentrennung") == "Sil-ben-tren-nung");
  const std::u16string gross = u"Gr\u00F6\u00DFen\u00E4nderung Silbentrennung";
  CHECK(capi::breaks16(de, gross) == capi::breaks8_as16(de, gross));
  hyph_options s = capi::settings(1, 1);
  s.letters = HYPH_LETTERS_PATTERN;
  REQUIRE(hyph_load_language("de-1996", dirs, 1, &s, &raw, nullptr) == HYPH_OK);
  Loaded de11(raw);
  CHECK(hyph_left_min(de11) == 1);
  CHECK(hyph_letters(de11) == HYPH_LETTERS_PATTERN);

  // Loaded by tag, a hyphenator reports the tag it was found by, and the language's name.
  CHECK(std::string(hyph_language_tag(en)) == "en-us");
  CHECK(std::string(hyph_language_tag(de)) == "de-1996");
  CHECK(std::string(hyph_language_name(de)) == "German, reformed spelling");
  REQUIRE(hyph_load_language("DE_1996", dirs, 1, nullptr, &raw, nullptr) == HYPH_OK);
  Loaded de_upper(raw);
  CHECK(std::string(hyph_language_tag(de_upper)) == "de-1996");
  Loaded from_file(capi::from_sources({capi::source("p.pat.txt", "a1b\n")}));
  CHECK(std::string(hyph_language_tag(from_file)) == "");
  CHECK(std::string(hyph_language_name(from_file)) == "");
  CHECK(std::string(hyph_language_tag(nullptr)) == "");

  Failure f = expect_failure(HYPH_ERROR_UNKNOWN_LANGUAGE, [&](hyph_hyphenator** h, hyph_error** e) {
    return hyph_load_language("de-1997", dirs, 1, nullptr, h, e);
  });
  CHECK(f.message.find("unknown language 'de-1997'") != std::string::npos);
  CHECK(f.message.find("de-1996") != std::string::npos);  // a near match
  expect_failure(HYPH_ERROR_INVALID_ARGUMENT, [&](hyph_hyphenator** h, hyph_error** e) {
    return hyph_load_language(nullptr, nullptr, 0, nullptr, h, e);
  });
  // A folder that is not there is an error naming it, for any tag (the embedded en-us too).
  const char* with_missing[] = {vendored.c_str(), "/nonexistent/patterns"};
  for (const char* tag : {"de-1996", "en-us"}) {
    f = expect_failure(HYPH_ERROR_IO, [&](hyph_hyphenator** h, hyph_error** e) {
      return hyph_load_language(tag, with_missing, 2, nullptr, h, e);
    });
    CHECK(f.file == "/nonexistent/patterns");
    CHECK(f.message.find("/nonexistent/patterns: no such folder") != std::string::npos);
  }
}
