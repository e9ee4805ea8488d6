// SPDX-License-Identifier: Apache-2.0
//
// experimental::PinnedMemory (tt-metalium/experimental/pinned_memory.hpp):
// host memory the emulated devices may read and write directly, and the
// rules by which the command queues use it for buffer transfers.
#include <algorithm>
#include <stdexcept>

#include <fmt/ostream.h>

#include <tt-metalium/buffer_page_mapping.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/experimental/pinned_memory.hpp>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/host_buffer.hpp>

#include "internal.hpp"

namespace tt::tt_metal::experimental {

namespace {

// The chip whose PCIe link reaches @id: the first chip of its N300 card
// on a T3000 (chips k and k + 4 share a card), itself elsewhere.
ChipId mmio_chip(ChipId id)
{
	size_t pci = GetNumPCIeDevices();
	return pci ? static_cast<ChipId>(static_cast<size_t>(id) % pci) : id;
}

// Wormhole's PCIe core (0, 3) in the upper word of a 64-bit NoC address:
// y at bit 42, x at bit 36, and bit 35, the PCIe marker.
constexpr uint32_t pcie_xy_enc = (3u << 10) | (0u << 4) | (1u << 3);

// At most this many pins per chip, and this many bytes pinned in all, as
// Wormhole's IOMMU window allows (tt-metal's figures).
constexpr uint32_t max_pins = 12;
constexpr uint64_t max_pinned_bytes = (2ull << 30) - (512ull << 20);

} // namespace

PinnedMemory::PinnedMemory(const std::vector<IDevice *> &devices, void *host_buffer,
			   size_t buffer_size, bool map_to_noc)
    : host_(host_buffer), size_(buffer_size), map_to_noc_(map_to_noc)
{
	if (devices.empty())
		throw std::invalid_argument("PinnedMemory for no devices");
	if (buffer_size == 0)
		throw std::invalid_argument("PinnedMemory of 0 bytes");
	if (!host_buffer)
		throw std::invalid_argument(
			"PinnedMemory maps existing host memory: no memory given");
	for (IDevice *d : devices)
		mmio_of_[d->id()] = mmio_chip(d->id());
}

PinnedMemory::~PinnedMemory()
{
	try {
		drain();
	} catch (const std::exception &e) {
		fmt::print(stderr, "PinnedMemory: waiting for a transfer: {}\n", e.what());
	}
}

PinnedMemory::PinnedMemory(PinnedMemory &&other) noexcept
    : host_(std::exchange(other.host_, nullptr)), size_(std::exchange(other.size_, 0)),
      map_to_noc_(std::exchange(other.map_to_noc_, false)), mmio_of_(std::move(other.mmio_of_)),
      barriers_(std::move(other.barriers_))
{}

PinnedMemory &PinnedMemory::operator=(PinnedMemory &&other) noexcept
{
	if (this != &other) {
		try {
			drain();
		} catch (const std::exception &e) {
			fmt::print(stderr, "PinnedMemory: waiting for a transfer: {}\n", e.what());
		}
		host_ = std::exchange(other.host_, nullptr);
		size_ = std::exchange(other.size_, 0);
		map_to_noc_ = std::exchange(other.map_to_noc_, false);
		mmio_of_ = std::move(other.mmio_of_);
		barriers_ = std::move(other.barriers_);
	}
	return *this;
}

void *PinnedMemory::get_host_ptr()
{
	return host_;
}

const void *PinnedMemory::get_host_ptr() const
{
	return host_;
}

// The emulated IOMMU maps host memory one to one.
uint64_t PinnedMemory::get_device_addr(ChipId device_id) const
{
	TT_FATAL(has_device(device_id), "device {} is not one PinnedMemory is mapped for",
		 device_id);
	return reinterpret_cast<uintptr_t>(host_);
}

std::optional<PinnedMemory::NocAddr> PinnedMemory::get_noc_addr(ChipId device_id) const
{
	auto it = mmio_of_.find(device_id);
	if (it == mmio_of_.end() || !map_to_noc_)
		return std::nullopt;
	return NocAddr{ pcie_xy_enc, reinterpret_cast<uintptr_t>(host_), it->second };
}

size_t PinnedMemory::get_buffer_size() const
{
	return size_;
}

std::vector<ChipId> PinnedMemory::get_device_ids() const
{
	std::vector<ChipId> ids;
	for (const auto &[id, _] : mmio_of_)
		ids.push_back(id);
	std::sort(ids.begin(), ids.end());
	return ids;
}

bool PinnedMemory::has_device(ChipId device_id) const
{
	return mmio_of_.count(device_id) != 0;
}

bool PinnedMemory::usable_from_noc(ChipId device_id) const
{
	auto it = mmio_of_.find(device_id);
	return map_to_noc_ && it != mmio_of_.end() && it->second == device_id;
}

void PinnedMemory::add_barrier_event(const distributed::MeshEvent &event)
{
	barriers_.push_back(event);
	// Drop the events the host has seen complete.  Slow dispatch runs
	// every transfer to its end before returning.
	bool slow = std::getenv("TT_METAL_SLOW_DISPATCH_MODE") != nullptr;
	while (!barriers_.empty()) {
		const auto &e = barriers_.front();
		if (!slow &&
		    e.device()->mesh_command_queue(e.mesh_cq_id()).last_completed_event() < e.id())
			break;
		barriers_.pop_front();
	}
}

bool PinnedMemory::lock_may_block() const
{
	return !barriers_.empty();
}

void PinnedMemory::drain()
{
	while (!barriers_.empty()) {
		distributed::EventSynchronize(barriers_.front());
		barriers_.pop_front();
	}
}

void *PinnedMemory::lock()
{
	drain();
	return host_;
}

void PinnedMemory::unlock() {}

std::shared_ptr<PinnedMemory>
PinnedMemory::Create(distributed::MeshDevice &mesh_device,
		     const distributed::MeshCoordinateRangeSet &coordinate_range_set,
		     HostBuffer &host_buffer, bool map_to_noc)
{
	std::vector<IDevice *> devices;
	for (const auto &c : coordinate_range_set.coords())
		if (mesh_device.is_local(c))
			if (IDevice *d = mesh_device.get_view().get_device(c))
				devices.push_back(d);
	if (devices.empty())
		throw std::invalid_argument(
			"PinnedMemory::Create: no device of the mesh is in the coordinate set");
	auto bytes = host_buffer.view_bytes();
	std::shared_ptr<PinnedMemory> pinned(
		new PinnedMemory(devices, bytes.data(), bytes.size(), map_to_noc));
	HostBufferSetPinnedMemory(host_buffer, pinned);
	return pinned;
}

MemoryPinningParameters GetMemoryPinningParameters(distributed::MeshDevice &)
{
	return { max_pins, max_pinned_bytes, true };
}

std::shared_ptr<PinnedMemory> HostBufferGetPinnedMemory(HostBuffer &host_buffer)
{
	return host_buffer.pinned_memory_;
}

void HostBufferSetPinnedMemory(HostBuffer &host_buffer, std::shared_ptr<PinnedMemory> pinned_memory)
{
	host_buffer.pinned_memory_ = std::move(pinned_memory);
}

const std::shared_ptr<PinnedMemory> &
ShardDataTransferGetPinnedMemory(const distributed::ShardDataTransfer &shard_data_transfer)
{
	return shard_data_transfer.pinned_memory_;
}

void ShardDataTransferSetPinnedMemory(distributed::ShardDataTransfer &shard_data_transfer,
				      std::shared_ptr<PinnedMemory> pinned_memory)
{
	shard_data_transfer.pinned_memory_ = std::move(pinned_memory);
}

} // namespace tt::tt_metal::experimental

namespace tt::tt_metal::detail {

// Whether a write of @size bytes at @offset of @b from @src goes through
// @pinned, by tt-metal's rules: the device's pages unpadded, the memory
// mapped to the NoC for the device, and every piece the device reads
// inside the pinned range and starting at L1's alignment.  A sharded
// buffer also needs pieces large enough to be worth it: at 35 pieces per
// prefetcher command, at least 512 KiB per command.
bool pinned_write_allowed(const Buffer &b, const void *src, uint64_t offset, uint64_t size,
			  const experimental::PinnedMemory &pinned)
{
	if (!src || b.page_size() != b.aligned_page_size())
		return false;
	if (!pinned.get_noc_addr(b.device()->id()))
		return false;
	const auto *base = static_cast<const uint8_t *>(pinned.get_host_ptr());
	const auto *end = base + pinned.get_buffer_size();
	const uint32_t align = hal::get_l1_alignment();
	auto inside = [&](const uint8_t *p, uint64_t n) {
		return p >= base && p + n <= end && reinterpret_cast<uintptr_t>(p) % align == 0;
	};
	const auto *s = static_cast<const uint8_t *>(src);
	if (!is_sharded(b.buffer_layout()))
		return inside(s + offset, size);
	auto mapping = b.get_buffer_page_mapping();
	uint64_t ranges = 0;
	for (const auto &core : mapping->core_page_mappings)
		for (const auto &m : core)
			ranges += m.host_ranges.size();
	constexpr uint64_t per_command = 35, min_batch = 512 * 1024;
	if (ranges && b.size() * per_command < min_batch * ranges)
		return false;
	for (const auto &core : mapping->core_page_mappings)
		for (const auto &m : core) {
			if ((b.address() + m.device_start_page * b.aligned_page_size()) % align)
				return false;
			for (const auto &r : m.host_ranges)
				if (!inside(s + uint64_t(r.host_page_start) * b.page_size(),
					    uint64_t(r.num_pages) * b.page_size()))
					return false;
		}
	return true;
}

} // namespace tt::tt_metal::detail
