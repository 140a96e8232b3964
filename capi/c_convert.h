// What the files of the binding share besides errors (c_errors.h): the hyphenator handle and
// the conversions between the C API's structs and the C++ API's. c_api.cpp defines them;
// c_dic.cpp uses them too.
#pragma once

#include <hyph/breaks.h>
#include <hyph/hyph.h>
#include <hyph/hyphenator.h>
#include <hyph/settings.h>

struct hyph_hyphenator {
  hyph::Hyphenator hyphenator;
};

namespace hyph::detail::capi {

/// The C++ settings of a hyph_settings (NULL: hyph_settings_init's). Throws
/// Error(invalid_argument) for an unknown filter kind or letter policy.
hyph::Settings to_settings(const hyph_settings* in);

/// A break as the C API gives it: its texts NUL-terminated ("" for a plain break).
hyph_break to_c(const hyph::Break& b) noexcept;

}  // namespace hyph::detail::capi
