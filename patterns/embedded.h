// Pattern files compiled into the library, so the default language needs no files.
#pragma once

#include <string_view>

namespace hyph::patterns {

/// Knuth's hyphen.tex, byte for byte (patterns/data/hyphen.tex).
std::string_view embedded_hyphen_tex() noexcept;

}  // namespace hyph::patterns
