// Memory running out while a file is loaded, read or written: the error names the file
// (hyph::OutOfMemory, "de.hyb: out of memory") instead of a bare std::bad_alloc.
#pragma once

#include <hyph/error.h>

#include <new>
#include <string>
#include <utility>

namespace hyph::base {

/// Returns f(); a std::bad_alloc it throws becomes OutOfMemory naming `file` (one that already
/// names a file passes unchanged). Making the message needs a little memory, which the failed
/// allocation, unwound, has usually left; if not, the plain std::bad_alloc goes on.
template <class F>
decltype(auto) naming_out_of_memory(const std::string& file, F&& f) {
  try {
    return std::forward<F>(f)();
  } catch (const OutOfMemory&) {
    throw;
  } catch (const std::bad_alloc&) {
    throw OutOfMemory(file);
  }
}

}  // namespace hyph::base
