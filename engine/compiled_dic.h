// The compiled format of libhyphen's dialect (doc/compiled-format.md, "The .dic dialect"):
// a `.dic` dictionary as libhyph loads it — both levels' automata, the replacement texts,
// NOHYPHEN, the minimums, the charset — in one little-endian file read in place. Its own
// magic ("\x89HYD"), so that load_compiled tells the dialect from the first bytes; the TeX
// dialect's sections (engine/compiled_tex.cpp) are untouched by it.
#pragma once

#include "engine/model.h"

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

namespace hyph::detail {

namespace compiled_dic_format {
inline constexpr unsigned char kMagic[8] = {0x89, 'H', 'Y', 'D', '\r', '\n', 0x1A, '\n'};
inline constexpr std::uint32_t kVersion = 2;
}  // namespace compiled_dic_format

struct DicPart;

/// The checksum a file with these bytes carries at offset 56 (every byte but the checksum's
/// and the automata's records and tables), or none if the section table cannot be read. For
/// tests and fuzzing: damage a file, then fix its checksum so that the checks behind it run.
std::optional<std::uint64_t> compiled_dic_checksum(std::span<const std::byte> bytes) noexcept;

/// Whether `bytes` begin with the .dic dialect's magic (the rest may still be invalid).
bool is_compiled_dic(std::span<const std::byte> bytes) noexcept;

/// Writes the dictionary of a model of libhyphen's dialect (deterministic: the same dictionary,
/// the same bytes). The format has one layout and no tag or name: `tag`, `name` and `layout`
/// (DialectRules::write_compiled) are not used. Throws Error(io) if the stream fails.
void write_compiled_dic(const Model& model, std::string_view tag, std::string_view name, CompiledLayout layout, std::ostream& out);

/// A model of libhyphen's dialect reading `bytes` in place (copied first unless 64-byte
/// aligned); `owner` keeps them alive (null if static). Settings as for Hyphenator::load_dic.
/// Throws Error(bad_format) "NAME: what is wrong" for anything write_compiled_dic could not
/// have written.
std::shared_ptr<const Model> load_compiled_dic(std::span<const std::byte> bytes, std::shared_ptr<const void> owner,
                                               const Settings& settings, std::string_view name);

}  // namespace hyph::detail
