#include "filters/fuse.h"

#include <hyph/error.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <vector>

namespace hyph::filters {

namespace {
// An array of trivial values, zeroed on request. The first request takes fresh zero pages
// from calloc instead of clearing them a second time; later ones clear what they reuse.
template <class T>
class ZeroedArray {
 public:
  T* zeroed(std::size_t n) {
    if (n > size_) {
      data_.reset(static_cast<T*>(std::calloc(n, sizeof(T))));
      if (!data_) throw std::bad_alloc();
      size_ = n;
    } else {
      std::memset(data_.get(), 0, n * sizeof(T));
    }
    return data_.get();
  }

 private:
  struct Free {
    void operator()(T* p) const noexcept { std::free(p); }
  };
  std::unique_ptr<T, Free> data_;
  std::size_t size_ = 0;
};
}  // namespace

struct FuseFilter::Scratch {
  std::unique_ptr<std::uint64_t[]> hashes;  // seeded hashes, then the peeling order
  std::unique_ptr<std::uint8_t[]> owned;    // the slot each peeled key owns
  std::size_t capacity = 0;                 // of both
  ZeroedArray<std::uint8_t> count;          // per cell: 4·keys + xor of their slots
  ZeroedArray<std::uint64_t> xors;          // per cell: xor of the keys' hashes
  std::vector<std::uint64_t> queue;         // cells to peel: a ring, a power of two long
};

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
  Scratch scratch;
  detail::SplitMix64 seeds(0x3c6ef372fe94f82bULL);
  double extra = 1.0;
  for (unsigned attempt = 1;; ++attempt) {
    size_for(input.size(), extra);
    const std::uint64_t seed = seeds.next();
    if (try_build(input, seed, scratch)) {
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

// Writes m cells of f bits each, in order, one 64-bit word at a time.
template <class Value>
void FuseFilter::pack(const Value* values, std::uint64_t m) {
  std::uint8_t* out = bytes_.data();
  std::uint64_t word = 0;
  unsigned used = 0;  // bits of `word` filled
  for (std::uint64_t i = 0; i < m; ++i) {
    const std::uint64_t v = values[i];
    word |= v << used;
    used += bits_;
    if (used >= 64) {
      byte_order::store(out, word);  // little-endian: read_bits reads it
      out += 8;
      used -= 64;
      word = used ? v >> (bits_ - used) : 0;
    }
  }
  byte_order::store(out, word);  // the rest; bytes_ has 8 bytes of slack past the last cell
}

// Sets each key's own cell to its fingerprint xor its two other cells, last peeled first.
template <class Value>
void FuseFilter::assign(const std::uint64_t* order, const std::uint8_t* owned, std::size_t n, Value* value) const noexcept {
  for (std::size_t j = n; j-- > 0;) {
    if (j >= kPrefetch) {
      const Cells p = cells(order[j - kPrefetch]);
      __builtin_prefetch(value + p.a, 1), __builtin_prefetch(value + p.b, 1), __builtin_prefetch(value + p.c, 1);
    }
    const Cells c = cells(order[j]);
    const std::uint64_t at[5] = {c.a, c.b, c.c, c.a, c.b};
    const unsigned slot = owned[j];
    value[at[slot]] = static_cast<Value>(c.fingerprint ^ value[at[slot + 1]] ^ value[at[slot + 2]]);
  }
}

// Asks for the cache lines of a key's three cells, some keys before they are used.
void FuseFilter::prefetch_cells(std::uint64_t h, const std::uint8_t* count, const std::uint64_t* xors) const noexcept {
  const Cells c = cells(h);
  __builtin_prefetch(xors + c.a, 1), __builtin_prefetch(xors + c.b, 1), __builtin_prefetch(xors + c.c, 1);
  __builtin_prefetch(count + c.a, 1), __builtin_prefetch(count + c.b, 1), __builtin_prefetch(count + c.c, 1);
}

bool FuseFilter::try_build(std::span<const Hash> keys, std::uint64_t seed, Scratch& scratch) {
  const std::uint64_t m = cell_count();
  const std::size_t n = keys.size();
  // Work with the seeded hashes: a cell's xor below is then the hash its cells come from.
  // These two buffers are written before they are read, so they are not zero-filled.
  if (scratch.capacity < n) {
    // new T[n], not make_unique_for_overwrite, which libc++ 14 (emscripten's) lacks.
    scratch.hashes = std::unique_ptr<std::uint64_t[]>(new std::uint64_t[n]);
    scratch.owned = std::unique_ptr<std::uint8_t[]>(new std::uint8_t[n]);
    scratch.capacity = n;
  }
  std::uint64_t* hashes = scratch.hashes.get();
  if (m <= kLocalCells) {
    for (std::size_t i = 0; i < n; ++i) hashes[i] = seeded(keys[i], seed);
  } else {
    // Visit the keys in order of their first segment (a counting sort: there are only
    // about n/L segments), so that the passes below work on a window of a few segments at
    // a time instead of jumping around an array larger than the caches. Remixing each key
    // twice is cheaper than a second array of n hashes to fault in.
    const unsigned segment_shift = static_cast<unsigned>(std::countr_zero(segment_length_));
    auto segment = [&](std::uint64_t h) { return cells(h).a >> segment_shift; };
    std::vector<std::uint64_t> start(segment_count_ + 1, 0);
    for (const Hash key : keys) ++start[segment(seeded(key, seed)) + 1];
    for (std::uint64_t s = 1; s <= segment_count_; ++s) start[s] += start[s - 1];
    for (const Hash key : keys) {
      const std::uint64_t h = seeded(key, seed);
      hashes[start[segment(h)]++] = h;
    }
  }
  // Per cell, one byte: 4 × (how many unpeeled keys use it) + the xor of the slots (0, 1
  // or 2: the a, b or c cell of its key) through which they use it; and the xor of their
  // hashes. Once the count is 1, these are that key's slot and hash. A count of 32 sets the
  // top bit (a cell wraps at 64); it only happens with many equal hashes, so the build then
  // fails and is retried without duplicates.
  std::uint8_t* count = scratch.count.zeroed(m);
  std::uint64_t* xors = scratch.xors.zeroed(m);
  unsigned overflow = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t h = hashes[i];
    const Cells c = cells(h);
    if (i + kPrefetch < n) prefetch_cells(hashes[i + kPrefetch], count, xors);
    overflow |= (count[c.a] += 4);
    overflow |= (count[c.b] = static_cast<std::uint8_t>((count[c.b] + 4) ^ 1));
    overflow |= (count[c.c] = static_cast<std::uint8_t>((count[c.c] + 4) ^ 2));
    xors[c.a] ^= h, xors[c.b] ^= h, xors[c.c] ^= h;
  }
  if (overflow & 0x80) return false;
  // Peel: a cell used by one key gives that key its slot; the key leaves its two other
  // cells, and one left with one key is queued. The scan queues the cells of count 1 in
  // order and peels only once `kLookahead` cells wait, so the loads for a cell are issued
  // long before it is peeled and the peeling stays a few segments behind the scan. Pushes
  // write whatever happens and advance only when the cell has one key: no branch depends
  // on a count. The hashes are recorded in peeling order (over `hashes`, no longer needed)
  // with the slot they own.
  std::uint64_t* order = hashes;
  std::uint8_t* owned = scratch.owned.get();
  std::vector<std::uint64_t>& queue = scratch.queue;
  if (queue.size() < 1024) queue.resize(1024);
  std::uint64_t mask = queue.size() - 1, head = 0, tail = 0;
  std::size_t peeled = 0;
  auto peel_one = [&] {
    const std::uint64_t cell = queue[head++ & mask];
    if ((count[cell] >> 2) != 1) return;  // its last key left through another cell
    const std::uint64_t h = xors[cell];
    const unsigned slot = count[cell] & 3;
    count[cell] = 0;
    owned[peeled] = static_cast<std::uint8_t>(slot);
    order[peeled++] = h;
    const Cells c = cells(h);
    const std::uint64_t at[5] = {c.a, c.b, c.c, c.a, c.b};
    for (unsigned k = 1; k <= 2; ++k) {
      const std::uint64_t other = at[slot + k];
      const auto left = static_cast<std::uint8_t>((count[other] - 4) ^ ((slot + k) % 3));
      count[other] = left;
      xors[other] ^= h;
      queue[tail & mask] = other;
      tail += (left >> 2) == 1;
    }
  };
  auto make_room = [&] {
    if (tail - head + 3 <= queue.size()) return;
    std::vector<std::uint64_t> larger(2 * queue.size());
    for (std::uint64_t j = head; j != tail; ++j) larger[j & (larger.size() - 1)] = queue[j & mask];
    queue.swap(larger);
    mask = queue.size() - 1;
  };
  // The peeled keys' cells lie within two segments of the scan; the first touch of each
  // line ahead of it would miss the caches, so the lines 3·L ahead are fetched in order.
  const std::uint64_t ahead = 3 * segment_length_;
  for (std::uint64_t i = 0; i < m; ++i) {
    if (i % 8 == 0 && i + ahead < m) {
      __builtin_prefetch(xors + i + ahead, 1);
      __builtin_prefetch(count + i + ahead, 1);
    }
    make_room();
    queue[tail & mask] = i;
    tail += (count[i] >> 2) == 1;
    if (tail - head > kLookahead) peel_one();
  }
  while (head != tail) {
    make_room();
    peel_one();
  }
  if (peeled != n) return false;
  // Assign in reverse order: a key's two other cells are final by then (their keys were
  // peeled later, or they have none), so one xor fixes its equation. The values are
  // written unpacked and packed afterwards: packed f-bit writes would make nearby reads wait
  // for partly overlapping stores. Up to 8 bits they go into `count`, all 0 after peeling
  // and small enough to stay in cache; wider ones into `xors`, which after peeling holds 0
  // in every cell no key owns and, in an owned cell, its key's hash, read by no key
  // assigned before it (a key's other cells were owned by keys peeled after it).
  if (bits_ <= 8) {
    assign(order, owned, peeled, count);
    pack(count, m);
  } else {
    assign(order, owned, peeled, xors);
    pack(xors, m);
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
