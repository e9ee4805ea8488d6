// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt-metal's free-list allocator
// (tt_metal/impl/allocator/algorithms/free_list_opt.hpp), with its
// contract: sizes are rounded up to min_allocation_size and the
// alignment; the best-fitting free block is used (the smallest that
// fits; the first one from the bottom, or from the top for a top-down
// allocation, under SearchPolicy::FIRST); a bottom-up allocation takes
// the low end of its block and a top-down one the high end; freed blocks
// merge with free neighbours.  allocated_addresses() lists the live
// blocks in the order they were allocated.
//
// Kept simply, as an ordered map of blocks: tensix-emu's own allocator
// is libtt's (host/src/alloc.c); this one answers tt-metal's tests of
// the algorithm itself.
#pragma once

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <tt-metalium/hal_types.hpp>

#include "allocator_algorithm.hpp"

namespace tt::tt_metal::allocator {

class FreeListOpt : public Algorithm {
public:
	enum class SearchPolicy {
		FIRST,
		BEST,
	};

	FreeListOpt(DeviceAddr max_size_bytes, DeviceAddr offset_bytes,
		    DeviceAddr min_allocation_size, DeviceAddr alignment,
		    SearchPolicy policy = SearchPolicy::BEST)
	    : Algorithm(max_size_bytes, offset_bytes, min_allocation_size, alignment),
	      policy_(policy)
	{
		init();
	}

	void init() override
	{
		blocks_.clear();
		blocks_[0] = Block{ max_size_bytes_, false, 0 };
		next_seq_ = 1;
		shrink_size_ = 0;
		lowest_occupied_address_.reset();
	}

	std::vector<std::pair<DeviceAddr, DeviceAddr>>
	available_addresses(DeviceAddr size_bytes) const override
	{
		const DeviceAddr need = alloc_size(size_bytes);
		std::vector<std::pair<DeviceAddr, DeviceAddr>> out;
		for (const auto &[addr, b] : blocks_) {
			if (b.allocated)
				continue;
			const auto [lo, hi] = usable(addr, b);
			if (hi > lo && hi - lo >= need)
				out.emplace_back(lo + offset_bytes_, hi + offset_bytes_);
		}
		return out;
	}

	std::vector<std::pair<DeviceAddr, DeviceAddr>> allocated_addresses() const override
	{
		std::vector<std::pair<uint64_t, std::pair<DeviceAddr, DeviceAddr>>> live;
		for (const auto &[addr, b] : blocks_)
			if (b.allocated)
				live.push_back({ b.seq,
						 { addr + offset_bytes_,
						   addr + b.size + offset_bytes_ } });
		std::sort(live.begin(), live.end());
		std::vector<std::pair<DeviceAddr, DeviceAddr>> out;
		out.reserve(live.size());
		for (const auto &l : live)
			out.push_back(l.second);
		return out;
	}

	std::optional<DeviceAddr> get_allocation_size(DeviceAddr absolute_address) const override
	{
		if (absolute_address < offset_bytes_)
			return std::nullopt;
		auto it = blocks_.find(absolute_address - offset_bytes_);
		if (it == blocks_.end() || !it->second.allocated)
			return std::nullopt;
		return it->second.size;
	}

	std::optional<DeviceAddr> allocate(DeviceAddr size_bytes, bool bottom_up = true,
					   DeviceAddr address_limit = 0) override
	{
		const DeviceAddr need = alloc_size(size_bytes);
		if (need == 0 || need > max_size_bytes_)
			return std::nullopt;
		std::optional<DeviceAddr> chosen; // local address of the chosen block
		DeviceAddr chosen_size = 0;
		auto consider = [&](DeviceAddr addr, const Block &b) {
			const auto [lo, hi] = usable(addr, b);
			if (hi <= lo || hi - lo < need)
				return false;
			if (policy_ == SearchPolicy::FIRST) {
				chosen = addr;
				return true;
			}
			if (!chosen || hi - lo < chosen_size) {
				chosen = addr;
				chosen_size = hi - lo;
			}
			return false;
		};
		if (bottom_up) {
			for (auto it = blocks_.begin(); it != blocks_.end(); ++it)
				if (!it->second.allocated && consider(it->first, it->second))
					break;
		} else {
			for (auto it = blocks_.rbegin(); it != blocks_.rend(); ++it)
				if (!it->second.allocated && consider(it->first, it->second))
					break;
		}
		if (!chosen)
			return std::nullopt;
		const auto [lo, hi] = usable(*chosen, blocks_.at(*chosen));
		const DeviceAddr at = bottom_up ? lo : (hi - need) / alignment_ * alignment_;
		if (at + offset_bytes_ < address_limit)
			return std::nullopt;
		take(*chosen, at, need);
		return at + offset_bytes_;
	}

	std::optional<DeviceAddr> allocate_at_address(DeviceAddr absolute_start_address,
						      DeviceAddr size_bytes) override
	{
		TT_FATAL(absolute_start_address >= offset_bytes_,
			 "FreeListOpt::allocate_at_address: address {:#x} is below the allocator's "
			 "base {:#x}",
			 absolute_start_address, offset_bytes_);
		const DeviceAddr at = absolute_start_address - offset_bytes_;
		TT_FATAL(at % alignment_ == 0,
			 "FreeListOpt::allocate_at_address: address {:#x} is not a multiple of the "
			 "alignment {}",
			 absolute_start_address, alignment_);
		const DeviceAddr need = alloc_size(size_bytes);
		if (need == 0 || at >= max_size_bytes_ || need > max_size_bytes_ - at)
			return std::nullopt;
		auto it = blocks_.upper_bound(at);
		if (it == blocks_.begin())
			return std::nullopt;
		--it;
		if (it->second.allocated)
			return std::nullopt;
		const auto [lo, hi] = usable(it->first, it->second);
		if (at < lo || at + need > hi)
			return std::nullopt;
		take(it->first, at, need);
		return absolute_start_address;
	}

	void deallocate(DeviceAddr absolute_address) override
	{
		// As tt-metal's: an address that holds no allocation is ignored.
		if (absolute_address < offset_bytes_)
			return;
		auto it = blocks_.find(absolute_address - offset_bytes_);
		if (it == blocks_.end() || !it->second.allocated)
			return;
		it->second.allocated = false;
		it->second.seq = 0;
		auto next = std::next(it);
		if (next != blocks_.end() && !next->second.allocated) {
			it->second.size += next->second.size;
			blocks_.erase(next);
		}
		if (it != blocks_.begin()) {
			auto prev = std::prev(it);
			if (!prev->second.allocated) {
				prev->second.size += it->second.size;
				blocks_.erase(it);
			}
		}
		update_lowest();
	}

	void clear() override { init(); }

	Statistics get_statistics() const override
	{
		Statistics s;
		s.total_allocatable_size_bytes = max_size_bytes_;
		for (const auto &[addr, b] : blocks_) {
			if (b.allocated) {
				s.total_allocated_bytes += b.size;
			} else {
				s.total_free_bytes += b.size;
				s.largest_free_block_bytes =
					std::max<size_t>(s.largest_free_block_bytes, b.size);
			}
		}
		return s;
	}

	void dump_blocks(std::ostream &out) const override
	{
		out << "FreeListOpt: " << blocks_.size() << " block(s), base " << offset_bytes_
		    << ", size " << max_size_bytes_ << "\n";
		for (const auto &[addr, b] : blocks_)
			out << "  [" << addr + offset_bytes_ << ", "
			    << addr + b.size + offset_bytes_ << ") " << b.size << " B "
			    << (b.allocated ? "allocated" : "free") << "\n";
	}

	MemoryBlockTable get_memory_block_table() const override
	{
		MemoryBlockTable table;
		size_t id = 0;
		for (const auto &[addr, b] : blocks_) {
			table.push_back(
				{ { "blockID", std::to_string(id) },
				  { "address", std::to_string(addr + offset_bytes_) },
				  { "size", std::to_string(b.size) },
				  { "prevID", id == 0 ? "-1" : std::to_string(id - 1) },
				  { "nextID",
				    id + 1 == blocks_.size() ? "-1" : std::to_string(id + 1) },
				  { "allocated", b.allocated ? "yes" : "no" } });
			++id;
		}
		return table;
	}

	void shrink_size(DeviceAddr shrink_size, bool bottom_up = true) override
	{
		TT_FATAL(bottom_up,
			 "FreeListOpt::shrink_size: only the bottom of the range can be withheld "
			 "(bottom_up = true), as in tt-metal");
		if (shrink_size <= shrink_size_)
			return;
		TT_FATAL(shrink_size <= max_size_bytes_,
			 "FreeListOpt::shrink_size: {} bytes is more than the allocator's {} bytes",
			 shrink_size, max_size_bytes_);
		for (const auto &[addr, b] : blocks_)
			TT_FATAL(!b.allocated || addr >= shrink_size,
				 "FreeListOpt::shrink_size: cannot withhold the lowest {} bytes: "
				 "[{:#x}, {:#x}) is "
				 "allocated there; free it first",
				 shrink_size, addr + offset_bytes_, addr + b.size + offset_bytes_);
		shrink_size_ = shrink_size;
	}

	void reset_size() override { shrink_size_ = 0; }

private:
	struct Block {
		DeviceAddr size = 0;
		bool allocated = false;
		uint64_t seq = 0; // allocation order of a live block
	};

	DeviceAddr alloc_size(DeviceAddr size_bytes) const
	{
		return align(std::max(size_bytes, min_allocation_size_));
	}

	// The part of free block @b at @addr outside the withheld bottom.
	std::pair<DeviceAddr, DeviceAddr> usable(DeviceAddr addr, const Block &b) const
	{
		const DeviceAddr lo = align(std::max(addr, shrink_size_));
		const DeviceAddr hi = addr + b.size;
		return { std::min(lo, hi), hi };
	}

	// Carve [at, at + size) out of the free block at @block.
	void take(DeviceAddr block, DeviceAddr at, DeviceAddr size)
	{
		const Block whole = blocks_.at(block);
		const DeviceAddr end = block + whole.size;
		if (at > block)
			blocks_[block] = Block{ at - block, false, 0 };
		else
			blocks_.erase(block);
		blocks_[at] = Block{ size, true, next_seq_++ };
		if (at + size < end)
			blocks_[at + size] = Block{ end - (at + size), false, 0 };
		update_lowest();
	}

	void update_lowest()
	{
		lowest_occupied_address_.reset();
		for (const auto &[addr, b] : blocks_)
			if (b.allocated) {
				lowest_occupied_address_ = addr;
				break;
			}
	}

	std::map<DeviceAddr, Block> blocks_; // local address -> block; they tile [0, max_size)
	uint64_t next_seq_ = 1;
	SearchPolicy policy_;
};

} // namespace tt::tt_metal::allocator
