// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's experimental device queries: how many NoC hops a packet
// takes between two worker cores.  The count follows the workers'
// physical places on the chip (struct tt_arch's worker_noc_x/_y): NoC 0
// travels right and down, NoC 1 left and up, each wrapping round the
// torus.  Architectures whose placement hal/ does not describe throw.
#pragma once

#include <cstdint>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/kernel_types.hpp>

namespace tt::tt_metal {
class IDevice;
} // namespace tt::tt_metal

namespace tt::tt_metal::distributed {
class MeshDevice;
class MeshCoordinate;
} // namespace tt::tt_metal::distributed

namespace tt::tt_metal::experimental::Device {

// Hops from logical worker @logical_src to @logical_dst over @noc on
// @device (a unit mesh, or one chip of a mesh).
uint32_t get_worker_noc_hop_distance(IDevice *device, const CoreCoord &logical_src,
				     const CoreCoord &logical_dst, NOC noc);

// The same on the chip at @mesh_coord of @mesh_device.
uint32_t get_worker_noc_hop_distance(distributed::MeshDevice *mesh_device,
				     const distributed::MeshCoordinate &mesh_coord,
				     const CoreCoord &logical_src, const CoreCoord &logical_dst,
				     NOC noc);

} // namespace tt::tt_metal::experimental::Device
