// SPDX-License-Identifier: Apache-2.0
//
// Work splitting over a grid of cores (tt-metal's work_split): the same
// ranges and groups, so runtime args computed from them match upstream.
#include <tt-metalium/work_split.hpp>
#include <tt_stl/assert.hpp>

namespace tt::tt_metal {

CoreRangeSet num_cores_to_corerangeset(CoreCoord start, uint32_t target, CoreCoord grid,
				       bool row_wise)
{
	const size_t nx = grid.x, ny = grid.y;
	TT_FATAL(start.x < nx && start.y < ny, "Start core {} outside the {}x{} grid", start, nx,
		 ny);
	size_t available = row_wise ? (ny - 1 - start.y) * nx + (nx - start.x)
				    : (nx - 1 - start.x) * ny + (ny - start.y);
	TT_FATAL(target <= available,
		 "Target number of cores {} is greater than total number of available cores {}",
		 target, available);
	std::vector<CoreRange> ranges;
	size_t left = target;
	CoreCoord s = start;
	if (row_wise) {
		if (s.x != 0 && left > nx - start.x) {
			ranges.emplace_back(s, CoreCoord(nx - 1, s.y));
			left -= ranges.back().size();
			s = { 0, s.y + 1 };
		}
		if (left > nx) {
			size_t rows = left / nx;
			ranges.emplace_back(s, CoreCoord(nx - 1, s.y + rows - 1));
			left -= ranges.back().size();
			s = { 0, s.y + rows };
		}
		if (left > 0)
			ranges.emplace_back(s, CoreCoord(s.x + left - 1, s.y));
	} else {
		if (s.y != 0 && left > ny - start.y) {
			ranges.emplace_back(s, CoreCoord(s.x, ny - 1));
			left -= ranges.back().size();
			s = { s.x + 1, 0 };
		}
		if (left > ny) {
			size_t cols = left / ny;
			ranges.emplace_back(s, CoreCoord(s.x + cols - 1, ny - 1));
			left -= ranges.back().size();
			s = { s.x + cols, 0 };
		}
		if (left > 0)
			ranges.emplace_back(s, CoreCoord(s.x, s.y + left - 1));
	}
	return CoreRangeSet(std::move(ranges));
}

CoreRangeSet num_cores_to_corerangeset(uint32_t target, CoreCoord grid, bool row_wise)
{
	return num_cores_to_corerangeset({ 0, 0 }, target, grid, row_wise);
}

std::tuple<uint32_t, CoreRangeSet, CoreRangeSet, CoreRangeSet, uint32_t, uint32_t>
split_work_to_cores(CoreCoord grid, uint32_t units, bool row_wise)
{
	if (units == 0)
		return { 0, CoreRangeSet(), CoreRangeSet(), CoreRangeSet(), 0, 0 };
	const uint32_t nx = static_cast<uint32_t>(grid.x), ny = static_cast<uint32_t>(grid.y);
	const uint32_t max_cores = nx * ny;
	uint32_t target;
	CoreRangeSet all;
	if (units >= max_cores) {
		target = max_cores;
		all = CoreRangeSet(CoreRange({ 0, 0 }, { nx - 1, ny - 1 }));
	} else {
		target = units;
		all = num_cores_to_corerangeset(target, grid, row_wise);
	}
	uint32_t per_core_1 = units / target, per_core_2 = 0;
	uint32_t extra = units % target;
	CoreRangeSet g1, g2;
	if (extra == 0) {
		g1 = all;
	} else {
		g1 = num_cores_to_corerangeset(extra, grid, row_wise);
		const CoreCoord last = g1.ranges().back().end_coord;
		CoreCoord next;
		if (row_wise)
			next = last.x != nx - 1 ? CoreCoord(last.x + 1, last.y)
						: CoreCoord(0, last.y + 1);
		else
			next = last.y != ny - 1 ? CoreCoord(last.x, last.y + 1)
						: CoreCoord(last.x + 1, 0);
		g2 = num_cores_to_corerangeset(next, target - extra, grid, row_wise);
		per_core_2 = per_core_1;
		per_core_1++;
	}
	return { target, all, g1, g2, per_core_1, per_core_2 };
}

std::tuple<uint32_t, CoreRangeSet, CoreRangeSet, CoreRangeSet, uint32_t, uint32_t>
split_work_to_cores(const CoreRangeSet &grid, uint32_t units, bool row_wise)
{
	if (units == 0)
		return { 0, CoreRangeSet(), CoreRangeSet(), CoreRangeSet(), 0, 0 };
	auto cores = corerange_to_cores(grid, std::nullopt, row_wise);
	TT_FATAL(!cores.empty(), "Core grid must contain at least one core");
	uint32_t target = std::min<uint32_t>(units, static_cast<uint32_t>(cores.size()));
	uint32_t per_core_1 = units / target, per_core_2 = 0;
	uint32_t extra = units % target;
	auto set_of = [&](uint32_t from, uint32_t to) {
		std::vector<CoreCoord> pick(cores.begin() + from, cores.begin() + to);
		return pick.empty() ? CoreRangeSet()
				    : CoreRangeSet(ttsl::Span<const CoreCoord>(pick));
	};
	CoreRangeSet all = target == cores.size() ? grid : set_of(0, target);
	CoreRangeSet g1, g2;
	if (extra == 0) {
		g1 = all;
	} else {
		g1 = set_of(0, extra);
		g2 = set_of(extra, target);
		per_core_2 = per_core_1;
		per_core_1++;
	}
	return { target, all, g1, g2, per_core_1, per_core_2 };
}

int find_max_divisor(uint32_t val, uint32_t start_max_div)
{
	int result = 1;
	for (int d = static_cast<int>(start_max_div); d >= 1; d--) {
		if (d == 7 || d == 5)
			continue;
		if (val % d == 0) {
			result = d;
			break;
		}
	}
	return result;
}

int find_max_block_size(uint32_t val, uint32_t max_block_size)
{
	int result = 1;
	for (uint32_t b = max_block_size; b >= 1; b--) {
		if (val % b == 0) {
			result = static_cast<int>(b);
			break;
		}
	}
	return result;
}

} // namespace tt::tt_metal
