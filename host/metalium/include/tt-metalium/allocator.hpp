// SPDX-License-Identifier: Apache-2.0
// The allocator queries tt-metal programs make of a device.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include <tt-metalium/buffer_types.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/hal_types.hpp>

struct tt_device;

namespace tt::tt_metal {

// A dump of an allocator's blocks, one map per block with the keys
// "blockID", "address" and "size" (bytes), "prevID", "nextID" and
// "allocated" ("yes"/"no"); device.hpp names it too (it includes this).
using MemoryBlockTable = std::vector<std::unordered_map<std::string, std::string>>;

// What an allocator holds in one bank of a type (every bank of a type is
// allocated in lockstep, so one stands for all).
struct Statistics {
	size_t total_allocatable_size_bytes = 0;
	size_t total_allocated_bytes = 0;
	size_t total_free_bytes = 0;
	size_t largest_free_block_bytes = 0;
};

class Allocator {
public:
	explicit Allocator(struct tt_device *dev) : dev_(dev) {}
	uint32_t get_num_banks(const BufferType &type) const;
	// Bytes a page is rounded up to in a bank of @type (DRAM 32, L1 16 on Wormhole B0).
	uint32_t get_alignment(BufferType type) const;
	DeviceAddr get_bank_size(const BufferType &type) const;
	// First byte the allocator hands out in a DRAM bank or an L1.
	DeviceAddr get_base_allocator_addr(const HalMemType &type) const;
	// Figures for one bank of @type (allocator.cpp).
	Statistics get_statistics(const BufferType &type) const;
	// The logical worker core that holds L1 bank @bank_id (throws past the
	// last bank).
	CoreCoord get_logical_core_from_bank_id(uint32_t bank_id) const;
	// The L1 banks (BufferType::L1) on worker @logical_core; throws if it
	// holds none.
	std::vector<uint32_t> get_bank_ids_from_logical_core(BufferType type,
							     const CoreCoord &logical_core) const;

private:
	struct tt_device *dev_;
};

} // namespace tt::tt_metal
