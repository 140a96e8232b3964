// Large arrays on transparent huge pages, where the kernel offers them (Linux, THP in
// "madvise" or "always" mode). Two things get cheaper: a walk over a many-megabyte automaton
// misses the TLB far less (4 KB pages cover 6-8 MB of it at best), and building it faults its
// memory in 2 MB at a time instead of 4 KB (on the project's VM a fault costs microseconds:
// loading German's .dic went from about 210 to 60 ms). Elsewhere, or below the threshold, this is
// std::allocator.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <vector>

namespace hyph::base {

namespace huge_pages {
/// Arrays of at least this many bytes get their own 2 MiB-aligned mapping; the slack of
/// their last huge page (under 2 MiB) is the price.
inline constexpr std::size_t kThreshold = std::size_t{1} << 20;
/// Maps `bytes` (>= kThreshold), 2 MiB-aligned and advised for huge pages.
/// Throws std::bad_alloc when the mapping fails.
void* allocate(std::size_t bytes);
/// Unmaps what allocate(bytes) returned.
void deallocate(void* p, std::size_t bytes) noexcept;
}  // namespace huge_pages

template <class T>
struct HugePageAllocator {
  using value_type = T;
  HugePageAllocator() noexcept = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_array_new_length();
    const std::size_t bytes = n * sizeof(T);
    if (bytes < huge_pages::kThreshold) return std::allocator<T>{}.allocate(n);
    return static_cast<T*>(huge_pages::allocate(bytes));
  }
  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < huge_pages::kThreshold) {
      std::allocator<T>{}.deallocate(p, n);
    } else {
      huge_pages::deallocate(p, bytes);
    }
  }
  template <class U>
  bool operator==(const HugePageAllocator<U>&) const noexcept {
    return true;
  }
};

/// A std::vector whose large buffers sit on huge pages.
template <class T>
using LargeVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace hyph::base
