// hyph_probe_file and hyph_probe_memory (C) and hyph::probe_file and hyph::probe_bytes (C++):
// what a file holds, from its magic number, for a compiled TeX file, a compiled .dic, a
// pattern source, garbage, a missing file and a folder.
#include "support.h"

#include <hyph/error.h>
#include <hyph/file_kind.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <span>
#include <string>
#include <vector>

#include <unistd.h>

using capi::ErrorHolder;

namespace {

const std::string kCompiled = HYPH_SOURCE_DIR "/tests/data/compiled/";

// A file in the test's temporary folder with these bytes.
std::string write_temporary(const std::string& name, const std::string& bytes) {
  const auto path = std::filesystem::temp_directory_path() / ("hyph-probe-" + std::to_string(::getpid()) + "-" + name);
  std::ofstream(path, std::ios::binary) << bytes;
  return path.string();
}

int c_kind(const std::string& path) {
  int kind = -1;
  ErrorHolder error;
  REQUIRE_MESSAGE(hyph_probe_file(path.c_str(), &kind, &error) == HYPH_OK, (error.e ? error.e->message : ""));
  CHECK(error.e == nullptr);
  return kind;
}

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

}  // namespace

TEST_CASE("probe: compiled TeX, compiled .dic, a pattern file, garbage") {
  const std::string tex = kCompiled + "tiny.hyb";
  const std::string dic = kCompiled + "tiny-dic.hyb";
  const std::string source = kCompiled + "tiny.tex";
  const std::string dic_source = kCompiled + "tiny.dic";
  // Garbage: random-looking bytes, and a file cut inside the magic number.
  const std::string garbage = write_temporary("garbage", std::string("\x89HYZ\r\n\x1A\n\x00\x01\xFF", 11));
  const std::string cut = write_temporary("cut", "\x89HYB\r\n");
  const std::string empty = write_temporary("empty", "");

  CHECK(c_kind(tex) == HYPH_FILE_COMPILED_TEX);
  CHECK(c_kind(dic) == HYPH_FILE_COMPILED_DIC);
  CHECK(c_kind(source) == HYPH_FILE_OTHER);
  CHECK(c_kind(dic_source) == HYPH_FILE_OTHER);
  CHECK(c_kind(garbage) == HYPH_FILE_OTHER);
  CHECK(c_kind(cut) == HYPH_FILE_OTHER);
  CHECK(c_kind(empty) == HYPH_FILE_OTHER);

  CHECK(hyph::probe_file(tex) == hyph::FileKind::compiled_tex);
  CHECK(hyph::probe_file(dic) == hyph::FileKind::compiled_dic);
  CHECK(hyph::probe_file(source) == hyph::FileKind::other);
  CHECK(hyph::probe_file(garbage) == hyph::FileKind::other);
  CHECK(hyph::probe_file(empty) == hyph::FileKind::other);

  // In memory: the same answers from the same bytes.
  const std::string tex_bytes = file_bytes(tex), dic_bytes = file_bytes(dic), source_bytes = file_bytes(source);
  CHECK(hyph_probe_memory(tex_bytes.data(), tex_bytes.size()) == HYPH_FILE_COMPILED_TEX);
  CHECK(hyph_probe_memory(dic_bytes.data(), dic_bytes.size()) == HYPH_FILE_COMPILED_DIC);
  CHECK(hyph_probe_memory(source_bytes.data(), source_bytes.size()) == HYPH_FILE_OTHER);
  CHECK(hyph_probe_memory(tex_bytes.data(), 7) == HYPH_FILE_OTHER);
  CHECK(hyph_probe_memory(nullptr, 100) == HYPH_FILE_OTHER);
  CHECK(hyph::probe_bytes(std::as_bytes(std::span(dic_bytes))) == hyph::FileKind::compiled_dic);

  // What the probe says, hyph_load_compiled loads in that dialect.
  capi::Loaded loaded;
  REQUIRE(hyph_load_compiled(dic.c_str(), nullptr, &loaded.h, nullptr) == HYPH_OK);
  CHECK(hyph_dialect_of(loaded) == HYPH_DIALECT_LIBHYPHEN);

  for (const std::string& path : {garbage, cut, empty}) std::remove(path.c_str());
}

TEST_CASE("probe: a missing file, a folder and NULLs are errors") {
  int kind = 7;
  ErrorHolder missing;
  CHECK(hyph_probe_file("/nonexistent/x.hyb", &kind, &missing) == HYPH_ERROR_IO);
  REQUIRE(missing.e != nullptr);
  CHECK(std::string(missing.e->message).find("/nonexistent/x.hyb") != std::string::npos);
  CHECK(std::string(missing.e->file) == "/nonexistent/x.hyb");
  CHECK(kind == 7);  // untouched

  ErrorHolder folder;
  CHECK(hyph_probe_file(HYPH_SOURCE_DIR, &kind, &folder) == HYPH_ERROR_IO);
  REQUIRE(folder.e != nullptr);
  CHECK(std::string(folder.e->message).find("is a directory") != std::string::npos);

  ErrorHolder null_path, null_kind;
  CHECK(hyph_probe_file(nullptr, &kind, &null_path) == HYPH_ERROR_INVALID_ARGUMENT);
  CHECK(hyph_probe_file((kCompiled + "tiny.hyb").c_str(), nullptr, &null_kind) == HYPH_ERROR_INVALID_ARGUMENT);
  CHECK(hyph_probe_file("/nonexistent/x.hyb", &kind, nullptr) == HYPH_ERROR_IO);

  try {
    (void)hyph::probe_file("/nonexistent/x.hyb");
    FAIL("no exception");
  } catch (const hyph::Error& e) {
    CHECK(e.code() == hyph::ErrorCode::io);
    CHECK(std::string(e.what()).find("/nonexistent/x.hyb: cannot open") != std::string::npos);
  }
  CHECK_THROWS_AS((void)hyph::probe_file(HYPH_SOURCE_DIR), hyph::Error);
}
