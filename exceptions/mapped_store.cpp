#include "exceptions/mapped_store.h"
#include "base/message.h"
#include "base/out_of_memory.h"
#include "base/utf8.h"

#include <hyph/error.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <ostream>
#include <utility>

namespace hyph::exceptions {
namespace {

using namespace store_format;

// Little-endian loads and stores, whatever the host (compilers turn them into one move).
std::uint32_t load32(const std::byte* p) noexcept {
  unsigned char b[4];
  std::memcpy(b, p, 4);
  return std::uint32_t{b[0]} | std::uint32_t{b[1]} << 8 | std::uint32_t{b[2]} << 16 | std::uint32_t{b[3]} << 24;
}
std::uint64_t load64(const std::byte* p) noexcept {
  return std::uint64_t{load32(p)} | std::uint64_t{load32(p + 4)} << 32;
}
void store32(char* p, std::uint32_t v) noexcept {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<char>(v >> (8 * i));
}
void store64(char* p, std::uint64_t v) noexcept {
  store32(p, static_cast<std::uint32_t>(v));
  store32(p + 4, static_cast<std::uint32_t>(v >> 32));
}

// Header fields (doc/exception-store-format.md).
constexpr std::size_t kOffVersion = 8, kOffHeaderSize = 12, kOffFileSize = 16, kOffEntries = 24, kOffDirBits = 32,
                      kOffReserved = 36, kOffLetters = 40, kOffKeyBytes = 48, kOffChecksum = 56;
constexpr unsigned kMaxDirBits = 40;

constexpr std::uint64_t pad8(std::uint64_t n) noexcept { return (n + 7) & ~std::uint64_t{7}; }

// Section sizes from the counts; false if they overflow.
struct Layout {
  std::uint64_t directory, table, letters, keys, total;
};
bool layout_of(std::uint64_t entries, unsigned dir_bits, std::uint64_t letters, std::uint64_t key_bytes, Layout& out) {
  if (dir_bits > kMaxDirBits || entries > (std::uint64_t{1} << 40) || letters > (std::uint64_t{1} << 40) ||
      key_bytes > (std::uint64_t{1} << 48))
    return false;
  out.directory = kHeaderSize;
  out.table = out.directory + pad8(((std::uint64_t{1} << dir_bits) + 1) * 4);
  out.letters = out.table + entries * kEntrySize;
  out.keys = out.letters + pad8(letters * 4);
  out.total = out.keys + pad8(key_bytes);
  return true;
}

// The checksum: XXH3-64 of the body, seeded with XXH3-64 of the header's first 56 bytes.
std::uint64_t checksum_of(const void* header, const void* body, std::size_t body_size) noexcept {
  return XXH3_64bits_withSeed(body, body_size, XXH3_64bits(header, kOffChecksum));
}

// Calls on_letter for each code point of a key; returns what is wrong, or nullptr if the key
// is valid (1..252 bytes of strict UTF-8, 1..63 code points, no NUL).
template <class OnLetter>
const char* check_key(std::string_view key, OnLetter on_letter) {
  if (key.empty()) return "an empty key";
  if (key.size() > kMaxKeyBytes) return "a key of more than 252 bytes";
  const auto* p = reinterpret_cast<const unsigned char*>(key.data());
  const auto* const end = p + key.size();
  std::size_t letters = 0;
  while (p < end) {
    const utf8::Decoded d = utf8::decode(p, end);
    if (d.cp == utf8::kInvalid) return "a key that is not valid UTF-8";
    const char32_t cp = d.cp;
    const unsigned n = d.length;
    if (cp == 0) return "a key with a NUL character";
    if (++letters > kMaxLetters) return "a key of more than 63 letters";
    on_letter(cp);
    p += n;
  }
  return nullptr;
}

[[noreturn]] void corrupt(std::string_view name, base::MessagePieces reason) {
  base::throw_error(ErrorCode::bad_format, {name, ": not a valid exception store: "}, reason);
}
[[noreturn]] void corrupt(std::string_view name, const char* reason) { corrupt(name, base::MessagePieces{reason}); }

}  // namespace

unsigned store_format::directory_bits_for(std::uint64_t entries) noexcept {
  const std::uint64_t buckets = std::max<std::uint64_t>(1, (entries + 1) / 2);
  return static_cast<unsigned>(std::bit_width(std::bit_ceil(buckets)) - 1);
}

// ---------------------------------------------------------------------------------------
// MappedStore

MappedStore MappedStore::open(const std::filesystem::path& path) {
  MappedStore s;
  // From a pipe: as many bytes as the header declares (its own 64 for what is not a store's).
  const base::FileBytes::DeclaredSize declared{kHeaderSize, [](std::span<const std::byte> header) -> std::uint64_t {
    return std::memcmp(header.data(), kMagic, sizeof kMagic) == 0 ? load64(header.data() + kOffFileSize) : kHeaderSize;
  }};
  s.file_ = base::naming_out_of_memory(path.string(), [&] { return base::FileBytes::read(path, "an exception store", declared); });
  s.base_ = s.file_->bytes().data();
  s.size_ = s.file_->bytes().size();
  s.validate(s.file_->name());
  return s;
}

MappedStore MappedStore::view(std::span<const std::byte> bytes, std::string_view name) {
  MappedStore s;
  s.base_ = bytes.data();
  s.size_ = bytes.size();
  s.validate(name);
  return s;
}

MappedStore::MappedStore(MappedStore&& other) noexcept { *this = std::move(other); }

MappedStore& MappedStore::operator=(MappedStore&& other) noexcept {
  if (this != &other) {
    name_ = std::move(other.name_);
    file_ = std::move(other.file_);
    other.file_.reset();
    base_ = std::exchange(other.base_, nullptr);
    size_ = std::exchange(other.size_, 0);
    entries_ = std::exchange(other.entries_, 0);
    dir_bits_ = std::exchange(other.dir_bits_, 0);
    letter_count_ = std::exchange(other.letter_count_, 0);
    directory_ = std::exchange(other.directory_, nullptr);
    table_ = std::exchange(other.table_, nullptr);
    letters_ = std::exchange(other.letters_, nullptr);
    keys_ = std::exchange(other.keys_, nullptr);
  }
  return *this;
}

MappedStore::~MappedStore() = default;

void MappedStore::validate(std::string_view name) {
  const std::byte* const b = base_;
  if (size_ < kHeaderSize)
    corrupt(name, {"truncated: ", size_, " bytes, less than the 64-byte header"});
  if (std::memcmp(b, kMagic, sizeof kMagic) != 0) corrupt(name, "wrong magic number (not a libhyph exception store)");
  const std::uint32_t version = load32(b + kOffVersion);
  if (version != kVersion)
    corrupt(name, {"format version ", version, ", this libhyph reads version ", kVersion});
  if (load32(b + kOffHeaderSize) != kHeaderSize) corrupt(name, "wrong header size");
  const std::uint64_t file_size = load64(b + kOffFileSize);
  if (file_size != size_)
    corrupt(name, {"the header says ", file_size, " bytes, there are ", size_, (file_size > size_ ? " (truncated)" : "")});
  if (load32(b + kOffReserved) != 0) corrupt(name, "reserved header field is not zero");
  const std::uint64_t n = load64(b + kOffEntries);
  const std::uint32_t dir_bits = load32(b + kOffDirBits);
  const std::uint64_t letter_count = load64(b + kOffLetters);
  const std::uint64_t key_bytes = load64(b + kOffKeyBytes);
  Layout layout{};
  if (!layout_of(n, dir_bits, letter_count, key_bytes, layout) || layout.total != size_)
    corrupt(name, "section sizes do not add up to the file size");
  if (n > 0xFFFFFFFFu || key_bytes > 0xFFFFFFFFu) corrupt(name, "more entries or key bytes than the format allows");
  if (checksum_of(b, b + kHeaderSize, size_ - kHeaderSize) != load64(b + kOffChecksum))
    corrupt(name, "checksum mismatch (the file is damaged)");

  // From here on a valid checksum makes accidents unlikely, but the structure is checked in
  // full all the same: a crafted file must not make a lookup read out of bounds or lie.
  const std::byte* const dir = b + layout.directory;
  const std::byte* const table = b + layout.table;
  const std::byte* const letters = b + layout.letters;
  const std::byte* const keys = b + layout.keys;
  for (std::uint64_t p = ((std::uint64_t{1} << dir_bits) + 1) * 4; p < layout.table - layout.directory; ++p)
    if (dir[p] != std::byte{0}) corrupt(name, "padding is not zero");
  for (std::uint64_t p = letter_count * 4; p < layout.keys - layout.letters; ++p)
    if (letters[p] != std::byte{0}) corrupt(name, "padding is not zero");
  for (std::uint64_t p = key_bytes; p < size_ - layout.keys; ++p)
    if (keys[p] != std::byte{0}) corrupt(name, "padding is not zero");

  // Letters: strictly increasing Unicode scalar values.
  std::vector<char32_t> letter_list(letter_count);
  for (std::uint64_t i = 0; i < letter_count; ++i) {
    const std::uint32_t cp = load32(letters + 4 * i);
    if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) corrupt(name, "a letter that is not a code point");
    if (i > 0 && cp <= letter_list[i - 1]) corrupt(name, "letters not in strictly increasing order");
    letter_list[i] = cp;
  }
  std::vector<bool> letter_used(letter_count, false);
  // ASCII letters by table (the common case), others by binary search.
  std::int32_t ascii_index[128];
  std::fill(std::begin(ascii_index), std::end(ascii_index), -1);
  for (std::size_t i = 0; i < letter_list.size() && letter_list[i] < 128; ++i) ascii_index[letter_list[i]] = static_cast<std::int32_t>(i);
  bool ascii_used[128] = {};
  auto use_letter = [&](char32_t cp) {
    if (cp < 128) return ascii_index[cp] >= 0 && (ascii_used[cp] = true);
    auto it = std::lower_bound(letter_list.begin(), letter_list.end(), cp);
    if (it == letter_list.end() || *it != cp) return false;
    letter_used[static_cast<std::size_t>(it - letter_list.begin())] = true;
    return true;
  };

  // Directory: bucket b holds entries [dir[b], dir[b+1]).
  const std::uint64_t buckets = std::uint64_t{1} << dir_bits;
  if (load32(dir) != 0 || load32(dir + 4 * buckets) != n) corrupt(name, "directory does not cover the table");
  std::uint64_t offset = 0, previous_hash = 0;
  std::uint64_t run_start = 0;  // first entry of the current run of equal hashes
  for (std::uint64_t bucket = 0; bucket < buckets; ++bucket) {
    const std::uint32_t first = load32(dir + 4 * bucket), last = load32(dir + 4 * (bucket + 1));
    if (last < first) corrupt(name, "directory not in increasing order");
    for (std::uint64_t i = first; i < last; ++i) {
      const std::byte* e = table + i * kEntrySize;
      const std::uint64_t hash = load64(e);
      const std::uint32_t key_offset = load32(e + 16);
      const auto key_length = static_cast<std::uint8_t>(e[20]);
      if (e[21] != std::byte{0} || e[22] != std::byte{0} || e[23] != std::byte{0})
        corrupt(name, "entry padding is not zero");
      if ((dir_bits == 0 ? 0 : hash >> (64 - dir_bits)) != bucket) corrupt(name, "an entry in the wrong bucket");
      if (i > 0 && hash < previous_hash) corrupt(name, "entries not sorted by hash");
      if (key_offset != offset || key_length > key_bytes - offset) corrupt(name, "key bytes out of place");
      const std::string_view key(reinterpret_cast<const char*>(keys + offset), key_length);
      bool unknown_letter = false;
      if (const char* problem = check_key(key, [&](char32_t cp) { unknown_letter |= !use_letter(cp); })) corrupt(name, problem);
      if (unknown_letter) corrupt(name, "a key uses a letter missing from the letter list");
      if (base::hash_key(key) != hash) corrupt(name, "a key whose stored hash is wrong");
      if (i == 0 || hash != previous_hash) run_start = i;
      for (std::uint64_t j = run_start; j < i; ++j) {
        const std::byte* other = table + j * kEntrySize;
        const std::string_view other_key(reinterpret_cast<const char*>(keys + load32(other + 16)),
                                         static_cast<std::uint8_t>(other[20]));
        if (other_key == key) corrupt(name, "a key stored twice");
      }
      previous_hash = hash;
      offset += key_length;
    }
  }
  if (offset != key_bytes) corrupt(name, "key bytes not all used");
  for (char32_t cp = 0; cp < 128; ++cp)
    if (ascii_used[cp]) letter_used[static_cast<std::size_t>(ascii_index[cp])] = true;
  if (std::find(letter_used.begin(), letter_used.end(), false) != letter_used.end())
    corrupt(name, "a letter no key uses");

  name_ = name;
  entries_ = n;
  dir_bits_ = dir_bits;
  letter_count_ = letter_count;
  directory_ = dir;
  table_ = table;
  letters_ = letters;
  keys_ = keys;
}

std::optional<HyphenMask> MappedStore::find(std::string_view key, std::uint64_t hash) const noexcept {
  if (entries_ == 0) return std::nullopt;
  const std::uint64_t bucket = dir_bits_ == 0 ? 0 : hash >> (64 - dir_bits_);
  const std::uint32_t last = load32(directory_ + 4 * bucket + 4);
  for (std::uint32_t i = load32(directory_ + 4 * bucket); i < last; ++i) {
    const std::byte* e = table_ + std::uint64_t{i} * kEntrySize;
    const std::uint64_t h = load64(e);
    if (h < hash) continue;
    if (h > hash) break;
    if (static_cast<std::uint8_t>(e[20]) == key.size() && std::memcmp(keys_ + load32(e + 16), key.data(), key.size()) == 0)
      return load64(e + 8);
  }
  return std::nullopt;
}

void MappedStore::for_each(const std::function<void(std::string_view, HyphenMask)>& visit) const {
  for (std::uint64_t i = 0; i < entries_; ++i) {
    const std::byte* e = table_ + i * kEntrySize;
    visit(std::string_view(reinterpret_cast<const char*>(keys_ + load32(e + 16)), static_cast<std::uint8_t>(e[20])),
          load64(e + 8));
  }
}

void MappedStore::append_hashes(std::vector<std::uint64_t>& out) const {
  out.reserve(out.size() + entries_);
  for (std::uint64_t i = 0; i < entries_; ++i) out.push_back(load64(table_ + i * kEntrySize));
}

std::string MappedStore::describe() const {
  const char* how = !file_ ? "view of " : "file read into memory ";
  return base::message({how, name_, ", ", entries_, " keys, ", size_, " bytes"});
}

std::vector<char32_t> MappedStore::letters() const {
  std::vector<char32_t> out(letter_count_);
  for (std::uint64_t i = 0; i < letter_count_; ++i) out[i] = load32(letters_ + 4 * i);
  return out;
}

// ---------------------------------------------------------------------------------------
// Writing

void StoreWriter::add(std::string_view key, HyphenMask mask) {
  if (const char* problem = check_key(key, [](char32_t) {}))
    throw Error(ErrorCode::invalid_argument, std::string("exception store: cannot hold ") + problem);
  added_.push_back({base::hash_key(key), added_.size(), arena_.size(), static_cast<std::uint32_t>(key.size()), mask});
  arena_.append(key);
}

namespace {

// The entries in file order, each key once with its latest mask.
template <class Added>
std::vector<Added> resolve(std::vector<Added> all, const std::string& arena) {
  auto key_of = [&](const Added& a) { return std::string_view(arena).substr(a.offset, a.length); };
  std::sort(all.begin(), all.end(), [&](const Added& x, const Added& y) {
    if (x.hash != y.hash) return x.hash < y.hash;
    const int c = key_of(x).compare(key_of(y));
    return c != 0 ? c < 0 : x.order > y.order;  // the latest add first
  });
  std::vector<Added> out;
  out.reserve(all.size());
  for (const Added& a : all)
    if (out.empty() || out.back().hash != a.hash || key_of(out.back()) != key_of(a)) out.push_back(a);
  return out;
}

}  // namespace

std::size_t StoreWriter::size() const { return resolve(added_, arena_).size(); }

std::string StoreWriter::bytes() const {
  const auto entries = resolve(added_, arena_);
  const std::uint64_t n = entries.size();
  std::uint64_t key_bytes = 0;
  // Each code point listed the first time it is seen, then sorted: a scan of all 0x110000
  // instead was most of the cost of writing a small store.
  std::vector<bool> used(0x110000, false);
  std::vector<char32_t> letters;
  for (const Added& a : entries) {
    key_bytes += a.length;
    check_key(std::string_view(arena_).substr(a.offset, a.length), [&](char32_t cp) {
      if (!used[cp]) letters.push_back(cp);
      used[cp] = true;
    });
  }
  std::sort(letters.begin(), letters.end());
  if (n > 0xFFFFFFFFu) throw Error(ErrorCode::capacity, "exception store: more than 2^32 - 1 entries");
  if (key_bytes > 0xFFFFFFFFu) throw Error(ErrorCode::capacity, "exception store: more than 4 GiB of key bytes");

  const unsigned dir_bits = directory_bits_for(n);
  Layout layout{};
  if (!layout_of(n, dir_bits, letters.size(), key_bytes, layout))
    throw Error(ErrorCode::capacity, "exception store: too large");
  std::string out(layout.total, '\0');
  char* const b = out.data();
  std::memcpy(b, kMagic, sizeof kMagic);
  store32(b + kOffVersion, kVersion);
  store32(b + kOffHeaderSize, kHeaderSize);
  store64(b + kOffFileSize, layout.total);
  store64(b + kOffEntries, n);
  store32(b + kOffDirBits, dir_bits);
  store64(b + kOffLetters, letters.size());
  store64(b + kOffKeyBytes, key_bytes);

  const std::uint64_t buckets = std::uint64_t{1} << dir_bits;
  std::uint64_t next_bucket = 0, offset = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    const Added& a = entries[i];
    const std::uint64_t bucket = dir_bits == 0 ? 0 : a.hash >> (64 - dir_bits);
    while (next_bucket <= bucket) store32(b + layout.directory + 4 * next_bucket++, static_cast<std::uint32_t>(i));
    char* e = b + layout.table + i * kEntrySize;
    store64(e, a.hash);
    store64(e + 8, a.mask);
    store32(e + 16, static_cast<std::uint32_t>(offset));
    e[20] = static_cast<char>(a.length);
    std::memcpy(b + layout.keys + offset, arena_.data() + a.offset, a.length);
    offset += a.length;
  }
  while (next_bucket <= buckets) store32(b + layout.directory + 4 * next_bucket++, static_cast<std::uint32_t>(n));
  for (std::size_t i = 0; i < letters.size(); ++i) store32(b + layout.letters + 4 * i, letters[i]);
  store64(b + kOffChecksum, checksum_of(b, b + kHeaderSize, out.size() - kHeaderSize));
  return out;
}

void StoreWriter::write(std::ostream& out) const {
  const std::string b = bytes();
  out.write(b.data(), static_cast<std::streamsize>(b.size()));
  if (!out) throw Error(ErrorCode::io, "exception store: write error");
}

void write_store(const ExceptionStore& store, std::ostream& out) {
  StoreWriter writer;
  store.for_each([&](std::string_view key, HyphenMask mask) { writer.add(key, mask); });
  writer.write(out);
}

}  // namespace hyph::exceptions
