// hyph_options and its struct_size rule: the defaults hyph_options_init gives for the size a
// caller says it has; every loader reads the options; a caller compiled against an older,
// smaller struct still works, and one compiled against a later, larger struct works while the
// fields this library does not know are zero, and is refused once one is set.
#include "support.h"

#include <cstddef>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

using capi::ErrorHolder;
using capi::Loaded;

namespace {

const std::string kCompiled = HYPH_SOURCE_DIR "/tests/data/compiled/";

// hyph_options as a header with only its first four settings would have declared it.
struct OlderOptions {
  size_t struct_size;
  int left_min;
  int right_min;
  int uchyph;
  int letters;
};

// hyph_options as a later header might declare it: two fields more at its end.
struct LaterOptions {
  hyph_options known;
  int later_setting;
  const char* later_name;
};

std::vector<char> file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}


}  // namespace

TEST_CASE("hyph_options_init: every default, written within the size the caller gives") {
  hyph_options o;
  std::memset(&o, 0xAB, sizeof o);
  hyph_options_init(&o, sizeof o);
  CHECK(o.struct_size == sizeof o);
  CHECK(o.left_min == HYPH_MIN_DEFAULT);
  CHECK(o.right_min == HYPH_MIN_DEFAULT);
  CHECK(o.uchyph == HYPH_UCHYPH_DEFAULT);
  CHECK(o.letters == HYPH_LETTERS_DEFAULT);
  CHECK(o.normalization == HYPH_NORMALIZE_NONE);
  CHECK(o.dic_minimums == HYPH_DIC_MINIMUMS_LARGER);
  CHECK(o.filter == HYPH_FILTER_NONE);
  CHECK(o.fp_rate == doctest::Approx(0.01));
  CHECK(o.exception_stores == nullptr);
  CHECK(o.exception_store_count == 0);

  // An older caller's smaller struct: nothing past its size is touched.
  unsigned char bytes[sizeof(hyph_options) + 8];
  std::memset(bytes, 0xAB, sizeof bytes);
  auto* older = reinterpret_cast<hyph_options*>(bytes);
  hyph_options_init(older, sizeof(OlderOptions));
  CHECK(older->struct_size == sizeof(OlderOptions));
  CHECK(older->letters == HYPH_LETTERS_DEFAULT);
  for (std::size_t k = sizeof(OlderOptions); k < sizeof bytes; ++k) CHECK(bytes[k] == 0xAB);

  // A later caller's larger struct: its unknown tail is zeroed, which loaders accept.
  LaterOptions later;
  std::memset(&later, 0xAB, sizeof later);
  hyph_options_init(&later.known, sizeof later);
  CHECK(later.known.struct_size == sizeof later);
  CHECK(later.later_setting == 0);
  CHECK(later.later_name == nullptr);

  hyph_options_init(nullptr, sizeof o);  // nothing happens
  hyph_options tiny;
  std::memset(&tiny, 0xAB, sizeof tiny);
  hyph_options_init(&tiny, 1);
  CHECK(tiny.left_min != HYPH_MIN_DEFAULT);  // too small to hold struct_size: left alone
}

TEST_CASE("hyph_options: every loader reads them") {
  // Minimums of 5: above every file's own, so that libhyphen's rule (the larger) gives them too.
  const hyph_options o = capi::settings(5, 5);
  const char* dirs[] = {HYPH_SOURCE_DIR "/patterns/data/hyph-utf8/txt"};
  const char* tex = HYPH_SOURCE_DIR "/tests/data/compiled/tiny.tex";
  const std::string tex_bytes = "\\patterns{1ba}";
  const hyph_source source{"tiny", tex_bytes.data(), tex_bytes.size(), HYPH_FORMAT_TEX};
  const std::string dic = kCompiled + "tiny.dic";
  const std::vector<char> dic_bytes = file_bytes(dic);
  const std::string compiled = kCompiled + "tiny.hyb";
  const std::string compiled_dic = kCompiled + "tiny-dic.hyb";
  std::vector<char> compiled_bytes = file_bytes(compiled);
  REQUIRE(!dic_bytes.empty());
  REQUIRE(!compiled_bytes.empty());

  struct Case {
    std::string name;
    std::function<hyph_status(const hyph_options*, hyph_hyphenator**, hyph_error**)> load;
  };
  const std::vector<Case> cases = {
      {"language", [&](auto* opt, auto** h, auto** e) { return hyph_load_language("de-1996", dirs, 1, opt, h, e); }},
      {"english", [&](auto* opt, auto** h, auto** e) { return hyph_load_english(nullptr, 0, opt, h, e); }},
      {"files", [&](auto* opt, auto** h, auto** e) { return hyph_load_files(&tex, 1, opt, h, e); }},
      {"sources", [&](auto* opt, auto** h, auto** e) { return hyph_load_sources(&source, 1, opt, h, e); }},
      {"dic", [&](auto* opt, auto** h, auto** e) { return hyph_load_dic(dic.c_str(), opt, h, e); }},
      {"dic_memory",
       [&](auto* opt, auto** h, auto** e) { return hyph_load_dic_memory(dic_bytes.data(), dic_bytes.size(), "tiny.dic", opt, h, e); }},
      {"compiled", [&](auto* opt, auto** h, auto** e) { return hyph_load_compiled(compiled.c_str(), opt, h, e); }},
      {"compiled .dic", [&](auto* opt, auto** h, auto** e) { return hyph_load_compiled(compiled_dic.c_str(), opt, h, e); }},
      {"compiled_memory",
       [&](auto* opt, auto** h, auto** e) { return hyph_load_compiled_memory(compiled_bytes.data(), compiled_bytes.size(), opt, h, e); }},
  };
  for (const Case& c : cases) {
    CAPTURE(c.name);
    Loaded with_defaults, with_ones, older;
    CAPTURE(o.left_min);
    ErrorHolder error;
    REQUIRE_MESSAGE(c.load(nullptr, &with_defaults.h, &error) == HYPH_OK, std::string(error.e ? error.e->message : ""));
    REQUIRE_MESSAGE(c.load(&o, &with_ones.h, &error) == HYPH_OK, std::string(error.e ? error.e->message : ""));
    CHECK(hyph_left_min(with_ones) == 5);
    CHECK(hyph_right_min(with_ones) == 5);

    // The same through the older, smaller struct, in memory of exactly its size.
    auto old = std::make_unique<OlderOptions>();
    old->struct_size = sizeof(OlderOptions);
    old->left_min = 5;
    old->right_min = 5;
    old->uchyph = HYPH_UCHYPH_DEFAULT;
    old->letters = HYPH_LETTERS_DEFAULT;
    REQUIRE_MESSAGE(c.load(reinterpret_cast<const hyph_options*>(old.get()), &older.h, &error) == HYPH_OK,
                    (error.e ? error.e->message : ""));
    CHECK(hyph_left_min(older) == 5);
    CHECK(hyph_right_min(older) == 5);
    // Fields past the caller's struct_size are not read, however wrong they would be.
    hyph_options short_one = o;
    short_one.struct_size = offsetof(hyph_options, normalization);
    short_one.normalization = 99;
    short_one.dic_minimums = 99;
    short_one.filter = 99;
    Loaded shortened;
    REQUIRE_MESSAGE(c.load(&short_one, &shortened.h, &error) == HYPH_OK, std::string(error.e ? error.e->message : ""));
    CHECK(hyph_left_min(shortened) == 5);

    // A field the library does not know, set: refused, whatever the source.
    LaterOptions later{};
    hyph_options_init(&later.known, sizeof later);
    later.later_setting = 1;
    Loaded none;
    ErrorHolder refused;
    CHECK(c.load(&later.known, &none.h, &refused) == HYPH_ERROR_INVALID_ARGUMENT);
    CHECK(none.h == nullptr);
    REQUIRE(refused.e != nullptr);
    CHECK(std::string(refused.e->message).find("does not know") != std::string::npos);
  }
}

TEST_CASE("hyph_options: struct_size") {
  // A later header's struct whose unknown fields are zero: the fields known here apply.
  LaterOptions later{};
  hyph_options_init(&later.known, sizeof later);
  later.known.left_min = 1;
  Loaded h;
  REQUIRE(hyph_load_english(nullptr, 0, &later.known, &h.h, nullptr) == HYPH_OK);
  CHECK(hyph_left_min(h) == 1);

  // A field that struct_size does not cover whole is not read.
  hyph_options partial = capi::settings(1, 1);
  partial.struct_size = offsetof(hyph_options, right_min) + 2;
  Loaded p;
  REQUIRE(hyph_load_english(nullptr, 0, &partial, &p.h, nullptr) == HYPH_OK);
  CHECK(hyph_left_min(p) == 1);
  CHECK(hyph_right_min(p) == 3);  // en-us's own

  // Sizes no hyph_options has.
  for (const std::size_t size : {std::size_t{0}, std::size_t{1}, sizeof(size_t) - 1, std::size_t{4097}, std::size_t{1} << 40}) {
    CAPTURE(size);
    hyph_options bad = capi::settings();
    bad.struct_size = size;
    Loaded none;
    ErrorHolder error;
    CHECK(hyph_load_english(nullptr, 0, &bad, &none.h, &error) == HYPH_ERROR_INVALID_ARGUMENT);
    CHECK(none.h == nullptr);
    REQUIRE(error.e != nullptr);
    CHECK(std::string(error.e->message).find("struct_size") != std::string::npos);
  }
  // struct_size alone: every default.
  hyph_options bare = capi::settings(1, 1);
  bare.struct_size = sizeof(size_t);
  Loaded b;
  REQUIRE(hyph_load_english(nullptr, 0, &bare, &b.h, nullptr) == HYPH_OK);
  CHECK(hyph_left_min(b) == 2);
}

TEST_CASE("hyph_options: values out of range are HYPH_ERROR_INVALID_ARGUMENT") {
  auto refused = [](hyph_options o, const char* words) {
    Loaded none;
    ErrorHolder error;
    CHECK(hyph_load_english(nullptr, 0, &o, &none.h, &error) == HYPH_ERROR_INVALID_ARGUMENT);
    REQUIRE(error.e != nullptr);
    CHECK(std::string(error.e->message).find(words) != std::string::npos);
  };
  hyph_options o = capi::settings();
  o.letters = 5;
  refused(o, "letter policy");
  o = capi::settings();
  o.filter = 99;
  refused(o, "filter kind");
  o = capi::settings();
  o.normalization = -2;
  refused(o, "normalization");
  o = capi::settings();
  o.dic_minimums = 7;
  refused(o, "dic_minimums");
  o = capi::settings();
  o.exception_store_count = 1;
  refused(o, "exception store");
  o = capi::settings();
  o.left_min = -1;
  Loaded none;
  CHECK(hyph_load_english(nullptr, 0, &o, &none.h, nullptr) == HYPH_ERROR_INVALID_ARGUMENT);
}
