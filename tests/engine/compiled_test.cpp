// The compiled pattern format (doc/compiled-format.md): a compiled file hyphenates exactly as
// the sources it was compiled from, for every language and filter; the bytes depend on the
// sources alone; the embedded English and the committed files are not stale; and no damage
// to a file gets past the loader: truncations, flipped bytes, bad offsets are
// Error(bad_format) naming the file, or (where a change leaves a valid file) a hyphenator that
// still works.
#include "test_support.h"

#include "../common/lines.h"
#include "engine/compiled.h"
#include "engine/compiled_tex.h"
#include "engine/model.h"
#include "base/hash.h"
#include "patterns/embedded.h"

#include <hyph/hyph.h>
#include <hyph/languages.h>

#include <doctest/doctest.h>

#include <fcntl.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <initializer_list>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace {

using Bytes = std::vector<std::byte>;

const std::string kData = HYPH_SOURCE_DIR "/tests/data/";
constexpr hyph::FilterKind kFilters[] = {hyph::FilterKind::exact,          hyph::FilterKind::bloom,
                                         hyph::FilterKind::blocked_bloom,  hyph::FilterKind::cuckoo,
                                         hyph::FilterKind::fuse,           hyph::FilterKind::counting_bloom,
                                         hyph::FilterKind::hash_compaction, hyph::FilterKind::scalable_bloom,
                                         hyph::FilterKind::quotient,       hyph::FilterKind::counting_quotient};

Bytes compiled(const hyph::Hyphenator& h, std::string_view tag = {}, std::string_view name = {},
               hyph::CompiledLayout layout = hyph::CompiledLayout::fast) {
  std::ostringstream out;
  h.write_compiled(out, tag, name, layout);
  const std::string s = std::move(out).str();
  Bytes bytes(s.size());
  std::memcpy(bytes.data(), s.data(), s.size());
  return bytes;
}

Bytes file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in, "cannot open " << path);
  std::stringstream s;
  s << in.rdbuf();
  const std::string text = s.str();
  Bytes bytes(text.size());
  std::memcpy(bytes.data(), text.data(), text.size());
  return bytes;
}

// Reads `bytes` in place: they must outlive the hyphenator.
hyph::Hyphenator load(const Bytes& bytes, const hyph::Settings& settings = {}) {
  return hyph::Hyphenator::load_compiled(bytes, settings, "test.hyb");
}

// A compiled file and the hyphenator that reads it.
struct Compiled {
  explicit Compiled(Bytes b, const hyph::Settings& settings = {}) : bytes(std::move(b)), h(load(bytes, settings)) {}
  Bytes bytes;
  hyph::Hyphenator h;
};

// `bytes` loaded with `settings.exceptions` as english() does it (the file's store behind a
// new filter), then written again.
Bytes with_filter(const Bytes& bytes, hyph::FilterKind kind) {
  hyph::Settings settings;
  settings.exceptions.filter = kind;
  const auto model = hyph::detail::load_compiled(bytes, nullptr, settings, "test.hyb", hyph::detail::FilterFrom::settings);
  std::ostringstream out;
  hyph::detail::write_compiled_tex(*model, {}, {}, hyph::CompiledLayout::fast, out);
  const std::string s = std::move(out).str();
  Bytes b(s.size());
  std::memcpy(b.data(), s.data(), s.size());
  return b;
}

const hyph::Hyphenator& tiny() {
  static const hyph::Hyphenator h = [] {
    const std::vector<hyph::Source> sources{hyph::Source::file(kData + "compiled/tiny.tex")};
    return hyph::Hyphenator::load(sources);
  }();
  return h;
}

// Lines of the words files on which `a` and `b` disagree (both hyphenate every line).
std::size_t differences(const hyph::Hyphenator& a, const hyph::Hyphenator& b, const std::vector<std::string>& lines) {
  std::size_t n = 0;
  for (const std::string& line : lines) {
    const std::string x = a.hyphenated(line), y = b.hyphenated(line);
    if (x != y && ++n <= 5) FAIL_CHECK("source: " << x << " | compiled: " << y);
  }
  return n;
}

void same_settings(const hyph::Hyphenator& a, const hyph::Hyphenator& b) {
  CHECK(a.mins().left == b.mins().left);
  CHECK(a.mins().right == b.mins().right);
  CHECK(a.uchyph() == b.uchyph());
  CHECK(a.letters() == b.letters());
  CHECK(a.pattern_count() == b.pattern_count());
  CHECK(a.exception_count() == b.exception_count());
  CHECK(a.filter().name == b.filter().name);
  CHECK(a.filter().parameters == b.filter().parameters);
}

// ---- The layout, for the corruption tests ---------------------------------------------------

struct SectionEntry {
  std::string tag;
  std::size_t entry;  // offset of its entry in the section table
  std::uint64_t offset, length;
};

template <class T>
T get(const Bytes& b, std::size_t at) {
  T v;
  std::memcpy(&v, b.data() + at, sizeof v);
  return v;
}
template <class T>
void put(Bytes& b, std::size_t at, T v) {
  std::memcpy(b.data() + at, &v, sizeof v);
}

std::vector<SectionEntry> sections(const Bytes& b) {
  std::vector<SectionEntry> out;
  const auto count = get<std::uint32_t>(b, 24);
  for (std::uint32_t s = 0; s < count; ++s) {
    const std::size_t e = 64 + 24 * s;
    out.push_back({std::string(reinterpret_cast<const char*>(b.data() + e), 4), e, get<std::uint64_t>(b, e + 8),
                   get<std::uint64_t>(b, e + 16)});
  }
  return out;
}

SectionEntry section(const Bytes& b, const std::string& tag) {
  for (const SectionEntry& s : sections(b))
    if (s.tag == tag) return s;
  FAIL("no section " << tag);
  return {};
}

constexpr std::size_t kSections = 13;

// Recomputes the header checksum, so that a damaged file reaches the structural checks.
void fix_checksum(Bytes& b) {
  if (const auto sum = hyph::detail::compiled_checksum(b)) put<std::uint64_t>(b, 56, *sum);
}

// Loads, expecting Error(bad_format) whose message names the file and contains `what`.
void expect_bad(const Bytes& b, const std::string& what = "") {
  try {
    load(b);
    FAIL_CHECK("loaded; expected an error containing '" << what << "'");
  } catch (const hyph::Error& e) {
    CHECK(e.code() == hyph::ErrorCode::bad_format);
    const std::string message = e.what();
    CHECK_MESSAGE(message.starts_with("test.hyb: "), message);
    CHECK_MESSAGE(message.find(what) != std::string::npos, message << " (expected '" << what << "')");
  }
}

// `good` with `value` written at byte `at` of section `tag`, the checksum fixed: refused, with
// a message containing `what`.
template <class T>
void expect_bad_at(const Bytes& good, const std::string& tag, std::size_t at, T value, const std::string& what) {
  Bytes b = good;
  put(b, section(good, tag).offset + at, value);
  fix_checksum(b);
  CAPTURE(tag);
  CAPTURE(what);
  expect_bad(b, what);
}

// A vendored language's word list and the Unicode edge cases, the lines a layout is checked on.
std::vector<std::string> language_lines(const std::string& tag) {
  auto lines = test::read_lines(kData + tag + ".words");
  const auto unicode_edge = test::read_lines(kData + "unicode-edge-cases.words");
  lines.insert(lines.end(), unicode_edge.begin(), unicode_edge.end());
  return lines;
}

// Either bad_format, or a hyphenator that works (the sanitizers watch it hyphenate).
bool loads_or_refuses(const Bytes& b, const std::vector<std::string>& words) {
  try {
    const hyph::Hyphenator h = load(b);
    for (const std::string& w : words) (void)h.hyphenated(w);
    return true;
  } catch (const hyph::Error& e) {
    CHECK_MESSAGE(e.code() == hyph::ErrorCode::bad_format, e.what());
    return false;
  }
}

}  // namespace

// ---- Round trips ----------------------------------------------------------------------------

TEST_CASE("compiled English hyphenates as hyphen.tex on the golden lists, with every filter") {
  const auto words = test::read_lines(kData + "en-us.words");
  const auto edge = test::read_lines(kData + "edge-cases.words");
  const std::vector<hyph::Source> ushyphex{hyph::Source::file(HYPH_SOURCE_DIR "/patterns/data/ushyphex.tex")};
  for (const hyph::FilterKind kind : kFilters) {
    CAPTURE(hyph::to_string(kind));
    hyph::Settings settings;
    settings.exceptions.filter = kind;
    // Plain TeX with hyphenex: 4,000-odd exceptions behind the filter, compiled from sources.
    const hyph::Hyphenator source = hyph::Hyphenator::english(settings, ushyphex);
    const Compiled file(compiled(source));
    const hyph::Hyphenator& loaded = file.h;
    same_settings(source, loaded);
    CHECK(differences(source, loaded, kind == hyph::FilterKind::exact ? words : std::vector(words.begin(), words.begin() + 5000)) == 0);
    CHECK(differences(source, loaded, edge) == 0);
    // Every exception word, in every case form the edge cases do not cover.
    std::size_t checked = 0;
    hyph::detail::model_of(source).exceptions.store().for_each([&](std::string_view key, std::uint64_t) {
      const std::string word(key);
      if (source.hyphenated(word) != loaded.hyphenated(word)) FAIL_CHECK(word);
      ++checked;
    });
    CHECK(checked == source.exception_count());
  }
  // And the golden files themselves, through the embedded compiled English.
  const auto plain = test::read_lines(kData + "en-us.plain.expected");
  const hyph::Hyphenator english = hyph::Hyphenator::english();
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < words.size(); ++i) wrong += english.hyphenated(words[i]) != plain[i];
  CHECK(wrong == 0);
}

TEST_CASE("compiled English with other minimums, \\uchyph and letters") {
  const auto edge = test::read_lines(kData + "edge-cases.words");
  for (const auto& [left, right, uchyph, unicode] : {std::tuple{1, 1, 1, false}, std::tuple{3, 4, 0, false}, std::tuple{2, 3, 1, true}}) {
    hyph::Settings s;
    s.left_min = left;
    s.right_min = right;
    s.uchyph = uchyph;
    if (unicode) s.letters = hyph::LetterPolicy::unicode;
    const hyph::Hyphenator source = hyph::Hyphenator::english(s);
    const Compiled file(compiled(source));
    same_settings(source, file.h);
    CHECK(differences(source, file.h, edge) == 0);
    // The file's values are defaults: settings override them at load.
    hyph::Settings other;
    other.left_min = 1;
    other.right_min = 1;
    other.uchyph = 1;
    const hyph::Hyphenator overridden = load(file.bytes, other);
    CHECK(overridden.mins().left == 1);
    CHECK(overridden.mins().right == 1);
    CHECK(overridden.uchyph() == 1);
  }
}

TEST_CASE("compiled hyph-utf8 languages hyphenate as their sources, with every filter") {
  for (const std::string tag : {"de-1996", "el-monoton", "fr", "nl", "pl", "pt", "ru"}) {
    CAPTURE(tag);
    const hyph::Hyphenator source = hyph::load_language(tag, {}, {}, test::vendored());
    auto words = test::read_lines(kData + tag + ".words");
    const auto edge = test::read_lines(kData + "unicode-edge-cases.words");
    words.insert(words.end(), edge.begin(), edge.end());
    const Bytes bytes = compiled(source, tag, "name of " + tag);
    const hyph::Hyphenator loaded = load(bytes);
    same_settings(source, loaded);
    CHECK(loaded.tag() == tag);
    CHECK(loaded.name() == "name of " + tag);
    CHECK(differences(source, loaded, words) == 0);
    // The same file behind each filter: the file's store with a new filter, written and read
    // again (this is also how english() changes the embedded file's filter).
    for (const hyph::FilterKind kind : kFilters) {
      CAPTURE(hyph::to_string(kind));
      const Compiled file(with_filter(bytes, kind));
      CHECK(file.h.filter().name == hyph::to_string(kind));
      CHECK(differences(source, file.h, std::vector(words.begin(), words.begin() + 2000)) == 0);
      hyph::detail::model_of(source).exceptions.store().for_each([&](std::string_view key, std::uint64_t) {
        if (source.hyphenated(std::string(key)) != file.h.hyphenated(std::string(key))) FAIL_CHECK(key);
      });
    }
  }
}

TEST_CASE("a compiled file keeps tag, name, and the exception stores merged into it") {
  const Bytes bytes = compiled(tiny(), "x-tiny", "Tiny");
  const hyph::Hyphenator h = load(bytes);
  CHECK(h.tag() == "x-tiny");
  CHECK(h.name() == "Tiny");
  CHECK(h.hyphenated("hyphenation table") == "hy-phen-ation ta-ble");
  // Written again without labels, it keeps its own.
  CHECK(compiled(h) == bytes);
  CHECK_THROWS_AS(compiled(tiny(), std::string(300, 'x')), hyph::Error);
  CHECK_THROWS_AS(compiled(tiny(), "\xFF"), hyph::Error);
}

// ---- Determinism and staleness ------------------------------------------------------------

TEST_CASE("the same sources give the same bytes, however they were loaded") {
  const std::vector<hyph::Source> sources{hyph::Source::file(HYPH_SOURCE_DIR "/patterns/data/hyphen.tex"),
                                          hyph::Source::file(HYPH_SOURCE_DIR "/patterns/data/ushyphex.tex")};
  for (const hyph::FilterKind kind : kFilters) {
    CAPTURE(hyph::to_string(kind));
    hyph::Settings s;
    s.exceptions.filter = kind;
    const Bytes first = compiled(hyph::Hyphenator::load(sources, s));
    CHECK(compiled(hyph::Hyphenator::load(sources, s)) == first);
    // Read back and written again: byte for byte.
    CHECK(compiled(load(first)) == first);
  }
  const hyph::Hyphenator nl = hyph::load_language("nl", {}, {}, test::vendored());
  CHECK(compiled(nl) == compiled(hyph::load_language("nl", {}, {}, test::vendored())));
  CHECK(compiled(load(compiled(nl))) == compiled(nl));
}

TEST_CASE("the embedded English is hyphen.tex compiled now (not stale)") {
  // What meson's build step does: hyph-compile -p patterns/data/hyphen.tex --tag en-us --name ...
  const std::string_view embedded = hyph::patterns::embedded_english_hyb();
  REQUIRE(!embedded.empty());
  CHECK(reinterpret_cast<std::uintptr_t>(embedded.data()) % 64 == 0);
  const hyph::Hyphenator english = hyph::Hyphenator::english();
  CHECK(english.tag() == "en-us");
  CHECK(english.name() == "English (US), plain TeX: Knuth's hyphen.tex, embedded");
  const std::vector<hyph::Source> sources{hyph::Source::file(HYPH_SOURCE_DIR "/patterns/data/hyphen.tex")};
  const Bytes fresh = compiled(hyph::Hyphenator::load(sources), english.tag(), english.name());
  CHECK(fresh.size() == embedded.size());
  CHECK(std::memcmp(fresh.data(), embedded.data(), std::min(fresh.size(), embedded.size())) == 0);
  // english() reads it in place.
  CHECK(hyph::detail::model_of(english).backing == nullptr);
  CHECK(hyph::detail::model_of(english).alphabet.tables().letters.data() ==
        reinterpret_cast<const char32_t*>(embedded.data() + section(fresh, "SYMB").offset));
}

TEST_CASE("the committed tiny.hyb is tiny.tex compiled now (not stale), and the document shows it") {
  const Bytes committed = file_bytes(kData + "compiled/tiny.hyb");
  CHECK(compiled(tiny(), "x-tiny", "Tiny") == committed);
  // doc/compiled-format.md's worked example is a `hexdump -C` of it.
  const auto doc = test::read_lines(HYPH_SOURCE_DIR "/doc/compiled-format.md");
  Bytes shown;
  std::size_t expected_offset = 0;
  bool in_dump = false, repeat = false;
  for (const std::string& line : doc) {
    if (line == "<!-- hexdump: tests/data/compiled/tiny.hyb -->") {
      in_dump = true;
      continue;
    }
    if (!in_dump || line.starts_with("```")) continue;
    if (line.empty() || line.starts_with("<!--")) break;
    if (line == "*") {
      repeat = true;
      continue;
    }
    const std::size_t offset = std::stoul(line.substr(0, 8), nullptr, 16);
    if (repeat) {
      // hexdump's '*': the line before, repeated up to this offset.
      REQUIRE(shown.size() >= 16);
      const Bytes last(shown.end() - 16, shown.end());
      while (shown.size() < offset) shown.insert(shown.end(), last.begin(), last.end());
      repeat = false;
    }
    CHECK(offset == shown.size());
    if (line.size() <= 10) break;  // the final offset line
    for (std::size_t k = 0; k < 16; ++k) {
      const std::size_t at = 10 + 3 * k + (k >= 8 ? 1 : 0);
      if (at + 2 > line.size() || line[at] == ' ') break;
      shown.push_back(static_cast<std::byte>(std::stoul(line.substr(at, 2), nullptr, 16)));
    }
    expected_offset = shown.size();
  }
  CHECK(in_dump);
  CHECK(expected_offset == committed.size());
  CHECK(shown == committed);
}

TEST_CASE("committed fuzz seeds that claim to be valid load") {
  std::size_t valid = 0;
  for (const auto& entry : fs::directory_iterator(HYPH_SOURCE_DIR "/fuzz/corpus/compiled_loader")) {
    if (!entry.path().filename().string().starts_with("valid-")) continue;
    CAPTURE(entry.path().string());
    CHECK_NOTHROW(hyph::Hyphenator::load_compiled(entry.path()));
    ++valid;
  }
  CHECK(valid >= 4);
}

// ---- Loading --------------------------------------------------------------------------------

TEST_CASE("load_compiled from a file: mapped, read from a pipe, or refused with Error(io)") {
  const fs::path dir = fs::temp_directory_path() / ("hyph-compiled-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const Bytes bytes = compiled(tiny());
  const fs::path file = dir / "tiny.hyb";
  std::ofstream(file, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  const hyph::Hyphenator h = hyph::Hyphenator::load_compiled(file);
  CHECK(h.hyphenated("hyphenation") == "hy-phen-ation");

  // A pipe cannot be mapped: it is read.
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  REQUIRE(::write(fds[1], bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size()));
  ::close(fds[1]);
  const hyph::Hyphenator piped = hyph::Hyphenator::load_compiled("/dev/fd/" + std::to_string(fds[0]));
  ::close(fds[0]);
  CHECK(piped.hyphenated("hyphenation") == "hy-phen-ation");

  auto error = [](const fs::path& p) {
    try {
      hyph::Hyphenator::load_compiled(p);
    } catch (const hyph::Error& e) {
      return std::pair{e.code(), std::string(e.what())};
    }
    return std::pair{hyph::ErrorCode::ok, std::string()};
  };
  const auto [missing, missing_message] = error(dir / "missing.hyb");
  CHECK(missing == hyph::ErrorCode::io);
  CHECK(missing_message.find("missing.hyb") != std::string::npos);
  CHECK(error(dir).first == hyph::ErrorCode::io);
  std::ofstream(dir / "empty.hyb");
  const auto [empty, empty_message] = error(dir / "empty.hyb");
  CHECK(empty == hyph::ErrorCode::bad_format);
  CHECK(empty_message == (dir / "empty.hyb").string() + ": empty file");
  const auto [text, text_message] = error(HYPH_SOURCE_DIR "/patterns/data/hyphen.tex");
  CHECK(text == hyph::ErrorCode::bad_format);
  CHECK(text_message.find("not a compiled pattern file") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("bytes not aligned for reading in place are copied") {
  const Bytes bytes = compiled(tiny());
  Bytes shifted(bytes.size() + 1);
  std::memcpy(shifted.data() + 1, bytes.data(), bytes.size());
  const hyph::Hyphenator h = hyph::Hyphenator::load_compiled(std::span(shifted).subspan(1));
  shifted.assign(shifted.size(), std::byte{0});  // the copy is the hyphenator's own
  CHECK(h.hyphenated("hyphenation") == "hy-phen-ation");
}

TEST_CASE("settings a compiled file cannot follow are refused") {
  const Bytes bytes = compiled(tiny());
  hyph::Settings unicode;
  unicode.letters = hyph::LetterPolicy::unicode;
  CHECK_THROWS_AS(load(bytes, unicode), hyph::Error);
  try {
    load(bytes, unicode);
  } catch (const hyph::Error& e) {
    CHECK(e.code() == hyph::ErrorCode::invalid_argument);
  }
  hyph::Settings same;
  same.letters = hyph::LetterPolicy::pattern_letters;
  CHECK_NOTHROW(load(bytes, same));
  hyph::Settings stores;
  stores.exception_stores = {"x.hyphstore"};
  CHECK_THROWS_AS(load(bytes, stores), hyph::Error);
  hyph::Settings nfc;
  nfc.normalization = hyph::Normalization::nfc;
  CHECK(load(bytes, nfc).normalization() == hyph::Normalization::nfc);
}

TEST_CASE("the C API loads compiled files") {
  const Bytes bytes = compiled(tiny());
  hyph_hyphenator* h = nullptr;
  hyph_error* error = nullptr;
  REQUIRE(hyph_load_compiled_memory(bytes.data(), bytes.size(), nullptr, &h, &error) == HYPH_OK);
  char out[64];
  hyph_hyphenated(h, "hyphenation", 11, "-", out, sizeof out);
  CHECK(std::string(out) == "hy-phen-ation");
  CHECK(hyph_left_min(h) == 2);
  hyph_free(h);
  hyph_options s;
  hyph_options_init(&s, sizeof s);
  s.left_min = 1;
  s.uchyph = HYPH_UCHYPH_DEFAULT;
  REQUIRE(hyph_load_compiled_memory(bytes.data(), bytes.size(), &s, &h, &error) == HYPH_OK);
  CHECK(hyph_left_min(h) == 1);
  CHECK(hyph_uchyph(h) == 1);
  hyph_free(h);
  const Bytes truncated(bytes.begin(), bytes.begin() + 100);
  CHECK(hyph_load_compiled_memory(truncated.data(), truncated.size(), nullptr, &h, &error) == HYPH_ERROR_BAD_FORMAT);
  CHECK(h == nullptr);
  REQUIRE(error != nullptr);
  CHECK(std::string(error->message).find("truncated") != std::string::npos);
  hyph_error_free(error);
  CHECK(hyph_load_compiled("/nonexistent/x.hyb", nullptr, &h, &error) == HYPH_ERROR_IO);
  CHECK(std::string(error->file) == "/nonexistent/x.hyb");
  hyph_error_free(error);
  CHECK(hyph_load_compiled(nullptr, nullptr, &h, &error) == HYPH_ERROR_INVALID_ARGUMENT);
  hyph_error_free(error);
}

// ---- Corruption -----------------------------------------------------------------------------

TEST_CASE("truncated files: at every section boundary of English, at every length of tiny") {
  const Bytes english = compiled(hyph::Hyphenator::english());
  std::vector<std::size_t> cuts{0, 1, 7, 8, 12, 16, 24, 56, 63, 64, 65, 64 + 24 * kSections - 1, 64 + 24 * kSections};
  for (const SectionEntry& s : sections(english))
    for (const std::uint64_t at : {s.offset - 1, s.offset, s.offset + 1, s.offset + s.length - 1, s.offset + s.length, s.offset + s.length + 1})
      if (at < english.size()) cuts.push_back(at);
  for (const std::size_t cut : cuts) {
    CAPTURE(cut);
    expect_bad(Bytes(english.begin(), english.begin() + static_cast<std::ptrdiff_t>(cut)), cut == 0 ? "empty" : "truncated");
  }
  const Bytes small = compiled(tiny());
  for (std::size_t cut = 1; cut < small.size(); ++cut) {
    CAPTURE(cut);
    expect_bad(Bytes(small.begin(), small.begin() + static_cast<std::ptrdiff_t>(cut)), "truncated");
  }
  Bytes longer = small;
  longer.push_back(std::byte{0});
  expect_bad(longer, "the header says");
}

TEST_CASE("flipped bytes: the checksum catches each; past it, every check holds or refuses") {
  const std::vector<std::string> words{"hyphenation", "table", "Hyphenation", "TABLE", "hyphen", "nation", "a", "io",
                                       "hyhyhyhyhyhyph", "tablehyphenationtable"};
  const Bytes small = compiled(tiny());
  const SectionEntry rows = section(small, "ROWS");
  std::size_t refused = 0, loaded = 0;
  for (std::size_t i = 0; i < small.size(); ++i) {
    for (const std::byte flip : {std::byte{0x01}, std::byte{0x10}, std::byte{0x80}, std::byte{0xFF}}) {
      CAPTURE(i);
      Bytes b = small;
      b[i] ^= flip;
      // The dense rows are outside the checksum (the loader does not read them): any bytes
      // there give wrong hyphens at worst, never a fault.
      if (i >= rows.offset && i < rows.offset + rows.length) {
        CHECK(loads_or_refuses(b, words));
        continue;
      }
      expect_bad(b);
      fix_checksum(b);
      (loads_or_refuses(b, words) ? loaded : refused) += 1;
    }
  }
  MESSAGE(refused << " damaged files refused, " << loaded << " loaded (their change left a valid file)");
  CHECK(refused > loaded);
  // Bytes of each section of English, in both layouts (a sample of each), checksum fixed.
  const auto edge = test::read_lines(kData + "edge-cases.words");
  for (const hyph::CompiledLayout layout : {hyph::CompiledLayout::fast, hyph::CompiledLayout::small}) {
    const Bytes english = compiled(hyph::Hyphenator::english(), {}, {}, layout);
    for (const SectionEntry& s : sections(english)) {
      CAPTURE(s.tag);
      for (std::uint64_t k = 0; k < 24 && k < s.length; ++k) {
        const std::uint64_t at = s.offset + (k * 7919 * 8 + k) % s.length;
        Bytes b = english;
        b[at] ^= std::byte{0x5A};
        fix_checksum(b);
        (void)loads_or_refuses(b, edge);
      }
    }
  }
}

TEST_CASE("bad headers and section tables") {
  const Bytes good = compiled(tiny(), "x-tiny", "Tiny");
  auto damaged = [&](auto&& change, const std::string& what) {
    Bytes b = good;
    change(b);
    fix_checksum(b);
    CAPTURE(what);
    expect_bad(b, what);
  };
  damaged([](Bytes& b) { b[1] = std::byte{'X'}; }, "not a compiled pattern file");
  damaged([](Bytes& b) { put<std::uint32_t>(b, 8, 1); }, "format version 1; this libhyph reads version 4 (compile the sources again");
  damaged([](Bytes& b) { put<std::uint32_t>(b, 8, 2); }, "format version 2; this libhyph reads version 4");
  damaged([](Bytes& b) { put<std::uint32_t>(b, 8, 3); }, "format version 3; this libhyph reads version 4");
  damaged([](Bytes& b) { put<std::uint32_t>(b, 8, 5); }, "format version 5; this libhyph reads version 4");
  damaged([](Bytes& b) { put<std::uint32_t>(b, 12, 32); }, "header size");
  damaged([](Bytes& b) { put<std::uint64_t>(b, 16, b.size() + 64); }, "truncated");
  damaged([](Bytes& b) { put<std::uint64_t>(b, 16, b.size() - 1); }, "the header says");
  damaged([](Bytes& b) { put<std::uint32_t>(b, 24, 0); }, "0 sections");
  damaged([](Bytes& b) { put<std::uint32_t>(b, 24, 0xFFFFFFFF); }, "sections");
  damaged([](Bytes& b) { b[40] = std::byte{1}; }, "reserved header bytes");
  const std::vector<SectionEntry> table = sections(good);
  const SectionEntry rows = section(good, "ROWS");
  damaged([&](Bytes& b) { std::memcpy(b.data() + rows.entry, "ROWZ", 4); }, "is not ROWS");
  damaged([&](Bytes& b) {
    std::memcpy(b.data() + table[1].entry, "SUTF", 4);
    std::memcpy(b.data() + table[2].entry, "SYMB", 4);
  }, "fixed order");
  damaged([&](Bytes& b) { put<std::uint64_t>(b, rows.entry + 8, rows.offset + 8); }, "not " + std::to_string(rows.offset));
  damaged([&](Bytes& b) { put<std::uint64_t>(b, rows.entry + 8, rows.offset + 64); }, "at offset");
  damaged([&](Bytes& b) { put<std::uint64_t>(b, rows.entry + 8, 1ull << 62); }, "at offset");
  damaged([&](Bytes& b) { put<std::uint64_t>(b, rows.entry + 16, ~0ull); }, "runs past the end");
  damaged([&](Bytes& b) { put<std::uint64_t>(b, rows.entry + 16, b.size()); }, "runs past the end");
  damaged([&](Bytes& b) { put<std::uint64_t>(b, rows.entry + 16, rows.length + 64); }, "");
  damaged([&](Bytes& b) { put<std::uint64_t>(b, rows.entry + 16, rows.length - 2); }, "");
  damaged([&](Bytes& b) { b[rows.entry + 4] = std::byte{1}; }, "reserved bytes");
  damaged([&](Bytes& b) { b[64 + 24 * kSections] = std::byte{1}; }, "padding after the section table");
  const SectionEntry info = section(good, "INFO");
  damaged([&](Bytes& b) { b[info.offset + info.length] = std::byte{1}; }, "padding after section INFO");
}

TEST_CASE("bad contents: every index and parameter the hyphenator relies on") {
  const Bytes good = compiled(tiny(), "x-tiny", "Tiny");
  auto damaged = [&](const std::string& tag, std::size_t at, auto value, const std::string& what) {
    expect_bad_at(good, tag, at, value, what);
  };
  // INFO
  damaged("INFO", 0, std::uint32_t{2}, "letter policy 2");
  damaged("INFO", 0, std::uint32_t{1}, "letters");  // a unicode policy over 8-bit tables
  damaged("INFO", 4, std::uint32_t{0}, "minimums");
  damaged("INFO", 8, std::uint32_t{64}, "minimums");
  damaged("INFO", 16, std::uint32_t{9}, "symbols");
  damaged("INFO", 20, std::uint32_t{5}, "row shift");
  damaged("INFO", 24, std::uint32_t{3}, "row entries of 3 bytes");
  damaged("INFO", 24, std::uint32_t{4}, "section NODE: 8 bytes are not whole entries");
  damaged("INFO", 28, std::uint32_t{1000}, "automaton");
  damaged("INFO", 32, std::uint32_t{1000}, "patterns in");
  damaged("INFO", 36, std::uint32_t{2}, "exceptions");
  damaged("INFO", 40, std::uint32_t{99}, "unknown filter kind 99");
  damaged("INFO", 40, std::uint32_t{static_cast<std::uint32_t>(hyph::FilterKind::bloom)}, "bloom filter");
  damaged("INFO", 48, 1.5, "filter rate");
  damaged("INFO", 56, std::uint32_t{1000}, "tag");
  damaged("INFO", 64, std::uint8_t{0xFF}, "not UTF-8");
  // Letters
  damaged("SYMB", 0, std::uint32_t{'a'}, "word edge");
  damaged("SYMB", 8, std::uint32_t{'a'}, "ascending");
  damaged("SYMB", 4, std::uint32_t{0xD800}, "not a code point");
  damaged("SUTF", 5, std::uint8_t{'z'}, "UTF-8");
  damaged("LDIR", 4 * 'a', std::uint32_t{200}, "out of range");
  damaged("LDIR", 4 * 'a', std::uint32_t{1 | 2 << 16}, "out of range");
  damaged("LDIR", 4 * '-', std::uint32_t{1 | 1 << 16}, "'-' is a letter");
  // The automaton (12 symbols: rows of 16 u16 entries; the fast layout: 11 dense states)
  const std::size_t symbols = 1 + std::string("abehilnopty").size();
  REQUIRE(get<std::uint32_t>(good, section(good, "INFO").offset + 16) == symbols);
  REQUIRE(get<std::uint32_t>(good, section(good, "INFO").offset + 44) == 11);
  damaged("INFO", 44, std::uint32_t{0}, "0 dense states of 11");
  damaged("INFO", 44, std::uint32_t{12}, "12 dense states of 11");
  damaged("INFO", 44, std::uint32_t{10}, "row entries for 10 dense states");
  damaged("WIND", 16 + 3, std::uint8_t{17}, "a window holds a digit above 9");
  damaged("WIND", 3, std::uint8_t{1}, "window 0 is not empty");
  damaged("NODE", 0, std::uint32_t{1}, "state 11: edges from 1 past");
  // Exceptions and filter
  damaged("EXCS", 0, std::uint8_t{'X'}, "not a valid exception store");
}

namespace {

// Sets every 16-bit entry of `good`'s ROWS to each value in turn: the file must still load
// (the checksum leaves the rows out), hyphenate `words` without a fault, and compile again.
void fill_rows_and_hyphenate(const Bytes& good, std::initializer_list<std::uint16_t> values,
                             const std::vector<std::string>& words) {
  const SectionEntry rows = section(good, "ROWS");
  for (const std::uint16_t value : values) {
    CAPTURE(value);
    Bytes b = good;
    for (std::size_t at = rows.offset; at < rows.offset + rows.length; at += 2) put(b, at, value);
    CHECK(b != good);
    const hyph::Hyphenator h = load(b);
    for (const std::string& w : words) (void)h.hyphenated(w);
    CHECK(compiled(load(compiled(h))) == compiled(h));
  }
}

}  // namespace

TEST_CASE("damaged dense rows are not read at load, and give no fault") {
  const auto words = test::read_lines(kData + "edge-cases.words");
  const Bytes good = compiled(tiny(), "x-tiny", "Tiny");
  // Every entry one value: next states and lists past the end, or 0.
  fill_rows_and_hyphenate(good, {0xFFFF, 11, 5, 0}, words);
}

TEST_CASE("damaged packed rows are not read at load, and give no fault") {
  // English's rows are packed (doc/compiled-format.md, "Packed rows"): entries are offsets
  // in units of 8 bytes, the window in the last 8 bytes. Offsets past the last row (into the
  // padding, up to its very end), between rows (not a multiple of 8) or at the very last
  // one, and every nibble 15.
  const hyph::Hyphenator english = hyph::Hyphenator::english();
  REQUIRE(hyph::detail::model_of(english).automaton.packed());
  // Padded too: zeros after the last row up to the row at offset 65,535, so that the walk
  // has no clamp and reads inside ROWS whatever an entry holds.
  REQUIRE(hyph::detail::model_of(english).automaton.padded());
  auto words = test::read_lines(kData + "edge-cases.words");
  words.insert(words.end(), {"hyphenation", "supercalifragilisticexpialidocious", "table", "ab", "abc", "abcd",
                             "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"});
  const Bytes good = compiled(english);
  fill_rows_and_hyphenate(good, {0xFFFF, 0xFFF9, 7, 0}, words);
}

TEST_CASE("bad nodes and edges in the small layout") {
  const Bytes good = compiled(tiny(), "x-tiny", "Tiny", hyph::CompiledLayout::small);
  // Start and the first letters dense (root, h, i), the other 8 states nodes: 8 bytes each
  // (first edge u32, fallback u16, list u16), then the sentinel; edges of 4 bytes.
  REQUIRE(get<std::uint32_t>(good, section(good, "INFO").offset + 44) == 3);
  REQUIRE(section(good, "NODE").length == 9 * 8);
  auto damaged = [&](const std::string& tag, std::size_t at, auto value, const std::string& what) {
    expect_bad_at(good, tag, at, value, what);
  };
  damaged("NODE", 4, std::uint16_t{3}, "state 3: fallback state 3 is not a smaller number");
  damaged("NODE", 8 + 4, std::uint16_t{60000}, "state 4: fallback state 60000");
  damaged("NODE", 6, std::uint16_t{999}, "state 3 names output list 999");
  damaged("NODE", 0, std::uint32_t{1000}, "state 3: edges from 1000 past");
  damaged("NODE", 8 * 8, std::uint32_t{0}, "edges from");
  damaged("NODE", 8 * 8 + 4, std::uint16_t{1}, "not the sentinel");
  damaged("EDGE", 2, std::uint16_t{9999}, "next state 9999 of 11");
  damaged("EDGE", 0, std::uint16_t{999}, "symbol 999 of 12");
  // A smaller fallback that is still a smaller number: a valid file, other answers at worst.
  Bytes b = good;
  put(b, section(good, "NODE").offset + 8 * 5 + 4, std::uint16_t{0});
  fix_checksum(b);
  CHECK(loads_or_refuses(b, test::read_lines(kData + "edge-cases.words")));
}

TEST_CASE("the small layout hyphenates as the fast one, and round-trips") {
  const auto words = test::read_lines(kData + "en-us.words");
  const auto edge = test::read_lines(kData + "edge-cases.words");
  const hyph::Hyphenator english = hyph::Hyphenator::english();
  const Compiled small(compiled(english, {}, {}, hyph::CompiledLayout::small));
  CHECK(hyph::detail::model_of(small.h).automaton.small());
  CHECK(small.bytes.size() < compiled(english).size() / 3);
  CHECK(differences(english, small.h, words) == 0);
  CHECK(differences(english, small.h, edge) == 0);
  // Small to fast gives the fast file; small again, the same small file.
  CHECK(compiled(small.h) == compiled(english));
  CHECK(compiled(small.h, {}, {}, hyph::CompiledLayout::small) == small.bytes);
  for (const std::string tag : {"de-1996", "ru"}) {
    CAPTURE(tag);
    const hyph::Hyphenator source = hyph::load_language(tag, {}, {}, test::vendored());
    const auto lines = language_lines(tag);
    const Compiled file(compiled(source, {}, {}, hyph::CompiledLayout::small));
    CHECK(differences(source, file.h, lines) == 0);
    CHECK(compiled(file.h) == compiled(source));
  }
  // Patterns longer than a window: lists, not windows, in both layouts.
  const std::vector<hyph::Source> long_patterns{test::memory("long.tex", "\\patterns{a1bcdefghijklmnopqrs 2b1c .ab4c hy3ph}")};
  const hyph::Hyphenator longer = hyph::Hyphenator::load(long_patterns);
  for (const hyph::CompiledLayout layout : {hyph::CompiledLayout::fast, hyph::CompiledLayout::small}) {
    const Compiled file(compiled(longer, {}, {}, layout));
    CHECK(section(file.bytes, "WIND").length == 0);
    CHECK(section(file.bytes, "LIST").length > 0);
    for (const std::string w : {"abcdefghijklmnopqrst", "xabcdefghijklmnopqrsx", "abc", "hyphen"}) CHECK(file.h.hyphenated(w) == longer.hyphenated(w));
  }
}

TEST_CASE("the compact form is the small layout packed: the same tables, the same answers; loaded fast where it fits") {
  const auto edge = test::read_lines(kData + "edge-cases.words");
  const hyph::Hyphenator english = hyph::Hyphenator::english();
  const Compiled compact(compiled(english, {}, {}, hyph::CompiledLayout::compact));
  const Bytes small = compiled(english, {}, {}, hyph::CompiledLayout::small);
  CHECK(std::memcmp(compact.bytes.data(), "\x89HYC", 4) == 0);
  // In memory English takes the fast layout (its rows are 0.6 MB, within the loader's 4 MiB).
  CHECK_FALSE(hyph::detail::model_of(compact.h).automaton.small());
  CHECK(compact.bytes.size() < small.size() * 2 / 3);  // and gzipped, half
  // Unpacked, written small again: the small file, byte for byte (so the very tables); and
  // compact again, the same compact file.
  CHECK(compiled(compact.h, {}, {}, hyph::CompiledLayout::small) == small);
  CHECK(compiled(compact.h, {}, {}, hyph::CompiledLayout::compact) == compact.bytes);
  CHECK(differences(english, compact.h, test::read_lines(kData + "en-us.words")) == 0);
  CHECK(differences(english, compact.h, edge) == 0);
  for (const std::string tag : {"de-1996", "ru"}) {
    CAPTURE(tag);
    const hyph::Hyphenator source = hyph::load_language(tag, {}, {}, test::vendored());
    const auto lines = language_lines(tag);
    const Compiled file(compiled(source, {}, {}, hyph::CompiledLayout::compact));
    CHECK(differences(source, file.h, lines) == 0);
    CHECK(compiled(file.h, {}, {}, hyph::CompiledLayout::small) == compiled(source, {}, {}, hyph::CompiledLayout::small));
    // German's fast rows would be 7 MB: it stays small in memory.
    if (tag == "de-1996") CHECK(hyph::detail::model_of(file.h).automaton.small());
  }
  // Patterns longer than a window (lists), and a file from a file.
  const hyph::Hyphenator longer = hyph::Hyphenator::load(std::vector{test::memory("long.tex", "\\patterns{a1bcdefghijklmnopqrs 2b1c .ab4c hy3ph}")});
  const Compiled lists(compiled(longer, {}, {}, hyph::CompiledLayout::compact));
  for (const std::string w : {"abcdefghijklmnopqrst", "xabcdefghijklmnopqrsx", "abc", "hyphen"}) CHECK(lists.h.hyphenated(w) == longer.hyphenated(w));
}

TEST_CASE("damaged compact files are refused, or load and work") {
  const Bytes good = compiled(hyph::Hyphenator::english(), {}, {}, hyph::CompiledLayout::compact);
  // Without a fixed checksum, any change is refused.
  Bytes flipped = good;
  flipped[section(good, "NODZ").offset + 9] ^= std::byte{1};
  expect_bad(flipped, "checksum mismatch");
  for (std::size_t cut = 1; cut < good.size(); cut += 97) expect_bad(Bytes(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(cut)), "truncated");
  auto damaged = [&](const std::string& tag, std::size_t at, auto value, const std::string& what) {
    expect_bad_at(good, tag, at, value, what);
  };
  damaged("EDGZ", 0, std::uint32_t{0xFFFFFFF0}, "section EDGZ: 4294967280 entries do not fit");
  damaged("NODZ", 0, std::uint32_t{0x7FFFFFFF}, "section NODZ: 2147483647 entries do not fit");
  damaged("EDGZ", 0, std::uint32_t{3}, "bytes after its last entry");
  damaged("NODZ", 4, std::uint8_t{0x7F}, "edges go past those of EDGZ");
  damaged("EDGZ", 4, std::uint8_t{0xFF}, "");  // a symbol's number runs on
  // Every byte of the packed sections, a sample, the checksum fixed: refused or working.
  const auto edge = test::read_lines(kData + "edge-cases.words");
  std::size_t refused = 0, loaded = 0;
  for (const std::string tag : {"NODZ", "EDGZ"}) {
    const SectionEntry s = section(good, tag);
    for (std::uint64_t k = 0; k < 200; ++k) {
      Bytes b = good;
      b[s.offset + (k * 7919 + k * k) % s.length] ^= std::byte{static_cast<unsigned char>(1 + k % 255)};
      fix_checksum(b);
      (loads_or_refuses(b, edge) ? loaded : refused) += 1;
    }
  }
  MESSAGE(refused << " damaged compact files refused, " << loaded << " loaded");
  CHECK(refused > 0);
}

TEST_CASE("bad output lists (patterns longer than a window)") {
  const std::vector<hyph::Source> long_patterns{test::memory("long.tex", "\\patterns{a1bcdefghijklmnopqrs 2b1c .ab4c hy3ph}")};
  const Bytes good = compiled(hyph::Hyphenator::load(long_patterns));
  auto damaged = [&](const std::string& tag, std::size_t at, auto value, const std::string& what) {
    expect_bad_at(good, tag, at, value, what);
  };
  damaged("LIST", 0, std::uint32_t{1}, "output list 0");
  damaged("LIST", 4, std::uint32_t{(100u << 8) | 1}, "does not follow");
  damaged("LIST", 4, std::uint32_t{200}, "does not follow");
  damaged("OUTP", 0, std::uint16_t{0}, "out of order or range");
  damaged("OUTP", 0, std::uint16_t{(70 << 8) | 3}, "out of order or range");
}

TEST_CASE("a filter that turns an exception away is refused") {
  hyph::Settings s;
  s.exceptions.filter = hyph::FilterKind::bloom;
  s.exceptions.fp_rate = 0.001;
  const Bytes good = compiled(hyph::Hyphenator::load(std::vector{hyph::Source::file(kData + "compiled/tiny.tex")}, s));
  const SectionEntry filter = section(good, "FILT");
  // bloom: ε, k, keys, byte count, then the bits: clear them all.
  Bytes b = good;
  const auto bits = get<std::uint64_t>(b, filter.offset + 24);
  std::memset(b.data() + filter.offset + 32, 0, bits);
  fix_checksum(b);
  expect_bad(b, "does not hold every exception");
  // k = 0: the filter's own checks.
  b = good;
  put<std::uint64_t>(b, filter.offset + 8, 0);
  fix_checksum(b);
  expect_bad(b, "section FILT: bloom filter: k 0");
}
