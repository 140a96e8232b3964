// The compiled pattern format (doc/compiled-format.md): a whole model — letters, automaton,
// exceptions, filter, minimums — in one little-endian file whose arrays the loaded model reads
// in place, from a copy in memory. Written by write_compiled_tex(); read by load_compiled(), which checks
// everything once ("validate once, then trust") and throws Error(bad_format) naming the file
// and the problem for anything that is not exactly a file write_compiled_tex() could have made.
#pragma once

#include "engine/compiled.h"
#include "engine/model.h"

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

namespace hyph::detail {

namespace compiled_format {
inline constexpr unsigned char kMagic[8] = {0x89, 'H', 'Y', 'B', '\r', '\n', 0x1A, '\n'};
inline constexpr std::uint32_t kVersion = 4;
/// The compact form (CompiledLayout::compact): the same container and sections but for the
/// nodes and edges, packed (engine/compact_tables.h), under a magic of its own.
inline constexpr unsigned char kCompactMagic[8] = {0x89, 'H', 'Y', 'C', '\r', '\n', 0x1A, '\n'};
inline constexpr std::uint32_t kCompactVersion = 1;
/// The least alignment of bytes in memory that are read in place; others are copied first.
inline constexpr std::size_t kInPlaceAlignment = 16;
inline constexpr std::size_t kInfoSize = 64;
inline constexpr std::size_t kMaxTagBytes = 255;
inline constexpr std::size_t kMaxNameBytes = 4096;
}  // namespace compiled_format

/// The checksum a file with these bytes carries at offset 56 (every byte but the checksum's
/// and the dense rows'; the compact form's: every byte but the checksum's), or none if the header or the ROWS entry cannot be read. For tests
/// and fuzzing: damage a file, then fix its checksum so that the checks behind it run.
std::optional<std::uint64_t> compiled_checksum(std::span<const std::byte> bytes) noexcept;

/// Whether `bytes` begin with the compiled format's magic, or the compact form's (the rest may
/// still be invalid).
bool is_compiled(std::span<const std::byte> bytes) noexcept;

/// Writes `model` in the compiled format, with `tag` and `name` (empty: the model's own), its
/// automaton in the small layout or the fast one (doc/compiled-format.md, "Layouts"), or the
/// small layout packed in the compact form.
/// Deterministic: the same model gives the same bytes. Throws Error(invalid_argument) for a
/// filter kind without a serialized form, Error(io) if the stream fails.
void write_compiled_tex(const Model& model, std::string_view tag, std::string_view name, CompiledLayout layout, std::ostream& out);

/// A model of TeX's dialect reading `bytes` in place (load_compiled, engine/compiled.h, for
/// a file with this format's magic; the compact form's nodes and edges are unpacked into
/// memory of the model's own, the rest read in place): arrays are read in place once `bytes` are
/// kInPlaceAlignment-aligned (copied first otherwise, `owner` then keeping the copy). Settings
/// override the file's minimums and \uchyph; a letter policy other than the file's is
/// Error(invalid_argument).
std::shared_ptr<const Model> load_compiled_tex(std::span<const std::byte> bytes, std::shared_ptr<const void> owner,
                                               const Settings& settings, std::string_view name, FilterFrom filter);

}  // namespace hyph::detail
