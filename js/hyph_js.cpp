// The C ABI the JavaScript wrapper (js/package/) calls in the WebAssembly module: a language
// loaded from compiled bytes, its breaks for UTF-16 text (a JS string's code units, as they
// are in memory), a user dictionary, and errors as records the wrapper turns into Error
// subclasses. Over the public C++ API only, so that it does not follow the engine's insides.
//
// Every call that can fail takes a JsError the wrapper allocated and returns a failure value
// after filling it; nothing is thrown across the ABI.
//
// The per-call path (positions(), hyphenate()) is lean: the wrapper writes the text's code
// units straight into a buffer of the handle (hyph_js_text), one call that cannot throw
// (hyph_js_positions) writes the offsets into another (hyph_js_offsets), and neither buffer is
// allocated again until a text needs more. No try block surrounds that call: under
// emscripten's exceptions every call inside one goes out through a JavaScript trampoline.
#include <hyph/error.h>
#include <hyph/hyphenator.h>
#include <hyph/user_dictionary.h>

#include "base/utf8.h"

#include <malloc.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace {

// What a failed call reports. `message` is malloc'd (the wrapper frees it with hyph_js_free_bytes).
struct JsError {
  std::int32_t code;  // hyph::ErrorCode, or 100 for out of memory, 101 for anything else
  std::uint32_t line;  // 0 when the error has no place
  std::uint32_t column;
  char* message;
};
static_assert(sizeof(JsError) == 16);

// One break as the wrapper reads it: eight 32-bit words. Offsets and replaced lengths in
// UTF-16 code units; before/after point at UTF-8 the hyphenator owns.
struct JsBreak {
  std::uint32_t offset;
  std::uint32_t value;
  std::uint32_t replaced_before;
  std::uint32_t replaced_after;
  std::uint32_t before;
  std::uint32_t before_length;
  std::uint32_t after;
  std::uint32_t after_length;
};
static_assert(sizeof(JsBreak) == 32);

struct Free {
  void operator()(std::byte* p) const noexcept { std::free(p); }
};

struct Handle {
  std::unique_ptr<std::byte, Free> bytes;  // the compiled file, read in place by the hyphenator
  hyph::Hyphenator hyphenator;
  hyph::UserDictionary user;
  // The wrapper's window, sized by it: the text's code units, written in place, and the break
  // offsets (code units) found in it.
  std::vector<char16_t> text;
  std::vector<std::size_t> offsets;
  // The text's bytes when it is ASCII (as long as `text`): the library's UTF-8 path, whose
  // one-word path is the fastest, gives the same offsets for it.
  std::vector<char> ascii;
  // breaks() (and positions() with a user dictionary, which reads UTF-8 only): the text in
  // UTF-8 there, and the break records.
  std::string utf8;
  std::vector<JsBreak> breaks;
};

// What the buffers keep between calls; a longer text's are given back after it (hyph_js_trim).
constexpr std::size_t kKeptUnits = std::size_t{1} << 16;

// Makes `buffer` hold at least `size` elements (it never shrinks here).
template <class T>
T* at_least(std::vector<T>& buffer, std::size_t size) {
  if (buffer.size() < size) buffer.resize(size);
  return buffer.data();
}

void report(JsError* error, std::int32_t code, const std::string& message, std::uint32_t line = 0, std::uint32_t column = 0) noexcept {
  if (error == nullptr) return;
  error->code = code;
  error->line = line;
  error->column = column;
  error->message = static_cast<char*>(std::malloc(message.size() + 1));
  if (error->message != nullptr) std::memcpy(error->message, message.c_str(), message.size() + 1);
}

// Runs work(context), turning what it throws into `error`; returns whether it succeeded. One
// function for every guarded call, so that the module holds its catch clauses once.
bool guarded_call(JsError* error, void (*work)(void*), void* context) noexcept {
  try {
    work(context);
    return true;
  } catch (const hyph::ParseError& e) {
    report(error, static_cast<std::int32_t>(e.code()), e.what(), static_cast<std::uint32_t>(e.where().line),
           static_cast<std::uint32_t>(e.where().column));
  } catch (const hyph::Error& e) {
    report(error, static_cast<std::int32_t>(e.code()), e.what());
  } catch (const std::bad_alloc& e) {
    report(error, 100, e.what());
  } catch (const std::exception& e) {
    report(error, 101, e.what());
  }
  return false;
}

// Runs `work`, turning what it throws into `error`; returns whether it succeeded.
template <class Work>
bool guarded(JsError* error, Work&& work) noexcept {
  return guarded_call(error, [](void* context) { (*static_cast<std::remove_reference_t<Work>*>(context))(); }, &work);
}

bool high_surrogate(char16_t u) noexcept { return u >= 0xD800 && u <= 0xDBFF; }
bool low_surrogate(char16_t u) noexcept { return u >= 0xDC00 && u <= 0xDFFF; }

// UTF-16 as UTF-8, a lone surrogate as its three-byte generalised form (which the word rules
// read as three invalid bytes, non-letters), as the library's own UTF-16 path converts it.
void to_utf8(const char16_t* text, std::size_t units, std::string& out) {
  out.clear();
  out.reserve(units * 3);
  unsigned char bytes[4];
  for (std::size_t i = 0; i < units; ++i) {
    char32_t cp = text[i];
    if (high_surrogate(text[i]) && i + 1 < units && low_surrogate(text[i + 1])) {
      cp = 0x10000 + ((cp - 0xD800) << 10) + (text[i + 1] - 0xDC00u);
      ++i;
    }
    out.append(reinterpret_cast<const char*>(bytes), hyph::utf8::encode(cp, bytes));
  }
}

// The UTF-16 code units of the UTF-8 bytes [from, to) of `text`, both code-point starts: two
// for a four-byte sequence, one for any other.
std::uint32_t units_of(std::string_view text, std::size_t from, std::size_t to) noexcept {
  std::uint32_t units = 0;
  for (std::size_t i = from; i < to; ++i) {
    const auto b = static_cast<unsigned char>(text[i]);
    if ((b & 0xC0) != 0x80) units += b >= 0xF0 ? 2 : 1;
  }
  return units;
}

// Appends a record to h->breaks from inside a visit callback, which must not throw: a failed
// allocation is remembered, and the call throws std::bad_alloc once the visit is over.
void keep(Handle* handle, bool& out_of_memory, const JsBreak& record) noexcept {
  if (out_of_memory) return;
  try {
    handle->breaks.push_back(record);
  } catch (...) {
    out_of_memory = true;
  }
}

// Collects breaks already in code units (the UTF-16 path) into h->breaks.
struct UnitCollector {
  Handle* handle;
  bool out_of_memory = false;

  static void visit(void* context, const hyph::Break& b) {
    auto& self = *static_cast<UnitCollector*>(context);
    keep(self.handle, self.out_of_memory, {
        .offset = static_cast<std::uint32_t>(b.offset),
        .value = static_cast<std::uint32_t>(b.value),
        .replaced_before = static_cast<std::uint32_t>(b.replaced_before),
        .replaced_after = static_cast<std::uint32_t>(b.replaced_after),
        .before = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(b.before.data())),
        .before_length = static_cast<std::uint32_t>(b.before.size()),
        .after = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(b.after.data())),
        .after_length = static_cast<std::uint32_t>(b.after.size()),
    });
  }
};

// Collects the breaks of h->utf8 into h->breaks, offsets turned into code units: the breaks
// come in order, so one cursor walks the text once.
struct Collector {
  Handle* handle;
  std::size_t byte = 0;
  std::uint32_t unit = 0;
  bool out_of_memory = false;

  static void visit(void* context, const hyph::Break& b) {
    auto& self = *static_cast<Collector*>(context);
    const std::string_view text = self.handle->utf8;
    if (b.offset >= self.byte) {
      self.unit += units_of(text, self.byte, b.offset);
    } else {
      self.unit -= units_of(text, b.offset, self.byte);
    }
    self.byte = b.offset;
    keep(self.handle, self.out_of_memory, {
        .offset = self.unit,
        .value = static_cast<std::uint32_t>(b.value),
        .replaced_before = units_of(text, b.offset - b.replaced_before, b.offset),
        .replaced_after = units_of(text, b.offset, b.offset + b.replaced_after),
        .before = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(b.before.data())),
        .before_length = static_cast<std::uint32_t>(b.before.size()),
        .after = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(b.after.data())),
        .after_length = static_cast<std::uint32_t>(b.after.size()),
    });
  }
};

// hyphenate()'s long-text path (doc/javascript.md, "The long-text path"): the module marks
// the text itself, so that the wrapper does no work per character or per break. The wrapper
// writes a run of whole tokens as UTF-8 (TextEncoder.encodeInto, the engines' bulk path) into
// the marker's input and the mark's UTF-16 into its own buffer; the module hyphenates the
// UTF-8 and writes the marked run as UTF-16, which the wrapper decodes in one call
// (TextDecoder('utf-16le'), much faster than UTF-8's for text that is not all ASCII, as a
// marked text is). A marker belongs to one wrapper Hyphenator; its buffers hold a run and are
// given back after a longer one (hyph_js_marker_trim).

// A buffer that grows without throwing (null when memory cannot grow: the long-text path
// reports that as a value) and loses its contents when it grows; kept until given back.
struct Room {
  std::unique_ptr<std::byte[]> bytes;
  std::size_t size = 0;

  template <class T>
  T* at_least(std::size_t count) noexcept {
    if (count > size / sizeof(T)) {
      bytes.reset();
      size = 0;
      if (count > std::numeric_limits<std::size_t>::max() / sizeof(T)) return nullptr;
      bytes.reset(new (std::nothrow) std::byte[count * sizeof(T)]);
      if (bytes != nullptr) size = count * sizeof(T);
    }
    return reinterpret_cast<T*>(bytes.get());
  }
  void give_back_above(std::size_t most) noexcept {
    if (size > most) bytes.reset(), size = 0;
  }
};

// What the last hyph_js_mark made, as the wrapper reads it (three 32-bit words at an address
// that holds as long as the marker): where the output is; whether the input held U+FFFD,
// which is also what encodeInto writes for a lone surrogate (the wrapper then checks the run);
// and whether the output is a byte a code unit (Latin-1) rather than UTF-16.
struct JsMarked {
  std::uint32_t output;
  std::uint32_t replacement;
  std::uint32_t latin1;
};
static_assert(sizeof(JsMarked) == 12);

struct JsMarker {
  JsMarked marked{};
  Room input;    // UTF-8
  Room mark;     // UTF-16
  Room offsets;  // std::size_t, byte offsets into the input
  Room output;   // UTF-16, or Latin-1
};

// Whether the bytes are all ASCII, eight at a time.
bool all_ascii(std::string_view text) noexcept {
  const char* p = text.data();
  const char* const end = p + text.size();
  std::uint64_t high = 0;
  for (; end - p >= 8; p += 8) {
    std::uint64_t v;
    std::memcpy(&v, p, sizeof v);
    high |= v;
  }
  for (; p != end; ++p) high |= static_cast<unsigned char>(*p);
  return (high & 0x8080808080808080u) == 0;
}

// Appends the UTF-16 of the UTF-8 [p, end), which encodeInto wrote well-formed, at `out`;
// returns the end. Sets `replacement` if U+FFFD is among it (or a byte that starts no whole
// sequence, which stands for one U+FFFD: nothing is read past `end`).
char16_t* utf16_of(const unsigned char* p, const unsigned char* end, char16_t* out, std::uint32_t& replacement) noexcept {
  while (p != end) {
    const unsigned lead = *p;
    if (lead < 0x80) {
      *out++ = static_cast<char16_t>(lead);
      ++p;
      continue;
    }
    const std::size_t n = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    char32_t cp = 0xFFFD;
    if (n > 1 && static_cast<std::size_t>(end - p) >= n) {
      cp = lead & (0x7Fu >> n);
      for (std::size_t i = 1; i < n; ++i) cp = cp << 6 | (p[i] & 0x3Fu);
      p += n;
    } else {
      ++p;
    }
    replacement |= cp == 0xFFFD ? 1 : 0;
    if (cp >= 0x10000) {
      *out++ = static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10));
      *out++ = static_cast<char16_t>(0xDC00 + (cp & 0x3FF));
    } else {
      *out++ = static_cast<char16_t>(cp);
    }
  }
  return out;
}

}  // namespace

extern "C" {

/// Loads a compiled language (hyph-compile's output, TeX's or a `.dic` dictionary's), taking
/// `bytes` (malloc'd by the caller) whatever happens. left_min/right_min < 0: the file's own.
Handle* hyph_js_load(std::byte* bytes, std::size_t size, const char* name, std::int32_t left_min, std::int32_t right_min,
                     JsError* error) {
  std::unique_ptr<std::byte, Free> owned(bytes);
  Handle* handle = nullptr;
  guarded(error, [&] {
    hyph::Settings settings;
    if (left_min >= 0) settings.left_min = left_min;
    if (right_min >= 0) settings.right_min = right_min;
    hyph::Hyphenator h = hyph::Hyphenator::load_compiled(std::span<const std::byte>(owned.get(), size), settings, name);
    hyph::UserDictionary user(h);
    handle = new Handle{std::move(owned), std::move(h), std::move(user), {}, {}, {}, {}, {}};
  });
  return handle;
}

void hyph_js_free(Handle* handle) { delete handle; }

/// The handle's text buffer, made to hold at least `units` code units: the wrapper writes a
/// text there for hyph_js_positions and hyph_js_breaks. Null with `error` filled if memory
/// cannot grow. The address holds until the next call of this function or hyph_js_trim.
char16_t* hyph_js_text(Handle* handle, std::size_t units, JsError* error) {
  char16_t* data = nullptr;
  guarded(error, [&] {
    const std::size_t size = std::max<std::size_t>(units, 1);
    at_least(handle->ascii, size);
    data = at_least(handle->text, size);
  });
  return data;
}

/// The handle's offset buffer, made to hold at least `count` offsets (as hyph_js_text).
std::size_t* hyph_js_offsets(Handle* handle, std::size_t count, JsError* error) {
  std::size_t* data = nullptr;
  guarded(error, [&] { data = at_least(handle->offsets, std::max<std::size_t>(count, 1)); });
  return data;
}

/// Where the first `units` code units of the text buffer may break (Hyphenator::hyphenate's
/// UTF-16 path, offsets in code units): writes as many as the offset buffer holds and returns
/// how many there are in all; -1 when the user dictionary has words (hyph_js_breaks answers
/// then). Cannot fail and allocates nothing.
std::int32_t hyph_js_positions(Handle* handle, std::size_t units) noexcept {
  if (handle->user.size() != 0) return -1;
  units = std::min(units, handle->text.size());
  const char16_t* text = handle->text.data();
  const std::span<std::size_t> offsets(handle->offsets);
  char16_t all = 0;
  for (std::size_t i = 0; i < units; ++i) all |= text[i];
  if (all >= 0x80) return static_cast<std::int32_t>(handle->hyphenator.hyphenate(std::u16string_view(text, units), offsets));
  char* bytes = handle->ascii.data();
  for (std::size_t i = 0; i < units; ++i) bytes[i] = static_cast<char>(text[i]);
  return static_cast<std::int32_t>(handle->hyphenator.hyphenate(std::string_view(bytes, units), offsets));
}

/// The handle's ASCII buffer, as long as the text buffer (hyph_js_text) and moved by it: a
/// text all of ASCII goes here, a byte a code unit, for hyph_js_positions_ascii.
char* hyph_js_ascii(Handle* handle) noexcept { return handle->ascii.data(); }

/// hyph_js_positions for the first `units` bytes of the ASCII buffer, all below 0x80: the
/// library's UTF-8 path, whose offsets are the code units' for ASCII. A word's commonest call:
/// the wrapper writes the bytes as it reads the string, so nothing here converts them.
std::int32_t hyph_js_positions_ascii(Handle* handle, std::size_t units) noexcept {
  if (handle->user.size() != 0) return -1;
  units = std::min(units, handle->ascii.size());
  return static_cast<std::int32_t>(
      handle->hyphenator.hyphenate(std::string_view(handle->ascii.data(), units), std::span<std::size_t>(handle->offsets)));
}

/// Gives back what a long text made the buffers hold beyond kKeptUnits.
void hyph_js_trim(Handle* handle) noexcept {
  if (handle->text.size() > kKeptUnits) {
    std::vector<char16_t>().swap(handle->text);
    std::vector<char>().swap(handle->ascii);
  }
  if (handle->offsets.size() > kKeptUnits) std::vector<std::size_t>().swap(handle->offsets);
  if (handle->utf8.capacity() > 3 * kKeptUnits) std::string().swap(handle->utf8);
  if (handle->breaks.capacity() > kKeptUnits) std::vector<JsBreak>().swap(handle->breaks);
}

/// Every break of the first `units` code units of the text buffer, with its value and
/// spelling; returns their count (hyph_js_breaks_data gives them), or -1 with `error` filled.
std::int32_t hyph_js_breaks(Handle* handle, std::size_t units, JsError* error) {
  std::int32_t count = -1;
  guarded(error, [&] {
    const std::u16string_view text(handle->text.data(), std::min(units, handle->text.size()));
    handle->breaks.clear();
    if (handle->user.size() == 0) {
      UnitCollector collector{handle};
      handle->hyphenator.visit_breaks(text, &UnitCollector::visit, &collector);
      if (collector.out_of_memory) throw std::bad_alloc();
    } else {
      to_utf8(text.data(), text.size(), handle->utf8);
      Collector collector{handle};
      handle->user.visit_breaks(handle->utf8, &Collector::visit, &collector);
      if (collector.out_of_memory) throw std::bad_alloc();
    }
    count = static_cast<std::int32_t>(handle->breaks.size());
  });
  return count;
}

const JsBreak* hyph_js_breaks_data(const Handle* handle) { return handle->breaks.data(); }

/// The user dictionary: 1 added (or removed), 0 replaced (or not there), -1 with `error`.
std::int32_t hyph_js_user_add(Handle* handle, const char* word, std::size_t length, JsError* error) {
  std::int32_t result = -1;
  guarded(error, [&] { result = handle->user.add(std::string_view(word, length)) ? 1 : 0; });
  return result;
}
std::int32_t hyph_js_user_remove(Handle* handle, const char* word, std::size_t length, JsError* error) {
  std::int32_t result = -1;
  guarded(error, [&] { result = handle->user.remove(std::string_view(word, length)) ? 1 : 0; });
  return result;
}
void hyph_js_user_clear(Handle* handle) { handle->user.clear(); }
std::uint32_t hyph_js_user_size(const Handle* handle) { return static_cast<std::uint32_t>(handle->user.size()); }

/// What the language is: its tag and name (UTF-8, owned by the hyphenator, with lengths),
/// dialect (0 TeX, 1 libhyphen) and minimums.
const char* hyph_js_tag(const Handle* handle) { return handle->hyphenator.tag().data(); }
std::uint32_t hyph_js_tag_length(const Handle* handle) { return static_cast<std::uint32_t>(handle->hyphenator.tag().size()); }
const char* hyph_js_name(const Handle* handle) { return handle->hyphenator.name().data(); }
std::uint32_t hyph_js_name_length(const Handle* handle) { return static_cast<std::uint32_t>(handle->hyphenator.name().size()); }
std::int32_t hyph_js_dialect(const Handle* handle) {
  return handle->hyphenator.dialect() == hyph::Dialect::libhyphen ? 1 : 0;
}
std::int32_t hyph_js_left_min(const Handle* handle) { return handle->hyphenator.mins().left; }
std::int32_t hyph_js_right_min(const Handle* handle) { return handle->hyphenator.mins().right; }

/// A marker for one wrapper Hyphenator; null if memory cannot grow.
JsMarker* hyph_js_marker_new() noexcept { return new (std::nothrow) JsMarker; }
void hyph_js_marker_free(JsMarker* marker) { delete marker; }

/// The marker's input buffer, made to hold at least `bytes` (its contents lost when it grows);
/// null if memory cannot grow. The address holds until the next call of this function (the
/// wrapper asks once, for a run's most).
char* hyph_js_marker_input(JsMarker* marker, std::size_t bytes) noexcept { return marker->input.at_least<char>(bytes); }

/// The marker's mark buffer (hyphenChar's UTF-16 code units), made to hold at least `units`.
char16_t* hyph_js_marker_mark(JsMarker* marker, std::size_t units) noexcept { return marker->mark.at_least<char16_t>(units); }

/// The first `bytes` of the input (UTF-8, whole tokens) with the first `mark_units` of the
/// mark at every break, as hyphenate() gives them: writes them as UTF-16, or Latin-1 where
/// that holds them, to the output buffer (hyph_js_marker_marked says where and which) and
/// returns their length in code units; (size_t)-1 if
/// memory cannot grow; (size_t)-2 when the user dictionary has words (the wrapper marks from
/// hyph_js_breaks' offsets then).
std::size_t hyph_js_mark(Handle* handle, JsMarker* marker, std::size_t bytes, std::size_t mark_units) noexcept {
  constexpr auto kNoMemory = static_cast<std::size_t>(-1);
  if (handle->user.size() != 0) return static_cast<std::size_t>(-2);
  const std::string_view text(reinterpret_cast<const char*>(marker->input.bytes.get()), std::min(bytes, marker->input.size));
  const std::u16string_view mark(reinterpret_cast<const char16_t*>(marker->mark.bytes.get()),
                                 std::min(mark_units, marker->mark.size / sizeof(char16_t)));
  // Running prose breaks about once in ten bytes: room for that, and a second call when there
  // are more.
  std::size_t room = text.size() / 8 + 16;
  std::size_t* offsets = marker->offsets.at_least<std::size_t>(room);
  if (offsets == nullptr) return kNoMemory;
  std::size_t count = handle->hyphenator.hyphenate(text, {offsets, room});
  if (count > room) {
    room = count;
    offsets = marker->offsets.at_least<std::size_t>(room);
    if (offsets == nullptr) return kNoMemory;
    count = handle->hyphenator.hyphenate(text, {offsets, room});
  }
  // UTF-16 takes at most one unit a byte.
  const std::size_t most = std::numeric_limits<std::size_t>::max() / sizeof(char16_t);
  if (mark.size() != 0 && count > (most - text.size() - 1) / mark.size()) return kNoMemory;
  // ASCII with a mark of one code unit that is a Latin-1 byte (not 0x80..0x9F, where a page's
  // decoder, windows-1252, differs): a byte a code unit, which the wrapper turns into a string
  // by the engines' fastest path (the default soft hyphen is 0xAD).
  const bool latin1 = mark.size() == 1 && (mark[0] < 0x80 || (mark[0] >= 0xA0 && mark[0] <= 0xFF)) && all_ascii(text);
  marker->marked.latin1 = latin1 ? 1 : 0;
  marker->marked.replacement = 0;
  if (latin1) {
    char* const output = marker->output.at_least<char>(text.size() + count + 1);
    if (output == nullptr) return kNoMemory;
    char* out = output;
    std::size_t from = 0;
    for (std::size_t k = 0; k < count; ++k) {
      std::memcpy(out, text.data() + from, offsets[k] - from);
      out += offsets[k] - from;
      *out++ = static_cast<char>(mark[0]);
      from = offsets[k];
    }
    std::memcpy(out, text.data() + from, text.size() - from);
    out += text.size() - from;
    marker->marked.output = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(output));
    return static_cast<std::size_t>(out - output);
  }
  char16_t* const output = marker->output.at_least<char16_t>(text.size() + count * mark.size() + 1);
  if (output == nullptr) return kNoMemory;
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  char16_t* out = output;
  std::size_t from = 0;
  for (std::size_t k = 0; k < count; ++k) {
    out = utf16_of(p + from, p + offsets[k], out, marker->marked.replacement);
    out = std::copy(mark.begin(), mark.end(), out);
    from = offsets[k];
  }
  out = utf16_of(p + from, p + text.size(), out, marker->marked.replacement);
  marker->marked.output = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(output));
  return static_cast<std::size_t>(out - output);
}

/// Where the marker says what the last hyph_js_mark made (JsMarked): the same address for
/// the marker's life.
const JsMarked* hyph_js_marker_marked(const JsMarker* marker) { return &marker->marked; }

/// Gives back what a long mark made the buffers hold beyond kKeptUnits code units' worth (the
/// output: two units each); the input stays (a run's most, which the wrapper asked for once).
void hyph_js_marker_trim(JsMarker* marker) noexcept {
  marker->mark.give_back_above(kKeptUnits * sizeof(char16_t));
  marker->offsets.give_back_above(kKeptUnits * sizeof(std::size_t));
  marker->output.give_back_above(2 * kKeptUnits * sizeof(char16_t));
}

void* hyph_js_alloc(std::size_t size) { return std::malloc(size); }

/// Bytes of the module's heap in use (malloc's count): the reliability tests' measure that
/// memory does not grow over many calls.
std::uint32_t hyph_js_heap_in_use() { return static_cast<std::uint32_t>(mallinfo().uordblks); }
void hyph_js_free_bytes(void* p) { std::free(p); }

}  // extern "C"
