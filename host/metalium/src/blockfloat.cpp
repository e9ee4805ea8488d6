// SPDX-License-Identifier: Apache-2.0
//
// Block-float tiles on the host (impl/data_format/blockfloat_common.hpp,
// bfloat8.hpp, bfloat4.hpp): floats to Bfp8/Bfp4/Bfp2 tiles and back, with
// tt-metal's host rounding (nearest, ties to even) and tile layout.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/bfloat4.hpp>
#include <tt-metalium/bfloat8.hpp>
#include <tt-metalium/constants.hpp>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/impl/data_format/blockfloat_common.hpp>
#include <tt_stl/assert.hpp>

using tt::DataFormat;

namespace {

// Magnitude bits of one datum of @f (the sign is one more).
constexpr uint32_t bfp_mag_bits(DataFormat f)
{
	switch (f) {
	case DataFormat::Bfp8:
	case DataFormat::Bfp8_b:
		return 7;
	case DataFormat::Bfp4:
	case DataFormat::Bfp4_b:
		return 3;
	case DataFormat::Bfp2:
	case DataFormat::Bfp2_b:
		return 1;
	default:
		return 0;
	}
}

// The exponent field of float bits @u as the format keeps it: 8 bits, or
// rebiased to 5 bits and clamped to [0, 31] with is_exp_a.
uint32_t stored_exp(uint32_t u, bool is_exp_a)
{
	uint32_t e = (u >> 23) & 0xFF;
	if (!is_exp_a)
		return e;
	int32_t r = static_cast<int32_t>(e) - 127 + 15;
	return static_cast<uint32_t>(std::clamp(r, 0, 31));
}

template <typename T>
uint32_t float_bits_of(T v)
{
	return std::bit_cast<uint32_t>(static_cast<float>(v));
}

// The shape of the tiles: defaults are 32x32 tiles of 16x16 faces.
struct TileGeom {
	uint32_t tile_h, tile_w, face_h, face_w;
	uint32_t faces_down, faces_across;
	uint32_t exp_bytes; // one per face row, padded to the L1 alignment
	uint32_t hw() const { return tile_h * tile_w; }
};

TileGeom geometry(const std::optional<tt::tt_metal::Tile> &tile)
{
	TileGeom g{};
	g.tile_h = tile ? tile->get_tile_shape()[0] : tt::constants::TILE_HEIGHT;
	g.tile_w = tile ? tile->get_tile_shape()[1] : tt::constants::TILE_WIDTH;
	g.face_h = tile ? tile->get_face_shape()[0] : tt::constants::FACE_HEIGHT;
	g.face_w = tile ? tile->get_face_shape()[1] : tt::constants::FACE_WIDTH;
	g.faces_down = g.tile_h / g.face_h;
	g.faces_across = g.tile_w / g.face_w;
	const uint32_t align = tt::tt_metal::hal::get_l1_alignment();
	const uint32_t rows = g.faces_down * g.faces_across * g.face_h;
	g.exp_bytes = (rows + align - 1) / align * align;
	return g;
}

// Index into a tile's input of face (fr, fc), row i, column j.
uint32_t element_index(const TileGeom &g, bool row_major, uint32_t fr, uint32_t fc, uint32_t i,
		       uint32_t j)
{
	if (row_major)
		return (fr * g.face_h + i) * g.tile_w + fc * g.face_w + j;
	return ((fr * g.faces_across + fc) * g.face_h + i) * g.face_w + j;
}

} // namespace

uint32_t get_byte(uint32_t word, uint32_t index)
{
	TT_ASSERT(index < 4);
	return (word >> (8 * index)) & 0xFF;
}

template <DataFormat BfpFormat, bool truncate_bfp_mantissa>
uint8_t convert_u32_to_bfp(uint32_t input, uint32_t shared_exp, bool is_exp_a)
{
	constexpr uint32_t width = bfp_mag_bits(BfpFormat);
	static_assert(width != 0, "a block-float format");
	constexpr uint32_t drop = 24 - width; // significand bits below the datum
	constexpr uint32_t max_mag = (1u << width) - 1;

	uint32_t exp = (input >> 23) & 0xFF;
	uint32_t frac = input & 0x7FFFFF;
	uint32_t sign = input >> 31;
	if (exp == 0)
		return 0; // zero or denormal
	if (is_exp_a) {
		int32_t r = static_cast<int32_t>(exp) - 127 + 15;
		if (r > 31) {
			r = 31;
			frac = 0x7FFFFF;
		} else if (r < 0) {
			r = 0;
			frac = 0;
		}
		exp = static_cast<uint32_t>(r);
	}
	uint32_t sig = frac | (1u << 23);
	if (shared_exp > exp) {
		const uint32_t diff = shared_exp - exp;
		sig = diff >= 32 ? 0 : sig >> diff;
	}
	uint32_t mag = sig >> drop;
	if (!truncate_bfp_mantissa) {
		const uint32_t rest = sig & ((1u << drop) - 1);
		const uint32_t half = 1u << (drop - 1);
		if (rest > half || (rest == half && (mag & 1)))
			mag++;
		mag = std::min(mag, max_mag);
	}
	if (mag == 0)
		return 0;
	return static_cast<uint8_t>((sign << width) | mag);
}

uint32_t convert_bfp_to_u32(DataFormat bfp_format, uint8_t data, uint8_t shared_exp, bool is_exp_a)
{
	const uint32_t width = bfp_mag_bits(bfp_format);
	TT_FATAL(width != 0, "convert_bfp_to_u32: {} is not a block-float format", bfp_format);
	const uint32_t sign = (data >> width) & 1;
	uint32_t mag = data & ((1u << width) - 1);
	if (mag == 0)
		return sign << 31;
	// Normalise: the leading one becomes the implicit bit.
	uint32_t exp = shared_exp;
	const uint32_t lead = 31 - static_cast<uint32_t>(std::countl_zero(mag));
	const uint32_t shift = width - 1 - lead;
	TT_ASSERT(exp >= shift, "a block-float datum below the smallest exponent");
	exp -= shift;
	mag = (mag << (shift + 1)) & ((1u << width) - 1);
	if (is_exp_a)
		exp = exp - 15 + 127;
	return (sign << 31) | ((exp & 0xFF) << 23) | (mag << (23 - width));
}

template <DataFormat BfpFormat, typename T>
std::vector<uint32_t> pack_as_bfp_tiles(tt::stl::Span<const T> input_data, bool row_major_input,
					bool is_exp_a,
					const std::optional<tt::tt_metal::Tile> &tile)
{
	constexpr uint32_t width = bfp_mag_bits(BfpFormat);
	static_assert(width != 0, "a block-float format");
	constexpr uint32_t per_word = 32 / (width + 1);
	const TileGeom g = geometry(tile);
	const uint32_t hw = g.hw();
	TT_FATAL(input_data.size() % hw == 0,
		 "pack_as_bfp_tiles: {} values are not whole tiles of {}", input_data.size(), hw);
	const size_t num_tiles = input_data.size() / hw;
	const uint32_t words_per_tile = g.exp_bytes / 4 + hw / per_word;

	std::vector<uint32_t> out(num_tiles * words_per_tile, 0);
	std::vector<uint32_t> row(g.face_w);
	for (size_t t = 0; t < num_tiles; t++) {
		const T *in = input_data.data() + t * hw;
		uint32_t *exps = out.data() + t * words_per_tile;
		uint32_t *data = exps + g.exp_bytes / 4;
		uint32_t n = 0; // datums written in this tile
		uint32_t r = 0; // face rows seen in this tile
		for (uint32_t fr = 0; fr < g.faces_down; fr++) {
			for (uint32_t fc = 0; fc < g.faces_across; fc++) {
				for (uint32_t i = 0; i < g.face_h; i++, r++) {
					uint32_t shared = 0;
					for (uint32_t j = 0; j < g.face_w; j++) {
						row[j] = float_bits_of(in[element_index(
							g, row_major_input, fr, fc, i, j)]);
						shared = std::max(shared,
								  stored_exp(row[j], is_exp_a));
					}
					exps[r / 4] |= shared << (8 * (r % 4));
					for (uint32_t j = 0; j < g.face_w; j++, n++) {
						uint32_t d = convert_u32_to_bfp<BfpFormat, false>(
							row[j], shared, is_exp_a);
						data[n / per_word] |=
							d << ((width + 1) * (n % per_word));
					}
				}
			}
		}
	}
	return out;
}

template <DataFormat BfpFormat>
std::vector<uint32_t> pack_fp32_vec_as_bfp_tiles(tt::stl::Span<const float> fp32_vec,
						 bool row_major_input, bool is_exp_a,
						 const std::optional<tt::tt_metal::Tile> &tile)
{
	return pack_as_bfp_tiles<BfpFormat, float>(fp32_vec, row_major_input, is_exp_a, tile);
}

std::vector<float> unpack_bfp_tiles_into_float_vec(DataFormat bfp_format,
						   tt::stl::Span<const uint32_t> bfp_tiles,
						   bool row_major_output, bool is_exp_a,
						   const std::optional<tt::tt_metal::Tile> &tile)
{
	const uint32_t width = bfp_mag_bits(bfp_format);
	TT_FATAL(width != 0, "unpack_bfp_tiles_into_float_vec: {} is not a block-float format",
		 bfp_format);
	const uint32_t per_word = 32 / (width + 1);
	const TileGeom g = geometry(tile);
	const uint32_t hw = g.hw();
	const uint32_t words_per_tile = g.exp_bytes / 4 + hw / per_word;
	TT_FATAL(bfp_tiles.size() % words_per_tile == 0,
		 "unpack_bfp_tiles_into_float_vec: {} words are not whole {} tiles of {} words",
		 bfp_tiles.size(), bfp_format, words_per_tile);
	const size_t num_tiles = bfp_tiles.size() / words_per_tile;

	std::vector<float> out(num_tiles * hw);
	for (size_t t = 0; t < num_tiles; t++) {
		const uint32_t *exps = bfp_tiles.data() + t * words_per_tile;
		const uint32_t *data = exps + g.exp_bytes / 4;
		float *o = out.data() + t * hw;
		uint32_t n = 0, r = 0;
		for (uint32_t fr = 0; fr < g.faces_down; fr++) {
			for (uint32_t fc = 0; fc < g.faces_across; fc++) {
				for (uint32_t i = 0; i < g.face_h; i++, r++) {
					const auto shared =
						static_cast<uint8_t>(get_byte(exps[r / 4], r % 4));
					for (uint32_t j = 0; j < g.face_w; j++, n++) {
						const auto d = static_cast<uint8_t>(
							(data[n / per_word] >>
							 ((width + 1) * (n % per_word))) &
							((1u << (width + 1)) - 1));
						o[element_index(g, row_major_output, fr, fc, i,
								j)] =
							std::bit_cast<float>(convert_bfp_to_u32(
								bfp_format, d, shared, is_exp_a));
					}
				}
			}
		}
	}
	return out;
}

// bfloat8.hpp and bfloat4.hpp: the "_b" formats, or the "a" formats with
// is_exp_a.

template <typename T>
std::vector<uint32_t> pack_as_bfp8_tiles(tt::stl::Span<const T> data, bool row_major_input,
					 bool is_exp_a,
					 const std::optional<tt::tt_metal::Tile> &tile)
{
	return pack_as_bfp_tiles<DataFormat::Bfp8_b, T>(data, row_major_input, is_exp_a, tile);
}

std::vector<float> unpack_bfp8_tiles_into_float_vec(tt::stl::Span<const uint32_t> bfp8_tiles,
						    bool row_major_output, bool is_exp_a,
						    const std::optional<tt::tt_metal::Tile> &tile)
{
	return unpack_bfp_tiles_into_float_vec(DataFormat::Bfp8_b, bfp8_tiles, row_major_output,
					       is_exp_a, tile);
}

template <typename T>
std::vector<uint32_t> pack_as_bfp4_tiles(tt::stl::Span<const T> data, bool row_major_input,
					 bool is_exp_a,
					 const std::optional<tt::tt_metal::Tile> &tile)
{
	return pack_as_bfp_tiles<DataFormat::Bfp4_b, T>(data, row_major_input, is_exp_a, tile);
}

std::vector<float> unpack_bfp4_tiles_into_float_vec(tt::stl::Span<const uint32_t> bfp_tiles,
						    bool row_major_output, bool is_exp_a,
						    const std::optional<tt::tt_metal::Tile> &tile)
{
	return unpack_bfp_tiles_into_float_vec(DataFormat::Bfp4_b, bfp_tiles, row_major_output,
					       is_exp_a, tile);
}

// The instances tt-metal provides.
#define BFP_FORMAT_INSTANCES(F)                                                  \
	template uint8_t convert_u32_to_bfp<F, false>(uint32_t, uint32_t, bool); \
	template uint8_t convert_u32_to_bfp<F, true>(uint32_t, uint32_t, bool);  \
	template std::vector<uint32_t> pack_fp32_vec_as_bfp_tiles<F>(            \
		tt::stl::Span<const float>, bool, bool,                          \
		const std::optional<tt::tt_metal::Tile> &);                      \
	BFP_PACK_INSTANCE(F, float)                                              \
	BFP_PACK_INSTANCE(F, bfloat16)                                           \
	BFP_PACK_INSTANCE(F, int32_t)                                            \
	BFP_PACK_INSTANCE(F, uint32_t)                                           \
	BFP_PACK_INSTANCE(F, uint16_t)                                           \
	BFP_PACK_INSTANCE(F, uint8_t)
#define BFP_PACK_INSTANCE(F, T)                                 \
	template std::vector<uint32_t> pack_as_bfp_tiles<F, T>( \
		tt::stl::Span<const T>, bool, bool, const std::optional<tt::tt_metal::Tile> &);

BFP_FORMAT_INSTANCES(DataFormat::Bfp8)
BFP_FORMAT_INSTANCES(DataFormat::Bfp8_b)
BFP_FORMAT_INSTANCES(DataFormat::Bfp4)
BFP_FORMAT_INSTANCES(DataFormat::Bfp4_b)
BFP_FORMAT_INSTANCES(DataFormat::Bfp2)
BFP_FORMAT_INSTANCES(DataFormat::Bfp2_b)

#define BFP_TYPED_INSTANCES(T)                                                                  \
	template std::vector<uint32_t> pack_as_bfp8_tiles<T>(                                   \
		tt::stl::Span<const T>, bool, bool, const std::optional<tt::tt_metal::Tile> &); \
	template std::vector<uint32_t> pack_as_bfp4_tiles<T>(                                   \
		tt::stl::Span<const T>, bool, bool, const std::optional<tt::tt_metal::Tile> &);

BFP_TYPED_INSTANCES(float)
BFP_TYPED_INSTANCES(bfloat16)
BFP_TYPED_INSTANCES(int32_t)
BFP_TYPED_INSTANCES(uint32_t)
BFP_TYPED_INSTANCES(uint16_t)
BFP_TYPED_INSTANCES(uint8_t)
