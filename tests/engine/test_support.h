// Shared helpers for the engine tests.
#pragma once

#include <hyph/hyphenator.h>
#include <hyph/languages.h>

#include <string>
#include <vector>

namespace test {

/// The embedded plain-TeX English hyphenator, loaded once per test binary.
inline const hyph::Hyphenator& plain() {
  static const hyph::Hyphenator h = hyph::Hyphenator::english();
  return h;
}

/// Plain TeX plus the hyphenex exception list vendored in patterns/data.
inline const hyph::Hyphenator& hyphenex() {
  static const hyph::Hyphenator h = [] {
    std::vector<hyph::Source> extra{hyph::Source::file(HYPH_SOURCE_DIR "/patterns/data/ushyphex.tex")};
    return hyph::Hyphenator::english({}, extra);
  }();
  return h;
}

/// Only the hyph-utf8 patterns vendored in patterns/data: no environment, no TeX Live.
inline hyph::LanguageSearch vendored() {
  hyph::LanguageSearch search;
  search.directories = {HYPH_SOURCE_DIR "/patterns/data/hyph-utf8"};
  search.environment = false;
  search.system = false;
  return search;
}

/// Default settings but for the minimums (\lefthyphenmin, \righthyphenmin).
inline hyph::Settings with_mins(int left, int right) {
  hyph::Settings settings;
  settings.left_min = left;
  settings.right_min = right;
  return settings;
}

inline hyph::Source memory(std::string name, std::string text, hyph::SourceFormat format = hyph::SourceFormat::detect) {
  return hyph::Source{std::move(name), std::move(text), format};
}

}  // namespace test
