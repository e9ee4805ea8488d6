// SPDX-License-Identifier: Apache-2.0
//
// TensorTopology: how a tensor is spread over the chips of a mesh.
// tensix-emu's MeshTensors are replicated, one identical buffer per chip,
// and that is the only topology there is: the default one, tt-metal's
// default too, a distribution shape of {1} with its one shard at (0, 0).
#pragma once

#include <vector>

#include <tt-metalium/mesh_coord.hpp>

namespace tt::tt_metal {

class TensorTopology {
public:
	TensorTopology() = default;

	// The shape the tensor was distributed over: {1}.
	const distributed::MeshShape &distribution_shape() const { return distribution_shape_; }
	// Where each shard sits: (0, 0).
	const std::vector<distributed::MeshCoordinate> &mesh_coords() const { return mesh_coords_; }

	bool operator==(const TensorTopology &) const = default;

private:
	distributed::MeshShape distribution_shape_{ 1 };
	std::vector<distributed::MeshCoordinate> mesh_coords_{ distributed::MeshCoordinate(0, 0) };
};

} // namespace tt::tt_metal
