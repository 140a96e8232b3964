// The compiled pattern format: writing a model, and loading one with every check done once.
// doc/compiled-format.md describes the layout; the section order below is that document's.
#include "engine/compiled_tex.h"

#include "engine/compact_tables.h"
#include "engine/compiled_bytes.h"
#include "engine/compiled_container.h"

#include "base/hash.h"
#include "base/message.h"
#include "base/file_bytes.h"
#include "base/out_of_memory.h"
#include "base/utf8.h"
#include "exceptions/mapped_store.h"

#include <hyph/error.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <new>
#include <ostream>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace hyph::detail {

namespace {

using namespace compiled_format;
using patterns::Alphabet;
using patterns::Automaton;

// The sections, in the order they must appear.
enum Section : std::size_t {
  kInfo,        // INFO: policy, minimums, \uchyph, counts, filter kind and rate, tag, name
  kSymbols,     // SYMB: symbol -> lower-case code point, u32
  kSymbolUtf8,  // SUTF: symbol -> UTF-8, 5-byte records
  kDirect,      // LDIR: code point -> letter entry, u32
  kOthers,      // LOTH: (code point, letter entry) pairs above the direct table
  kRows,        // ROWS: the automaton's dense rows (its first states), u16 or u32
  kNodes,       // NODE: the other states (first edge u32, fallback and list u16 or u32), and a sentinel; NODZ packed
  kEdges,       // EDGE: the nodes' transitions (symbol, next state), u16 or u32; EDGZ packed
  kLists,       // LIST: output lists, u32
  kOutputs,     // OUTP: outputs, u16 (none when there are windows)
  kWindows,     // WIND: 16-byte windows, one per output list (or none: then LIST and OUTP)
  kExceptions,  // EXCS: the exception store (doc/exception-store-format.md)
  kFilter,      // FILT: the filter's serialized state (empty for exact)
  kSectionCount,
};
constexpr std::array<std::array<char, 4>, kSectionCount> kTags{{
    {'I', 'N', 'F', 'O'}, {'S', 'Y', 'M', 'B'}, {'S', 'U', 'T', 'F'}, {'L', 'D', 'I', 'R'},
    {'L', 'O', 'T', 'H'}, {'R', 'O', 'W', 'S'}, {'N', 'O', 'D', 'E'}, {'E', 'D', 'G', 'E'}, {'L', 'I', 'S', 'T'}, {'O', 'U', 'T', 'P'},
    {'W', 'I', 'N', 'D'}, {'E', 'X', 'C', 'S'}, {'F', 'I', 'L', 'T'},
}};
// The compact form's: NODE and EDGE packed (engine/compact_tables.h).
constexpr std::array<std::array<char, 4>, kSectionCount> kCompactTags{{
    {'I', 'N', 'F', 'O'}, {'S', 'Y', 'M', 'B'}, {'S', 'U', 'T', 'F'}, {'L', 'D', 'I', 'R'},
    {'L', 'O', 'T', 'H'}, {'R', 'O', 'W', 'S'}, {'N', 'O', 'D', 'Z'}, {'E', 'D', 'G', 'Z'}, {'L', 'I', 'S', 'T'}, {'O', 'U', 'T', 'P'},
    {'W', 'I', 'N', 'D'}, {'E', 'X', 'C', 'S'}, {'F', 'I', 'L', 'T'},
}};


// INFO fields.
constexpr std::size_t kOffPolicy = 0, kOffLeft = 4, kOffRight = 8, kOffUchyph = 12, kOffSymbolCount = 16,
                      kOffShift = 20, kOffEntrySize = 24, kOffStates = 28, kOffPatterns = 32, kOffExceptionCount = 36,
                      kOffFilterKind = 40, kOffDense = 44, kOffFilterRate = 48, kOffTagLength = 56,
                      kOffNameLength = 60;

using compiled_bytes::file_bytes;
using compiled_bytes::read;
using compiled_bytes::write;

// Each array element's fields of more than one byte, reversed: what a big-endian host does to
// the arrays it writes and loads (compiled_bytes.h), unused on a little-endian one. UTF-8
// records and windows are bytes.
template <class T>
  requires std::is_integral_v<T>
void reverse_fields(T& v) noexcept {
  v = byte_order::reversed(v);
}
[[maybe_unused]] void reverse_fields(patterns::PackedUtf8&) noexcept {}
[[maybe_unused]] void reverse_fields(Automaton::Window&) noexcept {}
[[maybe_unused]] void reverse_fields(patterns::OtherLetter& l) noexcept {
  reverse_fields(l.code);
  reverse_fields(l.entry);
}
template <class Entry>
void reverse_fields(Automaton::Node<Entry>& n) noexcept {
  reverse_fields(n.first_edge);
  reverse_fields(n.fallback);
  reverse_fields(n.list);
}
template <class Entry>
void reverse_fields(Automaton::Edge<Entry>& e) noexcept {
  reverse_fields(e.symbol);
  reverse_fields(e.target);
}
constexpr auto kFields = [](auto& v) noexcept { reverse_fields(v); };

// The container (engine/compiled_container.h): the checksum leaves the dense rows out (they
// may be megabytes: apply() clamps what it reads from them, so that they need no reading at load).
constexpr std::size_t kUnchecked[] = {kRows};
constexpr container::Format kFormat{kMagic, kVersion, kTags, "compiled pattern file",
                                    "compile the sources again with hyph-compile", kUnchecked};
// The compact form's checksum covers everything: its dense rows are the small layout's few.
constexpr container::Format kCompactFormat{kCompactMagic, kCompactVersion, kCompactTags, "compiled pattern file",
                                           "compile the sources again with hyph-compile --compact", {}};

bool valid_utf8(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const auto* const end = p + s.size();
  while (p < end) {
    const utf8::Decoded d = utf8::decode(p, end);
    if (d.cp == utf8::kInvalid || d.cp < 0x20) return false;
    p += d.length;
  }
  return true;
}

}  // namespace

std::optional<std::uint64_t> compiled_checksum(std::span<const std::byte> bytes) noexcept {
  return container::checksum(bytes, container::has_magic(bytes, kCompactFormat) ? kCompactFormat : kFormat);
}

bool is_compiled(std::span<const std::byte> bytes) noexcept {
  return container::has_magic(bytes, kFormat) || container::has_magic(bytes, kCompactFormat);
}

// ---- Writing --------------------------------------------------------------------------------

void write_compiled_tex(const Model& model, std::string_view tag, std::string_view name, CompiledLayout layout, std::ostream& out) {
  const bool compact = layout == CompiledLayout::compact, small = compact || layout == CompiledLayout::small;
  if (tag.empty()) tag = model.tag;
  if (name.empty()) name = model.name;
  if (tag.size() > kMaxTagBytes || !valid_utf8(tag)) throw Error(ErrorCode::invalid_argument, "language tag: not UTF-8 text of at most 255 bytes");
  if (name.size() > kMaxNameBytes || !valid_utf8(name)) throw Error(ErrorCode::invalid_argument, "language name: not UTF-8 text of at most 4096 bytes");
  const Alphabet::Tables letters = model.alphabet.tables();
  const Automaton laid_out = model.automaton.with_layout(small);
  const Automaton::Tables automaton = laid_out.tables();
  const exceptions::ExceptionIndex& exceptions = model.exceptions;

  std::string info(kInfoSize, '\0');
  write<std::uint32_t>(info, kOffPolicy, model.letters == LetterPolicy::unicode ? 1 : 0);
  write<std::uint32_t>(info, kOffLeft, static_cast<std::uint32_t>(model.mins.left));
  write<std::uint32_t>(info, kOffRight, static_cast<std::uint32_t>(model.mins.right));
  write<std::int32_t>(info, kOffUchyph, model.uchyph);
  write<std::uint32_t>(info, kOffSymbolCount, static_cast<std::uint32_t>(letters.letters.size()));
  write<std::uint32_t>(info, kOffShift, automaton.shift);
  write<std::uint32_t>(info, kOffEntrySize, automaton.narrow_nodes.empty() ? 4 : 2);
  write<std::uint32_t>(info, kOffStates, static_cast<std::uint32_t>(automaton.states));
  write<std::uint32_t>(info, kOffPatterns, static_cast<std::uint32_t>(automaton.pattern_count));
  write<std::uint32_t>(info, kOffExceptionCount, static_cast<std::uint32_t>(exceptions.store().size()));
  write<std::uint32_t>(info, kOffFilterKind, static_cast<std::uint32_t>(exceptions.options().filter));
  write<std::uint32_t>(info, kOffDense, static_cast<std::uint32_t>(automaton.dense));
  write<double>(info, kOffFilterRate, exceptions.options().fp_rate);
  write<std::uint32_t>(info, kOffTagLength, static_cast<std::uint32_t>(tag.size()));
  write<std::uint32_t>(info, kOffNameLength, static_cast<std::uint32_t>(name.size()));
  info.append(tag).append(name);

  std::ostringstream store, filter;
  exceptions::write_store(exceptions.store(), store);
  if (const filters::Filter* f = exceptions.filter()) f->serialize(filter);
  const std::string store_bytes = std::move(store).str(), filter_bytes = std::move(filter).str();
  const bool narrow = !automaton.narrow_nodes.empty();
  const std::string packed_nodes = !compact ? std::string()
                                   : narrow ? compact_tables::pack_nodes(automaton.narrow_nodes)
                                            : compact_tables::pack_nodes(automaton.wide_nodes);
  const std::string packed_edges = !compact ? std::string()
                                   : narrow ? compact_tables::pack_edges(automaton.narrow_edges)
                                            : compact_tables::pack_edges(automaton.wide_edges);

  // Little-endian copies of the arrays, on a big-endian host only (file_bytes).
  std::array<std::string, kSectionCount> swapped;
  const bool wide = automaton.narrow_nodes.empty();
  const std::array<std::string_view, kSectionCount> contents{
      info,
      file_bytes(letters.letters, swapped[kSymbols], kFields),
      file_bytes(letters.utf8, swapped[kSymbolUtf8], kFields),
      file_bytes(letters.direct, swapped[kDirect], kFields),
      file_bytes(letters.others, swapped[kOthers], kFields),
      wide ? file_bytes(automaton.wide, swapped[kRows], kFields) : file_bytes(automaton.narrow, swapped[kRows], kFields),
      compact ? std::string_view(packed_nodes)
      : wide  ? file_bytes(automaton.wide_nodes, swapped[kNodes], kFields)
              : file_bytes(automaton.narrow_nodes, swapped[kNodes], kFields),
      compact ? std::string_view(packed_edges)
      : wide  ? file_bytes(automaton.wide_edges, swapped[kEdges], kFields)
              : file_bytes(automaton.narrow_edges, swapped[kEdges], kFields),
      file_bytes(automaton.lists, swapped[kLists], kFields),
      file_bytes(automaton.outputs, swapped[kOutputs], kFields),
      file_bytes(automaton.windows, swapped[kWindows], kFields),
      store_bytes,
      filter_bytes,
  };
  container::write_file(compact ? kCompactFormat : kFormat, contents, out);
}

// ---- Loading --------------------------------------------------------------------------------

namespace {

// A compact file's automaton is laid out fast when its rows take at most this (English's
// 0.6 MB, not German's 7 MB: doc/compiled-format.md, "The compact form").
constexpr std::size_t kFastRowsBudget = std::size_t{4} << 20;

class Loader {
 public:
  Loader(std::span<const std::byte> bytes, std::string_view name)
      : bytes_(bytes), name_(name), compact_(container::has_magic(bytes, kCompactFormat)) {}

  [[noreturn]] void fail(const char* what) const { fail(base::MessagePieces{what}); }
  [[noreturn]] void fail(base::MessagePieces what) const { base::throw_error(ErrorCode::bad_format, {name_, ": "}, what); }

  // Header, section table, checksum, and the INFO section's fields.
  void check_layout() {
    sections_ = container::Sections(bytes_, compact_ ? kCompactFormat : kFormat, name_);

    const std::span<const std::byte> info = sections_[kInfo];
    if (info.size() < kInfoSize) fail({"INFO: ", info.size(), " bytes, less than 64"});
    const std::byte* i = info.data();
    const auto policy = read<std::uint32_t>(i + kOffPolicy);
    if (policy > 1) fail({"INFO: letter policy ", policy});
    policy_ = policy == 1 ? LetterPolicy::unicode : LetterPolicy::pattern_letters;
    left_ = read<std::uint32_t>(i + kOffLeft);
    right_ = read<std::uint32_t>(i + kOffRight);
    if (left_ < 1 || left_ > 63 || right_ < 1 || right_ > 63)
      fail({"INFO: minimums ", left_, " and ", right_, " are not in 1..63"});
    uchyph_ = read<std::int32_t>(i + kOffUchyph);
    symbols_ = read<std::uint32_t>(i + kOffSymbolCount);
    shift_ = read<std::uint32_t>(i + kOffShift);
    entry_size_ = read<std::uint32_t>(i + kOffEntrySize);
    if (entry_size_ != 2 && entry_size_ != 4) fail({"INFO: row entries of ", entry_size_, " bytes"});
    states_ = read<std::uint32_t>(i + kOffStates);
    patterns_ = read<std::uint32_t>(i + kOffPatterns);
    exception_count_ = read<std::uint32_t>(i + kOffExceptionCount);
    const auto kind = read<std::uint32_t>(i + kOffFilterKind);
    if (!parse_filter_kind(to_string(static_cast<FilterKind>(kind)))) fail({"INFO: unknown filter kind ", kind});
    options_.filter = static_cast<FilterKind>(kind);
    options_.fp_rate = read<double>(i + kOffFilterRate);
    if (!(options_.fp_rate > 0.0 && options_.fp_rate < 1.0)) fail("INFO: the filter rate is not in (0, 1)");  // no value: printing a double links printf
    dense_ = read<std::uint32_t>(i + kOffDense);
    const auto tag_length = read<std::uint32_t>(i + kOffTagLength), name_length = read<std::uint32_t>(i + kOffNameLength);
    if (tag_length > kMaxTagBytes || name_length > kMaxNameBytes || info.size() != kInfoSize + tag_length + name_length)
      fail({"INFO: ", info.size(), " bytes for a tag of ", tag_length, " and a name of ", name_length});
    tag_.assign(reinterpret_cast<const char*>(i + kInfoSize), tag_length);
    name_text_.assign(reinterpret_cast<const char*>(i + kInfoSize + tag_length), name_length);
    if (!valid_utf8(tag_) || !valid_utf8(name_text_)) fail("INFO: the tag or name is not UTF-8 text");
  }

  // Section s as an array of T, read in place. A big-endian host loads a copy of the file
  // (load_compiled_tex), whose arrays are turned into its order here, once each.
  template <class T>
  std::span<const T> array(Section s) const {
    const std::span<const T> in_file = sections_.array<T>(s);
    if constexpr (!compiled_bytes::kLittleHost)
      compiled_bytes::host_order(std::span<T>(const_cast<T*>(in_file.data()), in_file.size()), kFields);
    return in_file;
  }

  // The nodes and edges: read in place, or the compact form's unpacked into memory that
  // `owner` then also keeps (with what it kept before).
  template <class Entry>
  struct Unpacked {
    std::shared_ptr<const void> file;
    std::vector<Automaton::Node<Entry>> nodes;
    std::vector<Automaton::Edge<Entry>> edges;
  };
  template <class Entry>
  std::span<const Automaton::Edge<Entry>> edges(std::shared_ptr<const void>& owner) {
    if (!compact_) return array<Automaton::Edge<Entry>>(kEdges);
    return unpacked<Entry>(owner).edges;
  }
  template <class Entry>
  std::span<const Automaton::Node<Entry>> nodes(std::shared_ptr<const void>& owner) {
    if (!compact_) return array<Automaton::Node<Entry>>(kNodes);
    return unpacked<Entry>(owner).nodes;
  }
  template <class Entry>
  const Unpacked<Entry>& unpacked(std::shared_ptr<const void>& owner) {
    if (auto* done = static_cast<const Unpacked<Entry>*>(unpacked_)) return *done;
    auto u = std::make_shared<Unpacked<Entry>>();
    u->edges = within("automaton", [&] { return compact_tables::unpack_edges<Entry>(sections_[kEdges]); });
    u->nodes = within("automaton", [&] { return compact_tables::unpack_nodes<Entry>(sections_[kNodes], u->edges.size()); });
    u->file = std::move(owner);
    unpacked_ = u.get();
    owner = std::move(u);
    return *static_cast<const Unpacked<Entry>*>(unpacked_);
  }

  // Runs a part's own checks, naming the section group in their message.
  template <class Check>
  auto within(const char* part, Check&& check) const {
    try {
      return check();
    } catch (const Error& e) {
      failed_within(part, e);
    }
  }
  // Out of line, once for every part: rethrows what is not bad_format as it was.
  [[noreturn]] void failed_within(const char* part, const Error& e) const {
    if (e.code() != ErrorCode::bad_format) throw;
    fail({part, ": ", e.what()});
  }

  std::shared_ptr<const Model> model(std::shared_ptr<const void> owner, const Settings& settings, FilterFrom filter_from) {
    check_layout();
    if (settings.letters && *settings.letters != policy_)
      base::throw_error(ErrorCode::invalid_argument,
                        {name_, ": compiled for ", (policy_ == LetterPolicy::unicode ? "Unicode TeX's" : "8-bit TeX's"),
                         " letters; other letters need the sources (or hyph-compile --letters)"});
    if (!settings.exception_stores.empty())
      base::throw_error(ErrorCode::invalid_argument, {name_, ": exception stores cannot be added to a compiled file (compile them in: hyph-compile --exception-store)"});

    // Letters.
    const Alphabet::Tables letter_tables{array<char32_t>(kSymbols), array<patterns::PackedUtf8>(kSymbolUtf8),
                                         array<std::uint32_t>(kDirect), array<patterns::OtherLetter>(kOthers)};
    if (letter_tables.letters.size() != symbols_)
      fail({"INFO says ", symbols_, " symbols, SYMB holds ", letter_tables.letters.size()});
    Alphabet alphabet = within("letters", [&] { return Alphabet::view(letter_tables, policy_, owner); });

    // The automaton.
    Automaton::Tables t;
    t.shift = shift_;
    t.states = states_;
    t.pattern_count = patterns_;
    t.dense = dense_;
    if (entry_size_ == 2) {
      t.narrow = array<std::uint16_t>(kRows);
      t.narrow_nodes = nodes<std::uint16_t>(owner);
      t.narrow_edges = edges<std::uint16_t>(owner);
    } else {
      t.wide = array<std::uint32_t>(kRows);
      t.wide_nodes = nodes<std::uint32_t>(owner);
      t.wide_edges = edges<std::uint32_t>(owner);
    }
    if (compact_ && dense_ >= states_) fail("INFO: the compact form is the small layout, and every state has a dense row");
    t.lists = array<std::uint32_t>(kLists);
    t.outputs = array<std::uint16_t>(kOutputs);
    t.windows = array<Automaton::Window>(kWindows);
    if (t.narrow_nodes.empty() && t.wide_nodes.empty()) fail("section NODE is empty");
    Automaton automaton = within("automaton", [&] { return Automaton::view(t, alphabet.size(), owner); });
    // The compact form is for downloading: in memory its automaton takes the fast layout (a
    // dense row a state, one load a letter) when those rows stay within kFastRowsBudget.
    if (compact_ && (std::size_t{states_} << shift_) * sizeof(std::uint16_t) <= kFastRowsBudget) automaton = automaton.with_fast_layout();

    // Exceptions: the store checks itself (its own checksum, every key's hash).
    auto store = std::make_unique<exceptions::MappedStore>(exceptions::MappedStore::view(sections_[kExceptions], base::message({name_, ": section EXCS"})));
    if (store->size() != exception_count_)
      fail({"INFO says ", exception_count_, " exceptions, EXCS holds ", store->size()});
    std::unique_ptr<filters::Filter> filter =
        within("section FILT", [&] { return filters::load_filter(options_.filter, sections_[kFilter]); });
    std::vector<std::uint64_t> hashes;
    store->append_hashes(hashes);
    // A filter that turns an exception away would change the answers: it must hold them all.
    if (filter)
      for (const std::uint64_t h : hashes)
        if (!filter->maybe_contains(h)) fail("section FILT: the filter does not hold every exception");

    std::unique_ptr<const exceptions::ExceptionStore> exceptions = std::move(store);
    const bool keep = filter_from == FilterFrom::file || (settings.exceptions.filter == options_.filter &&
                                                          (options_.filter == FilterKind::none || settings.exceptions.fp_rate == options_.fp_rate));
    auto index = keep ? exceptions::ExceptionIndex(std::move(exceptions), std::move(filter), options_)
                      : exceptions::ExceptionIndex(std::move(exceptions), settings.exceptions);

    return assemble({.backing = std::move(owner),
                     .alphabet = std::move(alphabet),
                     .automaton = std::move(automaton),
                     .exceptions = std::move(index),
                     .tag = std::move(tag_),
                     .name = std::move(name_text_)},
                    settings,
                    {.mins = {static_cast<int>(left_), static_cast<int>(right_)}, .uchyph = uchyph_, .letters = policy_});
  }

 private:
  std::span<const std::byte> bytes_;
  std::string name_;
  bool compact_;
  const void* unpacked_ = nullptr;  // the Unpacked `owner` holds, once made
  container::Sections sections_;
  LetterPolicy policy_ = LetterPolicy::pattern_letters;
  std::uint32_t left_ = 0, right_ = 0, symbols_ = 0, shift_ = 0, entry_size_ = 0, states_ = 0, dense_ = 0, patterns_ = 0, exception_count_ = 0;
  std::int32_t uchyph_ = 1;
  ExceptionOptions options_;
  std::string tag_, name_text_;
};

}  // namespace

std::shared_ptr<const Model> load_compiled_tex(std::span<const std::byte> bytes, std::shared_ptr<const void> owner,
                                               const Settings& settings, std::string_view name, FilterFrom filter) {
  // Arrays are read in place as u16, u32 and 16-byte windows. A big-endian host turns them
  // into its own order in a copy of the file (the packed rows' window nibbles, bytes inside
  // u16 entries, are then turned too: only the SSE2 walk reads them).
  if constexpr (compiled_bytes::kLittleHost) {
    bytes = container::aligned(bytes, kInPlaceAlignment, owner);
  } else {
    bytes = container::writable_copy(bytes, owner);
  }
  return Loader(bytes, name).model(std::move(owner), settings, filter);
}

}  // namespace hyph::detail
