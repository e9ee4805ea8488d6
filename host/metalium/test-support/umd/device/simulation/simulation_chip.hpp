// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): UMD's simulator lookups.  The emulator is
// not one of tt-metal's simulators (rtoptions: get_simulator_enabled() is
// false), so these are never reached; they answer for a Wormhole.
#pragma once

#include <filesystem>
#include <string>

#include <umd/device/types/arch.hpp>

namespace tt::umd {

class SimulationChip {
public:
	static std::filesystem::path
	get_soc_descriptor_path_from_simulator_path(const std::filesystem::path &p)
	{
		return p;
	}
};

class SocDescriptor {
public:
	static tt::ARCH get_arch_from_soc_descriptor_path(const std::filesystem::path &)
	{
		return tt::ARCH::WORMHOLE_B0;
	}
};

} // namespace tt::umd
