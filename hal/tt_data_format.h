/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tile data formats shared by the host, the firmware and the device
 * model: tt-metal's DataFormat values (the low four bits are the hardware
 * encoding), the 32x32 tile geometry of four 16x16 faces and the L1 bytes
 * of one headerless tile per format (reference/compute-engine.md §2,
 * ttmetal-facts.md §7).  Block-float tiles put one shared exponent byte
 * per 16 datums (one face row) first, 64 bytes for a 32x32 tile, then the
 * sign+magnitude datums.  Preprocessor only, so assembly can include it.
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

#endif /* TT_HAL_DATA_FORMAT_H */
