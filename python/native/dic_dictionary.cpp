// _native.DicDictionary: a libhyphen .dic dictionary, answered as libhyphen 2.8.8's
// hnj_hyphen_hyphenate3 answers, word by word, with its non-standard breaks. The only file of
// the binding that uses the dialect's internal header (engine/dic_dictionary.h); the rest
// of the package reaches it through libhyph.pyphen.
#include "dic_dictionary.h"

#include "engine/dic_dictionary.h"

#include <pybind11/stl.h>

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace py = pybind11;

namespace libhyph_python {
namespace {

// (position, value, change, start, cut): a break before code point `position` of the word
// with the pattern's odd `value`; for a non-standard break, `change` ("sz=sz", bytes in the
// dictionary's charset) replaces `cut` characters from `start`. change is None otherwise.
py::list breaks(const hyph::dic::Dictionary& d, const py::bytes& word_bytes, int left, int right) {
  const std::string word = word_bytes;
  if (word.empty()) return py::list();
  std::array<char, hyph::dic::kStackWordBytes + 5> small_hyphens{};
  std::array<hyph::dic::Replacement, hyph::dic::kStackWordBytes> small_replacements{};
  std::vector<char> large_hyphens;
  std::vector<hyph::dic::Replacement> large_replacements;
  std::span<char> hyphens(small_hyphens);
  std::span<hyph::dic::Replacement> replacements(small_replacements);
  if (word.size() > hyph::dic::kStackWordBytes) {
    large_hyphens.resize(word.size() + 5);
    large_replacements.resize(word.size());
    hyphens = large_hyphens;
    replacements = large_replacements;
  }
  const hyph::dic::Outcome outcome =
      d.hyphenate3(word, hyphens, {}, replacements.first(word.size()), hyph::dic::Minimums{left, right, 0, 0});
  py::list out;
  if (outcome.status != 0) return out;  // a word starting inside a UTF-8 sequence: no breaks
  for (std::size_t i = 0; i < outcome.positions; ++i) {
    const char h = hyphens[i];
    if (h < '0' || h > '9' || ((h - '0') & 1) == 0) continue;
    const int position = static_cast<int>(i) + 1;
    const hyph::dic::Replacement& r = replacements[i];
    if (outcome.replacements && r.present()) {
      out.append(py::make_tuple(position, h - '0', py::bytes(std::string(r.text)), position - r.pos, r.cut));
    } else {
      out.append(py::make_tuple(position, h - '0', py::none(), 0, 0));
    }
  }
  return out;
}

}  // namespace

void register_dic_dictionary(py::module_& m) {
  py::class_<hyph::dic::Dictionary>(m, "DicDictionary", R"doc(
A libhyphen .dic dictionary (internal: libhyph.pyphen uses it).

DicDictionary(data: bytes, name: str); breaks(word: bytes, left: int, right: int) gives
(position, value, change, start, cut) tuples for a lower-case word in the dictionary's
charset, as libhyphen's hnj_hyphen_hyphenate3 with those minimums.
)doc")
      .def(py::init([](const py::bytes& data, const std::string& name) {
             std::string bytes = data;
             py::gil_scoped_release released;
             return hyph::dic::Dictionary::from_bytes(bytes, name);
           }),
           py::arg("data"), py::arg("name"))
      .def_property_readonly("charset", [](const hyph::dic::Dictionary& d) { return std::string(d.charset()); })
      .def_property_readonly("utf8", &hyph::dic::Dictionary::utf8)
      .def_property_readonly("left_min", [](const hyph::dic::Dictionary& d) { return int{d.lhmin()}; })
      .def_property_readonly("right_min", [](const hyph::dic::Dictionary& d) { return int{d.rhmin()}; })
      .def("breaks", &breaks, py::arg("word"), py::arg("left"), py::arg("right"));
}

}  // namespace libhyph_python
