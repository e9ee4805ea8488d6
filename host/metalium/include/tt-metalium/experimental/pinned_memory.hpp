// SPDX-License-Identifier: Apache-2.0
//
// PinnedMemory: host memory that the devices of a mesh may read and
// write directly, as tt-metal's pinned (IOMMU-mapped) system memory.
// The emulated chips reach host memory through the emulator, so pinning
// maps nothing: it records the range, the devices it is mapped for and
// the PCIe chip each one reaches it through.  The queues follow
// tt-metal's rules for using it: a buffer transfer goes through the
// pinned range only when the range covers the whole transfer, its start
// is aligned to L1's read alignment and the device's pages are unpadded;
// a non-blocking transfer that did leaves a barrier event behind, which
// lock() and destruction wait for.
//
// Not provided: get_buffer() (UMD's SysmemBuffer of a device).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include <tt-metalium/mesh_event.hpp>
#include <umd/device/types/cluster_descriptor_types.hpp>

namespace tt::tt_metal {

class IDevice;
class HostBuffer;

namespace distributed {
class MeshDevice;
class MeshCoordinateRangeSet;
class ShardDataTransfer;
} // namespace distributed

namespace experimental {

struct MemoryPinningParameters {
	uint32_t max_pins;
	uint64_t max_total_pin_size;
	bool can_map_to_noc;
};

class PinnedMemory {
public:
	// Where a device's NoC reaches the memory: PCIe core @pcie_xy_enc of
	// chip @device_id (the PCIe chip the device is reached through), at
	// @addr.
	struct NocAddr {
		uint32_t pcie_xy_enc;
		uint64_t addr;
		ChipId device_id;
	};

	~PinnedMemory();
	PinnedMemory(PinnedMemory &&other) noexcept;
	PinnedMemory &operator=(PinnedMemory &&other) noexcept;
	PinnedMemory(const PinnedMemory &) = delete;
	PinnedMemory &operator=(const PinnedMemory &) = delete;

	// The pinned host memory (the same for every device).
	void *get_host_ptr();
	const void *get_host_ptr() const;
	// The address a device's DMA uses for the start of the memory.
	uint64_t get_device_addr(ChipId device_id) const;
	// Where @device_id's NoC reaches the memory; nullopt when the memory
	// is not mapped for it or not mapped to the NoC.
	std::optional<NocAddr> get_noc_addr(ChipId device_id) const;
	size_t get_buffer_size() const;
	// The devices the memory is mapped for, ascending.
	std::vector<ChipId> get_device_ids() const;
	bool has_device(ChipId device_id) const;
	// Mapped to the NoC and @device_id has PCIe of its own.
	bool usable_from_noc(ChipId device_id) const;

	// A transfer still in flight on the memory: lock() waits for it.
	// Events the host has seen complete are dropped from the front.
	void add_barrier_event(const distributed::MeshEvent &event);
	bool lock_may_block() const;
	void *lock();
	void unlock();

	// Pin @host_buffer's memory for the devices at @coordinate_range_set
	// and attach the pin to @host_buffer.  Throws std::invalid_argument
	// when no device of the mesh is in the set or the buffer is empty.
	static std::shared_ptr<PinnedMemory>
	Create(distributed::MeshDevice &mesh_device,
	       const distributed::MeshCoordinateRangeSet &coordinate_range_set,
	       HostBuffer &host_buffer, bool map_to_noc = false);

private:
	PinnedMemory(const std::vector<IDevice *> &devices, void *host_buffer, size_t buffer_size,
		     bool map_to_noc);
	void drain();

	void *host_ = nullptr;
	size_t size_ = 0;
	bool map_to_noc_ = false;
	std::unordered_map<ChipId, ChipId> mmio_of_; // device -> its PCIe chip
	std::deque<distributed::MeshEvent> barriers_;
};

// What pinning allows on this system: the emulated system maps host
// memory for every chip and to the NoC.
MemoryPinningParameters GetMemoryPinningParameters(distributed::MeshDevice &mesh_device);

std::shared_ptr<PinnedMemory> HostBufferGetPinnedMemory(HostBuffer &host_buffer);
void HostBufferSetPinnedMemory(HostBuffer &host_buffer,
			       std::shared_ptr<PinnedMemory> pinned_memory);

const std::shared_ptr<PinnedMemory> &
ShardDataTransferGetPinnedMemory(const distributed::ShardDataTransfer &shard_data_transfer);
void ShardDataTransferSetPinnedMemory(distributed::ShardDataTransfer &shard_data_transfer,
				      std::shared_ptr<PinnedMemory> pinned_memory);

} // namespace experimental
} // namespace tt::tt_metal
