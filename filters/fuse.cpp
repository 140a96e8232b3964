#include "filters/fuse.h"

#include <hyph/error.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace hyph::filters {

FuseFilter::FuseFilter(std::span<const Hash> keys, double fp_rate) : target_fp_rate_(fp_rate) {
  detail::check_fp_rate(fp_rate);
  bits_ = static_cast<unsigned>(std::clamp(std::ceil(detail::lower_bound_bits(fp_rate) - 1e-9), 1.0, 32.0));
  fingerprint_shift_ = 64 - bits_;
  if (keys.empty()) {
    bytes_.assign(8, 0);
    return;
  }
  std::vector<Hash> distinct;
  std::span<const Hash> input = keys;
  detail::SplitMix64 seeds(0x3c6ef372fe94f82bULL);
  double extra = 1.0;
  for (unsigned attempt = 1;; ++attempt) {
    size_for(input.size(), extra);
    const std::uint64_t seed = seeds.next();
    if (try_build(input, seed)) {
      seed_ = seed;
      keys_ = input.size();
      attempts_ = attempt;
      return;
    }
    if (attempt == 1) {
      // Equal hashes can never peel; drop them (only now, so the usual build needs no sort).
      distinct.assign(keys.begin(), keys.end());
      std::sort(distinct.begin(), distinct.end());
      distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
      input = distinct;
    } else if (attempt % 4 == 0) {
      // Small sets fail more often at the paper's sizes; a little more room makes the
      // failure probability vanish.
      extra *= 1.05;
    }
    if (attempt > 200) throw Error(ErrorCode::capacity, "binary fuse filter: construction did not converge");
  }
}

void FuseFilter::size_for(std::uint64_t n, double extra) {
  const double dn = static_cast<double>(n);
  const double log_n = std::log(dn);
  const unsigned segment_log = n <= 1 ? 2 : static_cast<unsigned>(std::floor(log_n / std::log(3.33) + 2.25));
  segment_length_ = std::uint64_t{1} << std::min(segment_log, 18u);
  const double factor = n <= 1 ? 3.0 : std::max(1.125, 0.875 + 0.25 * std::log(1e6) / log_n);
  const auto capacity = static_cast<std::uint64_t>(std::ceil(dn * factor * extra));
  const std::uint64_t total = std::max<std::uint64_t>(3, (capacity + segment_length_ - 1) / segment_length_);
  segment_count_ = total - 2;
  bytes_.assign((total * segment_length_ * bits_ + 7) / 8 + 8, 0);
}

bool FuseFilter::try_build(std::span<const Hash> keys, std::uint64_t seed) {
  const std::uint64_t m = cell_count();
  const std::size_t n = keys.size();
  // Work with the seeded hashes: a cell's xor below is then the hash its cells come from.
  std::vector<std::uint64_t> hashes(n);
  if (m <= kLocalCells) {
    for (std::size_t i = 0; i < n; ++i) hashes[i] = seeded(keys[i], seed);
  } else {
    // Visit the keys in order of their first segment (a counting sort: there are only
    // about n/L segments), so that the passes below work on a window of a few segments at
    // a time instead of jumping around an array larger than the caches. Remixing each key
    // twice is cheaper than a second array of n hashes to fault in.
    auto segment = [&](std::uint64_t h) { return cells(h).a / segment_length_; };
    std::vector<std::uint64_t> start(segment_count_ + 1, 0);
    for (const Hash key : keys) ++start[segment(seeded(key, seed)) + 1];
    for (std::uint64_t s = 1; s <= segment_count_; ++s) start[s] += start[s - 1];
    for (const Hash key : keys) {
      const std::uint64_t h = seeded(key, seed);
      hashes[start[segment(h)]++] = h;
    }
  }
  // Per cell: how many unpeeled keys use it and the xor of their hashes (which is the hash
  // itself once the count is 1). A count can only reach 255 if some hash occurs that often;
  // the build then fails and is retried without duplicates.
  std::vector<std::uint8_t> count(m, 0);
  std::vector<std::uint64_t> xors(m, 0);
  for (const std::uint64_t h : hashes) {
    const Cells c = cells(h);
    if (count[c.a] == 0xff || count[c.b] == 0xff || count[c.c] == 0xff) return false;
    ++count[c.a], ++count[c.b], ++count[c.c];
    xors[c.a] ^= h, xors[c.b] ^= h, xors[c.c] ^= h;
  }
  // Peel depth-first from every cell of count 1, recording the hashes in peeling order
  // (over `hashes`, which is no longer needed) with which of their three cells they own.
  std::vector<std::uint64_t>& order = hashes;
  std::size_t peeled = 0;
  std::vector<std::uint8_t> owned(n);
  std::vector<std::uint64_t> stack;
  for (std::uint64_t i = 0; i < m; ++i) {
    if (count[i] != 1) continue;
    stack.push_back(i);
    while (!stack.empty()) {
      const std::uint64_t cell = stack.back();
      stack.pop_back();
      if (count[cell] != 1) continue;  // its last key left through another cell
      const std::uint64_t h = xors[cell];
      const Cells c = cells(h);
      owned[peeled] = cell == c.a ? 0 : cell == c.b ? 1 : 2;
      order[peeled++] = h;
      xors[c.a] ^= h, xors[c.b] ^= h, xors[c.c] ^= h;
      if (--count[c.a] == 1) stack.push_back(c.a);
      if (--count[c.b] == 1) stack.push_back(c.b);
      if (--count[c.c] == 1) stack.push_back(c.c);
    }
  }
  if (peeled != n) return false;
  // Reverse order: when a key is assigned, its own cell is still 0 and its other two cells
  // are final (they were peeled later, or never), so one xor fixes the equation.
  std::uint8_t* bytes = bytes_.data();
  for (std::size_t j = peeled; j-- > 0;) {
    const Cells c = cells(order[j]);
    const std::uint64_t value = c.fingerprint ^ detail::read_bits(bytes, c.a * bits_, bits_) ^
                                detail::read_bits(bytes, c.b * bits_, bits_) ^ detail::read_bits(bytes, c.c * bits_, bits_);
    const std::uint64_t cell = owned[j] == 0 ? c.a : owned[j] == 1 ? c.b : c.c;
    detail::write_bits(bytes, cell * bits_, bits_, value);
  }
  return true;
}

double FuseFilter::expected_fp_rate() const noexcept { return keys_ ? std::ldexp(1.0, -static_cast<int>(bits_)) : 0.0; }

FilterDescription FuseFilter::describe() const {
  FilterDescription d;
  d.name = "fuse";
  d.keys = keys_;
  d.bits = bytes_.size() * 8;
  d.bits_per_key = keys_ ? static_cast<double>(d.bits) / static_cast<double>(keys_) : 0.0;
  d.theoretical_bits_per_key = 1.125 * detail::lower_bound_bits(target_fp_rate_);
  d.target_fp_rate = target_fp_rate_;
  d.fingerprint_bits = bits_;
  d.load_factor = cell_count() ? static_cast<double>(keys_) / static_cast<double>(cell_count()) : 0.0;
  d.expected_fp_rate = expected_fp_rate();
  d.parameters = "f=" + std::to_string(bits_) + " bits (packed), 3-wise, " + std::to_string(cell_count()) +
                 " cells in segments of " + std::to_string(segment_length_) + ", " + std::to_string(attempts_) +
                 " attempt(s); theory: 1.125·log2(1/ε) bits/key";
  return d;
}

}  // namespace hyph::filters
