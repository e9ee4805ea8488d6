// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's block-float engine (impl/data_format/blockfloat_common.hpp):
// one shared exponent per face row of 16 datums, each datum a sign and a
// magnitude of 7 (Bfp8), 3 (Bfp4) or 1 (Bfp2) bits.  An internal header:
// bfloat8.hpp and bfloat4.hpp are built on these (src/blockfloat.cpp),
// and tt-metal's test utilities call them directly.
//
// Packing a float: zeros and denormals give 0; the significand (implicit
// one restored) is shifted right by (shared exponent - own exponent) and
// rounded to the datum's width to nearest, ties to even, saturating (or,
// with truncate_bfp_mantissa, cut).  is_exp_a (the "a" formats) rebiases
// exponents to 5 bits (127 -> 15), saturating.  The shared exponent of a
// face row is the largest exponent among its 16 values.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include <tt-metalium/tile.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>
#include <tt_stl/span.hpp>

// floor(log2(n)), 0 for n <= 1.
constexpr int log2(int n)
{
	return n <= 1 ? 0 : std::bit_width(static_cast<unsigned>(n)) - 1;
}

// Byte @index (0 = least significant) of @word.
uint32_t get_byte(uint32_t word, uint32_t index);

// One float (as its bits) -> one datum of @BfpFormat under @shared_exp.
template <tt::DataFormat BfpFormat, bool truncate_bfp_mantissa = false>
uint8_t convert_u32_to_bfp(uint32_t input, uint32_t shared_exp, bool is_exp_a);

// One datum of @bfp_format under @shared_exp -> the bits of its float.
uint32_t convert_bfp_to_u32(tt::DataFormat bfp_format, uint8_t data, uint8_t shared_exp,
			    bool is_exp_a);

// Whole tiles: for each tile its exponent bytes (face by face, row by row,
// padded to the L1 alignment), then its datums in the same order, packed
// from the low bits of each word.  @row_major_input: the input is the
// tiles' rows (else face order already).  T: float, bfloat16, int32_t,
// uint32_t, uint16_t or uint8_t, each taken as its float value.
template <tt::DataFormat BfpFormat, typename T>
std::vector<uint32_t>
pack_as_bfp_tiles(tt::stl::Span<const T> input_data, bool row_major_input, bool is_exp_a,
		  const std::optional<tt::tt_metal::Tile> &tile = std::nullopt);

template <tt::DataFormat BfpFormat>
[[deprecated("Use pack_as_bfp_tiles instead.")]] std::vector<uint32_t>
pack_fp32_vec_as_bfp_tiles(tt::stl::Span<const float> fp32_vec, bool row_major_input, bool is_exp_a,
			   const std::optional<tt::tt_metal::Tile> &tile = std::nullopt);

// The inverse of pack_as_bfp_tiles for @bfp_format: the tiles' values as
// floats, row-major over each tile if @row_major_output, else in face order.
std::vector<float> unpack_bfp_tiles_into_float_vec(tt::DataFormat bfp_format,
						   tt::stl::Span<const uint32_t> bfp_tiles,
						   bool row_major_output, bool is_exp_a,
						   const std::optional<tt::tt_metal::Tile> &tile);
