// SPDX-License-Identifier: Apache-2.0
// Buffer types, memory layouts and shard orientations, as in tt-metal.
#pragma once

#include <cstdint>

namespace tt::tt_metal {

enum class TensorMemoryLayout {
	INTERLEAVED = 0,
	HEIGHT_SHARDED = 2,
	WIDTH_SHARDED = 3,
	BLOCK_SHARDED = 4,
	ND_SHARDED = 5,
};

enum class ShardOrientation {
	ROW_MAJOR = 0,
	COL_MAJOR,
};

// How the shards of an N-d sharded buffer go to its cores: round robin
// over the cores in order, or a 2-D grid of shards one-to-one onto a 2-D
// grid of cores.
enum class ShardDistributionStrategy {
	ROUND_ROBIN_1D = 0,
	GRID_2D = 1,
};

enum class BufferType {
	DRAM,
	L1,
	SYSTEM_MEMORY,
	L1_SMALL,
	TRACE,
};

using DeviceAddr = std::uint64_t;

} // namespace tt::tt_metal
