// SPDX-License-Identifier: Apache-2.0
/*
 * Bit-exact tests of the tile formats (device/model/ttx_format.c): every
 * unpacker and packer conversion against vectors worked out by hand from
 * docs/tile-engine.md (Formats: ties, denormals, NaN/Inf patterns,
 * Float16 without Inf, Bfp8/Bfp4 shared exponents and L1 layouts), plus
 * the FPU's value view and Dst write rounding.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "ttx_tile.h"

#include "num_util.h"

/* Packer: round to nearest, ties away from zero. */
Test(format, bf16_pack_ties)
{
	/* 1 + 2^-8 is halfway between bf16 1.0 and 1.0078125. */
	cr_assert_eq(ttx_fmt_fp32_to_bf16_pack(0x3f808000), 0x3f81);
	cr_assert_eq(ttx_fmt_fp32_to_bf16_pack(0xbf808000), 0xbf81);
	/* An odd neighbour: ties-away and ties-even agree. */
	cr_assert_eq(ttx_fmt_fp32_to_bf16_pack(0x3f818000), 0x3f82);
	/* Just below and above the tie. */
	cr_assert_eq(ttx_fmt_fp32_to_bf16_pack(0x3f807fff), 0x3f80);
	cr_assert_eq(ttx_fmt_fp32_to_bf16_pack(0x3f808001), 0x3f81);
	/* Carry into the exponent: 1.99999 -> 2.0. */
	cr_assert_eq(ttx_fmt_fp32_to_bf16_pack(0x3fffc000), 0x4000);
}

Test(format, bf16_pack_special)
{
	/* Denormals and -0 become +0. */
	cr_assert_eq(ttx_fmt_fp32_to_bf16_pack(0x00400000), 0);
	cr_assert_eq(ttx_fmt_fp32_to_bf16_pack(0x807fffff), 0);
	cr_assert_eq(ttx_fmt_fp32_to_bf16_pack(0x80000000), 0);
	/* NaN becomes Inf of the same sign, Inf stays. */
	cr_assert_eq(ttx_fmt_fp32_to_bf16_pack(0x7fc00000), 0x7f80);
	cr_assert_eq(ttx_fmt_fp32_to_bf16_pack(0xffc00001), 0xff80);
	cr_assert_eq(ttx_fmt_fp32_to_bf16_pack(0x7f800000), 0x7f80);
	/* Rounding overflow of the largest float. */
	cr_assert_eq(ttx_fmt_fp32_to_bf16_pack(0x7f7fffff), 0x7f80);
	/* Smallest normal survives. */
	cr_assert_eq(ttx_fmt_fp32_to_bf16_pack(0x00800000), 0x0080);
}

Test(format, fp16_pack)
{
	cr_assert_eq(ttx_fmt_fp32_to_fp16_pack(fbits(1.0f)), 0x3c00);
	cr_assert_eq(ttx_fmt_fp32_to_fp16_pack(fbits(-2.5f)), 0xc100);
	/* Round_10b_mant: 1 + 2^-11 is a tie, away from zero. */
	cr_assert_eq(ttx_fmt_fp32_to_fp16_pack(0x3f801000), 0x3c01);
	cr_assert_eq(ttx_fmt_fp32_to_fp16_pack(0x3f800fff), 0x3c00);
	/* Exponent 31 is a normal binade: 65536 and 131008. */
	cr_assert_eq(ttx_fmt_fp32_to_fp16_pack(fbits(65536.0f)), 0x7c00);
	cr_assert_eq(ttx_fmt_fp32_to_fp16_pack(fbits(131008.0f)), 0x7fff);
	/* Saturation: too large, Inf, NaN. */
	cr_assert_eq(ttx_fmt_fp32_to_fp16_pack(fbits(140000.0f)), 0x7fff);
	cr_assert_eq(ttx_fmt_fp32_to_fp16_pack(0xff800000), 0xffff);
	cr_assert_eq(ttx_fmt_fp32_to_fp16_pack(0x7fc00000), 0x7fff);
	/* 2^-14 is the smallest normal; |x| <= 2^-15 flushes. */
	cr_assert_eq(ttx_fmt_fp32_to_fp16_pack(0x38800000), 0x0400);
	cr_assert_eq(ttx_fmt_fp32_to_fp16_pack(0x38000000), 0);
	cr_assert_eq(ttx_fmt_fp32_to_fp16_pack(0xb7000000), 0);
	/* (2^-15, 2^-14): model's truncated denormal, 1.5 * 2^-15. */
	cr_assert_eq(ttx_fmt_fp32_to_fp16_pack(0x38400000), 0x0300);
}

Test(format, fp16_decode)
{
	cr_assert_eq(ttx_fmt_fp16_to_fp32(0x3c00), fbits(1.0f));
	cr_assert_eq(ttx_fmt_fp16_to_fp32(0x7fff), fbits(131008.0f));
	cr_assert_eq(ttx_fmt_fp16_to_fp32(0x7c00), fbits(65536.0f));
	cr_assert_eq(ttx_fmt_fp16_to_fp32(0x0001), 0x33800000); /* 2^-24 */
	cr_assert_eq(ttx_fmt_fp16_to_fp32(0x8400), 0xb8800000); /* -2^-14 */
	cr_assert_eq(ttx_fmt_fp16_to_fp32(0x8000), 0x80000000);
}

/* Unpacker: truncation, denormal flush for FP32 -> BF16. */
Test(format, unpack_truncation)
{
	cr_assert_eq(ttx_fmt_fp32_to_tf32_unpack(0x3fffffff), 0x3fffe000);
	cr_assert_eq(ttx_fmt_fp32_to_tf32_unpack(0xbf801fff), 0xbf800000);
	cr_assert_eq(ttx_fmt_fp32_to_bf16_unpack(0x3f80ffff), 0x3f80);
	cr_assert_eq(ttx_fmt_fp32_to_bf16_unpack(0xbfffffff), 0xbfff);
	cr_assert_eq(ttx_fmt_fp32_to_bf16_unpack(0x807fffff), 0x8000);
	cr_assert_eq(ttx_fmt_fp32_to_bf16_unpack(0x7fc00000), 0x7fc0);
}

Test(format, bfp8_unpack)
{
	cr_assert_eq(ttx_fmt_bfp8_to_bf16(127, 0x40), 0x3f80); /* 64/64 */
	cr_assert_eq(ttx_fmt_bfp8_to_bf16(127, 0xc0), 0xbf80);
	cr_assert_eq(ttx_fmt_bfp8_to_bf16(127, 0x01), 0x3c80); /* 2^-6 */
	cr_assert_eq(ttx_fmt_bfp8_to_bf16(127, 0x7f), 0x3ffe); /* 127/64 */
	cr_assert_eq(ttx_fmt_bfp8_to_bf16(127, 0x21), 0x3f04); /* 33/64 */
	cr_assert_eq(ttx_fmt_bfp8_to_bf16(130, 0x00), 0x0000);
	/* Sign with zero magnitude is the -Inf pattern. */
	cr_assert_eq(ttx_fmt_bfp8_to_bf16(130, 0x80), 0xff80);
	/* Exponent underflow flushes. */
	cr_assert_eq(ttx_fmt_bfp8_to_bf16(3, 0x01), 0x0000);
	/* Bfp4 datum 0b1011 (-3) is Bfp8 0xb0: -48/64 = -0.75. */
	cr_assert_eq(ttx_fmt_bfp8_to_bf16(127, 0xb0), 0xbf40);
}

Test(format, bfp8_pack_row)
{
	/* 1.0, 0.5, 1.5, -0.75, 2^-10, 0, 1.0078125, 1.015625, ... */
	uint16_t in[16] = { 0x3f80, 0x3f00, 0x3fc0, 0xbf40, 0x3a80, 0x0000, 0x3f81, 0x3f82,
			    0x3fff, 0xba80, 0x3f01, 0x8000, 0x3e80, 0x3e00, 0x3d80, 0x3d00 };
	uint8_t want[16] = { 64,
			     32,
			     96,
			     0x80 | 48,
			     0,
			     0,
			     /* 64.5 ties away to 65 */ 65,
			     65,
			     /* 255/2 saturates */ 127,
			     0,
			     /* 129/4 = 32.25 -> 32 */ 32,
			     0,
			     16,
			     8,
			     4,
			     2 };
	uint8_t exp, out[16];

	ttx_fmt_bfp_pack_row(in, 7, &exp, out);
	cr_assert_eq(exp, 127);
	for (int i = 0; i < 16; i++)
		cr_assert_eq(out[i], want[i], "datum %d: %#x != %#x", i, out[i], want[i]);
	/* Bfp4 truncates the Bfp8 magnitude: >> 4. */
	ttx_fmt_bfp_pack_row(in, 3, &exp, out);
	cr_assert_eq(out[0], 4);
	cr_assert_eq(out[2], 6);
	cr_assert_eq(out[3], 0x8 | 3);
	cr_assert_eq(out[12], 1);
	/* 8 >> 4 = 0 and a zero magnitude never keeps its sign. */
	cr_assert_eq(out[13], 0);
}

Test(format, bfp8_pack_diff_tie)
{
	/* Shared exponent 128 (2.0); 1 + 2^-6 + 2^-7 has sig 0x83, diff 1:
	 * 131/4 = 32.75 -> 33; 1 + 2^-6 is sig 0x82: 32.5 ties away -> 33. */
	uint16_t in[16] = { 0x4000, 0x3f83, 0x3f82 };
	uint8_t exp, out[16];

	ttx_fmt_bfp_pack_row(in, 7, &exp, out);
	cr_assert_eq(exp, 128);
	cr_assert_eq(out[0], 64);
	cr_assert_eq(out[1], 33);
	cr_assert_eq(out[2], 33);
	cr_assert_eq(out[3], 0);
}

Test(format, tile_bytes)
{
	cr_assert_eq(ttx_fmt_tile_bytes(TT_DF_FLOAT32), 4096);
	cr_assert_eq(ttx_fmt_tile_bytes(TT_DF_FLOAT16), 2048);
	cr_assert_eq(ttx_fmt_tile_bytes(TT_DF_FLOAT16_B), 2048);
	cr_assert_eq(ttx_fmt_tile_bytes(TT_DF_BFP8_B), 1088);
	cr_assert_eq(ttx_fmt_tile_bytes(TT_DF_BFP4_B), 576);
	cr_assert_eq(ttx_fmt_tile_bytes(TT_DF_INT32), 0);
}

/* L1 layout: 64 exponent bytes by face row, then the datums. */
Test(format, bfp8_tile_layout)
{
	static uint32_t dst[TT_TILE_ELEMS], back[TT_TILE_ELEMS];
	static uint8_t l1[1088];

	/* Face row k holds 2^(k - 32) times (1, 2^-1 ... ) patterns. */
	for (int i = 0; i < TT_TILE_ELEMS; i++) {
		int k = i / 16, j = i % 16;

		dst[i] = (uint16_t)((uint32_t)(95 + k) << 7 | (j & 1 ? 0x8000 : 0));
		if (j == 3)
			dst[i] = (uint32_t)(95 + k - 1) << 7; /* half */
	}
	cr_assert_eq(ttx_fmt_pack_tile(TT_DF_BFP8_B, TTX_DST_BF16, dst, l1), 0);
	for (int k = 0; k < 64; k++)
		cr_assert_eq(l1[k], 95 + k);
	cr_assert_eq(l1[64 + 0], 0x40);
	cr_assert_eq(l1[64 + 1], 0xc0);
	cr_assert_eq(l1[64 + 3], 0x20);
	cr_assert_eq(ttx_fmt_decode_tile(TT_DF_BFP8_B, l1, back), 0);
	for (int i = 0; i < TT_TILE_ELEMS; i++)
		cr_assert_eq(back[i], dst[i] << 16, "element %d", i);
}

Test(format, bfp4_tile_layout)
{
	static uint32_t dst[TT_TILE_ELEMS], back[TT_TILE_ELEMS];
	static uint8_t l1[576];

	for (int i = 0; i < TT_TILE_ELEMS; i++)
		dst[i] = i & 1 ? 0xbf00 : 0x3f80; /* -0.5, 1.0 */
	cr_assert_eq(ttx_fmt_pack_tile(TT_DF_BFP4_B, TTX_DST_BF16, dst, l1), 0);
	cr_assert_eq(l1[0], 127);
	/* Even datum low nibble: 1.0 = 0b0100, odd -0.5 = 0b1010. */
	cr_assert_eq(l1[64], 0xa4);
	cr_assert_eq(ttx_fmt_decode_tile(TT_DF_BFP4_B, l1, back), 0);
	for (int i = 0; i < TT_TILE_ELEMS; i++)
		cr_assert_eq(back[i], dst[i] << 16);
}

/* FP32 Dst packed to each format: early then late stage. */
Test(format, pack_from_fp32_dst)
{
	static uint32_t dst[TT_TILE_ELEMS];
	static uint8_t l1[4096];

	for (int i = 0; i < TT_TILE_ELEMS; i++)
		dst[i] = 0x3f808000; /* tie for bf16 */
	dst[1] = 0x00000001;	     /* denormal */
	dst[2] = 0x7fc00000;	     /* NaN */
	cr_assert_eq(ttx_fmt_pack_tile(TT_DF_FLOAT16_B, TTX_DST_FP32, dst, l1), 0);
	cr_assert_eq(l1[0] | l1[1] << 8, 0x3f81);
	cr_assert_eq(l1[2] | l1[3] << 8, 0);
	cr_assert_eq(l1[4] | l1[5] << 8, 0x7f80);
	cr_assert_eq(ttx_fmt_pack_tile(TT_DF_FLOAT32, TTX_DST_FP32, dst, l1), 0);
	cr_assert_eq(l1[4] | l1[5] << 8 | l1[6] << 16 | (uint32_t)l1[7] << 24, 1u);
	/* Bfp8 from FP32: first to bf16 (0x3f81), then 129/2 ties -> 65. */
	cr_assert_eq(ttx_fmt_pack_tile(TT_DF_BFP8_B, TTX_DST_FP32, dst, l1), 0);
	cr_assert_eq(l1[64 + 16], 65);
	/* FP16 from a BF16 Dst is exact inside the range. */
	dst[0] = 0x3fc0;
	cr_assert_eq(ttx_fmt_pack_tile(TT_DF_FLOAT16, TTX_DST_BF16, dst, l1), 0);
	cr_assert_eq(l1[0] | l1[1] << 8, 0x3e00);
}

/* FPU view: top exponent finite, denormals zero. */
Test(format, fpu_value)
{
	cr_assert_eq(ttx_fmt_fpu_value(0x7f80, TTX_DST_BF16), 0x1p128);
	cr_assert_eq(ttx_fmt_fpu_value(0x7fc0, TTX_DST_BF16), 0x1.8p128);
	cr_assert_eq(ttx_fmt_fpu_value(0xff800000, TTX_DST_FP32), -0x1p128);
	cr_assert_eq(ttx_fmt_fpu_value(0x0040, TTX_DST_BF16), 0.0);
	cr_assert_eq(ttx_fmt_fpu_value(0x0200, TTX_DST_FP16), 0.0);
	cr_assert_eq(ttx_fmt_fpu_value(0x7fff, TTX_DST_FP16), 131008.0);
}

Test(format, fpu_round)
{
	/* Dst write: nearest even [I]. */
	cr_assert_eq(ttx_fmt_fpu_round(1.0 + 0x1p-8, TTX_DST_BF16), 0x3f80);
	cr_assert_eq(ttx_fmt_fpu_round(1.0 + 3 * 0x1p-8, TTX_DST_BF16), 0x3f82);
	cr_assert_eq(ttx_fmt_fpu_round(-1.0 - 0x1p-9, TTX_DST_BF16), 0xbf80);
	cr_assert_eq(ttx_fmt_fpu_round(1.0 + 0x1p-24, TTX_DST_FP32), 0x3f800000);
	cr_assert_eq(ttx_fmt_fpu_round(1.0 + 0x1p-11, TTX_DST_FP16), 0x3c00);
	/* Denormal results flush, keeping the sign. */
	cr_assert_eq(ttx_fmt_fpu_round(0x1p-130, TTX_DST_BF16), 0);
	cr_assert_eq(ttx_fmt_fpu_round(-0x1p-130, TTX_DST_FP32), 0x80000000);
	cr_assert_eq(ttx_fmt_fpu_round(0x1p-15, TTX_DST_FP16), 0);
	/* Exponent 255 is a finite binade; beyond it saturates. */
	cr_assert_eq(ttx_fmt_fpu_round(0x1.8p128, TTX_DST_BF16), 0x7fc0);
	cr_assert_eq(ttx_fmt_fpu_round(0x1p129, TTX_DST_BF16), 0x7f80);
	cr_assert_eq(ttx_fmt_fpu_round(-0x1p200, TTX_DST_FP32), 0xff800000);
	cr_assert_eq(ttx_fmt_fpu_round(200000.0, TTX_DST_FP16), 0x7fff);
	cr_assert_eq(ttx_fmt_fpu_round(131008.0, TTX_DST_FP16), 0x7fff);
}

/* Float16 tiles: exact decode, exponent 31 kept as a number. */
Test(format, fp16_tile_roundtrip)
{
	static uint8_t l1[2048], out[2048];
	static uint32_t v[TT_TILE_ELEMS], d[TT_TILE_ELEMS];

	for (int i = 0; i < TT_TILE_ELEMS; i++) {
		uint16_t h = (uint16_t)(i * 61 + 0x400);

		l1[2 * i] = (uint8_t)h;
		l1[2 * i + 1] = (uint8_t)(h >> 8);
	}
	cr_assert_eq(ttx_fmt_decode_tile(TT_DF_FLOAT16, l1, v), 0);
	for (int i = 0; i < TT_TILE_ELEMS; i++)
		d[i] = l1[2 * i] | l1[2 * i + 1] << 8;
	cr_assert_eq(ttx_fmt_pack_tile(TT_DF_FLOAT16, TTX_DST_FP16, d, out), 0);
	cr_assert_arr_eq(out, l1, sizeof(l1));
	/* And through FP32: Round_10b_mant is exact on FP16 values. */
	cr_assert_eq(ttx_fmt_pack_tile(TT_DF_FLOAT16, TTX_DST_FP32, v, out), 0);
	for (int i = 0; i < TT_TILE_ELEMS; i++) {
		uint16_t h = l1[2 * i] | l1[2 * i + 1] << 8;

		if ((h & 0x7c00) == 0) /* denormals flush on this path */
			continue;
		cr_assert_eq(out[2 * i] | out[2 * i + 1] << 8, h, "elem %d", i);
	}
}

/* Names in reports and row-major element sizes (tilize / untilize). */
Test(format, names_and_element_sizes)
{
	char buf[16];

	cr_expect_str_eq(ttx_fmt_name(TT_DF_FLOAT16_B, buf), "Float16_b");
	cr_expect_str_eq(ttx_fmt_name(TT_DF_FLOAT32, buf), "Float32");
	cr_expect_str_eq(ttx_fmt_name(TT_DF_BFP8_B, buf), "Bfp8_b");
	cr_expect_str_eq(ttx_fmt_name(TT_DF_INVALID, buf), "Invalid");
	cr_expect_str_eq(ttx_fmt_name(77, buf), "format 77");
	cr_expect_eq(ttx_fmt_elem_bytes(TT_DF_FLOAT32), 4);
	cr_expect_eq(ttx_fmt_elem_bytes(TT_DF_FLOAT16), 2);
	cr_expect_eq(ttx_fmt_elem_bytes(TT_DF_FLOAT16_B), 2);
	cr_expect_eq(ttx_fmt_elem_bytes(TT_DF_BFP8_B), 0);
	cr_expect_eq(ttx_fmt_elem_bytes(TT_DF_BFP4_B), 0);
}
