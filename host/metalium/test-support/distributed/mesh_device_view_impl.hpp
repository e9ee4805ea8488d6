// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt-metal's MeshDeviceViewImpl, the internal
// side of a MeshDeviceView that its tests reach through
// MeshDeviceView::impl().  Here it asks the view it belongs to: the
// chips and fabric nodes by coordinate, the rows and columns, and the
// line and ring orders.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include <tt-metalium/mesh_device_view.hpp>

namespace tt::tt_metal::distributed {

class MeshDeviceViewImpl {
public:
	explicit MeshDeviceViewImpl(const MeshDeviceView *view) : view_(view) {}

	std::vector<IDevice *> get_devices(const MeshCoordinateRange &range) const
	{
		return view_->get_devices(range);
	}
	std::vector<IDevice *> get_devices() const { return view_->get_devices(); }
	std::vector<tt::tt_fabric::FabricNodeId>
	get_fabric_node_ids(const MeshCoordinateRange &range) const
	{
		return view_->get_fabric_node_ids(range);
	}
	std::vector<tt::tt_fabric::FabricNodeId> get_fabric_node_ids() const
	{
		return view_->get_fabric_node_ids();
	}
	size_t num_devices() const { return view_->num_devices(); }
	bool empty() const noexcept { return view_->empty(); }
	size_t size() const noexcept { return view_->size(); }
	const MeshShape &shape() const noexcept { return view_->shape(); }
	tt::tt_fabric::MeshId mesh_id() const noexcept { return view_->mesh_id(); }
	bool contains(const MeshCoordinate &coord) const noexcept { return view_->contains(coord); }
	IDevice *get_device(const MeshCoordinate &coord) const { return view_->get_device(coord); }
	tt::tt_fabric::FabricNodeId get_fabric_node_id(const MeshCoordinate &coord) const
	{
		return view_->get_fabric_node_id(coord);
	}
	auto begin() const { return view_->begin(); }
	auto end() const { return view_->end(); }
	MeshCoordinate find_device(ChipId device_id) const { return view_->find_device(device_id); }
	bool is_mesh_2d() const { return view_->is_mesh_2d(); }
	size_t num_rows() const { return view_->num_rows(); }
	size_t num_cols() const { return view_->num_cols(); }
	std::vector<IDevice *> get_devices_on_row(size_t row) const
	{
		return view_->get_devices_on_row(row);
	}
	std::vector<IDevice *> get_devices_on_column(size_t col) const
	{
		return view_->get_devices_on_column(col);
	}
	std::vector<tt::tt_fabric::FabricNodeId> get_fabric_node_ids_on_row(size_t row) const
	{
		return view_->get_fabric_node_ids_on_row(row);
	}
	std::vector<tt::tt_fabric::FabricNodeId> get_fabric_node_ids_on_column(size_t col) const
	{
		return view_->get_fabric_node_ids_on_column(col);
	}
	static std::vector<MeshCoordinate>
	get_line_coordinates(size_t length, const Shape2D &mesh_shape, const Shape2D &mesh_offset)
	{
		return MeshDeviceView::get_line_coordinates(length, mesh_shape, mesh_offset);
	}
	std::vector<MeshCoordinate> get_line_coordinates() const
	{
		return view_->get_line_coordinates();
	}
	static std::vector<MeshCoordinate> get_ring_coordinates(const Shape2D &ring_shape,
								const Shape2D &mesh_shape)
	{
		return MeshDeviceView::get_ring_coordinates(ring_shape, mesh_shape);
	}
	std::vector<MeshCoordinate> get_ring_coordinates() const
	{
		return view_->get_ring_coordinates();
	}
	std::vector<IDevice *> get_ring_devices() const { return view_->get_ring_devices(); }
	std::vector<IDevice *> get_line_devices() const { return view_->get_line_devices(); }
	std::vector<tt::tt_fabric::FabricNodeId> get_ring_fabric_node_ids() const
	{
		return view_->get_ring_fabric_node_ids();
	}
	std::vector<tt::tt_fabric::FabricNodeId> get_line_fabric_node_ids() const
	{
		return view_->get_line_fabric_node_ids();
	}
	bool is_local(const MeshCoordinate &coord) const { return view_->is_local(coord); }
	MeshCoordinateRange get_local_mesh_coord_range() const
	{
		return view_->get_local_mesh_coord_range();
	}

private:
	const MeshDeviceView *view_;
};

inline const MeshDeviceViewImpl &MeshDeviceView::impl() const
{
	if (!impl_)
		impl_ = std::make_shared<MeshDeviceViewImpl>(this);
	return *static_cast<const MeshDeviceViewImpl *>(impl_.get());
}

inline MeshDeviceViewImpl &MeshDeviceView::impl()
{
	if (!impl_)
		impl_ = std::make_shared<MeshDeviceViewImpl>(this);
	return *static_cast<MeshDeviceViewImpl *>(impl_.get());
}

} // namespace tt::tt_metal::distributed
