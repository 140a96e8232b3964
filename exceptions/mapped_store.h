// A read-only exception store over a byte region in the on-disk format of
// doc/exception-store-format.md: a compiled exception dictionary that is read in place, not
// parsed.
//
//   auto store = MappedStore::open("house.hyphstore");   // read whole into memory, checked
//   store.find("table", base::hash_key("table"));              // the stored mask, if any
//
// The region is validated completely once, when it is opened or viewed (bounds, sizes,
// checksum, sort order, every key's hash, UTF-8 and letters, no duplicate keys); after that
// every lookup trusts it. A region that fails any check throws
// hyph::Error(ErrorCode::bad_format) naming what is wrong; no input makes it read out of
// bounds. Lookups: the key hash's top d bits pick a bucket of a directory, which gives the
// run of entries (sorted by hash) to compare: about 2 cache lines and one key compare.
//
// Writing: StoreWriter collects (key, mask) pairs, later ones replacing earlier ones as a
// later \hyphenation does in TeX, and writes the file; write_store() writes any store.
#pragma once

#include "base/file_bytes.h"
#include "exceptions/exception_store.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hyph::exceptions {

class MappedStore final : public ExceptionStore {
 public:
  /// Reads the file whole into memory of its own (base::FileBytes: never a mapping, so a
  /// file rewritten or truncated while in use changes nothing here; from a pipe, as many bytes
  /// as its header declares) and validates it. Throws Error(io) if the file cannot be read or
  /// is a directory or a device, Error(bad_format) if it is not a valid store ("path: reason").
  static MappedStore open(const std::filesystem::path& path);
  /// Validates a store held in memory elsewhere (e.g. a section of a compiled pattern file).
  /// Nothing is copied: `bytes` must outlive the store. No alignment is required.
  static MappedStore view(std::span<const std::byte> bytes, std::string_view name = "store");

  MappedStore(MappedStore&& other) noexcept;
  MappedStore& operator=(MappedStore&& other) noexcept;
  MappedStore(const MappedStore&) = delete;
  MappedStore& operator=(const MappedStore&) = delete;
  ~MappedStore() override;

  std::optional<HyphenMask> find(std::string_view key, std::uint64_t hash) const noexcept override;
  std::size_t size() const noexcept override { return static_cast<std::size_t>(entries_); }
  /// Visits the entries in the file's order (by hash).
  void for_each(const std::function<void(std::string_view key, HyphenMask mask)>& visit) const override;
  /// The stored hashes, read from the table (no key is hashed again).
  void append_hashes(std::vector<std::uint64_t>& out) const override;

  /// Every code point its keys use, in increasing order (the store's letters: a model that
  /// uses the store takes them into its alphabet, as it would an exception source's).
  std::vector<char32_t> letters() const;
  /// The whole region (e.g. to advise the kernel about its pages).
  std::span<const std::byte> bytes() const noexcept { return {base_, size_}; }
  /// Directory size: 2^directory_bits buckets.
  unsigned directory_bits() const noexcept { return dir_bits_; }
  /// "file read into memory NAME, N keys, B bytes" (or "view of NAME...").
  std::string describe() const override;

 private:
  MappedStore() = default;
  void validate(std::string_view name);

  // The file's bytes (open), or none (view: the caller owns them).
  std::string name_;
  std::optional<base::FileBytes> file_;
  const std::byte* base_ = nullptr;
  std::size_t size_ = 0;

  std::uint64_t entries_ = 0;
  unsigned dir_bits_ = 0;
  std::uint64_t letter_count_ = 0;
  const std::byte* directory_ = nullptr;  // (2^d + 1) little-endian u32
  const std::byte* table_ = nullptr;      // entries_ × 24 bytes
  const std::byte* letters_ = nullptr;    // letter_count_ little-endian u32
  const std::byte* keys_ = nullptr;       // key bytes
};

/// Collects entries and writes a store file. Not thread-safe.
class StoreWriter {
 public:
  /// Adds `key` (a lower-case word as the engine looks it up: UTF-8, 1..63 letters) with its
  /// mask; a later add of the same key replaces the earlier one. Throws
  /// Error(invalid_argument) for an empty key, invalid UTF-8 or more than 63 code points.
  void add(std::string_view key, HyphenMask mask);
  /// Distinct keys so far.
  std::size_t size() const;
  /// Writes the store. Throws Error(capacity) past 2^32 − 1 entries or 4 GiB of key bytes,
  /// Error(io) if the stream fails.
  void write(std::ostream& out) const;
  /// The bytes write() would write.
  std::string bytes() const;

 private:
  struct Added {
    std::uint64_t hash;
    std::uint64_t order;  // position of the add: the latest wins
    std::uint64_t offset;
    std::uint32_t length;
    HyphenMask mask;
  };
  std::vector<Added> added_;
  std::string arena_;
};

/// Writes every entry of `store` in the store format (see StoreWriter::add for what keys may be).
void write_store(const ExceptionStore& store, std::ostream& out);

/// The format's constants (doc/exception-store-format.md).
namespace store_format {
inline constexpr char kMagic[8] = {'H', 'Y', 'P', 'H', 'E', 'X', 'C', '\x1A'};
inline constexpr std::uint32_t kVersion = 1;
inline constexpr std::size_t kHeaderSize = 64;
inline constexpr std::size_t kEntrySize = 24;
inline constexpr std::size_t kMaxKeyBytes = 252;  // 63 letters of at most 4 UTF-8 bytes
inline constexpr std::size_t kMaxLetters = 63;
/// The directory size the writer picks: 2^d >= n/2 (one or two entries per bucket).
unsigned directory_bits_for(std::uint64_t entries) noexcept;
}  // namespace store_format

}  // namespace hyph::exceptions
