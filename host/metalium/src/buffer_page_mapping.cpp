// SPDX-License-Identifier: Apache-2.0
//
// Buffer::get_buffer_page_mapping (tt-metalium/buffer_page_mapping.hpp):
// the host pages of a sharded buffer, core by core, from libtt's page
// locations.
#include <algorithm>
#include <map>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/buffer_page_mapping.hpp>

#include "internal.hpp"

namespace tt::tt_metal {

std::shared_ptr<const BufferPageMapping> Buffer::get_buffer_page_mapping() const
{
	TT_FATAL(buf_ && shard_spec_,
		 "get_buffer_page_mapping() of a buffer that is not sharded or not allocated");
	auto m = std::make_shared<BufferPageMapping>();
	m->all_cores = shard_cores();
	for (uint32_t i = 0; i < m->all_cores.size(); i++)
		m->core_to_core_id.emplace(m->all_cores[i], i);
	const uint64_t base = tt_buffer_address(buf_);
	const uint64_t stride = tt_buffer_aligned_page_size(buf_);
	const uint64_t per_core = stride ? tt_buffer_bank_size(buf_) / stride : 0;
	// Each core's host page at each device page (the shard's pages).
	std::vector<std::map<uint32_t, uint32_t>> pages(m->all_cores.size());
	for (uint32_t host = 0; host < num_pages(); host++) {
		struct tt_core c;
		uint64_t addr;
		int rc = tt_buffer_page_location(buf_, host, &c, &addr);
		if (rc)
			detail::throw_tt("locating a page of a sharded buffer", rc);
		auto it = m->core_to_core_id.find(CoreCoord(c.x, c.y));
		TT_FATAL(it != m->core_to_core_id.end(), "page {} is on core ({}, {}), no shard's",
			 host, c.x, c.y);
		pages[it->second][static_cast<uint32_t>((addr - base) / stride)] = host;
	}
	m->core_page_mappings.resize(m->all_cores.size());
	for (size_t core = 0; core < pages.size(); core++) {
		BufferCorePageMapping cm;
		cm.num_pages = static_cast<uint32_t>(per_core);
		for (auto [dev, host] : pages[core]) {
			auto &r = cm.host_ranges;
			if (!r.empty() && r.back().device_page_offset + r.back().num_pages == dev &&
			    r.back().host_page_start + r.back().num_pages == host)
				r.back().num_pages++;
			else
				r.push_back({ dev, host, 1 });
		}
		if (!cm.host_ranges.empty())
			m->core_page_mappings[core].push_back(std::move(cm));
	}
	return m;
}

void BufferPageMapping::Iterator::settle()
{
	const auto &cores = mapping_->core_page_mappings;
	while (core_id_ < cores.size()) {
		const auto &maps = cores[core_id_];
		if (mapping_index_ < maps.size()) {
			const auto &ranges = maps[mapping_index_].host_ranges;
			if (range_index_ < ranges.size()) {
				if (page_index_ < ranges[range_index_].num_pages)
					return;
				range_index_++;
				page_index_ = 0;
				continue;
			}
			mapping_index_++;
			range_index_ = 0;
			page_index_ = 0;
			continue;
		}
		core_id_++;
		mapping_index_ = range_index_ = page_index_ = 0;
	}
}

BufferPageMapping::Iterator &BufferPageMapping::Iterator::operator++()
{
	page_index_++;
	settle();
	return *this;
}

BufferPageMapping::Iterator::MappedPage BufferPageMapping::Iterator::operator*() const
{
	const auto &cm = mapping_->core_page_mappings[core_id_][mapping_index_];
	const auto &r = cm.host_ranges[range_index_];
	return { core_id_, cm.device_start_page + r.device_page_offset + page_index_,
		 r.host_page_start + page_index_ };
}

BufferPageMapping::Iterator BufferPageMapping::begin() const
{
	Iterator it(this, 0, 0, 0, 0);
	it.settle();
	return it;
}

BufferPageMapping::Iterator BufferPageMapping::end() const
{
	return Iterator(this, static_cast<uint32_t>(core_page_mappings.size()), 0, 0, 0);
}

} // namespace tt::tt_metal
