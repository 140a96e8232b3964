// What the files of the binding share besides errors (c_errors.h): the hyphenator handle and
// the conversions between the C API's structs and the C++ API's (c_options.cpp, c_api.cpp).
#pragma once

#include <hyph/breaks.h>
#include <hyph/hyph.h>
#include <hyph/hyphenator.h>
#include <hyph/settings.h>

struct hyph_hyphenator {
  hyph::Hyphenator hyphenator;
};

namespace hyph::detail::capi {

/// The C++ settings of a hyph_options (NULL: every default), reading only the fields its
/// struct_size covers. Throws Error(invalid_argument) for a struct_size no hyph_options has,
/// set fields this library does not know, an unknown enum value or a NULL name.
hyph::Settings to_settings(const hyph_options* in);

/// A break as the C API gives it: its texts NUL-terminated ("" for a plain break).
hyph_break to_c(const hyph::Break& b) noexcept;

}  // namespace hyph::detail::capi
