// SPDX-License-Identifier: Apache-2.0
//
// Allocator::get_statistics (tt-metalium/allocator.hpp): libtt's figures
// for one bank of a type.  The rest of Allocator is in device.cpp.
#include <tt-metalium/allocator.hpp>
#include <tt_stl/assert.hpp>

extern "C" {
#include <tt/buffer.h>
#include <tt/error.h>
}

namespace tt::tt_metal {

Statistics Allocator::get_statistics(const BufferType &type) const
{
	enum tt_buffer_type t;
	switch (type) {
	case BufferType::DRAM:
		t = TT_BUFFER_DRAM;
		break;
	case BufferType::L1:
		t = TT_BUFFER_L1;
		break;
	case BufferType::L1_SMALL:
		t = TT_BUFFER_L1_SMALL;
		break;
	default:
		TT_THROW("get_statistics: buffer type {} (SYSTEM_MEMORY or TRACE) has no allocator "
			 "on tensix-emu",
			 static_cast<int>(type));
	}
	struct tt_alloc_stats st;
	int rc = tt_device_alloc_stats(dev_, t, &st);
	TT_FATAL(rc == TT_OK, "get_statistics: {}", tt_last_error());
	Statistics out;
	out.total_allocatable_size_bytes = st.total_allocatable;
	out.total_allocated_bytes = st.total_allocated;
	out.total_free_bytes = st.total_free;
	out.largest_free_block_bytes = st.largest_free_block;
	return out;
}

} // namespace tt::tt_metal
