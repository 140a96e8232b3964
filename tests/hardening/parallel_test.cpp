// ParallelTextStream and hyphenate_parallel write byte for byte what one TextStream writes,
// for 1, 2 and 8 threads and chunks small enough that every kind of input crosses chunk
// boundaries: CR LF, invalid UTF-8, NUL bytes, tokens longer than a chunk (passed to one
// TextStream in order), white space at a cut. Run under ThreadSanitizer (suite 'threads').
#include <hyph/hyphenator.h>
#include <hyph/text_stream.h>

#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

namespace {

std::string sequential(const hyph::Hyphenator& h, std::string_view text, std::string_view marker, hyph::LookupCounters* counters = nullptr) {
  std::string out;
  hyph::TextStream stream(h, std::string(marker), [&](std::string_view b) { out.append(b); });
  stream.write(text);
  stream.finish();
  if (counters) *counters = stream.counters();
  return out;
}

std::vector<std::string> inputs() {
  std::vector<std::string> out;
  std::ifstream in(HYPH_SOURCE_DIR "/tests/data/en-us.words", std::ios::binary);
  REQUIRE(in);
  std::string words{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  words.resize(std::min<std::size_t>(words.size(), 40000));
  out.push_back(words);
  std::string crlf;
  for (char c : words) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  out.push_back(crlf);
  std::mt19937_64 rng(13);
  std::string noise(30000, '\0');
  for (char& c : noise) {
    const auto r = rng() % 16;
    c = r == 0 ? ' ' : r == 1 ? '\n' : r == 2 ? '\0' : r == 3 ? '-' : r == 4 ? static_cast<char>(0xC3 + rng() % 40) : static_cast<char>('a' + rng() % 26);
  }
  out.push_back(noise);
  // Tokens far longer than a chunk, a word at their start (held breaks, then a '-' or not).
  out.push_back("hyphenation " + std::string(5000, 'x') + " table " + std::string(3000, 'y') + "-z tail\n");
  out.push_back("Hyphenation" + std::string(9000, '.') + "\n\n" + words.substr(0, 3000));
  out.push_back(std::string(7000, 'a'));  // no white space at all, no final newline
  out.push_back("   \t\r\n  ");
  out.push_back("");
  return out;
}

}  // namespace

TEST_CASE("ParallelTextStream writes exactly what one TextStream writes") {
  const hyph::Hyphenator h = hyph::Hyphenator::english();
  for (const std::string& text : inputs()) {
    hyph::LookupCounters want_counts;
    const std::string want = sequential(h, text, "=", &want_counts);
    for (unsigned threads : {1u, 2u, 8u})
      for (std::size_t chunk : {std::size_t{1}, std::size_t{7}, std::size_t{100}, std::size_t{1000}, std::size_t{1} << 20}) {
        CAPTURE(threads);
        CAPTURE(chunk);
        CAPTURE(text.size());
        std::string got;
        hyph::ParallelTextStream stream(h, "=", [&](std::string_view b) { got.append(b); }, {.threads = threads, .chunk_size = chunk});
        // Fed in uneven pieces, as reads return them.
        for (std::size_t at = 0, piece = 1; at < text.size(); at += piece, piece = piece * 3 % 997 + 1)
          stream.write(std::string_view(text).substr(at, piece));
        stream.finish();
        CHECK(got == want);
        CHECK(stream.counters().queries == want_counts.queries);
        CHECK(stream.counters().hits == want_counts.hits);
      }
  }
}

TEST_CASE("hyphenate_parallel over a range of text") {
  const hyph::Hyphenator h = hyph::Hyphenator::english();
  for (const std::string& text : inputs()) {
    std::string got;
    hyph::hyphenate_parallel(h, text, "\xC2\xAD", [&](std::string_view b) { got.append(b); }, {.threads = 2, .chunk_size = 512});
    CHECK(got == sequential(h, text, "\xC2\xAD"));
  }
}

TEST_CASE("a sink that throws stops the workers") {
  const hyph::Hyphenator h = hyph::Hyphenator::english();
  const std::string text = inputs()[0];
  std::size_t calls = 0;
  auto run = [&] {
    hyph::ParallelTextStream stream(h, "-", [&](std::string_view) {
      if (++calls == 2) throw hyph::Error(hyph::ErrorCode::io, "closed");
    }, {.threads = 4, .chunk_size = 256});
    stream.write(text);
    stream.finish();
  };
  CHECK_THROWS_AS(run(), hyph::Error);
  CHECK(calls == 2);
}
