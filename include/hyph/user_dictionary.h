// A user's own hyphenations, changed while a program runs: an editor's "hyphenate this word
// like so" dictionary.
//
//   hyph::Hyphenator english = hyph::Hyphenator::english();   // immutable, shared
//   hyph::UserDictionary mine(english, {hyph::FilterKind::cuckoo, 0.01});
//   mine.add("hyphena-tion");                // as \hyphenation{hyphena-tion}
//   mine.hyphenated("Hyphenation");          // "Hyphena-tion": the dictionary first
//   mine.remove("hyphenation");
//
// The words answer as if they had been given to TeX in a \hyphenation after the language's
// own exceptions: a word here replaces the language's exception or patterns for that word,
// and a later add() of a word replaces the earlier one. The Hyphenator is not changed (it
// stays immutable and may go on serving other threads); the dictionary shares it.
//
// The dictionary's own pre-check follows ExceptionOptions: `exact` probes its hash table for
// every word; a filter that can insert and erase (cuckoo, counting-bloom, hash-compaction,
// quotient, counting-quotient) is sized for twice the words it is built from, so that it
// keeps the rate asked for, updated in place, and rebuilt only when the dictionary has grown
// past that room (or shrunk below a quarter of the words it was built from); a static filter
// (bloom, blocked-bloom, fuse, scalable-bloom) is rebuilt from the words at the first lookup
// after a change.
// Every choice gives the same output.
//
// Not thread-safe: a UserDictionary belongs to one thread at a time, and even its const
// functions (which may rebuild the filter) must not run while another thread uses it. For
// many threads, give each its own, or copy the Hyphenator into a new load with the words.
#pragma once

#include <hyph/exceptions.h>
#include <hyph/export.h>
#include <hyph/hyphenator.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace hyph {

class HYPH_EXPORT UserDictionary {
 public:
  /// An empty dictionary over `hyphenator`'s language. Throws Error(invalid_argument) for
  /// an fp_rate outside (0, 1).
  explicit UserDictionary(Hyphenator hyphenator, const ExceptionOptions& options = {});
  ~UserDictionary();
  UserDictionary(UserDictionary&&) noexcept;
  UserDictionary& operator=(UserDictionary&&) noexcept;
  UserDictionary(const UserDictionary&) = delete;
  UserDictionary& operator=(const UserDictionary&) = delete;

  /// Adds a word with '-' at every allowed break ("hy-phen-ation"; "table" alone: no break),
  /// as TeX's \hyphenation reads it: letters in any case (the word is found in any case),
  /// at most 63 of them counted (TeX ignores the rest). Replaces the word if it is there.
  /// Returns true if the word was new. Throws Error(invalid_argument) if the word has no
  /// letters, or a character that is not one of the language's letters (only letters its
  /// patterns or exceptions use can be matched: load such a word as an exception source).
  /// Over a `.dic` dictionary (libhyphen's dialect) a word is what that dialect reads as one:
  /// Unicode letters and marks and the characters its patterns use, lowercased code point by
  /// code point, at most 200 of them (longer words are never hyphenated), breaks marked after
  /// at most the 63rd; '-' always marks a break.
  bool add(std::string_view hyphenated);
  /// Removes a word (given with or without its hyphens, in any case); false if it is not here.
  bool remove(std::string_view word);
  /// The word as stored, hyphenated and in lower case ("ta-ble"), if it is here.
  std::optional<std::string> find(std::string_view word) const;
  bool contains(std::string_view word) const { return find(word).has_value(); }
  std::size_t size() const noexcept;
  void clear();

  /// As Hyphenator::hyphenate, with this dictionary's words first. `counters` counts the
  /// language's exception lookups (for words not found here), as Hyphenator::hyphenate does.
  std::size_t hyphenate(std::string_view text, std::span<std::size_t> breaks, LookupCounters* counters = nullptr) const;
  /// `text` with `marker` at every break.
  std::string hyphenated(std::string_view text, std::string_view marker = "-") const;
  /// visit(context, b) for every break of `text` in order, as Hyphenator::visit_breaks gives
  /// them (value, replacement), with this dictionary's words first: a word found here breaks
  /// where it says, each break with value 1 as an exception's. `visit` must not throw.
  void visit_breaks(std::string_view text, void (*visit)(void* context, const Break& b), void* context) const;

  const Hyphenator& hyphenator() const noexcept;
  /// This dictionary's pre-check (name, size, parameters), after any pending rebuild.
  FilterDescription filter() const;
  /// This dictionary's own lookups so far: queries, filter positives, probes, hits.
  const LookupCounters& counters() const noexcept;
  /// How many times the filter was built from the words (0 for exact).
  std::uint64_t rebuilds() const noexcept;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace hyph
