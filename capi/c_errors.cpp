#include "c_errors.h"

#include <cstdlib>
#include <cstring>

namespace hyph::detail::capi {

hyph_error out_of_memory_error{HYPH_ERROR_OUT_OF_MEMORY, "out of memory", "", 0, 0};

hyph_status fail(hyph_error** error, hyph_status code, const char* message, const char* file, std::size_t line,
                 std::size_t column) noexcept {
  if (!error) return code;
  const std::size_t message_size = std::strlen(message) + 1;
  const std::size_t file_size = std::strlen(file) + 1;
  void* block = std::malloc(sizeof(hyph_error) + message_size + file_size);
  if (!block) {
    *error = &out_of_memory_error;
    return HYPH_ERROR_OUT_OF_MEMORY;
  }
  char* strings = static_cast<char*>(block) + sizeof(hyph_error);
  std::memcpy(strings, message, message_size);
  std::memcpy(strings + message_size, file, file_size);
  *error = new (block) hyph_error{code, strings, strings + message_size, line, column};
  return code;
}

}  // namespace hyph::detail::capi
