// DicAutomaton to and from the compiled format's arrays (engine/compiled_dic.cpp): image()
// exposes what an automaton is; adopt() reads such arrays in place once it has checked every
// fact walk() and the engine rely on, so that a damaged or crafted file can give wrong
// hyphens but never make them read out of bounds or loop.
#include "patterns/dic_automaton.h"

#include <hyph/error.h>

#include <algorithm>
#include <cstring>
#include <vector>

namespace hyph::dic {

DicAutomaton::Image DicAutomaton::image() const noexcept {
  Image m;
  m.root = root_;
  m.classes = class_;
  m.delta_columns = delta_column_;
  m.replacement_bytes = replacement_bytes_;
  m.class_count = classes_;
  m.row_shift = row_shift_;
  m.state_count = state_count_;
  m.has_replacements = has_replacements_;
  m.nodes = nodes_;
  m.delta = delta_;
  m.matches = matches_;
  m.digits = digits_;
  return m;
}

namespace {

[[noreturn]] void bad(const std::string& what, const std::string& problem) {
  throw Error(ErrorCode::bad_format, what + ": " + problem);
}

}  // namespace

DicAutomaton DicAutomaton::adopt(const Image& m, std::size_t replacement_pool, const std::string& what) {
  DicAutomaton a;
  // The byte tables: classes number the bytes in patterns 1..classes-1 (0: in none).
  if (m.class_count < 1 || m.class_count > 256) bad(what, "class count " + std::to_string(m.class_count) + " not in 1..256");
  for (int c = 0; c < 256; ++c) {
    if (m.classes[c] >= m.class_count) bad(what, "byte " + std::to_string(c) + ": class beyond the class count");
    a.class_[c] = m.classes[c];
    a.replacement_bytes_[c] = m.replacement_bytes[c];
  }
  a.classes_ = m.class_count;
  a.has_replacements_ = m.has_replacements;

  // Matches: digits inside the pool, '0'..'9', bounds first <= end <= length; windows only for
  // short matches without a replacement (a window's bytes are raised into values as they
  // are: whatever they hold, nothing is read or written out of place).
  for (std::size_t k = 0; k < m.matches.size(); ++k) {
    const DicMatch& x = m.matches[k];
    const bool ok = x.digits <= m.digits.size() && x.length <= m.digits.size() - x.digits && x.first <= x.end &&
                    x.end <= x.length && x.replacement >= -1 &&
                    (x.replacement < 0 || (m.has_replacements && static_cast<std::size_t>(x.replacement) < replacement_pool)) &&
                    (!x.windowed || (x.length <= 15 && x.replacement < 0));
    if (!ok) bad(what, "match " + std::to_string(k) + ": digits, bounds, replacement or window out of place");
  }
  {
    unsigned char any_bad = 0;
    for (const char c : m.digits) any_bad |= static_cast<unsigned char>(c < '0' || c > '9');
    if (any_bad) bad(what, "digit pool: a byte that is not a digit");
  }

  // The records. The writer lays them out as a walk from the root would meet them: the shallow
  // states (depth <= kShallow) breadth first, then each deepest shallow state's subtree in
  // preorder, children in byte order. Following the transitions in that order, each must lead
  // to the very next record: so every target is a record of its own (a tree), inside the
  // section, met once. Then every fallback must be a shallower record (so walks end).
  const std::span<const std::uint32_t> nodes = m.nodes;
  const std::size_t n = nodes.size();
  const std::uint32_t classes = m.class_count;
  // depth + 1 at each record's offset (0 elsewhere): the fallback check looks it up.
  std::vector<unsigned char> depth(n, 0);
  std::size_t cursor = 0, records = 0;
  auto fail_at = [&](std::size_t o, const char* problem) { bad(what, "record at " + std::to_string(o) + ": " + problem); };
  // The record at `t`, reached at `d`: it must be the next one; returns its size.
  auto visit = [&](std::uint32_t t, unsigned d) -> std::size_t {
    if (t != cursor) fail_at(t, "not where the layout puts the next state");
    if (n - cursor < kEdges) fail_at(t, "cut short");
    const std::uint32_t meta = nodes[t + kMeta];
    std::size_t size;
    if (meta & kDenseBit) {
      if (meta != kDenseBit) fail_at(t, "bad meta word");
      size = kEdges + classes;
    } else {
      if (meta > 256) fail_at(t, "more than 256 transitions");
      size = kEdges + (meta + 3) / 4 + meta;
    }
    if (n - cursor < size) fail_at(t, "cut short");
    if (d >= 200) fail_at(t, "deeper than 200");
    const std::uint32_t match = nodes[t + kMatch];
    if (match != 0xFFFFFFFFu && match >= m.matches.size()) fail_at(t, "match beyond the matches");
    depth[t] = static_cast<unsigned char>(d + 1);
    cursor += size;
    ++records;
    return size;
  };
  // Calls f(target) for the transitions of the record at o, in byte order.
  auto for_each_child = [&](std::size_t o, auto&& f) {
    const std::uint32_t meta = nodes[o + kMeta];
    if (meta & kDenseBit) {
      for (std::uint32_t c = 0; c < classes; ++c)
        if (const std::uint32_t t = nodes[o + kEdges + c]; t != 0) f(t);
    } else {
      const std::size_t targets = o + kEdges + (meta + 3) / 4;
      for (std::uint32_t e = 0; e < meta; ++e) f(nodes[targets + e]);
    }
  };
  if (n == 0) bad(what, "no records");
  visit(0, 0);
  std::vector<std::pair<std::uint32_t, unsigned>> queue{{0u, 0u}};
  std::vector<std::uint32_t> deepest;  // the shallow states at depth kShallow, breadth first
  for (std::size_t q = 0; q < queue.size(); ++q) {
    const auto [o, d] = queue[q];
    if (d == kShallow) {
      deepest.push_back(o);
      continue;
    }
    for_each_child(o, [&](std::uint32_t t) {
      visit(t, d + 1);
      queue.emplace_back(t, d + 1);
    });
  }
  std::vector<std::pair<std::uint32_t, unsigned>> stack;
  std::vector<std::uint32_t> children;
  auto push_children = [&](std::uint32_t o, unsigned d) {
    children.clear();
    for_each_child(o, [&](std::uint32_t t) { children.push_back(t); });
    for (std::size_t k = children.size(); k-- > 0;) stack.emplace_back(children[k], d + 1);
  };
  for (const std::uint32_t top : deepest) {
    push_children(top, kShallow);
    while (!stack.empty()) {
      const auto [t, d] = stack.back();
      stack.pop_back();
      visit(t, d);
      push_children(t, d);
    }
  }
  if (cursor != n) bad(what, std::to_string(n - cursor) + " words after the last state");
  if (records != m.state_count) bad(what, "state count differs from the records");
  for (std::size_t o = 0; o < n;) {
    const std::uint32_t meta = nodes[o + kMeta];
    const std::uint32_t fail = nodes[o + kFail];
    if (fail >= n || depth[fail] == 0 || (o == 0 ? fail != 0 : depth[fail] >= depth[o])) fail_at(o, "fallback not a shallower state");
    o += (meta & kDenseBit) ? kEdges + classes : kEdges + (meta + 3) / 4 + meta;
  }
  for (int c = 0; c < 256; ++c) {
    const std::uint32_t t = m.root[c];
    if (t != 0 && (t >= n || depth[t] != 2 || m.classes[c] == 0))
      bad(what, "root transition by byte " + std::to_string(c) + " is not a state of depth 1");
    a.root_[c] = t;
  }

  // The full table of small automata: rows of 1 << shift entries, the least power of two above
  // the class count; column 0 a match + 1, the others states.
  if (!m.delta.empty()) {
    unsigned shift = 0;
    while ((1u << shift) < m.class_count + 1) ++shift;
    if (m.row_shift != shift) bad(what, "row shift " + std::to_string(m.row_shift) + ", expected " + std::to_string(shift));
    if (m.state_count > kDeltaStates || m.matches.size() >= 65535 || m.delta.size() != (m.state_count << shift))
      bad(what, "transition table of the wrong size");
    const std::size_t stride = std::size_t{1} << shift;
    std::uint16_t highest_state = 0, highest_match = 0;
    for (std::size_t row = 0; row < m.delta.size(); row += stride) {
      highest_match = std::max(highest_match, m.delta[row]);
      for (std::size_t c = 1; c < stride; ++c) highest_state = std::max(highest_state, m.delta[row + c]);
    }
    if (highest_match > m.matches.size() || highest_state >= m.state_count) bad(what, "a transition table entry out of range");
    for (int c = 0; c < 256; ++c) {
      if (m.delta_columns[c] >= stride || m.delta_columns[c] == 0) bad(what, "byte " + std::to_string(c) + ": column out of range");
      a.delta_column_[c] = m.delta_columns[c];
    }
    a.row_shift_ = shift;
  } else if (m.row_shift != 0) {
    bad(what, "a row shift without a transition table");
  }
  a.state_count_ = m.state_count;
  a.nodes_ = nodes;
  a.delta_ = m.delta;
  a.matches_ = m.matches;
  a.digits_ = m.digits;
  return a;
}

}  // namespace hyph::dic
