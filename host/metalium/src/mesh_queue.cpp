// SPDX-License-Identifier: Apache-2.0
//
// MeshCommandQueue writes that put the same bytes on several devices of a
// mesh (the rest of the queue is in device.cpp).
#include <fmt/ostream.h>

#include <tt-metalium/distributed.hpp>

#include "internal.hpp"

namespace tt::tt_metal::distributed {

void MeshCommandQueue::enqueue_write_shard_to_sub_grid(const MeshBuffer &buffer,
						       const void *host_data,
						       const MeshCoordinateRange &device_range,
						       bool, std::optional<BufferRegion> region)
{
	auto held = hold();
	no_capture("buffer I/O");
	TT_FATAL(buffer.is_allocated(),
		 "enqueue_write_shard_to_sub_grid: the buffer is not allocated");
	finish();
	for (const auto &c : device_range.coords()) {
		TT_FATAL(device_->is_local(c),
			 "enqueue_write_shard_to_sub_grid: {} is outside this {} mesh",
			 fmt::streamed(c), fmt::streamed(device_->shape()));
		Buffer *b = buffer.get_device_buffer(c);
		uint64_t offset = region ? region->offset : 0,
			 size = region ? region->size : b->size();
		int rc = tt_buffer_write_region(b->c_buffer(), offset, host_data, size);
		if (rc)
			detail::throw_tt(fmt::format("writing a shard to mesh coordinate {}",
						     fmt::streamed(c)),
					 rc);
	}
}

} // namespace tt::tt_metal::distributed
