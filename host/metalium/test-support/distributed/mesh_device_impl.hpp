// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt-metal's MeshDeviceImpl, the internal view
// of a mesh its tests reach through MeshDevice::impl(): the devices by
// physical chip id or by mesh coordinate, and the mesh's view.
#pragma once

#include <memory>
#include <vector>

#include <fmt/ostream.h>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt_stl/assert.hpp>

namespace tt::tt_metal::distributed {

class MeshDeviceImpl {
public:
	explicit MeshDeviceImpl(MeshDevice *mesh) : mesh_(mesh) {}

	// The chip whose id is @id.
	IDevice *get_device(ChipId id) const
	{
		for (IDevice *d : mesh_->get_devices())
			if (d->id() == id)
				return d;
		TT_THROW("device {} is not in this {} mesh", id, fmt::streamed(mesh_->shape()));
	}
	// The chip at @coord; nullptr outside the mesh, as tt-metal's view answers.
	IDevice *get_device(const MeshCoordinate &coord) const
	{
		return mesh_->get_view().get_device(coord);
	}
	const MeshDeviceView &get_view() const { return mesh_->get_view(); }
	tt::tt_fabric::FabricNodeId get_fabric_node_id(const MeshCoordinate &coord) const
	{
		return mesh_->get_fabric_node_id(coord);
	}
	std::vector<IDevice *> get_devices() const { return mesh_->get_devices(); }
	bool is_local(const MeshCoordinate &coord) const { return mesh_->is_local(coord); }
	size_t num_devices() const { return mesh_->num_devices(); }
	const MeshShape &shape() const { return mesh_->shape(); }

private:
	MeshDevice *mesh_;
};

inline MeshDeviceImpl &MeshDevice::impl()
{
	if (!impl_)
		impl_ = std::make_shared<MeshDeviceImpl>(this);
	return *static_cast<MeshDeviceImpl *>(impl_.get());
}

} // namespace tt::tt_metal::distributed
