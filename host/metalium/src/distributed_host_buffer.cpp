// SPDX-License-Identifier: Apache-2.0
//
// DistributedHostBuffer (tt-metalium/distributed_host_buffer.hpp): a
// MeshContainer of shards over the global shape, each marked local or
// not; only local shards ever hold a buffer.
#include <algorithm>
#include <future>
#include <utility>
#include <vector>

#include <fmt/ostream.h>

#include <tt-metalium/distributed_host_buffer.hpp>
#include <tt_stl/assert.hpp>

namespace tt::tt_metal {

using distributed::MeshContainer;
using distributed::MeshCoordinate;
using distributed::MeshCoordinateRange;
using distributed::MeshShape;

DistributedHostBuffer::DistributedHostBuffer(
	MeshContainer<Shard> shards,
	std::shared_ptr<distributed::multihost::DistributedContext> context)
    : shards_(std::move(shards)), context_(std::move(context))
{
	if (!context_)
		context_ = distributed::multihost::DistributedContext::get_current_world();
}

DistributedHostBuffer DistributedHostBuffer::create(
	const MeshShape &global_shape, const MeshShape &local_shape,
	const MeshCoordinate &local_offset,
	const std::shared_ptr<distributed::multihost::DistributedContext> &context)
{
	TT_FATAL(local_shape.dims() == global_shape.dims() &&
			 local_offset.dims() == global_shape.dims(),
		 "a {} local block at {} of a {} buffer: all three need the same dimensions",
		 fmt::streamed(local_shape), fmt::streamed(local_offset),
		 fmt::streamed(global_shape));
	std::vector<uint32_t> last;
	for (size_t d = 0; d < global_shape.dims(); d++) {
		const int32_t i = static_cast<int32_t>(d);
		TT_FATAL(local_shape[i] > 0 && local_offset[i] + local_shape[i] <= global_shape[i],
			 "a {} local block at {} does not fit in a {} buffer",
			 fmt::streamed(local_shape), fmt::streamed(local_offset),
			 fmt::streamed(global_shape));
		last.push_back(local_offset[i] + local_shape[i] - 1);
	}
	const MeshCoordinateRange local(local_offset,
					MeshCoordinate(ttsl::Span<const uint32_t>(last)));
	MeshContainer<Shard> shards(global_shape, Shard{});
	for (auto &[coord, shard] : shards)
		shard.local = local.contains(coord);
	return DistributedHostBuffer(std::move(shards), context);
}

DistributedHostBuffer DistributedHostBuffer::create(const distributed::MeshDeviceView &view)
{
	MeshContainer<Shard> shards(view.shape(), Shard{});
	for (auto &[coord, shard] : shards)
		shard.local = view.is_local(coord);
	return DistributedHostBuffer(std::move(shards), nullptr);
}

DistributedHostBuffer DistributedHostBuffer::create(const MeshShape &shape)
{
	return create(shape, shape, MeshCoordinate::zero_coordinate(shape.dims()), nullptr);
}

const DistributedHostBuffer::Shard &DistributedHostBuffer::at(const MeshCoordinate &coord) const
{
	TT_FATAL(coord.dims() == shape().dims() && shards_.coord_range().contains(coord),
		 "coordinate {} is outside this {} buffer", fmt::streamed(coord),
		 fmt::streamed(shape()));
	return shards_.at(coord);
}

std::optional<HostBuffer> DistributedHostBuffer::get_shard(const MeshCoordinate &coord) const
{
	return at(coord).buffer;
}

void DistributedHostBuffer::emplace_shard(const MeshCoordinate &coord,
					  const std::function<HostBuffer()> &produce_buffer)
{
	const Shard &shard = at(coord);
	shard_coords_.insert(coord);
	if (shard.local)
		shards_.at(coord).buffer = produce_buffer();
}

bool DistributedHostBuffer::is_local(const MeshCoordinate &coord) const
{
	return at(coord).local;
}

std::vector<size_t> DistributedHostBuffer::written() const
{
	std::vector<size_t> out;
	const auto &v = shards_.values();
	for (size_t i = 0; i < v.size(); i++)
		if (v[i].buffer)
			out.push_back(i);
	return out;
}

// Call @fn(i) for each of @indices, in order or each on its own thread;
// the first exception any call throws is rethrown once all have finished.
template <typename Fn>
static void for_each_index(const std::vector<size_t> &indices,
			   DistributedHostBuffer::ProcessShardExecutionPolicy policy, Fn fn)
{
	if (policy == DistributedHostBuffer::ProcessShardExecutionPolicy::SEQUENTIAL) {
		for (size_t i : indices)
			fn(i);
		return;
	}
	std::vector<std::future<void>> running;
	for (size_t i : indices)
		running.push_back(std::async(std::launch::async, [&fn, i] { fn(i); }));
	std::exception_ptr first;
	for (auto &f : running) {
		try {
			f.get();
		} catch (...) {
			if (!first)
				first = std::current_exception();
		}
	}
	if (first)
		std::rethrow_exception(first);
}

DistributedHostBuffer DistributedHostBuffer::transform(const TransformFn &fn,
						       ProcessShardExecutionPolicy policy) const
{
	DistributedHostBuffer out = *this;
	auto &dst = out.shards_.values();
	const auto &src = shards_.values();
	for_each_index(written(), policy, [&](size_t i) { dst[i].buffer = fn(*src[i].buffer); });
	return out;
}

void DistributedHostBuffer::apply(const ApplyFn &fn, ProcessShardExecutionPolicy policy) const
{
	const auto &src = shards_.values();
	for_each_index(written(), policy, [&](size_t i) { fn(*src[i].buffer); });
}

void DistributedHostBuffer::emplace_shards(const std::vector<MeshCoordinate> &coords,
					   const ProduceBufferFn &produce_buffer,
					   ProcessShardExecutionPolicy policy)
{
	// Checked and recorded first; each local shard is then made once,
	// however often its coordinate is listed.
	std::vector<size_t> local;
	for (const auto &coord : coords) {
		const Shard &shard = at(coord);
		shard_coords_.insert(coord);
		const size_t i = coord.to_linear_index(shape());
		if (shard.local && std::find(local.begin(), local.end(), i) == local.end())
			local.push_back(i);
	}
	auto &dst = shards_.values();
	const MeshCoordinateRange all(shape());
	std::vector<MeshCoordinate> by_index(all.begin(), all.end());
	for_each_index(local, policy,
		       [&](size_t i) { dst[i].buffer = produce_buffer(by_index[i]); });
}

const MeshShape &DistributedHostBuffer::shape() const
{
	return shards_.shape();
}

const std::set<MeshCoordinate> &DistributedHostBuffer::shard_coords() const
{
	return shard_coords_;
}

const std::shared_ptr<distributed::multihost::DistributedContext> &
DistributedHostBuffer::context() const
{
	return context_;
}

} // namespace tt::tt_metal
