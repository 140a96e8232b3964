// compiled-answers FILE WORDS ANSWERS: loads a compiled language that the build machine wrote
// (little-endian, as every compiled file), hyphenates WORDS line by line and compares each
// line with ANSWERS, the build machine's hyphenate on the same file. Run on another
// architecture (tests/cross/meson.build), it checks that the file reads the same there.
// The file is loaded twice: from its path, and from bytes at an odd address (copied first).
// Prints the differences (at most 10) and a summary; exits 1 on any difference.
#include <hyph/error.h>
#include <hyph/hyphenator.h>

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::string read_all(const char* path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw hyph::Error(hyph::ErrorCode::io, std::string("cannot open ") + path);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t from = 0;
  for (std::size_t nl; (nl = text.find('\n', from)) != std::string::npos; from = nl + 1) lines.push_back(text.substr(from, nl - from));
  if (from < text.size()) lines.push_back(text.substr(from));
  return lines;
}

std::size_t differences(const hyph::Hyphenator& h, const std::vector<std::string>& words, const std::vector<std::string>& answers,
                        const char* how) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string got = h.hyphenated(words[i]);
    if (got != answers[i] && ++count <= 10)
      std::cout << how << ", line " << i + 1 << ": build machine " << answers[i] << " | here " << got << '\n';
  }
  return count;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: compiled-answers FILE WORDS ANSWERS\n";
    return 2;
  }
  try {
    const std::vector<std::string> words = lines_of(read_all(argv[2])), answers = lines_of(read_all(argv[3]));
    if (words.size() != answers.size()) {
      std::cout << argv[3] << ": " << answers.size() << " lines for " << words.size() << " words\n";
      return 1;
    }
    const hyph::Hyphenator from_path = hyph::Hyphenator::load_compiled(argv[1]);
    std::size_t total = differences(from_path, words, answers, "from the path");

    const std::string file = read_all(argv[1]);
    std::vector<std::byte> odd(file.size() + 1);
    std::memcpy(odd.data() + 1, file.data(), file.size());
    const hyph::Hyphenator from_bytes = hyph::Hyphenator::load_compiled(std::span<const std::byte>(odd.data() + 1, file.size()), {}, argv[1]);
    total += differences(from_bytes, words, answers, "from unaligned bytes");

    std::cout << argv[1] << ": " << words.size() << " words, twice; " << total << " differences from the build machine\n";
    return total == 0 ? 0 : 1;
  } catch (const hyph::Error& e) {
    std::cout << "error: " << e.what() << '\n';
    return 1;
  }
}
