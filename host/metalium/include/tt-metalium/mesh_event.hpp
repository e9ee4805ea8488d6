// SPDX-License-Identifier: Apache-2.0
//
// MeshEvent: a point in a command queue.  Queues here run their commands
// one after another on the device, so an event is reached once everything
// enqueued on the device before it has finished.
#pragma once

#include <cstdint>
#include <ostream>

#include <tt-metalium/mesh_coord.hpp>

namespace tt::tt_metal::distributed {

class MeshDevice;

class MeshEvent {
public:
	MeshEvent(uint32_t id, MeshDevice *device, uint32_t mesh_cq_id,
		  const MeshCoordinateRange &device_range)
	    : id_(id), device_(device), mesh_cq_id_(mesh_cq_id), device_range_(device_range)
	{}
	uint32_t id() const { return id_; }
	MeshDevice *device() const { return device_; }
	uint32_t mesh_cq_id() const { return mesh_cq_id_; }
	const MeshCoordinateRange &device_range() const { return device_range_; }
	friend std::ostream &operator<<(std::ostream &os, const MeshEvent &e)
	{
		return os << "MeshEvent(id=" << e.id_ << ", cq=" << e.mesh_cq_id_ << ")";
	}

private:
	uint32_t id_;
	MeshDevice *device_;
	uint32_t mesh_cq_id_;
	MeshCoordinateRange device_range_;
};

} // namespace tt::tt_metal::distributed
