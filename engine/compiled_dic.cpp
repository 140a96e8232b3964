// The .dic dialect's compiled file: the same container as the TeX dialect's
// (engine/compiled_container.h), its own magic and sections. Everything the engine reads per word (the automata's records, tables,
// matches and digits) is read in place; the small rest is copied.
#include "engine/compiled_dic.h"

#include "engine/compiled_bytes.h"
#include "engine/compiled_container.h"
#include "base/message.h"
#include "base/utf8.h"
#include "dic/data.h"
#include "engine/dic_part.h"
#include "exceptions/exception_index.h"
#include "exceptions/exception_store.h"

#include <hyph/error.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstring>
#include <new>
#include <ostream>
#include <string>
#include <vector>

namespace hyph::detail {

namespace {

using namespace compiled_dic_format;
using dic::DicAutomaton;
using dic::DicMatch;

using container::kAlignment;

// The sections, in the order they must appear; a level's six are kLevel0 + 6 * level + k.
enum Section : std::size_t {
  kInfo,        // DINF: flags, minimums, nohyphenl, cset
  kNoHyphen,    // DNOH: the NOHYPHEN block (elements each ending in '\0')
  kReplace,     // DREP: the replacement texts, each ending in '\0'
  kBytes,       // DBYT: each byte's code point (u32, 0xFFFFFFFF: none), for single-byte charsets
  kCharacters,  // DWCH: the patterns' characters that are not letters or marks, u32, increasing
  kLevel0,      // L0HD, L0ND, L0DT, L0MT, L0DG, L0WN, then L1..
  kSectionCount = kLevel0 + 12,
};
constexpr std::size_t kHead = 0, kNodes = 1, kDelta = 2, kMatches = 3, kDigits = 4, kWindows = 5, kLevelSections = 6;
constexpr std::array<std::array<char, 4>, kSectionCount> kTags{{
    {'D', 'I', 'N', 'F'}, {'D', 'N', 'O', 'H'}, {'D', 'R', 'E', 'P'}, {'D', 'B', 'Y', 'T'}, {'D', 'W', 'C', 'H'},
    {'L', '0', 'H', 'D'}, {'L', '0', 'N', 'D'}, {'L', '0', 'D', 'T'}, {'L', '0', 'M', 'T'}, {'L', '0', 'D', 'G'}, {'L', '0', 'W', 'N'},
    {'L', '1', 'H', 'D'}, {'L', '1', 'N', 'D'}, {'L', '1', 'D', 'T'}, {'L', '1', 'M', 'T'}, {'L', '1', 'D', 'G'}, {'L', '1', 'W', 'N'},
}};
// The checksum leaves out the automata's records and transition tables (megabytes for
// German): DicAutomaton::walk_indices clamps every state it reads from them, so a damaged
// table gives wrong hyphens but no fault, and loading reads none of their bytes.
constexpr std::size_t kLevel1 = kLevel0 + kLevelSections;
constexpr std::size_t kUnchecked[] = {kLevel0 + kNodes, kLevel0 + kDelta, kLevel1 + kNodes, kLevel1 + kDelta};
constexpr container::Format kFormat{kMagic, kVersion, kTags, "compiled .dic dictionary",
                                    "compile the .dic again with hyph-compile --dic", kUnchecked};

// DINF fields.
constexpr std::size_t kInfoSize = 48;
constexpr std::size_t kOffFlags = 0, kOffMins = 4, kOffNohyphenl = 20, kOffCset = 24, kOffInfoReserved = 44;
constexpr std::uint32_t kFlagUtf8 = 1, kFlagNohyphen = 2, kFlagNextlevel = 4, kFlagSingleByte = 8;
// A level's head: the byte tables, then the counts.
constexpr std::size_t kOffRoot = 0, kOffClasses = 1024, kOffColumns = 1280, kOffReplBytes = 1536,
                      kOffClassCount = 1792, kOffRowShift = 1796, kOffStateCount = 1800, kOffHasRepl = 1808,
                      kOffWindowed = 1812, kHeadSize = 1816;


constexpr std::string_view tag_name(std::size_t s) { return container::tag_name(kFormat, s); }

using compiled_bytes::as_bytes;
using compiled_bytes::file_bytes;
using compiled_bytes::kScalar;
using compiled_bytes::read;
using compiled_bytes::write;


// A match as 32 bytes with every padding byte zero (a DicMatch's own padding is unspecified).
std::string match_bytes(std::span<const DicMatch> matches) {
  std::string out(matches.size() * sizeof(DicMatch), '\0');
  for (std::size_t k = 0; k < matches.size(); ++k) {
    const DicMatch& m = matches[k];
    char* p = out.data() + k * sizeof(DicMatch);
    byte_order::store(p + offsetof(DicMatch, digits), m.digits);
    byte_order::store(p + offsetof(DicMatch, replacement), m.replacement);
    std::memcpy(p + offsetof(DicMatch, length), &m.length, 1);
    std::memcpy(p + offsetof(DicMatch, first), &m.first, 1);
    std::memcpy(p + offsetof(DicMatch, end), &m.end, 1);
    std::memcpy(p + offsetof(DicMatch, index), &m.index, 1);
    std::memcpy(p + offsetof(DicMatch, cut), &m.cut, 1);
    p[offsetof(DicMatch, windowed)] = m.windowed ? 1 : 0;
    std::memcpy(p + offsetof(DicMatch, letters), &m.letters, 1);
    std::memcpy(p + offsetof(DicMatch, window), m.window, sizeof m.window);
  }
  return out;
}

std::string level_head(const DicAutomaton::Image& m) {
  std::string head(kHeadSize, '\0');
  for (std::size_t c = 0; c < 256; ++c) write<std::uint32_t>(head, kOffRoot + 4 * c, m.root[c]);
  std::memcpy(head.data() + kOffClasses, m.classes, 256);
  std::memcpy(head.data() + kOffColumns, m.delta_columns, 256);
  for (int c = 0; c < 256; ++c) head[kOffReplBytes + static_cast<std::size_t>(c)] = m.replacement_bytes[c] ? 1 : 0;
  write<std::uint32_t>(head, kOffClassCount, m.class_count);
  write<std::uint32_t>(head, kOffRowShift, m.row_shift);
  write<std::uint64_t>(head, kOffStateCount, m.state_count);
  write<std::uint32_t>(head, kOffHasRepl, m.has_replacements ? 1 : 0);
  write<std::uint32_t>(head, kOffWindowed, m.windowed);
  return head;
}

class Loader {
 public:
  Loader(std::span<const std::byte> bytes, std::string_view name) : bytes_(bytes), name_(name) {}

  [[noreturn]] void fail(const char* what) const { fail(base::MessagePieces{what}); }
  [[noreturn]] void fail(base::MessagePieces what) const { base::throw_error(ErrorCode::bad_format, {name_, ": "}, what); }

  void check_layout() {
    sections_ = container::Sections(bytes_, kFormat, name_);
  }

  std::shared_ptr<const dic::DictionaryData> data(std::shared_ptr<const void> owner) {
    auto d = std::make_shared<dic::DictionaryData>();
    d->name = name_;
    const std::span<const std::byte> info = sections_[kInfo];
    if (info.size() != kInfoSize) fail({"DINF: ", info.size(), " bytes, not 48"});
    const std::byte* i = info.data();
    const auto flags = read<std::uint32_t>(i + kOffFlags);
    if (flags > 15) fail("DINF: unknown flags");
    d->utf8 = (flags & kFlagUtf8) != 0;
    d->has_nohyphen = (flags & kFlagNohyphen) != 0;
    d->explicit_nextlevel = (flags & kFlagNextlevel) != 0;
    d->single_byte = (flags & kFlagSingleByte) != 0;
    signed char* mins[4] = {&d->lhmin, &d->rhmin, &d->clhmin, &d->crhmin};
    for (int k = 0; k < 4; ++k) {
      const auto v = read<std::int32_t>(i + kOffMins + 4 * static_cast<std::size_t>(k));
      if (v < -128 || v > 127) fail("DINF: a minimum beyond a char");
      *mins[k] = static_cast<signed char>(v);
    }
    d->nohyphenl = read<std::int32_t>(i + kOffNohyphenl);
    std::memcpy(d->cset.data(), i + kOffCset, d->cset.size());
    if (read<std::uint32_t>(i + kOffInfoReserved) != 0) fail("DINF: reserved bytes are not zero");
    if (d->utf8 != (std::string_view(d->cset.data(), ::strnlen(d->cset.data(), d->cset.size())) == "UTF-8"))
      fail("DINF: the UTF-8 flag differs from the charset");
    if (d->utf8 && d->single_byte) fail("DINF: UTF-8 and single-byte at once");

    // NOHYPHEN: nohyphenl + 1 elements, each ending in '\0', exactly the section.
    const std::span<const std::byte> nohyphen = sections_[kNoHyphen];
    d->nohyphen.assign(reinterpret_cast<const char*>(nohyphen.data()), nohyphen.size());
    if (d->has_nohyphen) {
      const auto zeros = std::count(d->nohyphen.begin(), d->nohyphen.end(), '\0');
      if (d->nohyphen.empty() || d->nohyphen.back() != '\0' || d->nohyphenl < 0 || zeros != d->nohyphenl + 1)
        fail({"DNOH: not ", d->nohyphenl, " + 1 elements each ending in '\\0'"});
    } else if (!d->nohyphen.empty() || d->nohyphenl != 0) {
      fail("DNOH: a list without the NOHYPHEN flag");
    }

    const std::span<const std::byte> pool = sections_[kReplace];
    d->replacements.assign(reinterpret_cast<const char*>(pool.data()), reinterpret_cast<const char*>(pool.data()) + pool.size());
    if (!d->replacements.empty() && d->replacements.back() != '\0') fail("DREP: the last text does not end in '\\0'");

    const std::span<const std::byte> bytes = sections_[kBytes];
    if (bytes.size() != (d->single_byte ? 1024u : 0u)) fail({"DBYT: ", bytes.size(), " bytes"});
    if (d->single_byte) {
      for (int b = 0; b < 256; ++b) {
        const auto cp = read<std::uint32_t>(bytes.data() + 4 * b);
        if (cp != utf8::kInvalid && (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)))
          fail({"DBYT: byte ", b, " maps to no character"});
        d->byte_to_cp[b] = cp;
      }
    }

    const std::span<const std::byte> chars = sections_[kCharacters];
    if (chars.size() % 4 != 0) fail("DWCH: not a whole number of code points");
    characters_.resize(chars.size() / 4);
    for (std::size_t k = 0; k < characters_.size(); ++k) {
      characters_[k] = read<std::uint32_t>(chars.data() + 4 * k);
      if (characters_[k] > 0x10FFFF || (k > 0 && characters_[k] <= characters_[k - 1]))
        fail("DWCH: code points not increasing valid characters");
    }

    for (std::size_t level = 0; level < 2; ++level) d->level[level] = automaton(level, d->replacements.size());
    d->backing = std::move(owner);
    d->derive();
    return d;
  }

  std::vector<char32_t> take_characters() { return std::move(characters_); }

 private:
  // Section s as an array of T, read in place. A big-endian host loads a copy of the file
  // (load_compiled_dic), whose arrays are turned into its order here, once each.
  template <class T>
  std::span<const T> array(std::size_t s) const {
    const std::span<const T> in_file = sections_.array<T>(s);
    if constexpr (!compiled_bytes::kLittleHost)
      compiled_bytes::host_order(std::span<T>(const_cast<T*>(in_file.data()), in_file.size()), kScalar);
    return in_file;
  }

  DicAutomaton automaton(std::size_t level, std::size_t pool) const {
    const std::size_t base = kLevel0 + kLevelSections * level;
    const std::span<const std::byte> head = sections_[base + kHead];
    if (head.size() != kHeadSize) fail({tag_name(base + kHead), ": ", head.size(), " bytes"});
    const std::byte* h = head.data();
    const auto has_repl = read<std::uint32_t>(h + kOffHasRepl);
    if (has_repl > 1) fail({tag_name(base + kHead), ": bad flag"});
    bool replacement_bytes[256];
    for (int c = 0; c < 256; ++c) {
      const auto v = static_cast<unsigned char>(h[kOffReplBytes + static_cast<std::size_t>(c)]);
      if (v > 1) fail({tag_name(base + kHead), ": bad byte flag"});
      replacement_bytes[c] = v != 0;
    }
    std::uint32_t root[256];
    for (std::size_t c = 0; c < 256; ++c) root[c] = read<std::uint32_t>(h + kOffRoot + 4 * c);
    // Matches are read as DicMatch: their flag byte must be a bool, their padding zero.
    const std::span<const std::byte> matches = sections_[base + kMatches];
    if (matches.size() % sizeof(DicMatch) != 0) fail({tag_name(base + kMatches), ": not a whole number of entries"});
    // Byte by byte, without a branch a match (this runs over every match at load).
    constexpr std::size_t pad = offsetof(DicMatch, letters) + 1, tail = offsetof(DicMatch, window) + sizeof DicMatch::window;
    unsigned bad_flag = 0, bad_pad = 0;
    for (std::size_t k = 0; k < matches.size(); k += sizeof(DicMatch)) {
      const std::byte* x = matches.data() + k;
      bad_flag |= static_cast<unsigned>(x[offsetof(DicMatch, windowed)] > std::byte{1});
      for (std::size_t at = pad; at < offsetof(DicMatch, window); ++at) bad_pad |= static_cast<unsigned>(x[at]);
      for (std::size_t at = tail; at < sizeof(DicMatch); ++at) bad_pad |= static_cast<unsigned>(x[at]);
    }
    if (bad_flag) fail({tag_name(base + kMatches), ": bad window flag"});
    if (bad_pad) fail({tag_name(base + kMatches), ": padding is not zero"});
    DicAutomaton::Image m;
    m.root = root;
    m.classes = reinterpret_cast<const unsigned char*>(h + kOffClasses);
    m.delta_columns = reinterpret_cast<const unsigned char*>(h + kOffColumns);
    m.replacement_bytes = replacement_bytes;
    m.class_count = read<std::uint32_t>(h + kOffClassCount);
    m.row_shift = read<std::uint32_t>(h + kOffRowShift);
    m.state_count = read<std::uint64_t>(h + kOffStateCount);
    m.has_replacements = has_repl != 0;
    m.nodes = array<std::uint32_t>(base + kNodes);
    m.delta = array<std::uint16_t>(base + kDelta);
    m.matches = {reinterpret_cast<const DicMatch*>(matches.data()), matches.size() / sizeof(DicMatch)};
    if constexpr (!compiled_bytes::kLittleHost)
      for (const DicMatch& match : m.matches) {
        auto& own = const_cast<DicMatch&>(match);  // in the loader's copy of the file (array())
        own.digits = byte_order::reversed(own.digits);
        own.replacement = byte_order::reversed(own.replacement);
      }
    m.digits = array<char>(base + kDigits);
    m.windowed = read<std::uint32_t>(h + kOffWindowed);
    m.windows = array<unsigned char>(base + kWindows);
    return DicAutomaton::adopt(m, pool, base::message({name_, ": level ", level}));
  }

  std::span<const std::byte> bytes_;
  std::string name_;
  container::Sections sections_;
  std::vector<char32_t> characters_;
};

}  // namespace

std::optional<std::uint64_t> compiled_dic_checksum(std::span<const std::byte> bytes) noexcept { return container::checksum(bytes, kFormat); }

bool is_compiled_dic(std::span<const std::byte> bytes) noexcept { return container::has_magic(bytes, kFormat); }

void write_compiled_dic(const Model& model, std::string_view, std::string_view, CompiledLayout, std::ostream& out) {
  const DicPart& part = dic_part_of(model);
  const dic::DictionaryData& d = part.dictionary.data();
  std::string info(kInfoSize, '\0');
  write<std::uint32_t>(info, kOffFlags, (d.utf8 ? kFlagUtf8 : 0) | (d.has_nohyphen ? kFlagNohyphen : 0) |
                                          (d.explicit_nextlevel ? kFlagNextlevel : 0) | (d.single_byte ? kFlagSingleByte : 0));
  const signed char mins[4] = {d.lhmin, d.rhmin, d.clhmin, d.crhmin};
  for (std::size_t k = 0; k < 4; ++k) write<std::int32_t>(info, kOffMins + 4 * k, mins[k]);
  write<std::int32_t>(info, kOffNohyphenl, d.has_nohyphen ? d.nohyphenl : 0);
  std::memcpy(info.data() + kOffCset, d.cset.data(), d.cset.size());

  std::string bytes;
  if (d.single_byte) {
    bytes.assign(1024, '\0');
    for (std::size_t b = 0; b < 256; ++b) write<std::uint32_t>(bytes, 4 * b, d.byte_to_cp[b]);
  }
  std::string characters(part.word_characters.size() * 4, '\0');
  for (std::size_t k = 0; k < part.word_characters.size(); ++k) write<std::uint32_t>(characters, 4 * k, part.word_characters[k]);

  std::array<std::string, kSectionCount> owned, swapped;
  std::array<std::string_view, kSectionCount> contents{};
  owned[kInfo] = std::move(info);
  owned[kBytes] = std::move(bytes);
  owned[kCharacters] = std::move(characters);
  contents[kNoHyphen] = d.has_nohyphen ? std::string_view(d.nohyphen) : std::string_view();
  contents[kReplace] = std::string_view(d.replacements.data(), d.replacements.size());
  for (std::size_t level = 0; level < 2; ++level) {
    const DicAutomaton::Image m = d.level[level].image();
    const std::size_t base = kLevel0 + kLevelSections * level;
    owned[base + kHead] = level_head(m);
    contents[base + kWindows] = as_bytes(m.windows);
    // Little-endian copies on a big-endian host only (file_bytes). A sparse node's labels are
    // bytes packed into u32 words in increasing significance (dic/automaton.h), so they too
    // are words to turn.
    contents[base + kNodes] = file_bytes(m.nodes, swapped[base + kNodes], kScalar);
    contents[base + kDelta] = file_bytes(m.delta, swapped[base + kDelta], kScalar);
    owned[base + kMatches] = match_bytes(m.matches);
    contents[base + kDigits] = as_bytes(m.digits);
  }
  for (std::size_t s = 0; s < kSectionCount; ++s)
    if (!owned[s].empty()) contents[s] = owned[s];

  container::write_file(kFormat, contents, out);
}

std::shared_ptr<const Model> load_compiled_dic(std::span<const std::byte> bytes, std::shared_ptr<const void> owner,
                                               const Settings& settings, std::string_view name) {
  // The file keeps the minimums its source's lines gave, with the compound ones already derived
  // from them: leaving those lines out (Hyphenator::load_dic_bytes) needs the source.
  if (settings.dic_minimums == DicMinimums::settings_only)
    base::throw_error(ErrorCode::invalid_argument, {name,
                                                    ": dic_minimums = settings_only needs the .dic source; a compiled dictionary "
                                                    "keeps the minimums it was compiled with"});
  // Matches are read in place as 32-byte aligned records (and the rest at its sections' 64).
  if constexpr (compiled_bytes::kLittleHost) {
    bytes = container::aligned(bytes, kAlignment, owner);
  } else {
    bytes = container::writable_copy(bytes, owner);  // its arrays turned into the host's order
  }
  Loader loader(bytes, name);
  loader.check_layout();
  auto data = loader.data(std::move(owner));
  const std::string source(name);
  auto part = std::make_shared<const DicPart>(
      make_dic_part(dic::Dictionary::from_data(std::move(data)), loader.take_characters(), source, settings));
  return assemble({.backing = nullptr,
                   .alphabet = {},
                   .automaton = {},
                   .exceptions = exceptions::ExceptionIndex(std::make_unique<exceptions::MemoryStore>(), settings.exceptions),
                   .dic = std::move(part)},
                  settings, kPlainTexDefaults);
}

}  // namespace hyph::detail
