// SPDX-License-Identifier: Apache-2.0
//
// Questions about where cores physically sit on a chip's NoC: the hops
// between two workers (experimental/device.hpp) and the worker beside
// each DRAM bank (MeshDevice::get_optimal_dram_bank_to_logical_worker_
// assignment).  Virtual worker coordinates are contiguous and say nothing
// about distance, so both use the architecture's physical placement of
// worker columns and rows (struct tt_arch worker_noc_x/_y, from hal/) and
// the NoC 0 endpoints of the DRAM banks.  The chips are never harvested.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include <tt-metalium/experimental/device.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt_stl/assert.hpp>

extern "C" {
#include <tt/arch.h>
#include <tt/buffer.h>
#include <tt/device.h>
}

namespace tt::tt_metal {

// The libtt device of @device, which must be one chip.
static struct tt_device *one_chip(IDevice *device, const char *what)
{
	TT_FATAL(device != nullptr, "{}: no device", what);
	if (auto *mesh = dynamic_cast<distributed::MeshDevice *>(device))
		TT_FATAL(mesh->num_devices() == 1,
			 "{}: a question about one chip, asked of a mesh of {} (ask one of its "
			 "chips, or pass its mesh coordinate)",
			 what, mesh->num_devices());
	return device->c_device();
}

// The architecture of @dev, which must describe where workers sit.
static const struct tt_arch *placed_arch(struct tt_device *dev, const char *what)
{
	const struct tt_arch *a = tt_device_arch(dev);
	TT_FATAL(a->worker_noc_x && a->worker_noc_y,
		 "{}: hal/ does not describe where {}'s workers sit on the NoC", what, a->name);
	return a;
}

// Physical NoC 0 place of logical worker @logical of @dev.
static CoreCoord physical_worker(struct tt_device *dev, const struct tt_arch *a,
				 const CoreCoord &logical)
{
	struct tt_core grid = tt_device_grid(dev);
	TT_FATAL(logical.x < grid.x && logical.y < grid.y,
		 "worker {} is outside the {}x{} worker grid", logical.str(), grid.x, grid.y);
	return { a->worker_noc_x[logical.x], a->worker_noc_y[logical.y] };
}

namespace experimental::Device {

uint32_t get_worker_noc_hop_distance(IDevice *device, const CoreCoord &logical_src,
				     const CoreCoord &logical_dst, NOC noc)
{
	const char *what = "get_worker_noc_hop_distance";
	struct tt_device *dev = one_chip(device, what);
	const struct tt_arch *a = placed_arch(dev, what);
	CoreCoord src = physical_worker(dev, a, logical_src);
	CoreCoord dst = physical_worker(dev, a, logical_dst);
	// Each NoC is a torus that runs one way: NoC 0 towards larger x and
	// y, NoC 1 towards smaller, wrapping at the edge.
	auto ahead = [](size_t from, size_t to, size_t size) {
		return static_cast<uint32_t>((to + size - from) % size);
	};
	if (noc == NOC::NOC_0)
		return ahead(src.x, dst.x, a->noc_size_x) + ahead(src.y, dst.y, a->noc_size_y);
	return ahead(dst.x, src.x, a->noc_size_x) + ahead(dst.y, src.y, a->noc_size_y);
}

uint32_t get_worker_noc_hop_distance(distributed::MeshDevice *mesh_device,
				     const distributed::MeshCoordinate &mesh_coord,
				     const CoreCoord &logical_src, const CoreCoord &logical_dst,
				     NOC noc)
{
	TT_FATAL(mesh_device != nullptr, "get_worker_noc_hop_distance: no mesh device");
	return get_worker_noc_hop_distance(mesh_device->get_device(mesh_coord), logical_src,
					   logical_dst, noc);
}

} // namespace experimental::Device

namespace distributed {

std::vector<CoreCoord> MeshDevice::get_optimal_dram_bank_to_logical_worker_assignment(NOC)
{
	// The emulated DRAM banks have one endpoint each, the same for both
	// NoCs (seen mirrored from NoC 1), so the NoC asked about changes
	// nothing.  A mesh answers for its first chip, as tt-metal's does.
	const char *what = "get_optimal_dram_bank_to_logical_worker_assignment";
	struct tt_device *dev = c_device();
	const struct tt_arch *a = placed_arch(dev, what);
	const struct tt_core grid = tt_device_grid(dev);
	const uint32_t banks = tt_device_num_banks(dev, TT_BUFFER_DRAM);
	TT_FATAL(banks <= grid.x * grid.y,
		 "{}: {} DRAM banks need as many workers, and the grid is {}x{}", what, banks,
		 grid.x, grid.y);

	// The worker just right of each bank's endpoint, on its row or the
	// next row of workers down (DRAM shares rows with ethernet cores);
	// past the grid's edge, its last column or row.
	std::vector<CoreCoord> wanted;
	for (uint32_t b = 0; b < banks; b++) {
		struct tt_core xy;
		int64_t offset;
		int rc = tt_device_bank_noc(dev, TT_BUFFER_DRAM, b, 0, &xy, &offset);
		TT_FATAL(rc == 0, "{}: DRAM bank {} has no NoC endpoint (error {})", what, b, rc);
		uint32_t x = 0, y = 0;
		while (x + 1 < grid.x && a->worker_noc_x[x] <= xy.x)
			x++;
		while (y + 1 < grid.y && a->worker_noc_y[y] < xy.y)
			y++;
		wanted.emplace_back(x, y);
	}

	// Each bank gets a worker of its own: where two want the same one,
	// the later bank takes the nearest free worker, in its own column
	// first, then below before above.
	std::vector<bool> taken(grid.x * grid.y, false);
	std::vector<CoreCoord> out(banks);
	std::vector<uint32_t> clashes;
	for (uint32_t b = 0; b < banks; b++) {
		size_t slot = wanted[b].y * grid.x + wanted[b].x;
		if (taken[slot]) {
			clashes.push_back(b);
			continue;
		}
		taken[slot] = true;
		out[b] = wanted[b];
	}
	for (uint32_t b : clashes) {
		std::vector<CoreCoord> free;
		for (uint32_t y = 0; y < grid.y; y++)
			for (uint32_t x = 0; x < grid.x; x++)
				if (!taken[y * grid.x + x])
					free.emplace_back(x, y);
		const CoreCoord w = wanted[b];
		auto cost = [&w](const CoreCoord &c) {
			long dx = std::labs(static_cast<long>(c.x) - static_cast<long>(w.x));
			long dy = static_cast<long>(c.y) - static_cast<long>(w.y);
			return std::make_tuple(dx, std::labs(dy), dy < 0);
		};
		auto best = std::min_element(
			free.begin(), free.end(),
			[&](const CoreCoord &p, const CoreCoord &q) { return cost(p) < cost(q); });
		taken[best->y * grid.x + best->x] = true;
		out[b] = *best;
	}
	return out;
}

} // namespace distributed

} // namespace tt::tt_metal
