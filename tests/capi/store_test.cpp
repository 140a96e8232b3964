// The C API's exception stores: hyph_store_writer_* writes the bytes the C++ writer writes (and
// hyph-store, which is built on it: HYPH_TEST_STORE), hyph_store_* opens, describes, lists and
// looks up a store; the struct_size rule of the two out-structs; errors with their places.
#include "support.h"

#include <unistd.h>

#include <cstddef>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>

using capi::ErrorHolder;

namespace {

const std::string kHyphenex = HYPH_SOURCE_DIR "/patterns/data/ushyphex.tex";

std::string temp_file(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("hyph-capi-store-" + std::to_string(::getpid()) + "-" + name)).string();
}

std::string contents(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

int collect(void* context, const char* word, size_t word_length, uint64_t breaks, const char* hyphenated,
            size_t hyphenated_length) {
  auto& out = *static_cast<std::map<std::string, std::pair<uint64_t, std::string>>*>(context);
  out[std::string(word, word_length)] = {breaks, std::string(hyphenated, hyphenated_length)};
  return 0;
}

int stop_at_three(void* context, const char*, size_t, uint64_t, const char*, size_t) { return ++*static_cast<int*>(context) == 3; }

}  // namespace

TEST_CASE("hyph_store_writer: hyphenex from a file gives hyph-store's bytes; the store opens, lists and finds") {
  hyph_store_writer* writer = nullptr;
  ErrorHolder err;
  REQUIRE(hyph_store_writer_new(&writer, &err) == HYPH_OK);
  hyph_store_source_counts counts;
  std::memset(&counts, 0, sizeof counts);
  counts.struct_size = sizeof counts;
  REQUIRE(hyph_store_writer_add_file(writer, kHyphenex.c_str(), HYPH_FORMAT_DETECT, &counts, &err) == HYPH_OK);
  CHECK(counts.words > 1700);
  CHECK(counts.patterns_ignored == 0);
  CHECK(hyph_store_writer_size(writer) == 1753);
  const std::string path = temp_file("hyphenex.hyphstore");
  REQUIRE(hyph_store_writer_write(writer, path.c_str(), &err) == HYPH_OK);
  hyph_store_writer_free(writer);
  CHECK(contents(path) == contents(HYPH_TEST_STORE));  // what hyph-store wrote at build time

  hyph_store* store = nullptr;
  REQUIRE(hyph_store_open(path.c_str(), &store, &err) == HYPH_OK);
  hyph_store_info info;
  std::memset(&info, 0xAB, sizeof info);
  info.struct_size = sizeof info;
  REQUIRE(hyph_store_get_info(store, &info, &err) == HYPH_OK);
  CHECK(info.format_version == 1);
  CHECK(info.words == 1753);
  CHECK(info.file_size == contents(path).size());
  CHECK(info.letters == 26);
  CHECK((std::size_t{1} << info.directory_bits) * 2 >= info.words);

  // An older caller's struct: only the fields its size covers are written.
  hyph_store_info small;
  std::memset(&small, 0xAB, sizeof small);
  small.struct_size = offsetof(hyph_store_info, words);
  REQUIRE(hyph_store_get_info(store, &small, nullptr) == HYPH_OK);
  CHECK(small.format_version == 1);
  CHECK(small.words == static_cast<size_t>(0xABABABABABABABABull));
  small.struct_size = 0;
  CHECK(hyph_store_get_info(store, &small, nullptr) == HYPH_ERROR_INVALID_ARGUMENT);

  char out[64];
  CHECK(hyph_store_find(store, "hyphenation", 11, out, sizeof out) == 14);
  CHECK(std::string(out) == "hy-phen-a-tion");
  CHECK(hyph_store_find(store, "hyphenation", 11, out, 5) == 14);  // like snprintf
  CHECK(std::string(out) == "hy-p");
  CHECK(hyph_store_find(store, "hyphenation", 11, nullptr, 0) == 14);
  CHECK(hyph_store_find(store, "table", 5, out, sizeof out) == 0);
  CHECK(hyph_store_find(nullptr, "table", 5, out, sizeof out) == 0);

  std::map<std::string, std::pair<uint64_t, std::string>> words;
  REQUIRE(hyph_store_for_each(store, collect, &words, &err) == HYPH_OK);
  CHECK(words.size() == 1753);
  CHECK(words["hyphenation"].second == "hy-phen-a-tion");
  CHECK(words["hyphenation"].first == ((1u << 2) | (1u << 6) | (1u << 7)));
  int seen = 0;
  REQUIRE(hyph_store_for_each(store, stop_at_three, &seen, nullptr) == HYPH_OK);
  CHECK(seen == 3);
  CHECK(hyph_store_for_each(store, nullptr, nullptr, nullptr) == HYPH_ERROR_INVALID_ARGUMENT);
  hyph_store_free(store);
  std::filesystem::remove(path);
}

TEST_CASE("hyph_store_writer: sources in memory, word pairs, and their errors") {
  hyph_store_writer* writer = nullptr;
  REQUIRE(hyph_store_writer_new(&writer, nullptr) == HYPH_OK);
  const char tex[] = "\\patterns{1ba}\n\\hyphenation{ta-ble}\n";
  const hyph_source source{"mixed.tex", tex, sizeof tex - 1, HYPH_FORMAT_TEX};
  hyph_store_source_counts counts;
  counts.struct_size = offsetof(hyph_store_source_counts, patterns_ignored);  // words only
  counts.patterns_ignored = 99;
  REQUIRE(hyph_store_writer_add_source(writer, &source, &counts, nullptr) == HYPH_OK);
  CHECK(counts.words == 1);
  CHECK(counts.patterns_ignored == 99);
  REQUIRE(hyph_store_writer_add_source(writer, &source, nullptr, nullptr) == HYPH_OK);

  CHECK(hyph_store_writer_add_pair(writer, "Tables", 6, "tab-les", 7, "house.tsv", 4, nullptr) == HYPH_OK);
  CHECK(hyph_store_writer_size(writer) == 2);
  {
    ErrorHolder err;
    CHECK(hyph_store_writer_add_pair(writer, "chair", 5, "cha-irs", 7, "house.tsv", 9, &err) == HYPH_ERROR_PARSE);
    REQUIRE(err.e != nullptr);
    CHECK(std::string(err->message) == "house.tsv:9:7: the hyphenated form does not spell the word");
    CHECK(std::string(err->file) == "house.tsv");
    CHECK(err->line == 9);
    CHECK(err->column == 7);
  }
  {
    ErrorHolder err;
    CHECK(hyph_store_writer_add_pair(writer, "table", 5, "ta-ble chair", 12, nullptr, 1, &err) == HYPH_ERROR_PARSE);
    REQUIRE(err.e != nullptr);
    CHECK(std::string(err->message) == "(memory):1:7: expected one word in each column");
  }
  {
    ErrorHolder err;
    const hyph_source bad{"bad.hyp.txt", "ta-b\xff" "le\n", 8, HYPH_FORMAT_EXCEPTION_LIST};
    CHECK(hyph_store_writer_add_source(writer, &bad, nullptr, &err) == HYPH_ERROR_BAD_UTF8);
    REQUIRE(err.e != nullptr);
    CHECK(std::string(err->file) == "bad.hyp.txt");
  }
  const hyph_source unknown{"x", "", 0, 42};
  CHECK(hyph_store_writer_add_source(writer, &unknown, nullptr, nullptr) == HYPH_ERROR_INVALID_ARGUMENT);
  CHECK(hyph_store_writer_add_file(writer, "/nonexistent/x.hyp.txt", HYPH_FORMAT_DETECT, nullptr, nullptr) == HYPH_ERROR_IO);
  CHECK(hyph_store_writer_add_pair(nullptr, "a", 1, "a", 1, nullptr, 1, nullptr) == HYPH_ERROR_INVALID_ARGUMENT);
  CHECK(hyph_store_writer_size(writer) == 2);

  ErrorHolder err;
  CHECK(hyph_store_writer_write(writer, "/nonexistent/dir/x.hyphstore", &err) == HYPH_ERROR_IO);
  REQUIRE(err.e != nullptr);
  CHECK(std::string(err->message) == "/nonexistent/dir/x.hyphstore: cannot create a temporary file beside it: No such file or directory");
  hyph_store_writer_free(writer);
  hyph_store_writer_free(nullptr);
}

TEST_CASE("hyph_store_open: damaged and missing files") {
  const std::string path = temp_file("damaged.hyphstore");
  {
    std::ofstream out(path, std::ios::binary);
    out << "\\hyphenation{ta-ble}\n";
  }
  hyph_store* store = reinterpret_cast<hyph_store*>(1);
  ErrorHolder err;
  CHECK(hyph_store_open(path.c_str(), &store, &err) == HYPH_ERROR_BAD_FORMAT);
  CHECK(store == nullptr);
  REQUIRE(err.e != nullptr);
  CHECK(std::string(err->message).find("not a valid exception store") != std::string::npos);
  CHECK(hyph_store_open("/nonexistent/x.hyphstore", &store, nullptr) == HYPH_ERROR_IO);
  CHECK(hyph_store_open(nullptr, &store, nullptr) == HYPH_ERROR_INVALID_ARGUMENT);
  CHECK(hyph_store_open(path.c_str(), nullptr, nullptr) == HYPH_ERROR_INVALID_ARGUMENT);
  hyph_store_free(nullptr);
  std::filesystem::remove(path);
}
