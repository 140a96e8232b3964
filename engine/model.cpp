#include "engine/model.h"

#include "engine/dic_part.h"
#include "engine/tex_token_breaks.h"  // ascii_vector_usable

#include "exceptions/layered_store.h"
#include "exceptions/mapped_store.h"
#include "patterns/readers.h"

#include "base/message.h"
#include "base/out_of_memory.h"

#include <algorithm>
#include <unordered_map>
#include <utility>

namespace hyph::detail {
namespace {

std::string letters_of(const patterns::Alphabet& alphabet, const std::u32string& word) {
  std::string key;
  for (char32_t c : word) key.append(alphabet.utf8(alphabet.symbol_of(c)));
  return key;
}

// TeX's norm_min (tex.web §1091): values below 1 act as 1, above 63 as 63.
int norm_min(int h) noexcept { return std::clamp(h, 1, 63); }

// ICU's NFC instance for Normalization::nfc, null for none; throws if ICU cannot give it.
const icu::Normalizer2* nfc_instance(Normalization normalization) {
  if (normalization == Normalization::none) return nullptr;
#ifdef HYPH_NO_ICU
  throw Error(ErrorCode::invalid_argument, "NFC normalization needs ICU, and this libhyph is built without it (runtime_only)");
#else
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  if (U_FAILURE(status) || nfc == nullptr)
    throw Error(ErrorCode::invalid_argument, std::string("NFC normalization is not available: ") + u_errorName(status));
  return nfc;
#endif
}

}  // namespace

void check_minimums(const Settings& settings) {
  for (const auto& [value, name] : {std::pair{settings.left_min, "left_min"}, std::pair{settings.right_min, "right_min"}})
    if (value && *value < 0)
      base::throw_error(ErrorCode::invalid_argument, {name, " must not be negative (it is ", *value, ")"});
}

Settings with_defaults(Settings settings, const LoadDefaults& defaults) {
  if (!settings.left_min) settings.left_min = defaults.mins.left;
  if (!settings.right_min) settings.right_min = defaults.mins.right;
  if (!settings.uchyph) settings.uchyph = defaults.uchyph;
  if (!settings.letters) settings.letters = defaults.letters;
  return settings;
}

std::shared_ptr<const Model> assemble(ModelParts parts, const Settings& settings, const LoadDefaults& defaults) {
  if (parts.dic) {
    // libhyphen's dialect: its minimums are hyphenate3's, its letters runs of letters.
    const HyphenMins mins = parts.dic->effective;
    const std::span<const Warning> warnings = parts.dic->warnings;
    return std::make_shared<Model>(Model{
        .backing = std::move(parts.backing),
        .rules = &kDicRules,
        .dialect_data = std::move(parts.dic),
        .warnings = warnings,
        .alphabet = std::move(parts.alphabet),
        .automaton = std::move(parts.automaton),
        .exceptions = std::move(parts.exceptions),
        .symbol_exceptions = {},  // the dialect has no TeX exceptions (dic_token_breaks)
        .mins = mins,
        .uchyph = 1,
        .letters = LetterPolicy::unicode,
        .dash_hyphens = false,
        .nfc = nullptr,
        .tag = std::move(parts.tag),
        .name = std::move(parts.name),
    });
  }
  const Settings s = with_defaults(settings, defaults);
  SymbolExceptions by_symbol = SymbolExceptions::build(parts.alphabet, parts.exceptions);
  auto model = std::make_shared<Model>(Model{
      .backing = std::move(parts.backing),
      .rules = &kTexRules,
      .dialect_data = nullptr,
      .warnings = {},
      .alphabet = std::move(parts.alphabet),
      .automaton = std::move(parts.automaton),
      .exceptions = std::move(parts.exceptions),
      .symbol_exceptions = std::move(by_symbol),
      .mins = HyphenMins{norm_min(*s.left_min), norm_min(*s.right_min)},
      .uchyph = *s.uchyph,
      .letters = *s.letters,
      .dash_hyphens = *s.letters == LetterPolicy::unicode,
      .nfc = nfc_instance(s.normalization),
      .tag = std::move(parts.tag),
      .name = std::move(parts.name),
  });
  bool bytes = true;
  for (unsigned char c = 0; c < patterns::Alphabet::kAscii; ++c) {
    const patterns::Symbol symbol = model->alphabet.classify_ascii(c).symbol;
    bytes = bytes && symbol < 256;
    model->ascii_symbols[c] = static_cast<std::uint8_t>(symbol);
  }
  model->ascii_vector = bytes && ascii_vector_usable();
  model->ascii_avx2 = bytes && !model->ascii_vector && ascii_avx2_usable();
  model->ascii_sse2 = bytes && ascii_sse2_usable();
  fill_ascii_symbol_rows(*model);
  if (model->ascii_vector) model->rules = &kTexVectorRules;
  if (model->ascii_avx2) model->rules = &kTexAvx2Rules;
  if (model->ascii_sse2) model->rules = &kTexSse2Rules;
  model->packed_rows = model->automaton.packed_rows();
  // The lean path takes a text of letters alone for one word: no separator and no explicit
  // hyphen may be a letter.
  bool plain_separators = model->ascii_symbols[static_cast<unsigned char>('-')] == 0;
  for (unsigned char c = 0; c < patterns::Alphabet::kAscii; ++c)
    plain_separators = plain_separators && !(is_word_separator(c) && model->ascii_symbols[c] != 0);
  model->lean_words = (model->ascii_vector || model->ascii_avx2 || model->ascii_sse2) && model->packed_rows.rows != nullptr && model->symbol_exceptions.complete() &&
                      model->uchyph > 0 && plain_separators;
  return model;
}

namespace {

// The sources' names, for a message about all of them.
std::string names_of(std::span<const Source* const> sources) {
  std::string names;
  for (const Source* s : sources) names.append(names.empty() ? "" : ", ").append(s->name);
  return names.empty() ? "(no source)" : names;
}

// The sources parsed in order. An exception replaced by a later source's is dropped as soon as
// that source is read, so memory follows the distinct words kept, not the words read (5,000
// copies of a list cost what one does); the one kept is the latest, in the place of the first
// (the store's order is what one pass of every word in order gives).
std::vector<patterns::ParsedSource> parse_all(std::span<const Source* const> sources) {
  std::vector<patterns::ParsedSource> parsed;
  parsed.reserve(sources.size());
  std::unordered_map<std::u32string, std::pair<std::size_t, std::size_t>> kept;  // letters -> (source, index)
  for (const Source* s : sources) {
    patterns::ParsedSource p = base::naming_out_of_memory(s->name, [&] { return patterns::read_source(*s); });
    std::vector<patterns::Exception> fresh;
    for (patterns::Exception& e : p.exceptions) {
      const auto [at, added] = kept.try_emplace(e.letters, parsed.size(), fresh.size());
      if (added) {
        fresh.push_back(std::move(e));
      } else {
        auto& [source, index] = at->second;
        (source == parsed.size() ? fresh[index] : parsed[source].exceptions[index]) = std::move(e);
      }
    }
    p.exceptions = std::move(fresh);
    parsed.push_back(std::move(p));
  }
  return parsed;
}

// The model of parsed sources, with the settings' exception stores.
std::shared_ptr<const Model> model_of(std::vector<patterns::ParsedSource> parsed, const Settings& settings) {
  // Compiled exception dictionaries: their letters are letters, as an exception source's are.
  std::vector<exceptions::MappedStore> mapped;
  for (const auto& path : settings.exception_stores) mapped.push_back(exceptions::MappedStore::open(path));
  if (!mapped.empty()) {
    patterns::ParsedSource store_letters;
    for (const auto& m : mapped)
      for (char32_t c : m.letters()) store_letters.exceptions.push_back({std::u32string(1, c), 0, {}});
    parsed.push_back(std::move(store_letters));
  }
  auto alphabet = patterns::Alphabet::from(parsed, *with_defaults(settings, kPlainTexDefaults).letters);
  if (!mapped.empty()) parsed.pop_back();
  auto automaton = patterns::Automaton::build(parsed, alphabet);
  auto memory = std::make_unique<exceptions::MemoryStore>();
  for (const auto& p : parsed)
    for (const auto& e : p.exceptions) memory->insert_or_assign(letters_of(alphabet, e.letters), e.breaks);
  std::unique_ptr<const exceptions::ExceptionStore> store = std::move(memory);
  if (!mapped.empty()) {
    // The last store first: it replaces the earlier ones, which replace the sources.
    std::vector<std::unique_ptr<const exceptions::ExceptionStore>> layers;
    for (auto it = mapped.rbegin(); it != mapped.rend(); ++it) layers.push_back(std::make_unique<exceptions::MappedStore>(std::move(*it)));
    if (store->size() != 0) layers.push_back(std::move(store));
    store = layers.size() == 1 ? std::move(layers.front()) : std::make_unique<exceptions::LayeredStore>(std::move(layers));
  }

  return assemble({.backing = nullptr,
                   .alphabet = std::move(alphabet),
                   .automaton = std::move(automaton),
                   .exceptions = exceptions::ExceptionIndex(std::move(store), settings.exceptions)},
                  settings, kPlainTexDefaults);
}

}  // namespace

std::shared_ptr<const Model> build_model(std::span<const Source> sources, const Settings& settings) {
  std::vector<const Source*> pointers;
  for (const Source& s : sources) pointers.push_back(&s);
  return build_model(pointers, settings);
}

std::shared_ptr<const Model> build_model(std::span<const Source* const> sources, const Settings& settings) {
  std::vector<patterns::ParsedSource> parsed = parse_all(sources);
  return base::naming_out_of_memory(names_of(sources), [&] { return model_of(std::move(parsed), settings); });
}

}  // namespace hyph::detail
