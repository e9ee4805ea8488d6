// SPDX-License-Identifier: Apache-2.0
//
// DistributedHostBuffer: one HostBuffer (a shard) per coordinate of a
// mesh spread over hosts.  The buffer knows the whole (global) shape and
// which coordinates this host holds; shards of the others are never
// made.  Coordinates are global throughout: writing a remote shard is
// recorded (shard_coords) and otherwise ignored, reading one gives
// nothing, and anything outside the global shape throws.
//
// tensix-emu has one host (distributed_context.hpp: a single-process
// context), so a buffer made from a MeshDevice's view holds every shard;
// a local shape and offset still describe part of a larger mesh exactly.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include <tt-metalium/distributed_context.hpp>
#include <tt-metalium/host_buffer.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/mesh_device_view.hpp>

namespace tt::tt_metal {

class DistributedHostBuffer {
public:
	DistributedHostBuffer(const DistributedHostBuffer &) = default;
	DistributedHostBuffer &operator=(const DistributedHostBuffer &) = default;
	DistributedHostBuffer(DistributedHostBuffer &&) = default;
	DistributedHostBuffer &operator=(DistributedHostBuffer &&) = default;

	// This host holds the @local_shape block at @local_offset of
	// @global_shape (same dimensions, inside it).  A null @context is
	// the current world.
	static DistributedHostBuffer
	create(const distributed::MeshShape &global_shape,
	       const distributed::MeshShape &local_shape,
	       const distributed::MeshCoordinate &local_offset,
	       const std::shared_ptr<distributed::multihost::DistributedContext> &context);
	// The view's shape; this host holds its local chips.
	static DistributedHostBuffer create(const distributed::MeshDeviceView &mesh_device_view);
	// Every shard on this host.
	static DistributedHostBuffer create(const distributed::MeshShape &shape);

	// The shard at @coord; nothing when it is remote or was never
	// written.  Throws outside the global shape.
	std::optional<HostBuffer> get_shard(const distributed::MeshCoordinate &coord) const;

	// Write the shard at @coord with what @produce_buffer gives, called
	// only when the shard is local.  Throws outside the global shape.
	using ProduceBufferFn = std::function<HostBuffer(const distributed::MeshCoordinate &)>;
	void emplace_shard(const distributed::MeshCoordinate &coord,
			   const std::function<HostBuffer()> &produce_buffer);

	// Whether this host holds @coord; throws outside the global shape.
	bool is_local(const distributed::MeshCoordinate &coord) const;

	// How transform, apply and emplace_shards visit the shards: one after
	// another, or each on a thread of its own.
	enum class ProcessShardExecutionPolicy {
		SEQUENTIAL,
		PARALLEL,
	};

	// A buffer of the same layout whose local written shards are @fn of
	// these; apply calls @fn on each of them, in row-major order when
	// SEQUENTIAL.
	using TransformFn = std::function<HostBuffer(const HostBuffer &buffer)>;
	DistributedHostBuffer transform(
		const TransformFn &fn,
		ProcessShardExecutionPolicy policy = ProcessShardExecutionPolicy::SEQUENTIAL) const;
	using ApplyFn = std::function<void(const HostBuffer &buffer)>;
	void
	apply(const ApplyFn &fn,
	      ProcessShardExecutionPolicy policy = ProcessShardExecutionPolicy::SEQUENTIAL) const;

	// emplace_shard for each of the (global) @coords.
	void emplace_shards(
		const std::vector<distributed::MeshCoordinate> &coords,
		const ProduceBufferFn &produce_buffer,
		ProcessShardExecutionPolicy policy = ProcessShardExecutionPolicy::SEQUENTIAL);

	const distributed::MeshShape &shape() const;
	// Every coordinate written to, local or not.
	const std::set<distributed::MeshCoordinate> &shard_coords() const;
	const std::shared_ptr<distributed::multihost::DistributedContext> &context() const;

private:
	struct Shard {
		bool local = false;
		std::optional<HostBuffer> buffer; // local and written
	};

	DistributedHostBuffer(distributed::MeshContainer<Shard> shards,
			      std::shared_ptr<distributed::multihost::DistributedContext> context);

	const Shard &at(const distributed::MeshCoordinate &coord) const;
	// Row-major indices of the local written shards.
	std::vector<size_t> written() const;

	distributed::MeshContainer<Shard> shards_;
	std::set<distributed::MeshCoordinate> shard_coords_;
	std::shared_ptr<distributed::multihost::DistributedContext> context_;
};

} // namespace tt::tt_metal
