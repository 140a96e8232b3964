// Everything a loaded Hyphenator holds. Immutable once built; shared by every copy and thread.
#pragma once

#include "engine/dialect.h"
#include "engine/symbol_exceptions.h"
#include "exceptions/exception_index.h"
#include "patterns/alphabet.h"
#include "patterns/automaton.h"

#include <hyph/settings.h>

#ifndef HYPH_NO_ICU
#include <unicode/normalizer2.h>
#else
// The ICU-free runtime (-Druntime_only=true, HYPH_NO_ICU) has no NFC: assemble() refuses Normalization::nfc.
namespace icu {
class Normalizer2;
}
#endif

#include <memory>
#include <span>
#include <string>

namespace hyph::detail {

struct DicPart;  // engine/dic_part.h

struct Model {
  // A compiled file's bytes, which the parts below may read in place (null for a model built
  // from sources). First, so that it is released last.
  std::shared_ptr<const void> backing;
  // The word rules and pattern semantics it answers with (engine/dialect.h), chosen by assemble().
  const DialectRules* rules = &kTexRules;
  // What a dialect other than TeX's reads beside the fields below (libhyphen's: its DicPart,
  // engine/dic_part.h, dic_part_of), null for TeX's.
  std::shared_ptr<const void> dialect_data;
  // What loading warned about (libhyphen's reader), kept in dialect_data.
  std::span<const Warning> warnings;
  patterns::Alphabet alphabet;
  patterns::Automaton automaton;
  ::hyph::exceptions::ExceptionIndex exceptions;
  // The same exceptions keyed by symbols, when the store is small and has no filter.
  SymbolExceptions symbol_exceptions;
  HyphenMins mins;  // already normalised to 1..63 as TeX's norm_min does
  int uchyph = 1;
  LetterPolicy letters = LetterPolicy::pattern_letters;
  // U+2013 and U+2014 act like an explicit '-' (XeTeX's \XeTeXdashbreakstate=1): unicode policy.
  bool dash_hyphens = false;
  // ICU's NFC instance when Settings::normalization is nfc (owned by ICU), else null.
  const icu::Normalizer2* nfc = nullptr;
  // The language a compiled file names (hyph-compile --tag, --name); empty otherwise.
  std::string tag;
  std::string name;
  // TeX's dialect on a CPU with AVX-512 VBMI and VBMI2 whose ASCII letters all have symbols
  // below 256: tex_ascii_token_breaks classifies a token in one table lookup of 64 bytes, from
  // the low bytes of the ASCII symbols (engine/tex_token_breaks.cpp).
  bool ascii_vector = false;
  alignas(64) std::uint8_t ascii_symbols[128] = {};
  // The same on the avx2 tier (exactly: the avx512 tier takes ascii_vector), and the table
  // laid out as its lookups read it: 16-byte rows k and k + 4 of ascii_symbols side by side
  // at 32k (engine/tex_ascii_avx2.cpp).
  bool ascii_avx2 = false;
  alignas(32) std::uint8_t ascii_symbol_rows[128] = {};
  // The same on the sse2 tier, whose lean path classifies from ascii_symbols a byte at a time
  // (engine/tex_ascii_sse2.cpp).
  bool ascii_sse2 = false;
  // The automaton's padded packed rows (null rows otherwise): the vector path walks a word of
  // up to 14 letters in registers over them.
  patterns::Automaton::PackedRows packed_rows = {};
  // ascii_vector, ascii_avx2 or ascii_sse2 with padded packed rows, the exceptions answered by
  // symbol_exceptions, \uchyph > 0 and no ASCII separator a letter: a text that is one word of
  // at most 14 ASCII letters takes the lean path (engine/tex_token_breaks.cpp,
  // tex_one_word_vector; engine/tex_ascii_avx2.cpp, tex_one_word_avx2; engine/tex_ascii_sse2.cpp).
  bool lean_words = false;
};

/// Throws Error(invalid_argument) for a negative left_min or right_min: every loader calls it
/// first, so that the C++, C and Python APIs refuse them alike (0 acts as 1, as in TeX).
void check_minimums(const Settings& settings);

/// `settings` with every unset minimum, \uchyph and letter policy taken from `defaults`.
/// The one place where defaults are worked out; every loader goes through it.
Settings with_defaults(Settings settings, const LoadDefaults& defaults);

/// The parts of a model, named: assemble() derives the rest from the settings.
struct ModelParts {
  std::shared_ptr<const void> backing;  // null when built from sources
  patterns::Alphabet alphabet;
  patterns::Automaton automaton;
  ::hyph::exceptions::ExceptionIndex exceptions;
  std::string tag = {};
  std::string name = {};
  std::shared_ptr<const DicPart> dic = {};  ///< set: libhyphen's dialect (engine/dic_part.h)
};

/// The one place a Model is made: minimums clamped as TeX's norm_min does, \uchyph, letters,
/// their dash rule and the NFC instance from `settings`, whose unset values come from `defaults`.
std::shared_ptr<const Model> assemble(ModelParts parts, const Settings& settings, const LoadDefaults& defaults);

/// Builds a model from sources read in order (TeX: later exceptions replace earlier ones).
std::shared_ptr<const Model> build_model(std::span<const Source> sources, const Settings& settings);
/// The same from sources held elsewhere (a caller's, not copied: their texts may be large).
std::shared_ptr<const Model> build_model(std::span<const Source* const> sources, const Settings& settings);

}  // namespace hyph::detail
