// SPDX-License-Identifier: Apache-2.0
//
// MeshDeviceView: the chips of a mesh laid out over a shape, with the
// fabric node of each (experimental/fabric/fabric_types.hpp), and the
// questions collective operations ask of them: the chips of a region, of
// a row or a column, and orders that visit them as a line or a ring of
// neighbours.  MeshDevice::get_view() gives the view of a mesh; a view
// can also be made over any devices and shape.  Coordinates of remote
// chips (MaybeRemote) are accepted, though tensix-emu's own meshes hold
// local chips only.
//
// The line and ring helpers and the row and column queries are for 2-D
// views, as in tt-metal; they throw on others.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include <tt-metalium/device.hpp>
#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt-metalium/maybe_remote.hpp>
#include <tt-metalium/mesh_config.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/shape2d.hpp>

namespace tt::tt_metal::distributed {

class MeshDevice;
class MeshDeviceViewImpl;

class MeshDeviceView {
public:
	// @devices and @fabric_node_ids row-major over @shape, one each per
	// coordinate; every node in the same mesh.
	explicit MeshDeviceView(const MeshShape &shape, const std::vector<IDevice *> &devices,
				const std::vector<tt::tt_fabric::FabricNodeId> &fabric_node_ids);
	explicit MeshDeviceView(const MeshShape &shape,
				const std::vector<MaybeRemote<IDevice *>> &devices,
				const std::vector<tt::tt_fabric::FabricNodeId> &fabric_node_ids);
	~MeshDeviceView();
	MeshDeviceView(const MeshDeviceView &other);
	MeshDeviceView &operator=(const MeshDeviceView &other);
	MeshDeviceView(MeshDeviceView &&other) noexcept;
	MeshDeviceView &operator=(MeshDeviceView &&other) noexcept;

	// The local chips of @range (start and end included), or of the
	// whole view, row-major.
	std::vector<IDevice *> get_devices(const MeshCoordinateRange &range) const;
	std::vector<IDevice *> get_devices() const;
	std::vector<tt::tt_fabric::FabricNodeId>
	get_fabric_node_ids(const MeshCoordinateRange &range) const;
	std::vector<tt::tt_fabric::FabricNodeId> get_fabric_node_ids() const;
	size_t num_devices() const;

	bool empty() const noexcept;
	size_t size() const noexcept;
	const MeshShape &shape() const noexcept;
	tt::tt_fabric::MeshId mesh_id() const noexcept;
	bool contains(const MeshCoordinate &coord) const noexcept;

	// The chip at @coord; nullptr outside the view, throws for a remote one.
	IDevice *get_device(const MeshCoordinate &coord) const;
	// The node at @coord, local or remote; throws outside the view.
	tt::tt_fabric::FabricNodeId get_fabric_node_id(const MeshCoordinate &coord) const;

	std::vector<MaybeRemote<IDevice *>>::const_iterator begin() const;
	std::vector<MaybeRemote<IDevice *>>::const_iterator end() const;

	// Where chip @device_id sits; throws when it is not in the view.
	MeshCoordinate find_device(ChipId device_id) const;

	// 2-D views only.
	bool is_mesh_2d() const;
	size_t num_rows() const;
	size_t num_cols() const;
	std::vector<IDevice *> get_devices_on_row(size_t row) const;
	std::vector<IDevice *> get_devices_on_column(size_t col) const;
	std::vector<tt::tt_fabric::FabricNodeId> get_fabric_node_ids_on_row(size_t row) const;
	std::vector<tt::tt_fabric::FabricNodeId> get_fabric_node_ids_on_column(size_t col) const;

	// A line: @length coordinates of a @mesh_shape mesh from
	// @mesh_offset, each a neighbour of the one before.  Where a ring
	// runs through every chip (both dimensions at least 2, an even number
	// of chips) the line follows it, so a line of every chip closes into
	// a ring; throws when no line is found.  A ring: the border of a
	// @ring_shape block at the mesh's (0, 0), clockwise from there.  The
	// members use the whole view.
	static std::vector<MeshCoordinate>
	get_line_coordinates(size_t length, const Shape2D &mesh_shape, const Shape2D &mesh_offset);
	std::vector<MeshCoordinate> get_line_coordinates() const;
	static std::vector<MeshCoordinate> get_ring_coordinates(const Shape2D &ring_shape,
								const Shape2D &mesh_shape);
	std::vector<MeshCoordinate> get_ring_coordinates() const;
	std::vector<IDevice *> get_ring_devices() const;
	std::vector<IDevice *> get_line_devices() const;
	std::vector<tt::tt_fabric::FabricNodeId> get_ring_fabric_node_ids() const;
	std::vector<tt::tt_fabric::FabricNodeId> get_line_fabric_node_ids() const;

	// Whether the chip at @coord is held by this host; throws outside.
	bool is_local(const MeshCoordinate &coord) const;
	// The smallest range holding every local chip.
	MeshCoordinateRange get_local_mesh_coord_range() const;

	// tt-metal's internal view, made on first use; defined with it in
	// distributed/mesh_device_view_impl.hpp, one of the test-support
	// headers.
	const MeshDeviceViewImpl &impl() const;
	MeshDeviceViewImpl &impl();

private:
	DistributedMeshContainer<IDevice *> devices_;
	MeshContainer<tt::tt_fabric::FabricNodeId> fabric_node_ids_;
	tt::tt_fabric::MeshId mesh_id_;
	std::unordered_map<ChipId, MeshCoordinate> device_coords_;
	// The MeshDeviceViewImpl, which refers to this view: never copied.
	mutable std::shared_ptr<void> impl_;
};

} // namespace tt::tt_metal::distributed
