// Filter::serialize and load_filter: a filter read back answers every query as the one
// written, writes the same bytes again, and any damage to the bytes is an Error(bad_format)
// or a filter that is still safe to query, never a crash.
#include "support.h"

#include "filters/serialize.h"

#include "base/byte_order.h"

#include <algorithm>
#include <array>
#include <hyph/error.h>

#include <cstring>
#include <sstream>
#include <string_view>

namespace {

using hyph::FilterKind;
using hyph::filters::Filter;
using hyph::filters::Hash;

constexpr FilterKind kKinds[] = {FilterKind::bloom,  FilterKind::blocked_bloom,  FilterKind::cuckoo,
                                 FilterKind::fuse,   FilterKind::counting_bloom, FilterKind::hash_compaction,
                                 FilterKind::scalable_bloom, FilterKind::quotient, FilterKind::counting_quotient};

std::vector<std::byte> serialized(const Filter& f) {
  const std::string s = test::bytes_of(f);
  std::vector<std::byte> bytes(s.size());
  std::memcpy(bytes.data(), s.data(), s.size());
  return bytes;
}

bool is_bad_format(FilterKind kind, std::span<const std::byte> bytes) {
  try {
    const auto f = hyph::filters::load_filter(kind, bytes);
    // Loaded: it must be safe to query and to describe.
    for (const Hash h : test::negatives(64)) (void)f->maybe_contains(h);
    (void)f->describe();
    return false;
  } catch (const hyph::Error& e) {
    CHECK(e.code() == hyph::ErrorCode::bad_format);
    return true;
  }
}

}  // namespace

TEST_CASE("serialized filters answer as the filters written") {
  for (const FilterKind kind : kKinds) {
    for (const std::size_t n : {0u, 1u, 57u, 3000u}) {
      CAPTURE(hyph::to_string(kind));
      CAPTURE(n);
      const auto keys = test::positives(n);
      const auto original = hyph::filters::make_filter(kind, keys, 0.01);
      const auto bytes = serialized(*original);
      const auto loaded = hyph::filters::load_filter(kind, bytes);
      REQUIRE(loaded != nullptr);
      for (const Hash h : keys) CHECK(loaded->maybe_contains(h));
      std::size_t differences = 0;
      for (const Hash h : test::negatives(20000)) differences += loaded->maybe_contains(h) != original->maybe_contains(h);
      CHECK(differences == 0);
      const hyph::FilterDescription a = original->describe(), b = loaded->describe();
      CHECK(a.name == b.name);
      CHECK(a.keys == b.keys);
      CHECK(a.bits == b.bits);
      CHECK(a.parameters == b.parameters);
      CHECK(loaded->expected_fp_rate() == doctest::Approx(original->expected_fp_rate()));
      CHECK(serialized(*loaded) == bytes);
    }
  }
}

TEST_CASE("a filter grown by inserts serializes too") {
  hyph::filters::CuckooFilter cuckoo(test::positives(100), 0.01);
  for (const Hash h : test::negatives(1000)) cuckoo.insert(h);
  hyph::filters::ScalableBloomFilter scalable(test::positives(10), 0.01);
  for (const Hash h : test::negatives(1000)) scalable.insert(h);
  hyph::filters::HashCompactionFilter compaction(test::positives(10), 0.01);
  for (const Hash h : test::negatives(1000)) compaction.insert(h);
  // Doubled from 16 slots; and one that ran out of remainder bits, with a side set.
  hyph::filters::QuotientFilter quotient(test::positives(10), 0.01);
  for (const Hash h : test::negatives(1000)) quotient.insert(h);
  hyph::filters::QuotientFilter side_set(test::positives(10), 0.6);
  for (const Hash h : test::negatives(1000)) side_set.insert(h);
  REQUIRE(side_set.overflow() > 0);
  // Doubled, with counts, and with runs spilled into appended blocks at r = 1.
  hyph::filters::CountingQuotientFilter counting(test::positives(10), 0.01);
  for (const Hash h : test::negatives(1000)) counting.insert(h, 1 + h % 1000);
  hyph::filters::CountingQuotientFilter spilled(test::positives(10), 0.4);
  for (const Hash h : test::negatives(1000)) spilled.insert(h);
  REQUIRE(spilled.block_count() > (spilled.slot_count() + 63) / 64);
  const std::pair<FilterKind, const Filter*> filters[] = {
      {FilterKind::cuckoo, &cuckoo},         {FilterKind::scalable_bloom, &scalable},
      {FilterKind::hash_compaction, &compaction}, {FilterKind::quotient, &quotient},
      {FilterKind::quotient, &side_set},     {FilterKind::counting_quotient, &counting},
      {FilterKind::counting_quotient, &spilled}};
  for (const auto& [kind, filter] : filters) {
    const std::string_view kind_name = hyph::to_string(kind);  // CAPTURE cannot take a structured binding in clang 14
    CAPTURE(kind_name);
    const auto loaded = hyph::filters::load_filter(kind, serialized(*filter));
    for (const Hash h : test::negatives(1000)) CHECK(loaded->maybe_contains(h));
    for (const Hash h : test::positives(5000)) CHECK(loaded->maybe_contains(h) == filter->maybe_contains(h));
    CHECK(serialized(*loaded) == serialized(*filter));
  }
}

TEST_CASE("damaged filter bytes: bad_format or a safe filter") {
  for (const FilterKind kind : kKinds) {
    CAPTURE(hyph::to_string(kind));
    const auto bytes = serialized(*hyph::filters::make_filter(kind, test::positives(20), 0.05));
    // Every truncation is an error (the reader wants every field and array it was promised).
    for (std::size_t size = 0; size < bytes.size(); ++size) {
      CAPTURE(size);
      CHECK(is_bad_format(kind, std::span(bytes).first(size)));
    }
    // So is anything after the end.
    auto longer = bytes;
    longer.push_back(std::byte{0});
    CHECK(is_bad_format(kind, longer));
    // Each byte flipped: an error or a filter that is safe to query.
    for (std::size_t i = 0; i < bytes.size(); ++i) {
      for (const std::byte flip : {std::byte{0x01}, std::byte{0x80}, std::byte{0xFF}}) {
        auto damaged = bytes;
        damaged[i] ^= flip;
        (void)is_bad_format(kind, damaged);
      }
    }
  }
  // The kind must be the one written; exact has no bytes at all.
  const auto bloom = serialized(*hyph::filters::make_filter(FilterKind::bloom, test::positives(20), 0.05));
  CHECK(is_bad_format(FilterKind::fuse, bloom));
  CHECK(hyph::filters::load_filter(FilterKind::exact, {}) == nullptr);
  CHECK_THROWS_AS(hyph::filters::load_filter(FilterKind::exact, bloom), hyph::Error);
  CHECK_THROWS_AS(hyph::filters::load_filter(static_cast<FilterKind>(99), bloom), hyph::Error);
}

TEST_CASE("damaged parameters that would make queries unsafe are refused") {
  using hyph::filters::io::put_array;
  using hyph::filters::io::put_words;
  using hyph::filters::io::put_f64;
  using hyph::filters::io::put_u64;
  auto bytes_of = [](auto&& write) {
    std::ostringstream out;
    write(out);
    const std::string s = std::move(out).str();
    std::vector<std::byte> b(s.size());
    std::memcpy(b.data(), s.data(), s.size());
    return b;
  };
  // Hash-compaction tables that queries cannot scan safely: they stop at the first empty slot
  // or value >= theirs, so the values must ascend, each at or past its home with no empty slot
  // in between, and the table's last slot must be empty. With l = 8 and 8 homes, home(c) = c/32;
  // the table has 10 slots, two past the last home.
  auto compaction = [&](std::array<std::uint8_t, 10> slots) {
    return bytes_of([&](std::ostream& out) {
      put_f64(out, 0.01);
      put_u64(out, 8);   // l
      put_u64(out, 8);   // homes
      put_u64(out, 10);  // table slots
      put_u64(out, 4);   // capacity
      std::uint8_t table[18] = {};
      std::memcpy(table, slots.data(), slots.size());
      put_array(out, table, sizeof table);
    });
  };
  CHECK(is_bad_format(FilterKind::hash_compaction, compaction({0, 0, 200, 0, 0, 0, 0, 0, 0, 0})));    // before its home, 6
  CHECK(is_bad_format(FilterKind::hash_compaction, compaction({0, 40, 33, 0, 0, 0, 0, 0, 0, 0})));    // home 1, descending
  CHECK(is_bad_format(FilterKind::hash_compaction, compaction({0, 0, 0, 70, 0, 0, 0, 0, 0, 0})));     // home 2, after a gap
  CHECK(is_bad_format(FilterKind::hash_compaction, compaction({0, 33, 100, 64, 0, 0, 0, 0, 0, 0})));  // homes 1, 3, 2
  CHECK(is_bad_format(FilterKind::hash_compaction, compaction({0, 0, 0, 0, 0, 0, 0, 250, 251, 252}))); // last slot full
  CHECK(is_bad_format(FilterKind::hash_compaction, compaction({255, 0, 0, 0, 0, 0, 0, 250, 0, 0})));  // wrapped round
  for (const auto& good : {std::array<std::uint8_t, 10>{0, 33, 40, 64, 0, 0, 200, 0, 0, 0},
                           std::array<std::uint8_t, 10>{1, 0, 0, 0, 0, 0, 0, 250, 251, 0}}) {  // overflow past home 7
    const auto f = hyph::filters::load_filter(FilterKind::hash_compaction, compaction(good));
    CHECK(f->describe().keys == static_cast<std::uint64_t>(std::count_if(good.begin(), good.end(), [](auto v) { return v != 0; })));
  }
  // A table shorter than its homes plus one empty slot.
  CHECK(is_bad_format(FilterKind::hash_compaction, bytes_of([&](std::ostream& out) {
    put_f64(out, 0.01);
    put_u64(out, 8);  // l
    put_u64(out, 4);  // homes
    put_u64(out, 4);  // table slots
    put_u64(out, 4);  // capacity
    const std::uint8_t table[12] = {1, 2, 3, 4};
    put_array(out, table, sizeof table);
  })));
  // A fuse filter whose cells would run past its array.
  CHECK(is_bad_format(FilterKind::fuse, bytes_of([&](std::ostream& out) {
    put_f64(out, 0.01);
    put_u64(out, 7);        // f for ε = 0.01
    put_u64(out, 1 << 10);  // L
    put_u64(out, 1000);     // S
    put_u64(out, 1);        // seed
    put_u64(out, 5);        // keys
    put_u64(out, 1);        // attempts
    const std::uint8_t cells[16] = {};
    put_array(out, cells, sizeof cells);
  })));
  // A quotient filter with no empty slot: a lookup's walk back to its cluster's start would
  // never end. Every slot shifted, continuing, occupied.
  auto quotient_bytes = [&](std::uint64_t occupied, std::uint64_t continuation, std::uint64_t shifted,
                            std::uint8_t remainder_of_slot4) {
    return bytes_of([&](std::ostream& out) {
      put_f64(out, 0.01);
      put_u64(out, 5);   // r
      put_u64(out, 16);  // slots
      const std::uint64_t meta[3] = {occupied, continuation, shifted};
      put_words(out, meta);
      std::uint8_t remainders[10 + 8] = {};
      remainders[2] = static_cast<std::uint8_t>(remainder_of_slot4 << 4);  // slot 4: bits 20..24
      remainders[3] = static_cast<std::uint8_t>(remainder_of_slot4 >> 4);
      put_array(out, remainders, sizeof remainders);
      put_u64(out, 0);  // side set
    });
  };
  CHECK(is_bad_format(FilterKind::quotient, quotient_bytes(0xffff, 0xffff, 0xffff, 0)));
  CHECK(is_bad_format(FilterKind::quotient, quotient_bytes(0xffff, 0, 0xffff, 0)));
  // Home 4 occupied, its remainder 3 there: a valid filter. Shifted to slot 5, or with slot
  // 4 marked shifted though nothing is before it: consistent-looking, but not the layout.
  CHECK_FALSE(is_bad_format(FilterKind::quotient, quotient_bytes(1 << 4, 0, 0, 3)));
  CHECK(is_bad_format(FilterKind::quotient, quotient_bytes(1 << 4, 0, 1 << 4, 3)));
  CHECK(is_bad_format(FilterKind::quotient, quotient_bytes(1 << 4, 1 << 4, 0, 3)));
  CHECK(is_bad_format(FilterKind::quotient, quotient_bytes(1 << 3, 0, 0, 3)));
  // Bits past the last slot must be clear.
  CHECK(is_bad_format(FilterKind::quotient, quotient_bytes(1 << 4 | std::uint64_t{1} << 40, 0, 0, 3)));
  CHECK(is_bad_format(FilterKind::quotient, quotient_bytes(1 << 4, std::uint64_t{1} << 63, 0, 3)));
  // A counting quotient filter whose run end lies before its quotient, and one whose offset
  // is wrong (a lookup would select the wrong run end).
  auto counting_bytes = [&](std::uint64_t occupieds, std::uint64_t runends, std::uint32_t offset1) {
    return bytes_of([&](std::ostream& out) {
      put_f64(out, 0.3);
      put_u64(out, 2);    // r
      put_u64(out, 128);  // slots
      put_u64(out, 2);    // blocks of 20 + 16 bytes
      std::uint8_t blocks[2 * 36 + 8] = {};
      hyph::byte_order::store(blocks, occupieds);  // the blocks' words are little-endian
      hyph::byte_order::store(blocks + 8, runends);
      hyph::byte_order::store(blocks + 36 + 16, offset1);
      put_array(out, blocks, sizeof blocks);
    });
  };
  CHECK_FALSE(is_bad_format(FilterKind::counting_quotient, counting_bytes(1u << 5, 1u << 5, 0)));
  CHECK(is_bad_format(FilterKind::counting_quotient, counting_bytes(1u << 5, 1u << 4, 0)));
  CHECK(is_bad_format(FilterKind::counting_quotient, counting_bytes(1u << 5, 1u << 5, 7)));
  CHECK(is_bad_format(FilterKind::counting_quotient, counting_bytes(std::uint64_t{1} << 63, 0, 0)));
  // A Bloom filter with no bits, or k = 0.
  CHECK(is_bad_format(FilterKind::bloom, bytes_of([&](std::ostream& out) {
    put_f64(out, 0.01);
    put_u64(out, 3);
    put_u64(out, 0);
    put_array(out, nullptr, 0);
  })));
  CHECK(is_bad_format(FilterKind::bloom, bytes_of([&](std::ostream& out) {
    put_f64(out, 0.01);
    put_u64(out, 0);
    put_u64(out, 0);
    const std::uint64_t word = 0;
    put_array(out, &word, 8);
  })));
  // A target rate outside (0, 1).
  CHECK(is_bad_format(FilterKind::bloom, bytes_of([&](std::ostream& out) {
    put_f64(out, 1.5);
    put_u64(out, 3);
    put_u64(out, 0);
    const std::uint64_t word = 0;
    put_array(out, &word, 8);
  })));
}
