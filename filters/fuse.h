// Binary fuse filter, 3-wise (Graf & Lemire, "Binary Fuse Filters: Fast and Smaller Than
// Xor Filters", 2022). Static: built once from all keys, no insert or erase.
//
// An array of m f-bit cells is cut into segments of L cells. Each key picks a start
// segment s uniformly among the S = m/L − 2 possible ones and one cell in each of the
// segments s, s+1, s+2; construction fills the cells so that for every key
//
//   cell[a] ⊕ cell[b] ⊕ cell[c] = fingerprint(key)
//
// by peeling: a cell used by exactly one remaining key is that key's to set, so the key is
// removed and the step repeats; the cells are then assigned in reverse removal order. A
// query for a non-key matches with probability 2^-f.
//
// Sizes, from the paper, for n keys:
//   L = 2^floor(ln n / ln 3.33 + 2.25), at most 2^18
//   m ≈ n · max(1.125, 0.875 + 0.25·ln(10^6)/ln n), rounded up to whole segments (>= 3)
// so at large n the filter takes 1.125·f bits per key. If peeling fails (probability small
// for large n) the filter is rebuilt with a new hash seed; every few failures it also grows
// the array a little, which makes any n eventually succeed.
//
// Fingerprint size: f = ceil(log2(1/ε)), any width 1..32, cells packed tightly (f bits
// each). Fixed 8/16/32-bit cells would be slightly faster to read but cost up to 2× the
// space at ε = 1 %–5 % (8 bits where 5–7 suffice); the whole point of this filter is
// space, and a packed cell is still one unaligned load. The rate is 2^-f <= ε, and the
// space 1.125·ceil(log2(1/ε)), i.e. the theoretical 1.125·log2(1/ε) when log2(1/ε) is an
// integer and up to one bit per cell more otherwise.
//
// Construction (fuse.cpp), about 40 ns a key at 10^6 keys: the keys are counting-sorted by
// start segment so that every pass works on a window of a few segments; each cell keeps one
// byte (4 × its keys + the xor of their slots, so that a cell left with one key names that
// key's slot) and the xor of its keys' hashes; peeling follows a scan of the cells with a
// short queue and prefetches ahead of it; the values are assigned unpacked and packed at the
// end.
//
// Duplicate hashes would make peeling fail forever (two equal keys share all three cells).
// They are removed only when a first peeling attempt fails, so the common duplicate-free
// build costs no sort.
#pragma once

#include "filters/filter.h"
#include "filters/filter_util.h"

#include <cstdint>
#include <span>
#include <vector>

namespace hyph::filters {

class FuseFilter final : public Filter {
 public:
  FuseFilter(std::span<const Hash> keys, double fp_rate);

  bool maybe_contains(Hash key) const noexcept override {
    if (keys_ == 0) return false;
    const Cells p = cells(seeded(key, seed_));
    const std::uint8_t* bytes = bytes_.data();
    const std::uint64_t x = detail::read_bits(bytes, p.a * bits_, bits_) ^ detail::read_bits(bytes, p.b * bits_, bits_) ^
                            detail::read_bits(bytes, p.c * bits_, bits_);
    return x == p.fingerprint;
  }
  FilterDescription describe() const override;
  /// 2^-f (0 for an empty filter).
  double expected_fp_rate() const noexcept override;
  void serialize(std::ostream& out) const override;
  /// Reads what serialize() wrote; load_filter() calls it (filters/serialize.cpp).
  static std::unique_ptr<FuseFilter> deserialize(io::Reader& in);

  unsigned fingerprint_bits() const noexcept { return bits_; }
  std::uint64_t cell_count() const noexcept { return segment_length_ * (segment_count_ + 2); }
  std::uint64_t segment_length() const noexcept { return segment_length_; }
  /// Peeling attempts the build needed (1 in the usual case).
  unsigned attempts() const noexcept { return attempts_; }

 private:
  struct Cells {
    std::uint64_t a, b, c;
    std::uint64_t fingerprint;
  };
  // A key's cells and fingerprint all come from one remix h of the key hash with the
  // build's seed: cell a uniform among the first S segments (the top bits of h, by
  // multiply-shift); the cells in the next two segments at a's offset xor two further
  // 18-bit fields of h; the fingerprint from the top bits of h times an odd constant.
  static std::uint64_t seeded(Hash key, std::uint64_t seed) noexcept { return detail::remix64(key + seed); }
  Cells cells(std::uint64_t h) const noexcept {
    const std::uint64_t a = detail::fast_range64(h, segment_count_ * segment_length_);
    const std::uint64_t mask = segment_length_ - 1;
    return {a, (a + segment_length_) ^ (h & mask), (a + 2 * segment_length_) ^ ((h >> 18) & mask),
            (h * 0x9e3779b97f4a7c15ULL) >> fingerprint_shift_};
  }
  // Arrays up to this many cells (1 MB of construction state) stay in cache unsorted.
  static constexpr std::uint64_t kLocalCells = std::uint64_t{1} << 17;
  struct Scratch;  // construction buffers, kept across attempts (fuse.cpp)
  bool try_build(std::span<const Hash> keys, std::uint64_t seed, Scratch& scratch);
  template <class Value>
  void assign(const std::uint64_t* order, const std::uint8_t* owned, std::size_t n, Value* value) const noexcept;
  template <class Value>
  void pack(const Value* values, std::uint64_t m);
  void prefetch_cells(std::uint64_t h, const std::uint8_t* count, const std::uint64_t* xors) const noexcept;
  // Keys between a key's prefetch and its use, in the passes over the keys.
  static constexpr std::size_t kPrefetch = 16;
  // Cells queued ahead of the one being peeled (see try_build).
  static constexpr std::uint64_t kLookahead = 32;
  void size_for(std::uint64_t n, double extra);

  std::vector<std::uint8_t> bytes_;  // cell_count()·f bits, plus 8 bytes for unaligned loads
  std::uint64_t segment_length_ = 1;   // L, a power of two
  std::uint64_t segment_count_ = 1;    // S: possible start segments; the array has S + 2
  std::uint64_t seed_ = 0;
  unsigned fingerprint_shift_ = 63;  // 64 − f
  unsigned bits_ = 1;
  std::uint64_t keys_ = 0;  // distinct keys
  unsigned attempts_ = 0;
  double target_fp_rate_;
};

}  // namespace hyph::filters
