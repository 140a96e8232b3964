// Readers for pattern and exception sources: hyph-utf8 *.pat.txt / *.hyp.txt, and TeX files
// with \patterns{...} and \hyphenation{...}. Every error names file:line:column.
#pragma once

#include "patterns/parsed.h"
#include "base/file_bytes.h"

#include <hyph/settings.h>

namespace hyph::patterns {

/// The most bytes a source read from a pipe may have (base/file_bytes.h).
using base::kMaxPipedSource;

/// Reads `source` in its format (detected from name/content if SourceFormat::detect).
/// Throws ParseError on malformed input.
ParsedSource read_source(const Source& source);

ParsedSource read_pattern_list(const Source& source);
ParsedSource read_exception_list(const Source& source);
ParsedSource read_tex(const Source& source);

}  // namespace hyph::patterns
