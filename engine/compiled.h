// Any compiled file (doc/compiled-format.md): one container (engine/compiled_container.h), a
// format per dialect told apart by its magic: TeX's (engine/compiled_tex.h, "\x89HYB") and
// libhyphen's (engine/compiled_dic.h, "\x89HYD"). Each dialect writes its own
// (DialectRules::write_compiled); this reads either.
#pragma once

#include "engine/model.h"

#include <cstddef>
#include <filesystem>
#include <memory>
#include <span>
#include <string_view>

namespace hyph::detail {

/// Where the loaded model's exception filter comes from (TeX's format: the other has none).
enum class FilterFrom {
  file,      ///< the file's; Settings::exceptions is not looked at (load_compiled)
  settings,  ///< Settings::exceptions: the file's filter if it is that one, else a new one (english())
};

/// A model reading `bytes` in place, by the format its magic names (copied first if they are
/// not aligned as that format reads them); `owner` keeps them alive (null if they are static).
/// `name` names the file in messages. Throws Error(bad_format) "NAME: problem" for anything
/// that is not exactly a file the format's writer could have made.
std::shared_ptr<const Model> load_compiled(std::span<const std::byte> bytes, std::shared_ptr<const void> owner,
                                           const Settings& settings, std::string_view name, FilterFrom filter);

/// Reads the file whole into memory of its own (base::FileBytes) and loads it. Throws
/// Error(io) if it cannot be read, or is a directory or a device.
std::shared_ptr<const Model> load_compiled_file(const std::filesystem::path& path, const Settings& settings);

}  // namespace hyph::detail
