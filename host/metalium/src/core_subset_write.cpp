// SPDX-License-Identifier: Apache-2.0
//
// experimental::core_subset_write
// (tt-metalium/experimental/core_subset_write/mesh_command_queue.hpp): a
// sharded buffer write that leaves the pages on cores outside a filter
// as they were.
#include <fmt/ostream.h>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/experimental/core_subset_write/mesh_command_queue.hpp>

#include "internal.hpp"

namespace tt::tt_metal::detail {

void write_cores(Buffer &b, uint64_t offset, const void *src, uint64_t size,
		 const CoreRangeSet &filter)
{
	TT_FATAL(is_sharded(b.buffer_layout()),
		 "a write restricted to some cores needs a sharded buffer; this one is "
		 "interleaved over every bank");
	const uint64_t page = b.page_size();
	TT_FATAL(page && offset % page == 0 && size % page == 0,
		 "a write restricted to some cores covers whole pages ({} bytes): offset {}, "
		 "{} bytes",
		 page, offset, size);
	const auto *s = static_cast<const uint8_t *>(src);
	// Runs of pages on the filter's cores, each one write.
	uint64_t run = 0, run_pages = 0;
	auto flush = [&] {
		if (!run_pages)
			return;
		int rc = tt_buffer_write_region(b.c_buffer(), run * page, s + (run * page - offset),
						run_pages * page);
		if (rc)
			throw_tt("writing the pages of some cores of a sharded buffer", rc);
		run_pages = 0;
	};
	for (uint64_t p = offset / page; p < (offset + size) / page; p++) {
		struct tt_core c;
		uint64_t addr;
		int rc = tt_buffer_page_location(b.c_buffer(), p, &c, &addr);
		if (rc)
			throw_tt("locating a page of a sharded buffer", rc);
		if (!filter.contains(CoreCoord(c.x, c.y))) {
			flush();
			continue;
		}
		if (!run_pages)
			run = p;
		run_pages++;
	}
	flush();
}

} // namespace tt::tt_metal::detail

namespace tt::tt_metal::experimental::core_subset_write {

void enqueue_write(distributed::MeshCommandQueue &cq, distributed::MeshBuffer &mesh_buffer,
		   const DistributedHostBuffer &host_buffer, bool blocking,
		   const CoreRangeSet &logical_core_filter)
{
	cq.transfer_shards(mesh_buffer, cq.host_buffer_transfers(mesh_buffer, host_buffer, false),
			   true, blocking, &logical_core_filter);
}

} // namespace tt::tt_metal::experimental::core_subset_write
