// SPDX-License-Identifier: Apache-2.0
//
// MeshDevice: tensix-emu runs 1x1 meshes, each one libtt device (one QEMU
// process).  create() with a larger shape throws, saying so.
// create_unit_meshes() opens one independent device per id.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include <tt-metalium/device.hpp>
#include <tt-metalium/mesh_config.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/sub_device_types.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal {

constexpr size_t DEFAULT_L1_SMALL_SIZE = 0;
constexpr size_t DEFAULT_TRACE_REGION_SIZE = 0;
constexpr size_t DEFAULT_WORKER_L1_SIZE = 0;

// Dispatch cores do not exist here (slow dispatch); accepted and ignored.
struct DispatchCoreConfig {};

namespace distributed {

class MeshCommandQueue;

class MeshDevice : public IDevice, public std::enable_shared_from_this<MeshDevice> {
public:
	// Tag of the constructor: MeshDevices are made by the create functions.
	struct Private {
		explicit Private() = default;
	};

	static std::shared_ptr<MeshDevice>
	create(const MeshDeviceConfig &config, size_t l1_small_size = DEFAULT_L1_SMALL_SIZE,
	       size_t trace_region_size = DEFAULT_TRACE_REGION_SIZE, size_t num_command_queues = 1,
	       const DispatchCoreConfig &dispatch_core_config = DispatchCoreConfig{},
	       ttsl::Span<const std::uint32_t> l1_bank_remap = {},
	       size_t worker_l1_size = DEFAULT_WORKER_L1_SIZE);
	static std::shared_ptr<MeshDevice>
	create_unit_mesh(int device_id, size_t l1_small_size = DEFAULT_L1_SMALL_SIZE,
			 size_t trace_region_size = DEFAULT_TRACE_REGION_SIZE,
			 size_t num_command_queues = 1,
			 const DispatchCoreConfig &dispatch_core_config = DispatchCoreConfig{},
			 ttsl::Span<const std::uint32_t> l1_bank_remap = {},
			 size_t worker_l1_size = DEFAULT_WORKER_L1_SIZE);
	static std::map<int, std::shared_ptr<MeshDevice>> create_unit_meshes(
		const std::vector<int> &device_ids, size_t l1_small_size = DEFAULT_L1_SMALL_SIZE,
		size_t trace_region_size = DEFAULT_TRACE_REGION_SIZE, size_t num_command_queues = 1,
		const DispatchCoreConfig &dispatch_core_config = DispatchCoreConfig{},
		ttsl::Span<const std::uint32_t> l1_bank_remap = {},
		size_t worker_l1_size = DEFAULT_WORKER_L1_SIZE);

	MeshDevice(Private, int id, struct tt_device *dev);
	~MeshDevice() override;
	MeshDevice(const MeshDevice &) = delete;
	MeshDevice &operator=(const MeshDevice &) = delete;

	tt::ARCH arch() const override;
	int id() const override { return id_; }
	CoreCoord grid_size() const override;
	CoreCoord logical_grid_size() const override;
	CoreCoord dram_grid_size() const override;
	CoreCoord compute_with_storage_grid_size() const override;
	CoreCoord worker_core_from_logical_core(const CoreCoord &logical) const override;
	std::vector<CoreCoord>
	worker_cores_from_logical_cores(const std::vector<CoreCoord> &cores) const override;
	CoreCoord virtual_core_from_logical_core(const CoreCoord &logical,
						 const CoreType &type) const override;
	const std::unique_ptr<Allocator> &allocator() const override { return allocator_; }
	uint32_t num_dram_channels() const override;
	uint32_t l1_size_per_core() const override;
	// Waits for queued work, then stops the device; true on success.
	bool close() override;
	struct tt_device *c_device() const override;

	const MeshShape &shape() const { return shape_; }
	size_t num_devices() const { return 1; }
	size_t num_rows() const { return 1; }
	size_t num_cols() const { return 1; }
	std::vector<IDevice *> get_devices() { return { this }; }
	IDevice *get_device(const MeshCoordinate &coord);
	IDevice *get_device(size_t row, size_t col) { return get_device(MeshCoordinate(row, col)); }
	// The whole worker grid (there are no sub-devices).
	CoreRangeSet worker_cores(HalProgrammableCoreType type, SubDeviceId sub_device_id) const;
	uint32_t num_worker_cores(HalProgrammableCoreType type, SubDeviceId sub_device_id) const;
	bool is_local(const MeshCoordinate &coord) const;
	MeshCommandQueue &mesh_command_queue(std::optional<uint8_t> cq_id = std::nullopt) const;
	size_t num_hw_cqs() const { return 1; }

private:
	int id_;
	struct tt_device *dev_;
	MeshShape shape_{ 1, 1 };
	std::unique_ptr<Allocator> allocator_;
	std::unique_ptr<MeshCommandQueue> cq_;
};

} // namespace distributed
} // namespace tt::tt_metal
