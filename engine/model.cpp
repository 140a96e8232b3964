#include "engine/model.h"

#include "filters/layered_store.h"
#include "filters/mapped_store.h"
#include "patterns/readers.h"

#include <algorithm>

namespace hyph::detail {
namespace {

std::string letters_of(const patterns::Alphabet& alphabet, const std::u32string& word) {
  std::string key;
  for (char32_t c : word) key.append(alphabet.utf8(alphabet.symbol_of(c)));
  return key;
}

}  // namespace

int norm_min(int h) noexcept { return std::clamp(h, 1, 63); }

const icu::Normalizer2* nfc_instance(Normalization normalization) {
  if (normalization == Normalization::none) return nullptr;
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  if (U_FAILURE(status) || nfc == nullptr)
    throw Error(ErrorCode::invalid_argument, std::string("NFC normalization is not available: ") + u_errorName(status));
  return nfc;
}

std::shared_ptr<const Model> build_model(std::span<const Source> sources, const Settings& settings) {
  std::vector<patterns::ParsedSource> parsed;
  parsed.reserve(sources.size());
  for (const Source& s : sources) parsed.push_back(patterns::read_source(s));

  // Compiled exception dictionaries: their letters are letters, as an exception source's are.
  std::vector<filters::MappedStore> mapped;
  for (const auto& path : settings.exception_stores) mapped.push_back(filters::MappedStore::open(path));
  if (!mapped.empty()) {
    patterns::ParsedSource store_letters;
    for (const auto& m : mapped)
      for (char32_t c : m.letters()) store_letters.exceptions.push_back({std::u32string(1, c), 0, {}});
    parsed.push_back(std::move(store_letters));
  }
  const LetterPolicy letters = settings.letters.value_or(LetterPolicy::pattern_letters);
  auto alphabet = patterns::Alphabet::from(parsed, letters);
  if (!mapped.empty()) parsed.pop_back();
  auto automaton = patterns::Automaton::build(parsed, alphabet);
  auto memory = std::make_unique<filters::MemoryStore>();
  for (const auto& p : parsed)
    for (const auto& e : p.exceptions) memory->insert_or_assign(letters_of(alphabet, e.letters), e.breaks);
  std::unique_ptr<const filters::ExceptionStore> store = std::move(memory);
  if (!mapped.empty()) {
    // The last store first: it replaces the earlier ones, which replace the sources.
    std::vector<std::unique_ptr<const filters::ExceptionStore>> layers;
    for (auto it = mapped.rbegin(); it != mapped.rend(); ++it) layers.push_back(std::make_unique<filters::MappedStore>(std::move(*it)));
    if (store->size() != 0) layers.push_back(std::move(store));
    store = layers.size() == 1 ? std::move(layers.front()) : std::make_unique<filters::LayeredStore>(std::move(layers));
  }

  const HyphenMins defaults;
  return std::make_shared<const Model>(Model{
      nullptr,
      std::move(alphabet),
      std::move(automaton),
      filters::ExceptionIndex(std::move(store), settings.exceptions),
      HyphenMins{norm_min(settings.left_min.value_or(defaults.left)), norm_min(settings.right_min.value_or(defaults.right))},
      settings.uchyph.value_or(1),
      letters,
      letters == LetterPolicy::unicode,
      nfc_instance(settings.normalization),
      {},
      {},
  });
}

}  // namespace hyph::detail
