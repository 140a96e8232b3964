#include "engine/compact_tables.h"

#include "engine/compiled_bytes.h"

#include "base/message.h"

#include <hyph/error.h>

#include <cstdint>
#include <limits>
#include <string_view>

namespace hyph::detail::compact_tables {

namespace {

void put_varint(std::string& out, std::uint32_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

std::uint32_t zigzag(std::int64_t v) { return static_cast<std::uint32_t>(v >= 0 ? v << 1 : ((-v) << 1) - 1); }

void put_count(std::string& out, std::size_t n) {
  out.resize(out.size() + 4);
  compiled_bytes::write<std::uint32_t>(out, out.size() - 4, static_cast<std::uint32_t>(n));
}

// Reads a section front to back, refusing anything a packing could not have written. The
// per-entry reads do not throw (a throw in a loop costs a trampoline per call in emscripten's
// JavaScript exceptions): the first problem is kept, later reads give 0, and check() throws it.
class Reader {
 public:
  Reader(std::span<const std::byte> bytes, const char* section) : bytes_(bytes), section_(section) {}

  [[noreturn]] void fail(base::MessagePieces what) const { base::throw_error(ErrorCode::bad_format, {"section ", section_, ": "}, what); }
  [[noreturn]] void fail(const char* what) const { fail(base::MessagePieces{what}); }
  void check() const {
    if (problem_ != nullptr) fail(problem_);
  }

  // The count at the front, which each entry's `least` bytes must have room for (so that no
  // count asks for memory the section cannot fill).
  std::size_t count(std::size_t least) {
    if (bytes_.size() < 4) fail("shorter than its count");
    const auto n = compiled_bytes::read<std::uint32_t>(bytes_.data());
    at_ = 4;
    if (n > (bytes_.size() - 4) / least) fail({n, " entries do not fit in ", bytes_.size(), " bytes"});
    return n;
  }

  std::uint32_t varint() noexcept {
    std::uint32_t v = 0;
    for (unsigned shift = 0;; shift += 7) {
      if (at_ == bytes_.size()) return problem("ends inside a number");
      const auto b = static_cast<std::uint8_t>(bytes_[at_++]);
      if (shift == 28 && b > 0x0F) return problem("a number past 32 bits");
      v |= static_cast<std::uint32_t>(b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        if (b == 0 && shift != 0) return problem("a number written longer than needed");
        return v;
      }
    }
  }

  // A value that must fit an entry.
  template <class Entry>
  Entry entry(std::uint32_t v) noexcept {
    if (v > std::numeric_limits<Entry>::max()) return static_cast<Entry>(problem("a value that does not fit an entry"));
    return static_cast<Entry>(v);
  }

  // Keeps the first problem; the reads after it find the section at its end.
  std::uint32_t problem(const char* what) noexcept {
    if (problem_ == nullptr) problem_ = what;
    at_ = bytes_.size();
    return 0;
  }

  // n values of `width` bytes in byte planes.
  std::vector<std::uint32_t> planes(std::size_t n, std::size_t width) {
    if ((bytes_.size() - at_) / width < n) fail("ends inside its fallbacks");
    std::vector<std::uint32_t> out(n, 0);
    for (std::size_t k = 0; k < width; ++k)
      for (std::size_t i = 0; i < n; ++i) out[i] |= static_cast<std::uint32_t>(static_cast<std::uint8_t>(bytes_[at_++])) << (8 * k);
    return out;
  }

  void finish() const {
    check();
    if (at_ != bytes_.size()) fail({bytes_.size() - at_, " bytes after its last entry"});
  }

 private:
  std::span<const std::byte> bytes_;
  const char* section_;
  std::size_t at_ = 0;
  const char* problem_ = nullptr;
};

}  // namespace

template <class Entry>
std::string pack_nodes(std::span<const Node<Entry>> nodes) {
  auto unfit = [] { throw Error(ErrorCode::invalid_argument, "the automaton's nodes are not a small layout's"); };
  if (nodes.empty() || nodes.front().first_edge != 0 || nodes.back().fallback != 0 || nodes.back().list != 0) unfit();
  const std::size_t n = nodes.size() - 1;
  std::string out;
  put_count(out, n);
  for (std::size_t i = 0; i < n; ++i) {
    if (nodes[i + 1].first_edge < nodes[i].first_edge) unfit();
    put_varint(out, nodes[i + 1].first_edge - nodes[i].first_edge);
  }
  for (std::size_t k = 0; k < sizeof(Entry); ++k)
    for (std::size_t i = 0; i < n; ++i) out.push_back(static_cast<char>((nodes[i].fallback >> (8 * k)) & 0xFF));
  for (std::size_t i = 0; i < n; ++i) put_varint(out, nodes[i].list);
  return out;
}

template <class Entry>
std::string pack_edges(std::span<const Edge<Entry>> edges) {
  std::string out;
  put_count(out, edges.size());
  for (const Edge<Entry>& e : edges) put_varint(out, e.symbol);
  std::int64_t previous = 0;
  for (const Edge<Entry>& e : edges) {
    put_varint(out, zigzag(std::int64_t{e.target} - previous - 1));
    previous = e.target;
  }
  return out;
}

template <class Entry>
std::vector<Node<Entry>> unpack_nodes(std::span<const std::byte> bytes, std::size_t edge_count) {
  Reader r(bytes, "NODZ");
  const std::size_t n = r.count(2 + sizeof(Entry));  // an edge count, a fallback, a list
  std::vector<Node<Entry>> nodes(n + 1);
  std::size_t first = 0;
  for (std::size_t i = 0; i < n; ++i) {
    nodes[i].first_edge = static_cast<std::uint32_t>(first);
    first += r.varint();
    if (first > edge_count) first = edge_count + 1 + r.problem("the nodes' edges go past those of EDGZ");
  }
  r.check();
  if (first != edge_count) r.fail({"the nodes have ", first, " edges, EDGZ holds ", edge_count});
  nodes[n].first_edge = static_cast<std::uint32_t>(first);
  const std::vector<std::uint32_t> fallbacks = r.planes(n, sizeof(Entry));
  for (std::size_t i = 0; i < n; ++i) {
    nodes[i].fallback = static_cast<Entry>(fallbacks[i]);
    nodes[i].list = r.entry<Entry>(r.varint());
  }
  r.finish();
  return nodes;
}

template <class Entry>
std::vector<Edge<Entry>> unpack_edges(std::span<const std::byte> bytes) {
  Reader r(bytes, "EDGZ");
  const std::size_t m = r.count(2);  // a symbol, a step
  std::vector<Edge<Entry>> edges(m);
  for (Edge<Entry>& e : edges) e.symbol = r.entry<Entry>(r.varint());
  std::int64_t previous = 0;
  for (Edge<Entry>& e : edges) {
    const std::uint32_t z = r.varint();
    const std::int64_t step = (z & 1) != 0 ? -(std::int64_t{z >> 1}) - 1 : std::int64_t{z >> 1};
    std::int64_t target = previous + 1 + step;
    if (target < 0 || target > std::int64_t{std::numeric_limits<Entry>::max()}) target = r.problem("a target that does not fit an entry");
    e.target = static_cast<Entry>(target);
    previous = target;
  }
  r.finish();
  return edges;
}

template std::string pack_nodes<std::uint16_t>(std::span<const Node<std::uint16_t>>);
template std::string pack_nodes<std::uint32_t>(std::span<const Node<std::uint32_t>>);
template std::string pack_edges<std::uint16_t>(std::span<const Edge<std::uint16_t>>);
template std::string pack_edges<std::uint32_t>(std::span<const Edge<std::uint32_t>>);
template std::vector<Node<std::uint16_t>> unpack_nodes<std::uint16_t>(std::span<const std::byte>, std::size_t);
template std::vector<Node<std::uint32_t>> unpack_nodes<std::uint32_t>(std::span<const std::byte>, std::size_t);
template std::vector<Edge<std::uint16_t>> unpack_edges<std::uint16_t>(std::span<const std::byte>);
template std::vector<Edge<std::uint32_t>> unpack_edges<std::uint32_t>(std::span<const std::byte>);

}  // namespace hyph::detail::compact_tables
