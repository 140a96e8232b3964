#include "filters/cuckoo.h"

#include <hyph/error.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace hyph::filters {

// ---------------------------------------------------------------------------------------
// CuckooTable

CuckooTable::CuckooTable(std::uint64_t buckets, unsigned fingerprint_bits)
    : buckets_(buckets), bits_(fingerprint_bits), bucket_bits_(kSlots * fingerprint_bits),
      fp_range_((std::uint64_t{1} << fingerprint_bits) - 1) {
  if (buckets == 0 || buckets > (std::uint64_t{1} << 32))
    throw Error(ErrorCode::capacity, "cuckoo table: bucket count " + std::to_string(buckets) + " out of range");
  if (bits_ <= kSwarMaxBits) {
    for (unsigned s = 0; s < kSlots; ++s) lo_ |= std::uint64_t{1} << (s * bits_);
    hi_ = lo_ << (bits_ - 1);
  }
  bytes_.assign((buckets * bucket_bits_ + 7) / 8 + 8, 0);
}

bool CuckooTable::place(std::uint64_t bucket, std::uint32_t fp) noexcept {
  for (unsigned s = 0; s < kSlots; ++s)
    if (slot(bucket, s) == 0) {
      set_slot(bucket, s, fp);
      return true;
    }
  return false;
}

bool CuckooTable::remove(std::uint64_t bucket, std::uint32_t fp) noexcept {
  for (unsigned s = 0; s < kSlots; ++s)
    if (slot(bucket, s) == fp) {
      set_slot(bucket, s, 0);
      return true;
    }
  return false;
}

unsigned CuckooTable::count(std::uint64_t bucket, std::uint32_t fp) const noexcept {
  unsigned n = 0;
  for (unsigned s = 0; s < kSlots; ++s) n += slot(bucket, s) == fp;
  return n;
}

CuckooTable::Insert CuckooTable::insert(Hash key, detail::SplitMix64& rng) {
  if (full()) return Insert::full;
  std::uint32_t fp = fingerprint(key);
  const std::uint64_t i1 = primary(key);
  const std::uint64_t i2 = alternate(i1, fp);
  if (place(i1, fp) || place(i2, fp)) {
    ++stored_;
    return Insert::stored;
  }
  // Both buckets are full. If they hold nothing but this fingerprint (8 copies, or 4 when
  // i1 == i2), a kick could only swap copies around.
  if (count(i1, fp) + (i2 != i1 ? count(i2, fp) : 0) == (i2 != i1 ? 2 : 1) * kSlots) return Insert::saturated;
  ++stored_;
  // Random walk: evict a random slot's fingerprint to its other bucket, and so on. Every
  // fingerprint moved stays within its own bucket pair, so nothing is ever lost; if the
  // chain is too long, the last homeless fingerprint waits in the victim slot (checked by
  // lookups) and the table counts as full.
  std::uint64_t bucket = (rng.next() & 1) ? i1 : i2;
  for (unsigned kick = 0; kick < kMaxKicks; ++kick) {
    // Look one step ahead: if some resident can move to its other bucket, the chain ends
    // here. This raises the load a table reaches before a chain fails from about 0.955
    // to 0.97.
    for (unsigned s = 0; s < kSlots; ++s) {
      const std::uint32_t resident = slot(bucket, s);
      if (place(alternate(bucket, resident), resident)) {
        set_slot(bucket, s, fp);
        return Insert::stored;
      }
    }
    const unsigned s = static_cast<unsigned>(rng.next() & (kSlots - 1));
    const std::uint32_t evicted = slot(bucket, s);
    set_slot(bucket, s, fp);
    fp = evicted;
    bucket = alternate(bucket, fp);
    if (place(bucket, fp)) return Insert::stored;
  }
  victim_fp_ = fp;
  victim_bucket_ = bucket;
  return Insert::stored;
}

bool CuckooTable::erase(Hash key) {
  const std::uint32_t fp = fingerprint(key);
  const std::uint64_t i1 = primary(key);
  const std::uint64_t i2 = alternate(i1, fp);
  if (remove(i1, fp) || remove(i2, fp)) {
    --stored_;
    // A slot just opened: the victim may fit now, which un-fills the table.
    if (victim_fp_ != 0 && (place(victim_bucket_, victim_fp_) || place(alternate(victim_bucket_, victim_fp_), victim_fp_)))
      victim_fp_ = 0;
    return true;
  }
  if (victim_fp_ == fp && (victim_bucket_ == i1 || victim_bucket_ == i2)) {
    victim_fp_ = 0;
    --stored_;
    return true;
  }
  return false;
}

double CuckooTable::expected_fp_rate() const noexcept {
  return -std::expm1(8.0 * load() * std::log1p(-1.0 / static_cast<double>(fp_range_)));
}

// ---------------------------------------------------------------------------------------
// CuckooFilter

namespace {

unsigned fingerprint_bits_for(double fp_rate) {
  detail::check_fp_rate(fp_rate);
  // ε ≈ 2b/2^f with b = 4 slots. The small slack keeps exact powers of two (ε = 2^-8 -> 11)
  // from rounding up on floating-point noise.
  const double f = std::ceil(std::log2(8.0 / fp_rate) - 1e-9);
  return static_cast<unsigned>(std::clamp(f, 4.0, 32.0));
}

std::uint64_t buckets_for(std::uint64_t keys, double load) {
  const double b = std::ceil(static_cast<double>(keys) / (CuckooTable::kSlots * load));
  return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(b));
}

// The load a table is sized for. With the look-ahead and 500 kicks a table of f >= 8 bits
// fills to about 0.97 before a chain first fails; short fingerprints have fewer distinct
// alternate buckets and fill less (measured at 10^6 keys: f = 6 about 0.95, f = 4 about
// 0.85).
double design_load(unsigned fingerprint_bits) noexcept {
  if (fingerprint_bits >= 8) return CuckooFilter::kTargetLoad;
  if (fingerprint_bits >= 6) return 0.93;
  return 0.80;
}

}  // namespace

CuckooFilter::CuckooFilter(std::uint64_t capacity, double fp_rate, int)
    : table_(buckets_for(capacity, design_load(fingerprint_bits_for(fp_rate))), fingerprint_bits_for(fp_rate)),
      target_fp_rate_(fp_rate) {}

CuckooFilter CuckooFilter::with_capacity(std::uint64_t capacity, double fp_rate) {
  return CuckooFilter(capacity, fp_rate, 0);
}

CuckooFilter::CuckooFilter(std::span<const Hash> keys, double fp_rate) : CuckooFilter(keys.size(), fp_rate, 0) {
  // We hold every key here, so an overflowing build is redone a little larger: the built
  // filter is one table at about the design load, with nothing in the side set. Keys that
  // crowd a few buckets (copies, equal high halves) fill a table at a low load however
  // large it is, so each attempt at most doubles it, up to 4 times the design size; the
  // last attempt puts what does not fit in the side set.
  const std::uint64_t most = 4 * table_.buckets();
  for (int attempt = 0;; ++attempt) {
    const bool last = attempt >= 8 || table_.buckets() >= most;
    std::size_t i = 0;
    for (; i < keys.size(); ++i) {
      if (table_.full() && !last) break;
      insert(keys[i]);
    }
    if (i == keys.size()) return;
    // Size the next attempt from the load this one reached, with 2 % to spare.
    const std::uint64_t buckets = table_.buckets();
    const std::uint64_t next = std::min(
        {std::max(buckets + std::max<std::uint64_t>(1, buckets / 50), buckets_for(keys.size(), 0.98 * table_.load())),
         2 * buckets, most});
    table_ = CuckooTable(next, table_.fingerprint_bits());
    overflow_ = HashMultiset();
  }
}

void CuckooFilter::insert(Hash key) {
  // The side set takes the key if the table is full or the key's buckets hold nothing but
  // its fingerprint already.
  if (table_.insert(key, rng_) != CuckooTable::Insert::stored) overflow_.add(key);
}

bool CuckooFilter::erase(Hash key) { return overflow_.remove(key) || table_.erase(key); }

FilterDescription CuckooFilter::describe() const {
  FilterDescription d;
  d.name = "cuckoo";
  d.keys = size();
  d.bits = table_.memory_bits() + overflow_.memory_bits();
  d.bits_per_key = d.keys ? static_cast<double>(d.bits) / static_cast<double>(d.keys) : 0.0;
  d.theoretical_bits_per_key = (detail::lower_bound_bits(target_fp_rate_) + 3.0) / 0.95;
  d.target_fp_rate = target_fp_rate_;
  d.fingerprint_bits = fingerprint_bits();
  d.load_factor = load();
  d.expected_fp_rate = expected_fp_rate();
  char load_text[32];
  std::snprintf(load_text, sizeof load_text, "%.3f", load());
  d.parameters = "f=" + std::to_string(fingerprint_bits()) + " bits (packed), 4-slot buckets, " +
                 std::to_string(table_.buckets()) + " buckets, load=" + load_text + ", " +
                 std::to_string(overflow_.size()) + " keys in the exact side set; theory: (log2(1/ε)+3)/α, α=0.95";
  return d;
}

}  // namespace hyph::filters
