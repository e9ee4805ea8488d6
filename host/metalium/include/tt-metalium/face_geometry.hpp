// SPDX-License-Identifier: Apache-2.0
//
// FaceGeometry: how a tile entry is cut into faces, for the unpacker when
// an entry holds less than a full tile: rows per face and number of faces.
// The defaults are a full 32x32 tile's (16-row faces, four of them).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

#include <tt-metalium/constants.hpp>

namespace tt::tt_metal {

struct FaceGeometry {
	uint32_t face_r_dim = constants::FACE_HEIGHT;
	uint32_t num_faces = constants::TILE_HW / constants::FACE_HW;

	bool operator==(const FaceGeometry &) const = default;
};

} // namespace tt::tt_metal

template <>
struct std::hash<tt::tt_metal::FaceGeometry> {
	std::size_t operator()(const tt::tt_metal::FaceGeometry &g) const noexcept
	{
		return (static_cast<std::size_t>(g.face_r_dim) << 16) ^ g.num_faces;
	}
};
