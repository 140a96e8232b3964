// Pattern files compiled into the library, so the default language needs no files.
#pragma once

#include <string_view>

namespace hyph::patterns {

/// Knuth's hyphen.tex, byte for byte (patterns/data/hyphen.tex).
std::string_view embedded_hyphen_tex() noexcept;

/// hyphen.tex compiled at build time by hyph-compile (doc/compiled-format.md), aligned to 64
/// bytes; what Hyphenator::english() loads. Empty in the build-time library that builds
/// hyph-compile itself (patterns/no_embedded_hyb.cpp), whose english() parses hyphen.tex.
std::string_view embedded_english_hyb() noexcept;

}  // namespace hyph::patterns
