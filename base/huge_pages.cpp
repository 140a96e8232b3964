#include "base/huge_pages.h"

#include <cstdint>
#include <cstdlib>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace hyph::base::huge_pages {

namespace {
constexpr std::size_t kHugePage = std::size_t{2} << 20;
constexpr std::size_t round_up(std::size_t bytes) noexcept { return (bytes + kHugePage - 1) & ~(kHugePage - 1); }
}  // namespace

#if defined(__linux__) && defined(MADV_HUGEPAGE)

void* allocate(std::size_t bytes) {
  const std::size_t size = round_up(bytes);
  if (size < bytes) throw std::bad_alloc();
  // Map one huge page more than needed, then trim both ends to a 2 MiB boundary: the kernel
  // only backs aligned 2 MiB ranges with huge pages.
  void* mapped = mmap(nullptr, size + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) throw std::bad_alloc();
  const auto start = reinterpret_cast<std::uintptr_t>(mapped);
  const std::uintptr_t aligned = (start + kHugePage - 1) & ~(std::uintptr_t{kHugePage} - 1);
  if (aligned > start) munmap(mapped, aligned - start);
  const std::size_t tail = start + size + kHugePage - (aligned + size);
  if (tail > 0) munmap(reinterpret_cast<void*>(aligned + size), tail);
  // Advice only: without THP the mapping is ordinary pages, which is still correct.
  madvise(reinterpret_cast<void*>(aligned), size, MADV_HUGEPAGE);
  return reinterpret_cast<void*>(aligned);
}

void deallocate(void* p, std::size_t bytes) noexcept { munmap(p, round_up(bytes)); }

#else

void* allocate(std::size_t bytes) {
  void* p = std::aligned_alloc(kHugePage, round_up(bytes));
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

void deallocate(void* p, std::size_t) noexcept { std::free(p); }

#endif

}  // namespace hyph::base::huge_pages
