// Everything a loaded Hyphenator holds. Immutable once built; shared by every copy and thread.
#pragma once

#include "filters/exception_index.h"
#include "patterns/alphabet.h"
#include "patterns/automaton.h"

#include <hyph/hyphenator.h>

#include <unicode/normalizer2.h>

#include <memory>
#include <string>

namespace hyph::detail {

struct Model {
  // A compiled file's bytes, which the parts below may read in place (null for a model built
  // from sources). First, so that it is released last.
  std::shared_ptr<const void> backing;
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
  // The language a compiled file names (hyph-compile --tag, --name); empty otherwise.
  std::string tag;
  std::string name;
};

/// Builds a model from sources read in order (TeX: later exceptions replace earlier ones).
std::shared_ptr<const Model> build_model(std::span<const Source> sources, const Settings& settings);

/// TeX's norm_min (tex.web §1091): values below 1 act as 1, above 63 as 63.
int norm_min(int h) noexcept;
/// ICU's NFC instance for Normalization::nfc, null for none; throws if ICU cannot give it.
const icu::Normalizer2* nfc_instance(Normalization normalization);

}  // namespace hyph::detail
