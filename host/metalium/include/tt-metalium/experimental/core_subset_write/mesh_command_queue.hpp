// SPDX-License-Identifier: Apache-2.0
//
// A write of a sharded mesh buffer restricted to some of its cores: the
// pages whose shard lives on a core of @logical_core_filter are written
// from @host_buffer, the rest keep what they held.  An interleaved
// buffer has no cores of its own and throws.
#pragma once

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/distributed_host_buffer.hpp>

namespace tt::tt_metal::distributed {
class MeshBuffer;
class MeshCommandQueue;
} // namespace tt::tt_metal::distributed

namespace tt::tt_metal::experimental::core_subset_write {

void enqueue_write(distributed::MeshCommandQueue &cq, distributed::MeshBuffer &mesh_buffer,
		   const DistributedHostBuffer &host_buffer, bool blocking,
		   const CoreRangeSet &logical_core_filter);

} // namespace tt::tt_metal::experimental::core_subset_write
