// Readers for pattern and exception sources: hyph-utf8 *.pat.txt / *.hyp.txt, and TeX files
// with \patterns{...} and \hyphenation{...}. Every error names file:line:column.
#pragma once

#include "patterns/parsed.h"

#include <hyph/settings.h>

namespace hyph::patterns {

/// The most bytes a source (pattern or exception file, .dic dictionary) read from a pipe may
/// have: a bound for what has no size of its own (a regular file is read at its size). The
/// largest sources in use are under 2 MB.
inline constexpr std::size_t kMaxPipedSource = std::size_t{256} << 20;

/// Reads `source` in its format (detected from name/content if SourceFormat::detect).
/// Throws ParseError on malformed input.
ParsedSource read_source(const Source& source);

ParsedSource read_pattern_list(const Source& source);
ParsedSource read_exception_list(const Source& source);
ParsedSource read_tex(const Source& source);

}  // namespace hyph::patterns
