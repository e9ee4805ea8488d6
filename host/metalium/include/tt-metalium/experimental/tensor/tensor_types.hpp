// SPDX-License-Identifier: Apache-2.0
//
// The element types and layouts of tensors (tt-metal's DataType and
// Layout, with its values), and what each data type is on the tile
// engine.
#pragma once

#include <cstdint>
#include <ostream>

#include <tt-metalium/buffer_types.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/shape.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace tt::tt_metal {

enum class DataType {
	BFLOAT16 = 0,
	FLOAT32 = 1,
	UINT32 = 2,
	BFLOAT8_B = 3,
	BFLOAT4_B = 4,
	UINT8 = 5,
	UINT16 = 6,
	INT32 = 7,
	INVALID = 8,
};

enum class Layout {
	ROW_MAJOR = 0,
	TILE = 1,
	INVALID = 2,
};

// The tile-engine format of @dtype (BFLOAT16 is Float16_b).
tt::DataFormat datatype_to_dataformat_converter(DataType dtype);
// Block-float types only exist in tiles: they have no element size.
bool is_block_float(DataType dtype);
// Bytes of one element of a row-major @dtype; throws for block floats.
uint32_t element_size_bytes(DataType dtype);
// Bytes of one 32x32 tile of @dtype: tt::tile_size() of its format
// (block floats with their exponents); throws for INVALID.
uint32_t tile_size(DataType dtype);

// tt-metal's N-d shard spec: shards of @shard_shape over the cores of
// @grid.  tensix-emu's MemoryConfig does not take one (tensors shard in 2-D
// with a ShardSpec), so MemoryConfig::nd_shard_spec() is always empty; the
// type exists for the code that asks.
struct NdShardSpec {
	Shape shard_shape;
	CoreRangeSet grid;
	ShardOrientation orientation = ShardOrientation::ROW_MAJOR;
	ShardDistributionStrategy shard_distribution_strategy =
		ShardDistributionStrategy::ROUND_ROBIN_1D;

	NdShardSpec with_shard_shape(Shape new_shard_shape) const
	{
		return NdShardSpec{ std::move(new_shard_shape), grid, orientation,
				    shard_distribution_strategy };
	}
	bool operator==(const NdShardSpec &other) const = default;
};
std::ostream &operator<<(std::ostream &os, const NdShardSpec &spec);

std::ostream &operator<<(std::ostream &os, DataType dtype);
std::ostream &operator<<(std::ostream &os, Layout layout);

} // namespace tt::tt_metal
