// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt-metal's kernel-config ring buffers
// (impl/dispatch/worker_config_buffer.hpp), as its header and tests pin
// them down.  Each buffer added with init_add_buffer() is a ring of
// [base, base + size); a program's configs take one contiguous region of
// each ring, tagged with the sync count after which the device is done
// with them.  reserve() finds room for the given sizes (a size of 0 takes
// no room) and, when a ring is too full, says which sync count must be
// waited for first (the newest of the regions that have to go); the
// caller then calls free() with it, and alloc() to commit the reservation.
// mark_completely_full(sync) makes every ring full until sync is freed.
#pragma once

#include <cstdint>
#include <deque>
#include <iostream>
#include <optional>
#include <utility>
#include <vector>

#include <tt-metalium/hal_types.hpp>
#include <tt_stl/assert.hpp>

namespace tt::tt_metal {

struct ConfigBufferEntry {
	uint32_t addr;
	uint32_t size;
	uint32_t sync_count;
};

struct ConfigBufferSync {
	bool need_sync;
	uint32_t sync_count;
};

class WorkerConfigBufferMgr {
public:
	WorkerConfigBufferMgr() = default;

	void init_add_buffer(uint32_t base_addr, uint32_t size)
	{
		rings_.push_back(Ring{ base_addr, base_addr + size, {} });
		reservation_.push_back(ConfigBufferEntry{ base_addr, 0, 0 });
	}

	std::pair<ConfigBufferSync, std::vector<ConfigBufferEntry> &>
	reserve(const std::vector<uint32_t> &sizes)
	{
		TT_FATAL(sizes.size() == rings_.size(),
			 "WorkerConfigBufferMgr::reserve: {} size(s) given for {} buffer(s); give "
			 "one per "
			 "init_add_buffer()",
			 sizes.size(), rings_.size());
		ConfigBufferSync sync{ false, 0 };
		for (size_t i = 0; i < rings_.size(); i++) {
			const Ring &r = rings_[i];
			TT_FATAL(sizes[i] <= r.end - r.base,
				 "WorkerConfigBufferMgr::reserve: {} bytes for buffer {} which "
				 "holds {} bytes",
				 sizes[i], i, r.end - r.base);
			std::deque<ConfigBufferEntry> live = r.live;
			std::optional<uint32_t> waited;
			uint32_t addr = 0;
			while (!fits(r, live, sizes[i], addr)) {
				waited = live.front().sync_count;
				live.pop_front();
			}
			if (waited && (!sync.need_sync || *waited > sync.sync_count)) {
				sync.need_sync = true;
				sync.sync_count = *waited;
			}
			reservation_[i] = ConfigBufferEntry{ addr, sizes[i], 0 };
		}
		return { sync, reservation_ };
	}

	void free(uint32_t free_up_to_sync_count)
	{
		for (Ring &r : rings_)
			while (!r.live.empty() &&
			       r.live.front().sync_count <= free_up_to_sync_count)
				r.live.pop_front();
	}

	void alloc(uint32_t when_freeable_sync_count)
	{
		for (size_t i = 0; i < rings_.size(); i++) {
			reservation_[i].sync_count = when_freeable_sync_count;
			if (reservation_[i].size > 0)
				rings_[i].live.push_back(reservation_[i]);
		}
	}

	void mark_completely_full(uint32_t sync)
	{
		for (Ring &r : rings_) {
			r.live.clear();
			r.live.push_back(ConfigBufferEntry{ r.base, r.end - r.base, sync });
		}
	}

	// The address of the latest reservation in the buffer of @programmable_core_type.
	uint32_t get_last_slot_addr(HalProgrammableCoreType programmable_core_type) const
	{
		const auto i = static_cast<size_t>(programmable_core_type);
		TT_FATAL(i < reservation_.size(), "WorkerConfigBufferMgr: no buffer {} ({} added)",
			 i, reservation_.size());
		return reservation_[i].addr;
	}

	void PrintStatus()
	{
		for (size_t i = 0; i < rings_.size(); i++) {
			std::cout << "config buffer " << i << ": [" << rings_[i].base << ", "
				  << rings_[i].end << ")";
			for (const auto &e : rings_[i].live)
				std::cout << " {" << e.addr << "+" << e.size << " @" << e.sync_count
					  << "}";
			std::cout << "\n";
		}
	}

private:
	struct Ring {
		uint32_t base;
		uint32_t end;
		std::deque<ConfigBufferEntry> live; // oldest first, each of size > 0
	};

	// Whether @size bytes fit in @r with @live in use; where, in @addr.
	static bool fits(const Ring &r, const std::deque<ConfigBufferEntry> &live, uint32_t size,
			 uint32_t &addr)
	{
		if (live.empty()) {
			addr = r.base;
			return true;
		}
		const uint32_t head = live.front().addr;
		const uint32_t tail = live.back().addr + live.back().size;
		addr = tail;
		if (size == 0)
			return true;
		if (tail > head) { // free: [tail, end) and [base, head)
			if (size <= r.end - tail)
				return true;
			addr = r.base;
			return size <= head - r.base;
		}
		return size <= head - tail; // wrapped: free [tail, head)
	}

	std::vector<Ring> rings_;
	std::vector<ConfigBufferEntry> reservation_;
};

} // namespace tt::tt_metal
