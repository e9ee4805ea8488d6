// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt-metal's PinnedMemoryCache, the owner of
// the pins its tensor transfers use: pins keyed by host address, least
// recently used first.  try_pin returns a cached pin that covers the
// buffer's size and devices, else pins anew after evicting unused
// entries (no one else holds them) until the new one keeps the cache
// under the run-time limit (rtoptions) and every PCIe chip under the
// system's pin budget; nullptr when it cannot.  An entry goes when the
// host memory's last pin lets go.
#pragma once

#include <cstddef>
#include <iterator>
#include <list>
#include <memory>
#include <mutex>
#include <set>
#include <unordered_map>

#include <tt-metalium/device.hpp>
#include <tt-metalium/experimental/pinned_memory.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/host_buffer.hpp>
#include <tt-metalium/mesh_device.hpp>

#include "impl/context/metal_context.hpp"
#include "tt_metal/distributed/mesh_device_impl.hpp"

namespace tt::tt_metal::experimental {

class PinnedMemoryCache {
public:
	static PinnedMemoryCache &instance()
	{
		static PinnedMemoryCache cache;
		return cache;
	}

	std::shared_ptr<PinnedMemory>
	try_pin(distributed::MeshDevice &mesh_device,
		const distributed::MeshCoordinateRangeSet &coordinate_range_set,
		HostBuffer &host_buffer, bool map_to_noc = false)
	{
		const auto params = GetMemoryPinningParameters(mesh_device);
		if (params.max_pins == 0 || (map_to_noc && !params.can_map_to_noc))
			return nullptr;
		auto bytes = host_buffer.view_bytes();
		if (bytes.empty())
			return nullptr;
		const void *addr = bytes.data();
		const size_t size = bytes.size();
		const size_t limit =
			MetalContext::instance().rtoptions().get_pinned_memory_cache_limit_bytes();
		std::set<int> devices;
		for (const auto &c : coordinate_range_set.coords())
			if (mesh_device.is_local(c))
				devices.insert(mesh_device.impl().get_device(c)->id());
		if (devices.empty())
			return nullptr;
		std::set<int> mmio;
		size_t pci = GetNumPCIeDevices();
		for (int d : devices)
			mmio.insert(pci ? static_cast<int>(static_cast<size_t>(d) % pci) : d);

		std::lock_guard<std::mutex> lock(mutex_);
		auto [b, e] = by_address_.equal_range(addr);
		for (auto it = b; it != e; ++it) {
			auto entry = it->second;
			if (entry->pinned->get_buffer_size() < size ||
			    (map_to_noc && !entry->map_to_noc))
				continue;
			bool covers = true;
			for (int d : devices)
				covers = covers && entry->devices.count(d);
			if (covers) {
				lru_.splice(lru_.end(), lru_, entry);
				return entry->pinned;
			}
		}
		// A pin of the same memory on the same PCIe chip that someone
		// still holds: the driver would refuse a second one.
		for (auto it = b; it != e; ++it)
			if (it->second->pinned.use_count() > 1 && overlaps(it->second->mmio, mmio))
				return nullptr;
		for (auto it = lru_.begin(); it != lru_.end();) {
			auto next = std::next(it);
			if (it->addr == addr && overlaps(it->mmio, mmio))
				erase(it);
			it = next;
		}
		if (!make_room(size, limit, params.max_total_pin_size, mmio))
			return nullptr;
		auto pinned = PinnedMemory::Create(mesh_device, coordinate_range_set, host_buffer,
						   map_to_noc);
		// The cache holds it; the host buffer carries pins only while a
		// transfer uses them.
		HostBufferSetPinnedMemory(host_buffer, nullptr);
		lru_.push_back(Entry{ pinned, addr, devices, mmio, map_to_noc });
		by_address_.emplace(addr, std::prev(lru_.end()));
		total_ += pinned->get_buffer_size();
		for (int m : mmio)
			by_mmio_[m] += pinned->get_buffer_size();
		// Forget the entry before the memory goes.
		host_buffer.pin().add_final_release_callback([this, addr] { release(addr); });
		return pinned;
	}

	void release(const void *host_address)
	{
		std::lock_guard<std::mutex> lock(mutex_);
		auto [b, e] = by_address_.equal_range(host_address);
		std::vector<std::list<Entry>::iterator> gone;
		for (auto it = b; it != e; ++it)
			gone.push_back(it->second);
		for (auto it : gone)
			erase(it);
	}

	size_t num_entries() const
	{
		std::lock_guard<std::mutex> lock(mutex_);
		return lru_.size();
	}

private:
	struct Entry {
		std::shared_ptr<PinnedMemory> pinned;
		const void *addr;
		std::set<int> devices, mmio;
		bool map_to_noc;
	};

	PinnedMemoryCache() = default;

	static bool overlaps(const std::set<int> &a, const std::set<int> &b)
	{
		for (int x : a)
			if (b.count(x))
				return true;
		return false;
	}

	void erase(std::list<Entry>::iterator it)
	{
		auto [b, e] = by_address_.equal_range(it->addr);
		for (auto m = b; m != e; ++m)
			if (m->second == it) {
				by_address_.erase(m);
				break;
			}
		size_t size = it->pinned->get_buffer_size();
		for (int m : it->mmio)
			by_mmio_[m] -= std::min(by_mmio_[m], size);
		total_ -= std::min(total_, size);
		lru_.erase(it);
	}

	// Evict the oldest entry no one else holds (on one of @mmio, when
	// given); false when there is none.
	bool evict_oldest(const std::set<int> *mmio)
	{
		for (auto it = lru_.begin(); it != lru_.end(); ++it)
			if (it->pinned.use_count() == 1 && (!mmio || overlaps(it->mmio, *mmio))) {
				erase(it);
				return true;
			}
		return false;
	}

	bool make_room(size_t incoming, size_t limit, size_t per_mmio, const std::set<int> &mmio)
	{
		if (incoming > limit || incoming > per_mmio)
			return false;
		while (total_ > limit - incoming)
			if (!evict_oldest(nullptr))
				return false;
		for (int m : mmio) {
			const std::set<int> one{ m };
			while (by_mmio_[m] > per_mmio - incoming)
				if (!evict_oldest(&one))
					return false;
		}
		return true;
	}

	mutable std::mutex mutex_;
	std::list<Entry> lru_; // front: least recently used
	std::unordered_multimap<const void *, std::list<Entry>::iterator> by_address_;
	size_t total_ = 0;
	std::unordered_map<int, size_t> by_mmio_;
};

} // namespace tt::tt_metal::experimental
