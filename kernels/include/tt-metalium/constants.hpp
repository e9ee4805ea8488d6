// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's tt::constants for kernels that include this host header
 * (tile and face geometry), from hal/tt_data_format.h.
 */
#ifndef TT_KERNEL_TT_METALIUM_CONSTANTS_HPP
#define TT_KERNEL_TT_METALIUM_CONSTANTS_HPP

#include <cstdint>

#include "tt_data_format.h"

namespace tt::constants {

using std::uint32_t;

constexpr uint32_t TILE_HEIGHT = TT_TILE_DIM;
constexpr uint32_t TILE_WIDTH = TT_TILE_DIM;
constexpr uint32_t TILE_HW = TILE_WIDTH * TILE_HEIGHT;
constexpr uint32_t FACE_HEIGHT = TT_TILE_FACE_DIM;
constexpr uint32_t FACE_WIDTH = TT_TILE_FACE_DIM;
constexpr uint32_t FACE_HW = FACE_WIDTH * FACE_HEIGHT;
constexpr uint32_t BFLOAT8_B_TILE_HW = TT_TILE_BYTES_BFP8_B; /* bytes */
constexpr uint32_t BFLOAT4_B_TILE_HW = TT_TILE_BYTES_BFP4_B; /* bytes */

} // namespace tt::constants

#endif
