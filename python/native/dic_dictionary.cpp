// _native.DicDictionary: a libhyphen .dic dictionary, answered as libhyphen 2.8.8's
// hnj_hyphen_hyphenate3 answers, word by word, with its non-standard breaks. The only file of
// the binding that uses the dialect's internal header (engine/dic_dictionary.h); the rest
// of the package reaches it through libhyph.pyphen.
//
// Words arrive as Python str: each code point is lower-cased by ICU's simple mapping (one code
// point for one, so offsets stay those of the word) and encoded in the dictionary's charset
// (the dialect's own encoder); a character the charset lacks becomes '?', which no letter
// pattern matches.
#include "dic_dictionary.h"

#include "engine/dic_dictionary.h"

#include <unicode/uchar.h>

#include <algorithm>
#include <memory>
#include <span>
#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace py = pybind11;

namespace libhyph_python {
namespace {

class PyDictionary {
 public:
  explicit PyDictionary(hyph::dic::Dictionary d) : dict_(std::move(d)) {}

  const hyph::dic::Dictionary& dict() const { return dict_; }

  // The lower-case word in the dictionary's charset.
  std::string encode(py::handle word) const {
    PyObject* o = word.ptr();
    if (!PyUnicode_Check(o)) throw py::type_error(std::string("word must be str, not ") + Py_TYPE(o)->tp_name);
    const int kind = PyUnicode_KIND(o);
    const void* data = PyUnicode_DATA(o);
    const Py_ssize_t n = PyUnicode_GET_LENGTH(o);
    std::string utf8;
    utf8.reserve(static_cast<std::size_t>(n) * 2);
    for (Py_ssize_t i = 0; i < n; ++i) {
      append_utf8(utf8, u_tolower(static_cast<UChar32>(PyUnicode_READ(kind, data, i))));
    }
    if (dict_.utf8()) return utf8;
    std::string out;
    if (dict_.encode(utf8, out)) return out;
    // A character the charset lacks: '?' for it alone, so the others keep their offsets.
    out.clear();
    std::string one;
    for (std::size_t at = 0; at < utf8.size();) {
      std::size_t len = 1;
      while (at + len < utf8.size() && (static_cast<unsigned char>(utf8[at + len]) & 0xC0) == 0x80) ++len;
      out.append(dict_.encode(std::string_view(utf8).substr(at, len), one) && one.size() == 1 ? one : "?");
      at += len;
    }
    return out;
  }

  // A replacement's text ("sz=sz") as str.
  py::str decode(std::string_view bytes) const {
    const std::string utf8 = dict_.utf8() ? std::string(bytes) : dict_.decode(bytes);
    PyObject* s = PyUnicode_DecodeUTF8(utf8.data(), static_cast<Py_ssize_t>(utf8.size()), "replace");
    if (s == nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::str>(s);
  }

 private:
  static void append_utf8(std::string& out, UChar32 c) {
    const auto u = static_cast<std::uint32_t>(c);
    if (u < 0x80) {
      out.push_back(static_cast<char>(u));
    } else if (u < 0x800) {
      out.push_back(static_cast<char>(0xC0 | (u >> 6)));
      out.push_back(static_cast<char>(0x80 | (u & 0x3F)));
    } else if (u < 0x10000) {  // lone surrogates too, as their generalised UTF-8
      out.push_back(static_cast<char>(0xE0 | (u >> 12)));
      out.push_back(static_cast<char>(0x80 | ((u >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (u & 0x3F)));
    } else {
      out.push_back(static_cast<char>(0xF0 | (u >> 18)));
      out.push_back(static_cast<char>(0x80 | ((u >> 12) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | ((u >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (u & 0x3F)));
    }
  }

  hyph::dic::Dictionary dict_;
};

// libhyphen's vector and replacements for one word: on the stack for words of up to
// kStackWordBytes bytes (replacements constructed only as far as the word goes).
class Hyphens {
 public:
  Hyphens(const hyph::dic::Dictionary& d, const std::string& word, int left, int right) {
    const std::size_t n = word.size();
    std::span<char> hyphens(small_hyphens_.data(), n + 5);
    hyph::dic::Replacement* replacements = reinterpret_cast<hyph::dic::Replacement*>(small_replacements_);
    if (n > hyph::dic::kStackWordBytes) {
      large_hyphens_.resize(n + 5);
      large_replacements_.resize(n);
      hyphens = large_hyphens_;
      replacements = large_replacements_.data();
    } else {
      std::uninitialized_default_construct_n(replacements, n);
    }
    hyphens_ = hyphens.data();
    replacements_ = replacements;
    outcome = d.hyphenate3(word, hyphens, {}, std::span(replacements, n), hyph::dic::Minimums{left, right, 0, 0});
  }
  Hyphens(const Hyphens&) = delete;
  Hyphens& operator=(const Hyphens&) = delete;

  char value(std::size_t i) const { return hyphens_[i]; }
  const hyph::dic::Replacement& replacement(std::size_t i) const { return replacements_[i]; }

  hyph::dic::Outcome outcome;

 private:
  std::array<char, hyph::dic::kStackWordBytes + 5> small_hyphens_;
  alignas(hyph::dic::Replacement) unsigned char small_replacements_[sizeof(hyph::dic::Replacement) * hyph::dic::kStackWordBytes];
  std::vector<char> large_hyphens_;
  std::vector<hyph::dic::Replacement> large_replacements_;
  char* hyphens_ = nullptr;
  const hyph::dic::Replacement* replacements_ = nullptr;
};

bool odd(char v) { return v >= '0' && v <= '9' && ((v - '0') & 1) != 0; }

// (position, value, change, start, cut) for each break: before code point `position` of the
// word, with the pattern's odd `value`; for a non-standard break, `change` ("sz=sz") replaces
// `cut` characters from `start`; change is None otherwise.
py::list breaks(const PyDictionary& d, py::handle word, int left, int right) {
  const std::string encoded = d.encode(word);
  py::list out;
  if (encoded.empty()) return out;
  const Hyphens h(d.dict(), encoded, left, right);
  if (h.outcome.status != 0) return out;  // a word starting inside a UTF-8 sequence: no breaks
  for (std::size_t i = 0; i < h.outcome.positions; ++i) {
    if (!odd(h.value(i))) continue;
    const int position = static_cast<int>(i) + 1;
    const hyph::dic::Replacement& r = h.replacement(i);
    if (h.outcome.replacements && r.present()) {
      out.append(py::make_tuple(position, h.value(i) - '0', d.decode(r.text), position - r.pos, r.cut));
    } else {
      out.append(py::make_tuple(position, h.value(i) - '0', py::none(), 0, 0));
    }
  }
  return out;
}

// pyphen's inserted() for a word whose kept breaks are all plain (left <= p <= len - right,
// as pyphen filters them): the word with `hyphen` at each; None if a kept break is
// non-standard (the caller spells those out).
py::object inserted(const PyDictionary& d, py::handle word, py::handle hyphen, int left, int right) {
  const std::string encoded = d.encode(word);
  if (!PyUnicode_Check(hyphen.ptr())) throw py::type_error("hyphen must be str");
  const Py_ssize_t n = PyUnicode_GET_LENGTH(word.ptr());
  std::array<Py_ssize_t, hyph::dic::kStackWordBytes> small_cuts{};
  std::vector<Py_ssize_t> large_cuts;
  std::span<Py_ssize_t> cuts(small_cuts);
  if (encoded.size() > small_cuts.size()) {
    large_cuts.resize(encoded.size());
    cuts = large_cuts;
  }
  std::size_t count = 0;
  if (!encoded.empty()) {
    const Hyphens h(d.dict(), encoded, std::max(left, 1), std::max(right, 1));
    if (h.outcome.status == 0) {
      for (std::size_t i = 0; i < h.outcome.positions; ++i) {
        const auto p = static_cast<Py_ssize_t>(i) + 1;
        if (!odd(h.value(i)) || p < left || p > n - right) continue;
        if (h.outcome.replacements && h.replacement(i).present()) return py::none();
        cuts[count++] = p;
      }
    }
  }
  if (count == 0) return py::reinterpret_borrow<py::object>(word);
  // The word with the hyphen at each cut, written straight into a new str.
  const Py_ssize_t hn = PyUnicode_GET_LENGTH(hyphen.ptr());
  const Py_UCS4 maxchar = std::max(PyUnicode_MAX_CHAR_VALUE(word.ptr()), PyUnicode_MAX_CHAR_VALUE(hyphen.ptr()));
  PyObject* out = PyUnicode_New(n + static_cast<Py_ssize_t>(count) * hn, maxchar);
  if (out == nullptr) throw py::error_already_set();
  auto result = py::reinterpret_steal<py::object>(out);
  Py_ssize_t from = 0, to = 0;
  for (std::size_t k = 0; k <= count; ++k) {
    const Py_ssize_t until = k < count ? cuts[k] : n;
    if (PyUnicode_CopyCharacters(out, to, word.ptr(), from, until - from) < 0) throw py::error_already_set();
    to += until - from;
    from = until;
    if (k < count) {
      if (PyUnicode_CopyCharacters(out, to, hyphen.ptr(), 0, hn) < 0) throw py::error_already_set();
      to += hn;
    }
  }
  return result;
}

// inserted() is called once a word: a METH_FASTCALL entry point (positional arguments only)
// skips pybind11's dispatcher, which costs more than the rest of the call.
PyObject* fast_inserted(PyObject* self, PyObject* const* args, Py_ssize_t nargs) noexcept {
  if (nargs != 4) {
    PyErr_SetString(PyExc_TypeError, "inserted(word, hyphen, left, right) takes 4 positional arguments");
    return nullptr;
  }
  try {
    const long left = PyLong_AsLong(args[2]);
    const long right = PyLong_AsLong(args[3]);
    if ((left == -1 || right == -1) && PyErr_Occurred()) return nullptr;
    const auto* value = static_cast<const PyDictionary*>(
        reinterpret_cast<py::detail::instance*>(self)->get_value_and_holder().value_ptr());
    if (value == nullptr) throw py::type_error("DicDictionary.__init__ was not called");
    const auto clamp = [](long v) { return static_cast<int>(std::clamp(v, -1000000L, 1000000L)); };
    return inserted(*value, args[0], args[1], clamp(left), clamp(right)).release().ptr();
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (const py::builtin_exception& e) {
    e.set_error();
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

PyMethodDef kInsertedMethod = {
    "inserted", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&fast_inserted)), METH_FASTCALL,
    "inserted($self, word, hyphen, left, right, /)\n--\n\nThe word with `hyphen` at its plain breaks, or None "
    "if it has a non-standard one."};

}  // namespace

void register_dic_dictionary(py::module_& m) {
  py::class_<PyDictionary>(m, "DicDictionary", R"doc(
A libhyphen .dic dictionary (internal: libhyph.pyphen uses it).

DicDictionary(data: bytes, name: str). breaks(word, left, right) gives (position, value,
change, start, cut) tuples, as libhyphen's hnj_hyphen_hyphenate3 with those minimums, for a
word (str) lower-cased and encoded here; inserted(word, hyphen, left, right) the word with
`hyphen` at its plain breaks, or None if it has a non-standard one.
)doc")
      .def(py::init([](const py::bytes& data, const std::string& name) {
             std::string bytes = data;
             py::gil_scoped_release released;
             return PyDictionary(hyph::dic::Dictionary::from_bytes(bytes, name));
           }),
           py::arg("data"), py::arg("name"))
      .def_property_readonly("charset", [](const PyDictionary& d) { return std::string(d.dict().charset()); })
      .def_property_readonly("utf8", [](const PyDictionary& d) { return d.dict().utf8(); })
      .def_property_readonly("left_min", [](const PyDictionary& d) { return int{d.dict().lhmin()}; })
      .def_property_readonly("right_min", [](const PyDictionary& d) { return int{d.dict().rhmin()}; })
      .def("breaks", &breaks, py::arg("word"), py::arg("left"), py::arg("right"));
  py::handle cls = m.attr("DicDictionary");
  PyObject* descriptor = PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(cls.ptr()), &kInsertedMethod);
  if (descriptor == nullptr) throw py::error_already_set();
  cls.attr("inserted") = py::reinterpret_steal<py::object>(descriptor);
}

}  // namespace libhyph_python
