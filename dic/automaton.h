// libhyphen's pattern automaton, flat. 2.8.8 keeps one state per prefix of a pattern's letters
// (bytes), a fallback to the longest proper suffix that is a state, and at a state only that
// state's own pattern: unlike Liang/TeX (and patterns/automaton.h), the patterns that are
// suffixes of what was read are NOT merged in. A raw pattern set therefore answers differently
// than in TeX unless libhyphen's substrings.pl merged it beforehand; this reproduces 2.8.8.
//
// Layout: states numbered breadth first; a state's transitions are a sorted, contiguous run of
// (byte, target) pairs; the root's 256 transitions are a direct table.
#pragma once

#include "base/huge_pages.h"
#include "dic/reader.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hyph::dic {

/// A state's pattern: libhyphen's match (digits '0'..'9', the last at the current byte),
/// replacement and its index/cut.
struct alignas(32) DicMatch {
  std::uint32_t digits = 0;   ///< offset into DicAutomaton::digit_pool()
  std::int32_t replacement = -1;  ///< offset into the replacement pool, -1 for none
  std::uint8_t length = 0;    ///< strlen(match): at most 99 (2.8.8 reads lines of 99 bytes)
  std::uint8_t first = 0;     ///< digits before this are '0' (which never change a value)
  std::uint8_t end = 0;       ///< nor do those from here on
  signed char index = 0;
  signed char cut = 0;
  bool windowed = false;      ///< `window` holds the digits (DicAutomaton::window)
  std::uint8_t letters = 0;   ///< the pattern's letters (bytes, at most 99), for --explain
  /// The digits right-aligned on the byte after the one that completes the match: byte
  /// 15 - d is the digit d positions back (0 for '0'); beside the match, in its cache line.
  unsigned char window[16] = {};
};
static_assert(sizeof(DicMatch) == 32);

class DicAutomaton {
 public:
  DicAutomaton() = default;
  /// For equal letters the last pattern counts, as in 2.8.8. Replacement strings go into
  /// `replacements` ('\0'-terminated, back to back); DicMatch::replacement indexes it.
  DicAutomaton(const std::vector<DicPattern>& patterns, std::vector<char>& replacements);
  // The arrays are views (into the automaton's own storage or a compiled file's bytes):
  // moving keeps them valid, copying would not.
  DicAutomaton(DicAutomaton&&) noexcept = default;
  DicAutomaton& operator=(DicAutomaton&&) noexcept = default;
  DicAutomaton(const DicAutomaton&) = delete;
  DicAutomaton& operator=(const DicAutomaton&) = delete;

  /// Everything the automaton is, for the compiled format (engine/compiled_dic.cpp): the
  /// byte tables and counts, and the arrays it reads.
  struct Image {
    const std::uint32_t* root = nullptr;              ///< 256 entries
    const unsigned char* classes = nullptr;           ///< 256 entries
    const unsigned char* delta_columns = nullptr;     ///< 256 entries
    const bool* replacement_bytes = nullptr;          ///< 256 entries
    std::uint32_t class_count = 1;
    std::uint32_t row_shift = 0;
    std::uint64_t state_count = 0;
    bool has_replacements = false;
    std::span<const std::uint32_t> nodes;
    std::span<const std::uint16_t> delta;  ///< state_count rows of 1 << row_shift, or empty
    std::span<const DicMatch> matches;
    std::span<const char> digits;
    std::uint32_t windowed = 0;               ///< the first `windowed` matches have windows
    std::span<const unsigned char> windows;   ///< (windowed + 1) * 16 bytes
  };
  Image image() const noexcept;
  /// An automaton reading `image`'s arrays in place (they must outlive it), after checking
  /// everything walk() and the engine rely on; throws Error(bad_format) with `what` and the
  /// problem otherwise. replacement_pool is the size of the dictionary's replacement pool.
  static DicAutomaton adopt(const Image& image, std::size_t replacement_pool, const std::string& what);

  /// Runs the automaton over `text`, calling on_match(i, match) after byte i whenever the state
  /// reached by a transition holds a pattern.
  template <class OnMatch>
  void walk(const unsigned char* text, std::size_t n, OnMatch&& on_match) const {
    const std::size_t matches = matches_.size();
    walk_indices(text, n, [&](std::size_t i, std::uint32_t index) {
      if (index - 1u < matches) on_match(i, matches_[index - 1u]);
    });
  }

  /// The same walk, calling step(i, index) after every byte i: index is the reached state's
  /// match + 1, or 0 for none. A damaged compiled file can give any index (callers bound it
  /// by match_count()); the walk itself never reads outside its arrays and always ends: every
  /// state it reads is clamped into them, and fallbacks past what a valid automaton could
  /// take (one per byte read: each drops at least one level of depth) return to the root.
  template <class Step>
  void walk_indices(const unsigned char* text, std::size_t n, Step&& step) const {
    with_cursor(n, [&](auto cursor) {
      for (std::size_t i = 0; i < n; ++i) step(i, cursor.step(text[i]));
    });
  }

  /// Calls f(cursor) with a cursor at the root for a walk of at most n bytes: cursor.step(c)
  /// reads byte c and returns what walk_indices hands its step. The cursor's type depends on
  /// the automaton's layout, so a caller can walk two automata in one loop (their loads then
  /// overlap) without a branch per byte.
  template <class F>
  decltype(auto) with_cursor(std::size_t n, F&& f) const {
    if (!delta_.empty()) return f(TableCursor(*this));
    return f(RecordCursor(*this, n));
  }

  /// Small automata: every fallback resolved at build time, one load a byte.
  /// A row: [match + 1 (0: none), target by class 1, 2, ..., 0 for bytes in no pattern];
  /// rows start at cache lines, so the match read at a state shares its line with the
  /// next step's transition.
  class TableCursor {
   public:
    explicit TableCursor(const DicAutomaton& a) noexcept
        : table_(a.delta_.data()), column_(a.delta_column_), states_(static_cast<std::uint32_t>(a.state_count_)),
          shift_(a.row_shift_), row_(table_) {}
    std::uint32_t step(unsigned char c) noexcept {
      std::uint32_t t = row_[column_[c]];
      t = t < states_ ? t : 0;
      row_ = table_ + (std::size_t{t} << shift_);
      return row_[0];
    }

   private:
    const std::uint16_t* table_;
    const unsigned char* column_;
    std::uint32_t states_;
    unsigned shift_;
    const std::uint16_t* row_;
  };

  /// Large automata: the flat records, fallbacks followed where a row does not resolve them.
  class RecordCursor {
   public:
    RecordCursor(const DicAutomaton& a, std::size_t n) noexcept
        : nodes_(a.nodes_.data()), limit_(a.node_limit_), root_(a.root_), class_(a.class_), budget_(n) {}
    std::uint32_t step(unsigned char c) noexcept {
      const unsigned char cls = class_[c];
      if (cls == 0) {  // in no pattern: no state has a transition, back to the root
        s_ = 0;
        return 0;
      }
      for (;;) {
        if (s_ == 0) {
          s_ = root_[c];
          break;
        }
        const std::uint32_t* r = nodes_ + (s_ <= limit_ ? s_ : 0);
        const std::uint32_t meta = r[kMeta];
        if (meta & kDenseBit) {
          const std::uint32_t t = r[kEdges + cls];
          if (t != 0 || (meta & kResolvedBit)) {  // a resolved row's 0 is the root
            s_ = t;
            break;
          }
        } else {
          // At most kDenseFrom - 1 labels (distinct): the first byte equal to c among the
          // first 8, found without a loop (x's first zero byte; bytes after it may be false).
          const std::uint32_t count = meta & 0xFFu;
          const std::uint64_t labels = eight_labels(r + kEdges);
          const std::uint64_t x = labels ^ (0x0101010101010101ull * c);
          const std::uint64_t zero = (x - 0x0101010101010101ull) & ~x & 0x8080808080808080ull;
          const std::uint32_t k = static_cast<std::uint32_t>(std::countr_zero(zero)) >> 3;  // 8: none
          if (k < count) {
            s_ = r[kEdges + (count + 3) / 4 + k];
            break;
          }
        }
        // A valid automaton takes at most one fallback a byte read in all.
        s_ = budget_ != 0 ? (--budget_, r[kFail]) : 0;
      }
      s_ = s_ <= limit_ ? s_ : 0;
      return s_ != 0 ? nodes_[s_ + kMatch] + 1u : 0u;
    }

   private:
    const std::uint32_t* nodes_;
    std::uint32_t limit_;
    const std::uint32_t* root_;
    const unsigned char* class_;
    std::size_t budget_;  ///< fallbacks left
    std::uint32_t s_ = 0;
  };

  /// The windows of the first windowed_count() matches (those are the windowed ones), 16
  /// bytes each, after 16 zero bytes: index i (match i - 1, as walk_indices gives it) has its
  /// window at 16 * i when i <= windowed_count(), and index 0 the zero window.
  const unsigned char* window_table() const noexcept { return windows_.data(); }
  std::uint32_t windowed_count() const noexcept { return windowed_; }
  const DicMatch& match(std::size_t k) const noexcept { return matches_[k]; }

  const char* digit_pool() const noexcept { return digits_.data(); }
  /// Whether byte c is in any pattern (a text of bytes that are not never leaves the root).
  bool reads(unsigned char c) const noexcept { return class_[c] != 0; }
  /// The match's digits as a 16-byte window ending after the byte that completed it: byte
  /// 15 - d is the digit d positions back (0 for '0'), for matches of at most 15 digits
  /// without a replacement; nullptr for the others (the engine then loops over the digits).
  const unsigned char* window(const DicMatch& m) const noexcept {
    return m.windowed ? m.window : nullptr;
  }
  std::size_t state_count() const noexcept { return state_count_; }
  std::size_t match_count() const noexcept { return matches_.size(); }
  bool has_replacements() const noexcept { return has_replacements_; }
  /// Whether a word can reach a pattern with a replacement here: false when it contains none
  /// of the bytes marked here (each such pattern's letters include one of them); patterns made
  /// of '.' alone mark every byte. For the engine's fast path, which ignores replacements.
  const bool* replacement_bytes() const noexcept { return replacement_bytes_; }

 private:
  // A state is a record in nodes_, named by its offset (the root's is 0):
  //   [fail, match (-1: none), meta, edges...]
  // meta is the transition count, or kDenseBit for a row of targets indexed by byte class
  // (with kResolvedBit, fallbacks resolved);
  // sparse edges are the labels (sorted, 4 a word) and then their targets. One record is
  // mostly one cache line, so a step costs one miss where separate arrays cost three.
  static constexpr std::uint32_t kFail = 0, kMatch = 1, kMeta = 2, kEdges = 3;
  // A sparse record's labels, 4 a word, label k in bits 8(k % 4) of word k / 4: in memory they
  // are the label bytes in order on a little-endian host, and the words turn like any other
  // between a file and a big-endian host. The first 8 labels, label k in byte k of the result.
  static std::uint64_t eight_labels(const std::uint32_t* words) noexcept {
    if constexpr (std::endian::native == std::endian::little) {
      std::uint64_t labels;
      std::memcpy(&labels, words, sizeof labels);
      return labels;
    } else {
      return std::uint64_t{words[0]} | std::uint64_t{words[1]} << 32;
    }
  }
  static constexpr std::uint32_t kDenseBit = 0x80000000u;
  /// With kDenseBit: the row's fallbacks are resolved (0 is the root, not "no transition").
  static constexpr std::uint32_t kResolvedBit = 0x40000000u;
  /// In automata without a full table (delta_), the states this shallow (but the root, whose
  /// row is root_) get resolved dense rows, as deep as their rows add at most the records'
  /// own size: most of a word's steps are there, and fallback loops end there. German's
  /// first level (depth 6): 1.45x faster a word than without, for 2.5M words of records
  /// instead of 1.4M (depth 2: 1.17x, 3: 1.22x, 4: 1.30x, 5: 1.36x); Hungarian's 52 classes
  /// stop at a shallower depth.
  static constexpr std::uint32_t kResolvedDepth = 6;
  /// States with more transitions than this get a dense row: a linear scan costs more.
  static constexpr std::uint32_t kDenseFrom = 6;
  static_assert(kDenseFrom <= 9, "walk_indices finds a sparse record's label among its first 8");
  /// States this deep or shallower are laid out breadth first, deeper ones by subtree.
  static constexpr std::uint32_t kShallow = 3;
  /// Zero words after the last record: a walk reads a record at any offset up to
  /// node_limit_ (its clamp) without leaving the array (a sparse record of 255 labels and
  /// targets or a dense one of 255 classes spans at most 322 words).
  static constexpr std::uint32_t kNodePad = 324;
  std::uint32_t node_limit_ = 0;  ///< nodes_.size() - kNodePad
  std::uint32_t root_[256] = {};  ///< 0: no transition
  unsigned char class_[256] = {};  ///< 0: the byte is in no pattern; else its column in dense rows
  std::uint32_t classes_ = 1;
  unsigned row_shift_ = 0;  ///< delta_'s rows are 1 << row_shift_ entries (> classes_)
  unsigned char delta_column_[256] = {};  ///< a byte's column in delta_'s rows (classes_ for class 0)
  std::size_t delta_offset_ = 0;  ///< the first row's entry in delta_ (rows start at 64 bytes)
  bool replacement_bytes_[256] = {};
  void publish() noexcept;  ///< points the views at the storage
  base::LargeVector<std::uint32_t> node_store_;
  std::span<const std::uint32_t> nodes_;
  /// For automata of up to kDeltaStates states (and kDeltaCells cells): the transition of
  /// every state (breadth-first number) by every byte class, fallbacks resolved; the root's
  /// match is never applied (2.8.8 only applies a state reached by a transition). Column 0 is
  /// the state's match + 1; column classes_ is 0 (the root) for bytes in no pattern.
  static constexpr std::size_t kDeltaStates = 65535, kDeltaCells = std::size_t{4} << 20;
  base::LargeVector<std::uint16_t> delta_store_;
  std::span<const std::uint16_t> delta_;  ///< from the first row (delta_store_ + delta_offset_)
  std::size_t state_count_ = 0;
  std::uint32_t windowed_ = 0;  ///< matches [0, windowed_) have windows
  base::LargeVector<unsigned char> window_store_;
  std::span<const unsigned char> windows_;  ///< (windowed_ + 1) * 16 bytes: zeros, then the windows
  base::LargeVector<DicMatch> match_store_;
  std::span<const DicMatch> matches_;
  base::LargeVector<char> digit_store_;
  std::span<const char> digits_;
  bool has_replacements_ = false;
};

}  // namespace hyph::dic
