// SPDX-License-Identifier: Apache-2.0
//
// "Node" names for core coordinates.  In Metal 2.0 a node is a NoC
// endpoint of the grid (a Tensix tile, say), and "core" is kept for the
// RISC-V cores inside one; the types are tt-metal's core coordinate types
// under their new names, and Nodes is any of them.
#pragma once

#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

#include <tt-metalium/core_coord.hpp>

namespace tt::tt_metal::experimental {

using NodeCoord = tt::tt_metal::CoreCoord;
using NodeRange = tt::tt_metal::CoreRange;
using NodeRangeSet = tt::tt_metal::CoreRangeSet;

// One node, a rectangle of nodes, or a set of rectangles.
using Nodes = std::variant<NodeCoord, NodeRange, NodeRangeSet>;

inline std::vector<NodeCoord> grid_to_nodes(uint32_t num_nodes, uint32_t grid_size_x,
					    uint32_t grid_size_y, bool row_wise = false)
{
	return tt::tt_metal::grid_to_cores(num_nodes, grid_size_x, grid_size_y, row_wise);
}

inline std::vector<NodeCoord> grid_to_nodes(NodeCoord start, NodeCoord end, bool row_wise = false)
{
	return tt::tt_metal::grid_to_cores(start, end, row_wise);
}

inline std::vector<NodeCoord> node_range_to_nodes(const NodeRangeSet &node_ranges,
						  std::optional<uint32_t> max_nodes = std::nullopt,
						  bool row_wise = false)
{
	return tt::tt_metal::corerange_to_cores(node_ranges, max_nodes, row_wise);
}

inline NodeRangeSet select_from_node_range_set(const NodeRangeSet &node_ranges,
					       uint32_t start_index, uint32_t end_index,
					       bool row_wise = false)
{
	return tt::tt_metal::select_from_corerangeset(node_ranges, start_index, end_index,
						      row_wise);
}

} // namespace tt::tt_metal::experimental
