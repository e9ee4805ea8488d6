// SPDX-License-Identifier: Apache-2.0
//
// Buffer: one allocation in a device's DRAM banks or workers' L1, a
// libtt struct tt_buffer underneath (interleaved, or height/width/block
// sharded with a ShardSpecBuffer).  MeshBuffer (mesh_buffer.hpp) is what
// programs create; get_backing_buffer() gives this object.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/buffer_distribution_spec.hpp>
#include <tt-metalium/buffer_page_mapping.hpp>
#include <tt-metalium/buffer_types.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/hal_types.hpp>

struct tt_buffer;

namespace tt::tt_metal {

class IDevice;
class Allocator;

struct ShardSpec {
	CoreRangeSet grid;
	std::array<uint32_t, 2> shape;
	ShardOrientation orientation = ShardOrientation::ROW_MAJOR;

	ShardSpec(const CoreRangeSet &grid_, const std::array<uint32_t, 2> &shape_,
		  const ShardOrientation &orientation_ = ShardOrientation::ROW_MAJOR)
	    : grid(grid_), shape(shape_), orientation(orientation_)
	{}
	uint32_t num_cores() const { return grid.num_cores(); }
	uint32_t numel() const { return shape[0] * shape[1]; }
	bool operator==(const ShardSpec &o) const
	{
		return grid == o.grid && shape == o.shape && orientation == o.orientation;
	}
	bool operator!=(const ShardSpec &o) const { return !(*this == o); }
};

// A ShardSpec plus the page shape and the tensor's 2-D shape in pages.
struct ShardSpecBuffer {
	ShardSpec tensor_shard_spec;
	std::array<uint32_t, 2> page_shape{};
	std::array<uint32_t, 2> tensor2d_shape_in_pages{};

	ShardSpecBuffer(const CoreRangeSet &grid, const std::array<uint32_t, 2> &shard_shape,
			const ShardOrientation &orientation,
			const std::array<uint32_t, 2> &page_shape_,
			const std::array<uint32_t, 2> &tensor2d_shape_in_pages_)
	    : tensor_shard_spec(grid, shard_shape, orientation), page_shape(page_shape_),
	      tensor2d_shape_in_pages(tensor2d_shape_in_pages_)
	{}
	ShardSpecBuffer(const ShardSpec &spec, const std::array<uint32_t, 2> &page_shape_,
			const std::array<uint32_t, 2> &tensor2d_shape_in_pages_)
	    : tensor_shard_spec(spec), page_shape(page_shape_),
	      tensor2d_shape_in_pages(tensor2d_shape_in_pages_)
	{}
	CoreRangeSet grid() const { return tensor_shard_spec.grid; }
	std::array<uint32_t, 2> shape() const { return tensor_shard_spec.shape; }
	ShardOrientation orientation() const { return tensor_shard_spec.orientation; }
	// Shard shape in pages (rows, cols).
	std::array<uint32_t, 2> shape_in_pages() const;
	DeviceAddr num_pages() const;
};

struct BufferConfig {
	IDevice *device;
	DeviceAddr size;
	DeviceAddr page_size;
	BufferType buffer_type;
};
using InterleavedBufferConfig = BufferConfig;

struct ShardedBufferConfig {
	IDevice *device{};
	DeviceAddr size{};
	DeviceAddr page_size{};
	BufferType buffer_type = BufferType::L1;
	TensorMemoryLayout buffer_layout = TensorMemoryLayout::HEIGHT_SHARDED;
	ShardSpecBuffer shard_parameters;
};

// How a buffer is laid out: interleaved (the default) or sharded with a
// ShardSpecBuffer.  tt-metal's N-d BufferDistributionSpec is not supported
// for allocation; a TensorSpec's sharding args carry the 2-D one that
// describes its ShardSpecBuffer, for the code that reads it.
class BufferShardingArgs {
public:
	BufferShardingArgs() = default;
	BufferShardingArgs(std::nullopt_t) {}
	BufferShardingArgs(ShardSpecBuffer shard_spec, TensorMemoryLayout layout)
	    : shard_spec_(std::move(shard_spec)), buffer_layout_(layout)
	{}
	BufferShardingArgs(std::optional<ShardSpecBuffer> shard_spec, TensorMemoryLayout layout)
	    : shard_spec_(std::move(shard_spec)), buffer_layout_(layout)
	{}
	BufferShardingArgs(std::optional<BufferDistributionSpec> distribution,
			   std::optional<ShardSpecBuffer> shard_spec, TensorMemoryLayout layout)
	    : distribution_spec_(std::move(distribution)), shard_spec_(std::move(shard_spec)),
	      buffer_layout_(layout)
	{}
	const std::optional<BufferDistributionSpec> &buffer_distribution_spec() const
	{
		return distribution_spec_;
	}
	const std::optional<ShardSpecBuffer> &shard_spec() const { return shard_spec_; }
	TensorMemoryLayout buffer_layout() const { return buffer_layout_; }

	std::optional<BufferDistributionSpec> distribution_spec_;
	std::optional<ShardSpecBuffer> shard_spec_;
	TensorMemoryLayout buffer_layout_ = TensorMemoryLayout::INTERLEAVED;
};

bool is_sharded(const TensorMemoryLayout &layout);

struct BufferRegion {
	DeviceAddr offset = 0;
	DeviceAddr size = 0;
	BufferRegion() = delete;
	BufferRegion(DeviceAddr offset_, DeviceAddr size_) : offset(offset_), size(size_) {}
};

class Buffer final : public std::enable_shared_from_this<Buffer> {
public:
	// Allocate now; throws (with libtt's explanation) when it cannot.
	static std::shared_ptr<Buffer>
	create(IDevice *device, DeviceAddr size, DeviceAddr page_size, BufferType buffer_type,
	       const BufferShardingArgs &sharding_args = std::nullopt,
	       std::optional<bool> bottom_up = std::nullopt);
	// A view at @address, memory another buffer holds: laid out as
	// given, freeing it leaves the memory to its holder.
	static std::shared_ptr<Buffer>
	create(IDevice *device, DeviceAddr address, DeviceAddr size, DeviceAddr page_size,
	       BufferType buffer_type, const BufferShardingArgs &sharding_args = std::nullopt,
	       std::optional<bool> bottom_up = std::nullopt);

	Buffer(const Buffer &) = delete;
	Buffer &operator=(const Buffer &) = delete;
	~Buffer();

	IDevice *device() const { return device_; }
	// The allocator of the device that holds it.
	Allocator *allocator() const;
	DeviceAddr size() const { return size_; }
	bool is_allocated() const { return buf_ != nullptr || empty_; }
	uint32_t address() const;
	DeviceAddr page_size() const { return page_size_; }
	uint32_t num_pages() const
	{
		return page_size_ ? static_cast<uint32_t>(size_ / page_size_) : 0;
	}
	uint32_t num_dev_pages() const;
	BufferType buffer_type() const { return type_; }
	CoreType core_type() const { return is_dram() ? CoreType::DRAM : CoreType::WORKER; }
	bool is_l1() const { return type_ == BufferType::L1 || type_ == BufferType::L1_SMALL; }
	bool is_dram() const { return type_ == BufferType::DRAM; }
	bool is_trace() const { return type_ == BufferType::TRACE; }
	TensorMemoryLayout buffer_layout() const { return layout_; }
	bool bottom_up() const { return is_dram(); }
	uint32_t alignment() const;
	DeviceAddr aligned_page_size() const;
	DeviceAddr aligned_size() const;
	DeviceAddr aligned_size_per_bank() const;
	bool has_shard_spec() const { return shard_spec_.has_value(); }
	ShardSpecBuffer shard_spec() const;
	std::optional<uint32_t> num_cores() const;
	// Shard k's logical core (L1) or (bank, 0) (DRAM), in shard order.
	std::vector<CoreCoord> shard_cores() const;
	// Where each host page of a sharded buffer lives (its cores in
	// shard order); throws for an interleaved buffer.
	std::shared_ptr<const BufferPageMapping> get_buffer_page_mapping() const;

	// Release the device memory now (also done by the destructor).
	void deallocate();

	// The libtt buffer, for code that calls libtt directly.
	struct tt_buffer *c_buffer() const { return buf_; }

	Buffer(IDevice *device, struct tt_buffer *buf, DeviceAddr size, DeviceAddr page_size,
	       BufferType type, TensorMemoryLayout layout,
	       std::optional<ShardSpecBuffer> shard_spec);

private:
	IDevice *device_;
	struct tt_buffer *buf_;
	// A buffer of 0 bytes: allocated, at address 0, holding nothing (as
	// tt-metal's); no libtt buffer behind it.
	bool empty_;
	DeviceAddr size_;
	DeviceAddr page_size_;
	BufferType type_;
	TensorMemoryLayout layout_;
	std::optional<ShardSpecBuffer> shard_spec_;
};

std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig &config);
std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig &config);
void DeallocateBuffer(Buffer &buffer);

} // namespace tt::tt_metal
