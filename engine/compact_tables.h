// The compact compiled form's packing of the small layout's nodes and edges (doc/compiled-format.md,
// "The compact form"): the same tables, column by column, in numbers that gzip well. A page
// downloads them gzipped; the loader unpacks them into the arrays the small layout reads.
//
//   NODZ: u32 n (nodes, without the sentinel); n edge counts (varint); n fallbacks, in byte
//         planes (all low bytes, then the next byte of each, ...: an entry's width); n lists (varint)
//   EDGZ: u32 m (edges); m symbols (varint); m target steps (varint, zigzag of target - previous
//         target - 1, the previous of the first being 0: breadth-first numbering makes them 0)
//
// Varints are LEB128, at most 5 bytes, never longer than needed. Unpacking takes only what a
// packing could have given (every value fits its entry, the counts add up, nothing is left
// over) and otherwise throws Error(bad_format) naming the section; what the values mean is
// checked by Automaton::view, as for the other layouts.
#pragma once

#include "patterns/automaton.h"

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace hyph::detail::compact_tables {

template <class Entry>
using Node = patterns::Automaton::Node<Entry>;
template <class Entry>
using Edge = patterns::Automaton::Edge<Entry>;

/// NODZ of `nodes` (with their sentinel, which is not written: unpacking makes it again).
/// Throws Error(invalid_argument) for nodes that are not a layout's (a first node whose edges
/// do not start at 0, first edges that go back, a sentinel with a fallback or a list).
template <class Entry>
std::string pack_nodes(std::span<const Node<Entry>> nodes);
/// EDGZ of `edges`.
template <class Entry>
std::string pack_edges(std::span<const Edge<Entry>> edges);

/// The nodes NODZ holds, with their sentinel; their edges must be `edge_count` in all.
template <class Entry>
std::vector<Node<Entry>> unpack_nodes(std::span<const std::byte> bytes, std::size_t edge_count);
/// The edges EDGZ holds.
template <class Entry>
std::vector<Edge<Entry>> unpack_edges(std::span<const std::byte> bytes);

}  // namespace hyph::detail::compact_tables
