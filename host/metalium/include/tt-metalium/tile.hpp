// SPDX-License-Identifier: Apache-2.0
//
// Tile: the shape of one tile (32x32 unless said otherwise; 16x32, 8x32,
// 4x32, 2x32 and 1x32 "tiny" tiles and 32x16 half tiles exist too) and of
// its faces, and the bytes a tile takes in each data format.
#pragma once

#include <array>
#include <cstdint>
#include <ostream>

namespace tt {
enum class DataFormat : uint8_t;
}

namespace tt::tt_metal {

struct Tile {
	// @tile_shape is {height, width}; a 16-wide tile has one face per row
	// of faces.  @transpose_tile transposes within and across faces.
	Tile(std::array<uint32_t, 2> tile_shape = { 32, 32 }, bool transpose_tile = false);

	uint32_t get_height() const { return tile_shape[0]; }
	uint32_t get_width() const { return tile_shape[1]; }
	std::array<uint32_t, 2> get_tile_shape() const { return tile_shape; }
	std::array<uint32_t, 2> get_face_shape() const { return face_shape; }
	uint32_t get_num_faces() const { return num_faces; }
	uint32_t get_tile_hw() const { return tile_shape[0] * tile_shape[1]; }
	uint32_t get_face_hw() const { return face_shape[0] * face_shape[1]; }
	bool get_transpose_within_face() const { return transpose_within_face; }
	bool get_transpose_of_faces() const { return transpose_of_faces; }
	// Bytes of one tile in @format (block-float formats add one shared
	// exponent byte per 16 datums).
	uint32_t get_tile_size(const DataFormat &format) const;

	bool operator==(const Tile &o) const
	{
		return tile_shape == o.tile_shape && face_shape == o.face_shape &&
		       num_faces == o.num_faces;
	}

	std::array<uint32_t, 2> tile_shape;
	std::array<uint32_t, 2> face_shape;
	uint32_t num_faces;
	bool transpose_within_face = false;
	bool transpose_of_faces = false;
};

std::ostream &operator<<(std::ostream &os, const Tile &tile);

} // namespace tt::tt_metal
