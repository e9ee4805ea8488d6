// SPDX-License-Identifier: Apache-2.0
//
// Splitting work units over cores, as tt-metal's work_split:
// split_work_to_cores gives (cores used, all of them, group 1, group 2,
// units per core of group 1, of group 2).  Group 1 takes one unit more
// than group 2 when the units do not divide evenly; cores are taken
// column-major (y fastest) unless row_wise.
#pragma once

#include <cstdint>
#include <tuple>
#include <vector>

#include <tt-metalium/core_coord.hpp>

namespace tt::tt_metal {

CoreRangeSet num_cores_to_corerangeset(CoreCoord start_core, uint32_t target_num_cores,
				       CoreCoord grid_size, bool row_wise = false);
CoreRangeSet num_cores_to_corerangeset(uint32_t target_num_cores, CoreCoord grid_size,
				       bool row_wise = false);

std::tuple<uint32_t, CoreRangeSet, CoreRangeSet, CoreRangeSet, uint32_t, uint32_t>
split_work_to_cores(CoreCoord grid_size, uint32_t units_to_divide, bool row_wise = false);
std::tuple<uint32_t, CoreRangeSet, CoreRangeSet, CoreRangeSet, uint32_t, uint32_t>
split_work_to_cores(const CoreRangeSet &core_grid, uint32_t units_to_divide, bool row_wise = false);

int find_max_divisor(uint32_t val, uint32_t start_max_div);
int find_max_block_size(uint32_t val, uint32_t max_block_size = 8);

} // namespace tt::tt_metal
