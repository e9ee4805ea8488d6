// SPDX-License-Identifier: Apache-2.0
/*
 * Host tilize / untilize and the number formats behind them: Float32 bit
 * copies, bfloat16 rounding, Bfp8_b packing with shared exponents, and the
 * per-shard packing of a tensor layout.  The formats and the face order
 * are described in tt/tilize.h, with their sources.
 */
#include <tt/tilize.h>

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <tt/error.h>

#include "base/base.h"

#include "tt_data_format.h"

#define TILE	       TT_TILE_DIM
#define FACE	       TT_TILE_FACE_DIM
#define TILE_N	       TT_TILE_ELEMS
#define BFP8_EXP_BYTES TT_TILE_BFP_EXP_BYTES

static uint32_t f2u(float f)
{
	uint32_t u;

	memcpy(&u, &f, sizeof(u));
	return u;
}

static float u2f(uint32_t u)
{
	float f;

	memcpy(&f, &u, sizeof(f));
	return f;
}

static void put_le(uint8_t *p, uint32_t v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get_le(const uint8_t *p, size_t n)
{
	uint32_t v = 0;

	for (size_t i = 0; i < n; i++)
		v |= (uint32_t)p[i] << (8 * i);
	return v;
}

/* The formats tilize converts from and to float. */
static bool tt_tilize_known(uint32_t fmt)
{
	return fmt == TT_DF_FLOAT32 || fmt == TT_DF_FLOAT16_B || fmt == TT_DF_BFP8_B;
}

size_t tt_tilize_tile_bytes(uint32_t fmt)
{
	return tt_tilize_known(fmt) ? tt_df_tile_bytes(fmt, TILE, TILE) : 0;
}

size_t tt_tilize_bytes(uint32_t fmt, uint64_t rows, uint64_t cols)
{
	uint64_t tiles, bytes;

	if (__builtin_mul_overflow((rows + TILE - 1) / TILE, (cols + TILE - 1) / TILE, &tiles) ||
	    __builtin_mul_overflow(tiles, tt_tilize_tile_bytes(fmt), &bytes) || bytes > SIZE_MAX)
		return 0;
	return (size_t)bytes;
}

uint32_t tt_tilize_index(uint32_t r, uint32_t c)
{
	return tt_tile_face_index(r, c);
}

uint16_t tt_tilize_f32_to_bf16(float f)
{
	uint32_t u = f2u(f);

	if ((u & 0x7fffffffu) > 0x7f800000u) {
		/* NaN: keep sign and top payload; never round into inf. */
		uint16_t h = (uint16_t)(u >> 16);

		return (h & 0x7f) ? h : (uint16_t)(h | 0x40);
	}
	u += 0x7fffu + ((u >> 16) & 1);
	return (uint16_t)(u >> 16);
}

float tt_tilize_bf16_to_f32(uint16_t h)
{
	return u2f((uint32_t)h << 16);
}

void tt_tilize_bfp8_pack(const float *in, uint8_t *exp, uint8_t *out)
{
	uint32_t max = 0;

	TT_IGNORE_NULL(in);
	TT_IGNORE_NULL(exp);
	TT_IGNORE_NULL(out);
	for (int i = 0; i < FACE; i++) {
		uint32_t e = (f2u(in[i]) >> 23) & 0xff;

		if (e > max)
			max = e;
	}
	*exp = (uint8_t)max;
	for (int i = 0; i < FACE; i++) {
		uint32_t u = f2u(in[i]);
		uint32_t e = (u >> 23) & 0xff, diff = max - e, m;

		if (!e) {
			out[i] = 0; /* zero or denormal: flushed */
			continue;
		}
		m = (1u << 23) | (u & 0x7fffff);
		m = diff >= 24 ? 0 : m >> diff;
		/* 24 -> 7 bits, half away from zero (magnitude rounds up). */
		m = (m + (1u << 16)) >> 17;
		if (m > 127)
			m = 127;
		out[i] = m ? (uint8_t)((u >> 31) << 7 | m) : 0;
	}
}

float tt_tilize_bfp8_unpack(uint8_t exp, uint8_t datum)
{
	return tt_tilize_bf16_to_f32(tt_df_bfp8_to_bf16(exp, datum));
}

/* ---- one tile --------------------------------------------------------- */

static void encode_tile(uint32_t fmt, const float *v, uint8_t *t)
{
	switch (fmt) {
	case TT_DF_FLOAT32:
		for (int i = 0; i < TILE_N; i++)
			put_le(t + 4 * i, f2u(v[i]), 4);
		break;
	case TT_DF_FLOAT16_B:
		for (int i = 0; i < TILE_N; i++)
			put_le(t + 2 * i, tt_tilize_f32_to_bf16(v[i]), 2);
		break;
	case TT_DF_BFP8_B:
		for (int k = 0; k < TILE_N / FACE; k++)
			tt_tilize_bfp8_pack(v + k * FACE, t + k, t + BFP8_EXP_BYTES + k * FACE);
		break;
	}
}

static void decode_tile(uint32_t fmt, const uint8_t *t, float *v)
{
	switch (fmt) {
	case TT_DF_FLOAT32:
		for (int i = 0; i < TILE_N; i++)
			v[i] = u2f(get_le(t + 4 * i, 4));
		break;
	case TT_DF_FLOAT16_B:
		for (int i = 0; i < TILE_N; i++)
			v[i] = tt_tilize_bf16_to_f32((uint16_t)get_le(t + 2 * i, 2));
		break;
	case TT_DF_BFP8_B:
		for (int i = 0; i < TILE_N; i++)
			v[i] = tt_tilize_bfp8_unpack(t[i / FACE], t[BFP8_EXP_BYTES + i]);
		break;
	}
}

/* The checks of a float matrix <-> tiles conversion, failing on behalf of @fn. */
static int matrix_check(const char *fn, uint32_t fmt, const void *mat, size_t stride, uint64_t rows,
			uint64_t cols, const void *tiles, size_t tiles_len)
{
	size_t bytes = tt_tilize_bytes(fmt, rows, cols);

	if (!tt_tilize_known(fmt))
		return tt_fail(TT_EINVAL,
			       "%s: format %u: use TT_DF_FLOAT32, "
			       "TT_DF_FLOAT16_B or TT_DF_BFP8_B",
			       fn, fmt);
	if (rows && cols && !mat)
		return tt_fail(TT_EINVAL, "%s: the matrix is NULL", fn);
	if (rows && cols && !tiles)
		return tt_fail(TT_EINVAL, "%s: the tiles buffer is NULL", fn);
	if (rows > 1 && stride < cols)
		return tt_fail(TT_EINVAL, "%s: a stride of %zu is below the %llu columns", fn,
			       stride, (unsigned long long)cols);
	if (rows && cols && !bytes)
		return tt_fail(TT_ERANGE, "%s: %llux%llu elements do not fit in memory", fn,
			       (unsigned long long)rows, (unsigned long long)cols);
	if (bytes > tiles_len)
		return tt_fail(TT_ENOSPC, "%s: the tiles take %zu B, the buffer has %zu", fn, bytes,
			       tiles_len);
	return TT_OK;
}

/*
 * Matrix position of value @k (face order) of tile @t, tiles row-major
 * @tc to a row; false if it lies past the @rows x @cols edge.
 */
static bool tile_pos(uint64_t t, uint32_t k, uint64_t tc, uint64_t rows, uint64_t cols,
		     uint64_t *row, uint64_t *col)
{
	uint32_t f = k / (FACE * FACE), in = k % (FACE * FACE);

	*row = t / tc * TILE + (f / 2) * FACE + in / FACE;
	*col = t % tc * TILE + (f % 2) * FACE + in % FACE;
	return *row < rows && *col < cols;
}

static uint64_t num_tiles(uint64_t rows, uint64_t cols)
{
	return ((rows + TILE - 1) / TILE) * ((cols + TILE - 1) / TILE);
}

int tt_tilize_to_tiles(uint32_t fmt, const float *src, size_t src_stride, uint64_t rows,
		       uint64_t cols, const struct tt_layout_oob *oob, void *dst, size_t dst_len)
{
	uint64_t tc = (cols + TILE - 1) / TILE, row, col;
	size_t tb = tt_tilize_tile_bytes(fmt);
	float pad = oob ? tt_layout_oob_value(oob) : 0.0f;
	float v[TILE_N];

	int rc = matrix_check("tt_tilize_to_tiles", fmt, src, src_stride, rows, cols, dst, dst_len);

	if (rc)
		return rc;
	for (uint64_t t = 0; t < num_tiles(rows, cols); t++) {
		for (uint32_t k = 0; k < TILE_N; k++)
			v[k] = tile_pos(t, k, tc, rows, cols, &row, &col)
				       ? src[row * src_stride + col]
				       : pad;
		encode_tile(fmt, v, (uint8_t *)dst + t * tb);
	}
	return TT_OK;
}

int tt_tilize_from_tiles(uint32_t fmt, const void *src, size_t src_len, uint64_t rows,
			 uint64_t cols, float *dst, size_t dst_stride)
{
	uint64_t tc = (cols + TILE - 1) / TILE, row, col;
	size_t tb = tt_tilize_tile_bytes(fmt);
	float v[TILE_N];

	int rc = matrix_check("tt_tilize_from_tiles", fmt, dst, dst_stride, rows, cols, src,
			      src_len);

	if (rc)
		return rc == TT_ENOSPC ? TT_EINVAL : rc;
	for (uint64_t t = 0; t < num_tiles(rows, cols); t++) {
		decode_tile(fmt, (const uint8_t *)src + t * tb, v);
		for (uint32_t k = 0; k < TILE_N; k++)
			if (tile_pos(t, k, tc, rows, cols, &row, &col))
				dst[row * dst_stride + col] = v[k];
	}
	return TT_OK;
}

static int raw_check(size_t elem_size, const void *mat, size_t stride, uint64_t rows, uint64_t cols,
		     const void *tiles, size_t tiles_len)
{
	uint64_t n, bytes;

	if (!elem_size || (rows && cols && (!mat || !tiles)) || (rows > 1 && stride < cols))
		return tt_fail(TT_EINVAL,
			       "tilize: element size %zu, a NULL matrix or "
			       "tiles, or a stride %zu below the %llu columns",
			       elem_size, stride, (unsigned long long)cols);
	if (__builtin_mul_overflow((rows + TILE - 1) / TILE, (cols + TILE - 1) / TILE, &n) ||
	    __builtin_mul_overflow(n, (uint64_t)TILE_N * elem_size, &bytes))
		return tt_fail(TT_ERANGE, "tilize: %llux%llu elements do not fit in memory",
			       (unsigned long long)rows, (unsigned long long)cols);
	if (bytes > tiles_len)
		return tt_fail(TT_ENOSPC, "tilize: the tiles take %llu B, the buffer has %zu",
			       (unsigned long long)bytes, tiles_len);
	return TT_OK;
}

int tt_tilize_raw_to_tiles(size_t elem_size, const void *src, size_t src_stride, uint64_t rows,
			   uint64_t cols, const void *pad, void *dst, size_t dst_len)
{
	uint64_t tc = (cols + TILE - 1) / TILE, row, col;
	const uint8_t *s = src;
	uint8_t *d = dst;
	int err;

	if (rows && cols) {
		TT_REFUSE_NULL(src);
		TT_REFUSE_NULL(dst);
	}
	err = raw_check(elem_size, src, src_stride, rows, cols, dst, dst_len);
	if (err)
		return err;
	for (uint64_t t = 0; t < num_tiles(rows, cols); t++) {
		for (uint32_t k = 0; k < TILE_N; k++, d += elem_size) {
			if (tile_pos(t, k, tc, rows, cols, &row, &col))
				memcpy(d, s + (row * src_stride + col) * elem_size, elem_size);
			else if (pad)
				memcpy(d, pad, elem_size);
			else
				memset(d, 0, elem_size);
		}
	}
	return TT_OK;
}

int tt_tilize_raw_from_tiles(size_t elem_size, const void *src, size_t src_len, uint64_t rows,
			     uint64_t cols, void *dst, size_t dst_stride)
{
	uint64_t tc = (cols + TILE - 1) / TILE, row, col;
	const uint8_t *s = src;
	uint8_t *d = dst;
	int err;

	if (rows && cols) {
		TT_REFUSE_NULL(src);
		TT_REFUSE_NULL(dst);
	}
	err = raw_check(elem_size, dst, dst_stride, rows, cols, src, src_len);
	if (err)
		return err == TT_ENOSPC ? TT_EINVAL : err;
	for (uint64_t t = 0; t < num_tiles(rows, cols); t++)
		for (uint32_t k = 0; k < TILE_N; k++, s += elem_size)
			if (tile_pos(t, k, tc, rows, cols, &row, &col))
				memcpy(d + (row * dst_stride + col) * elem_size, s, elem_size);
	return TT_OK;
}

/* ---- shards of a layout ----------------------------------------------- */

/*
 * Common checks and shape of one shard seen as planes: @nplanes planes of
 * @rows x @cols slots (the last two padded dims; a 1-D layout is one row).
 */
static int shard_geometry(const struct tt_layout *l, const uint64_t *grid_coord, size_t buf_len,
			  uint64_t *nplanes, uint64_t *rows, uint64_t *cols)
{
	uint64_t p[TT_LAYOUT_MAX_RANK];
	uint32_t n = tt_layout_padded_shard_shape(l, p);

	for (uint32_t r = 0; r < n; r++)
		if (grid_coord[r] >= l->grid[r])
			return tt_fail(TT_ERANGE,
				       "tilize: grid coordinate %u is %llu, the "
				       "grid has %llu",
				       r, (unsigned long long)grid_coord[r],
				       (unsigned long long)l->grid[r]);
	if (l->tiled && (l->tile[0] != TILE || l->tile[1] != TILE))
		return tt_fail(TT_ENOSYS, "tilize: %ux%u tiles: only %ux%u tiles are packed",
			       l->tile[0], l->tile[1], TILE, TILE);
	if (buf_len < tt_layout_shard_bytes(l))
		return tt_fail(TT_ENOSPC, "tilize: a shard takes %llu B, the buffer has %zu",
			       (unsigned long long)tt_layout_shard_bytes(l), buf_len);
	*cols = p[n - 1];
	*rows = n > 1 ? p[n - 2] : 1;
	*nplanes = 1;
	for (uint32_t r = 0; r + 2 < n; r++)
		*nplanes *= p[r];
	if (*rows && *cols > SIZE_MAX / sizeof(float) / *rows)
		return tt_fail(TT_ENOMEM, "tilize: a shard plane is too large for host memory");
	return TT_OK;
}

/* Shard offset of slot (@plane, @i, @j) of a rank-@n padded shard @p. */
static void plane_offset(uint32_t n, const uint64_t *p, uint64_t plane, uint64_t i, uint64_t j,
			 uint64_t *off)
{
	off[n - 1] = j;
	if (n < 2)
		return;
	off[n - 2] = i;
	for (uint32_t r = n - 2; r-- > 0;) {
		off[r] = plane % p[r];
		plane /= p[r];
	}
}

static uint64_t logical_linear(const struct tt_layout *l, const uint64_t *x)
{
	uint64_t idx = 0;

	for (uint32_t d = 0; d < l->rank; d++)
		idx = idx * l->shape[d] + x[d];
	return idx;
}

/* Bytes of one plane of a shard in storage. */
static size_t plane_bytes(const struct tt_layout *l, uint64_t rows, uint64_t cols)
{
	if (l->tiled)
		return tt_tilize_bytes(l->dtype, rows, cols);
	return rows * cols * tt_df_elem_bytes(l->dtype);
}

static int store_plane(const struct tt_layout *l, const float *v, uint64_t rows, uint64_t cols,
		       uint8_t *o)
{
	size_t esize = tt_df_elem_bytes(l->dtype);

	if (l->tiled)
		return tt_tilize_to_tiles(l->dtype, v, cols, rows, cols, NULL, o,
					  plane_bytes(l, rows, cols));
	for (uint64_t i = 0; i < rows * cols; i++, o += esize) {
		if (l->dtype == TT_DF_FLOAT32)
			put_le(o, f2u(v[i]), 4);
		else
			put_le(o, tt_tilize_f32_to_bf16(v[i]), 2);
	}
	return TT_OK;
}

static int load_plane(const struct tt_layout *l, const uint8_t *o, uint64_t rows, uint64_t cols,
		      float *v)
{
	size_t esize = tt_df_elem_bytes(l->dtype);

	if (l->tiled)
		return tt_tilize_from_tiles(l->dtype, o, plane_bytes(l, rows, cols), rows, cols, v,
					    cols);
	for (uint64_t i = 0; i < rows * cols; i++, o += esize) {
		if (l->dtype == TT_DF_FLOAT32)
			v[i] = u2f(get_le(o, 4));
		else
			v[i] = tt_tilize_bf16_to_f32((uint16_t)get_le(o, 2));
	}
	return TT_OK;
}

int tt_tilize_shard_pack(const struct tt_layout *l, const float *logical,
			 const uint64_t *grid_coord, void *dst, size_t dst_len)
{
	uint64_t p[TT_LAYOUT_MAX_RANK], off[TT_LAYOUT_MAX_RANK];
	uint64_t x[TT_LAYOUT_MAX_RANK], nplanes, rows, cols;
	uint32_t n;
	float pad;
	uint8_t *d = dst;
	float *buf;
	int err;

	TT_REFUSE_NULL(l);
	TT_REFUSE_NULL(logical);
	TT_REFUSE_NULL(grid_coord);
	TT_REFUSE_NULL(dst);
	n = tt_layout_padded_shard_shape(l, p);
	pad = tt_layout_oob_value(&l->oob);
	err = shard_geometry(l, grid_coord, dst_len, &nplanes, &rows, &cols);
	if (err)
		return err;
	buf = calloc(rows * cols, sizeof(float));
	if (!buf)
		return tt_fail(TT_ENOMEM, "tilize: out of host memory");
	for (uint64_t k = 0; k < nplanes; k++) {
		for (uint64_t i = 0; i < rows * cols; i++) {
			plane_offset(n, p, k, i / cols, i % cols, off);
			err = tt_layout_slot_to_logical(l, grid_coord, off, x);
			buf[i] = err ? pad : logical[logical_linear(l, x)];
		}
		err = store_plane(l, buf, rows, cols, d + k * plane_bytes(l, rows, cols));
		if (err)
			break;
	}
	free(buf);
	return err;
}

int tt_tilize_shard_unpack(const struct tt_layout *l, const void *src, size_t src_len,
			   const uint64_t *grid_coord, float *logical)
{
	uint64_t p[TT_LAYOUT_MAX_RANK], off[TT_LAYOUT_MAX_RANK];
	uint64_t x[TT_LAYOUT_MAX_RANK], nplanes, rows, cols;
	uint32_t n;
	const uint8_t *s = src;
	float *buf;
	int err;

	TT_REFUSE_NULL(l);
	TT_REFUSE_NULL(src);
	TT_REFUSE_NULL(grid_coord);
	TT_REFUSE_NULL(logical);
	n = tt_layout_padded_shard_shape(l, p);
	err = shard_geometry(l, grid_coord, src_len, &nplanes, &rows, &cols);
	if (err)
		return err == TT_ENOSPC ? TT_EINVAL : err;
	buf = calloc(rows * cols, sizeof(float));
	if (!buf)
		return tt_fail(TT_ENOMEM, "tilize: out of host memory");
	for (uint64_t k = 0; k < nplanes && !err; k++) {
		err = load_plane(l, s + k * plane_bytes(l, rows, cols), rows, cols, buf);
		for (uint64_t i = 0; !err && i < rows * cols; i++) {
			plane_offset(n, p, k, i / cols, i % cols, off);
			if (!tt_layout_slot_to_logical(l, grid_coord, off, x))
				logical[logical_linear(l, x)] = buf[i];
		}
	}
	free(buf);
	return err;
}
