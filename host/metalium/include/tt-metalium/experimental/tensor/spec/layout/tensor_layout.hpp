// SPDX-License-Identifier: Apache-2.0
//
// TensorLayout: a tensor's element type, pages and memory, without its
// shape; TensorSpec adds the shape.  The compute_* functions answer for a
// given logical shape: the padded shape (tiled tensors round their last
// two dimensions up to whole tiles), the page size, the bytes of the whole
// tensor and, for a sharded tensor, the sharding a buffer needs.
// tt-metal's custom alignments are not supported: rows are padded to
// tiles and nothing else.
#pragma once

#include <cstddef>
#include <vector>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/shape.hpp>
#include <tt-metalium/shape2d.hpp>
#include <tt-metalium/experimental/tensor/spec/layout/page_config.hpp>
#include <tt-metalium/experimental/tensor/spec/memory_config/memory_config.hpp>
#include <tt-metalium/experimental/tensor/tensor_types.hpp>

namespace tt::tt_metal {

// Elements between neighbours along each dimension, outermost first.
using Strides = std::vector<size_t>;

class TensorLayout {
public:
	TensorLayout(DataType dtype, const PageConfig &page_config,
		     const MemoryConfig &memory_config);

	DataType get_data_type() const { return dtype_; }
	Layout get_layout() const { return page_config_.get_layout(); }
	Tile get_tile() const { return page_config_.get_tile(); }
	PageConfig get_page_config() const { return page_config_; }
	const MemoryConfig &get_memory_config() const { return memory_config_; }

	Shape compute_padded_shape(const Shape &shape) const;
	// The padded shape folded to two dimensions: every outer dimension
	// times the second last, by the last.
	Shape2D compute_physical_shape(const Shape &shape) const;
	// {rows, columns} of elements in one page.
	Shape2D compute_page_shape(const Shape &shape) const;
	size_t compute_page_size_bytes(const Shape &shape) const;
	size_t compute_packed_buffer_size_bytes(const Shape &shape) const;
	BufferShardingArgs compute_buffer_sharding_args(const Shape &shape) const;
	// Row-major strides of the padded @shape (what the elements are laid
	// out by in host memory).
	Strides compute_strides(const Shape &shape) const;

	bool operator==(const TensorLayout &) const = default;

private:
	DataType dtype_;
	PageConfig page_config_;
	MemoryConfig memory_config_;
};

} // namespace tt::tt_metal
