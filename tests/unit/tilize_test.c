// SPDX-License-Identifier: Apache-2.0
/*
 * Tests of host tilize / untilize (tt/tilize.h): face order, Float32,
 * Float16_b and Bfp8_b encodings with their rounding rules, padding with
 * oob values, bit-exact round trips, and packing whole shards of a layout.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <tt/error.h>
#include <tt/layout.h>
#include <tt/tilize.h>

#include "tt_data_format.h"

#define U64(...) ((const uint64_t[]){ __VA_ARGS__ })

static uint64_t rng_state = 0x243f6a8885a308d3ull;

static uint32_t rnd32(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (uint32_t)((rng_state * 0x2545f4914f6cdd1dull) >> 32);
}

/* A finite float with a random sign, exponent in [2^-20, 2^20). */
static float rnd_float(void)
{
	uint32_t e = 127 - 20 + rnd32() % 40;
	uint32_t u = (rnd32() & 0x807fffffu) | e << 23;
	float f;

	memcpy(&f, &u, sizeof(f));
	return f;
}

static uint32_t bits(float f)
{
	uint32_t u;

	memcpy(&u, &f, sizeof(u));
	return u;
}

static float from_bits(uint32_t u)
{
	float f;

	memcpy(&f, &u, sizeof(f));
	return f;
}

/*
 * Face order: index =
 * ((r / 16) * 2 + c / 16) * 256 + (r % 16) * 16 + c % 16.
 */
Test(tilize, face_order)
{
	uint32_t src[32 * 32], dst[32 * 32];

	cr_assert_eq(tt_tilize_index(0, 0), 0);
	cr_assert_eq(tt_tilize_index(0, 15), 15);
	cr_assert_eq(tt_tilize_index(1, 0), 16);
	cr_assert_eq(tt_tilize_index(15, 15), 255);
	cr_assert_eq(tt_tilize_index(0, 16), 256);
	cr_assert_eq(tt_tilize_index(16, 0), 512);
	cr_assert_eq(tt_tilize_index(31, 31), 1023);

	for (uint32_t i = 0; i < 32 * 32; i++)
		src[i] = i;
	cr_assert_eq(tt_tilize_raw_to_tiles(4, src, 32, 32, 32, NULL, dst, sizeof(dst)), TT_OK);
	for (uint32_t r = 0; r < 32; r++)
		for (uint32_t c = 0; c < 32; c++)
			cr_assert_eq(dst[tt_tilize_index(r, c)], r * 32 + c);
	/* Face 1 starts with row 0, column 16. */
	cr_assert_eq(dst[256], 16);
	cr_assert_eq(dst[512], 16 * 32);
}

Test(tilize, sizes_and_argument_errors)
{
	float m[4] = { 0 };
	uint8_t t[4096];

	cr_assert_eq(tt_tilize_tile_bytes(TT_DF_FLOAT32), 4096);
	cr_assert_eq(tt_tilize_tile_bytes(TT_DF_FLOAT16_B), 2048);
	cr_assert_eq(tt_tilize_tile_bytes(TT_DF_BFP8_B), 1088);
	/* 53x63 needs 2x2 tiles. */
	cr_assert_eq(tt_tilize_bytes(TT_DF_FLOAT16_B, 53, 63), 4 * 2048);
	cr_assert_eq(tt_tilize_to_tiles(TT_DF_FLOAT32, m, 2, 2, 2, NULL, t, 4095), TT_ENOSPC);
	cr_assert_eq(tt_tilize_to_tiles(TT_DF_FLOAT32, m, 1, 2, 2, NULL, t, sizeof(t)), TT_EINVAL);
	cr_assert_eq(tt_tilize_to_tiles(2, m, 2, 2, 2, NULL, t, sizeof(t)), TT_EINVAL);
	cr_assert_eq(tt_tilize_from_tiles(TT_DF_FLOAT32, t, 100, 2, 2, m, 2), TT_EINVAL);
	cr_assert_eq(tt_tilize_raw_to_tiles(0, m, 2, 2, 2, NULL, t, sizeof(t)), TT_EINVAL);
	cr_assert_eq(tt_tilize_to_tiles(TT_DF_FLOAT32, NULL, 0, 0, 0, NULL, NULL, 0), TT_OK);
}

/*
 * Float32: a 70x45 matrix inside a wider row stride becomes 3x2 tiles;
 * the data survive bit for bit and every other position holds oob.
 */
Test(tilize, float32_round_trip_and_padding)
{
	enum { ROWS = 70, COLS = 45, STRIDE = 50 };
	static const struct tt_layout_oob oobs[] = {
		{ TT_LAYOUT_OOB_NUMBER, 7.5f }, { TT_LAYOUT_OOB_NEG_INF, 0 },
		{ TT_LAYOUT_OOB_NAN, 0 },	{ TT_LAYOUT_OOB_ONE, 0 },
		{ TT_LAYOUT_OOB_UNDEF, 0 },
	};
	static float src[ROWS * STRIDE], back[ROWS * STRIDE];
	static uint8_t tiles[6 * 4096];

	for (int i = 0; i < ROWS * STRIDE; i++)
		src[i] = rnd_float();
	for (size_t k = 0; k < sizeof(oobs) / sizeof(oobs[0]); k++) {
		float pad = tt_layout_oob_value(&oobs[k]);
		const float *t = (const float *)tiles;

		cr_assert_eq(tt_tilize_to_tiles(TT_DF_FLOAT32, src, STRIDE, ROWS, COLS, &oobs[k],
						tiles, sizeof(tiles)),
			     TT_OK);
		/* Tile (2, 1) covers rows 64-95, cols 32-63. */
		for (uint32_t r = 0; r < 32; r++) {
			for (uint32_t c = 0; c < 32; c++) {
				float v = t[5 * 1024 + tt_tilize_index(r, c)];
				size_t at = (64 + r) * STRIDE + 32 + c;

				if (64 + r < ROWS && 32 + c < COLS)
					cr_assert_eq(bits(v), bits(src[at]));
				else if (isnan(pad))
					cr_assert(isnan(v));
				else
					cr_assert_eq(v, pad);
			}
		}
		memset(back, 0, sizeof(back));
		cr_assert_eq(tt_tilize_from_tiles(TT_DF_FLOAT32, tiles, sizeof(tiles), ROWS, COLS,
						  back, STRIDE),
			     TT_OK);
		for (int r = 0; r < ROWS; r++)
			for (int c = 0; c < COLS; c++)
				cr_assert_eq(bits(back[r * STRIDE + c]), bits(src[r * STRIDE + c]));
	}
	cr_assert_eq(tt_layout_oob_value(&oobs[4]), 0.0f);
}

/* Round to nearest, ties to even; NaN stays NaN; overflow goes to inf. */
Test(tilize, bf16_rounding)
{
	static const struct {
		uint32_t in;
		uint16_t out;
	} cases[] = {
		{ 0x3f800000, 0x3f80 }, /* 1.0 */
		{ 0x3f808000, 0x3f80 }, /* tie, even below */
		{ 0x3f818000, 0x3f82 }, /* tie, even above */
		{ 0x3f808001, 0x3f81 }, /* above the tie */
		{ 0x3f807fff, 0x3f80 }, /* below the tie */
		{ 0xbf818000, 0xbf82 }, /* negative tie */
		{ 0x80000000, 0x8000 }, /* -0 */
		{ 0x00010000, 0x0001 }, /* denormal kept */
		{ 0x7f7fffff, 0x7f80 }, /* largest float rounds to inf */
		{ 0x7f800000, 0x7f80 }, /* inf */
		{ 0x7fc00001, 0x7fc0 }, /* NaN keeps its top payload */
		{ 0x7f800001, 0x7fc0 }, /* NaN whose payload would vanish */
		{ 0xff812345, 0xff81 }, /* NaN with payload in the top bits */
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		cr_assert_eq(tt_tilize_f32_to_bf16(from_bits(cases[i].in)), cases[i].out,
			     "0x%08x -> 0x%04x, expected 0x%04x", cases[i].in,
			     tt_tilize_f32_to_bf16(from_bits(cases[i].in)), cases[i].out);
	cr_assert_eq(bits(tt_tilize_bf16_to_f32(0x3f81)), 0x3f810000u);
}

/* Any bf16 tile, NaN patterns included, survives untilize + tilize. */
Test(tilize, bf16_tiles_bit_exact)
{
	enum { ROWS = 64, COLS = 96 };
	static uint8_t tiles[6 * 2048], again[6 * 2048];
	static uint16_t raw[ROWS * COLS];
	static float f[ROWS * COLS];

	for (size_t i = 0; i < sizeof(tiles); i++)
		tiles[i] = (uint8_t)rnd32();
	cr_assert_eq(
		tt_tilize_from_tiles(TT_DF_FLOAT16_B, tiles, sizeof(tiles), ROWS, COLS, f, COLS),
		TT_OK);
	cr_assert_eq(tt_tilize_to_tiles(TT_DF_FLOAT16_B, f, COLS, ROWS, COLS, NULL, again,
					sizeof(again)),
		     TT_OK);
	cr_assert_eq(memcmp(tiles, again, sizeof(tiles)), 0);

	/* The raw path moves the same 16-bit patterns. */
	cr_assert_eq(tt_tilize_raw_from_tiles(2, tiles, sizeof(tiles), ROWS, COLS, raw, COLS),
		     TT_OK);
	for (int i = 0; i < ROWS * COLS; i++)
		cr_assert_eq(raw[i], bits(f[i]) >> 16);
	memset(again, 0, sizeof(again));
	cr_assert_eq(tt_tilize_raw_to_tiles(2, raw, COLS, ROWS, COLS, NULL, again, sizeof(again)),
		     TT_OK);
	cr_assert_eq(memcmp(tiles, again, sizeof(tiles)), 0);
}

/* bf16 padding: raw pad bytes, and float oob through the converter. */
Test(tilize, bf16_padding)
{
	static float src[40 * 40];
	static uint8_t t[4 * 2048];
	const uint16_t pad = 0xbeef;
	struct tt_layout_oob one = { TT_LAYOUT_OOB_ONE, 0 };
	uint16_t h;

	for (int i = 0; i < 40 * 40; i++)
		src[i] = (float)i;
	cr_assert_eq(
		tt_tilize_raw_to_tiles(2, (const uint16_t[]){ 1, 2, 3 }, 3, 1, 3, &pad, t, 2048),
		TT_OK);
	memcpy(&h, t + 2 * tt_tilize_index(0, 3), 2);
	cr_assert_eq(h, 0xbeef);
	memcpy(&h, t + 2 * tt_tilize_index(0, 2), 2);
	cr_assert_eq(h, 3);

	cr_assert_eq(tt_tilize_to_tiles(TT_DF_FLOAT16_B, src, 40, 40, 40, &one, t, sizeof(t)),
		     TT_OK);
	/* Tile 3 holds rows 32-63, cols 32-63: (39, 39) is data, (8, 8) pad. */
	memcpy(&h, t + 3 * 2048 + 2 * tt_tilize_index(7, 7), 2);
	cr_assert_eq(h, tt_tilize_f32_to_bf16(39 * 40 + 39));
	memcpy(&h, t + 3 * 2048 + 2 * tt_tilize_index(8, 8), 2);
	cr_assert_eq(h, 0x3f80);
}

/*
 * Bfp8_b packing of one face row.  The shared exponent is the largest
 * float exponent, 127 for 1.0.  1.0 -> magnitude 64 (1.0 = 64 / 64),
 * 0.5 -> 32, 0.25 -> 16, -1.0 -> sign | 64.  1 + 2^-7 is exactly half a
 * step (a step is 2^-6 at this exponent) and rounds away from zero to 65;
 * 1.99999 rounds to 128 and saturates at 127.  2^-7 rounds up to one step
 * (1 = 2^-6), 2^-8 is a quarter step and rounds to 0, and a zero
 * magnitude drops its sign.
 */
Test(tilize, bfp8_pack_row)
{
	const float in[16] = {
		1.0f,	    0.5f,	 0.25f,	     -1.0f,	  0.0f,		-0.0f,
		1.0078125f, 1.99999f,	 0.0078125f, 0.00390625f, -0.00390625f, 1e-40f,
		1.0078124f, -1.0078125f, 0.75f,	     1.5f,
	};
	const uint8_t want[16] = {
		64, 32, 16, 0x80 | 64, 0, 0, 65, 127, 1, 0, 0, 0, 64, 0x80 | 65, 48, 96,
	};
	uint8_t exp, out[16];

	tt_tilize_bfp8_pack(in, &exp, out);
	cr_assert_eq(exp, 127);
	for (int i = 0; i < 16; i++)
		cr_assert_eq(out[i], want[i], "value %d: %u, expected %u", i, out[i], want[i]);

	/* All zero: exponent 0, magnitudes 0. */
	memset(out, 0xff, sizeof(out));
	tt_tilize_bfp8_pack((const float[16]){ 0 }, &exp, out);
	cr_assert_eq(exp, 0);
	for (int i = 0; i < 16; i++)
		cr_assert_eq(out[i], 0);
}

/* value = (-1)^s * mag / 64 * 2^(exp - 127); sign with 0 is -inf. */
Test(tilize, bfp8_unpack)
{
	cr_assert_eq(tt_tilize_bfp8_unpack(127, 64), 1.0f);
	cr_assert_eq(tt_tilize_bfp8_unpack(127, 32), 0.5f);
	cr_assert_eq(tt_tilize_bfp8_unpack(127, 0x80 | 64), -1.0f);
	cr_assert_eq(tt_tilize_bfp8_unpack(127, 65), 1.015625f);
	cr_assert_eq(tt_tilize_bfp8_unpack(127, 127), 1.984375f);
	cr_assert_eq(tt_tilize_bfp8_unpack(130, 48), 6.0f);
	cr_assert_eq(tt_tilize_bfp8_unpack(127, 1), 0.015625f);
	cr_assert_eq(tt_tilize_bfp8_unpack(127, 0), 0.0f);
	cr_assert(isinf(tt_tilize_bfp8_unpack(127, 0x80)));
	cr_assert_lt(tt_tilize_bfp8_unpack(127, 0x80), 0.0f);
	/* Exponent 3 cannot hold magnitude 1 (it needs 3 - 6 < 1): 0. */
	cr_assert_eq(tt_tilize_bfp8_unpack(3, 1), 0.0f);
}

/*
 * Tile layout: 64 exponent bytes, byte f * 16 + r for row r of face f,
 * then 1024 magnitudes in face order.  Row r of the matrix holds
 * 2^(r % 8), so face rows differ in exponent.
 */
Test(tilize, bfp8_tile_layout)
{
	static float m[32 * 32];
	static uint8_t t[1088];

	for (int r = 0; r < 32; r++)
		for (int c = 0; c < 32; c++)
			m[r * 32 + c] = (float)(1 << (r % 8)) * (c < 16 ? 1.0f : 1.5f);
	cr_assert_eq(tt_tilize_to_tiles(TT_DF_BFP8_B, m, 32, 32, 32, NULL, t, sizeof(t)), TT_OK);
	for (int f = 0; f < 4; f++) {
		for (int r = 0; r < 16; r++) {
			int row = (f / 2) * 16 + r;

			cr_assert_eq(t[f * 16 + r], 127 + row % 8);
			cr_assert_eq(t[64 + tt_tilize_index(row, (f % 2) * 16)], f % 2 ? 96 : 64);
		}
	}
}

/*
 * Random data: tiles -> floats -> tiles is bit exact, and each value is
 * within one step (2^(E - 133), E the row's exponent) of the input.
 */
Test(tilize, bfp8_round_trip)
{
	enum { ROWS = 64, COLS = 64 };
	static float src[ROWS * COLS], back[ROWS * COLS];
	static uint8_t t1[4 * 1088], t2[4 * 1088];

	for (int i = 0; i < ROWS * COLS; i++)
		src[i] = rnd_float() / (float)(1 + rnd32() % 1000);
	cr_assert_eq(tt_tilize_to_tiles(TT_DF_BFP8_B, src, COLS, ROWS, COLS, NULL, t1, sizeof(t1)),
		     TT_OK);
	cr_assert_eq(tt_tilize_from_tiles(TT_DF_BFP8_B, t1, sizeof(t1), ROWS, COLS, back, COLS),
		     TT_OK);
	cr_assert_eq(tt_tilize_to_tiles(TT_DF_BFP8_B, back, COLS, ROWS, COLS, NULL, t2, sizeof(t2)),
		     TT_OK);
	cr_assert_eq(memcmp(t1, t2, sizeof(t1)), 0);

	for (int r = 0; r < ROWS; r++) {
		for (int c0 = 0; c0 < COLS; c0 += 16) {
			uint32_t e = 0;

			for (int c = c0; c < c0 + 16; c++) {
				uint32_t x = bits(src[r * COLS + c]) >> 23;

				x &= 0xff;
				e = x > e ? x : e;
			}
			for (int c = c0; c < c0 + 16; c++)
				cr_assert_leq(fabsf(back[r * COLS + c] - src[r * COLS + c]),
					      ldexpf(1.0f, (int)e - 133));
		}
	}
}

/*
 * Bfp8_b padding shares exponents with real data: zero padding keeps the
 * data exact, -inf padding takes exponent 255 for its face rows and wipes
 * the data that share them.  (Use zero padding for Bfp8_b.)
 */
Test(tilize, bfp8_padding_shares_exponents)
{
	struct tt_layout_oob zero = { TT_LAYOUT_OOB_ZERO, 0 };
	struct tt_layout_oob ninf = { TT_LAYOUT_OOB_NEG_INF, 0 };
	float m[20 * 20], back[20 * 20];
	uint8_t t[1088];

	for (int i = 0; i < 20 * 20; i++)
		m[i] = (float)(i % 64);
	tt_tilize_to_tiles(TT_DF_BFP8_B, m, 20, 20, 20, &zero, t, 1088);
	tt_tilize_from_tiles(TT_DF_BFP8_B, t, sizeof(t), 20, 20, back, 20);
	cr_assert_eq(memcmp(m, back, sizeof(m)), 0);

	tt_tilize_to_tiles(TT_DF_BFP8_B, m, 20, 20, 20, &ninf, t, 1088);
	/* Face 1 row 0 holds columns 16-19 of row 0 and 12 padding values. */
	cr_assert_eq(t[16], 255);
	tt_tilize_from_tiles(TT_DF_BFP8_B, t, sizeof(t), 20, 20, back, 20);
	cr_assert_eq(back[17], 0.0f); /* was 17 */
	cr_assert_eq(back[5], 5.0f);  /* face 0 row 0 has no padding */
}

/* Pack every shard of @l from @src and unpack it into @back. */
static void pack_all(const struct tt_layout *l, const float *src, float *back, uint8_t *buf,
		     size_t len)
{
	uint64_t g[TT_LAYOUT_MAX_RANK];

	for (uint64_t k = 0; k < tt_layout_num_shards(l); k++) {
		uint64_t rem = k;

		for (uint32_t r = l->phys_rank; r-- > 0;) {
			g[r] = rem % l->grid[r];
			rem /= l->grid[r];
		}
		cr_assert_eq(tt_tilize_shard_pack(l, src, g, buf, len), TT_OK);
		cr_assert_eq(tt_tilize_shard_unpack(l, buf, len, g, back), TT_OK);
	}
}

/*
 * Shards of tensor<53x63> on <3x2> (seed): tiled Float32 and row-major
 * Float16_b.  Packing every shard and unpacking them all rebuilds the
 * tensor; padding slots hold oob.  Core (2, 1) has 17x31 elements, so its
 * row 17 and column 31 are padding.
 */
Test(tilize, shard_pack_53x63)
{
	struct tt_layout_desc d = {
		.rank = 2,
		.shape = { 53, 63 },
		.grid_rank = 2,
		.grid = { 3, 2 },
		.tiled = true,
		.oob = { TT_LAYOUT_OOB_NUMBER, -1.5f },
	};
	static float src[53 * 63], back[53 * 63], plane[32 * 32];
	static uint8_t buf[4096];
	struct tt_layout l;
	uint16_t h;

	for (int i = 0; i < 53 * 63; i++)
		src[i] = (float)((i * 7) % 256) / 8.0f; /* bf16-exact */
	cr_assert_eq(tt_layout_create(&l, &d), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_layout_shard_bytes(&l), 4096);
	memset(back, 0, sizeof(back));
	pack_all(&l, src, back, buf, sizeof(buf));
	cr_assert_eq(memcmp(src, back, sizeof(src)), 0);

	/* buf holds core (2, 1): rows 36-52, cols 32-62. */
	tt_tilize_from_tiles(TT_DF_FLOAT32, buf, sizeof(buf), 32, 32, plane, 32);
	cr_assert_eq(plane[16 * 32 + 30], src[52 * 63 + 62]);
	cr_assert_eq(plane[17 * 32 + 0], -1.5f);
	cr_assert_eq(plane[16 * 32 + 31], -1.5f);
	cr_assert_eq(plane[31 * 32 + 31], -1.5f);
	cr_assert_eq(tt_tilize_shard_pack(&l, src, U64(3, 0), buf, sizeof(buf)), TT_ERANGE);
	cr_assert_eq(tt_tilize_shard_pack(&l, src, U64(0, 0), buf, 4095), TT_ENOSPC);

	d.tiled = false;
	d.dtype = TT_DF_FLOAT16_B;
	cr_assert_eq(tt_layout_create(&l, &d), TT_OK);
	cr_assert_eq(tt_layout_shard_bytes(&l), 18 * 32 * 2);
	memset(back, 0, sizeof(back));
	pack_all(&l, src, back, buf, sizeof(buf));
	cr_assert_eq(memcmp(src, back, sizeof(src)), 0);
	/* Core (2, 1) row-major: slot (17, 0) is padding, (16, 30) data. */
	memcpy(&h, buf + 2 * (17 * 32 + 0), 2);
	cr_assert_eq(h, tt_tilize_f32_to_bf16(-1.5f));
	memcpy(&h, buf + 2 * (16 * 32 + 30), 2);
	cr_assert_eq(h, tt_tilize_f32_to_bf16(src[52 * 63 + 62]));
}

/*
 * Multi-device seed layout, tensor<2x3x64x128> on <2x2x4> with
 * [(1, -1)], Bfp8_b tiles: each shard is a 1x3x1 stack of tiles.
 * Integers below 128 are exact in Bfp8_b (a row's step is at most 1).
 */
Test(tilize, shard_pack_multidevice_bfp8)
{
	struct tt_layout_desc d = {
		.rank = 4,
		.shape = { 2, 3, 64, 128 },
		.dtype = TT_DF_BFP8_B,
		.n_intervals = 1,
		.intervals = { { 1, -1 } },
		.grid_rank = 3,
		.grid = { 2, 2, 4 },
		.tiled = true,
	};
	static float src[2 * 3 * 64 * 128], back[2 * 3 * 64 * 128];
	static uint8_t buf[3 * 1088];
	struct tt_layout l;

	for (int i = 0; i < 2 * 3 * 64 * 128; i++)
		src[i] = (float)((i * 13) % 100);
	cr_assert_eq(tt_layout_create(&l, &d), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_layout_shard_bytes(&l), sizeof(buf));
	pack_all(&l, src, back, buf, sizeof(buf));
	cr_assert_eq(memcmp(src, back, sizeof(src)), 0);

	d.dtype = TT_DF_FLOAT32;
	d.tile[0] = 16;
	d.tile[1] = 16;
	cr_assert_eq(tt_layout_create(&l, &d), TT_OK);
	cr_assert_eq(tt_tilize_shard_pack(&l, src, U64(0, 0, 0), buf, sizeof(buf)), TT_ENOSYS);
}
