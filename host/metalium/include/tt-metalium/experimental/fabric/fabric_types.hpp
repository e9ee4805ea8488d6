// SPDX-License-Identifier: Apache-2.0
//
// tt-fabric's configuration names (the numbers are tt-metal's).  The
// fabric itself is not emulated yet: SetFabricConfig accepts DISABLED
// only (fabric.hpp).
#pragma once

#include <cstdint>

namespace tt::tt_fabric {

enum class FabricConfig : uint32_t {
	DISABLED = 0,
	FABRIC_1D_NEIGHBOR_EXCHANGE = 1,
	FABRIC_1D = 2,
	FABRIC_1D_RING = 3,
	FABRIC_2D = 4,
	FABRIC_2D_TORUS_X = 5,
	FABRIC_2D_TORUS_Y = 6,
	FABRIC_2D_TORUS_XY = 7,
	CUSTOM = 8,
};

enum class FabricTensixConfig : uint32_t {
	DISABLED = 0,
	MUX = 1,
	UDM = 2,
};

enum class FabricUDMMode : uint32_t {
	DISABLED = 0,
	ENABLED = 1,
};

enum class FabricManagerMode : uint32_t {
	INIT_FABRIC = 1 << 0,
	TERMINATE_FABRIC = 1 << 1,
	ENABLED = 0,
	DEFAULT = (1 << 0) | (1 << 1),
};

constexpr FabricManagerMode operator|(FabricManagerMode a, FabricManagerMode b)
{
	return static_cast<FabricManagerMode>(static_cast<uint32_t>(a) | static_cast<uint32_t>(b));
}
constexpr FabricManagerMode operator&(FabricManagerMode a, FabricManagerMode b)
{
	return static_cast<FabricManagerMode>(static_cast<uint32_t>(a) & static_cast<uint32_t>(b));
}
constexpr bool has_flag(FabricManagerMode flags, FabricManagerMode f)
{
	return (flags & f) == f;
}

enum class FabricType {
	MESH = 1 << 0,
	TORUS_X = 1 << 1,
	TORUS_Y = 1 << 2,
	TORUS_XY = (1 << 1) | (1 << 2),
};

enum class FabricReliabilityMode : uint32_t {
	STRICT_SYSTEM_HEALTH_SETUP_MODE = 0,
	RELAXED_SYSTEM_HEALTH_SETUP_MODE = 1,
	DYNAMIC_RECONFIGURATION_SETUP_MODE = 2,
};

} // namespace tt::tt_fabric
