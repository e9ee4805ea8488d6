// SPDX-License-Identifier: Apache-2.0
//
// MeshTensor: a tensor's device memory, owned: a MeshBuffer laid out as
// its TensorSpec says (page size, DRAM or L1, interleaved or sharded), and
// the spec.  Move-only; the memory goes when the tensor does.  A
// moved-from MeshTensor can only be destroyed, assigned, or asked
// is_valueless_after_move().
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include <tt-metalium/mesh_buffer.hpp>
#include <tt-metalium/experimental/tensor/spec/tensor_spec.hpp>
#include <tt-metalium/experimental/tensor/tensor_types.hpp>
#include <tt-metalium/experimental/tensor/topology/tensor_topology.hpp>

namespace tt::tt_metal {

namespace distributed {
class MeshDevice;
}

class MeshTensor {
public:
	using volume_type = std::uint64_t;

	MeshTensor() = delete;
	// Allocate a tensor of @spec on every chip of @mesh_device.
	static MeshTensor allocate_on_device(distributed::MeshDevice &mesh_device,
					     const TensorSpec &spec,
					     const TensorTopology &topology);
	// Wrap @mesh_buffer, which must be laid out as @spec says.
	MeshTensor(std::shared_ptr<distributed::MeshBuffer> mesh_buffer, TensorSpec spec,
		   TensorTopology topology);
	MeshTensor(const MeshTensor &) = delete;
	MeshTensor &operator=(const MeshTensor &) = delete;
	MeshTensor(MeshTensor &&other) noexcept = default;
	MeshTensor &operator=(MeshTensor &&other) noexcept = default;
	~MeshTensor() = default;

	const distributed::MeshBuffer &mesh_buffer() const;
	const distributed::MeshDevice &device() const;
	distributed::MeshDevice &mutable_device() const;
	const TensorSpec &tensor_spec() const { return spec_; }
	const TensorTopology &tensor_topology() const { return topology_; }
	bool is_valueless_after_move() const { return buffer_ == nullptr; }

	DataType dtype() const { return spec_.data_type(); }
	Layout layout() const { return spec_.layout(); }
	const Shape &logical_shape() const { return spec_.logical_shape(); }
	const Shape &padded_shape() const { return spec_.padded_shape(); }
	volume_type logical_volume() const { return spec_.logical_shape().volume(); }
	volume_type physical_volume() const { return spec_.padded_shape().volume(); }
	const MemoryConfig &memory_config() const { return spec_.memory_config(); }
	bool is_sharded() const { return spec_.memory_config().is_sharded(); }
	const std::optional<ShardSpec> &legacy_shard_spec() const
	{
		return spec_.memory_config().shard_spec();
	}
	const std::optional<NdShardSpec> &nd_shard_spec() const
	{
		return spec_.memory_config().nd_shard_spec();
	}
	// Bytes of one element (throws for block-float types, which have none).
	std::size_t element_size() const { return element_size_bytes(dtype()); }
	Strides strides() const { return spec_.compute_strides(); }
	// The buffer's address, the same on every chip.
	uint64_t address() const;

private:
	std::shared_ptr<distributed::MeshBuffer> buffer_;
	TensorSpec spec_;
	TensorTopology topology_;
};

} // namespace tt::tt_metal
