// hyph/exception_store.h: the public way to write, check, list and look up exception stores.
// A store written from a source answers as the source does when a load maps it; the bytes
// depend only on the words; every malformed input is a located error.
#include "test_support.h"

#include <hyph/exception_store.h>
#include <hyph/hyphenator.h>

#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

namespace {

const std::string kHyphenex = HYPH_SOURCE_DIR "/patterns/data/ushyphex.tex";

// A fresh path in the temporary directory, removed when the test ends.
struct TempPath {
  std::filesystem::path path;
  explicit TempPath(const std::string& name)
      : path(std::filesystem::temp_directory_path() / ("hyph-store-api-" + std::to_string(::getpid()) + "-" + name)) {}
  ~TempPath() {
    std::error_code ec;
    std::filesystem::remove(path, ec);
  }
};

std::map<std::string, std::string> listing(const hyph::ExceptionStoreReader& store) {
  std::map<std::string, std::string> out;
  store.for_each([&](const hyph::StoreEntry& e) { out.emplace(std::string(e.word), std::string(e.hyphenated)); });
  return out;
}

}  // namespace

TEST_CASE("exception store: hyphenex written, read back and mapped by a load answers as the source") {
  hyph::ExceptionStoreWriter writer;
  const hyph::StoreSourceCounts counts = writer.add(hyph::Source::file(kHyphenex));
  CHECK(counts.words > 1700);
  CHECK(counts.patterns_ignored == 0);
  CHECK(writer.size() == 1753);
  TempPath file("hyphenex.hyphstore");
  writer.write_file(file.path);
  for (const auto& entry : std::filesystem::directory_iterator(file.path.parent_path()))  // no temporary file left
    CHECK_FALSE(entry.path().filename().string().starts_with(file.path.filename().string() + "."));

  const auto store = hyph::ExceptionStoreReader::open(file.path);
  CHECK(store.size() == 1753);
  CHECK(store.file_size() == std::filesystem::file_size(file.path));
  CHECK(store.file_size() == writer.bytes().size());
  CHECK(hyph::ExceptionStoreReader::format_version() == 1);
  CHECK((std::size_t{1} << store.directory_bits()) * 2 >= store.size());
  const auto letters = store.letters();
  CHECK(std::is_sorted(letters.begin(), letters.end()));
  CHECK(store.find("hyphenation") == std::optional<std::string>("hy-phen-a-tion"));
  CHECK_FALSE(store.find("table").has_value());
  CHECK_FALSE(store.find("Hyphenation").has_value());  // looked up as stored: lower case

  const auto words = listing(store);
  CHECK(words.size() == 1753);
  CHECK(words.at("hyphenation") == "hy-phen-a-tion");
  std::size_t with_breaks = 0;
  store.for_each([&](const hyph::StoreEntry& e) {
    with_breaks += e.breaks != 0;
    CHECK(store.find(e.word) == std::optional<std::string>(e.hyphenated));
  });
  CHECK(with_breaks > 0);

  hyph::Settings settings;
  settings.exception_stores = {file.path};
  const auto mapped = hyph::Hyphenator::english(settings);
  CHECK(mapped.hyphenated("hyphenation Hyphenation tables") == test::hyphenex().hyphenated("hyphenation Hyphenation tables"));
}

TEST_CASE("exception store: the bytes depend on the words only; a later word replaces an earlier one") {
  hyph::ExceptionStoreWriter a, b;
  a.add(test::memory("a.hyp.txt", "ta-ble\nhy-phen-ation\n", hyph::SourceFormat::exception_list));
  b.add(test::memory("b.hyp.txt", "hyphen-ation\n", hyph::SourceFormat::exception_list));
  b.add(test::memory("c.hyp.txt", "hy-phen-ation\nta-ble\n", hyph::SourceFormat::exception_list));
  CHECK(a.size() == 2);
  CHECK(b.size() == 2);
  CHECK(a.bytes() == b.bytes());
  std::ostringstream streamed;
  a.write(streamed);
  CHECK(streamed.str() == a.bytes());

  hyph::ExceptionStoreWriter later;
  later.add(test::memory("x.hyp.txt", "ta-ble\n", hyph::SourceFormat::exception_list));
  later.add_pair("table", {"y.tsv", 1, 1}, "tab-le", {"y.tsv", 1, 7});
  TempPath file("later.hyphstore");
  later.write_file(file.path);
  CHECK(hyph::ExceptionStoreReader::open(file.path).find("table") == std::optional<std::string>("tab-le"));
}

TEST_CASE("exception store: a TeX source's patterns and \\lccode are counted, not stored") {
  hyph::ExceptionStoreWriter writer;
  const auto counts = writer.add(test::memory("mixed.tex", "\\lccode`\\'=`\\'\n\\patterns{1ba 2bc}\n\\hyphenation{ta-ble Ab-c}\n"));
  CHECK(counts.words == 2);
  CHECK(counts.patterns_ignored == 2);
  CHECK(counts.lccodes_ignored == 1);
  CHECK(writer.size() == 2);
}

TEST_CASE("exception store: word pairs are checked and their errors located in their columns") {
  hyph::ExceptionStoreWriter writer;
  writer.add_pair("Tables", {"h.tsv", 3, 1}, "tab-les", {"h.tsv", 3, 8});
  CHECK(writer.size() == 1);

  auto error_of = [&](std::string_view word, std::string_view hyphenated) -> std::string {
    try {
      writer.add_pair(word, {"h.tsv", 7, 1}, hyphenated, {"h.tsv", 7, word.size() + 2});
    } catch (const hyph::ParseError& e) {
      return e.what();
    }
    return "no error";
  };
  CHECK(error_of("chair", "cha-irs") == "h.tsv:7:7: the hyphenated form does not spell the word");
  CHECK(error_of("table", "ta-ble chair") == "h.tsv:7:7: expected one word in each column");
  CHECK(error_of("", "ta-ble") == "h.tsv:7:1: expected one word in each column");
  const std::string bad = error_of("table", "ta-b\xff" "le");
  CHECK(bad.rfind("h.tsv:7:", 0) == 0);
  CHECK(writer.size() == 1);  // nothing added by a failed pair
}

TEST_CASE("exception store: damaged, missing and unwritable files are typed errors") {
  TempPath file("damaged.hyphstore");
  {
    std::ofstream out(file.path, std::ios::binary);
    out << "\\hyphenation{ta-ble}\n";
  }
  try {
    (void)hyph::ExceptionStoreReader::open(file.path);
    FAIL("no error");
  } catch (const hyph::Error& e) {
    CHECK(e.code() == hyph::ErrorCode::bad_format);
    CHECK(std::string(e.what()).find("not a valid exception store") != std::string::npos);
  }
  TempPath missing("missing.hyphstore");
  CHECK_THROWS_AS((void)hyph::ExceptionStoreReader::open(missing.path), hyph::Error);

  hyph::ExceptionStoreWriter writer;
  writer.add(test::memory("a.hyp.txt", "ta-ble\n", hyph::SourceFormat::exception_list));
  const std::string nowhere = (std::filesystem::temp_directory_path() / "no-such-dir-hyph" / "x.hyphstore").string();
  try {
    writer.write_file(nowhere);
    FAIL("no error");
  } catch (const hyph::Error& e) {
    CHECK(e.code() == hyph::ErrorCode::io);
    CHECK(std::string(e.what()) == nowhere + ": cannot create a temporary file beside it: No such file or directory");
  }
  CHECK_THROWS_AS(writer.add(test::memory("bad.hyp.txt", "ta-b\xffle\n", hyph::SourceFormat::exception_list)), hyph::Error);
}
