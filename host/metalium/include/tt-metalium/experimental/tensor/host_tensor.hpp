// SPDX-License-Identifier: Apache-2.0
//
// HostTensor: a tensor in host memory, the host side of MeshTensor: a
// DistributedHostBuffer (one HostBuffer per shard of a mesh) laid out as
// its TensorSpec says, and its TensorTopology.  Copies share the data
// (HostBuffer's copy semantics) and copy the spec and topology; a
// moved-from HostTensor can only be destroyed, assigned, or asked
// is_valueless_after_move() (anything else throws, saying so).
//
// Not implemented: tt-metal's factories and conversions (from_span,
// from_vector, from_borrowed_data, to_vector): build the HostBuffer and
// pass it to the constructor.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/distributed_host_buffer.hpp>
#include <tt-metalium/host_buffer.hpp>
#include <tt-metalium/experimental/tensor/spec/tensor_spec.hpp>
#include <tt-metalium/experimental/tensor/tensor_types.hpp>
#include <tt-metalium/experimental/tensor/topology/tensor_topology.hpp>

namespace tt::tt_metal {

class HostTensorImpl;

class HostTensor {
public:
	using volume_type = std::uint64_t;

	HostTensor() = delete;
	explicit HostTensor(DistributedHostBuffer buffer, TensorSpec spec, TensorTopology topology);
	// @buffer as the one shard, at (0, 0) of a 1x1 mesh.
	explicit HostTensor(HostBuffer buffer, TensorSpec spec, TensorTopology topology);
	~HostTensor();

	HostTensor(const HostTensor &other);
	HostTensor &operator=(const HostTensor &other);
	HostTensor(HostTensor &&other) noexcept;
	HostTensor &operator=(HostTensor &&other) noexcept;

	const TensorSpec &tensor_spec() const;
	const TensorTopology &tensor_topology() const;
	bool is_valueless_after_move() const { return impl_ == nullptr; }
	const DistributedHostBuffer &buffer() const;

	DataType dtype() const;
	Layout layout() const;
	const Shape &logical_shape() const;
	const Shape &padded_shape() const;
	volume_type logical_volume() const;
	volume_type physical_volume() const;
	const MemoryConfig &memory_config() const;
	bool is_sharded() const;
	const std::optional<ShardSpec> &legacy_shard_spec() const;
	const std::optional<NdShardSpec> &nd_shard_spec() const;
	// Bytes of one element (throws for block-float types, which have none).
	std::size_t element_size() const;
	Strides strides() const;

	// A tensor of the same spec and topology whose shards are @callable
	// of these.
	HostTensor transform(const std::function<HostBuffer(const HostBuffer &)> &callable) const;
	void update_tensor_topology(TensorTopology tensor_topology);

	HostTensorImpl &impl();
	const HostTensorImpl &impl() const;

private:
	std::unique_ptr<HostTensorImpl> impl_;
};

// What a HostTensor holds.
class HostTensorImpl {
public:
	HostTensorImpl(DistributedHostBuffer buffer, TensorSpec spec, TensorTopology topology)
	    : buffer_(std::move(buffer)), spec_(std::move(spec)), topology_(std::move(topology))
	{}

	DistributedHostBuffer buffer_;
	TensorSpec spec_;
	TensorTopology topology_;
};

} // namespace tt::tt_metal
