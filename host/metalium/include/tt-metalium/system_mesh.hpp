// SPDX-License-Identifier: Apache-2.0
//
// The system mesh (tt-metalium/system_mesh.hpp): the devices the host
// sees, as a mesh shape.  Every MeshDevice here is one emulated device,
// so the system mesh is 1x1; programs that open a MeshDevice of its shape
// get one.
#pragma once

#include <tt-metalium/mesh_coord.hpp>

namespace tt::tt_metal::distributed {

class SystemMesh {
	SystemMesh() = default;

public:
	static SystemMesh &instance();
	SystemMesh(const SystemMesh &) = delete;
	SystemMesh &operator=(const SystemMesh &) = delete;

	// The emulated system's mesh (TT_EMU_SYSTEM: N150 1x1, N300 1x2,
	// T3000 2x4, Galaxy 8x4 as tt-metal has it, or RxC); all of it is local to this host.
	const MeshShape &shape() const;
	const MeshShape &local_shape() const;

private:
	mutable MeshShape shape_{ 1, 1 };
};

} // namespace tt::tt_metal::distributed
