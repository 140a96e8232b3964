// Everything a loaded Hyphenator holds. Immutable once built; shared by every copy and thread.
#pragma once

#include "filters/exception_index.h"
#include "patterns/alphabet.h"
#include "patterns/automaton.h"

#include <hyph/hyphenator.h>

#include <unicode/normalizer2.h>

namespace hyph::detail {

struct Model {
  patterns::Alphabet alphabet;
  patterns::Automaton automaton;
  filters::ExceptionIndex exceptions;
  HyphenMins mins;  // already normalised to 1..63 as TeX's norm_min does
  int uchyph = 1;
  LetterPolicy letters = LetterPolicy::pattern_letters;
  // U+2013 and U+2014 act like an explicit '-' (XeTeX's \XeTeXdashbreakstate=1): unicode policy.
  bool dash_hyphens = false;
  // ICU's NFC instance when Settings::normalization is nfc (owned by ICU), else null.
  const icu::Normalizer2* nfc = nullptr;
};

/// Builds a model from sources read in order (TeX: later exceptions replace earlier ones).
std::shared_ptr<const Model> build_model(std::span<const Source> sources, const Settings& settings);

}  // namespace hyph::detail
