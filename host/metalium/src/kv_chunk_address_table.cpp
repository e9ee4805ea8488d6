// SPDX-License-Identifier: Apache-2.0
//
// The KV cache chunk address table (experimental/disaggregation/
// kv_chunk_address_table.hpp): a flat vector of locations indexed
// [slot][layer][position chunk], and a side table of replica groups.
#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <tt-metalium/experimental/disaggregation/kv_chunk_address_table.hpp>
#include <tt_stl/assert.hpp>

namespace tt::tt_metal::experimental::disaggregation {

KvChunkAddressTable::KvChunkAddressTable(const KvChunkAddressTableConfig &config) : config_(config)
{
	TT_FATAL(config.chunk_n_tokens > 0,
		 "KvChunkAddressTable: chunk_n_tokens is 0; a chunk must hold at least one token "
		 "(tt-metal's default is 32)");
	num_position_chunks_ =
		(config.max_sequence_length + config.chunk_n_tokens - 1) / config.chunk_n_tokens;
	num_layers_x_chunks_ = config.num_layers * num_position_chunks_;
	entries_.resize(static_cast<size_t>(num_layers_x_chunks_) * config.num_slots);
}

DeviceGroupIndex
KvChunkAddressTable::add_device_group(std::vector<tt::tt_fabric::FabricNodeId> fabric_node_ids)
{
	std::sort(fabric_node_ids.begin(), fabric_node_ids.end());
	DeviceGroup group{ std::move(fabric_node_ids) };
	auto it = std::find(device_groups_.begin(), device_groups_.end(), group);
	if (it != device_groups_.end())
		return DeviceGroupIndex{ static_cast<uint32_t>(it - device_groups_.begin()) };
	device_groups_.push_back(std::move(group));
	return DeviceGroupIndex{ static_cast<uint32_t>(device_groups_.size() - 1) };
}

const DeviceGroup &KvChunkAddressTable::get_device_group(DeviceGroupIndex index) const
{
	TT_FATAL(*index < device_groups_.size(),
		 "KvChunkAddressTable::get_device_group: index {} is out of range: {} group(s) "
		 "registered "
		 "(add_device_group() gives the valid indices)",
		 *index, device_groups_.size());
	return device_groups_[*index];
}

uint32_t KvChunkAddressTable::to_chunk_index(uint32_t position) const
{
	return position / config_.chunk_n_tokens;
}

size_t KvChunkAddressTable::flat_index(uint32_t layer, uint32_t position_chunk, uint32_t slot) const
{
	return static_cast<size_t>(slot) * num_layers_x_chunks_ +
	       static_cast<size_t>(layer) * num_position_chunks_ + position_chunk;
}

void KvChunkAddressTable::validate_args(uint32_t layer, uint32_t position, uint32_t slot) const
{
	TT_FATAL(layer < config_.num_layers,
		 "KvChunkAddressTable: layer {} is out of range: the table has {} layer(s)", layer,
		 config_.num_layers);
	TT_FATAL(slot < config_.num_slots,
		 "KvChunkAddressTable: slot {} is out of range: the table has {} slot(s)", slot,
		 config_.num_slots);
	TT_FATAL(
		position % config_.chunk_n_tokens == 0,
		"KvChunkAddressTable: position {} is not chunk-aligned: positions are multiples of "
		"chunk_n_tokens ({})",
		position, config_.chunk_n_tokens);
	TT_FATAL(to_chunk_index(position) < num_position_chunks_,
		 "KvChunkAddressTable: position {} is out of range: max_sequence_length is {} "
		 "tokens",
		 position, config_.max_sequence_length);
}

void KvChunkAddressTable::set(uint32_t layer, uint32_t position, uint32_t slot,
			      KvCacheLocation location)
{
	validate_args(layer, position, slot);
	entries_[flat_index(layer, to_chunk_index(position), slot)] = location;
}

void KvChunkAddressTable::set_fabric_node_host(const tt::tt_fabric::FabricNodeId &node_id,
					       const std::string &host_name)
{
	fabric_node_to_host_[node_id] = host_name;
}

const KvCacheLocation &KvChunkAddressTable::lookup(uint32_t layer, uint32_t position,
						   uint32_t slot) const
{
	validate_args(layer, position, slot);
	return entries_[flat_index(layer, to_chunk_index(position), slot)];
}

std::span<const KvCacheLocation> KvChunkAddressTable::lookup_range(uint32_t layer,
								   uint32_t start_pos,
								   uint32_t end_pos,
								   uint32_t slot) const
{
	TT_FATAL(start_pos <= end_pos,
		 "KvChunkAddressTable::lookup_range: start_pos {} is after end_pos {}", start_pos,
		 end_pos);
	TT_FATAL(end_pos <= config_.max_sequence_length,
		 "KvChunkAddressTable::lookup_range: end_pos {} is beyond max_sequence_length ({} "
		 "tokens)",
		 end_pos, config_.max_sequence_length);
	if (start_pos == end_pos) {
		TT_FATAL(layer < config_.num_layers && slot < config_.num_slots,
			 "KvChunkAddressTable::lookup_range: layer {} or slot {} out of range ({} "
			 "layer(s), {} "
			 "slot(s))",
			 layer, slot, config_.num_layers, config_.num_slots);
		return {};
	}
	validate_args(layer, start_pos, slot);
	const uint32_t first = to_chunk_index(start_pos);
	const uint32_t last = (end_pos + config_.chunk_n_tokens - 1) / config_.chunk_n_tokens;
	return std::span<const KvCacheLocation>(entries_.data() + flat_index(layer, first, slot),
						last - first);
}

const std::string &KvChunkAddressTable::get_host(const tt::tt_fabric::FabricNodeId &node_id) const
{
	auto it = fabric_node_to_host_.find(node_id);
	TT_FATAL(it != fabric_node_to_host_.end(),
		 "KvChunkAddressTable::get_host: no host registered for {} (set_fabric_node_host() "
		 "registers "
		 "one)",
		 node_id);
	return it->second;
}

bool KvChunkAddressTable::has_host(const tt::tt_fabric::FabricNodeId &node_id) const
{
	return fabric_node_to_host_.count(node_id) != 0;
}

std::vector<uint8_t> KvChunkAddressTable::read_device_chunk(uint32_t layer, uint32_t position,
							    uint32_t slot) const
{
	const KvCacheLocation &loc = lookup(layer, position, slot);
	const DeviceGroup &group = get_device_group(loc.device_group_index);
	TT_FATAL(!group.fabric_node_ids.empty(),
		 "KvChunkAddressTable::read_device_chunk: the device group {} of (layer {}, "
		 "position {}, slot {}) "
		 "is empty",
		 *loc.device_group_index, layer, position, slot);
	// Reading by a raw NoC address through the global control plane needs
	// the chip's device opened by tt-metal's device pool, which tensix-emu
	// does not keep; a buffer's own read path (EnqueueReadMeshBuffer,
	// detail::ReadFromDeviceDRAMChannel) reads the same bytes.
	TT_THROW("KvChunkAddressTable::read_device_chunk: reading chunk (layer {}, position {}, "
		 "slot {}) at NoC "
		 "address {:#x} of {} is not supported by tensix-emu; read the buffer that holds "
		 "the KV cache "
		 "with EnqueueReadMeshBuffer or detail::ReadFromDeviceDRAMChannel instead",
		 layer, position, slot, loc.noc_addr, group.fabric_node_ids.front());
}

} // namespace tt::tt_metal::experimental::disaggregation
