// libhyph's answers through hyph::dic::Dictionary, in hyphen_oracle's line format
// (described in tests/dic/hyphen_oracle.c), so that the two outputs compare line by line:
//   dic_answers DICT [L,R,CL,CR ...] < words
#include "dic/dictionary.h"

#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

namespace {

void put_values(std::string& out, const char* hyphens, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    const auto c = static_cast<unsigned char>(hyphens[i]);
    if (c >= '0' && c <= '9') {
      out += static_cast<char>(c);
    } else if (c == 0) {
      out += '^';
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    }
  }
}

void put_bytes(std::string& out, std::string_view s) {
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == 0) break;
    if (c == '\\' || c == '\t' || c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    } else {
      out += ch;
    }
  }
}

void put_call(std::string& out, const hyph::dic::Outcome& o, const std::vector<char>& hyphens, const std::vector<char>& hyphword,
              const std::vector<hyph::dic::Replacement>& reps, std::size_t size) {
  out += '\t';
  out += std::to_string(o.status);
  out += ' ';
  put_values(out, hyphens.data(), o.positions);
  out += ' ';
  put_bytes(out, std::string_view(hyphword.data()));
  out += ' ';
  if (!o.replacements) {
    out += '-';
    return;
  }
  out += 'R';
  for (std::size_t i = 0; i < size; ++i) {
    if (!reps[i].present()) continue;
    out += ';' + std::to_string(i) + ':';
    put_bytes(out, reps[i].text);
    out += ':' + std::to_string(reps[i].pos) + ':' + std::to_string(reps[i].cut);
  }
}

}  // namespace

int main(int argc, char** argv) try {
  if (argc < 2) {
    std::cerr << "usage: dic_answers DICT [L,R,CL,CR ...] < words\n";
    return 2;
  }
  const auto dict = hyph::dic::Dictionary::load(argv[1]);
  std::vector<hyph::dic::Minimums> sweeps;
  for (int a = 2; a < argc; ++a) {
    hyph::dic::Minimums m;
    std::sscanf(argv[a], "%d,%d,%d,%d", &m.left, &m.right, &m.compound_left, &m.compound_right);
    sweeps.push_back(m);
  }
  std::string out = "dict\t" + std::to_string(dict.utf8()) + '\t' + std::to_string(dict.lhmin()) + '\t' +
                    std::to_string(dict.rhmin()) + '\t' + std::to_string(dict.clhmin()) + '\t' +
                    std::to_string(dict.crhmin()) + '\t';
  put_bytes(out, dict.charset());
  out += '\t' + std::to_string(dict.nohyphen() ? dict.nohyphenl() : -1);
  for (std::size_t k = 0; k < dict.nohyphen_count(); ++k) {
    out += '\t';
    put_bytes(out, dict.nohyphen_element(k));
  }
  std::cout << out << '\n';
  std::string line;
  while (std::getline(std::cin, line)) {
    // hyphen_oracle reads with fgets into 4096 bytes, which stops at a NUL too.
    line = line.substr(0, line.find('\0'));
    const std::size_t n = line.size();
    std::vector<char> hyphens(n + 5), hyphword(2 * n + 64 + n * 16);
    std::vector<hyph::dic::Replacement> reps(n + 1);
    out.clear();
    put_bytes(out, line);
    dict.hyphenate(line, hyphens);
    out += '\t';
    put_values(out, hyphens.data(), n);
    std::fill(hyphens.begin(), hyphens.end(), 0);
    auto o = dict.hyphenate2(line, hyphens, hyphword, reps);
    put_call(out, o, hyphens, hyphword, reps, n);
    for (const auto& m : sweeps) {
      std::fill(hyphens.begin(), hyphens.end(), 0);
      std::fill(hyphword.begin(), hyphword.end(), 0);
      reps.assign(n + 1, {});
      o = dict.hyphenate3(line, hyphens, hyphword, reps, m);
      put_call(out, o, hyphens, hyphword, reps, n);
    }
    std::cout << out << '\n';
  }
  return 0;
} catch (const std::exception& e) {
  std::cerr << e.what() << '\n';
  return 1;
}
