// Turns one white-space-free word of a source into a Pattern ("hy3ph") or an
// Exception ("hy-phen-ation"), with TeX's rules and errors that point at the character.
#pragma once

#include "patterns/letter_rules.h"
#include "patterns/source_text.h"

#include <vector>

namespace hyph::patterns {

/// Pattern syntax: letters, at most one digit 0-9 between two letters, '.' only first or last.
Pattern parse_pattern(const std::vector<Located>& word, const LetterRules& letters, const SourceText& text);

/// Appends `p` to `patterns`; one past kMaxPatterns is ParseError(capacity) at its place, so
/// that a hostile source is refused before the reader holds more than the ceiling allows.
void add_pattern(std::vector<Pattern>& patterns, Pattern p);

/// Exception syntax: letters and '-' at the allowed breaks.
Exception parse_exception(const std::vector<Located>& word, const LetterRules& letters, const SourceText& text);

}  // namespace hyph::patterns
