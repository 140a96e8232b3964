// ascii_odd_values: Dictionary::hyphenate3 for an ASCII word, as bit masks. The steps are
// those of dic/fast_path.cpp's FastHyphenation::run and hyphenate_fast, where only whether a
// value is odd decides anything: the first level's odd values split a part, each piece of
// three bytes or more is hyphenated again from the first level, its values but the last two
// replacing the first level's; a part the first level does not split takes the second
// level's, cut by the compound minimums at an edge that is not the word's.
#include "dic/lean_walk.h"

#include "dic/data.h"
#include "dic/fast_path.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace hyph::dic {

#if defined(__SSE2__)
namespace {

// Bits [0, k) of a 32-bit mask, for 0 <= k <= 31.
std::uint32_t below(long k) noexcept { return (std::uint32_t{1} << k) - 1; }

// The odd values of a level's walk over ". w ." (1 <= n <= 30), as Slide::odd gives them.
bool level_odd(const LeanLevel& t, const unsigned char* w, std::size_t n, std::uint32_t& odd) noexcept {
  const std::uint16_t* const start = t.table + (std::size_t{t.dot} << t.shift);
  if (n <= 14) {
    lean::Slide<false> values;
    values.raise(t, t.dot_match);
    lean::walk_on(t, start, w, 0, n, values);
    odd = values.odd(n);
    return !values.unwindowed;
  }
  lean::Slide<true> values;
  values.raise(t, t.dot_match);
  lean::walk_on(t, start, w, 0, n, values);
  odd = values.odd(n);
  return !values.unwindowed;
}

// The same when the level reads few of ". w ."'s bytes (`reads`: bit k for byte k, w[k - 1]
// for 1 <= k <= n): a byte it does not read sends the walk to the root, and the root raises
// nothing, so only the runs of bytes it reads are walked, each from the root, their windows
// raised in memory. For a first level that reads '-' and the apostrophe, and not letters.
bool sparse_level_odd(const LeanLevel& t, const unsigned char* w, std::size_t n, std::uint64_t reads, std::uint32_t& odd) noexcept {
  // values[16 + p]: position p (the walk raises a match after byte k at positions k - 14 .. k + 1).
  alignas(16) unsigned char values[16 + kLeanWalkBytes + 2 + 16] = {};
  bool unwindowed = false;
  while (reads != 0) {
    std::uint32_t s = 0;
    std::size_t k = static_cast<std::size_t>(std::countr_zero(reads));
    for (; (reads >> k) & 1; ++k) {
      const unsigned char c = k == 0 || k == n + 1 ? '.' : w[k - 1];
      const std::uint32_t target = t.table[(std::size_t{s} << t.shift) + t.column[c]];
      s = target < t.states ? target : 0;
      const std::uint32_t index = t.table[std::size_t{s} << t.shift];
      if (index == 0) continue;
      if (index > t.windowed) {
        unwindowed = unwindowed || index - 1u < t.matches;
        continue;
      }
      auto* const at = reinterpret_cast<__m128i*>(values + k + 2);
      _mm_storeu_si128(at, _mm_max_epu8(_mm_loadu_si128(at), _mm_loadu_si128(reinterpret_cast<const __m128i*>(t.windows + 16 * std::size_t{index}))));
    }
    reads &= ~((std::uint64_t{2} << k) - 1);
  }
  // The value after byte i is position i + 1's.
  const auto low = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_slli_epi16(_mm_load_si128(reinterpret_cast<const __m128i*>(values + 16)), 7)));
  const auto high = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_slli_epi16(_mm_load_si128(reinterpret_cast<const __m128i*>(values + 32)), 7)));
  odd = ((low | high << 16) >> 1) & below(static_cast<long>(n) - 1);
  return !unwindowed;
}

// The word's parts, each as FastHyphenation::run hyphenates it.
class Parts {
 public:
  Parts(const DictionaryData& d, const unsigned char* w, std::uint32_t letters, std::uint32_t first_bytes, const Limits& limits) noexcept
      : lean_(d.lean),
        rows_(d.lean.letters ? d.lean_rows() : nullptr),
        w_(w),
        letters_(letters),
        first_bytes_(first_bytes),
        first_reads_dot_(d.level[0].reads('.')),
        clhmin_(limits.clhmin),
        crhmin_(limits.crhmin) {}

  // The odd values of the part of n bytes at `begin` (lend, rend: its edges are the word's).
  bool odd(std::size_t begin, std::size_t n, bool lend, bool rend, std::uint32_t& out) const noexcept {
    const unsigned char* const p = w_ + begin;
    const std::uint32_t own = below(static_cast<long>(n)) << begin;
    // A first level that reads none of ". p ."'s bytes never leaves its root: no value.
    std::uint32_t first = 0;
    const std::uint64_t reads = std::uint64_t{(first_bytes_ & own) >> begin} << 1 | (first_reads_dot_ ? 1u | std::uint64_t{1} << (n + 1) : 0u);
    // Walked in runs when it reads no letter of the part (a first level of '-' and the
    // apostrophe), else byte by byte.
    if (reads != 0 && !((first_bytes_ & letters_ & own) == 0 ? sparse_level_odd(lean_.level[0], p, n, reads, first)
                                                               : level_odd(lean_.level[0], p, n, first)))
      return false;
    if (first == 0) {
      std::uint32_t second = 0;
      if (rows_ != nullptr && n >= 2 && (letters_ & own) == own) {
        if (!letters_odd(lean_, rows_, p, n, second)) return false;
      } else if (!level_odd(lean_.level[1], p, n, second)) {
        return false;
      }
      // The compound minimums, at an edge inside the word (zero_left_bytes, zero_right_bytes).
      if (!lend) second &= ~below(std::clamp<long>(long{clhmin_} - 1, 0, static_cast<long>(n)));
      if (!rend) {
        const long keep = std::max<long>(1, static_cast<long>(n) - crhmin_);
        if (keep < static_cast<long>(n)) second &= below(keep);
      }
      out = second;
      return true;
    }
    // Pieces end at each odd first-level value and, after the first, at the part's end; the
    // last byte's value is never odd, so the loop ends there.
    std::uint32_t values = first;
    std::size_t start = 0;
    for (std::uint32_t cuts = first;;) {
      const bool at_odd = cuts != 0;
      const std::size_t e = at_odd ? static_cast<std::size_t>(std::countr_zero(cuts)) : n - 1;
      cuts &= cuts - 1;
      if (e - start > 1) {
        std::uint32_t piece = 0;
        if (!odd(begin + start, e - start + 1, start > 0 ? false : lend, at_odd ? false : rend, piece)) return false;
        const std::uint32_t replaced = below(static_cast<long>(e - start - 1)) << start;  // its values but the last two
        values = (values & ~replaced) | ((piece << start) & replaced);
      }
      start = e + 1;
      if (!at_odd) break;
    }
    out = values;
    return true;
  }

 private:
  const LeanWalk& lean_;
  const LeanRow* rows_;
  const unsigned char* w_;
  std::uint32_t letters_;      // bit i: w[i] is 'a'..'z'
  std::uint32_t first_bytes_;  // bit i: the first level reads w[i]
  bool first_reads_dot_;
  int clhmin_, crhmin_;
};

}  // namespace

bool ascii_odd_values(const DictionaryData& d, std::string_view word, const Limits& limits, std::uint32_t& odd) noexcept {
  const LeanWalk& lean = d.lean;
  const std::size_t n = word.size();
  if (!lean.ascii || n - 2 > kLeanWalkBytes - 2) return false;
  const auto* const w = reinterpret_cast<const unsigned char*>(word.data());
  unsigned all = 0;
  std::uint32_t letters = 0, first_bytes = 0, alone = 0, starts = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned f = lean.bytes[w[i]];
    all |= f;
    letters |= (f & kLeanLetter) << i;
    first_bytes |= (f >> 1 & 1) << i;
    alone |= (f >> 2 & 1) << i;
    starts |= (f >> 3 & 1) << i;
  }
  if (all & kLeanRefused) return false;
  std::uint32_t values = 0;
  if (!Parts(d, w, letters, first_bytes, limits).odd(0, n, true, true, values)) return false;
  // The word's minimums (2 where unset; bytes are characters).
  const long lhmin = limits.lhmin > 0 ? limits.lhmin : 2, rhmin = limits.rhmin > 0 ? limits.rhmin : 2;
  values &= ~below(std::min<long>(lhmin - 1, static_cast<long>(n)));
  values &= below(std::max<long>(1, static_cast<long>(n) - rhmin));
  // NOHYPHEN: no break after an element, nor before it; elements of one byte by their mask.
  values &= ~(alone | alone >> 1);
  for (; starts != 0; starts &= starts - 1) {
    const auto at = static_cast<std::size_t>(std::countr_zero(starts));
    for (const std::string_view element : d.nohyphen_elements) {
      if (element.size() < 2 || element.size() > n - at || std::memcmp(w + at, element.data(), element.size()) != 0) continue;
      values &= ~(std::uint32_t{1} << (at + element.size() - 1));
      if (at >= 1) values &= ~(std::uint32_t{1} << (at - 1));
    }
  }
  odd = values & below(static_cast<long>(n) - 1);
  return true;
}
#else
bool ascii_odd_values(const DictionaryData&, std::string_view, const Limits&, std::uint32_t&) noexcept { return false; }
#endif

}  // namespace hyph::dic
