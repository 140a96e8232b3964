// Files changed while a hyphenator has them loaded: rewritten in place with other bytes,
// truncated, replaced. Loaders read a file into memory of their own (base/file_bytes.h), so a
// loaded hyphenator keeps answering exactly as before: no fault (SIGBUS on a mapping past a new
// end), no read out of bounds (ASan and UBSan builds run this), no change of answers. A load of
// the damaged file is refused with bad_format.
#include "scratch.h"

#include <hyph/error.h>
#include <hyph/exception_store.h>
#include <hyph/hyphenator.h>

#include <doctest/doctest.h>

#include <fcntl.h>
#include <unistd.h>

#include <random>
#include <vector>

using reliability::read_file;
using reliability::Scratch;

namespace {

std::vector<std::string> words_of(const std::filesystem::path& path, std::size_t most) {
  std::vector<std::string> words;
  std::ifstream in(path);
  for (std::string w; words.size() < most && std::getline(in, w);)
    if (!w.empty()) words.push_back(w);
  return words;
}

std::vector<std::string> answers(const hyph::Hyphenator& h, const std::vector<std::string>& words) {
  std::vector<std::string> out;
  for (const auto& w : words) out.push_back(h.hyphenated(w));
  return out;
}

// What an administrator's tools do to a file in use, one after the other: `dd conv=notrunc`
// of random bytes over all of it, `truncate -s 4096`, `truncate -s 0`, and `cp other` over it.
void damage(const std::filesystem::path& path, int step, const std::string& other) {
  const std::size_t size = std::filesystem::file_size(path);
  if (step == 0) {
    std::mt19937 random(42);
    std::string noise(size, '\0');
    for (char& c : noise) c = static_cast<char>(random());
    const int fd = ::open(path.c_str(), O_WRONLY);  // no O_TRUNC: in place
    REQUIRE(fd >= 0);
    REQUIRE(::pwrite(fd, noise.data(), noise.size(), 0) == static_cast<ssize_t>(noise.size()));
    ::close(fd);
  } else if (step == 1) {
    std::filesystem::resize_file(path, 4096);
  } else if (step == 2) {
    std::filesystem::resize_file(path, 0);
  } else {
    const int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC);  // as cp does
    REQUIRE(fd >= 0);
    REQUIRE(::write(fd, other.data(), other.size()) == static_cast<ssize_t>(other.size()));
    ::close(fd);
  }
}

constexpr int kSteps = 4;
const char* const kStepNames[kSteps] = {"random bytes written over it in place", "truncated to 4096 bytes", "truncated to 0",
                                        "another file copied over it"};

bool refused_as_damaged(const std::function<void()>& load) {
  try {
    load();
  } catch (const hyph::Error& e) {
    return e.code() == hyph::ErrorCode::bad_format;
  }
  return false;
}

}  // namespace

TEST_CASE("a compiled file changed while loaded: the hyphenator answers as before") {
  const auto words = words_of(HYPH_SOURCE_DIR "/tests/data/de-1996.words", 20000);
  hyph::Settings unicode;
  unicode.letters = hyph::LetterPolicy::unicode;
  const hyph::Source patterns[] = {hyph::Source::file(HYPH_SOURCE_DIR "/patterns/data/hyph-utf8/txt/hyph-de-1996.pat.txt")};
  const hyph::Hyphenator german = hyph::Hyphenator::load(patterns, unicode);
  Scratch s;
  for (int step = 0; step < kSteps; ++step) {
    CAPTURE(kStepNames[step]);
    german.write_compiled_file(s / "de.hyb");
    const hyph::Hyphenator loaded = hyph::Hyphenator::load_compiled(s / "de.hyb");
    const auto before = answers(loaded, words);
    CHECK(before == answers(german, words));
    damage(s / "de.hyb", step, read_file(HYPH_SOURCE_DIR "/tests/data/compiled/tiny.hyb"));
    CHECK(answers(loaded, words) == before);
    if (step != 3) CHECK(refused_as_damaged([&] { (void)hyph::Hyphenator::load_compiled(s / "de.hyb"); }));
  }
}

TEST_CASE("a compiled .dic dictionary changed while loaded: the hyphenator answers as before") {
  const auto words = words_of(HYPH_SOURCE_DIR "/tests/data/en-us.words", 20000);
  const hyph::Hyphenator dic = hyph::Hyphenator::load_dic(HYPH_SOURCE_DIR "/patterns/data/dic/hyph_hu_HU.dic");
  Scratch s;
  for (int step = 0; step < kSteps; ++step) {
    CAPTURE(kStepNames[step]);
    dic.write_compiled_file(s / "hu.hyb");
    const hyph::Hyphenator loaded = hyph::Hyphenator::load_compiled(s / "hu.hyb");
    const auto before = answers(loaded, words);
    damage(s / "hu.hyb", step, read_file(HYPH_SOURCE_DIR "/tests/data/compiled/tiny.hyb"));
    CHECK(answers(loaded, words) == before);
    if (step != 3) CHECK(refused_as_damaged([&] { (void)hyph::Hyphenator::load_compiled(s / "hu.hyb"); }));
  }
}

TEST_CASE("an exception store changed while loaded: lookups answer as before") {
  const auto words = words_of(HYPH_SOURCE_DIR "/tests/data/en-us.words", 20000);
  hyph::ExceptionStoreWriter writer;
  writer.add(hyph::Source::file(HYPH_SOURCE_DIR "/patterns/data/ushyphex.tex"));
  hyph::ExceptionStoreWriter other;
  other.add(hyph::Source{"x.hyp.txt", "ta-ble\n", hyph::SourceFormat::exception_list});
  Scratch s;
  for (int step = 0; step < kSteps; ++step) {
    CAPTURE(kStepNames[step]);
    writer.write_file(s / "h.hyphstore");
    hyph::Settings settings;
    settings.exception_stores.push_back(s / "h.hyphstore");
    const hyph::Hyphenator with_store = hyph::Hyphenator::english(settings);
    const hyph::ExceptionStoreReader reader = hyph::ExceptionStoreReader::open(s / "h.hyphstore");
    const auto before = answers(with_store, words);
    std::vector<std::string> listed;
    reader.for_each([&](const hyph::StoreEntry& e) { listed.emplace_back(e.hyphenated); });
    damage(s / "h.hyphstore", step, other.bytes());
    CHECK(answers(with_store, words) == before);
    std::vector<std::string> again;
    reader.for_each([&](const hyph::StoreEntry& e) { again.emplace_back(e.hyphenated); });
    CHECK(again == listed);
    CHECK(reader.find("hyphenation") == std::optional<std::string>("hy-phen-a-tion"));
    if (step != 3) CHECK(refused_as_damaged([&] { (void)hyph::ExceptionStoreReader::open(s / "h.hyphstore"); }));
  }
}
