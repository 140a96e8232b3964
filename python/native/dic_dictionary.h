// The one Python-facing class over libhyph's libhyphen dialect (hyph::dic), for
// libhyph.pyphen, until the dialect is behind the public Hyphenator.
#pragma once

#include <pybind11/pybind11.h>

namespace libhyph_python {

/// Adds _native.DicDictionary to the module.
void register_dic_dictionary(pybind11::module_& m);

}  // namespace libhyph_python
