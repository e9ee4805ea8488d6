// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt-metal's Hal object, as far as the tests
// ask it: alignments, circular buffers, the architecture (from hal.hpp's
// free functions), its harvesting axis, and where the allocatable parts of
// L1 and DRAM are.
#pragma once

#include <cstdint>

#include <tt-metalium/hal.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt_stl/assert.hpp>
#include <tt_stl/enum.hpp>

#include <tt-metalium/kernel_types.hpp>

extern "C" {
#include <tt/arch.h>
#include <tt_mem_map.h>
}

namespace tt::tt_metal {

enum class HalDramMemAddrType : uint8_t {
	BARRIER = 0,
	PROFILER = 1,
	DEVICE_PRINT_DISPATCH = 2,
	DRAM_BACKED_COMMAND_QUEUES = 3,
	UNRESERVED = 4,
	COUNT = 5
};

// The direction in which an architecture's harvested Tensix cores are
// cut off: whole rows on Wormhole, whole columns on Blackhole.
enum class HalTensixHarvestAxis : uint8_t { ROW = 0x1, COL = 0x2 };

class Hal {
public:
	tt::ARCH get_arch() const { return hal::get_arch(); }
	HalTensixHarvestAxis get_tensix_harvest_axis() const
	{
		return get_arch() == tt::ARCH::BLACKHOLE ? HalTensixHarvestAxis::COL
							 : HalTensixHarvestAxis::ROW;
	}
	// Host memory over PCIe: the NoC reads it in 32-byte (Wormhole) or
	// 64-byte (Blackhole) units and writes it in 16-byte ones.
	uint32_t get_alignment(HalMemType t) const
	{
		if (t == HalMemType::HOST)
			return get_read_alignment(t);
		return t == HalMemType::DRAM ? hal::get_dram_alignment() : hal::get_l1_alignment();
	}
	uint32_t get_read_alignment(HalMemType t) const
	{
		if (t == HalMemType::HOST)
			return get_arch() == tt::ARCH::BLACKHOLE ? 64 : 32;
		return get_alignment(t);
	}
	uint32_t get_write_alignment(HalMemType t) const
	{
		return t == HalMemType::HOST ? 16 : get_alignment(t);
	}
	// RISCs of class @processor_class_idx (HalProcessorClassType) in a
	// core of @type: a Tensix core's two DM and three compute RISCs, an
	// ethernet core's one DM RISC.
	uint32_t get_processor_types_count(HalProgrammableCoreType type,
					   uint32_t processor_class_idx) const
	{
		bool dm = processor_class_idx == static_cast<uint32_t>(HalProcessorClassType::DM);
		if (type == HalProgrammableCoreType::TENSIX)
			return dm ? 2 : 3;
		return dm ? 1 : 0;
	}
	// RISCs of a core type: a Tensix core's five, an ethernet core's one.
	// Wormhole's active ethernet cores share their RISC with the base
	// firmware (kernels yield to it), Blackhole's do not.
	bool get_eth_fw_is_cooperative() const { return get_arch() == tt::ARCH::WORMHOLE_B0; }
	uint32_t get_num_risc_processors(HalProgrammableCoreType type) const
	{
		return type == HalProgrammableCoreType::TENSIX ? 5 : 1;
	}
	uint32_t get_arch_num_circular_buffers() const
	{
		return hal::get_arch_num_circular_buffers();
	}

	// Where a region of a Tensix core's L1 starts, and its size: the
	// whole L1 (BASE) and the part the allocator hands out (UNRESERVED,
	// DEFAULT_UNRESERVED).  The other regions are laid out the emulator's
	// way (docs/decisions.md): asking for one throws.
	uint64_t get_dev_addr(HalProgrammableCoreType type, HalL1MemAddrType what) const
	{
		return l1_region(type, what, true);
	}
	uint64_t get_dev_size(HalProgrammableCoreType type, HalL1MemAddrType what) const
	{
		return l1_region(type, what, false);
	}
	// A DRAM bank's unreserved region.
	uint64_t get_dev_addr(HalDramMemAddrType what) const { return dram_region(what, true); }
	uint64_t get_dev_size(HalDramMemAddrType what) const { return dram_region(what, false); }

private:
	static const struct tt_arch *chip()
	{
		return tt_arch_by_name(hal::get_arch_name().c_str());
	}
	static uint64_t l1_region(HalProgrammableCoreType type, HalL1MemAddrType what, bool addr)
	{
		const struct tt_arch *a = chip();
		bool eth = type == HalProgrammableCoreType::ACTIVE_ETH ||
			   type == HalProgrammableCoreType::IDLE_ETH;
		uint32_t size = eth ? a->eth_l1_size : a->l1_size;
		TT_FATAL(eth || type == HalProgrammableCoreType::TENSIX,
			 "Hal: core type {} is not emulated (Tensix and ethernet cores are)",
			 static_cast<int>(type));
		switch (what) {
		case HalL1MemAddrType::BASE:
			return addr ? 0 : size;
		case HalL1MemAddrType::UNRESERVED:
		case HalL1MemAddrType::DEFAULT_UNRESERVED:
			return addr ? a->l1_unreserved_base : size - a->l1_unreserved_base;
		case HalL1MemAddrType::KERNEL_CONFIG:
			// The runtime args a kernel may have (the part of the
			// kernel config region tests size their args by).
			return addr ? TT_MEM_KERNEL_CONFIG_BASE
				    : max_runtime_args * sizeof(uint32_t);
		default:
			TT_THROW(
				"Hal: L1 region {} is laid out the emulator's way; ask for BASE or "
				"UNRESERVED",
				static_cast<int>(what));
		}
	}
	static uint64_t dram_region(HalDramMemAddrType what, bool addr)
	{
		const struct tt_arch *a = chip();
		TT_FATAL(what == HalDramMemAddrType::UNRESERVED,
			 "Hal: DRAM region {} is laid out the emulator's way; ask for UNRESERVED",
			 static_cast<int>(what));
		return addr ? a->dram_unreserved_base : a->dram_bank_size - a->dram_unreserved_base;
	}
};

} // namespace tt::tt_metal
