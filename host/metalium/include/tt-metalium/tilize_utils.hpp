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
// How a tiled layout cuts a matrix: the tile and face shapes (each must
// divide the one above it), faces stored column-major
// (transpose_within_face), and faces ordered column-major within the tile
// (transpose_of_faces).
struct TileGeometry {
	PhysicalSize tile{ 32, 32 };
	PhysicalSize face{ 16, 16 };
	bool transpose_within_face = false;
	bool transpose_of_faces = false;
};

// Reorder @elems elements of @elem_size bytes, whole m x n matrices, from
// one layout to another.  Throws on a size or shape that does not divide.
void convert_layout_bytes(const void *in, void *out, size_t elem_size, size_t elems, uint32_t m,
			  uint32_t n, TensorLayoutType in_layout, TensorLayoutType out_layout,
			  const TileGeometry &geometry = {});
} // namespace tt::tt_metal::detail

template <typename T>
std::vector<T> convert_layout(ttsl::Span<const T> inp, const PhysicalSize &shape,
			      TensorLayoutType inL, TensorLayoutType outL,
			      std::optional<PhysicalSize> tile_shape = std::nullopt,
			      std::optional<PhysicalSize> face_shape = std::nullopt,
			      bool transpose_within_face = false, bool transpose_of_faces = false)
{
	tt::tt_metal::detail::TileGeometry g;
	if (tile_shape)
		g.tile = *tile_shape;
	if (face_shape)
		g.face = *face_shape;
	g.transpose_within_face = transpose_within_face;
	g.transpose_of_faces = transpose_of_faces;
	std::vector<T> out(inp.size());
	tt::tt_metal::detail::convert_layout_bytes(inp.data(), out.data(), sizeof(T), inp.size(),
						   shape[0], shape[1], inL, outL, g);
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

// A sequence of tiles (tile_shape, 32x32 by default), each reordered on
// its own between row-major ("swizzled") and faces.
template <typename T>
std::vector<T> convert_layout_tile_swizzled_to_tile_nfaces(
	ttsl::Span<const T> in_tile_swizzled, std::optional<PhysicalSize> tile_shape = std::nullopt,
	std::optional<PhysicalSize> face_shape = std::nullopt, bool transpose_face = false,
	bool transpose_face_order = false)
{
	const PhysicalSize tile = tile_shape.value_or(PhysicalSize{ 32, 32 });
	return convert_layout<T>(in_tile_swizzled, tile, TensorLayoutType::TILED_SWIZZLED,
				 TensorLayoutType::TILED_NFACES, tile, face_shape, transpose_face,
				 transpose_face_order);
}

template <typename T>
std::vector<T> convert_layout_tile_nfaces_to_tile_swizzled(
	ttsl::Span<const T> in_tile_nfaces, std::optional<PhysicalSize> tile_shape = std::nullopt,
	std::optional<PhysicalSize> face_shape = std::nullopt, bool transpose_face = false,
	bool transpose_face_order = false)
{
	const PhysicalSize tile = tile_shape.value_or(PhysicalSize{ 32, 32 });
	return convert_layout<T>(in_tile_nfaces, tile, TensorLayoutType::TILED_NFACES,
				 TensorLayoutType::TILED_SWIZZLED, tile, face_shape, transpose_face,
				 transpose_face_order);
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
