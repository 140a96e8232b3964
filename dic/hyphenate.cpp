// hnj_hyphen_hyphenate, hyphenate2 and hyphenate3 of libhyphen 2.8.8, step by step on the
// same buffers (its prep_word, hyphens, rep/pos/cut), so that every quirk that decides its
// answers is kept: the compound recursion on the first level, the values kept at a segment's
// last two positions, the word read past its end where 2.8.8 reads it (up to its '\0'), the
// UTF-8 normalisation. Every access is bounded: where 2.8.8 would write or read outside its
// buffers, this skips the access (or reads '\0'), as upstream's later fixes do.
#include "dic/data.h"
#include "dic/fast_path.h"
#include "dic/steps.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

namespace hyph::dic {

namespace {

/// Per-call scratch: a stack buffer, then heap blocks for long words or deep recursion.
class Arena {
 public:
  Arena(std::byte* buffer, std::size_t size) : buffer_(buffer), size_(size) {}
  template <class T>
  T* take(std::size_t count) {
    const std::size_t bytes = (count * sizeof(T) + alignof(std::max_align_t) - 1) & ~(alignof(std::max_align_t) - 1);
    if (used_ + bytes <= size_) {
      T* out = reinterpret_cast<T*>(buffer_ + used_);
      used_ += bytes;
      return out;
    }
    heap_.push_back(std::make_unique<std::byte[]>(bytes + 1));
    return reinterpret_cast<T*>(heap_.back().get());
  }
  struct Mark {
    std::size_t used, heap;
  };
  Mark mark() const noexcept { return {used_, heap_.size()}; }
  /// Frees what was taken since `mark`, the blocks taken from the heap too (else a crafted
  /// dictionary's deep and wide recursion kept every one of them until the word was done).
  void release(Mark mark) noexcept {
    used_ = mark.used;
    heap_.resize(mark.heap);
  }

 private:
  std::byte* buffer_;
  std::size_t size_;
  std::size_t used_ = 0;
  std::vector<std::unique_ptr<std::byte[]>> heap_;
};

/// A word as 2.8.8 sees it: `size` bytes it was told about, readable up to `avail` (past that,
/// where 2.8.8 would read on to a '\0' beyond its buffer, this reads '\0').
struct Word {
  const unsigned char* p;
  int size;
  int avail;
  unsigned char at(long j) const noexcept { return j >= 0 && j < avail ? p[j] : 0; }
};

/// rep/pos/cut as one call of 2.8.8 sees them: `wanted` is rep && pos && cut; `allocated` is
/// *rep && *pos && *cut. rep[i] indexes the dictionary's replacement pool, -1 for NULL.
struct Reps {
  bool wanted = false;
  bool allocated = false;
  std::int32_t* rep = nullptr;
  int* pos = nullptr;
  int* cut = nullptr;
  int size = 0;
  bool has(long i) const noexcept { return wanted && allocated && i >= 0 && i < size && rep[i] >= 0; }
  void allocate() noexcept {
    if (allocated) return;
    allocated = true;
    std::fill(rep, rep + size, -1);
    std::fill(pos, pos + size, 0);
    std::fill(cut, cut + size, 0);
  }
};

/// A char buffer with its capacity; writes and reads outside it are dropped / read '\0'.
struct Buffer {
  char* p;
  long cap;
  void put(long i, char c) const noexcept {
    if (i >= 0 && i < cap) p[i] = c;
  }
  char get(long i) const noexcept { return i >= 0 && i < cap ? p[i] : '\0'; }
};

using steps::continuation;
using steps::is_digit;

/// Reps as dic/steps.h reads them: the replacement texts from the dictionary's pool.
struct PoolReps {
  Reps& r;
  const char* pool;
  bool any() const noexcept { return r.wanted && r.allocated; }
  bool has(long j) const noexcept { return r.has(j); }
  const char* text(long j) const noexcept { return pool + r.rep[j]; }
  int pos(long j) const noexcept { return r.pos[j]; }
  int cut(long j) const noexcept { return r.cut[j]; }
  void set(long j, int p, int c) const noexcept {
    r.pos[j] = p;
    r.cut[j] = c;
  }
  void drop(long j) const noexcept { r.rep[j] = -1; }
  void move(long from, long to) const noexcept {
    r.rep[to] = r.rep[from];
    r.rep[from] = -1;
    r.pos[from] = 0;
    r.cut[from] = 0;
  }
};

class Hyphenation {
 public:
  Hyphenation(const DictionaryData& d, Arena& arena, const NoHyphenList& nohyphen)
      : d_(d), arena_(arena), nohyphen_(nohyphen) {}

  const char* replacement(std::int32_t id) const noexcept { return d_.replacements.data() + id; }

  // hnj_hyphen_hyph_: level 0 has a next level (and segments compounds), level 1 does not.
  void run(int level, Word w, Buffer hy, Reps& reps, int clhmin, int crhmin, bool lend, bool rend, int depth);
  void left_min(Word w, Buffer hy, Reps& reps, int lhmin) const noexcept;
  void right_min(Word w, Buffer hy, Reps& reps, int rhmin) const noexcept;
  void no_hyphen(Word w, Buffer hy, char value) const noexcept;
  std::size_t hyphenated_word(Word w, Buffer hy, Reps& reps, std::span<char> out);
  int normalise(Word w, Buffer hy, Reps& reps, std::size_t& positions) const noexcept;

 private:
  // 2.8.8 can recurse without end on crafted patterns: deep, and (a part split into parts
  // again at every level) wide. A part past either bound gets no breaks. The bytes bound the
  // work for one word; real compound words use a small part of it.
  static constexpr int kMaxDepth = 512;
  static constexpr long kMaxPartBytes = 1 << 16;  // bytes of parts hyphenated again, for one word
  long part_bytes_ = 0;
  const DictionaryData& d_;
  Arena& arena_;
  const NoHyphenList& nohyphen_;
};

void Hyphenation::run(int level, Word w, Buffer hy, Reps& reps, int clhmin, int crhmin, bool lend, bool rend,
                      int depth) {
  const int n = std::max(w.size, 0);
  const Arena::Mark mark = arena_.mark();
  const long psize = n + 3;
  // prep_word: ". w o r d ." with digits read as '.', then '\0'.
  auto* prep = arena_.take<unsigned char>(static_cast<std::size_t>(psize));
  const Word prep_word{prep, static_cast<int>(psize), static_cast<int>(psize)};
  auto set_prep = [&](long i, unsigned char c) {
    if (i >= 0 && i < psize) prep[i] = c;
  };
  prep[0] = '.';
  for (int i = 0; i < n; ++i) {
    const unsigned char c = w.at(i);
    prep[1 + i] = is_digit(c) ? '.' : c;
  }
  prep[n + 1] = '.';
  prep[n + 2] = 0;
  const long j = n + 2;
  if (hy.cap >= j) {
    std::memset(hy.p, '0', static_cast<std::size_t>(j));
  } else {
    for (long i = 0; i < j; ++i) hy.put(i, '0');
  }

  const DicAutomaton& automaton = d_.level[level];
  const char* pool = automaton.digit_pool();
  bool any_match = false;
  bool isrepl = false;
  int* matchlen = nullptr;
  int* matchindex = nullptr;
  std::int32_t* matchrepl = nullptr;
  if (!automaton.has_replacements()) {
    // Without non-standard patterns only the values matter.
    // Values go to a scratch row of j bytes (every index a match reaches is below j), then
    // to the caller's vector.
    char* values = hy.cap >= j ? hy.p : arena_.take<char>(static_cast<std::size_t>(j));
    if (values != hy.p) std::fill(values, values + j, '0');
    automaton.walk(prep, static_cast<std::size_t>(j), [&](std::size_t at, const DicMatch& m) {
      any_match = true;
      const char* digits = pool + m.digits;
      const long offset = static_cast<long>(at) + 1 - static_cast<long>(m.length);
      // Only the nonzero digits can raise a value ('0' is where every value starts).
      for (long k = std::max<long>(m.first, -offset); k < static_cast<long>(m.end); ++k)
        values[offset + k] = std::max(values[offset + k], digits[k]);
    });
    if (values != hy.p)
      for (long i = 0; i < j; ++i) hy.put(i, values[i]);
  } else {
  matchlen = arena_.take<int>(static_cast<std::size_t>(psize));
  matchindex = arena_.take<int>(static_cast<std::size_t>(psize));
  matchrepl = arena_.take<std::int32_t>(static_cast<std::size_t>(psize));
  std::fill(matchlen, matchlen + psize, 0);
  std::fill(matchindex, matchindex + psize, -1);
  std::fill(matchrepl, matchrepl + psize, -1);
  automaton.walk(prep, static_cast<std::size_t>(j), [&](std::size_t at, const DicMatch& m) {
    any_match = true;
    const char* digits = pool + m.digits;
    const long len = m.length;
    const long offset = static_cast<long>(at) + 1 - len;
    const bool repl = m.replacement >= 0;
    const long start = offset + m.index;
    if (repl) {
      if (!isrepl && n > 0) {
        std::fill(matchrepl, matchrepl + n, -1);
        std::fill(matchindex, matchindex + n, -1);
        isrepl = true;
      }
      if (start >= 0 && start < psize) matchlen[start] = m.cut;
    }
    for (long k = offset < 0 ? -offset : 0; k < len; ++k) {
      const long x = offset + k;
      if (hy.get(x) < digits[k]) {
        hy.put(x, digits[k]);
        if (digits[k] & 1) {
          if (x < psize) matchrepl[x] = m.replacement;
          if (repl && k >= m.index && k <= m.index + m.cut && start >= 0 && start < psize) matchindex[start] = static_cast<int>(x);
        }
      }
    }
  });
  }

  if (level == 0 && !any_match) {
    // No first-level value at all (the common case): no compound parts, the second level
    // answers, as in the begin == 0 branch below.
    arena_.release(mark);
    run(1, w, hy, reps, clhmin, crhmin, lend, rend, depth + 1);
    if (!lend) left_min(w, hy, reps, clhmin);
    if (!rend) right_min(w, hy, reps, crhmin);
    return;
  }

  // The values move to "after byte i"; the last byte's is '0'.
  long i = 0;
  if (hy.cap >= j && n >= 1) {
    std::memmove(hy.p, hy.p + 1, static_cast<std::size_t>(n - 1));
    i = n - 1;
  }
  for (; i < j - 3; ++i) hy.put(i, hy.get(i + 1));
  for (; i < n; ++i) hy.put(i, '0');
  hy.put(n, '\0');

  // Non-standard breaks found at this level: rep/pos/cut.
  if (isrepl) {
    for (long k = 0; k < n; ++k) {
      const int mi = matchindex[k];
      if (mi < 0 || mi >= psize || matchrepl[mi] < 0) continue;
      if (reps.wanted) {
        reps.allocate();
        const long t = mi - 1;
        if (t >= 0 && t < reps.size) {
          reps.rep[t] = matchrepl[mi];
          reps.pos[t] = mi - static_cast<int>(k);
          reps.cut[t] = matchlen[k];
        }
      }
      // 2.8.8 moves back for a cut below 1 and loops; never go back.
      if (matchlen[k] >= 1) k += matchlen[k] - 1;
    }
  }

  if (level == 0) {
    // The first level's odd values split the word into parts, each hyphenated again from
    // this level; a part without any is hyphenated by the second level.
    auto* rep2 = arena_.take<std::int32_t>(static_cast<std::size_t>(n) + 1);
    auto* pos2 = arena_.take<int>(static_cast<std::size_t>(n) + 1);
    auto* cut2 = arena_.take<int>(static_cast<std::size_t>(n) + 1);
    auto* hy2 = arena_.take<char>(static_cast<std::size_t>(psize));
    std::fill(rep2, rep2 + n, -1);
    std::fill(pos2, pos2 + n, 0);
    std::fill(cut2, cut2 + n, 0);
    Reps reps2{true, true, rep2, pos2, cut2, n};
    int begin = 0;
    for (long e = 0; e < n; ++e) {
      if (!((hy.get(e) & 1) || (begin > 0 && e + 1 == n))) continue;
      if (e - begin > 1) {
        long hyph = 0;
        set_prep(e + 2, 0);
        if (reps.has(e)) {
          // A non-standard break at the boundary (Schiffahrt): the part ends in its spelling.
          const char* r = replacement(reps.rep[e]);
          const long rlen = static_cast<long>(std::strlen(r));
          const long off = 2 + e - reps.pos[e];
          const long count = psize - off - 1;  // strncpy's count: the copy, then '\0's
          for (long t = std::max(0L, -off); t < count; ++t) set_prep(off + t, t < rlen ? static_cast<unsigned char>(r[t]) : 0);
          set_prep(psize - 1, 0);
          if (const char* l = std::strchr(r, '=')) {
            hyph = (l - r) - reps.pos[e];
            set_prep(2 + e + hyph, 0);
          }
        }
        long sub = e - begin + 1 + hyph;
        sub = std::clamp(sub, 0L, psize - begin - 2);
        const Word part{prep + begin + 1, static_cast<int>(sub), static_cast<int>(psize - begin - 1)};
        const Buffer hy2b{hy2, psize};
        if (depth < kMaxDepth && part_bytes_ + sub <= kMaxPartBytes) {
          part_bytes_ += sub;
          run(0, part, hy2b, reps2, clhmin, crhmin, begin > 0 ? false : lend, (hy.get(e) & 1) ? false : rend, depth + 1);
        } else {
          std::fill(hy2, hy2 + psize, '0');
        }
        for (long k = 0; k < e - begin - 1; ++k) {
          hy.put(begin + k, hy2b.get(k));
          if (k < n && rep2[k] >= 0 && reps.wanted) {
            reps.allocate();
            if (begin + k < reps.size) {
              reps.rep[begin + k] = rep2[k];
              reps.pos[begin + k] = pos2[k];
              reps.cut[begin + k] = cut2[k];
            }
          }
        }
        set_prep(e + 2, w.at(e + 1));
        if (reps.has(e)) {
          // strncpy(prep_word + 1, word, size - 2): the raw word up to its '\0', then '\0's.
          bool ended = false;
          for (long t = 0; t < psize - 2; ++t) {
            const unsigned char c = ended ? 0 : w.at(t);
            if (c == 0) ended = true;
            set_prep(1 + t, c);
          }
          set_prep(psize - 1, 0);
        }
      }
      begin = static_cast<int>(e) + 1;
      std::fill(rep2, rep2 + n, -1);
    }
    if (begin == 0) {
      run(1, w, hy, reps, clhmin, crhmin, lend, rend, depth + 1);
      if (!lend) left_min(w, hy, reps, clhmin);
      if (!rend) right_min(w, hy, reps, crhmin);
    }
  }
  (void)prep_word;
  arena_.release(mark);
}

void Hyphenation::left_min(Word w, Buffer hy, Reps& reps, int lhmin) const noexcept {
  PoolReps r{reps, d_.replacements.data()};
  steps::left_min(d_.utf8, w, hy, r, lhmin);
}

void Hyphenation::right_min(Word w, Buffer hy, Reps& reps, int rhmin) const noexcept {
  PoolReps r{reps, d_.replacements.data()};
  steps::right_min(d_.utf8, w, w.size, hy, r, rhmin);
}

void Hyphenation::no_hyphen(Word w, Buffer hy, char value) const noexcept {
  if (!nohyphen_.present) return;
  // 2.8.8 finds every occurrence of every element with strstr (the word up to its first
  // '\0'); the writes are all the same value, so one pass over the word's positions will do.
  std::string_view word(reinterpret_cast<const char*>(w.p), static_cast<std::size_t>(std::max(w.size, 0)));
  word = word.substr(0, word.find('\0'));
  for (std::size_t at = 0; at < word.size(); ++at) {
    if (!nohyphen_.first[static_cast<unsigned char>(word[at])]) continue;
    for (std::string_view element : nohyphen_.elements) {
      // An empty element: 2.8.8 writes before the vector; upstream later skips it.
      if (element.empty() || word.compare(at, element.size(), element) != 0) continue;
      hy.put(static_cast<long>(at + element.size()) - 1, value);
      if (at >= 1) hy.put(static_cast<long>(at) - 1, value);
    }
  }
}

std::size_t Hyphenation::hyphenated_word(Word w, Buffer hy, Reps& reps, std::span<char> out) {
  const long n = w.size;
  const PoolReps r{reps, d_.replacements.data()};
  const long cap = steps::hyphenated_room(n, hy, r);
  char* h = arena_.take<char>(static_cast<std::size_t>(cap));
  std::fill(h, h + cap, '\0');
  const std::size_t length = steps::hyphenated_word(w, n, hy, r, h, cap);
  if (!out.empty()) {
    const std::size_t copied = std::min(length, out.size() - 1);
    std::memcpy(out.data(), h, copied);
    out[copied] = '\0';
  }
  return length;
}

int Hyphenation::normalise(Word w, Buffer hy, Reps& reps, std::size_t& positions) const noexcept {
  PoolReps r{reps, d_.replacements.data()};
  return steps::normalise(w, w.size, w.avail, hy, r, positions);
}

// Enough for words of kStackWordBytes bytes; longer words or deep compounds take heap blocks.
constexpr std::size_t kArenaBytes = 24 * 1024;

// One call's state, on the caller's stack: the arena, the algorithm over it, the word, its
// hyphen buffer, and the replacement arrays (from the arena) if the caller wants them.
struct Call {
  Call(const DictionaryData& d, const NoHyphenList& nohyphen, std::string_view word, std::span<char> hyphens,
       bool want_replacements)
      : h(d, arena, nohyphen),
        w{reinterpret_cast<const unsigned char*>(word.data()), static_cast<int>(word.size()), static_cast<int>(word.size())},
        hy{hyphens.data(), static_cast<long>(hyphens.size())} {
    reps.wanted = want_replacements;
    reps.size = w.size;
    if (reps.wanted) {
      reps.rep = arena.take<std::int32_t>(static_cast<std::size_t>(w.size) + 1);
      reps.pos = arena.take<int>(static_cast<std::size_t>(w.size) + 1);
      reps.cut = arena.take<int>(static_cast<std::size_t>(w.size) + 1);
    }
  }
  std::byte stack[kArenaBytes];
  Arena arena{stack, sizeof stack};
  Hyphenation h;
  const Word w;
  const Buffer hy;
  Reps reps;
};

Outcome finish(const DictionaryData& d, Hyphenation& h, Word w, Buffer hy, Reps& reps, std::span<char> hyphenated,
               std::span<Replacement> replacements, bool hyphenate3, int lhmin, int rhmin) {
  Outcome out;
  h.left_min(w, hy, reps, lhmin > 0 ? lhmin : 2);
  h.right_min(w, hy, reps, rhmin > 0 ? rhmin : 2);
  // hyphenate2 applies NOHYPHEN before it writes the hyphenated word, hyphenate3 after (and
  // with '\0' instead of '0').
  if (!hyphenate3) h.no_hyphen(w, hy, '0');
  if (!hyphenated.empty()) out.hyphenated_size = h.hyphenated_word(w, hy, reps, hyphenated);
  if (hyphenate3) h.no_hyphen(w, hy, '\0');
  out.positions = static_cast<std::size_t>(w.size);
  if (d.utf8) out.status = h.normalise(w, hy, reps, out.positions);
  if (reps.wanted && reps.allocated) {
    out.replacements = true;
    const std::size_t count = std::min(replacements.size(), static_cast<std::size_t>(w.size));
    for (std::size_t i = 0; i < count; ++i) {
      Replacement& r = replacements[i];
      if (reps.rep[i] >= 0) {
        r.text = std::string_view(h.replacement(reps.rep[i]));
      } else {
        r.text = std::string_view();
      }
      r.pos = reps.pos[i];
      r.cut = reps.cut[i];
    }
  }
  return out;
}

}  // namespace

int Dictionary::hyphenate(std::string_view word, std::span<char> hyphens) const noexcept {
  const DictionaryData& d = *data_;
  const long n = static_cast<long>(word.size());
  const Buffer hy{hyphens.data(), static_cast<long>(hyphens.size())};
  std::byte stack[kArenaBytes];
  Arena arena(stack, sizeof stack);
  auto* prep = arena.take<unsigned char>(static_cast<std::size_t>(n) + 3);
  prep[0] = '.';
  for (long i = 0; i < n; ++i) {
    const auto c = static_cast<unsigned char>(word[static_cast<std::size_t>(i)]);
    prep[1 + i] = is_digit(c) ? '.' : c;
  }
  prep[n + 1] = '.';
  const long j = n + 2;
  for (long i = 0; i < n + 5; ++i) hy.put(i, '0');
  const char* pool = d.level[0].digit_pool();
  d.level[0].walk(prep, static_cast<std::size_t>(j), [&](std::size_t at, const DicMatch& m) {
    if (m.replacement >= 0) return;  // the old API ignores non-standard patterns
    const long offset = static_cast<long>(at) + 1 - static_cast<long>(m.length);
    for (long k = offset < 0 ? -offset : 0; k < static_cast<long>(m.length); ++k)
      if (hy.get(offset + k) < pool[m.digits + k]) hy.put(offset + k, pool[m.digits + k]);
  });
  long i = 0;
  for (; i < j - 4; ++i) hy.put(i, hy.get(i + 1));
  hy.put(0, '0');
  for (; i < n; ++i) hy.put(i, '0');
  hy.put(n, '\0');
  return 0;
}

namespace {

// The general path, out of line: its 24 KiB of scratch stay off the fast path's stack frame.
[[gnu::noinline]] Outcome general_hyphenate(const DictionaryData& d, std::string_view word, std::span<char> hyphens,
                                            std::span<char> hyphenated, std::span<Replacement> replacements,
                                            bool hyphenate3, int lhmin, int rhmin, int clhmin, int crhmin,
                                            const NoHyphenList& nohyphen);

Outcome hyphenate_with(const DictionaryData& d, std::string_view word, std::span<char> hyphens, std::span<char> hyphenated,
                       std::span<Replacement> replacements, bool hyphenate3, int lhmin, int rhmin, int clhmin,
                       int crhmin, const NoHyphenList& nohyphen) {
  const FastCall call{word, hyphens, hyphenated, hyphenate3, Limits{lhmin, rhmin, clhmin, crhmin}, &nohyphen};
  if (Outcome fast; fast_hyphenate(d, call, fast)) return fast;
  return general_hyphenate(d, word, hyphens, hyphenated, replacements, hyphenate3, lhmin, rhmin, clhmin, crhmin, nohyphen);
}

Outcome general_hyphenate(const DictionaryData& d, std::string_view word, std::span<char> hyphens,
                          std::span<char> hyphenated, std::span<Replacement> replacements, bool hyphenate3, int lhmin,
                          int rhmin, int clhmin, int crhmin, const NoHyphenList& nohyphen) {
  Call c(d, nohyphen, word, hyphens, !replacements.empty());
  c.h.run(0, c.w, c.hy, c.reps, clhmin, crhmin, true, true, 0);
  return finish(d, c.h, c.w, c.hy, c.reps, hyphenated, replacements, hyphenate3, lhmin, rhmin);
}

// The caller's NOHYPHEN block (Fields) as a list: the dictionary's own when it is the same.
class CallerNoHyphen {
 public:
  CallerNoHyphen(const DictionaryData& d, const Fields& f) {
    if (f.nohyphen == nullptr) return;
    const int count = std::max(f.nohyphenl, 0) + 1;
    const char* at = f.nohyphen;
    bool same = d.has_nohyphen && static_cast<std::size_t>(count) == d.nohyphen_elements.size();
    for (int k = 0; k < count; ++k) {
      const std::string_view element(at);
      if (same && element != d.nohyphen_elements[static_cast<std::size_t>(k)]) same = false;
      elements_.push_back(element);
      at += element.size() + 1;
    }
    if (same) {
      list_ = d.own_nohyphen();
      return;
    }
    for (std::string_view element : elements_)
      if (!element.empty()) first_[static_cast<unsigned char>(element[0])] = true;
    list_ = NoHyphenList{true, elements_, first_, false};
  }
  const NoHyphenList& list() const noexcept { return list_; }

 private:
  std::vector<std::string_view> elements_;
  bool first_[256] = {};
  NoHyphenList list_;
};

}  // namespace

Outcome Dictionary::hyphenate2(std::string_view word, std::span<char> hyphens, std::span<char> hyphenated,
                               std::span<Replacement> replacements) const noexcept {
  const DictionaryData& d = *data_;
  return hyphenate_with(d, word, hyphens, hyphenated, replacements, false, d.lhmin, d.rhmin, d.clhmin, d.crhmin,
                        d.own_nohyphen());
}

Outcome Dictionary::hyphenate3(std::string_view word, std::span<char> hyphens, std::span<char> hyphenated,
                               std::span<Replacement> replacements, const Minimums& m) const noexcept {
  const DictionaryData& d = *data_;
  const Limits l = at_least(m, {d.lhmin, d.rhmin, d.clhmin, d.crhmin});
  return hyphenate_with(d, word, hyphens, hyphenated, replacements, true, l.lhmin, l.rhmin, l.clhmin, l.crhmin,
                        d.own_nohyphen());
}

Fields Dictionary::fields() const noexcept {
  return Fields{lhmin(), rhmin(), clhmin(), crhmin(), nohyphen(), nohyphenl()};
}

Outcome Dictionary::hyphenate2_with(std::string_view word, std::span<char> hyphens, std::span<char> hyphenated,
                                    std::span<Replacement> replacements, const Fields& f) const {
  const CallerNoHyphen nohyphen(*data_, f);
  return hyphenate_with(*data_, word, hyphens, hyphenated, replacements, false, f.lhmin, f.rhmin, f.clhmin, f.crhmin,
                        nohyphen.list());
}

Outcome Dictionary::hyphenate3_with(std::string_view word, std::span<char> hyphens, std::span<char> hyphenated,
                                    std::span<Replacement> replacements, const Minimums& m, const Fields& f) const {
  const CallerNoHyphen nohyphen(*data_, f);
  const Limits l = at_least(m, {f.lhmin, f.rhmin, f.clhmin, f.crhmin});
  return hyphenate_with(*data_, word, hyphens, hyphenated, replacements, true, l.lhmin, l.rhmin, l.clhmin, l.crhmin,
                        nohyphen.list());
}

Outcome Dictionary::hyphenate_levels(std::string_view word, std::span<char> hyphens,
                                     std::span<Replacement> replacements, int clhmin, int crhmin, bool left_end,
                                     bool right_end) const noexcept {
  const NoHyphenList none;
  Call c(*data_, none, word, hyphens, !replacements.empty());
  const Reps& reps = c.reps;
  c.h.run(0, c.w, c.hy, c.reps, clhmin, crhmin, left_end, right_end, 0);
  Outcome out;
  out.positions = word.size();
  if (reps.wanted && reps.allocated) {
    out.replacements = true;
    const std::size_t count = std::min(replacements.size(), word.size());
    for (std::size_t i = 0; i < count; ++i) {
      Replacement& r = replacements[i];
      r.text = reps.rep[i] >= 0 ? std::string_view(c.h.replacement(reps.rep[i])) : std::string_view();
      r.pos = reps.pos[i];
      r.cut = reps.cut[i];
    }
  }
  return out;
}

}  // namespace hyph::dic
