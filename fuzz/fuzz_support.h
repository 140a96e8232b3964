// Shared by the fuzz targets: a check that aborts (so libFuzzer and the replay program both
// report it), and a naive Liang hyphenator to compare the engine's automaton with.
//
// Each target is one .cpp file defining LLVMFuzzerTestOneInput; it is linked either with
// libFuzzer (-fsanitize=fuzzer) or with fuzz/replay.cpp, which runs saved inputs.
#pragma once

#include "engine/model.h"
#include "patterns/parsed.h"
#include "patterns/readers.h"
#include "base/utf8.h"

#include <hyph/hyphenator.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

#define FUZZ_CHECK(condition, ...)                                                       \
  do {                                                                                   \
    if (!(condition)) {                                                                  \
      std::fprintf(stderr, "%s:%d: check failed: %s\n  ", __FILE__, __LINE__, #condition); \
      std::fprintf(stderr, __VA_ARGS__);                                                 \
      std::fprintf(stderr, "\n");                                                        \
      std::abort();                                                                      \
    }                                                                                    \
  } while (0)

namespace fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

/// A ParseError must name the source and a real position; its what() must say so.
inline void check_parse_error(const hyph::ParseError& e, const std::string& name) {
  FUZZ_CHECK(e.where().file == name, "error names '%s', not the source", e.where().file.c_str());
  FUZZ_CHECK(e.where().line >= 1 && e.where().column >= 1, "position %zu:%zu", e.where().line, e.where().column);
  const std::string prefix = name + ":" + std::to_string(e.where().line) + ":" + std::to_string(e.where().column) + ": ";
  FUZZ_CHECK(std::string_view(e.what()).starts_with(prefix) && !e.reason().empty(), "message '%s'", e.what());
  FUZZ_CHECK(e.code() == hyph::ErrorCode::parse || e.code() == hyph::ErrorCode::bad_utf8, "code %d",
             static_cast<int>(e.code()));
}

/// Loads `source` as the only source. Returns false for the expected failures (ParseError,
/// Error); any other exception escapes, and libFuzzer reports it.
inline bool try_load(const hyph::Source& source, const hyph::Settings& settings, std::optional<hyph::Hyphenator>& out) {
  try {
    out.emplace(hyph::Hyphenator::load(std::span<const hyph::Source>(&source, 1), settings));
    return true;
  } catch (const hyph::ParseError& e) {
    check_parse_error(e, source.name);
  } catch (const hyph::Error& e) {
    FUZZ_CHECK(e.code() == hyph::ErrorCode::capacity || e.code() == hyph::ErrorCode::parse, "code %d: %s",
               static_cast<int>(e.code()), e.what());
  }
  return false;
}

/// Liang's method as tex.web §923 states it, one pattern and one position at a time, over
/// the symbols the loaded alphabet gives; used to check the Aho–Corasick automaton and the
/// exception lookup. Symbols are the model's own, so the letter classification is taken as
/// given: what is checked is the matching, the maxima, the edges, the minimums and the
/// replacement of patterns by exceptions.
class NaiveLiang {
 public:
  NaiveLiang(const hyph::detail::Model& model, std::span<const hyph::patterns::ParsedSource> parsed) : model_(model) {
    for (const auto& source : parsed) {
      for (const auto& p : source.patterns) {
        std::vector<hyph::patterns::Symbol> letters;
        for (char32_t c : p.letters)
          letters.push_back(c == hyph::patterns::kEdge ? hyph::patterns::kEdgeSymbol : model.alphabet.symbol_of(c));
        std::vector<std::uint8_t> values = p.values;
        // A digit outside a word edge never applies.
        if (p.letters.front() == hyph::patterns::kEdge) values.front() = 0;
        if (p.letters.back() == hyph::patterns::kEdge) values.back() = 0;
        // Filed under its first symbol: a pattern can only match where that symbol is.
        const std::size_t first = letters.front();
        if (by_first_.size() <= first) by_first_.resize(first + 1);
        by_first_[first].push_back({std::move(letters), std::move(values)});
      }
      for (const auto& e : source.exceptions) {
        std::vector<hyph::patterns::Symbol> letters;
        for (char32_t c : e.letters) letters.push_back(model.alphabet.symbol_of(c));
        exceptions_[letters] = e.breaks;  // a later exception replaces an earlier one
      }
    }
  }

  /// The breaks (letter counts j: a break after the j-th letter) of a word of 1..63 symbols.
  std::vector<std::size_t> breaks(const std::vector<hyph::patterns::Symbol>& word) const {
    const std::size_t n = word.size();
    std::uint8_t hyf[hyph::patterns::kMaxLetters + 1] = {};  // hyf[j]: the gap after letter j
    if (auto it = exceptions_.find(word); it != exceptions_.end()) {
      for (std::size_t j = 0; j <= n; ++j) hyf[j] = (it->second >> j) & 1;
    } else {
      hyph::patterns::Symbol edged[hyph::patterns::kMaxLetters + 2] = {hyph::patterns::kEdgeSymbol};
      std::copy(word.begin(), word.end(), edged + 1);
      edged[n + 1] = hyph::patterns::kEdgeSymbol;
      const std::size_t size = n + 2;
      for (std::size_t i = 0; i < size; ++i) {
        if (edged[i] >= by_first_.size()) continue;
        for (const auto& [letters, values] : by_first_[edged[i]]) {
          if (i + letters.size() > size) continue;
          bool match = true;
          for (std::size_t k = 1; match && k < letters.size(); ++k) match = letters[k] == edged[i + k];
          if (!match) continue;
          // values[k] sits before edged[i + k], i.e. in the gap after letter i + k - 1.
          for (std::size_t k = 0; k < values.size(); ++k) {
            const std::size_t gap = i + k;  // gap after letter gap - 1, shifted by one
            if (gap >= 1 && gap - 1 <= n) hyf[gap - 1] = std::max(hyf[gap - 1], values[k]);
          }
        }
      }
    }
    std::vector<std::size_t> out;
    out.reserve(n);
    const auto left = static_cast<std::size_t>(model_.mins.left);
    const auto right = static_cast<std::size_t>(model_.mins.right);
    for (std::size_t j = left; j + right <= n; ++j)
      if (hyf[j] & 1) out.push_back(j);
    return out;
  }

 private:
  const hyph::detail::Model& model_;
  using Pattern = std::pair<std::vector<hyph::patterns::Symbol>, std::vector<std::uint8_t>>;
  std::vector<std::vector<Pattern>> by_first_;  // indexed by the pattern's first symbol
  std::map<std::vector<hyph::patterns::Symbol>, std::uint64_t> exceptions_;
};

/// Hyphenates `word`, written as one token from code points that each are a letter, and
/// compares with the naive method. Code points that are not letters, or that the token rules
/// treat specially (white space, explicit hyphens), are dropped from the word first.
inline void check_word(const hyph::Hyphenator& h, const NaiveLiang& naive, std::u32string_view candidate) {
  const hyph::detail::Model& model = hyph::detail::model_of(h);
  std::string text;
  std::vector<hyph::patterns::Symbol> symbols;
  std::vector<std::size_t> letter_end;
  text.reserve(4 * hyph::patterns::kMaxLetters);
  symbols.reserve(hyph::patterns::kMaxLetters);
  letter_end.reserve(hyph::patterns::kMaxLetters);
  for (char32_t c : candidate) {
    if (symbols.size() == hyph::patterns::kMaxLetters) break;
    if (c == U'-' || c == U' ' || c == U'\t' || c == U'\n' || c == U'\r' || c == U'\f' || c == U'\v') continue;
    if (model.dash_hyphens && (c == U'\u2013' || c == U'\u2014')) continue;
    const hyph::patterns::LetterInfo info = model.alphabet.classify(c);
    if (!info) continue;
    if (symbols.empty() && !info.is_lower && model.uchyph <= 0) continue;
    hyph::utf8::append(text, c);
    symbols.push_back(info.symbol);
    letter_end.push_back(text.size());
  }
  if (symbols.empty()) return;
  std::size_t got[64];
  const std::size_t count = h.hyphenate(text, got);
  const std::vector<std::size_t> want = naive.breaks(symbols);
  bool same = count == want.size();
  for (std::size_t k = 0; same && k < count; ++k) same = got[k] == letter_end[want[k] - 1];
  FUZZ_CHECK(same, "word '%s' (%zu letters): engine %zu breaks, naive Liang %zu", text.c_str(), symbols.size(), count,
             want.size());
}

/// The words worth checking after a load: the first `limit` patterns' and exceptions' letters
/// alone, and each glued to the next one and two (so that patterns overlap). The limit keeps
/// an input's cost bounded; the fuzzer reaches other patterns by moving them to the front.
inline void check_words_of(const hyph::Hyphenator& h, std::span<const hyph::patterns::ParsedSource> parsed,
                           std::size_t limit = 64) {
  const NaiveLiang naive(hyph::detail::model_of(h), parsed);
  std::vector<std::u32string> words;
  for (const auto& s : parsed) {
    for (std::size_t i = 0; i < s.patterns.size() && words.size() < limit; ++i) {
      std::u32string w;
      for (char32_t c : s.patterns[i].letters)
        if (c != hyph::patterns::kEdge) w.push_back(c);
      words.push_back(std::move(w));
    }
    for (std::size_t i = 0; i < s.exceptions.size() && words.size() < limit; ++i) words.push_back(s.exceptions[i].letters);
  }
  for (std::size_t i = 0; i < words.size(); ++i) {
    check_word(h, naive, words[i]);
    if (i + 1 < words.size()) check_word(h, naive, words[i] + words[i + 1]);
    if (i + 2 < words.size()) check_word(h, naive, words[i] + words[i + 1] + words[i + 2]);
  }
}

/// The whole of the pattern-reader targets: the input as one source named `name`, loaded
/// with small minimums and a letter policy its length picks. The load either fails with
/// ParseError/Error or gives a hyphenator with every pattern read and naive Liang's answers
/// on words made of the source's letters.
inline void check_one_source(const std::uint8_t* data, std::size_t size, const char* name, hyph::SourceFormat format) {
  const hyph::Source source{name, std::string(as_text(data, size)), format};
  hyph::Settings settings;
  // Small minimums show the most breaks; the input's length varies them a little.
  settings.left_min = static_cast<int>(size % 3);
  settings.right_min = static_cast<int>(size / 3 % 3);
  settings.letters = size / 9 % 2 ? hyph::LetterPolicy::unicode : hyph::LetterPolicy::pattern_letters;
  std::optional<hyph::Hyphenator> h;
  if (!try_load(source, settings, h)) return;
  const hyph::patterns::ParsedSource parsed = hyph::patterns::read_source(source);
  FUZZ_CHECK(h->pattern_count() == parsed.patterns.size(), "%zu patterns loaded, %zu read", h->pattern_count(),
             parsed.patterns.size());
  check_words_of(*h, std::span(&parsed, 1));
}

}  // namespace fuzz
