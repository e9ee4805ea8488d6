// SPDX-License-Identifier: Apache-2.0
//
// The fabric's names for the emulated chips (FabricNodeId, MeshId) and the
// control plane that maps chips to them (experimental/fabric/
// control_plane.hpp).  The emulated system is one mesh, mesh 0, all of it
// on this host; chip k is node k of it.  Routing is not emulated, so the
// control plane says where chips are and nothing about paths between them.
#include <cstdint>
#include <ostream>
#include <vector>

#include <tt-metalium/experimental/fabric/control_plane.hpp>
#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt_stl/assert.hpp>

extern "C" {
#include <tt/system.h>
}

namespace tt::tt_fabric {

std::ostream &operator<<(std::ostream &os, const MeshId &mesh_id)
{
	return os << *mesh_id;
}

std::ostream &operator<<(std::ostream &os, const FabricNodeId &node)
{
	return os << "M" << *node.mesh_id << "D" << node.chip_id;
}

// The emulated system (TT_EMU_SYSTEM), read afresh each time so the answers
// follow the environment as the rest of the library's do.
static struct tt_system_desc emulated()
{
	struct tt_system_desc d;
	int rc = tt_system_describe(nullptr, &d);
	TT_FATAL(rc == 0,
		 "the control plane: the emulated system (TT_EMU_SYSTEM) is not one "
		 "tensix-emu knows (error {})",
		 rc);
	return d;
}

static void check_mesh(MeshId mesh_id)
{
	TT_FATAL(*mesh_id == 0,
		 "mesh {} does not exist: the emulated system is one mesh, mesh 0 (several "
		 "meshes and hosts are not emulated)",
		 *mesh_id);
}

FabricNodeId ControlPlane::get_fabric_node_id_from_physical_chip_id(ChipId physical_chip_id) const
{
	struct tt_system_desc d = emulated();
	TT_FATAL(physical_chip_id >= 0 && static_cast<uint32_t>(physical_chip_id) < d.rows * d.cols,
		 "chip {} is not in the emulated {} ({} chips)", physical_chip_id, d.name,
		 d.rows * d.cols);
	return FabricNodeId(MeshId{ 0 }, static_cast<uint32_t>(physical_chip_id));
}

ChipId ControlPlane::get_physical_chip_id_from_fabric_node_id(const FabricNodeId &node) const
{
	check_mesh(node.mesh_id);
	struct tt_system_desc d = emulated();
	TT_FATAL(node.chip_id < d.rows * d.cols,
		 "fabric node {} is not a chip of the emulated {} "
		 "({} chips)",
		 node, d.name, d.rows * d.cols);
	return static_cast<ChipId>(node.chip_id);
}

std::vector<MeshId> ControlPlane::get_user_physical_mesh_ids() const
{
	return { MeshId{ 0 } };
}

std::vector<MeshId> ControlPlane::get_local_mesh_id_bindings() const
{
	return { MeshId{ 0 } };
}

MeshHostRankId ControlPlane::get_local_host_rank_id_binding() const
{
	return MeshHostRankId{ 0 };
}

tt::tt_metal::distributed::MeshCoordinate ControlPlane::get_local_mesh_offset() const
{
	return tt::tt_metal::distributed::MeshCoordinate(0, 0);
}

tt::tt_metal::distributed::MeshShape ControlPlane::get_physical_mesh_shape(MeshId mesh_id,
									   MeshScope) const
{
	check_mesh(mesh_id);
	struct tt_system_desc d = emulated();
	return tt::tt_metal::distributed::MeshShape(d.rows, d.cols);
}

tt::tt_metal::distributed::MeshCoordinateRange ControlPlane::get_coord_range(MeshId mesh_id,
									     MeshScope scope) const
{
	return tt::tt_metal::distributed::MeshCoordinateRange(
		get_physical_mesh_shape(mesh_id, scope));
}

} // namespace tt::tt_fabric
