/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Host-side tilize and untilize: row-major data to 32x32 tiles of four
 * 16x16 faces and back, for TT_DF_FLOAT32, TT_DF_FLOAT16_B and
 * TT_DF_BFP8_B, padding with a layout's out-of-bounds value.  The tile
 * geometry, the face order and the formats' bytes are
 * hal/tt_data_format.h's, the same definitions the device model uses.
 * Tiles follow each other row-major over the tile grid, which is also the
 * page order of a tiled buffer.  Byte order is little-endian, as on the
 * device.
 *
 * Conversions from float:
 *   Float32   IEEE single, copied bit for bit;
 *   Float16_b bfloat16, the top half of a float, rounded to nearest, ties
 *             to even (as tt-metal's host conversion); NaN stays NaN;
 *   Bfp8_b    per face row of 16 values one shared exponent (the largest
 *             float exponent of the 16) and per value a sign bit and a
 *             7-bit magnitude (tt_tilize_bfp8_pack() says how it rounds).
 *
 * Float32 and Float16_b tiles survive untilize + tilize bit for bit;
 * Bfp8_b tiles made by this packer do too.  Formats are uint32_t TT_DF_*.
 */
#ifndef TT_TILIZE_H
#define TT_TILIZE_H

#include <stddef.h>
#include <stdint.h>

#include <tt/layout.h>

/* Bytes of one 32x32 tile of @fmt (4096, 2048, 1088), 0 if unknown. */
size_t tt_tilize_tile_bytes(uint32_t fmt);

/* Bytes of the tiles covering a @rows x @cols matrix (0 on overflow). */
size_t tt_tilize_bytes(uint32_t fmt, uint64_t rows, uint64_t cols);

/* Tile position (row @r, column @c < 32) -> index in face order. */
uint32_t tt_tilize_index(uint32_t r, uint32_t c);

/* float -> bfloat16 bits, round to nearest even; NaN stays NaN. */
uint16_t tt_tilize_f32_to_bf16(float f);

/* bfloat16 bits -> float (exact). */
float tt_tilize_bf16_to_f32(uint16_t h);

/*
 * Pack 16 floats (one face row) into a shared exponent and 16
 * sign+magnitude bytes.  Exponent: the largest float exponent field of
 * the 16.  Magnitude: the 24-bit significand (implicit one restored)
 * shifted right by the exponent difference (truncating), then rounded to
 * 7 bits, ties away from zero, saturating at 127.  Zeros and denormals
 * give 0; a zero magnitude never keeps its sign.
 */
void tt_tilize_bfp8_pack(const float *in, uint8_t *exp, uint8_t *out);

/*
 * One Bfp8_b value as a float (hal/tt_data_format.h's decode): sign 1
 * with magnitude 0 decodes as -inf, as the unpacker does; values below
 * the smallest normal float flush to 0.
 */
float tt_tilize_bfp8_unpack(uint8_t exp, uint8_t datum);

/*
 * Tilize the @rows x @cols float matrix at @src (row i at src + i *
 * @src_stride) into tiles of @fmt at @dst: ceil(rows / 32) *
 * ceil(cols / 32) tiles, positions outside the matrix set to @oob (NULL:
 * 0).  TT_EINVAL for bad arguments, TT_ENOSPC if @dst_len is too small.
 */
int tt_tilize_to_tiles(uint32_t fmt, const float *src, size_t src_stride, uint64_t rows,
		       uint64_t cols, const struct tt_layout_oob *oob, void *dst, size_t dst_len);

/* Inverse of tt_tilize_to_tiles(): padding positions are dropped. */
int tt_tilize_from_tiles(uint32_t fmt, const void *src, size_t src_len, uint64_t rows,
			 uint64_t cols, float *dst, size_t dst_stride);

/*
 * Reorder only, no number conversion: elements of @elem_size bytes (a
 * bfloat16 is 2), @pad the bytes of one padding element (NULL: zeros).
 * Strides are in elements.
 */
int tt_tilize_raw_to_tiles(size_t elem_size, const void *src, size_t src_stride, uint64_t rows,
			   uint64_t cols, const void *pad, void *dst, size_t dst_len);
int tt_tilize_raw_from_tiles(size_t elem_size, const void *src, size_t src_len, uint64_t rows,
			     uint64_t cols, void *dst, size_t dst_stride);

/*
 * The bytes of the shard at @grid_coord of layout @l
 * (tt_layout_shard_bytes()), built from the row-major logical tensor
 * @logical: tiles in memref order when tiled, else row-major elements;
 * padding slots get the layout's oob value.  Tiled layouts need 32x32
 * tiles (TT_ENOSYS otherwise).
 */
int tt_tilize_shard_pack(const struct tt_layout *l, const float *logical,
			 const uint64_t *grid_coord, void *dst, size_t dst_len);

/* Inverse: write the shard's elements into the logical tensor. */
int tt_tilize_shard_unpack(const struct tt_layout *l, const void *src, size_t src_len,
			   const uint64_t *grid_coord, float *logical);

#endif /* TT_TILIZE_H */
