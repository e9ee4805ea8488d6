// SPDX-License-Identifier: Apache-2.0
//
// BufferDistributionSpec: how a sharded buffer's pages are dealt to cores,
// in pages: the tensor's shape, one shard's shape, and the cores in shard
// order.  tensix-emu shards in two dimensions (height, width, block), so
// both shapes have rank 2 ({rows of pages, columns of pages}); the cores
// are every core of the shard grid, in the grid's orientation, whether or
// not a shard lands on each.
#pragma once

#include <cstddef>
#include <vector>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/shape.hpp>

namespace tt::tt_metal {

class BufferDistributionSpec {
public:
	BufferDistributionSpec(Shape tensor_shape_in_pages, Shape shard_shape_in_pages,
			       std::vector<CoreCoord> cores)
	    : tensor_shape_(std::move(tensor_shape_in_pages)),
	      shard_shape_(std::move(shard_shape_in_pages)), cores_(std::move(cores))
	{}

	const Shape &tensor_shape_in_pages() const { return tensor_shape_; }
	const Shape &shard_shape_in_pages() const { return shard_shape_; }
	const std::vector<CoreCoord> &cores() const { return cores_; }
	size_t num_cores() const { return cores_.size(); }

	bool operator==(const BufferDistributionSpec &) const = default;

private:
	Shape tensor_shape_;
	Shape shard_shape_;
	std::vector<CoreCoord> cores_;
};

} // namespace tt::tt_metal
