// SPDX-License-Identifier: Apache-2.0
//
// Bfp4_b tiles on the host: per face row of 16 values one shared
// exponent byte, and per value a sign and a 3-bit magnitude, rounded to
// nearest, ties to even (impl/data_format/blockfloat_common.hpp says how).
// is_exp_a gives Bfp4 (5-bit exponents) instead.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <tt-metalium/tile.hpp>
#include <tt_stl/span.hpp>

// @data: whole tiles, their rows if @row_major_input, else in face order.
// T: float, bfloat16, int32_t, uint32_t, uint16_t or uint8_t.
template <typename T>
std::vector<uint32_t>
pack_as_bfp4_tiles(tt::stl::Span<const T> data, bool row_major_input, bool is_exp_a,
		   const std::optional<tt::tt_metal::Tile> &tile = std::nullopt);

// The values of Bfp4 tiles, row-major per tile if @row_major_output.
std::vector<float>
unpack_bfp4_tiles_into_float_vec(tt::stl::Span<const uint32_t> bfp4_tiles, bool row_major_output,
				 bool is_exp_a,
				 const std::optional<tt::tt_metal::Tile> &tile = std::nullopt);
