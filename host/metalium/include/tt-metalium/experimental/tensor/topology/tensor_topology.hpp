// SPDX-License-Identifier: Apache-2.0
//
// TensorTopology: how a MeshTensor is spread over the chips of a mesh.
// tensix-emu's MeshTensors are replicated, one identical buffer per chip,
// and that is the only topology there is: the default one.
#pragma once

namespace tt::tt_metal {

class TensorTopology {
public:
	TensorTopology() = default;
	bool operator==(const TensorTopology &) const = default;
};

} // namespace tt::tt_metal
