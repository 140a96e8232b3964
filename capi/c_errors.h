// How the C binding's entry points turn C++ exceptions into a hyph_status and a hyph_error,
// shared by every file of the binding (c_api.cpp, c_store.cpp).
#pragma once

#include <hyph/error.h>
#include <hyph/hyph.h>

#include <cstddef>
#include <cstdio>
#include <exception>
#include <new>

namespace hyph::detail::capi {

/// Handed out when even an error cannot be allocated; hyph_error_free knows not to free it.
extern hyph_error out_of_memory_error;

/// Stores a new error in *error (if wanted) and returns its status. Allocates with malloc only,
/// so it cannot throw; if that fails, the static out-of-memory error stands in.
hyph_status fail(hyph_error** error, hyph_status code, const char* message, const char* file, std::size_t line,
                 std::size_t column) noexcept;

/// Runs `call`, turning whatever it throws into a status and an error. `reading` names the
/// file being read when an exception without a location of its own (an I/O error) comes.
template <class Call>
hyph_status guarded(hyph_error** error, const char* const& reading, Call&& call) noexcept {
  try {
    call();
    return HYPH_OK;
  } catch (const ParseError& e) {
    return fail(error, static_cast<hyph_status>(e.code()), e.what(), e.where().file.c_str(), e.where().line,
                e.where().column);
  } catch (const Error& e) {
    return fail(error, static_cast<hyph_status>(e.code()), e.what(), reading ? reading : "", 0, 0);
  } catch (const OutOfMemory& e) {  // "FILE: out of memory"
    return fail(error, HYPH_ERROR_OUT_OF_MEMORY, e.what(), reading ? reading : "", 0, 0);
  } catch (const std::bad_alloc&) {
    return fail(error, HYPH_ERROR_OUT_OF_MEMORY, "out of memory", reading ? reading : "", 0, 0);
  } catch (const std::exception& e) {
    // Messages are short; a fixed buffer keeps this path free of allocation.
    char message[512];
    std::snprintf(message, sizeof message, "internal error: %s", e.what());
    return fail(error, HYPH_ERROR_INTERNAL, message, "", 0, 0);
  } catch (...) {
    return fail(error, HYPH_ERROR_INTERNAL, "internal error: unknown exception", "", 0, 0);
  }
}

[[noreturn]] inline void invalid_argument(const char* what) { throw Error(ErrorCode::invalid_argument, what); }

/// Starts a call that makes an object: *out is NULL until it succeeds, *error NULL unless it fails.
template <class Out>
void begin(Out** out, hyph_error** error) {
  if (error) *error = nullptr;
  if (!out) invalid_argument("the output pointer is NULL");
  *out = nullptr;
}

/// The shell of every function that makes an object (a loader, hyph_stream_new...): *out and
/// *error set as the API promises, whatever `make` throws turned into a status. `make` gets
/// `reading`, to name the file it is reading for I/O errors, and returns what the object holds.
template <class Object, class Make>
hyph_status make_object(Object** out, hyph_error** error, Make&& make) noexcept {
  const char* reading = nullptr;
  return guarded(error, reading, [&] {
    begin(out, error);
    *out = new Object{make(reading)};
  });
}

/// Runs `call` on an object given to a C function (a stream, a dictionary, a store writer):
/// NULL is invalid_argument.
template <class Object, class Call>
hyph_status on(Object* object, hyph_error** error, Call&& call) noexcept {
  const char* reading = nullptr;
  return guarded(error, reading, [&] {
    if (error) *error = nullptr;
    if (!object) invalid_argument("the object is NULL");
    call(*object);
  });
}

}  // namespace hyph::detail::capi
