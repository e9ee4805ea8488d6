// SPDX-License-Identifier: Apache-2.0
// Tile and face geometry, tt::constants as in tt-metal.
#pragma once

#include <cstdint>

namespace tt::constants {
using std::uint32_t;
constexpr uint32_t TILE_HEIGHT = 32;
constexpr uint32_t TILE_WIDTH = 32;
constexpr uint32_t TILE_HW = TILE_WIDTH * TILE_HEIGHT;
constexpr uint32_t FACE_HEIGHT = 16;
constexpr uint32_t FACE_WIDTH = 16;
constexpr uint32_t FACE_HW = FACE_WIDTH * FACE_HEIGHT;
// Bytes of a Bfp8_b / Bfp4_b tile: the data plus 64 shared-exponent bytes.
constexpr uint32_t BFLOAT8_B_TILE_HW = TILE_HW + 64;
constexpr uint32_t BFLOAT4_B_TILE_HW = TILE_HW / 2 + 64;
} // namespace tt::constants
