// The build-time library's stand-in for the compiled English: no compiled file yet, so
// Hyphenator::english() parses the embedded hyphen.tex. Linked only into hyph-compile-stage1,
// the hyph-compile that compiles the file the real library embeds (meson.build).
#include "patterns/embedded.h"

namespace hyph::patterns {

std::string_view embedded_english_hyb() noexcept { return {}; }

}  // namespace hyph::patterns
