#include "base/huge_pages.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <numeric>

namespace {

bool on_huge_page_boundary(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % (std::size_t{2} << 20) == 0; }

}  // namespace

TEST_CASE("LargeVector: small arrays come from the ordinary heap, large ones on 2 MiB boundaries") {
  hyph::base::LargeVector<std::uint32_t> v(1000, 7);
  CHECK(v.size() == 1000);
  CHECK(v[999] == 7);
  // Grown past the threshold: the elements move to a mapping of their own, aligned for huge pages.
  v.resize(hyph::base::huge_pages::kThreshold / sizeof(std::uint32_t) + 12345);
  CHECK(on_huge_page_boundary(v.data()));
  CHECK(v[999] == 7);
  CHECK(v.back() == 0);
  std::iota(v.begin(), v.end(), 0u);
  CHECK(v[v.size() - 1] == v.size() - 1);
  // Copies, moves and shrinking keep the contents whatever the allocation.
  hyph::base::LargeVector<std::uint32_t> copy = v;
  CHECK(copy == v);
  copy.resize(10);
  copy.shrink_to_fit();
  CHECK(copy[9] == 9);
  hyph::base::LargeVector<std::uint32_t> moved = std::move(v);
  CHECK(moved[123456] == 123456);
}

TEST_CASE("LargeVector: sizes that are not multiples of a huge page, and many of them") {
  for (std::size_t bytes : {std::size_t{1} << 20, (std::size_t{2} << 20) + 1, (std::size_t{5} << 20) - 3}) {
    hyph::base::LargeVector<unsigned char> v(bytes, 0xAB);
    CHECK(on_huge_page_boundary(v.data()));
    CHECK(v.front() == 0xAB);
    CHECK(v.back() == 0xAB);
  }
  // Allocated and freed in turn: every mapping is given back (a leak would exhaust nothing
  // here, but ASan's leak check and the address space would notice a wrong size).
  for (int k = 0; k < 200; ++k) {
    hyph::base::LargeVector<std::uint64_t> v(300000);
    v.back() = static_cast<std::uint64_t>(k);
    CHECK(v.back() == static_cast<std::uint64_t>(k));
  }
}

TEST_CASE("HugePageAllocator: a request too large for the address space throws bad_alloc") {
  hyph::base::HugePageAllocator<std::uint64_t> allocator;
  CHECK_THROWS_AS(static_cast<void>(allocator.allocate(std::size_t{1} << 62)), std::bad_array_new_length);
  CHECK_THROWS_AS(static_cast<void>(allocator.allocate(std::size_t{1} << 58)), std::bad_alloc);
}
