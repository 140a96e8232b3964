// Filter::serialize() of every backend and load_filter(), which reads them back: the FILT
// section of a compiled pattern file (doc/compiled-format.md, "Filters").
//
// A loaded filter must be as safe to query as a built one, whatever the bytes: every field
// a query uses is checked against the ranges the query relies on (array sizes derived from
// the parameters, an empty slot in an open-addressing table so that probing ends, bounded
// loop counts), and the counts a built filter keeps (bits set, slots used) are counted again
// from the arrays rather than read. Whether the filter holds every exception is checked by
// the loader of the compiled file, which has the keys.
#include "filters/serialize.h"

#include "base/byte_order.h"

#include "filters/blocked_bloom.h"
#include "filters/bloom.h"
#include "filters/counting_bloom.h"
#include "filters/counting_quotient.h"
#include "filters/cuckoo.h"
#include "filters/filter.h"
#include "filters/fuse.h"
#include "filters/hash_compaction.h"
#include "filters/quotient.h"
#include "filters/scalable_bloom.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <numbers>
#include <ostream>
#include <vector>

namespace hyph::filters {

// ---- io ----------------------------------------------------------------------------------

namespace io {

void put_u64(std::ostream& out, std::uint64_t value) {
  value = byte_order::little(value);
  out.write(reinterpret_cast<const char*>(&value), sizeof value);
}

void put_f64(std::ostream& out, double value) { put_u64(out, __builtin_bit_cast(std::uint64_t, value)); }

void put_array(std::ostream& out, const void* data, std::size_t size) {
  put_u64(out, size);
  out.write(static_cast<const char*>(data), static_cast<std::streamsize>(size));
  static constexpr char zeros[8] = {};
  out.write(zeros, static_cast<std::streamsize>((8 - size % 8) % 8));
}

void put_words(std::ostream& out, std::span<const std::uint64_t> words) {
  if constexpr (byte_order::kLittleHost) {
    put_array(out, words.data(), words.size_bytes());
  } else {
    std::vector<std::uint64_t> little(words.begin(), words.end());
    byte_order::little_in_place(std::span(little));
    put_array(out, little.data(), little.size() * 8);
  }
}

void copy_words(std::span<std::uint64_t> to, std::span<const std::byte> from) noexcept {
  std::memcpy(to.data(), from.data(), from.size());
  byte_order::little_in_place(to.first(from.size() / 8));
}

void Reader::fail(const std::string& reason) const { throw Error(ErrorCode::bad_format, what_ + ": " + reason); }

std::uint64_t Reader::u64() {
  if (left() < 8) fail("truncated");
  const auto value = byte_order::load<std::uint64_t>(bytes_.data() + at_);
  at_ += 8;
  return value;
}

std::uint64_t Reader::u64(std::string_view name, std::uint64_t lo, std::uint64_t hi) {
  const std::uint64_t value = u64();
  if (value < lo || value > hi)
    fail(std::string(name) + " " + std::to_string(value) + " is not in " + std::to_string(lo) + ".." + std::to_string(hi));
  return value;
}

// __builtin_bit_cast: libc++ 14 (emscripten 3.1.6) has no std::bit_cast.
double Reader::f64() { return __builtin_bit_cast(double, u64()); }

double Reader::fp_rate() {
  const double rate = f64();
  if (!(rate > 0.0 && rate < 1.0)) fail("target false-positive rate " + std::to_string(rate) + " is not in (0, 1)");
  return rate;
}

std::span<const std::byte> Reader::array(std::string_view name, std::size_t element) {
  const std::uint64_t size = u64();
  if (size > left() || size % element != 0) fail(std::string(name) + ": " + std::to_string(size) + " bytes do not fit");
  const std::span<const std::byte> out = bytes_.subspan(at_, static_cast<std::size_t>(size));
  at_ += static_cast<std::size_t>(size);
  const std::size_t padding = (8 - size % 8) % 8;
  if (padding > left()) fail(std::string(name) + ": truncated padding");
  for (std::size_t i = 0; i < padding; ++i)
    if (bytes_[at_ + i] != std::byte{0}) fail(std::string(name) + ": padding is not zero");
  at_ += padding;
  return out;
}

void Reader::finish() {
  if (left() != 0) fail(std::to_string(left()) + " bytes after the filter's state");
}

}  // namespace io

namespace {

// No filter of a rate a double can express needs more probes (k ≈ log2(1/ε) ≤ 1075).
constexpr std::uint64_t kMaxProbes = 4096;

std::uint64_t popcount(std::span<const std::uint64_t> words) {
  std::uint64_t n = 0;
  for (const std::uint64_t w : words) n += static_cast<std::uint64_t>(std::popcount(w));
  return n;
}

// An array of bytes, or of 64-bit words (or records of them: Block) turned into the host's order.
template <class T>
void copy_into(std::vector<T>& to, std::span<const std::byte> from) {
  to.resize(from.size() / sizeof(T));
  if constexpr (sizeof(T) == 1) {
    std::memcpy(to.data(), from.data(), from.size());
  } else {
    static_assert(sizeof(T) % 8 == 0 && alignof(T) >= alignof(std::uint64_t), "words, or records of words");
    io::copy_words(std::span(reinterpret_cast<std::uint64_t*>(to.data()), from.size() / 8), from);
  }
}

// The words of `blocks` (records of 64-bit words), for put_words.
template <class T>
std::span<const std::uint64_t> words_of(const std::vector<T>& blocks) {
  static_assert(sizeof(T) % 8 == 0 && alignof(T) >= alignof(std::uint64_t));
  return {reinterpret_cast<const std::uint64_t*>(blocks.data()), blocks.size() * sizeof(T) / 8};
}

// The byte count of a packed array of `cells` fields of `bits` bits, with the 8 bytes of
// slack that let every field be read with one unaligned load (filter_util.h read_bits).
std::uint64_t packed_bytes(std::uint64_t cells, unsigned bits) { return (cells * bits + 7) / 8 + 8; }

// Side sets of exact key hashes (cuckoo, quotient): (key, copies) pairs in increasing key order.
void put_side_set(std::ostream& out, const HashMultiset& side) {
  std::vector<std::pair<Hash, std::uint32_t>> keys;
  side.for_each([&](Hash key, std::uint32_t copies) { keys.emplace_back(key, copies); });
  std::sort(keys.begin(), keys.end());
  io::put_u64(out, keys.size());
  for (const auto& [key, copies] : keys) {
    io::put_u64(out, key);
    io::put_u64(out, copies);
  }
}

HashMultiset read_side_set(io::Reader& in) {
  HashMultiset side;
  const std::uint64_t size = in.u64("side-set size", 0, in.left() / 16);
  // Copies are added one by one: bound their total, so that no file makes loading slow.
  constexpr std::uint64_t kMaxCopies = std::uint64_t{1} << 22;
  std::uint64_t total = 0, previous = 0;
  for (std::uint64_t i = 0; i < size; ++i) {
    const Hash key = in.u64();
    if (i > 0 && key <= previous) in.fail("side-set keys are not in increasing order");
    previous = key;
    const std::uint64_t copies = in.u64("side-set copies", 1, kMaxCopies);
    if ((total += copies) > kMaxCopies) in.fail("more than 2^22 keys in the side set");
    for (std::uint64_t c = 0; c < copies; ++c) side.add(key);
  }
  return side;
}

}  // namespace

void Filter::serialize(std::ostream&) const {
  throw Error(ErrorCode::invalid_argument, "the " + describe().name + " filter has no serialized form and cannot go into a compiled file");
}

// ---- bloom: ε, k, keys, words[] ---------------------------------------------------------

void BloomFilter::serialize(std::ostream& out) const {
  io::put_f64(out, target_fp_rate_);
  io::put_u64(out, k_);
  io::put_u64(out, keys_);
  io::put_words(out, words_);
}

std::unique_ptr<BloomFilter> BloomFilter::deserialize(io::Reader& in) {
  const double rate = in.fp_rate();
  auto f = std::make_unique<BloomFilter>(std::span<const Hash>{}, rate);
  f->k_ = static_cast<unsigned>(in.u64("k", 1, kMaxProbes));
  f->keys_ = in.u64();
  const auto words = in.array("bits", 8);
  if (words.empty()) in.fail("no bits");
  copy_into(f->words_, words);
  f->m_ = 64 * f->words_.size();
  f->unit_ = ~std::uint64_t{0} / f->m_ + 1;
  f->expected_fp_rate_ = std::pow(static_cast<double>(popcount(f->words_)) / static_cast<double>(f->m_), f->k_);
  return f;
}

// ---- blocked-bloom: ε, k, keys, blocks[] ------------------------------------------------

void BlockedBloomFilter::serialize(std::ostream& out) const {
  io::put_f64(out, target_fp_rate_);
  io::put_u64(out, k_);
  io::put_u64(out, keys_);
  io::put_words(out, words_of(blocks_));
}

std::unique_ptr<BlockedBloomFilter> BlockedBloomFilter::deserialize(io::Reader& in) {
  const double rate = in.fp_rate();
  auto f = std::make_unique<BlockedBloomFilter>(std::span<const Hash>{}, rate);
  f->k_ = static_cast<unsigned>(in.u64("k", 1, 64));
  f->keys_ = in.u64();
  const auto blocks = in.array("blocks", sizeof(Block));
  if (blocks.empty()) in.fail("no blocks");
  copy_into(f->blocks_, blocks);
  double sum = 0;
  for (const Block& block : f->blocks_)
    sum += std::pow(static_cast<double>(popcount(block.words)) / kBlockBits, f->k_);
  f->expected_fp_rate_ = sum / static_cast<double>(f->blocks_.size());
  return f;
}

// ---- counting-bloom: ε, k, keys, counters[] ---------------------------------------------

void CountingBloomFilter::serialize(std::ostream& out) const {
  io::put_f64(out, target_fp_rate_);
  io::put_u64(out, k_);
  io::put_u64(out, keys_);
  io::put_words(out, words_);
}

std::unique_ptr<CountingBloomFilter> CountingBloomFilter::deserialize(io::Reader& in) {
  const double rate = in.fp_rate();
  auto f = std::make_unique<CountingBloomFilter>(CountingBloomFilter::with_capacity(0, rate));
  f->k_ = static_cast<unsigned>(in.u64("k", 1, kMaxProbes));
  f->keys_ = in.u64();
  const auto words = in.array("counters", 8);
  // m is a multiple of 64 counters: 4 words of 16.
  if (words.empty() || words.size() % 32 != 0) in.fail(std::to_string(words.size()) + " bytes of counters");
  copy_into(f->words_, words);
  f->m_ = 16 * f->words_.size();
  f->unit_ = ~std::uint64_t{0} / f->m_ + 1;
  f->nonzero_ = f->saturated_ = 0;
  for (std::uint64_t i = 0; i < f->m_; ++i) {
    f->nonzero_ += f->counter(i) != 0;
    f->saturated_ += f->counter(i) == kMaxCount;
  }
  return f;
}

// ---- cuckoo: ε, f, buckets, victim, victim bucket, slots[], side set (key, copies)[] -----

void CuckooTable::serialize(std::ostream& out) const {
  io::put_u64(out, buckets_);
  io::put_u64(out, victim_fp_);
  io::put_u64(out, victim_bucket_);
  io::put_array(out, bytes_.data(), bytes_.size());
}

CuckooTable CuckooTable::deserialize(io::Reader& in, unsigned fingerprint_bits) {
  const std::uint64_t buckets = in.u64("bucket count", 1, std::uint64_t{1} << 32);
  const std::uint64_t victim = in.u64("victim fingerprint", 0, (std::uint64_t{1} << fingerprint_bits) - 1);
  const std::uint64_t victim_bucket = in.u64("victim bucket", 0, victim != 0 ? buckets - 1 : 0);
  const auto bytes = in.array("slots", 1);
  if (bytes.size() != packed_bytes(buckets * kSlots, fingerprint_bits))
    in.fail(std::to_string(bytes.size()) + " bytes of slots for " + std::to_string(buckets) + " buckets");
  CuckooTable t(buckets, fingerprint_bits);
  std::memcpy(t.bytes_.data(), bytes.data(), bytes.size());
  t.victim_fp_ = static_cast<std::uint32_t>(victim);
  t.victim_bucket_ = victim_bucket;
  t.stored_ = victim != 0;
  for (std::uint64_t b = 0; b < buckets; ++b)
    for (unsigned s = 0; s < kSlots; ++s) t.stored_ += t.slot(b, s) != 0;
  return t;
}

void CuckooFilter::serialize(std::ostream& out) const {
  io::put_f64(out, target_fp_rate_);
  io::put_u64(out, table_.fingerprint_bits());
  table_.serialize(out);
  // The side set by key, so that the bytes do not depend on the order keys went in.
  put_side_set(out, overflow_);
}

std::unique_ptr<CuckooFilter> CuckooFilter::deserialize(io::Reader& in) {
  const double rate = in.fp_rate();
  auto f = std::make_unique<CuckooFilter>(CuckooFilter::with_capacity(0, rate));
  const auto bits = static_cast<unsigned>(in.u64("fingerprint bits", 4, 32));
  if (bits != f->table_.fingerprint_bits())
    in.fail(std::to_string(bits) + "-bit fingerprints for a target rate that gives " + std::to_string(f->table_.fingerprint_bits()));
  f->table_ = CuckooTable::deserialize(in, bits);
  f->overflow_ = read_side_set(in);
  return f;
}

// ---- fuse: ε, f, L, S, seed, keys, attempts, cells[] ------------------------------------

void FuseFilter::serialize(std::ostream& out) const {
  io::put_f64(out, target_fp_rate_);
  io::put_u64(out, bits_);
  io::put_u64(out, segment_length_);
  io::put_u64(out, segment_count_);
  io::put_u64(out, seed_);
  io::put_u64(out, keys_);
  io::put_u64(out, attempts_);
  io::put_array(out, bytes_.data(), bytes_.size());
}

std::unique_ptr<FuseFilter> FuseFilter::deserialize(io::Reader& in) {
  const double rate = in.fp_rate();
  auto f = std::make_unique<FuseFilter>(std::span<const Hash>{}, rate);
  const auto bits = static_cast<unsigned>(in.u64("fingerprint bits", 1, 32));
  if (bits != f->bits_) in.fail(std::to_string(bits) + "-bit fingerprints for a target rate that gives " + std::to_string(f->bits_));
  f->segment_length_ = in.u64("segment length", 1, std::uint64_t{1} << 18);
  if (!std::has_single_bit(f->segment_length_)) in.fail("segment length " + std::to_string(f->segment_length_) + " is not a power of two");
  f->segment_count_ = in.u64("segment count", 1, std::uint64_t{1} << 32);
  f->seed_ = in.u64();
  f->keys_ = in.u64();
  f->attempts_ = static_cast<unsigned>(in.u64("attempts", 0, 1000));
  const auto bytes = in.array("cells", 1);
  // An empty filter answers every query without reading a cell: its array is the 8 bytes
  // of slack alone, as the constructor leaves it.
  if (f->keys_ == 0 && (f->segment_length_ != 1 || f->segment_count_ != 1 || bytes.size() != 8))
    in.fail("an empty filter with cells");
  if (f->keys_ != 0 && bytes.size() != packed_bytes(f->cell_count(), bits))
    in.fail(std::to_string(bytes.size()) + " bytes for " + std::to_string(f->cell_count()) + " cells");
  copy_into(f->bytes_, bytes);
  return f;
}

// ---- hash-compaction: ε, l, slots, capacity, table[] ------------------------------------

void HashCompactionFilter::serialize(std::ostream& out) const {
  io::put_f64(out, target_fp_rate_);
  io::put_u64(out, bits_);
  io::put_u64(out, slots_);
  io::put_u64(out, table_slots_);
  io::put_u64(out, capacity_);
  io::put_array(out, bytes_.data(), bytes_.size());
}

std::unique_ptr<HashCompactionFilter> HashCompactionFilter::deserialize(io::Reader& in) {
  const double rate = in.fp_rate();
  auto f = std::make_unique<HashCompactionFilter>(HashCompactionFilter::with_capacity(0, rate));
  f->bits_ = static_cast<unsigned>(in.u64("compressed bits", 1, 57));
  f->range_ = (std::uint64_t{1} << f->bits_) - 1;
  f->slots_ = in.u64("slot count", 1, std::uint64_t{1} << 40);
  f->table_slots_ = in.u64("table slot count", f->slots_ + 1, f->slots_ + (std::uint64_t{1} << 40));
  f->capacity_ = in.u64();
  const auto bytes = in.array("table", 1);
  if (bytes.size() != packed_bytes(f->table_slots_, f->bits_))
    in.fail(std::to_string(bytes.size()) + " bytes for " + std::to_string(f->table_slots_) + " slots");
  copy_into(f->bytes_, bytes);
  // Queries scan without bounds checks and stop early: a value out of order would be a false
  // negative, a full last slot a read past the table.
  if (!f->ordered()) in.fail("the table is not in order, or its last slot is not empty");
  std::vector<std::uint64_t> held;
  for (std::uint64_t i = 0; i < f->table_slots_; ++i)
    if (const std::uint64_t c = f->slot(i)) held.push_back(c);
  f->stored_ = held.size();
  // ordered() checked that they ascend.
  f->distinct_ = static_cast<std::uint64_t>(std::unique(held.begin(), held.end()) - held.begin());
  return f;
}

// ---- scalable-bloom: ε, growth, tightening, keys, stages (capacity, ε_i, k, count, bits[])[]

void ScalableBloomFilter::serialize(std::ostream& out) const {
  io::put_f64(out, target_fp_rate_);
  io::put_u64(out, growth_);
  io::put_f64(out, tightening_);
  io::put_u64(out, keys_);
  io::put_u64(out, stages_.size());
  for (const Stage& s : stages_) {
    io::put_u64(out, s.capacity);
    io::put_f64(out, s.fp_rate);
    io::put_u64(out, s.k);
    io::put_u64(out, s.count);
    io::put_words(out, s.words);
  }
}

std::unique_ptr<ScalableBloomFilter> ScalableBloomFilter::deserialize(io::Reader& in) {
  const double rate = in.fp_rate();
  const auto growth = static_cast<unsigned>(in.u64("growth", 2, 4));
  if (growth == 3) in.fail("growth 3 is not 2 or 4");
  const double tightening = in.f64();
  if (!(tightening >= 0.8 && tightening <= 0.9)) in.fail("tightening " + std::to_string(tightening) + " is not in [0.8, 0.9]");
  auto f = std::make_unique<ScalableBloomFilter>(std::span<const Hash>{}, rate, growth, tightening);
  f->keys_ = in.u64();
  const std::uint64_t stages = in.u64("stage count", 1, 64);
  f->stages_.clear();
  for (std::uint64_t i = 0; i < stages; ++i) {
    const std::uint64_t capacity = in.u64("stage capacity", 1, std::uint64_t{1} << 40);
    const double stage_rate = in.fp_rate();
    const std::uint64_t k = in.u64("k", 1, kMaxProbes);
    const std::uint64_t count = in.u64();
    const auto words = in.array("stage bits", 8);
    // A stage sizes its bit array from its capacity and rate; make sure that is about the
    // array read before letting it allocate one, then require it to be exactly that.
    const double ln2 = std::numbers::ln2;
    const double bits = static_cast<double>(capacity) * -std::log(stage_rate) / (ln2 * ln2);
    if (words.empty() || bits > 64.0 * static_cast<double>(words.size() / 8 + 1))
      in.fail("stage " + std::to_string(i) + ": " + std::to_string(words.size()) + " bytes of bits for its capacity and rate");
    Stage stage(capacity, stage_rate);
    if (stage.words.size() * 8 != words.size() || stage.k != k)
      in.fail("stage " + std::to_string(i) + ": k or size does not follow from its capacity and rate");
    copy_into(stage.words, words);
    stage.count = count;
    stage.set = popcount(stage.words);
    f->stages_.push_back(std::move(stage));
  }
  return f;
}

// ---- quotient: ε, r, slots, metadata[] (3 words a 64 slots), remainders[], side set -------

void QuotientFilter::serialize(std::ostream& out) const {
  io::put_f64(out, target_fp_rate_);
  io::put_u64(out, r_);
  io::put_u64(out, slots_);
  io::put_words(out, meta_);
  io::put_array(out, remainders_.data(), remainders_.size());
  put_side_set(out, side_);
}

std::unique_ptr<QuotientFilter> QuotientFilter::deserialize(io::Reader& in) {
  const double rate = in.fp_rate();
  const auto r = static_cast<unsigned>(in.u64("remainder bits", 0, kMaxRemainderBits));
  const std::uint64_t slots = in.u64("slot count", kMinSlots, kMaxSlots);
  // Both sizes are checked before anything is allocated for the slots.
  const auto meta = in.array("metadata", 8);
  if (meta.size() != 3 * 8 * ((slots + 63) / 64))
    in.fail("metadata: " + std::to_string(meta.size()) + " bytes for " + std::to_string(slots) + " slots");
  const auto remainders = in.array("remainders", 1);
  if (remainders.size() != packed_bytes(slots, r))
    in.fail("remainders: " + std::to_string(remainders.size()) + " bytes for " + std::to_string(slots) + " slots of " + std::to_string(r) + " bits");
  auto f = std::make_unique<QuotientFilter>(QuotientFilter(slots, r, rate));
  io::copy_words(f->meta_, meta);
  std::memcpy(f->remainders_.data(), remainders.data(), remainders.size());
  // Lookups and inserts walk clusters to an empty slot and trust the metadata; accept only
  // the one layout the fingerprints have, by laying them out again.
  std::vector<std::uint64_t> fingerprints;
  if (!f->decode(fingerprints) || !std::is_sorted(fingerprints.begin(), fingerprints.end()) || fingerprints.size() >= slots)
    in.fail("the slots' metadata is inconsistent");
  QuotientFilter canonical(slots, r, rate);
  canonical.place_sorted(fingerprints);
  if (canonical.meta_ != f->meta_ || canonical.remainders_ != f->remainders_)
    in.fail("the slots are not the layout of the fingerprints they hold");
  f->stored_ = canonical.stored_;
  f->distinct_ = canonical.distinct_;
  f->side_ = read_side_set(in);
  return f;
}

// ---- counting-quotient: ε, r, slots, blocks, blocks[] -----------------------------------

void CountingQuotientFilter::serialize(std::ostream& out) const {
  io::put_f64(out, target_fp_rate_);
  io::put_u64(out, r_);
  io::put_u64(out, slots_);
  io::put_u64(out, blocks_);
  io::put_array(out, bytes_.data(), bytes_.size());
}

std::unique_ptr<CountingQuotientFilter> CountingQuotientFilter::deserialize(io::Reader& in) {
  const double rate = in.fp_rate();
  const auto r = static_cast<unsigned>(in.u64("remainder bits", 1, kMaxRemainderBits));
  const std::uint64_t slots = in.u64("slot count", kMinSlots, kMaxSlots);
  const std::uint64_t blocks = in.u64("block count", (slots + kBlockSlots - 1) / kBlockSlots, kMaxBlocks);
  const auto bytes = in.array("blocks", 1);
  // Checked before anything is allocated for the blocks.
  if (bytes.size() != blocks * (kRemaindersAt + 8 * std::uint64_t{r}) + 8)
    in.fail(std::to_string(bytes.size()) + " bytes for " + std::to_string(blocks) + " blocks of " + std::to_string(r) + "-bit remainders");
  auto f = std::make_unique<CountingQuotientFilter>(CountingQuotientFilter(kMinSlots, r, rate));
  f->reset(slots, r, blocks);
  std::memcpy(f->bytes_.data(), bytes.data(), bytes.size());
  // Lookups trust the offsets and the counters; accept only the one layout the (fingerprint,
  // count) pairs have, by laying them out again (offsets included).
  std::vector<std::pair<std::uint64_t, std::uint64_t>> counted;
  if (!f->decode(counted)) in.fail("the runs are inconsistent");
  CountingQuotientFilter canonical(kMinSlots, r, rate);
  canonical.reset(slots, r, blocks);
  canonical.place_sorted(counted);
  if (canonical.bytes_ != f->bytes_) in.fail("the blocks are not the layout of the fingerprints and counts they hold");
  std::uint64_t keys = 0;
  for (const auto& entry : counted)
    if ((keys += entry.second) < entry.second) in.fail("the counts add up past 2^64 − 1");
  f->keys_ = keys;
  f->used_ = canonical.used_;
  f->distinct_ = canonical.distinct_;
  return f;
}

// ---- load_filter ------------------------------------------------------------------------

std::unique_ptr<Filter> load_filter(FilterKind kind, std::span<const std::byte> bytes) {
  io::Reader in(bytes, std::string(to_string(kind)) + " filter");
  std::unique_ptr<Filter> f;
  switch (kind) {
    case FilterKind::none:
      in.finish();  // no pre-check: nothing stored
      return nullptr;
    case FilterKind::bloom:
      f = BloomFilter::deserialize(in);
      break;
    case FilterKind::blocked_bloom:
      f = BlockedBloomFilter::deserialize(in);
      break;
    case FilterKind::cuckoo:
      f = CuckooFilter::deserialize(in);
      break;
    case FilterKind::fuse:
      f = FuseFilter::deserialize(in);
      break;
    case FilterKind::counting_bloom:
      f = CountingBloomFilter::deserialize(in);
      break;
    case FilterKind::hash_compaction:
      f = HashCompactionFilter::deserialize(in);
      break;
    case FilterKind::scalable_bloom:
      f = ScalableBloomFilter::deserialize(in);
      break;
    case FilterKind::quotient:
      f = QuotientFilter::deserialize(in);
      break;
    case FilterKind::counting_quotient:
      f = CountingQuotientFilter::deserialize(in);
      break;
    default:
      in.fail("filter kind " + std::to_string(static_cast<int>(kind)) + " has no serialized form");
  }
  in.finish();
  return f;
}

}  // namespace hyph::filters
