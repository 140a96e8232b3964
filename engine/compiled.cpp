#include "engine/compiled.h"

#include "engine/compiled_container.h"
#include "engine/compiled_dic.h"
#include "engine/compiled_tex.h"

#include "base/file_bytes.h"
#include "base/out_of_memory.h"

#include <string>

namespace hyph::detail {

std::shared_ptr<const Model> load_compiled(std::span<const std::byte> bytes, std::shared_ptr<const void> owner,
                                           const Settings& settings, std::string_view name, FilterFrom filter) {
  if (is_compiled_dic(bytes)) return load_compiled_dic(bytes, std::move(owner), settings, name);
  // Anything else is TeX's format or nothing: its loader names what is wrong.
  return load_compiled_tex(bytes, std::move(owner), settings, name, filter);
}

std::shared_ptr<const Model> load_compiled_file(const std::filesystem::path& path, const Settings& settings) {
  // Read whole into memory of our own, never mapped: bytes checked once must not change under
  // the hyphenator when the file is rewritten or truncated (doc/compiled-format.md, "Files in
  // use"). From a pipe, as many bytes as either dialect's header declares.
  const base::FileBytes::DeclaredSize declared{container::kHeaderSize, [](std::span<const std::byte> header) -> std::uint64_t {
    if (!is_compiled(header) && !is_compiled_dic(header)) return container::kHeaderSize;
    return container::declared_size(header);
  }};
  return base::naming_out_of_memory(path.string(), [&] {
    auto file = std::make_shared<const base::FileBytes>(base::FileBytes::read(path, "a compiled pattern file", declared));
    const std::span<const std::byte> bytes = file->bytes();
    const std::string name = file->name();
    return load_compiled(bytes, std::move(file), settings, name, FilterFrom::file);
  });
}

}  // namespace hyph::detail
