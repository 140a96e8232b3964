#include <hyph/hyphenator.h>

#include <iostream>

int main() {
  try {
    const hyph::Hyphenator h = hyph::Hyphenator::english();
    std::cout << h.hyphenated("hyphenation") << '\n';  // hy-phen-ation
  } catch (const hyph::Error& e) {
    std::cerr << e.what() << '\n';
    return 1;
  }
}
