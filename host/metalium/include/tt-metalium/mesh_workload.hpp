// SPDX-License-Identifier: Apache-2.0
//
// MeshWorkload: programs, each for a range of devices of a mesh.  On a
// 1x1 mesh the only range is (0,0); EnqueueMeshWorkload runs them in the
// order they were added.
#pragma once

#include <unordered_map>
#include <utility>
#include <vector>

#include <tt-metalium/host_api.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/mesh_device.hpp>

namespace tt::tt_metal::distributed {

class MeshCommandQueue;

class MeshWorkload {
public:
	MeshWorkload() = default;
	MeshWorkload(MeshWorkload &&) noexcept = default;
	MeshWorkload &operator=(MeshWorkload &&) noexcept = default;

	void add_program(const MeshCoordinateRange &device_range, Program &&program);
	std::unordered_map<MeshCoordinateRange, Program> &get_programs() { return programs_; }
	const std::unordered_map<MeshCoordinateRange, Program> &get_programs() const
	{
		return programs_;
	}
	// Ranges in the order add_program saw them.
	const std::vector<MeshCoordinateRange> &order() const { return order_; }
	// Where semaphore 0 of a Tensix (CoreType::WORKER) @logical_core of
	// @mesh_device is in L1; semaphore i is hal's L1 alignment * i above it.
	uint32_t get_sem_base_addr(std::shared_ptr<MeshDevice> &mesh_device, CoreCoord logical_core,
				   CoreType core_type);
	// Bytes of those semaphores: NUM_SEMAPHORES of them.
	uint32_t get_sem_size(std::shared_ptr<MeshDevice> &mesh_device, CoreCoord logical_core,
			      CoreType core_type);
	// Where the CB configs of that core are in L1 (after the semaphores):
	// UINT32_WORDS_PER_LOCAL_CIRCULAR_BUFFER_CONFIG words per CB index,
	// address, size, pages and page size; get_cb_size bytes in all.
	uint32_t get_cb_base_addr(std::shared_ptr<MeshDevice> &mesh_device, CoreCoord logical_core,
				  CoreType core_type);
	uint32_t get_cb_size(std::shared_ptr<MeshDevice> &mesh_device, CoreCoord logical_core,
			     CoreType core_type);

private:
	std::unordered_map<MeshCoordinateRange, Program> programs_;
	std::vector<MeshCoordinateRange> order_;
};

void EnqueueMeshWorkload(MeshCommandQueue &mesh_cq, MeshWorkload &mesh_workload, bool blocking);

} // namespace tt::tt_metal::distributed
