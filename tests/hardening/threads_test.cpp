// One Hyphenator shared by 8 threads: every thread gets exactly the single-threaded answers,
// through every API (hyphenated, hyphenate with counters, TextStream), with the exact store
// and with each filter in front of it. Run under ThreadSanitizer by .ci/run (suite 'threads').
#include <hyph/hyphenator.h>
#include <hyph/text_stream.h>

#include <doctest/doctest.h>

#include <array>
#include <atomic>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

constexpr int kThreads = 8;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Texts: a slice of the golden word list as running text, the edge cases, and random bytes.
std::vector<std::string> texts() {
  std::vector<std::string> out;
  const std::string words = read_file(HYPH_SOURCE_DIR "/tests/data/en-us.words");
  out.push_back(words.substr(0, 60000));
  out.push_back(read_file(HYPH_SOURCE_DIR "/tests/data/edge-cases.words"));
  std::mt19937_64 rng(8);
  std::string noise(20000, '\0');
  for (char& c : noise) c = static_cast<char>(rng() % 4 == 0 ? ' ' : 'a' + rng() % 26 + (rng() % 7 == 0 ? 128 : 0));
  out.push_back(noise);
  return out;
}

struct Answers {
  std::vector<std::string> whole;
  std::vector<std::vector<std::size_t>> breaks;
  std::vector<std::string> streamed;
  std::uint64_t hits = 0;
};

Answers answer(const hyph::Hyphenator& h, const std::vector<std::string>& all, unsigned seed) {
  Answers a;
  std::mt19937 rng(seed);
  hyph::LookupCounters counters;
  for (const std::string& text : all) {
    a.whole.push_back(h.hyphenated(text, "-"));
    std::vector<std::size_t> b(text.size());
    b.resize(h.hyphenate(text, b, &counters));
    a.breaks.push_back(std::move(b));
    std::string out;
    hyph::TextStream stream(h, "-", [&](std::string_view bytes) { out.append(bytes); });
    for (std::size_t i = 0; i < text.size();) {
      const std::size_t n = std::min<std::size_t>(text.size() - i, 1 + rng() % 5000);
      stream.write(std::string_view(text).substr(i, n));
      i += n;
    }
    stream.finish();
    a.streamed.push_back(std::move(out));
  }
  a.hits = counters.hits;
  return a;
}

void same(const Answers& got, const Answers& want) {
  CHECK(got.whole == want.whole);
  CHECK(got.breaks == want.breaks);
  CHECK(got.streamed == want.whole);
  CHECK(got.hits == want.hits);
}

hyph::Hyphenator with_hyphenex(hyph::FilterKind kind) {
  hyph::Settings s;
  s.exceptions.filter = kind;
  const std::vector<hyph::Source> extra{hyph::Source::file(HYPH_SOURCE_DIR "/patterns/data/ushyphex.tex")};
  return hyph::Hyphenator::english(s, extra);
}

}  // namespace

TEST_CASE("8 threads share one hyphenator and get the single-threaded answers") {
  const std::vector<std::string> all = texts();
  const std::array<hyph::FilterKind, 10> kinds = {
      hyph::FilterKind::exact,          hyph::FilterKind::bloom,           hyph::FilterKind::blocked_bloom,
      hyph::FilterKind::cuckoo,         hyph::FilterKind::fuse,            hyph::FilterKind::counting_bloom,
      hyph::FilterKind::hash_compaction, hyph::FilterKind::scalable_bloom, hyph::FilterKind::quotient,
      hyph::FilterKind::counting_quotient};
  std::vector<hyph::Hyphenator> hyphenators{hyph::Hyphenator::english()};
  for (auto kind : kinds) hyphenators.push_back(with_hyphenex(kind));

  for (const hyph::Hyphenator& h : hyphenators) {
    CAPTURE(h.filter().name);
    const Answers want = answer(h, all, 0);
    std::array<Answers, kThreads> got;
    std::atomic<int> ready{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
      threads.emplace_back([&, t] {
        // Start together, so the threads really overlap; half use a copy (shared tables).
        ready.fetch_add(1);
        while (ready.load() < kThreads) std::this_thread::yield();
        if (t % 2 == 0) {
          got[t] = answer(h, all, static_cast<unsigned>(t));
        } else {
          const hyph::Hyphenator copy = h;
          got[t] = answer(copy, all, static_cast<unsigned>(t));
        }
      });
    for (auto& th : threads) th.join();
    for (const Answers& a : got) same(a, want);
  }
  // The exception list changes answers, so the comparison above is not vacuous.
  CHECK(hyphenators[0].hyphenated("algebraically") != hyphenators[1].hyphenated("algebraically"));
}

TEST_CASE("8 threads load at once and get the same hyphenator") {
  const std::vector<std::string> all = texts();
  const Answers want = answer(with_hyphenex(hyph::FilterKind::cuckoo), all, 0);
  std::array<Answers, kThreads> got;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] { got[t] = answer(with_hyphenex(hyph::FilterKind::cuckoo), all, static_cast<unsigned>(t)); });
  for (auto& th : threads) th.join();
  for (const Answers& a : got) same(a, want);
}
