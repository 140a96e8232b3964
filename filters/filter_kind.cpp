#include <hyph/exceptions.h>

#include <array>
#include <utility>

namespace hyph {
namespace {
constexpr std::array<std::pair<FilterKind, std::string_view>, 10> kNames{{
    {FilterKind::none, "exact"},  // the spelling tools have always written: outputs stay byte for byte
    {FilterKind::bloom, "bloom"},
    {FilterKind::blocked_bloom, "blocked-bloom"},
    {FilterKind::cuckoo, "cuckoo"},
    {FilterKind::fuse, "fuse"},
    {FilterKind::counting_bloom, "counting-bloom"},
    {FilterKind::hash_compaction, "hash-compaction"},
    {FilterKind::scalable_bloom, "scalable-bloom"},
    {FilterKind::quotient, "quotient"},
    {FilterKind::counting_quotient, "counting-quotient"},
}};
constexpr auto kKinds = [] {
  std::array<FilterKind, kNames.size()> kinds{};
  for (std::size_t i = 0; i < kNames.size(); ++i) kinds[i] = kNames[i].first;
  return kinds;
}();
}  // namespace

std::span<const FilterKind> filter_kinds() noexcept { return kKinds; }

std::string_view to_string(FilterKind kind) noexcept {
  for (const auto& [k, name] : kNames)
    if (k == kind) return name;
  return "unknown";
}

std::optional<FilterKind> parse_filter_kind(std::string_view name) noexcept {
  if (name == "none") return FilterKind::none;
  for (const auto& [k, n] : kNames)
    if (n == name) return k;
  return std::nullopt;
}

}  // namespace hyph
