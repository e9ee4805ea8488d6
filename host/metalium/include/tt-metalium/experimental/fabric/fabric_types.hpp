// SPDX-License-Identifier: Apache-2.0
//
// tt-fabric's configuration names (the numbers are tt-metal's) and the
// names of the chips on it: a MeshId per mesh and a FabricNodeId (mesh,
// chip) per chip.  The fabric itself is not emulated yet: SetFabricConfig
// accepts DISABLED only (fabric.hpp).
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string_view>

#include <fmt/format.h>

#include <tt_stl/strong_type.hpp>

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

using MeshId = ttsl::StrongType<uint32_t, struct MeshIdTag>;
using MeshHostRankId = ttsl::StrongType<uint32_t, struct HostRankTag>;

// A chip as tt-fabric names it: its mesh and its index in that mesh.  On
// tensix-emu every chip of the emulated system is in mesh 0, and its index
// is its chip id, row-major over the system's mesh (ControlPlane,
// control_plane.hpp, answers the same).
class FabricNodeId {
public:
	explicit FabricNodeId(MeshId mesh, std::uint32_t chip) : mesh_id(mesh), chip_id(chip) {}

	// Ordered by mesh, then chip.
	friend auto operator<=>(const FabricNodeId &, const FabricNodeId &) = default;

	MeshId mesh_id{ 0 };
	std::uint32_t chip_id = 0;
};

// Printed as tt-metal prints them: a mesh id as its number, a node as
// "M0D3" on a stream and "(M0, D3)" through fmt.
std::ostream &operator<<(std::ostream &os, const MeshId &mesh_id);
std::ostream &operator<<(std::ostream &os, const FabricNodeId &node);

} // namespace tt::tt_fabric

template <>
struct std::hash<tt::tt_fabric::FabricNodeId> {
	std::size_t operator()(const tt::tt_fabric::FabricNodeId &node) const noexcept
	{
		return (std::size_t{ *node.mesh_id } << 32) ^ node.chip_id;
	}
};

template <>
struct fmt::formatter<tt::tt_fabric::MeshId> : fmt::formatter<std::string_view> {
	auto format(const tt::tt_fabric::MeshId &id, fmt::format_context &ctx) const
	{
		return fmt::format_to(ctx.out(), "{}", *id);
	}
};

template <>
struct fmt::formatter<tt::tt_fabric::FabricNodeId> : fmt::formatter<std::string_view> {
	auto format(const tt::tt_fabric::FabricNodeId &node, fmt::format_context &ctx) const
	{
		return fmt::format_to(ctx.out(), "(M{}, D{})", *node.mesh_id, node.chip_id);
	}
};
