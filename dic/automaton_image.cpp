// DicAutomaton to and from the compiled format's arrays (engine/compiled_dic.cpp): image()
// exposes what an automaton is; adopt() reads such arrays in place once it has checked the
// facts walk() and the engine rely on that are cheap to check (the byte tables, the matches,
// the sizes); the large records and transition table are clamped where walk_indices reads
// them instead. A damaged or crafted file can give wrong hyphens but never make them read
// out of bounds or loop.
#include "dic/automaton.h"

#include "base/message.h"

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
  m.windowed = windowed_;
  m.windows = windows_;
  return m;
}

namespace {

[[noreturn]] void bad(const std::string& what, base::MessagePieces problem) {
  base::throw_error(ErrorCode::bad_format, {what, ": "}, problem);
}
[[noreturn]] void bad(const std::string& what, const char* problem) { bad(what, base::MessagePieces{problem}); }

}  // namespace

DicAutomaton DicAutomaton::adopt(const Image& m, std::size_t replacement_pool, const std::string& what) {
  DicAutomaton a;
  // The byte tables: classes number the bytes in patterns 1..classes-1 (0: in none).
  if (m.class_count < 1 || m.class_count > 256) bad(what, {"class count ", m.class_count, " not in 1..256"});
  for (int c = 0; c < 256; ++c) {
    if (m.classes[c] >= m.class_count) bad(what, {"byte ", c, ": class beyond the class count"});
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
    if (!ok) bad(what, {"match ", k, ": digits, bounds, replacement or window out of place"});
  }
  {
    unsigned char any_bad = 0;
    for (const char c : m.digits) any_bad |= static_cast<unsigned char>(c < '0' || c > '9');
    if (any_bad) bad(what, "digit pool: a byte that is not a digit");
  }

  // The records are not read here (megabytes for German): walk_indices clamps every state it
  // reads into [0, node_limit_], and kNodePad words after that hold any record it could read
  // there; it also ends every walk. A damaged record gives wrong hyphens, not a fault.
  const std::span<const std::uint32_t> nodes = m.nodes;
  if (nodes.size() < kNodePad + kEdges || nodes.size() - kNodePad > 0xFFFFFFFFu)
    bad(what, {"records: ", nodes.size(), " words, not a root and the padding after the last"});
  a.node_limit_ = static_cast<std::uint32_t>(nodes.size() - kNodePad);
  if (m.state_count == 0 || m.state_count > nodes.size() - kNodePad) bad(what, "state count beyond the records");
  for (int c = 0; c < 256; ++c) {
    const std::uint32_t t = m.root[c];
    if (t > a.node_limit_ || (t != 0 && m.classes[c] == 0))
      bad(what, {"root transition by byte ", c, " is not a record"});
    a.root_[c] = t;
  }

  // Windows: the first `windowed` matches', after a zero one (any bytes are safe to raise).
  if (m.windowed > m.matches.size() || m.windows.size() != (std::size_t{m.windowed} + 1) * 16)
    bad(what, {"windows: ", m.windows.size(), " bytes for ", m.windowed, " windowed matches"});
  for (std::size_t k = 0; k < 16; ++k)
    if (m.windows[k] != 0) bad(what, "windows: the first is not zero");

  // The full table of small automata: rows of 1 << shift entries, the least power of two above
  // the class count; column 0 a match + 1, the others states.
  if (!m.delta.empty()) {
    unsigned shift = 0;
    while ((1u << shift) < m.class_count + 1) ++shift;
    if (m.row_shift != shift) bad(what, {"row shift ", m.row_shift, ", expected ", shift});
    if (m.state_count > kDeltaStates || m.matches.size() >= 65535 || m.delta.size() != (m.state_count << shift))
      bad(what, "transition table of the wrong size");
    // Entries are not read here: walk_indices clamps each state it reads to the state count,
    // and callers bound each match index by the match count.
    const std::size_t stride = std::size_t{1} << shift;
    for (int c = 0; c < 256; ++c) {
      if (m.delta_columns[c] >= stride || m.delta_columns[c] == 0) bad(what, {"byte ", c, ": column out of range"});
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
  a.windowed_ = m.windowed;
  a.windows_ = m.windows;
  return a;
}

}  // namespace hyph::dic
