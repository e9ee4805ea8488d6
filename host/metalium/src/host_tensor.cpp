// SPDX-License-Identifier: Apache-2.0
//
// HostTensor (experimental/tensor/host_tensor.hpp): a handle on a
// HostTensorImpl; every accessor checks that the handle was not moved from.
#include <memory>
#include <utility>

#include <tt-metalium/experimental/tensor/host_tensor.hpp>
#include <tt_stl/assert.hpp>

namespace tt::tt_metal {

static DistributedHostBuffer one_shard(HostBuffer buffer)
{
	auto d = DistributedHostBuffer::create(distributed::MeshShape(1, 1));
	d.emplace_shard(distributed::MeshCoordinate(0, 0), [&]() { return std::move(buffer); });
	return d;
}

HostTensor::HostTensor(DistributedHostBuffer buffer, TensorSpec spec, TensorTopology topology)
    : impl_(std::make_unique<HostTensorImpl>(std::move(buffer), std::move(spec),
					     std::move(topology)))
{}

HostTensor::HostTensor(HostBuffer buffer, TensorSpec spec, TensorTopology topology)
    : HostTensor(one_shard(std::move(buffer)), std::move(spec), std::move(topology))
{}

HostTensor::~HostTensor() = default;

HostTensor::HostTensor(const HostTensor &other)
    : impl_(other.impl_ ? std::make_unique<HostTensorImpl>(*other.impl_) : nullptr)
{}

HostTensor &HostTensor::operator=(const HostTensor &other)
{
	if (this != &other)
		impl_ = other.impl_ ? std::make_unique<HostTensorImpl>(*other.impl_) : nullptr;
	return *this;
}

HostTensor::HostTensor(HostTensor &&other) noexcept = default;
HostTensor &HostTensor::operator=(HostTensor &&other) noexcept = default;

HostTensorImpl &HostTensor::impl()
{
	TT_FATAL(impl_ != nullptr,
		 "HostTensor: this tensor was moved from; only destruction, assignment and "
		 "is_valueless_after_move() are valid on it");
	return *impl_;
}

const HostTensorImpl &HostTensor::impl() const
{
	TT_FATAL(impl_ != nullptr,
		 "HostTensor: this tensor was moved from; only destruction, assignment and "
		 "is_valueless_after_move() are valid on it");
	return *impl_;
}

const TensorSpec &HostTensor::tensor_spec() const
{
	return impl().spec_;
}
const TensorTopology &HostTensor::tensor_topology() const
{
	return impl().topology_;
}
const DistributedHostBuffer &HostTensor::buffer() const
{
	return impl().buffer_;
}
DataType HostTensor::dtype() const
{
	return tensor_spec().data_type();
}
Layout HostTensor::layout() const
{
	return tensor_spec().layout();
}
const Shape &HostTensor::logical_shape() const
{
	return tensor_spec().logical_shape();
}
const Shape &HostTensor::padded_shape() const
{
	return tensor_spec().padded_shape();
}
HostTensor::volume_type HostTensor::logical_volume() const
{
	return logical_shape().volume();
}
HostTensor::volume_type HostTensor::physical_volume() const
{
	return padded_shape().volume();
}
const MemoryConfig &HostTensor::memory_config() const
{
	return tensor_spec().memory_config();
}
bool HostTensor::is_sharded() const
{
	return memory_config().is_sharded();
}
const std::optional<ShardSpec> &HostTensor::legacy_shard_spec() const
{
	return memory_config().shard_spec();
}
const std::optional<NdShardSpec> &HostTensor::nd_shard_spec() const
{
	return memory_config().nd_shard_spec();
}
std::size_t HostTensor::element_size() const
{
	return element_size_bytes(dtype());
}
Strides HostTensor::strides() const
{
	return tensor_spec().compute_strides();
}

HostTensor
HostTensor::transform(const std::function<HostBuffer(const HostBuffer &)> &callable) const
{
	return HostTensor(buffer().transform(callable), tensor_spec(), tensor_topology());
}

void HostTensor::update_tensor_topology(TensorTopology tensor_topology)
{
	impl().topology_ = std::move(tensor_topology);
}

} // namespace tt::tt_metal
