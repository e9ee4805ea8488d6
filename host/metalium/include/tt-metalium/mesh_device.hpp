// SPDX-License-Identifier: Apache-2.0
//
// MeshDevice: a 1x1 mesh is one libtt device (one QEMU process); a larger
// mesh is a libtt system of chips (tt/system.h), each chip a 1x1 MeshDevice
// of its own that get_device(coord) returns.  The emulated machine
// (TT_EMU_SYSTEM: N150, N300, T3000, Galaxy or RxC) must hold the shape.
// create_unit_meshes() opens one independent device per id.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include <tt-metalium/device.hpp>
#include <tt-metalium/dispatch_core_common.hpp>
#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt-metalium/kernel_types.hpp>
#include <tt-metalium/mesh_config.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/mesh_device_view.hpp>
#include <tt-metalium/mesh_trace_id.hpp>
#include <tt-metalium/sub_device.hpp>
#include <tt-metalium/buffer_types.hpp>
#include <tt-metalium/sub_device_types.hpp>
#include <tt_stl/span.hpp>

struct tt_system; // libtt's (tt/system.h)

namespace tt::tt_metal {

constexpr size_t DEFAULT_L1_SMALL_SIZE = 0;
constexpr size_t DEFAULT_TRACE_REGION_SIZE = 0;
constexpr size_t DEFAULT_WORKER_L1_SIZE = 0;

namespace detail {
class ProgramImpl;
struct TracedRun;
} // namespace detail

namespace distributed {

class MeshCommandQueue;
class MeshDeviceImpl;

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

	MeshDevice(Private, int id, struct tt_device *dev, size_t num_command_queues = 1);
	// A mesh of the chips of @sys, row-major over @shape.
	MeshDevice(Private, struct tt_system *sys, const MeshShape &shape,
		   size_t num_command_queues);
	// A submesh of @parent: its chips @chips (row-major over @shape).
	MeshDevice(Private, const std::shared_ptr<MeshDevice> &parent, const MeshShape &shape,
		   std::vector<std::shared_ptr<MeshDevice>> chips);
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
	size_t num_devices() const { return chips_.empty() ? 1 : chips_.size(); }
	// uint32_t, not upstream's size_t: programs brace-initialise
	// MeshCoordinate{0, num_cols() - 1}, which GCC refuses as narrowing.
	uint32_t num_rows() const { return shape_[0]; }
	uint32_t num_cols() const { return shape_.dims() > 1 ? shape_[1] : 1; }
	// Row-major over the mesh.
	std::vector<IDevice *> get_devices() const;
	IDevice *get_device(const MeshCoordinate &coord);
	IDevice *get_device(size_t row, size_t col) { return get_device(MeshCoordinate(row, col)); }
	// The chip of this mesh whose id() is @physical_device_id; throws if
	// none is.
	IDevice *get_device(ChipId physical_device_id);
	// The chip at @coord of a mesh of several (this mesh itself when 1x1).
	MeshDevice *chip(const MeshCoordinate &coord) const;
	bool is_unit() const { return chips_.empty(); }
	// Every chip is this host's (several hosts are not emulated).
	bool is_remote_only() const { return false; }
	// Submeshes: meshes over some of this mesh's chips, which they share
	// (a submesh's (0, 0) is the parent's @offset).  Buffers stay in
	// lockstep only while every allocation is made on the whole mesh.
	std::shared_ptr<MeshDevice>
	create_submesh(const MeshShape &submesh_shape,
		       const std::optional<MeshCoordinate> &offset = std::nullopt);
	// The mesh cut into submeshes of @submesh_shape, row-major.
	std::vector<std::shared_ptr<MeshDevice>> create_submeshes(const MeshShape &submesh_shape);
	// The submeshes still alive (a submesh holds its parent, not the reverse).
	std::vector<std::shared_ptr<MeshDevice>> get_submeshes() const;
	// Waits until the work in flight on every queue of this mesh and of
	// each submesh derived from it (theirs too, down the tree) is done: a
	// barrier before work on submeshes that share chips.
	void quiesce_devices();
	bool is_parent_mesh() const { return parent_ == nullptr; }
	const std::shared_ptr<MeshDevice> &get_parent_mesh() const { return parent_; }
	// The same chips as another shape: a line (1xN or Nx1) follows the
	// ring round a 2-D mesh, the transposed shape transposes; the number
	// of chips never changes.
	void reshape(const MeshShape &new_shape);
	// The chips' ids, row-major.
	std::vector<int> get_device_ids() const;

	// The chips as a view (mesh_device_view.hpp), with their fabric nodes;
	// the reference stays good until the mesh is reshaped.
	const MeshDeviceView &get_view() const;
	// The fabric node of the chip at @coord: FabricNodeId(MeshId{0}, its
	// id), as the control plane (experimental/fabric/control_plane.hpp)
	// names that chip.
	tt_fabric::FabricNodeId get_fabric_node_id(const MeshCoordinate &coord) const;
	// The fabric mesh the chips are in: the emulated system is mesh 0.
	uint32_t get_system_mesh_id() const { return 0; }

	// A MeshDevice is initialised when it is created and until it is
	// closed; initialize() refuses to open one again (mesh_view.cpp).
	bool is_initialized() const { return dev_ != nullptr; }
	bool initialize(uint8_t num_hw_cqs, size_t l1_small_size, size_t trace_region_size,
			size_t worker_l1_size, ttsl::Span<const std::uint32_t> l1_bank_remap = {},
			bool minimal = false);
	// For each DRAM bank, the logical worker core beside it that reads or
	// writes it best over @noc (the first chip's, for a mesh).
	std::vector<CoreCoord> get_optimal_dram_bank_to_logical_worker_assignment(NOC noc);

	// tt-metal's internal view of a mesh; defined with it in
	// distributed/mesh_device_impl.hpp, one of the test-support headers.
	MeshDeviceImpl &impl();
	// The Tensix cores of sub-device @sub_device_id of the loaded manager
	// (without one: the whole worker grid, sub-device 0).
	CoreRangeSet worker_cores(HalProgrammableCoreType type, SubDeviceId sub_device_id) const;
	uint32_t num_worker_cores(HalProgrammableCoreType type, SubDeviceId sub_device_id) const;
	bool is_local(const MeshCoordinate &coord) const;
	MeshCommandQueue &mesh_command_queue(std::optional<uint8_t> cq_id = std::nullopt) const;
	size_t num_hw_cqs() const { return cqs_.size(); }

	// Traces: workloads enqueued on @cq_id between begin and end are
	// recorded; a replay runs them again in order, with the runtime args
	// the programs hold then.
	MeshTraceId begin_mesh_trace(uint8_t cq_id);
	void begin_mesh_trace(uint8_t cq_id, const MeshTraceId &trace_id);
	void end_mesh_trace(uint8_t cq_id, const MeshTraceId &trace_id);
	void replay_mesh_trace(uint8_t cq_id, const MeshTraceId &trace_id, bool blocking);
	void release_mesh_trace(const MeshTraceId &trace_id);

	// Sub-device configurations (sub_device.hpp): programs on different
	// sub-devices of the loaded manager run at once (MeshCommandQueue).
	SubDeviceManagerId create_sub_device_manager(std::initializer_list<SubDevice> sub_devices,
						     DeviceAddr local_l1_size);
	SubDeviceManagerId create_sub_device_manager(ttsl::Span<const SubDevice> sub_devices,
						     DeviceAddr local_l1_size);
	void remove_sub_device_manager(SubDeviceManagerId id);
	void load_sub_device_manager(SubDeviceManagerId id);
	void clear_loaded_sub_device_manager();
	SubDeviceManagerId get_active_sub_device_manager_id() const { return active_manager_; }
	SubDeviceManagerId get_default_sub_device_manager_id() const
	{
		return SubDeviceManagerId{ 0 };
	}
	const std::vector<SubDeviceId> &get_sub_device_ids() const;
	uint32_t num_sub_devices() const
	{
		return static_cast<uint32_t>(get_sub_device_ids().size());
	}
	const std::vector<SubDeviceId> &get_sub_device_stall_group() const { return stall_group_; }
	void set_sub_device_stall_group(ttsl::Span<const SubDeviceId> ids);
	void reset_sub_device_stall_group();
	// The sub-device of the loaded manager that holds every Tensix kernel
	// of @program (0 without a manager); throws when none does.
	uint32_t sub_device_of(const detail::ProgramImpl &program) const;

private:
	// The row-major index of @coord among the chips.
	size_t chip_index(const MeshCoordinate &coord) const;

	int id_;
	struct tt_device *dev_; // a mesh of several: chip 0's, for the queries
	MeshShape shape_{ 1, 1 };
	struct tt_system *sys_ = nullptr;		 // a mesh of several chips
	std::vector<std::shared_ptr<MeshDevice>> chips_; // row-major; empty when 1x1
	bool owns_dev_ = true;				 // false: a chip of a system
	std::shared_ptr<void> system_ref_;   // unit meshes of one system: the last closes it
	std::shared_ptr<void> impl_;	     // the MeshDeviceImpl, once asked
	std::shared_ptr<MeshDevice> parent_; // of a submesh
	std::vector<std::weak_ptr<MeshDevice>> submeshes_;
	std::unique_ptr<Allocator> allocator_;
	std::vector<std::unique_ptr<MeshCommandQueue>> cqs_;
	std::map<uint32_t, std::vector<detail::TracedRun>> traces_;
	uint32_t next_trace_ = 0;
	std::map<uint64_t, std::vector<SubDevice>> managers_;
	uint64_t next_manager_ = 1;
	SubDeviceManagerId active_manager_{ 0 };
	mutable std::vector<SubDeviceId> sub_device_ids_;
	std::vector<SubDeviceId> stall_group_;
	mutable std::shared_ptr<MeshDeviceView> view_; // get_view()'s, remade when stale
};

} // namespace distributed
} // namespace tt::tt_metal
