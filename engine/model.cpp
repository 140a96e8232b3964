#include "engine/model.h"

#include "patterns/readers.h"

#include <algorithm>

namespace hyph::detail {
namespace {

// TeX's norm_min (tex.web §1091): values below 1 act as 1, above 63 as 63.
int norm_min(int h) { return std::clamp(h, 1, 63); }

std::string letters_of(const patterns::Alphabet& alphabet, const std::u32string& word) {
  std::string key;
  for (char32_t c : word) key.append(alphabet.utf8(alphabet.symbol_of(c)));
  return key;
}

const icu::Normalizer2* nfc_instance(Normalization normalization) {
  if (normalization == Normalization::none) return nullptr;
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  if (U_FAILURE(status) || nfc == nullptr)
    throw Error(ErrorCode::invalid_argument, std::string("NFC normalization is not available: ") + u_errorName(status));
  return nfc;
}

}  // namespace

std::shared_ptr<const Model> build_model(std::span<const Source> sources, const Settings& settings) {
  std::vector<patterns::ParsedSource> parsed;
  parsed.reserve(sources.size());
  for (const Source& s : sources) parsed.push_back(patterns::read_source(s));

  const LetterPolicy letters = settings.letters.value_or(LetterPolicy::pattern_letters);
  auto alphabet = patterns::Alphabet::from(parsed, letters);
  auto automaton = patterns::Automaton::build(parsed, alphabet);
  auto store = std::make_unique<filters::MemoryStore>();
  for (const auto& p : parsed)
    for (const auto& e : p.exceptions) store->insert_or_assign(letters_of(alphabet, e.letters), e.breaks);

  const HyphenMins defaults;
  return std::make_shared<const Model>(Model{
      std::move(alphabet),
      std::move(automaton),
      filters::ExceptionIndex(std::move(store), settings.exceptions),
      HyphenMins{norm_min(settings.left_min.value_or(defaults.left)), norm_min(settings.right_min.value_or(defaults.right))},
      settings.uchyph,
      letters,
      letters == LetterPolicy::unicode,
      nfc_instance(settings.normalization),
  });
}

}  // namespace hyph::detail
