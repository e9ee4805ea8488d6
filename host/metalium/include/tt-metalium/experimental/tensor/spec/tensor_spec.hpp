// SPDX-License-Identifier: Apache-2.0
//
// TensorSpec: everything about a tensor but its data: the logical shape
// and the TensorLayout (element type, pages, memory).  Two specs are equal
// when both are.
#pragma once

#include <cstddef>

#include <tt-metalium/experimental/tensor/spec/layout/tensor_layout.hpp>
#include <tt-metalium/experimental/tensor/tensor_types.hpp>

namespace tt::tt_metal {

class TensorSpec final {
public:
	TensorSpec(Shape logical_shape, TensorLayout tensor_layout);

	const Shape &logical_shape() const { return logical_shape_; }
	const Shape &padded_shape() const { return padded_shape_; }
	const TensorLayout &tensor_layout() const { return layout_; }
	DataType data_type() const { return layout_.get_data_type(); }
	Layout layout() const { return layout_.get_layout(); }
	PageConfig page_config() const { return layout_.get_page_config(); }
	const MemoryConfig &memory_config() const { return layout_.get_memory_config(); }
	Tile tile() const { return layout_.get_tile(); }
	Shape2D physical_shape() const { return layout_.compute_physical_shape(logical_shape_); }

	size_t compute_page_size_bytes() const
	{
		return layout_.compute_page_size_bytes(logical_shape_);
	}
	size_t compute_packed_buffer_size_bytes() const
	{
		return layout_.compute_packed_buffer_size_bytes(logical_shape_);
	}
	Strides compute_strides() const { return layout_.compute_strides(logical_shape_); }
	BufferShardingArgs compute_buffer_sharding_args() const
	{
		return layout_.compute_buffer_sharding_args(logical_shape_);
	}

	bool operator==(const TensorSpec &o) const
	{
		return logical_shape_ == o.logical_shape_ && layout_ == o.layout_;
	}

private:
	Shape logical_shape_;
	TensorLayout layout_;
	Shape padded_shape_;
};

} // namespace tt::tt_metal
