// Liang's patterns compiled into one Aho–Corasick automaton.
//
// TeX (tex.web §923) walks its pattern trie once from every letter of the word and keeps,
// at each inter-letter position, the largest digit any matching pattern puts there. Taking
// maxima is order-free, so the same answer comes from one left-to-right pass: each state
// carries the merged digits of every pattern that is a suffix of the text read so far,
// indexed by distance from the current letter.
//
//   . h y p h e n a t i o n .      word with its edges, symbols 0..n+1
//       h y 3 p h              pattern ending at 'h' (i = 4): digit 3 at distance 2 -> hyf[2]
#pragma once

#include "patterns/alphabet.h"
#include "patterns/parsed.h"
#include "patterns/window_simd.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <vector>

namespace hyph::patterns {

/// Values between letters, laid out for the vectorised pass: the value after symbol j
/// (0 <= j < count) is at(j). The first kPad bytes are scratch.
struct GapValues {
  static constexpr std::size_t kPad = 15;
  std::uint8_t bytes[kPad + kMaxLetters + 2 + 16];
  std::uint8_t at(std::size_t j) const noexcept { return bytes[kPad + j]; }
};

class Automaton {
 public:
  /// An output list's digits as a window: byte 15 - d holds the digit at distance d.
  struct alignas(16) Window {
    std::uint8_t digits[16];
  };

  /// A state past the dense ones: its transitions are those of its fallback state (a suffix
  /// of it, so a smaller number) but for its edges, edges first_edge .. next node's
  /// first_edge - 1, in increasing symbol order; and its output list.
  template <typename Entry>
  struct Node {
    std::uint32_t first_edge;
    Entry fallback;
    Entry list;
  };
  /// A transition that differs from the fallback state's.
  template <typename Entry>
  struct Edge {
    Entry symbol;
    Entry target;
  };

  /// The arrays an Automaton reads, whoever owns them: its own vectors, or a compiled file.
  /// Exactly one of narrow and wide holds the rows and nodes (both of one width).
  struct Tables {
    unsigned shift = 0;              ///< a dense row is 2^shift entries
    std::size_t states = 0;
    std::size_t dense = 0;           ///< states 0 .. dense - 1 have a dense row
    std::size_t pattern_count = 0;
    std::span<const std::uint16_t> narrow;       ///< dense rows, 16-bit
    std::span<const std::uint32_t> wide;         ///< dense rows, 32-bit
    std::span<const Node<std::uint16_t>> narrow_nodes;  ///< states - dense nodes and a sentinel
    std::span<const Node<std::uint32_t>> wide_nodes;
    std::span<const Edge<std::uint16_t>> narrow_edges;
    std::span<const Edge<std::uint32_t>> wide_edges;
    std::span<const std::uint32_t> lists;    ///< empty when there are windows
    std::span<const std::uint16_t> outputs;  ///< empty when there are windows
    std::span<const Window> windows;  ///< empty when some pattern is longer than a window
  };

  Automaton() = default;
  /// Compiles the patterns of all sources. Throws ParseError("Duplicate pattern") if two
  /// patterns have the same letters, as TeX does, and Error(capacity) "pattern set too large"
  /// for more than kMaxPatterns patterns or a table of more than kMaxTableEntries (trie states
  /// × letters), before the memory either would need is asked for.
  static Automaton build(std::span<const ParsedSource> sources, const Alphabet& alphabet);

  /// An automaton reading `tables` in place, which `owner` keeps alive (null if the caller
  /// does), for words of symbols below `symbols`. Checks, once, everything apply() relies on
  /// to stay in bounds and to end (every state and list index, failure states that lead back
  /// towards the start, every digit); throws Error(bad_format) with what is wrong. The checks
  /// are one pass over the small arrays, with no search of the automaton's paths.
  static Automaton view(const Tables& tables, std::size_t symbols, std::shared_ptr<const void> owner);
  /// The same automaton in the small layout (dense rows only for the start and the first
  /// letters, every other state a node) or the fast one (a dense row for every state); see
  /// doc/compiled-format.md, "Layouts". build() gives the fast one.
  Automaton with_layout(bool small) const;
  /// with_layout(false): what a loader of the small layout calls to walk it faster.
  Automaton with_fast_layout() const;
  bool small() const noexcept { return dense_ < states_; }
  Tables tables() const noexcept {
    return {shift_,        states_,     dense_,        pattern_count_, narrow_,  wide_,   narrow_nodes_,
            wide_nodes_,   narrow_edges_, wide_edges_, lists_,         outputs_, windows_};
  }

  /// symbols[0] and symbols[count-1] are the word edges, count <= kMaxLetters + 2. Sets every
  /// gap value to the maximum digit the patterns put there (0 if none).
  void apply(const Symbol* symbols, std::size_t count, GapValues& out) const noexcept {
#if defined(__SSE2__)
    if (count >= 4 && packed_) {
      if (padded_) {
        walk_packed<false>(symbols, count, out);
      } else {
        walk_packed<true>(symbols, count, out);
      }
      return;
    }
    if (count >= 4 && pair_rows_ != nullptr) {
      if (!narrow_nodes_.empty()) {
        walk_fast(narrow_.data(), symbols, count, out);
      } else {
        walk_fast(wide_.data(), symbols, count, out);
      }
      return;
    }
#endif
    apply_general(symbols, count, out);
  }
  /// apply() without the fast layout's walk (the path for the small layout and short
  /// words): tests hold the two to the same answers.
  void apply_general(const Symbol* symbols, std::size_t count, GapValues& out) const noexcept {
    if (!narrow_nodes_.empty()) {
      run(narrow_layout(), symbols, count, out);
    } else {
      run(wide_layout(), symbols, count, out);
    }
  }

  // ---- For explaining a word (patterns/automaton_matches.h), off the hot path ----
  // The whole interface --explain needs; an encoding of the states may change freely behind it.
  /// The state after `symbol` from `state` (the root is state 0).
  std::uint32_t next_state(std::uint32_t state, Symbol symbol) const noexcept {
    if (!narrow_nodes_.empty())
      return static_cast<std::uint32_t>(step(narrow_layout(),
                                             dense_, shift_, states_, state, symbol));
    return static_cast<std::uint32_t>(
        step(wide_layout(), dense_, shift_, states_, state, symbol));
  }
  /// visit(distance, digit) for each non-zero digit a state carries (merged, as apply() uses
  /// them), by increasing distance back from the symbol that led to it.
  template <class Visit>
  void for_each_output(std::uint32_t state, Visit&& visit) const {
    const std::size_t list =
        !narrow_nodes_.empty()
            ? list_of(narrow_layout(), dense_, shift_, list_count(), state)
            : list_of(wide_layout(), dense_, shift_, list_count(), state);
    if (list == 0) return;
    if (!windows_.empty()) {
      for (std::size_t d = 0; d < 16; ++d)
        if (windows_[list].digits[15 - d] != 0) visit(d, windows_[list].digits[15 - d]);
      return;
    }
    const std::uint32_t where = lists_[list];
    for (std::size_t o = where >> 8, end = o + (where & 0xFF); o != end; ++o)
      visit(static_cast<std::size_t>(outputs_[o] >> 8), static_cast<std::uint8_t>(outputs_[o] & 0xFF));
  }

  /// What the walk over padded packed rows reads, for a vectorised front end that walks a
  /// short word in registers (engine/tex_token_breaks.cpp) as walk_packed<false> does; `rows` is
  /// null unless the rows are packed and padded. Offsets are in units of 8 bytes.
  struct PackedRows {
    const char* rows = nullptr;
    unsigned shift = 0;
    std::size_t start = 0;                         ///< the row after the edge
    const std::uint32_t* pairs = nullptr;          ///< [a << shift | b]: after the edge, a and b
  };
  PackedRows packed_rows() const noexcept {
    if (!padded_ || pair_rows_ == nullptr) return {};
    return {reinterpret_cast<const char*>(narrow_.data()), shift_, start_row_, pair_rows_};
  }
  /// Whether the rows are packed (doc/compiled-format.md, "Packed rows").
  bool packed() const noexcept { return packed_; }
  /// Whether packed rows are followed by padding that every 16-bit offset stays within, so
  /// that the walk needs no clamp (doc/compiled-format.md, "Packed rows").
  bool padded() const noexcept { return padded_; }
  std::size_t pattern_count() const noexcept { return pattern_count_; }
  std::size_t state_count() const noexcept { return states_; }
  std::size_t dense_count() const noexcept { return dense_; }
  std::size_t memory_bytes() const noexcept {
    return narrow_.size_bytes() + wide_.size_bytes() + narrow_nodes_.size_bytes() + wide_nodes_.size_bytes() +
           narrow_edges_.size_bytes() + wide_edges_.size_bytes() + lists_.size_bytes() + outputs_.size_bytes() + windows_.size_bytes();
  }

 private:
  // The states every word passes through first (breadth first: the shallow ones) own a dense
  // row of 2^shift_ entries: entry 0 names the output list, entry 1 + s the next state after
  // symbol s; one load a letter. The many deep states, each reached by few words, are nodes:
  // a few edges, else the transition of a shallower fallback state, which is a node of a
  // shallower tier or a dense row; the walk back is at most a few steps (doc/compiled-format.md).
  template <typename Entry>
  struct Layout {
    const Entry* rows;
    const Node<Entry>* nodes;
    const Edge<Entry>* edges;
    unsigned unshift;  // a row entry >> unshift is a state number (see packed_)
  };
  Layout<std::uint16_t> narrow_layout() const noexcept { return {narrow_.data(), narrow_nodes_.data(), narrow_edges_.data(), unshift_}; }
  Layout<std::uint32_t> wide_layout() const noexcept { return {wide_.data(), wide_nodes_.data(), wide_edges_.data(), unshift_}; }
  //
  // The loader does not read the dense rows (German's are 7 MB): a row entry is clamped to
  // the last state and the last list where it is used, one instruction off the memory
  // path, so that no row can lead out of bounds. Nodes and edges are checked at load.
  template <typename Entry>
  [[gnu::always_inline]] static std::size_t step(const Layout<Entry>& t, std::size_t dense, unsigned shift, std::size_t states, std::size_t state,
                          Symbol symbol) noexcept {
    while (state >= dense) {
      const Node<Entry>* n = t.nodes + (state - dense);
      for (std::size_t e = n->first_edge, end = n[1].first_edge; e < end; ++e)
        if (t.edges[e].symbol == symbol) return t.edges[e].target;
      state = n->fallback;
    }
    const std::size_t next = std::size_t{t.rows[(state << shift) + 1 + symbol]} >> t.unshift;
    return next < states ? next : states - 1;
  }
  template <typename Entry>
  [[gnu::always_inline]] static std::size_t list_of(const Layout<Entry>& t, std::size_t dense, unsigned shift, std::size_t lists, std::size_t state) noexcept {
    if (state >= dense) return t.nodes[state - dense].list;
    const std::size_t list = t.rows[state << shift];
    return list < lists ? list : lists - 1;
  }
  std::size_t list_count() const noexcept { return windows_.empty() ? lists_.size() : windows_.size(); }

#if defined(__SSE2__)
  // The fast layout's walk for a word of two letters or more. The chain from one letter to
  // the next is one load and a shift by a constant: the state after the edge and the first
  // two letters comes from pairs_ (no load on the chain for them), a row entry past the last
  // state is clamped by a branch that is never taken on a sound file (a conditional move
  // would lengthen the chain), and each row is reached through the symbol's own offset.
  // The output windows hang off the chain.
  template <typename Entry>
  void walk_fast(const Entry* rows, const Symbol* symbols, std::size_t count, GapValues& out) const noexcept {
    switch (shift_) {
      case 5: return walk_fast<5>(rows, symbols, count, out);
      case 6: return walk_fast<6>(rows, symbols, count, out);
      default: return walk_fast<0>(rows, symbols, count, out);
    }
  }
  template <unsigned Shift, typename Entry>
  void walk_fast(const Entry* rows, const Symbol* symbols, std::size_t count, GapValues& out) const noexcept {
    const unsigned shift = Shift != 0 ? Shift : shift_;
    const std::size_t states = states_, lists = windows_.size();
    const Window* const windows = windows_.data();
    const auto window_of = [&](std::size_t row) noexcept {
      const std::size_t list = rows[row];
      return _mm_load_si128(reinterpret_cast<const __m128i*>(windows + (list < lists ? list : lists - 1)));
    };
    // Gaps 0, 1, 2: the states after the edge, the first letter and the second.
    const std::size_t row0 = start_row_;
    std::size_t row1 = rows[row0 + 1 + symbols[1]];
    row1 = (row1 < states ? row1 : states - 1) << shift;
    std::size_t row = pair_rows_[std::size_t{symbols[1]} << shift | symbols[2]];
    __m128i window = window_of(row0);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out.bytes), window);
    window = _mm_max_epu8(_mm_srli_si128(window, 1), window_of(row1));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out.bytes + 1), window);
    window = _mm_max_epu8(_mm_srli_si128(window, 1), window_of(row));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out.bytes + 2), window);
    const Entry* const to = rows + 1;
    for (std::size_t i = 3; i < count; ++i) {
      const Entry* from = to + symbols[i];
      asm("" : "+r"(from));  // the row offset is added in the load's address, not before it
      std::size_t next = from[row];
      if (next >= states) [[unlikely]] {
        asm volatile("");  // keeps this a branch
        next = states - 1;
      }
      row = next << shift;
      window = _mm_max_epu8(_mm_srli_si128(window, 1), window_of(row));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out.bytes + i), window);
    }
  }
#endif

#if defined(__SSE2__)
  // The walk over packed rows: a row is reached by its offset in units of 8 bytes, which the
  // load's address scales, so the chain from one letter to the next is the load alone, and
  // the window comes from the row's own cache line. Padded rows (padded_) end in zeros up to
  // the last row any 16-bit offset can name, so no entry reads out of bounds whatever it
  // holds. Unpadded ones clamp an entry past the last row's offset (only a crafted file has
  // one) by a branch that is never taken on a sound file. Either way an offset between rows
  // reads bytes inside the rows: a crafted file may give wrong values, never a fault.
  template <bool Clamp>
  void walk_packed(const Symbol* symbols, std::size_t count, GapValues& out) const noexcept {
    const char* const base = reinterpret_cast<const char*>(narrow_.data());
    const char* const windows = base + (std::size_t{2} << shift_) - 8;
    const std::size_t last = (states_ - 1) << unshift_;
    const __m128i low = _mm_set1_epi8(0x0F);
    const auto window_at = [&](std::size_t offset) noexcept {
      const __m128i v = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(windows + offset * 8));
      return _mm_unpacklo_epi8(_mm_and_si128(v, low), _mm_and_si128(_mm_srli_epi16(v, 4), low));
    };
    const auto next = [&](const char* from, std::size_t offset) noexcept {
      std::uint16_t entry;
      std::memcpy(&entry, from + offset * 8, sizeof entry);
      std::size_t to = entry;
      if (Clamp && to > last) [[unlikely]] {
        asm volatile("");  // keeps this a branch
        to = last;
      }
      return to;
    };
    // Gaps 0, 1, 2: the states after the edge, the first letter and the second.
    const std::size_t offset0 = start_row_;
    const std::size_t offset1 = next(base + 2 * (1 + std::size_t{symbols[1]}), offset0);
    std::size_t offset = pair_rows_[std::size_t{symbols[1]} << shift_ | symbols[2]];
    __m128i window = window_at(offset0);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out.bytes), window);
    window = _mm_max_epu8(_mm_srli_si128(window, 1), window_at(offset1));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out.bytes + 1), window);
    window = _mm_max_epu8(_mm_srli_si128(window, 1), window_at(offset));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out.bytes + 2), window);
    const char* const to = base + 2;
    for (std::size_t i = 3; i < count; ++i) {
      const char* from = to + 2 * std::size_t{symbols[i]};
      asm("" : "+r"(from));  // the symbol's offset is added in the load's address
      offset = next(from, offset);
      window = _mm_max_epu8(_mm_srli_si128(window, 1), window_at(offset));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out.bytes + i), window);
    }
  }
#endif

  template <typename Entry>
  void run(const Layout<Entry>& t, const Symbol* symbols, std::size_t count, GapValues& out) const noexcept {
    const unsigned shift = shift_;
    const std::size_t dense = dense_, states = states_, lists = list_count();
    std::size_t state = 0;
#if defined(HYPH_WINDOW_SIMD)
    if (!windows_.empty()) {
      // The 16 gaps ending at the current symbol live in one register: each step slides it
      // by one gap, takes the byte-wise maximum with the state's digits, and stores it.
      // A gap 15 symbols back can no longer change, so every store is final for its
      // lowest byte; no load from memory sits on the path.
      const Window* const windows = windows_.data();
      window_simd::Vector window = window_simd::zero();
      if (dense == states) {
        // The fast layout: one row a letter, its offset kept rather than its state number.
        std::size_t row = 0;
        for (std::size_t i = 0; i < count; ++i) {
          const std::size_t next = std::size_t{t.rows[row + 1 + symbols[i]]} >> t.unshift;
          row = (next < states ? next : states - 1) << shift;
          const std::size_t list = t.rows[row];
          window = window_simd::slide_max(window, window_simd::load(windows + (list < lists ? list : lists - 1)));
          window_simd::store(out.bytes + i, window);
        }
        return;
      }
      for (std::size_t i = 0; i < count; ++i) {
        state = step(t, dense, shift, states, state, symbols[i]);
        const std::size_t list = list_of(t, dense, shift, lists, state);
        window = window_simd::slide_max(window, window_simd::load(windows + list));
        window_simd::store(out.bytes + i, window);
      }
      return;
    }
#endif
    // Portable path, and the one for patterns longer than 15 letters.
    std::memset(out.bytes, 0, sizeof out.bytes);
    for (std::size_t i = 0; i < count; ++i) {
      state = step(t, dense, shift, states, state, symbols[i]);
      const std::size_t list = list_of(t, dense, shift, lists, state);
      if (list == 0) continue;
      if (!windows_.empty()) {
        const std::uint8_t* digits = windows_[list].digits;
        for (std::size_t d = 0; d < 16; ++d) {  // d <= 15 = kPad: never before the buffer
          std::uint8_t& slot = out.bytes[GapValues::kPad + i - d];
          slot = digits[15 - d] > slot ? digits[15 - d] : slot;
        }
        continue;
      }
      const std::uint32_t where = lists_[list];
      const std::uint16_t* o = outputs_.data() + (where >> 8);
      const std::uint16_t* const end = o + (where & 0xFF);
      for (; o != end; ++o) {
        // Gap i - distance, which may lie in the scratch bytes before gap 0: indexed from
        // the buffer's start, as i - distance would wrap around. An output reaching back
        // past the scratch bytes (only a crafted file has one) is dropped.
        const std::size_t distance = *o >> 8;
        if (distance > i + GapValues::kPad) continue;
        std::uint8_t& slot = out.bytes[GapValues::kPad + i - distance];
        const auto value = static_cast<std::uint8_t>(*o);
        slot = value > slot ? value : slot;
      }
    }
  }

  struct Owned;
  // The whole transition table (state * symbols + symbol), whatever the layout, and each
  // state's list: what with_layout() lays out again.
  struct Transitions {
    std::vector<std::uint32_t> table;
    std::vector<std::uint32_t> lists;
  };
  Transitions transitions() const;
  // A new automaton with this one's counts and outputs (copied into `owned`), `dense` states
  // of it to have dense rows; the layout is then made by the two below and adopt().
  Automaton with_outputs(Owned& owned, std::size_t dense) const;
  // From each state's transitions and list (by state number): the dense rows of states below
  // dense_ (choosing narrow or wide entries, and packed rows), and the nodes of the others,
  // with these fallbacks, after them.
  template <class Next, class List>
  void lay_out_rows(Owned& owned, Next next, List list);  // next(state, symbol), list(state)
  void lay_out_nodes(Owned& owned, const std::vector<std::uint32_t>& table, const std::vector<std::uint32_t>& lists,
                     const std::vector<std::uint32_t>& fallback) const;
  // Reads the arrays `owned` holds from here on.
  void adopt(std::shared_ptr<Owned> owned);

  unsigned shift_ = 0;
  std::size_t symbols_ = 0;                // symbols a word is made of (the edge included)
  std::size_t dense_ = 0;                  // states with a dense row
  std::span<const std::uint16_t> narrow_;  // dense rows when states and output lists fit 16 bits
  std::span<const std::uint32_t> wide_;    // dense rows otherwise
  std::span<const Node<std::uint16_t>> narrow_nodes_;  // the other states, then a sentinel
  std::span<const Node<std::uint32_t>> wide_nodes_;
  std::span<const Edge<std::uint16_t>> narrow_edges_;  // the nodes' edges
  std::span<const Edge<std::uint32_t>> wide_edges_;
  std::span<const std::uint32_t> lists_;   // output list -> first output << 8 | output count
  std::span<const std::uint16_t> outputs_;  // distance << 8 | digit, digits > 0 only
  // Output list -> its digits as a window; then there are no lists and outputs. Empty when
  // some pattern is longer than the window.
  std::span<const Window> windows_;
  std::size_t states_ = 0;
  std::size_t pattern_count_ = 0;
  // The fast layout with windows (set by set_shortcuts()): the row of the state after the
  // edge, and for each pair of letters a, b the row of the state after the edge, a and b,
  // at a << shift_ | b; a row given by its first entry, or with packed rows by its offset.
  // Null otherwise.
  std::size_t start_row_ = 0;
  std::shared_ptr<const std::vector<std::uint32_t>> pairs_;
  const std::uint32_t* pair_rows_ = nullptr;  // pairs_'s data
  // Packed rows (doc/compiled-format.md, "Packed rows"): the fast layout with windows, when
  // a row has 4 entries to spare and every row's offset in units of 8 bytes fits 16 bits.
  // Entry 1 + s is then the target row's offset (its state << unshift_), and the row's last
  // 8 bytes hold its window, a digit a nibble. Whether rows are packed follows from the
  // counts alone (packs()), so a file needs no flag for it.
  static bool packs(unsigned shift, std::size_t symbols, std::size_t states, std::size_t dense, bool windowed, bool narrow) noexcept {
    return windowed && narrow && dense == states && shift >= 3 && shift <= 7 && symbols + 5 <= (std::size_t{1} << shift) &&
           ((states - 1) << (shift - 2)) <= 0xFFFF;
  }
  // Packed rows are padded when the padding costs at most a quarter of the rows: the rows'
  // entries then run on, zero, up to padded_entries(), the end of the row at offset 65,535.
  static std::size_t padded_entries(unsigned shift) noexcept { return (std::size_t{0xFFFF} << 2) + (std::size_t{1} << shift); }
  static bool pads(unsigned shift, std::size_t states) noexcept {
    const std::size_t rows = states << shift;
    return padded_entries(shift) - rows <= rows / 4;
  }
  bool packed_ = false;
  bool padded_ = false;   // packed_ and pads(): the rows are padded_entries() long
  unsigned unshift_ = 0;  // shift_ - 2 with packed rows, else 0
  void set_shortcuts();
  std::shared_ptr<const void> owner_;  // keeps the arrays above alive
};

}  // namespace hyph::patterns
