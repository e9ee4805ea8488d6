/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Data formats: the one vocabulary of the host (CBs, layouts, tilize),
 * the kernel API and the device model.  tt-metal's DataFormat values (the
 * low four bits are the hardware encoding), the 32x32 tile geometry of
 * four 16x16 faces (F0 rows 0-15 cols 0-15, F1 rows 0-15 cols 16-31, F2,
 * F3; each face row-major) and the L1 bytes of one headerless tile per
 * format.  Block-float tiles put one shared exponent byte per 16 datums
 * (one face row) first, 64 bytes for a 32x32 tile, then the
 * sign+magnitude datums; a Bfp8_b datum is a sign bit and a 7-bit
 * magnitude with no implicit one: value = (-1)^s * mag / 64 *
 * 2^(exp - 127).
 *
 * The macros are preprocessor only, so assembly can include this file;
 * the helpers below them (C only) hold no state.
 */
#ifndef TT_HAL_DATA_FORMAT_H
#define TT_HAL_DATA_FORMAT_H

#define TT_DF_FLOAT32		0
#define TT_DF_FLOAT16		1	/* IEEE-like 1/5/10, no Inf/NaN */
#define TT_DF_BFP8		2
#define TT_DF_BFP4		3
#define TT_DF_TF32		4
#define TT_DF_FLOAT16_B		5	/* bfloat16 */
#define TT_DF_BFP8_B		6
#define TT_DF_BFP4_B		7
#define TT_DF_INT32		8
#define TT_DF_UINT16		9
#define TT_DF_LF8		10
#define TT_DF_BFP2		11
#define TT_DF_INT8		14
#define TT_DF_BFP2_B		15
#define TT_DF_UINT32		24
#define TT_DF_UINT8		30
#define TT_DF_RAW_UINT8		0xf0
#define TT_DF_RAW_UINT16	0xf1
#define TT_DF_RAW_UINT32	0xf2
#define TT_DF_INVALID		0xff

#define TT_TILE_DIM		32
#define TT_TILE_FACE_DIM	16
#define TT_TILE_FACES		4
#define TT_TILE_ELEMS		(TT_TILE_DIM * TT_TILE_DIM)
#define TT_TILE_FACE_ELEMS	(TT_TILE_FACE_DIM * TT_TILE_FACE_DIM)

/* Shared-exponent section of a block-float tile: one byte per face row. */
#define TT_TILE_BFP_EXP_BYTES	(TT_TILE_ELEMS / TT_TILE_FACE_DIM)

#define TT_TILE_BYTES_FLOAT32	(TT_TILE_ELEMS * 4)
#define TT_TILE_BYTES_FLOAT16	(TT_TILE_ELEMS * 2)
#define TT_TILE_BYTES_FLOAT16_B	(TT_TILE_ELEMS * 2)
#define TT_TILE_BYTES_BFP8_B	(TT_TILE_BFP_EXP_BYTES + TT_TILE_ELEMS)
#define TT_TILE_BYTES_BFP4_B	(TT_TILE_BFP_EXP_BYTES + TT_TILE_ELEMS / 2)
#define TT_TILE_BYTES_BFP2_B	(TT_TILE_BFP_EXP_BYTES + TT_TILE_ELEMS / 4)

#if TT_TILE_BFP_EXP_BYTES % 16
#error "block-float exponent section must stay 16-byte aligned"
#endif

#ifndef __ASSEMBLER__
#include <stddef.h>
#include <stdint.h>

/* tt-metal's name of @df ("Float16_b"), or NULL for a value it has none for. */
static inline const char *tt_df_name(uint32_t df)
{
	switch (df) {
	case TT_DF_FLOAT32:	return "Float32";
	case TT_DF_FLOAT16:	return "Float16";
	case TT_DF_BFP8:	return "Bfp8";
	case TT_DF_BFP4:	return "Bfp4";
	case TT_DF_TF32:	return "Tf32";
	case TT_DF_FLOAT16_B:	return "Float16_b";
	case TT_DF_BFP8_B:	return "Bfp8_b";
	case TT_DF_BFP4_B:	return "Bfp4_b";
	case TT_DF_INT32:	return "Int32";
	case TT_DF_UINT16:	return "UInt16";
	case TT_DF_LF8:		return "Lf8";
	case TT_DF_BFP2:	return "Bfp2";
	case TT_DF_INT8:	return "Int8";
	case TT_DF_BFP2_B:	return "Bfp2_b";
	case TT_DF_UINT32:	return "UInt32";
	case TT_DF_UINT8:	return "UInt8";
	case TT_DF_RAW_UINT8:	return "RawUInt8";
	case TT_DF_RAW_UINT16:	return "RawUInt16";
	case TT_DF_RAW_UINT32:	return "RawUInt32";
	case TT_DF_INVALID:	return "Invalid";
	default:		return NULL;
	}
}

/* Is @df a format a CB may hold (every named value but Invalid)? */
static inline int tt_df_valid(uint32_t df)
{
	return df != TT_DF_INVALID && tt_df_name(df) != NULL;
}

/* Bytes of one datum of row-major @df; 0 for block-float formats. */
static inline size_t tt_df_elem_bytes(uint32_t df)
{
	switch (df) {
	case TT_DF_FLOAT32: case TT_DF_TF32: case TT_DF_INT32: case TT_DF_UINT32:
	case TT_DF_RAW_UINT32:
		return 4;
	case TT_DF_FLOAT16: case TT_DF_FLOAT16_B: case TT_DF_UINT16:
	case TT_DF_RAW_UINT16:
		return 2;
	case TT_DF_LF8: case TT_DF_INT8: case TT_DF_UINT8: case TT_DF_RAW_UINT8:
		return 1;
	default:
		return 0;
	}
}

/* Magnitude bits of a block-float @df's datum (sign excluded); 0 if not one. */
static inline unsigned tt_df_bfp_bits(uint32_t df)
{
	switch (df) {
	case TT_DF_BFP8: case TT_DF_BFP8_B:	return 7;
	case TT_DF_BFP4: case TT_DF_BFP4_B:	return 3;
	case TT_DF_BFP2: case TT_DF_BFP2_B:	return 1;
	default:				return 0;
	}
}

/*
 * Bytes of a @rows x @cols tile of @df: datums times their size, and for
 * block-float formats one exponent byte per 16 datums (one face row),
 * that section padded to 16 bytes.  0 for an unknown format or a
 * block-float tile whose rows are not whole face rows.
 */
static inline size_t tt_df_tile_bytes(uint32_t df, uint32_t rows, uint32_t cols)
{
	size_t n = (size_t)rows * cols;
	unsigned bits = tt_df_bfp_bits(df);

	if (!bits)
		return n * tt_df_elem_bytes(df);
	if (!n || cols % TT_TILE_FACE_DIM)
		return 0;
	return (n / TT_TILE_FACE_DIM + 15) / 16 * 16 + n * (bits + 1) / 8;
}

/* Element (@r, @c) of a 32x32 tile -> its index in face order. */
static inline uint32_t tt_tile_face_index(uint32_t r, uint32_t c)
{
	return ((r / TT_TILE_FACE_DIM) * 2 + c / TT_TILE_FACE_DIM) * TT_TILE_FACE_ELEMS +
	       (r % TT_TILE_FACE_DIM) * TT_TILE_FACE_DIM + c % TT_TILE_FACE_DIM;
}

/*
 * One Bfp8_b datum with shared exponent @exp, as bfloat16 bits (exact:
 * a datum has at most 7 significant bits).  Sign 1 with magnitude 0 is
 * the -Inf pattern, as the unpacker reads it; values below the smallest
 * normal flush to a signed zero.
 */
static inline uint16_t tt_df_bfp8_to_bf16(uint8_t exp, uint8_t datum)
{
	uint32_t sign = datum >> 7, mag = datum & 0x7fu;
	int e = exp;

	if (!mag)
		return sign ? 0xff80u : 0x0000u;
	while (!(mag & 0x40u)) {
		mag <<= 1;
		e--;
	}
	if (e <= 0)
		return (uint16_t)(sign << 15);
	return (uint16_t)(sign << 15 | (uint32_t)e << 7 | (mag & 0x3fu) << 1);
}
#endif /* __ASSEMBLER__ */

#endif /* TT_HAL_DATA_FORMAT_H */
