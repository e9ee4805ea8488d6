// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt-metal's Hal object, as far as the tests
// ask it (alignments, circular buffers, the architecture), from hal.hpp's
// free functions.
#pragma once

#include <cstdint>

#include <tt-metalium/hal.hpp>
#include <tt-metalium/hal_types.hpp>

namespace tt::tt_metal {

class Hal {
public:
	tt::ARCH get_arch() const { return hal::get_arch(); }
	uint32_t get_alignment(HalMemType t) const
	{
		return t == HalMemType::DRAM ? hal::get_dram_alignment() : hal::get_l1_alignment();
	}
	uint32_t get_read_alignment(HalMemType t) const { return get_alignment(t); }
	uint32_t get_write_alignment(HalMemType t) const { return get_alignment(t); }
	uint32_t get_arch_num_circular_buffers() const
	{
		return hal::get_arch_num_circular_buffers();
	}
};

} // namespace tt::tt_metal
