// SPDX-License-Identifier: Apache-2.0
//
// BufferPageMapping: where the host pages of a sharded buffer live.  For
// each core that holds a shard (all_cores, in shard order), the device
// pages of the shard, in runs of host pages that follow one another
// (host_ranges).  Device pages that no host page maps to (the padding of
// a partial shard) are in no run.  Iterating the mapping visits every
// (core, device page, host page) triple, core by core.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <unordered_map>
#include <vector>

#include <tt-metalium/core_coord.hpp>

namespace tt::tt_metal {

struct BufferCorePageMapping {
	struct ContiguousHostPages {
		uint32_t device_page_offset = 0; // from device_start_page
		uint32_t host_page_start = 0;
		uint32_t num_pages = 0;
	};

	uint32_t device_start_page = 0;
	uint32_t num_pages = 0;
	std::vector<ContiguousHostPages> host_ranges;
};

struct BufferPageMapping {
	std::vector<CoreCoord> all_cores;
	std::unordered_map<CoreCoord, uint32_t> core_to_core_id;
	std::vector<std::vector<BufferCorePageMapping>> core_page_mappings;

	struct Iterator {
		struct MappedPage {
			uint32_t core_id = 0;
			uint32_t device_page = 0;
			uint32_t host_page = 0;
		};

		using iterator_category = std::forward_iterator_tag;
		using difference_type = std::ptrdiff_t;
		using value_type = MappedPage;

		Iterator() = default;
		Iterator(const BufferPageMapping *mapping, uint32_t core_id, uint32_t mapping_index,
			 uint32_t range_index, uint32_t page_index)
		    : mapping_(mapping), core_id_(core_id), mapping_index_(mapping_index),
		      range_index_(range_index), page_index_(page_index)
		{}

		Iterator &operator++();
		Iterator operator++(int)
		{
			Iterator before = *this;
			++*this;
			return before;
		}
		MappedPage operator*() const;
		bool operator==(const Iterator &other) const = default;

	private:
		friend struct BufferPageMapping;
		// Move forward to the next page that exists (or the end).
		void settle();

		const BufferPageMapping *mapping_ = nullptr;
		uint32_t core_id_ = 0;
		uint32_t mapping_index_ = 0;
		uint32_t range_index_ = 0;
		uint32_t page_index_ = 0;
	};

	Iterator begin() const;
	Iterator end() const;
};

} // namespace tt::tt_metal
