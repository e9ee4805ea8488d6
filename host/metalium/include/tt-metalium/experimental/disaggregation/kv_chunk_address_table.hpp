// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's KV cache chunk address table (experimental/disaggregation):
// where each chunk of a KV cache lives, by (layer, token position, slot).
// Each entry is a 16-byte KvCacheLocation (a NoC address, a size and the
// index of the group of fabric nodes that hold replicas of it); the groups
// are kept once each, sorted, in a side table.  Entries are stored
// [slot][layer][position chunk], so a range of positions of one layer and
// slot is one contiguous span.  Every out-of-range argument throws,
// naming the argument, its value and the limit.
//
// Not implemented: read_device_chunk() throws (see the source for why).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt_stl/strong_type.hpp>

namespace tt::tt_metal::experimental::disaggregation {

using DeviceGroupIndex = tt::stl::StrongType<uint32_t, struct DeviceGroupIndexTag>;

// The fabric nodes that hold replicas of a chunk, sorted.
struct DeviceGroup {
	std::vector<tt::tt_fabric::FabricNodeId> fabric_node_ids;

	bool operator==(const DeviceGroup &other) const
	{
		return fabric_node_ids == other.fabric_node_ids;
	}
};

// Where one chunk lives: 16 bytes, four to a cache line.
struct KvCacheLocation {
	uint64_t noc_addr = 0;
	uint32_t size_bytes = 0;
	DeviceGroupIndex device_group_index{ 0 };
};
static_assert(sizeof(KvCacheLocation) == 16,
	      "KvCacheLocation must be 16 bytes for cache-line packing");

struct KvChunkAddressTableConfig {
	uint32_t num_layers = 0;
	uint32_t max_sequence_length = 0; // tokens
	uint32_t num_slots = 0;
	uint32_t chunk_n_tokens = 32;	   // tokens per chunk
	uint32_t chunk_size_bytes = 19584; // bytes per chunk (18 Bfp8_b tiles of 1088 bytes)
};

class KvChunkAddressTable {
public:
	// Throws if chunk_n_tokens is 0.  The position chunks are
	// ceil(max_sequence_length / chunk_n_tokens).
	explicit KvChunkAddressTable(const KvChunkAddressTableConfig &config);

	// The index of the group of @fabric_node_ids (in any order); the same
	// set twice gives the same index.
	DeviceGroupIndex add_device_group(std::vector<tt::tt_fabric::FabricNodeId> fabric_node_ids);
	const DeviceGroup &get_device_group(DeviceGroupIndex index) const;
	size_t num_device_groups() const { return device_groups_.size(); }

	// @position in tokens, a multiple of chunk_n_tokens.
	void set(uint32_t layer, uint32_t position, uint32_t slot, KvCacheLocation location);
	void set_fabric_node_host(const tt::tt_fabric::FabricNodeId &node_id,
				  const std::string &host_name);

	const KvCacheLocation &lookup(uint32_t layer, uint32_t position, uint32_t slot) const;
	// The chunks covering tokens [start_pos, end_pos) of (layer, slot), a
	// view of the table itself: @start_pos chunk-aligned, @end_pos rounded
	// up to its chunk and at most max_sequence_length.
	std::span<const KvCacheLocation> lookup_range(uint32_t layer, uint32_t start_pos,
						      uint32_t end_pos, uint32_t slot) const;

	const std::string &get_host(const tt::tt_fabric::FabricNodeId &node_id) const;
	bool has_host(const tt::tt_fabric::FabricNodeId &node_id) const;

	std::vector<uint8_t> read_device_chunk(uint32_t layer, uint32_t position,
					       uint32_t slot) const;

	const KvChunkAddressTableConfig &config() const { return config_; }
	uint32_t num_position_chunks() const { return num_position_chunks_; }
	size_t total_entries() const { return entries_.size(); }

private:
	size_t flat_index(uint32_t layer, uint32_t position_chunk, uint32_t slot) const;
	uint32_t to_chunk_index(uint32_t position) const;
	void validate_args(uint32_t layer, uint32_t position, uint32_t slot) const;

	KvChunkAddressTableConfig config_;
	uint32_t num_position_chunks_;
	uint32_t num_layers_x_chunks_;
	std::vector<KvCacheLocation> entries_;
	std::vector<DeviceGroup> device_groups_;
	std::unordered_map<tt::tt_fabric::FabricNodeId, std::string> fabric_node_to_host_;
};

} // namespace tt::tt_metal::experimental::disaggregation
