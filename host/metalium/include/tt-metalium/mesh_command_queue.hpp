// SPDX-License-Identifier: Apache-2.0
//
// MeshCommandQueue: the in-order queue of a MeshDevice.  Work runs in
// order: a buffer read or write first waits for the workloads in flight
// (libtt's tt_finish), and a workload for the one before it on its
// sub-device, so "non-blocking" calls give the same results as on
// tt-metal.  Workloads on different sub-devices run at once; with a stall
// group set (MeshDevice::set_sub_device_stall_group), reads, writes and
// finish() wait for its sub-devices only.  A kernel failure (trap, guest error,
// sanitizer stop, hang) throws a std::runtime_error whose what() is
// libtt's run report.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_set>
#include <vector>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/distributed_host_buffer.hpp>
#include <tt-metalium/mesh_buffer.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/mesh_event.hpp>
#include <tt-metalium/mesh_trace_id.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/mesh_workload.hpp>
#include <tt-metalium/sub_device_types.hpp>
#include <tt-metalium/vector_aligned.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal::distributed {
class MeshBuffer;
class MeshCommandQueue;
class ShardDataTransfer;
} // namespace tt::tt_metal::distributed

namespace tt::tt_metal::experimental {
class PinnedMemory;
namespace core_subset_write {
void enqueue_write(distributed::MeshCommandQueue &cq, distributed::MeshBuffer &mesh_buffer,
		   const DistributedHostBuffer &host_buffer, bool blocking,
		   const CoreRangeSet &logical_core_filter);
}
const std::shared_ptr<PinnedMemory> &
ShardDataTransferGetPinnedMemory(const distributed::ShardDataTransfer &shard_data_transfer);
void ShardDataTransferSetPinnedMemory(distributed::ShardDataTransfer &shard_data_transfer,
				      std::shared_ptr<PinnedMemory> pinned_memory);
} // namespace tt::tt_metal::experimental

namespace tt::tt_metal::detail {
class ProgramImpl;
// What the queues of one device share: the programs in flight and the
// event counter.
struct DeviceDispatch {
	// A program in flight (kept alive until it finishes) and the
	// sub-device it runs on.
	struct Flight {
		std::shared_ptr<ProgramImpl> program;
		uint32_t sub_device = 0;
	};
	std::vector<Flight> running; // oldest first; one per sub-device
	uint32_t events = 0;
	// The last event the host has seen complete (finish() sees them all).
	uint32_t completed = 0;
	// Held by each call of the device's queues: threads enqueueing at once
	// take turns (a queue of a mesh takes its own, then each chip's).
	std::recursive_mutex lock;
};
// A program a trace ran, and on which devices of the mesh.
struct TracedRun {
	distributed::MeshCoordinateRange range;
	std::shared_ptr<ProgramImpl> program;
};
} // namespace tt::tt_metal::detail

namespace tt::tt_metal::distributed {

class ShardDataTransfer {
public:
	explicit ShardDataTransfer(const MeshCoordinate &coord) : coord_(coord) {}
	MeshCoordinate shard_coord() const { return coord_; }
	void *host_data() const { return host_data_; }
	std::optional<BufferRegion> region() const { return region_; }
	ShardDataTransfer &shard_coord(const MeshCoordinate &c)
	{
		coord_ = c;
		return *this;
	}
	ShardDataTransfer &host_data(void *p)
	{
		host_data_ = p;
		return *this;
	}
	ShardDataTransfer &region(std::optional<BufferRegion> r)
	{
		region_ = r;
		return *this;
	}

private:
	friend const std::shared_ptr<experimental::PinnedMemory> &
	experimental::ShardDataTransferGetPinnedMemory(const distributed::ShardDataTransfer &);
	friend void
	experimental::ShardDataTransferSetPinnedMemory(distributed::ShardDataTransfer &,
						       std::shared_ptr<experimental::PinnedMemory>);

	MeshCoordinate coord_;
	void *host_data_ = nullptr;
	std::optional<BufferRegion> region_;
	// Pinned memory holding host_data, if any (experimental/pinned_memory.hpp).
	std::shared_ptr<experimental::PinnedMemory> pinned_memory_;
};

class MeshCommandQueue {
public:
	MeshCommandQueue(MeshDevice *device, uint32_t id,
			 std::shared_ptr<detail::DeviceDispatch> dispatch)
	    : device_(device), id_(id), dispatch_(std::move(dispatch))
	{}
	MeshCommandQueue(const MeshCommandQueue &) = delete;
	MeshCommandQueue &operator=(const MeshCommandQueue &) = delete;
	~MeshCommandQueue();

	MeshDevice *device() const { return device_; }
	uint32_t id() const { return id_; }

	void enqueue_mesh_workload(MeshWorkload &mesh_workload, bool blocking);
	// The same data (the whole device-local buffer, or @region of it) to
	// every device of @device_range.
	void enqueue_write_shard_to_sub_grid(const MeshBuffer &buffer, const void *host_data,
					     const MeshCoordinateRange &device_range, bool blocking,
					     std::optional<BufferRegion> region = std::nullopt);
	void enqueue_write_mesh_buffer(const std::shared_ptr<MeshBuffer> &buffer,
				       const void *host_data, bool blocking);
	void enqueue_read_mesh_buffer(void *host_data, const std::shared_ptr<MeshBuffer> &buffer,
				      bool blocking);
	void enqueue_write_shards(const std::shared_ptr<MeshBuffer> &buffer,
				  const std::vector<ShardDataTransfer> &transfers, bool blocking);
	void enqueue_read_shards(const std::vector<ShardDataTransfer> &transfers,
				 const std::shared_ptr<MeshBuffer> &buffer, bool blocking);
	// Every shard @host_buffer holds to its device (its bytes from the
	// start of the device's buffer), through the host buffer's pinned
	// memory when it has one that allows it.
	void enqueue_write(const std::shared_ptr<MeshBuffer> &mesh_buffer,
			   const DistributedHostBuffer &host_buffer, bool blocking);
	// Every shard @host_buffer holds (those of @shards, when given) from
	// its device.
	void enqueue_read(const std::shared_ptr<MeshBuffer> &mesh_buffer,
			  DistributedHostBuffer &host_buffer,
			  const std::optional<std::unordered_set<MeshCoordinate>> &shards,
			  bool blocking);
	// The last event of this queue the host has seen complete.
	uint32_t last_completed_event() const { return dispatch_->completed; }
	// Wait for the workloads in flight on sub-devices @sub_device_ids
	// (none given: the stall group's, or every one when none is set).
	void finish(ttsl::Span<const SubDeviceId> sub_device_ids = {});
	// Wait for every workload in flight, whatever the stall group.
	void finish_all();
	// Wait for @program if it is in flight.
	void finish_program(const detail::ProgramImpl *program);
	// Start @program after the work before it; wait for it if @blocking.
	void enqueue_program(Program &program, bool blocking);
	// The program last started and still in flight on the device, or nullptr.
	const detail::ProgramImpl *running() const
	{
		const auto &r = dispatch_->running;
		return r.empty() ? nullptr : r.back().program.get();
	}
	// The id of the last event recorded on the device's queues (0: none).
	uint32_t last_event_id() const { return dispatch_->events; }

	// Events: every command of every queue of a device runs in the order
	// it was enqueued, so waiting for an event needs no device work.
	MeshEvent
	enqueue_record_event(ttsl::Span<const SubDeviceId> sub_device_ids = {},
			     const std::optional<MeshCoordinateRange> &device_range = std::nullopt);
	MeshEvent enqueue_record_event_to_host(
		ttsl::Span<const SubDeviceId> sub_device_ids = {},
		const std::optional<MeshCoordinateRange> &device_range = std::nullopt);
	void enqueue_wait_for_event(const MeshEvent &sync_event);

	// Trace capture (MeshDevice::begin_mesh_trace): workloads enqueued
	// meanwhile are recorded, not run.
	std::optional<MeshTraceId> trace_id() const { return capturing_; }
	void start_capture(MeshTraceId id);
	std::vector<detail::TracedRun> end_capture(MeshTraceId id);
	// Run @runs in order (a trace replay).
	void enqueue_runs(const std::vector<detail::TracedRun> &runs, bool blocking);

private:
	friend void experimental::core_subset_write::enqueue_write(distributed::MeshCommandQueue &,
								   distributed::MeshBuffer &,
								   const DistributedHostBuffer &,
								   bool, const CoreRangeSet &);
	// Only the pages on the cores of @filter, when given.
	void transfer_shards(MeshBuffer &buffer, const std::vector<ShardDataTransfer> &transfers,
			     bool write, bool blocking, const CoreRangeSet *filter = nullptr);
	std::vector<ShardDataTransfer>
	host_buffer_transfers(const MeshBuffer &buffer, const DistributedHostBuffer &host_buffer,
			      bool all);
	// Start @impl on sub-device @sub_device (none: the one its cores are on).
	void launch(const std::shared_ptr<detail::ProgramImpl> &impl,
		    std::optional<uint32_t> sub_device = std::nullopt);
	// Start @impl on every chip of @range (a mesh of several).
	void launch_on(const MeshCoordinateRange &range,
		       const std::shared_ptr<detail::ProgramImpl> &impl);
	// The sub-devices finish(@ids) waits for; empty: all of them.
	std::vector<uint32_t> stall_set(ttsl::Span<const SubDeviceId> ids) const;
	// On one device: wait for the programs in flight that @which picks.
	void finish_where(const std::function<bool(const detail::DeviceDispatch::Flight &)> &which);
	// @fn on the queue of the same id on every chip of the mesh; the
	// first failure is thrown once all have run.
	void for_each_chip(const std::function<void(MeshCommandQueue &)> &fn);
	// This queue's turn (DeviceDispatch::lock) until the result goes.
	std::unique_lock<std::recursive_mutex> hold() const
	{
		return std::unique_lock<std::recursive_mutex>(dispatch_->lock);
	}
	// The queue of the same id on the chip at @coord.
	MeshCommandQueue &chip_queue(const MeshCoordinate &coord) const;
	void no_capture(const char *what) const;

	MeshDevice *device_;
	uint32_t id_;
	std::shared_ptr<detail::DeviceDispatch> dispatch_;
	std::optional<MeshTraceId> capturing_;
	std::vector<detail::TracedRun> captured_;
};

} // namespace tt::tt_metal::distributed
