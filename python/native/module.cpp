// libhyph._native: the Python binding of libhyph's public C++ API (<hyph/...> only).
//
// Text crosses the boundary as UTF-8: an ASCII str lends its own buffer, any other str is
// encoded with "surrogatepass", so a lone surrogate becomes the three bytes of its generalised
// UTF-8 form, which the engine reads as one non-letter, exactly as the C API's UTF-16 entry
// point treats an unpaired surrogate. Offsets go back to Python as code points.
//
// Long texts are hyphenated without the GIL (a Hyphenator is immutable), in pieces cut after
// white space, where TeX's words cannot continue, so that no buffer grows with the text
// beyond the output itself.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <hyph/error.h>
#include <hyph/exceptions.h>
#include <hyph/hyphenator.h>
#include <hyph/languages.h>
#include <hyph/user_dictionary.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace py = pybind11;

namespace {

// ---------------------------------------------------------------------------------------------
// Text in and out.

// Texts this long are converted and hyphenated without the GIL (shorter ones are not worth
// releasing and taking it again).
constexpr std::size_t kReleaseGil = 16 * 1024;

// Code points or bytes handled between two looks at signals in a long call (a few ms of work).
constexpr std::size_t kSignalStride = std::size_t{1} << 20;

// The main thread's id: only there does Python run signal handlers. Read first by the module's
// initialisation, with the GIL held; a constant after.
unsigned long main_thread_ident() {
  static const unsigned long ident = py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
  return ident;
}

// Between the pieces of a long call, on the main thread: runs Python's signal handlers (taking
// the GIL for it if the call let it go), so that Ctrl-C's KeyboardInterrupt, or whatever a
// handler raises, ends the call there instead of after it.
void check_signals() {
  if (PyThread_get_thread_ident() != main_thread_ident()) return;
  if (PyGILState_Check()) {
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    return;
  }
  py::gil_scoped_acquire gil;
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
}

// A str's code points as UTF-8, lone surrogates as their three-byte generalised form (what
// "surrogatepass" writes). Reads the str's own buffer, so it needs no GIL: a str is immutable
// and the caller holds a reference.
void append_utf8(int kind, const void* data, Py_ssize_t length, std::string& out) {
  std::size_t size = 0;  // exactly: a 1 GiB str must not ask for 3 GiB
  for (Py_ssize_t i = 0; i < length; ++i) {
    if (static_cast<std::size_t>(i) % kSignalStride == kSignalStride - 1) check_signals();
    const Py_UCS4 c = PyUnicode_READ(kind, data, i);
    size += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  out.reserve(out.size() + size);
  for (Py_ssize_t i = 0; i < length; ++i) {
    if (static_cast<std::size_t>(i) % kSignalStride == kSignalStride - 1) check_signals();
    const Py_UCS4 c = PyUnicode_READ(kind, data, i);
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
    } else if (c < 0x800) {
      const char b[] = {static_cast<char>(0xC0 | (c >> 6)), static_cast<char>(0x80 | (c & 0x3F))};
      out.append(b, 2);
    } else if (c < 0x10000) {
      const char b[] = {static_cast<char>(0xE0 | (c >> 12)), static_cast<char>(0x80 | ((c >> 6) & 0x3F)),
                        static_cast<char>(0x80 | (c & 0x3F))};
      out.append(b, 3);
    } else {
      const char b[] = {static_cast<char>(0xF0 | (c >> 18)), static_cast<char>(0x80 | ((c >> 12) & 0x3F)),
                        static_cast<char>(0x80 | ((c >> 6) & 0x3F)), static_cast<char>(0x80 | (c & 0x3F))};
      out.append(b, 4);
    }
  }
}

// A str as UTF-8 bytes: an ASCII str lends its own buffer, any other is encoded (without the
// GIL when it is long). `owner` and `storage` keep the bytes alive.
struct Utf8Text {
  py::object owner;
  std::unique_ptr<std::string> storage;
  std::string_view bytes;
  bool ascii = false;        // then code-point offsets are byte offsets
  std::size_t length = 0;    // in code points
  Py_UCS4 maxchar = 0;       // the largest code point (as the str's kind allows)
};

Utf8Text utf8_of(py::handle obj, const char* what) {
  PyObject* o = obj.ptr();
  if (!PyUnicode_Check(o)) {
    throw py::type_error(std::string(what) + " must be str, not " + Py_TYPE(o)->tp_name);
  }
  Utf8Text t{py::reinterpret_borrow<py::object>(obj), nullptr, {}, PyUnicode_IS_ASCII(o) != 0,
             static_cast<std::size_t>(PyUnicode_GET_LENGTH(o)), PyUnicode_MAX_CHAR_VALUE(o)};
  if (t.ascii) {
    t.bytes = {static_cast<const char*>(PyUnicode_DATA(o)), t.length};  // an ASCII str's own buffer
    return t;
  }
  t.storage = std::make_unique<std::string>();
  const int kind = PyUnicode_KIND(o);
  const void* data = PyUnicode_DATA(o);
  if (t.length < kReleaseGil) {
    append_utf8(kind, data, static_cast<Py_ssize_t>(t.length), *t.storage);
  } else {
    py::gil_scoped_release released;
    append_utf8(kind, data, static_cast<Py_ssize_t>(t.length), *t.storage);
  }
  t.bytes = *t.storage;
  return t;
}

// Fills a new str of `length` code points from UTF-8 that append_utf8 wrote (plus engine
// markers from another str): pure writes into an object no one else sees yet (dropped if a
// signal handler raises meanwhile).
void fill_from_utf8(PyObject* s, std::string_view utf8) {
  const int kind = PyUnicode_KIND(s);
  void* data = PyUnicode_DATA(s);
  if (kind == PyUnicode_1BYTE_KIND && PyUnicode_IS_ASCII(s)) {
    std::copy(utf8.begin(), utf8.end(), static_cast<char*>(data));
    return;
  }
  Py_ssize_t i = 0;
  for (std::size_t at = 0; at < utf8.size(); ++i) {
    if (static_cast<std::size_t>(i) % kSignalStride == kSignalStride - 1) check_signals();
    const auto b = static_cast<unsigned char>(utf8[at]);
    const std::size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    Py_UCS4 c = n == 1 ? b : n == 2 ? b & 0x1F : n == 3 ? b & 0x0F : b & 0x07;
    for (std::size_t k = 1; k < n; ++k) c = (c << 6) | (static_cast<unsigned char>(utf8[at + k]) & 0x3F);
    PyUnicode_WRITE(kind, data, i, c);
    at += n;
  }
}

// A new str of `length` code points from that UTF-8: allocated with the GIL, filled without it
// when long. `maxchar` must be a code point the str holds, or in its kind's range (a str is
// only equal to another of its kind: ' ' must not come back as a two-byte str).
py::str str_of(std::string_view utf8, std::size_t length, Py_UCS4 maxchar) {
  PyObject* s = PyUnicode_New(static_cast<Py_ssize_t>(length), maxchar);
  if (s == nullptr) throw py::error_already_set();
  auto result = py::reinterpret_steal<py::str>(s);
  if (utf8.size() < kReleaseGil) {
    fill_from_utf8(s, utf8);
  } else {
    py::gil_scoped_release released;
    fill_from_utf8(s, utf8);
  }
  return result;
}

// UTF-8 of unknown length and largest code point (a spelling with replacements) as a str.
py::str str_of_any(std::string_view utf8) {
  std::size_t length = 0;
  Py_UCS4 maxchar = 0;
  const auto scan = [&] {
    for (std::size_t at = 0; at < utf8.size(); ++length) {
      if (length % kSignalStride == kSignalStride - 1) check_signals();
      const auto b = static_cast<unsigned char>(utf8[at]);
      const std::size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
      Py_UCS4 c = n == 1 ? b : n == 2 ? b & 0x1F : n == 3 ? b & 0x0F : b & 0x07;
      for (std::size_t k = 1; k < n; ++k) c = (c << 6) | (static_cast<unsigned char>(utf8[at + k]) & 0x3F);
      maxchar = std::max(maxchar, c);
      at += n;
    }
  };
  if (utf8.size() < kReleaseGil) {
    scan();
  } else {
    py::gil_scoped_release released;
    scan();
  }
  return str_of(utf8, length, maxchar);
}

// Frees a long buffer without the GIL (unmapping tens of MiB takes a while).
void free_without_gil(std::string& s) {
  if (s.capacity() < kReleaseGil) return;
  py::gil_scoped_release released;
  std::string().swap(s);
}

// Byte offsets to code-point offsets, for increasing offsets: counts lead bytes once.
class CodePoints {
 public:
  explicit CodePoints(std::string_view bytes) : bytes_(bytes) {}
  std::size_t at(std::size_t byte_offset) {
    for (; byte_ < byte_offset; ++byte_) {
      if ((static_cast<unsigned char>(bytes_[byte_]) & 0xC0) != 0x80) ++code_points_;
    }
    return code_points_;
  }

 private:
  std::string_view bytes_;
  std::size_t byte_ = 0;
  std::size_t code_points_ = 0;
};

// ---------------------------------------------------------------------------------------------
// Breaks over texts of any length.

constexpr std::size_t kPiece = std::size_t{1} << 20;  // bytes hyphenated per call, about

bool is_tex_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// Calls on_break(piece start, break) for every break, in order; `hyphenate(piece, span)` is
// the engine's snprintf-style call, giving offsets (std::size_t) or hyph::Break. Pieces end
// just after white space, so each is whole tokens.
// Where the piece of `text` that starts at `start` ends: about kPiece bytes on, just after white
// space, so that each piece is whole tokens.
std::size_t piece_end(std::string_view text, std::size_t start) {
  if (text.size() - start <= kPiece) return text.size();
  std::size_t end = start + kPiece;
  while (end < text.size() && !is_tex_space(text[end])) ++end;
  return end < text.size() ? end + 1 : end;
}

template <class T, class Hyphenate, class OnBreak>
void for_each_break(std::string_view text, Hyphenate&& hyphenate, OnBreak&& on_break) {
  std::array<T, 256> small{};
  std::vector<T> large;
  std::size_t start = 0;
  while (start < text.size()) {
    if (start > 0) check_signals();
    const std::size_t end = piece_end(text, start);
    const std::string_view piece = text.substr(start, end - start);
    std::span<T> buffer(small);  // never more breaks than bytes: small pieces fit
    if (piece.size() > small.size()) {
      large.resize(piece.size() / 4 + 64);
      buffer = large;
    }
    std::size_t n = hyphenate(piece, buffer);
    if (n > buffer.size()) {
      large.resize(n);
      buffer = large;
      n = hyphenate(piece, buffer);
    }
    for (std::size_t i = 0; i < n; ++i) on_break(start, buffer[i]);
    start = end;
  }
}

// `text` with `marker` at every break; `count`, if given, receives the number of breaks.
std::string with_markers(std::string_view text, std::string_view marker, const auto& hyphenate, std::size_t* count = nullptr) {
  std::string out;
  out.reserve(text.size() + text.size() / 8 * marker.size());
  std::size_t copied = 0, n = 0;
  for_each_break<std::size_t>(text, hyphenate, [&](std::size_t start, std::size_t b) {
    b += start;
    out.append(text.substr(copied, b - copied)).append(marker);
    copied = b;
    ++n;
  });
  out.append(text.substr(copied));
  if (count != nullptr) *count = n;
  return out;
}

std::vector<std::size_t> code_point_breaks(const Utf8Text& text, const auto& hyphenate) {
  std::vector<std::size_t> offsets;
  CodePoints cp(text.bytes);
  for_each_break<std::size_t>(text.bytes, hyphenate, [&](std::size_t start, std::size_t b) {
    offsets.push_back(text.ascii ? start + b : cp.at(start + b));
  });
  return offsets;
}

// Runs f with the GIL released if the text is long.
template <class F>
auto maybe_without_gil(std::size_t length, F&& f) {
  if (length < kReleaseGil) return f();
  py::gil_scoped_release released;
  return f();
}

// ---------------------------------------------------------------------------------------------
// Arguments.

// A path as the file system takes it. An embedded NUL would cut it short in the system's calls:
// ValueError "embedded null byte", as CPython's own functions say.
std::filesystem::path path_of(py::handle obj, const char* what) {
  PyObject* fs = PyOS_FSPath(obj.ptr());  // str, bytes or os.PathLike; TypeError otherwise
  if (fs == nullptr) {
    PyErr_Clear();
    throw py::type_error(std::string(what) + " must be a path (str, bytes or os.PathLike), not " + Py_TYPE(obj.ptr())->tp_name);
  }
  auto owner = py::reinterpret_steal<py::object>(fs);
  py::object encoded = owner;
  if (!PyBytes_Check(fs)) {
    PyObject* e = PyUnicode_EncodeFSDefault(fs);
    if (e == nullptr) throw py::error_already_set();
    encoded = py::reinterpret_steal<py::object>(e);
  }
  std::string bytes(PyBytes_AS_STRING(encoded.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(encoded.ptr())));
  if (bytes.find('\0') != std::string::npos) throw py::value_error(std::string(what) + ": embedded null byte");
  return std::filesystem::path(std::move(bytes));
}

// None, one path, or an iterable of paths.
std::vector<std::filesystem::path> paths_of(py::handle obj, const char* what) {
  std::vector<std::filesystem::path> paths;
  if (obj.is_none()) return paths;
  if (PyUnicode_Check(obj.ptr()) || PyBytes_Check(obj.ptr()) || PyObject_HasAttrString(obj.ptr(), "__fspath__")) {
    paths.push_back(path_of(obj, what));
    return paths;
  }
  if (!py::isinstance<py::iterable>(obj)) {
    throw py::type_error(std::string(what) + " must be a path or a list of paths, not " + Py_TYPE(obj.ptr())->tp_name);
  }
  for (py::handle item : obj) paths.push_back(path_of(item, what));
  return paths;
}

hyph::Error invalid(const std::string& message) { return hyph::Error(hyph::ErrorCode::invalid_argument, message); }

hyph::ExceptionOptions exception_options(const std::optional<std::string>& filter, double fp_rate) {
  hyph::ExceptionOptions options;
  if (filter) {
    const auto kind = hyph::parse_filter_kind(*filter);
    if (!kind) {
      std::string known;
      for (hyph::FilterKind k : hyph::filter_kinds()) known.append(known.empty() ? "" : ", ").append(hyph::to_string(k));
      throw invalid("unknown filter '" + *filter + "'; known: " + known);
    }
    options.filter = *kind;
  }
  if (!(fp_rate > 0 && fp_rate < 1)) throw invalid("fp_rate must be between 0 and 1 (exclusive), not " + std::to_string(fp_rate));
  options.fp_rate = fp_rate;
  return options;
}

std::optional<hyph::LetterPolicy> letter_policy(const std::optional<std::string>& letters) {
  if (!letters) return std::nullopt;
  if (*letters == "patterns") return hyph::LetterPolicy::pattern_letters;
  if (*letters == "unicode") return hyph::LetterPolicy::unicode;
  throw invalid("letters must be 'patterns' or 'unicode', not '" + *letters + "'");
}

hyph::Normalization normalization(const std::string& normalize) {
  if (normalize == "none") return hyph::Normalization::none;
  if (normalize == "nfc") return hyph::Normalization::nfc;
  throw invalid("normalize must be 'none' or 'nfc', not '" + normalize + "'");
}

const char* letters_name(hyph::LetterPolicy p) { return p == hyph::LetterPolicy::unicode ? "unicode" : "patterns"; }

// ---------------------------------------------------------------------------------------------
// Hyphenator.

struct Options {
  std::string language;
  py::object patterns, exceptions, compiled, dic;
  std::optional<int> left_min, right_min, uchyph;
  std::optional<std::string> filter;
  double fp_rate;
  std::optional<std::string> letters;
  std::string normalize;
  std::string dic_minimums;
  py::object patterns_dirs;
};

// patterns_dirs=: folders searched first for a language tag (hyphenate --patterns-dir); each
// must be a folder (FileError otherwise), whatever is loaded.
hyph::LanguageSearch search_of(py::handle dirs) {
  hyph::LanguageSearch search;
  search.directories = paths_of(dirs, "patterns_dirs");
  if (!search.directories.empty()) hyph::pattern_directories({.directories = search.directories, .environment = false, .system = false});
  return search;
}

hyph::DicMinimums dic_minimums(const std::string& name) {
  if (name == "larger") return hyph::DicMinimums::larger;
  if (name == "settings") return hyph::DicMinimums::settings_only;
  throw invalid("dic_minimums must be 'larger' or 'settings', not '" + name + "'");
}

hyph::Hyphenator load(const Options& o) {
  const hyph::LanguageSearch search = search_of(o.patterns_dirs);
  hyph::Settings settings;
  settings.left_min = o.left_min;
  settings.right_min = o.right_min;
  settings.uchyph = o.uchyph;
  settings.letters = letter_policy(o.letters);
  settings.normalization = normalization(o.normalize);
  settings.exceptions = exception_options(o.filter, o.fp_rate);
  const auto patterns = paths_of(o.patterns, "patterns");
  const auto exceptions = paths_of(o.exceptions, "exceptions");
  const bool has_compiled = !o.compiled.is_none();
  settings.dic_minimums = dic_minimums(o.dic_minimums);
  if (!o.dic.is_none()) {
    // A .dic file is the whole language: nothing else can be loaded beside it.
    const char* other = !patterns.empty() ? "patterns=" : !exceptions.empty() ? "exceptions=" : has_compiled ? "compiled=" : nullptr;
    if (other == nullptr && o.language != "en-us") other = "a language";
    if (other != nullptr) throw py::type_error(std::string("give dic= or ") + other + ", not both: a .dic dictionary is a whole language");
    if (o.filter) throw py::type_error("filter= does not apply to dic=: a .dic dictionary has no exceptions to filter");
    const auto path = path_of(o.dic, "dic");
    py::gil_scoped_release released;  // reading and building the automata: no Python involved
    return hyph::Hyphenator::load_dic(path, settings);
  }
  if (o.dic_minimums != "larger") throw py::type_error("dic_minimums= applies to dic= only");
  if (has_compiled && !patterns.empty()) throw invalid("give patterns= or compiled=, not both");
  if (has_compiled) {
    if (!exceptions.empty()) throw invalid("a compiled language brings its exceptions: compile them in (hyph-compile -e)");
    if (o.filter) throw invalid("a compiled language brings its filter: choose it when compiling (hyph-compile --filter)");
    const auto path = path_of(o.compiled, "compiled");
    py::gil_scoped_release released;  // mapping and checking a file: no Python involved
    return hyph::Hyphenator::load_compiled(path, settings);
  }
  py::gil_scoped_release released;  // parsing can take a while; other threads may go on
  std::vector<hyph::Source> sources;
  for (const auto& p : patterns) sources.push_back(hyph::Source::file(p));
  for (const auto& p : exceptions) sources.push_back(hyph::Source::file(p));
  if (!patterns.empty()) return hyph::Hyphenator::load(sources, settings);
  return hyph::load_language(o.language, settings, sources, search);
}

auto engine_call(const hyph::Hyphenator& h) {
  return [&h](std::string_view piece, std::span<std::size_t> out) { return h.hyphenate(piece, out); };
}

// Code points in bytes (for the short spans a replacement covers).
std::size_t code_points_in(std::string_view bytes) {
  return static_cast<std::size_t>(std::count_if(bytes.begin(), bytes.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

py::str utf8_str(std::string_view utf8) {
  PyObject* s = PyUnicode_DecodeUTF8(utf8.data(), static_cast<Py_ssize_t>(utf8.size()), "replace");
  if (s == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(s);
}

// libhyph.Break(offset, value, pre, post, replaced) for each break (byte offsets into `text`):
// offsets in code points; for a non-standard break, pre/post are its texts and replaced the
// (start, end) code points of the text they take the place of.
py::list break_list(const Utf8Text& text, const std::vector<hyph::Break>& found) {
  const py::object make = py::module_::import("libhyph._types").attr("Break");
  CodePoints cp(text.bytes);
  py::list list(found.size());
  for (std::size_t i = 0; i < found.size(); ++i) {
    const hyph::Break& b = found[i];
    const std::size_t at = text.ascii ? b.offset : cp.at(b.offset);
    py::object item;
    if (b.changes_spelling()) {
      const std::size_t start = at - code_points_in(text.bytes.substr(b.offset - b.replaced_before, b.replaced_before));
      const std::size_t end = at + code_points_in(text.bytes.substr(b.offset, b.replaced_after));
      item = make(at, b.value, utf8_str(b.before), utf8_str(b.after), py::make_tuple(start, end));
    } else {
      item = make(at, b.value, py::none(), py::none(), py::none());
    }
    PyList_SET_ITEM(list.ptr(), static_cast<Py_ssize_t>(i), item.release().ptr());
  }
  return list;
}

py::list as_list(const std::vector<std::size_t>& offsets) {
  py::list list(offsets.size());
  for (std::size_t i = 0; i < offsets.size(); ++i) {
    PyObject* n = PyLong_FromSize_t(offsets[i]);
    if (n == nullptr) throw py::error_already_set();
    PyList_SET_ITEM(list.ptr(), static_cast<Py_ssize_t>(i), n);
  }
  return list;
}

// A word's output straight into a new str: no intermediate string.
py::str hyphenate_text(const hyph::Hyphenator& h, py::handle text, py::handle marker) {
  const Utf8Text t = utf8_of(text, "text");
  const Utf8Text m = utf8_of(marker, "marker");
  if (t.bytes.size() <= 256 && t.ascii && m.ascii) {  // a word: no vectors, no GIL juggling
    std::array<std::size_t, 256> breaks;  // not cleared: the engine writes what is read
    const std::size_t n = h.hyphenate(t.bytes, breaks);
    PyObject* s = PyUnicode_New(static_cast<Py_ssize_t>(t.bytes.size() + n * m.bytes.size()), 127);
    if (s == nullptr) throw py::error_already_set();
    char* out = static_cast<char*>(PyUnicode_DATA(s));
    std::size_t copied = 0;
    for (std::size_t i = 0; i < n; ++i) {
      out = std::copy(t.bytes.data() + copied, t.bytes.data() + breaks[i], out);
      out = std::copy(m.bytes.begin(), m.bytes.end(), out);
      copied = breaks[i];
    }
    std::copy(t.bytes.data() + copied, t.bytes.data() + t.bytes.size(), out);
    return py::reinterpret_steal<py::str>(s);
  }
  std::size_t n = 0;
  std::string out = maybe_without_gil(t.bytes.size(), [&] { return with_markers(t.bytes, m.bytes, engine_call(h), &n); });
  py::str result = str_of(out, t.length + n * m.length, n > 0 ? std::max(t.maxchar, m.maxchar) : t.maxchar);
  free_without_gil(out);
  return result;
}

// Bytes in, bytes out, as the `hyphenate` command: any bytes, markers inserted, nothing decoded.
py::bytes hyphenate_bytes(const hyph::Hyphenator& h, py::handle data, py::handle marker) {
  for (auto [obj, what] : {std::pair{data, "data"}, std::pair{marker, "marker"}}) {
    if (!PyBytes_Check(obj.ptr())) throw py::type_error(std::string(what) + " must be bytes, not " + Py_TYPE(obj.ptr())->tp_name);
  }
  const std::string_view bytes(PyBytes_AS_STRING(data.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(data.ptr())));
  const std::string_view mark(PyBytes_AS_STRING(marker.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(marker.ptr())));
  std::string out = maybe_without_gil(bytes.size(), [&] { return with_markers(bytes, mark, engine_call(h)); });
  auto result = py::reinterpret_steal<py::bytes>(PyBytes_FromStringAndSize(nullptr, static_cast<Py_ssize_t>(out.size())));
  if (!result) throw py::error_already_set();
  maybe_without_gil(out.size(), [&] { std::copy(out.begin(), out.end(), PyBytes_AS_STRING(result.ptr())); });
  free_without_gil(out);
  return result;
}

py::list positions(const hyph::Hyphenator& h, py::handle text) {
  const Utf8Text t = utf8_of(text, "text");
  return as_list(maybe_without_gil(t.bytes.size(), [&] { return code_point_breaks(t, engine_call(h)); }));
}

py::list breaks(const hyph::Hyphenator& h, py::handle text) {
  const Utf8Text t = utf8_of(text, "text");
  const auto found = maybe_without_gil(t.bytes.size(), [&] {
    std::vector<hyph::Break> all;
    const auto call = [&h](std::string_view piece, std::span<hyph::Break> out) { return h.breaks(piece, out); };
    for_each_break<hyph::Break>(t.bytes, call, [&](std::size_t start, hyph::Break b) {
      b.offset += start;
      all.push_back(b);
    });
    return all;
  });
  return break_list(t, found);
}

py::list word_breaks(const hyph::Hyphenator& h, py::handle word) {
  const Utf8Text t = utf8_of(word, "word");
  std::vector<hyph::Break> found(h.word_breaks(t.bytes, {}));
  h.word_breaks(t.bytes, found);
  return break_list(t, found);
}

std::string describe(const hyph::Hyphenator& h) {
  std::string s = "<libhyph.Hyphenator";
  if (!h.tag().empty()) s.append(" ").append(h.tag());
  if (h.dialect() == hyph::Dialect::libhyphen) s.append(" dic");
  s.append(" left_min=").append(std::to_string(h.mins().left));
  s.append(" right_min=").append(std::to_string(h.mins().right));
  s.append(" patterns=").append(std::to_string(h.pattern_count()));
  s.append(" exceptions=").append(std::to_string(h.exception_count()));
  return s.append(">");
}

// ---------------------------------------------------------------------------------------------
// UserDictionary: one thread at a time, which the GIL (never released here) guarantees.

auto dictionary_call(const hyph::UserDictionary& d) {
  return [&d](std::string_view piece, std::span<std::size_t> out) { return d.hyphenate(piece, out); };
}

std::string word_of(py::handle word) { return std::string(utf8_of(word, "word").bytes); }

// ---------------------------------------------------------------------------------------------
// Errors: hyph::Error becomes libhyph.Error or one of its subclasses (libhyph/_errors.py).

// A message may quote the bytes it is about (a word with a lone surrogate, a source's invalid
// UTF-8): those show as \xNN escapes rather than failing to decode. A file name decodes as
// os.fsdecode does, so that it compares equal to the path the caller gave.
py::str message_str(const std::string& text) {
  PyObject* s = PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "backslashreplace");
  if (s == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(s);
}

py::str file_str(const std::string& name) {
  PyObject* s = PyUnicode_DecodeFSDefaultAndSize(name.data(), static_cast<Py_ssize_t>(name.size()));
  if (s == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(s);
}

void raise_error(const hyph::Error& e, const std::string& message, const hyph::SourceLocation* where, const std::string& reason) {
  const py::object make = py::module_::import("libhyph._errors").attr("_from_native");
  const py::object file = where && !where->file.empty() ? py::object(file_str(where->file)) : py::object(py::none());
  const py::object line = where && where->line ? py::object(py::int_(where->line)) : py::object(py::none());
  const py::object column = where && where->column ? py::object(py::int_(where->column)) : py::object(py::none());
  const py::object error = make(static_cast<int>(e.code()), message_str(message), file, line, column, message_str(reason));
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(error.ptr())), error.ptr());
}

void translate(std::exception_ptr p) {
  try {
    if (p) std::rethrow_exception(p);
  } catch (const hyph::ParseError& e) {
    raise_error(e, e.what(), &e.where(), e.reason());
  } catch (const hyph::Error& e) {
    std::string message = e.what();
    if (e.code() == hyph::ErrorCode::unknown_language) {
      // The library names what every front end has; Python's own way to list them:
      if (!message.ends_with('.')) message += '.';
      message += " libhyph.languages() lists the languages.";
    }
    raise_error(e, message, nullptr, message);
  }
}


// ---------------------------------------------------------------------------------------------
// hyphenate() and positions() are called once a word by most programs: they bypass pybind11's
// dispatcher (which costs more than hyphenating a word) with METH_FASTCALL entry points that
// parse (text, marker='-') themselves and turn C++ exceptions into Python ones as pybind11 does.

template <class F>
PyObject* guarded(F&& f) noexcept {
  try {
    return f().release().ptr();
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (const py::builtin_exception& e) {
    e.set_error();
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (...) {
    try {
      translate(std::current_exception());
    } catch (const std::exception& e) {
      PyErr_SetString(PyExc_RuntimeError, e.what());
    }
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "unknown C++ exception");
  }
  return nullptr;
}

// Fills args_out from positional and keyword arguments named `names`; false (TypeError set)
// if they do not fit. Missing ones stay as they are (defaults).
bool parse_args(const char* function, std::span<const char* const> names, PyObject* const* args, Py_ssize_t nargs,
                PyObject* kwnames, std::span<PyObject*> out, std::size_t required) {
  const auto positional = static_cast<std::size_t>(PyVectorcall_NARGS(nargs));
  if (positional > names.size()) {
    PyErr_Format(PyExc_TypeError, "%s() takes at most %zu arguments (%zu given)", function, names.size(), positional);
    return false;
  }
  for (std::size_t i = 0; i < positional; ++i) out[i] = args[i];
  if (kwnames != nullptr) {
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(kwnames); ++k) {
      PyObject* key = PyTuple_GET_ITEM(kwnames, k);
      std::size_t i = 0;
      while (i < names.size() && PyUnicode_CompareWithASCIIString(key, names[i]) != 0) ++i;
      if (i == names.size()) {
        PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'", function, key);
        return false;
      }
      if (i < positional) {
        PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'", function, names[i]);
        return false;
      }
      out[i] = args[positional + static_cast<std::size_t>(k)];
    }
  }
  for (std::size_t i = 0; i < required; ++i) {
    if (out[i] == nullptr) {
      PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s'", function, names[i]);
      return false;
    }
  }
  return true;
}

// The method descriptor has checked that self is a Hyphenator (or a subclass): its value is
// the first of a simple pybind11 instance.
const hyph::Hyphenator& self_of(PyObject* self) {
  auto* instance = reinterpret_cast<py::detail::instance*>(self);
  auto* value = static_cast<const hyph::Hyphenator*>(instance->get_value_and_holder().value_ptr());
  if (value == nullptr) throw py::type_error("Hyphenator.__init__ was not called");
  return *value;
}

PyObject* fast_hyphenate(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static constexpr std::array<const char*, 2> kNames{"text", "marker"};
  std::array<PyObject*, 2> values{nullptr, nullptr};
  if (!parse_args("hyphenate", kNames, args, nargs, kwnames, values, 1)) return nullptr;
  return guarded([&] {
    static const py::str hyphen("-");  // created once, with the GIL; never changed
    return hyphenate_text(self_of(self), values[0], values[1] ? py::handle(values[1]) : py::handle(hyphen));
  });
}

PyObject* fast_positions(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static constexpr std::array<const char*, 1> kNames{"text"};
  std::array<PyObject*, 1> values{nullptr};
  if (!parse_args("positions", kNames, args, nargs, kwnames, values, 1)) return nullptr;
  return guarded([&] { return positions(self_of(self), values[0]); });
}

// libhyph.pyphen's inserted(word, hyphen) for the common case: `word` (taken whole) with
// `hyphen` at each break p with left <= p <= len(word) - right, written straight into a new
// str; None if one of those breaks changes the spelling (pyphen.py spells those out).
py::object pyphen_inserted(const hyph::Hyphenator& h, py::handle word, py::handle hyphen, long left, long right) {
  const Utf8Text w = utf8_of(word, "word");
  if (!PyUnicode_Check(hyphen.ptr())) throw py::type_error(std::string("hyphen must be str, not ") + Py_TYPE(hyphen.ptr())->tp_name);
  // Most words have a few breaks: a small buffer (a Break is 56 bytes, each one constructed).
  std::array<hyph::Break, 16> small;
  std::vector<hyph::Break> large;
  std::span<hyph::Break> found(small);
  const std::size_t count = h.word_breaks(w.bytes, found);
  if (count > found.size()) {
    large.resize(count);
    found = large;
    h.word_breaks(w.bytes, found);
  }
  const Py_ssize_t n = PyUnicode_GET_LENGTH(word.ptr());
  std::array<Py_ssize_t, 16> small_cuts;
  std::vector<Py_ssize_t> large_cuts(count > small_cuts.size() ? count : 0);
  const std::span<Py_ssize_t> cuts = large_cuts.empty() ? std::span<Py_ssize_t>(small_cuts) : std::span<Py_ssize_t>(large_cuts);
  std::size_t kept = 0;
  CodePoints cp(w.bytes);
  for (std::size_t i = 0; i < count; ++i) {
    const auto p = static_cast<Py_ssize_t>(w.ascii ? found[i].offset : cp.at(found[i].offset));
    if (p < left || p > n - right) continue;
    if (found[i].changes_spelling()) return py::none();
    cuts[kept++] = p;
  }
  if (kept == 0) return py::reinterpret_borrow<py::object>(word);
  const Py_ssize_t hn = PyUnicode_GET_LENGTH(hyphen.ptr());
  const Py_UCS4 maxchar = std::max(PyUnicode_MAX_CHAR_VALUE(word.ptr()), PyUnicode_MAX_CHAR_VALUE(hyphen.ptr()));
  auto out = py::reinterpret_steal<py::object>(PyUnicode_New(n + static_cast<Py_ssize_t>(kept) * hn, maxchar));
  if (!out) throw py::error_already_set();
  Py_ssize_t from = 0, to = 0;
  for (std::size_t k = 0; k <= kept; ++k) {
    const Py_ssize_t until = k < kept ? cuts[k] : n;
    if (PyUnicode_CopyCharacters(out.ptr(), to, word.ptr(), from, until - from) < 0) throw py::error_already_set();
    to += until - from;
    from = until;
    if (k < kept) {
      if (PyUnicode_CopyCharacters(out.ptr(), to, hyphen.ptr(), 0, hn) < 0) throw py::error_already_set();
      to += hn;
    }
  }
  return out;
}

PyObject* fast_pyphen_inserted(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs != 4) {
    PyErr_SetString(PyExc_TypeError, "_pyphen_inserted(word, hyphen, left, right) takes 4 positional arguments");
    return nullptr;
  }
  const long left = PyLong_AsLong(args[2]);
  const long right = PyLong_AsLong(args[3]);
  if ((left == -1 || right == -1) && PyErr_Occurred()) return nullptr;
  const auto clamp = [](long v) { return std::clamp(v, -1000000000L, 1000000000L); };  // n - right cannot overflow
  return guarded([&] { return pyphen_inserted(self_of(self), args[0], args[1], clamp(left), clamp(right)); });
}

constexpr const char* kHyphenateDoc = R"doc(hyphenate($self, /, text, marker='-')
--

`text` with `marker` at every point where TeX allows a hyphen.

Any text, of any length: white space separates words as TeX's glue does, and each word is
treated as TeX treats a word (leading punctuation skipped, a token with '-' left alone).
Removing the markers gives `text` back. Long texts are hyphenated without the GIL.
)doc";
constexpr const char* kPositionsDoc = R"doc(positions($self, /, text)
--

The break offsets in `text`, in code points (indexes into the str), increasing.
)doc";

PyMethodDef kFastMethods[] = {
    {"hyphenate", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&fast_hyphenate)),
     METH_FASTCALL | METH_KEYWORDS, kHyphenateDoc},
    {"positions", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&fast_positions)),
     METH_FASTCALL | METH_KEYWORDS, kPositionsDoc},
    {"_pyphen_inserted", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&fast_pyphen_inserted)), METH_FASTCALL,
     "_pyphen_inserted($self, word, hyphen, left, right, /)\n--\n\nFor libhyph.pyphen: the word (taken whole) with "
     "`hyphen` at its breaks between the minimums, or None if one of them changes the spelling."},
};

void add_fast_methods(py::handle cls) {
  for (PyMethodDef& def : kFastMethods) {
    PyObject* descriptor = PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(cls.ptr()), &def);
    if (descriptor == nullptr) throw py::error_already_set();
    cls.attr(def.ml_name) = py::reinterpret_steal<py::object>(descriptor);
  }
}

}  // namespace

PYBIND11_MODULE(_native, m) {
  m.doc() = "libhyph's compiled core; use the `libhyph` package, which re-exports it.";
  (void)main_thread_ident();  // read now, with the GIL
  py::register_exception_translator(&translate);

  auto hyphenator_class = py::class_<hyph::Hyphenator>(m, "Hyphenator", R"doc(
A TeX-exact hyphenator for one language (or libhyphen's answers for a .dic dictionary).
Immutable: share one across threads.

Hyphenator(language='en-us', *, patterns=None, exceptions=None, left_min=None, right_min=None,
           uchyph=None, filter=None, fp_rate=0.01, compiled=None, dic=None, letters=None,
           normalize='none', dic_minimums='larger')

language    a tag from libhyph.languages(): 'en-us' (plain TeX's hyphen.tex, embedded),
            'de-1996', 'fr', ... (hyph-utf8 patterns found on this machine). Used unless
            patterns= or compiled= is given.
patterns    a pattern file (hyph-utf8 *.pat.txt or TeX \patterns{}) or a list of them,
            instead of the language's.
exceptions  exception files (*.hyp.txt or TeX \hyphenation{}) read after the patterns.
left_min, right_min, uchyph
            TeX's \lefthyphenmin, \righthyphenmin, \uchyph; None: the language's own.
            A minimum of 0 acts as 1, as in TeX; a negative one is an InvalidArgumentError.
filter, fp_rate
            the exception pre-check ('exact', 'bloom', 'cuckoo', 'fuse', ...) and its rate;
            every choice gives the same answers.
compiled    a file made by hyph-compile or write_compiled(), mapped (loads in well under
            a millisecond).
dic         a LibreOffice/libhyphen .dic dictionary (str, bytes or path), answered in
            libhyphen's dialect (as libhyphen 2.8.8's hnj_hyphen_hyphenate3: two levels,
            NOHYPHEN, non-standard breaks; see breaks() and hyphenate_spelling()). It is a
            whole language: patterns=, exceptions=, compiled=, filter= or a language tag
            beside it raise TypeError; uchyph=, letters= and normalize='nfc' raise
            InvalidArgumentError. left_min and right_min are libhyphen's caller minimums.
dic_minimums
            with dic=: 'larger' (libhyphen's rule: the larger of left_min/right_min and the
            file's LEFTHYPHENMIN/RIGHTHYPHENMIN) or 'settings' (pyphen's: left_min and
            right_min alone, 2 where unset).
letters     'patterns' (8-bit TeX's letters) or 'unicode' (XeTeX's); None: the language's.
normalize   'none' (as TeX) or 'nfc' (find words in Unicode NFC).
patterns_dirs
            a folder of hyph-utf8 patterns (or a list of them), searched for the language
            tag before HYPH_PATTERNS_DIR and TeX Live's (hyphenate --patterns-dir); one that
            is not a folder is a FileError.

Raises libhyph.Error (a subclass: FileError, ParseError with file, line and column,
UnknownLanguageError, InvalidArgumentError, ...) if the language cannot be loaded.
)doc")
      .def(py::init([](std::string language, py::object patterns, py::object exceptions, std::optional<int> left_min,
                       std::optional<int> right_min, std::optional<int> uchyph, std::optional<std::string> filter,
                       double fp_rate, py::object compiled, py::object dic, std::optional<std::string> letters,
                       std::string normalize, std::string dic_minimums, py::object patterns_dirs) {
             hyph::Hyphenator h = load(Options{std::move(language), std::move(patterns), std::move(exceptions), std::move(compiled),
                                               std::move(dic), left_min, right_min, uchyph, std::move(filter), fp_rate,
                                               std::move(letters), std::move(normalize), std::move(dic_minimums),
                                               std::move(patterns_dirs)});
             // Passed on as libhyph.LoadWarning, pointing at the caller's line.
             const py::object category = py::module_::import("libhyph._errors").attr("LoadWarning");
             for (const hyph::Warning& w : h.warnings())
               if (PyErr_WarnEx(category.ptr(), w.message.c_str(), 1) != 0) throw py::error_already_set();
             return h;
           }),
           py::arg("language") = "en-us", py::kw_only(), py::arg("patterns") = py::none(),
           py::arg("exceptions") = py::none(), py::arg("left_min") = py::none(), py::arg("right_min") = py::none(),
           py::arg("uchyph") = py::none(), py::arg("filter") = py::none(), py::arg("fp_rate") = 0.01,
           py::arg("compiled") = py::none(), py::arg("dic") = py::none(), py::arg("letters") = py::none(),
           py::arg("normalize") = "none", py::arg("dic_minimums") = "larger", py::arg("patterns_dirs") = py::none())
      .def("hyphenate_bytes", &hyphenate_bytes, py::arg("data"), py::arg("marker") = py::bytes("-"), R"doc(
`data` (bytes, UTF-8 or not) with `marker` (bytes) at every break: what the `hyphenate`
command writes for the same bytes. Removing the markers gives `data` back.
)doc")
      .def("breaks", &breaks, py::arg("text"), R"doc(
The breaks in `text` as libhyph.Break(offset, value, pre, post, replaced) named tuples.

`offset` is in code points of the str; `value` is the odd pattern value behind the break
(1, 3, 5, ...; 1 for an exception's). `pre`, `post` and `replaced` describe a non-standard
break (libhyphen's dialect, dic=): breaking there writes text[replaced[0]:replaced[1]] as
pre + hyphen + post. They are None for a plain break. Hungarian 'kulissza' gives
Break(offset=5, value=5, pre='sz', post='', replaced=(4, 5)): 'kulisz-sza'.
)doc")
      .def("word_breaks", &word_breaks, py::arg("word"), R"doc(
The breaks of `word` taken whole, as Break tuples (see breaks()), for a program that cuts
its own words. With dic=, every character belongs to the word (digits, dots and joiners
too), as libhyphen's callers hand it to hnj_hyphen_hyphenate3; a character the dictionary's
charset cannot spell counts as '?'; a word of more than 200 characters has no breaks. For
TeX patterns, the same as breaks(word).
)doc")
      .def("hyphenate_spelling", [](const hyph::Hyphenator& h, py::handle text, py::handle marker) {
             const Utf8Text t = utf8_of(text, "text");
             const Utf8Text m = utf8_of(marker, "marker");
             std::string out = maybe_without_gil(t.bytes.size(), [&] {
               std::string all;  // piece by piece (whole tokens each), looking at signals between them
               for (std::size_t start = 0, end = 0; start < t.bytes.size(); start = end) {
                 if (start > 0) check_signals();
                 end = piece_end(t.bytes, start);
                 all += h.hyphenated_spelling(t.bytes.substr(start, end - start), m.bytes);
               }
               return all;
             });
             py::str result = str_of_any(out);
             free_without_gil(out);
             return result;
           },
           py::arg("text"), py::arg("marker") = "-", R"doc(
`text` with `marker` at every break, spelled as libhyphen spells a hyphenated word: at a
non-standard break the spelling changes ('kulissza' -> 'kulisz-sza'). Removing the markers
gives `text` back only where no spelling changed; hyphenate() always does.
)doc")
      .def("write_compiled", [](const hyph::Hyphenator& h, py::handle path, std::string tag, std::string name) {
             const auto p = path_of(path, "path");
             py::gil_scoped_release released;  // writing and syncing a file: no Python involved
             h.write_compiled_file(p, tag, name);
           },
           py::arg("path"), py::arg("tag") = "", py::arg("name") = "", R"doc(
Writes this language in libhyph's compiled format, for Hyphenator(compiled=path).

The file is written whole or not at all: to a new temporary file beside `path`, synced, then
renamed over it. A Hyphenator that loaded the old file keeps answering from its own copy;
on failure (a full disk...) `path` is as it was and FileError names it and the reason.
)doc")
      .def_property_readonly("left_min", [](const hyph::Hyphenator& h) { return h.mins().left; }, "\\lefthyphenmin in force")
      .def_property_readonly("right_min", [](const hyph::Hyphenator& h) { return h.mins().right; }, "\\righthyphenmin in force")
      .def_property_readonly("dialect", [](const hyph::Hyphenator& h) { return h.dialect() == hyph::Dialect::libhyphen ? "libhyphen" : "tex"; },
                             "'tex' (TeX's patterns and word rules) or 'libhyphen' (a .dic dictionary, dic=)")
      .def_property_readonly("uchyph", &hyph::Hyphenator::uchyph, "\\uchyph in force")
      .def_property_readonly("letters", [](const hyph::Hyphenator& h) { return letters_name(h.letters()); },
                             "'patterns' or 'unicode'")
      .def_property_readonly("pattern_count", &hyph::Hyphenator::pattern_count)
      .def_property_readonly("exception_count", &hyph::Hyphenator::exception_count)
      .def_property_readonly("filter", [](const hyph::Hyphenator& h) { return h.filter().name; }, "the exception pre-check's name")
      .def_property_readonly("tag", [](const hyph::Hyphenator& h) { return std::string(h.tag()); },
                             "the language's tag: the one it was loaded by (Hyphenator('de-1996'): 'de-1996'), or a compiled file's; '' otherwise")
      .def_property_readonly("warnings", [](const hyph::Hyphenator& h) {
             py::tuple out(h.warnings().size());
             for (std::size_t i = 0; i < h.warnings().size(); ++i) out[i] = py::str(h.warnings()[i].message);
             return out;
           }, "what the load warned about (libhyph.LoadWarning), each 'file:line:column: reason'; () for most")
      .def_property_readonly("name", [](const hyph::Hyphenator& h) { return std::string(h.name()); },
                             "the language's name, where tag has one ('German, reformed spelling'); '' otherwise")
      .def("__repr__", &describe);
  add_fast_methods(hyphenator_class);

  py::class_<hyph::UserDictionary>(m, "UserDictionary", R"doc(
A user's own hyphenations over a Hyphenator, changed while the program runs.

UserDictionary(hyphenator, filter=None, fp_rate=0.01)

Its words answer as if given to TeX in a \hyphenation after the language's exceptions.
The Hyphenator is shared, not changed. A UserDictionary is not meant for several threads.
)doc")
      .def(py::init([](const hyph::Hyphenator& h, std::optional<std::string> filter, double fp_rate) {
             return hyph::UserDictionary(h, exception_options(filter, fp_rate));
           }),
           py::arg("hyphenator"), py::arg("filter") = py::none(), py::arg("fp_rate") = 0.01)
      .def("add", [](hyph::UserDictionary& d, py::handle word) { return d.add(word_of(word)); }, py::arg("word"), R"doc(
Adds a word with '-' at its breaks ('hy-phen-ation'); True if it was new.
Raises InvalidArgumentError for a word with no letters or with letters the language lacks,
BadUTF8Error (a ValueError) for one with a lone surrogate, which has no valid UTF-8 (the
message shows its bytes as \xNN escapes).
)doc")
      .def("remove", [](hyph::UserDictionary& d, py::handle word) { return d.remove(word_of(word)); }, py::arg("word"),
           "Removes a word (with or without its hyphens); False if it was not there.")
      .def("find", [](const hyph::UserDictionary& d, py::handle word) -> std::optional<std::string> { return d.find(word_of(word)); },
           py::arg("word"), "The word as stored ('ta-ble'), or None.")
      .def("clear", &hyph::UserDictionary::clear)
      .def("hyphenate", [](const hyph::UserDictionary& d, py::handle text, py::handle marker) {
             const Utf8Text t = utf8_of(text, "text");
             const Utf8Text m = utf8_of(marker, "marker");
             std::size_t n = 0;
             const std::string out = with_markers(t.bytes, m.bytes, dictionary_call(d), &n);
             return str_of(out, t.length + n * m.length, n > 0 ? std::max(t.maxchar, m.maxchar) : t.maxchar);
           },
           py::arg("text"), py::arg("marker") = "-", "As Hyphenator.hyphenate, with this dictionary's words first.")
      .def("positions", [](const hyph::UserDictionary& d, py::handle text) {
             const Utf8Text t = utf8_of(text, "text");
             return as_list(code_point_breaks(t, dictionary_call(d)));
           },
           py::arg("text"), "As Hyphenator.positions, with this dictionary's words first.")
      .def_property_readonly("hyphenator", [](const hyph::UserDictionary& d) { return d.hyphenator(); })
      .def("__len__", &hyph::UserDictionary::size)
      .def("__contains__", [](const hyph::UserDictionary& d, py::handle word) { return d.contains(word_of(word)); });

  m.def("_list_languages", [](py::object patterns_dirs) {
    py::list out;
    for (const hyph::LanguageInfo& l : hyph::list_languages(search_of(patterns_dirs))) {
      out.append(py::make_tuple(l.tag, l.name, l.mins.left, l.mins.right, letters_name(l.letters),
                                l.embedded ? py::object(py::none()) : py::object(py::str(l.patterns.string())),
                                l.exceptions.empty() ? py::object(py::none()) : py::object(py::str(l.exceptions.string()))));
    }
    return out;
  }, py::arg("patterns_dirs") = py::none());
}
