// SPDX-License-Identifier: Apache-2.0
//
// Allocator::get_statistics (tt-metalium/allocator.hpp): libtt's figures
// for one bank of a type; get_logical_core_from_bank_id: the worker whose
// NoC coordinates libtt gives for an L1 bank, and the other way round.  The rest of Allocator is in
// device.cpp.
#include <tt-metalium/allocator.hpp>
#include <tt_stl/assert.hpp>

extern "C" {
#include <tt/buffer.h>
#include <tt/device.h>
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

CoreCoord Allocator::get_logical_core_from_bank_id(uint32_t bank_id) const
{
	const uint32_t banks = tt_device_num_banks(dev_, TT_BUFFER_L1);
	TT_FATAL(bank_id < banks,
		 "get_logical_core_from_bank_id: L1 bank {} does not exist: this device has {} L1 "
		 "bank(s) "
		 "(get_num_banks(BufferType::L1))",
		 bank_id, banks);
	struct tt_core noc;
	int64_t offset = 0;
	int rc = tt_device_bank_noc(dev_, TT_BUFFER_L1, bank_id, 0, &noc, &offset);
	TT_FATAL(rc == TT_OK, "get_logical_core_from_bank_id: L1 bank {}: {}", bank_id,
		 tt_last_error());
	const struct tt_core grid = tt_device_grid(dev_);
	for (uint32_t y = 0; y < grid.y; y++) {
		for (uint32_t x = 0; x < grid.x; x++) {
			struct tt_core logical = { x, y };
			struct tt_core w;
			if (tt_device_worker_core(dev_, logical, &w) == TT_OK && w.x == noc.x &&
			    w.y == noc.y)
				return CoreCoord(x, y);
		}
	}
	TT_THROW("get_logical_core_from_bank_id: L1 bank {} sits at NoC ({}, {}), which is no "
		 "worker of the "
		 "{}x{} logical grid",
		 bank_id, noc.x, noc.y, grid.x, grid.y);
}

std::vector<uint32_t> Allocator::get_bank_ids_from_logical_core(BufferType type,
								const CoreCoord &logical_core) const
{
	TT_FATAL(type == BufferType::L1,
		 "get_bank_ids_from_logical_core: L1 banks sit on worker cores; buffer type {} "
		 "has none there",
		 static_cast<int>(type));
	std::vector<uint32_t> ids;
	const uint32_t banks = tt_device_num_banks(dev_, TT_BUFFER_L1);
	for (uint32_t b = 0; b < banks; b++)
		if (get_logical_core_from_bank_id(b) == logical_core)
			ids.push_back(b);
	TT_FATAL(!ids.empty(), "get_bank_ids_from_logical_core: core {} holds no L1 bank",
		 logical_core.str());
	return ids;
}

} // namespace tt::tt_metal
