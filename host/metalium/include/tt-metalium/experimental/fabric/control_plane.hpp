// SPDX-License-Identifier: Apache-2.0
//
// tt-fabric's ControlPlane, as far as tensix-emu can answer it: where each
// chip of the emulated system (TT_EMU_SYSTEM) sits on the fabric.  The
// system is one mesh, MeshId 0, held by this one host (rank 0): chip id k
// is FabricNodeId(MeshId{0}, k), at row-major position k of the system's
// mesh, as MeshDevice::get_fabric_node_id() says of the chip.  Every query
// reads the emulated system afresh, so it follows the environment.
// MetalContext::instance().get_control_plane() (test support) gives the
// process's one instance.
//
// Not implemented: routing tables, ethernet channels and routing planes,
// inter-mesh exits, mesh graph descriptors, several hosts.  No ethernet
// link carries traffic yet (docs/multi-device.md), so there is nothing
// true to say about routes.
#pragma once

#include <vector>

#include <tt-metalium/experimental/fabric/fabric.hpp>
#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <umd/device/types/cluster_descriptor_types.hpp>

namespace tt::tt_fabric {

// Whether a query covers the meshes of this host only or of every host.
// With one host the answers are the same.
enum class MeshScope {
	LOCAL,
	GLOBAL,
};

// The meshes a host process serves, and its rank within them.
struct LocalMeshBinding {
	std::vector<MeshId> mesh_ids;
	MeshHostRankId host_rank;
};

class ControlPlane {
public:
	ControlPlane() = default;
	ControlPlane(const ControlPlane &) = delete;
	ControlPlane &operator=(const ControlPlane &) = delete;

	// The node of chip @physical_chip_id; throws for a chip the emulated
	// system does not have.
	FabricNodeId get_fabric_node_id_from_physical_chip_id(ChipId physical_chip_id) const;
	// The chip of @fabric_node_id; throws for a node of no chip.
	ChipId get_physical_chip_id_from_fabric_node_id(const FabricNodeId &fabric_node_id) const;

	// Mesh 0, the only one, for the user and for this host.
	std::vector<MeshId> get_user_physical_mesh_ids() const;
	std::vector<MeshId> get_local_mesh_id_bindings() const;
	MeshHostRankId get_local_host_rank_id_binding() const;
	// Where this host's part of its mesh starts: all of it, so (0, 0).
	tt::tt_metal::distributed::MeshCoordinate get_local_mesh_offset() const;

	// The emulated system's mesh shape, and every coordinate of it.
	tt::tt_metal::distributed::MeshShape
	get_physical_mesh_shape(MeshId mesh_id, MeshScope scope = MeshScope::GLOBAL) const;
	tt::tt_metal::distributed::MeshCoordinateRange
	get_coord_range(MeshId mesh_id, MeshScope scope = MeshScope::GLOBAL) const;

	FabricConfig get_fabric_config() const { return GetFabricConfig(); }
};

} // namespace tt::tt_fabric
