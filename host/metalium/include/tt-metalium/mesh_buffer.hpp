// SPDX-License-Identifier: Apache-2.0
//
// MeshBuffer: a buffer at the same address on every device of a mesh.
// On a 1x1 mesh a ReplicatedBufferConfig buffer is one Buffer (the
// backing buffer); DeviceLocalBufferConfig says DRAM or L1, the page size
// and, through sharding_args, interleaved or sharded.  A mesh-sharded
// (distributed::ShardedBufferConfig) buffer needs a larger mesh and throws.
// create() at a given address makes a view of memory another mesh buffer
// holds: deallocating it leaves that memory to its holder.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <variant>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/buffer_types.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/shape2d.hpp>
#include <tt-metalium/sub_device_types.hpp>

namespace tt::tt_metal::distributed {

struct DeviceLocalBufferConfig {
	DeviceAddr page_size = 0;
	BufferType buffer_type = BufferType::DRAM;
	BufferShardingArgs sharding_args;
	std::optional<bool> bottom_up;
	std::optional<SubDeviceId> sub_device_id = std::nullopt; // accepted, ignored
};

struct ReplicatedBufferConfig {
	DeviceAddr size = 0;
};

struct ShardedBufferConfig {
	DeviceAddr global_size = 0;
	Shape2D global_buffer_shape = { 0, 0 };
	Shape2D shard_shape = { 0, 0 };
	ShardOrientation shard_orientation = ShardOrientation::ROW_MAJOR;

	// Bytes per element: global_size over the global shape's elements.
	uint32_t compute_datum_size_bytes() const;
};

enum class MeshBufferLayout : uint8_t { REPLICATED, SHARDED };

using MeshBufferConfig = std::variant<ReplicatedBufferConfig, ShardedBufferConfig>;

class MeshBuffer {
public:
	// Tag of the constructor: MeshBuffers are made by create().
	struct Private {
		explicit Private() = default;
	};

	static std::shared_ptr<MeshBuffer>
	create(const MeshBufferConfig &mesh_buffer_config,
	       const DeviceLocalBufferConfig &device_local_config, MeshDevice *mesh_device,
	       std::optional<DeviceAddr> address = std::nullopt);

	MeshBuffer(Private, const MeshBufferConfig &config, const DeviceLocalBufferConfig &local,
		   MeshDevice *device, std::vector<std::shared_ptr<Buffer>> chip_buffers);
	MeshBuffer(const MeshBuffer &) = delete;
	MeshBuffer &operator=(const MeshBuffer &) = delete;
	// The moved-from buffer holds nothing (is_allocated() is false); the
	// target of an assignment first releases what it held.
	MeshBuffer(MeshBuffer &&) noexcept = default;
	MeshBuffer &operator=(MeshBuffer &&) noexcept = default;
	~MeshBuffer();

	bool is_allocated() const;
	void deallocate();
	MeshDevice *device() const { return device_; }
	DeviceAddr size() const;
	DeviceAddr device_local_size() const;
	DeviceAddr address() const { return address_; }
	MeshBufferLayout global_layout() const
	{
		return std::holds_alternative<ShardedBufferConfig>(config_)
			       ? MeshBufferLayout::SHARDED
			       : MeshBufferLayout::REPLICATED;
	}
	const MeshBufferConfig &global_config() const { return config_; }
	const DeviceLocalBufferConfig &device_local_config() const { return local_; }
	Buffer *get_device_buffer(const MeshCoordinate &device_coord) const;
	Buffer *get_reference_buffer() const { return backing_.get(); }
	Buffer *get_backing_buffer() const { return backing_.get(); }
	uint32_t page_size() const { return static_cast<uint32_t>(local_.page_size); }
	uint32_t num_pages() const;

private:
	MeshBufferConfig config_;
	DeviceLocalBufferConfig local_;
	MeshDevice *device_;
	DeviceAddr address_;
	std::shared_ptr<Buffer> backing_; // chip 0's
	// One per chip, row-major over the mesh, at the same address.
	std::vector<std::shared_ptr<Buffer>> chip_buffers_;
};

} // namespace tt::tt_metal::distributed
