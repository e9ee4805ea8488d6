// SPDX-License-Identifier: Apache-2.0
//
// MemoryConfig: where a tensor's buffer lives (DRAM or L1) and how it is
// spread: interleaved page by page over the banks, or height, width or
// block sharded over cores with a ShardSpec (shapes in elements).
// tt-metal's N-d shard specs are not supported: nd_shard_spec() is always
// empty.
#pragma once

#include <optional>
#include <ostream>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/buffer_types.hpp>
#include <tt-metalium/experimental/tensor/tensor_types.hpp>

namespace tt::tt_metal {

class MemoryConfig final {
public:
	// Interleaved over the DRAM banks.
	MemoryConfig() = default;
	explicit MemoryConfig(TensorMemoryLayout memory_layout,
			      BufferType buffer_type = BufferType::DRAM,
			      std::optional<ShardSpec> shard_spec = std::nullopt)
	    : memory_layout_(memory_layout), buffer_type_(buffer_type),
	      shard_spec_(std::move(shard_spec))
	{}

	TensorMemoryLayout memory_layout() const { return memory_layout_; }
	BufferType buffer_type() const { return buffer_type_; }
	const std::optional<ShardSpec> &shard_spec() const { return shard_spec_; }
	const std::optional<NdShardSpec> &nd_shard_spec() const { return nd_shard_spec_; }
	MemoryConfig with_shard_spec(std::optional<ShardSpec> shard_spec) const
	{
		return MemoryConfig(memory_layout_, buffer_type_, std::move(shard_spec));
	}

	bool is_sharded() const { return memory_layout_ != TensorMemoryLayout::INTERLEAVED; }
	bool is_l1() const
	{
		return buffer_type_ == BufferType::L1 || buffer_type_ == BufferType::L1_SMALL;
	}
	bool is_dram() const { return buffer_type_ == BufferType::DRAM; }

	bool operator==(const MemoryConfig &) const = default;

private:
	TensorMemoryLayout memory_layout_ = TensorMemoryLayout::INTERLEAVED;
	BufferType buffer_type_ = BufferType::DRAM;
	std::optional<ShardSpec> shard_spec_;
	std::optional<NdShardSpec> nd_shard_spec_; // never set (see above)
};

std::ostream &operator<<(std::ostream &os, const MemoryConfig &config);

} // namespace tt::tt_metal
