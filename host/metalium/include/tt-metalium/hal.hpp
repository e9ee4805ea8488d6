// SPDX-License-Identifier: Apache-2.0
//
// Facts about the emulated chip that do not need an open device (the
// Wormhole B0 descriptor libtt opens devices with).
#pragma once

#include <cstdint>
#include <string>

#include <umd/device/types/arch.hpp>

namespace tt::tt_metal::hal {

tt::ARCH get_arch();
std::string get_arch_name();
uint32_t get_l1_size();
uint32_t get_dram_alignment();
uint32_t get_l1_alignment();
uint32_t get_arch_num_circular_buffers();
// Where an ethernet core's L1 is free for kernels and buffers, and how much.
uint32_t get_erisc_l1_unreserved_base();
uint32_t get_erisc_l1_unreserved_size();

} // namespace tt::tt_metal::hal
