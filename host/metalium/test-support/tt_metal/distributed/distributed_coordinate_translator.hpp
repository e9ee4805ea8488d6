// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt-metal's DistributedCoordinateTranslator,
// which tells which coordinates of a mesh spread over hosts this host
// holds: the block of @local_shape at @local_offset of @global_shape.
// Coordinates outside the global shape throw.
#pragma once

#include <cstdint>

#include <fmt/ostream.h>

#include <tt-metalium/mesh_coord.hpp>
#include <tt_stl/assert.hpp>

namespace tt::tt_metal {

class DistributedCoordinateTranslator {
public:
	DistributedCoordinateTranslator(const distributed::MeshShape &global_shape,
					const distributed::MeshShape &local_shape,
					const distributed::MeshCoordinate &local_offset)
	    : global_shape_(global_shape), local_shape_(local_shape), local_offset_(local_offset)
	{
		TT_FATAL(local_shape.dims() == global_shape.dims() &&
				 local_offset.dims() == global_shape.dims(),
			 "a {} block at {} of a {} mesh: all three need the same dimensions",
			 fmt::streamed(local_shape), fmt::streamed(local_offset),
			 fmt::streamed(global_shape));
		for (size_t d = 0; d < global_shape.dims(); d++) {
			const int32_t i = static_cast<int32_t>(d);
			TT_FATAL(local_offset[i] + local_shape[i] <= global_shape[i],
				 "a {} block at {} does not fit in a {} mesh",
				 fmt::streamed(local_shape), fmt::streamed(local_offset),
				 fmt::streamed(global_shape));
		}
	}

	const distributed::MeshShape &global_shape() const noexcept { return global_shape_; }
	const distributed::MeshShape &local_shape() const noexcept { return local_shape_; }
	const distributed::MeshCoordinate &local_offset() const noexcept { return local_offset_; }

	bool is_local(const distributed::MeshCoordinate &global_coord) const
	{
		check(global_coord, global_shape_, "global");
		for (size_t d = 0; d < global_coord.dims(); d++) {
			const int32_t i = static_cast<int32_t>(d);
			if (global_coord[i] < local_offset_[i] ||
			    global_coord[i] >= local_offset_[i] + local_shape_[i])
				return false;
		}
		return true;
	}

	distributed::MeshCoordinate
	local_to_global(const distributed::MeshCoordinate &local_coord) const
	{
		check(local_coord, local_shape_, "local");
		distributed::MeshCoordinate out = local_coord;
		for (size_t d = 0; d < out.dims(); d++)
			out[static_cast<int32_t>(d)] += local_offset_[static_cast<int32_t>(d)];
		return out;
	}

private:
	static void check(const distributed::MeshCoordinate &c, const distributed::MeshShape &shape,
			  const char *which)
	{
		bool inside = c.dims() == shape.dims();
		for (size_t d = 0; inside && d < c.dims(); d++)
			inside = c[static_cast<int32_t>(d)] < shape[static_cast<int32_t>(d)];
		TT_FATAL(inside, "{} coordinate {} is outside the {} {} shape", which,
			 fmt::streamed(c), which, fmt::streamed(shape));
	}

	distributed::MeshShape global_shape_;
	distributed::MeshShape local_shape_;
	distributed::MeshCoordinate local_offset_;
};

} // namespace tt::tt_metal
