// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt-metal's allocator algorithm interface
// (tt_metal/impl/allocator/algorithms/allocator_algorithm.hpp).  An
// algorithm manages [offset, offset + max_size) in blocks of at least
// min_allocation_size bytes, aligned to alignment; the addresses it takes
// and gives are absolute (offset included).  free_list_opt.hpp is the one
// implementation here.
#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <utility>
#include <vector>

#include <tt-metalium/allocator.hpp>
#include <tt-metalium/buffer_types.hpp>
#include <tt-metalium/device.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt_stl/assert.hpp>

namespace tt::tt_metal::allocator {

class Algorithm {
public:
	Algorithm(DeviceAddr max_size_bytes, DeviceAddr offset_bytes,
		  DeviceAddr min_allocation_size, DeviceAddr alignment)
	    : max_size_bytes_(max_size_bytes), offset_bytes_(offset_bytes),
	      min_allocation_size_(min_allocation_size), alignment_(alignment)
	{
		TT_FATAL(alignment > 0, "allocator: alignment is 0; give the bank's alignment in "
					"bytes (at least 1)");
		TT_FATAL(offset_bytes % alignment == 0,
			 "allocator: offset {} is not a multiple of the alignment {}; align the "
			 "base address",
			 offset_bytes, alignment);
	}
	virtual ~Algorithm() = default;

	// @address rounded up to the alignment.
	DeviceAddr align(DeviceAddr address) const
	{
		return (address + alignment_ - 1) / alignment_ * alignment_;
	}
	DeviceAddr max_size_bytes() const { return max_size_bytes_; }
	// The lowest allocated address (absolute), if anything is allocated.
	std::optional<DeviceAddr> lowest_occupied_address() const
	{
		if (!lowest_occupied_address_)
			return std::nullopt;
		return *lowest_occupied_address_ + offset_bytes_;
	}

	virtual void init() = 0;
	// Free ranges [start, end) (absolute) of at least @size_bytes.
	virtual std::vector<std::pair<DeviceAddr, DeviceAddr>>
	available_addresses(DeviceAddr size_bytes) const = 0;
	// Allocated ranges [start, end) (absolute).
	virtual std::vector<std::pair<DeviceAddr, DeviceAddr>> allocated_addresses() const = 0;
	virtual std::optional<DeviceAddr>
	get_allocation_size(DeviceAddr absolute_address) const = 0;
	// bottom_up: from the lowest free address up, else from the top down;
	// @address_limit: the lowest absolute address the result may have.
	virtual std::optional<DeviceAddr> allocate(DeviceAddr size_bytes, bool bottom_up = true,
						   DeviceAddr address_limit = 0) = 0;
	virtual std::optional<DeviceAddr> allocate_at_address(DeviceAddr absolute_start_address,
							      DeviceAddr size_bytes) = 0;
	virtual void deallocate(DeviceAddr absolute_address) = 0;
	virtual void clear() = 0;
	virtual Statistics get_statistics() const = 0;
	virtual void dump_blocks(std::ostream &out) const = 0;
	virtual MemoryBlockTable get_memory_block_table() const = 0;
	// Withhold the lowest @shrink_size bytes (which must be free) until reset_size().
	virtual void shrink_size(DeviceAddr shrink_size, bool bottom_up = true) = 0;
	virtual void reset_size() = 0;

protected:
	DeviceAddr max_size_bytes_;
	DeviceAddr offset_bytes_;
	DeviceAddr min_allocation_size_;
	DeviceAddr alignment_;
	DeviceAddr shrink_size_ = 0;
	std::optional<DeviceAddr> lowest_occupied_address_;
};

} // namespace tt::tt_metal::allocator
