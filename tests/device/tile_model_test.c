// SPDX-License-Identifier: Apache-2.0
/*
 * Tile engine tests (device/model/ttx_tile.c): math-pack semaphore and
 * Dst capacity, Src ownership, then every FPU op on random tiles.  Exact
 * ops (datacopy, transpose, add/sub, max) are checked bit for bit against
 * the rounding rule; multiplies against an independent transcription of
 * the fidelity-phase formulas of docs/tile-engine.md (Math fidelity) and
 * against an fp64 golden with the tolerance those rules imply; a
 * multi-tile bf16 matmul prints its PCC against fp64.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ttx_tile.h"

#include "num_util.h"

#define N TT_TILE_ELEMS

/* A bf16 tile of values with magnitude in [lo, hi) and random sign. */
static void rand_bf16_tile(uint8_t *t, float *vals, double lo, double hi)
{
	for (int i = 0; i < N; i++) {
		double m = rnd(lo, hi);
		uint16_t h = rne_bf16((float)(rnd(0, 1) < 0.5 ? -m : m));

		t[2 * i] = (uint8_t)h;
		t[2 * i + 1] = (uint8_t)(h >> 8);
		vals[i] = bf16f(h);
	}
}

static uint16_t get16(const uint8_t *t, int i)
{
	return (uint16_t)(t[2 * i] | t[2 * i + 1] << 8);
}

static void init_engine(TTTileEngine *e, bool fp32, bool full, TTMathFidelity fid)
{
	TTTileConfig cfg = {
		.fp32_dest = fp32, .full_sync = full, .fidelity = fid, .approx = false
	};

	ttx_tile_fini(e);
	ttx_tile_init(e, &cfg);
}

static TTTileEngine *eng;

static void setup(void)
{
	static const TTTileConfig cfg = { .fidelity = TTX_HIFI4 };

	eng = malloc(sizeof(*eng));
	cr_assert_not_null(eng);
	ttx_tile_init(eng, &cfg);
	rng_seed(7);
}

static void teardown(void)
{
	ttx_tile_fini(eng);
	free(eng);
}

TestSuite(tile, .init = setup, .fini = teardown);

/* ---- sync and ownership ----------------------------------- */

Test(tile, dst_capacity)
{
	init_engine(eng, false, false, TTX_HIFI4);
	cr_assert_eq(ttx_tile_dst_capacity(eng), 8);
	init_engine(eng, true, false, TTX_HIFI4);
	cr_assert_eq(ttx_tile_dst_capacity(eng), 4);
	init_engine(eng, false, true, TTX_HIFI4);
	cr_assert_eq(ttx_tile_dst_capacity(eng), 16);
	init_engine(eng, true, true, TTX_HIFI4);
	cr_assert_eq(ttx_tile_dst_capacity(eng), 8);
}

Test(tile, half_sync_semaphore)
{
	static uint8_t a[2048], out[2048];
	float v[N];

	init_engine(eng, false, false, TTX_HIFI4);
	rand_bf16_tile(a, v, 0.5, 2);
	/* Pack finds nothing to wait for. */
	cr_assert_eq(ttx_tile_wait(eng), TTX_TILE_BLOCKED);
	/* Math fills half 0 and commits, then half 1. */
	cr_assert_eq(ttx_tile_acquire(eng), TTX_TILE_OK);
	cr_assert_eq(ttx_tile_copy_tile(eng, TT_DF_FLOAT16_B, a, 7), 0);
	cr_assert_eq(ttx_tile_copy_tile(eng, TT_DF_FLOAT16_B, a, 8), TTX_TILE_EINVAL);
	ttx_tile_commit(eng);
	cr_assert_eq(ttx_tile_acquire(eng), TTX_TILE_OK);
	ttx_tile_commit(eng);
	/* Both halves full: the third acquire stalls. */
	cr_assert_eq(ttx_tile_acquire(eng), TTX_TILE_BLOCKED);
	/* Pack reads half 0: tile 7 is the copy, tile 0 was never written. */
	cr_assert_eq(ttx_tile_wait(eng), TTX_TILE_OK);
	cr_assert_eq(ttx_tile_pack(eng, 7, TT_DF_FLOAT16_B, out), 0);
	cr_assert_arr_eq(out, a, sizeof(a));
	cr_assert_eq(ttx_tile_pack(eng, 0, TT_DF_FLOAT16_B, out), 0);
	for (int i = 0; i < N; i++)
		cr_assert_eq(get16(out, i), 0);
	/* Release zeroes half 0 and frees a slot for math. */
	ttx_tile_release(eng);
	cr_assert_eq(eng->sem, 1);
	cr_assert_eq(eng->defined[7], 0);
	cr_assert_eq(ttx_tile_acquire(eng), TTX_TILE_OK);
	ttx_tile_release(eng);
	ttx_tile_release(eng); /* saturates at 0 */
	cr_assert_eq(eng->sem, 0);
}

Test(tile, full_sync_semaphore)
{
	init_engine(eng, true, true, TTX_HIFI4);
	cr_assert_eq(ttx_tile_acquire(eng), TTX_TILE_OK);
	ttx_tile_commit(eng);
	cr_assert_eq(ttx_tile_acquire(eng), TTX_TILE_BLOCKED);
	cr_assert_eq(eng->math_section, 0);
	ttx_tile_release(eng);
	cr_assert_eq(ttx_tile_acquire(eng), TTX_TILE_OK);
}

Test(tile, src_ownership)
{
	static uint8_t a[2048];
	float v[N];

	init_engine(eng, false, false, TTX_HIFI4);
	rand_bf16_tile(a, v, 0.5, 2);
	/* Two banks: two unpacks to SrcA pass, the third stalls. */
	cr_assert_eq(ttx_tile_unpack(eng, TTX_SRC_A, TT_DF_FLOAT16_B, a, 0), 0);
	cr_assert_eq(ttx_tile_unpack(eng, TTX_SRC_A, TT_DF_FLOAT16_B, a, 0), 0);
	cr_assert_eq(ttx_tile_unpack(eng, TTX_SRC_A, TT_DF_FLOAT16_B, a, 0), TTX_TILE_BLOCKED);
	/* The FPU waits for SrcB too. */
	cr_assert_eq(ttx_tile_eltwise(eng, TTX_ELW_ADD, TTX_BCAST_NONE, 0, false, 0),
		     TTX_TILE_BLOCKED);
	cr_assert_eq(ttx_tile_src_dvalid(eng, TTX_SRC_B), 0);
	cr_assert_eq(ttx_tile_datacopy(eng, TTX_SRC_A, 0), 0);
	/* The op gave bank 0 back: the unpacker proceeds. */
	cr_assert_eq(ttx_tile_unpack(eng, TTX_SRC_A, TT_DF_FLOAT16_B, a, 0), 0);
	cr_assert_eq(ttx_tile_unpack(eng, TTX_SRC_A, TT_DF_INT32, a, 0), TTX_TILE_EINVAL);
}

/* ---- datacopy, transpose, unpack conversions ---------------------- */

Test(tile, copy_and_transpose_exact)
{
	static uint8_t a[2048], out[2048];
	float v[N];

	init_engine(eng, false, false, TTX_HIFI4);
	rand_bf16_tile(a, v, 1e-3, 1e3);
	cr_assert_eq(ttx_tile_copy_tile(eng, TT_DF_FLOAT16_B, a, 0), 0);
	cr_assert_eq(ttx_tile_transpose_wh_tile(eng, TT_DF_FLOAT16_B, a, 1), 0);
	ttx_tile_commit(eng);
	ttx_tile_wait(eng);
	ttx_tile_pack(eng, 0, TT_DF_FLOAT16_B, out);
	cr_assert_arr_eq(out, a, sizeof(a));
	ttx_tile_pack(eng, 1, TT_DF_FLOAT16_B, out);
	for (unsigned r = 0; r < 32; r++)
		for (unsigned c = 0; c < 32; c++)
			cr_assert_eq(get16(out, ttx_tile_index(r, c)),
				     get16(a, ttx_tile_index(c, r)));
}

Test(tile, float32_paths)
{
	static uint8_t a[4096], out[4096];
	uint32_t u[N];

	for (int i = 0; i < N; i++) {
		u[i] = fbits((float)rnd(-3, 3)) | 0x1fff; /* low bits set */
		memcpy(a + 4 * i, &u[i], 4);
	}
	/* fp32 Dst: copy_tile unpacks to Dst, bit exact. */
	init_engine(eng, true, false, TTX_HIFI4);
	cr_assert_eq(ttx_tile_copy_tile(eng, TT_DF_FLOAT32, a, 0), 0);
	/* Through SrcA the FPU sees TF32: low 13 bits truncated. */
	cr_assert_eq(ttx_tile_transpose_wh_tile(eng, TT_DF_FLOAT32, a, 1), 0);
	ttx_tile_commit(eng);
	ttx_tile_wait(eng);
	ttx_tile_pack(eng, 0, TT_DF_FLOAT32, out);
	cr_assert_arr_eq(out, a, sizeof(a));
	ttx_tile_pack(eng, 1, TT_DF_FLOAT32, out);
	for (unsigned r = 0; r < 32; r++)
		for (unsigned c = 0; c < 32; c++) {
			uint32_t w;

			memcpy(&w, out + 4 * ttx_tile_index(r, c), 4);
			cr_assert_eq(w, u[ttx_tile_index(c, r)] & 0xffffe000);
		}
	/* 16-bit Dst: Float32 unpacks to BF16 by truncation [I]. */
	init_engine(eng, false, false, TTX_HIFI4);
	cr_assert_eq(ttx_tile_copy_tile(eng, TT_DF_FLOAT32, a, 0), 0);
	ttx_tile_commit(eng);
	ttx_tile_wait(eng);
	ttx_tile_pack(eng, 0, TT_DF_FLOAT16_B, out);
	for (int i = 0; i < N; i++)
		cr_assert_eq(get16(out, i), u[i] >> 16);
}

/*
 * datacopy of a BF16 unpack into BF16 and FP32 Dst, with and without a
 * datum of exponent 255 (the FPU's top binade): each Dst element is the
 * rounding rule applied to the Src value.  Negative zeros and a denormal
 * (flushed to a signed zero by the unpacker) read +0.
 */
Test(tile, datacopy_matches_rounding_rule)
{
	static uint8_t a[2048];
	float v[N];

	for (int top = 0; top < 2; top++) {
		for (int fp32 = 0; fp32 < 2; fp32++) {
			TTDstKind kind = fp32 ? TTX_DST_FP32 : TTX_DST_BF16;
			uint16_t h[4] = { 0x8000, 0x8001, 0x0003, 0x7f80 };

			init_engine(eng, fp32, false, TTX_HIFI4);
			rand_bf16_tile(a, v, 1e-3, 1e3);
			for (int j = 0; j < 3 + top; j++) {
				a[2 * (100 + j)] = (uint8_t)h[j];
				a[2 * (100 + j) + 1] = (uint8_t)(h[j] >> 8);
			}
			cr_assert_eq(ttx_tile_copy_tile(eng, TT_DF_FLOAT16_B, a, 0), 0);
			for (int i = 0; i < N; i++) {
				uint32_t u = (uint32_t)get16(a, i) << 16;
				double x = (u & 0x7f800000u) ? ttx_fmt_f32_value_inl(u) : 0.0;

				cr_assert_eq(eng->dst[0][i], ttx_fmt_fpu_round(x, kind),
					     "top %d fp32 %d element %d", top, fp32, i);
			}
			/* The top binade is finite: kept, not clamped. */
			if (top)
				cr_assert_eq(eng->dst[0][103], fp32 ? 0x7f800000u : 0x7f80u);
			cr_assert_eq(eng->dst[0][100], 0);
			cr_assert_eq(eng->dst[0][101], 0);
		}
	}
}

Test(tile, float16_path)
{
	static uint8_t a[2048], out[2048];

	init_engine(eng, false, false, TTX_HIFI4);
	for (int i = 0; i < N; i++) {
		uint16_t h = (uint16_t)(0x3000 + i * 13); /* normal fp16 */

		a[2 * i] = (uint8_t)h;
		a[2 * i + 1] = (uint8_t)(h >> 8);
	}
	/* FP16-style Src, FP16 Dst, FP16 pack: exact. */
	cr_assert_eq(ttx_tile_copy_tile(eng, TT_DF_FLOAT16, a, 0), 0);
	cr_assert_eq(eng->kind[0], TTX_DST_FP16);
	ttx_tile_commit(eng);
	ttx_tile_wait(eng);
	ttx_tile_pack(eng, 0, TT_DF_FLOAT16, out);
	cr_assert_arr_eq(out, a, sizeof(a));
}

/* ---- eltwise (ELWADD/ELWSUB/ELWMUL, broadcast) ------------------ */

static unsigned bidx(TTBcast bc, unsigned r, unsigned c)
{
	return bc == TTX_BCAST_ROW	? ttx_tile_index(0, c)
	       : bc == TTX_BCAST_COL	? ttx_tile_index(r, 0)
	       : bc == TTX_BCAST_SCALAR ? 0
					: ttx_tile_index(r, c);
}

Test(tile, add_sub_bcast_exact)
{
	static uint8_t a[2048], b[2048], out[2048];
	float va[N], vb[N];

	for (int bc = TTX_BCAST_NONE; bc <= TTX_BCAST_SCALAR; bc++)
		for (int op = TTX_ELW_ADD; op <= TTX_ELW_SUB; op++) {
			init_engine(eng, false, false, TTX_LOFI);
			/* Magnitudes in [0.25, 4): a +- b is exact in float. */
			rand_bf16_tile(a, va, 0.25, 4);
			rand_bf16_tile(b, vb, 0.25, 4);
			cr_assert_eq(ttx_tile_binary_tiles(eng, op, bc, TT_DF_FLOAT16_B, a,
							   TT_DF_FLOAT16_B, b, 2),
				     0);
			ttx_tile_commit(eng);
			ttx_tile_wait(eng);
			ttx_tile_pack(eng, 2, TT_DF_FLOAT16_B, out);
			for (unsigned r = 0; r < 32; r++)
				for (unsigned c = 0; c < 32; c++) {
					unsigned i = ttx_tile_index(r, c);
					float x = va[i], y = vb[bidx(bc, r, c)];
					float s = op == TTX_ELW_ADD ? x + y : x - y;

					cr_assert_eq(get16(out, i), rne_bf16(s),
						     "bc %d op %d (%u,%u)", bc, op, r, c);
				}
		}
}

/* A row broadcast of another row than the first (bcast_row_idx). */
Test(tile, add_bcast_of_row_k)
{
	static uint8_t a[2048], b[2048], out[2048];
	float va[N], vb[N];

	init_engine(eng, false, false, TTX_LOFI);
	rand_bf16_tile(a, va, 0.25, 4);
	rand_bf16_tile(b, vb, 0.25, 4);
	cr_assert_eq(ttx_tile_unpack(eng, TTX_SRC_A, TT_DF_FLOAT16_B, a, 0), 0);
	cr_assert_eq(ttx_tile_unpack(eng, TTX_SRC_B, TT_DF_FLOAT16_B, b, 0), 0);
	cr_assert_eq(ttx_tile_eltwise(eng, TTX_ELW_ADD, TTX_BCAST_ROW, 21, false, 0), 0);
	ttx_tile_commit(eng);
	ttx_tile_wait(eng);
	ttx_tile_pack(eng, 0, TT_DF_FLOAT16_B, out);
	for (unsigned r = 0; r < 32; r++)
		for (unsigned c = 0; c < 32; c++) {
			unsigned i = ttx_tile_index(r, c);

			cr_assert_eq(get16(out, i), rne_bf16(va[i] + vb[ttx_tile_index(21, c)]),
				     "(%u,%u)", r, c);
		}
	/* Past the tile, or with another broadcast: refused. */
	init_engine(eng, false, false, TTX_LOFI);
	cr_assert_eq(ttx_tile_eltwise(eng, TTX_ELW_ADD, TTX_BCAST_ROW, 32, false, 0),
		     TTX_TILE_EINVAL);
	cr_assert_eq(ttx_tile_eltwise(eng, TTX_ELW_ADD, TTX_BCAST_COL, 1, false, 0),
		     TTX_TILE_EINVAL);
}

/*
 * BF16 add and sub into a BF16 Dst: any bit patterns (some exponents at
 * 254 and 255, which take the double form), close exponents (rounding
 * ties) and any exponents below 254.  Each element is the FPU rounding
 * of the double sum, as ttx_fmt_fpu_round() gives it (-0 reads +0).
 */
Test(tile, add_sub_bf16_any_exponent)
{
	static uint8_t a[2048], b[2048];

	for (int trial = 0; trial < 12; trial++)
		for (int op = TTX_ELW_ADD; op <= TTX_ELW_SUB; op++) {
			int mode = trial % 3;

			for (int i = 0; i < N; i++) {
				uint16_t x = (uint16_t)rnd(0, 65536);
				uint16_t y = (uint16_t)rnd(0, 65536);

				if (mode == 1) { /* y in 2^-7..2^8, x near */
					int ex = 120 + (y >> 7) % 16 + (x >> 7) % 9 - 4;

					y = (uint16_t)((y & 0x807f) | (120 + (y >> 7) % 16) << 7);
					x = (uint16_t)((x & 0x807f) | (unsigned)ex << 7);
				}
				if (mode == 2) { /* exponents 254, 255 -> 126, 127 */
					x = (x & 0x7f00) == 0x7f00 ? x & 0xbfff : x;
					y = (y & 0x7f00) == 0x7f00 ? y & 0xbfff : y;
				}
				a[2 * i] = (uint8_t)x;
				a[2 * i + 1] = (uint8_t)(x >> 8);
				b[2 * i] = (uint8_t)y;
				b[2 * i + 1] = (uint8_t)(y >> 8);
			}
			init_engine(eng, false, false, TTX_LOFI);
			cr_assert_eq(ttx_tile_binary_tiles(eng, op, TTX_BCAST_NONE, TT_DF_FLOAT16_B,
							   a, TT_DF_FLOAT16_B, b, 0),
				     0);
			for (int i = 0; i < N; i++) {
				double x = ttx_fmt_fpu_value((uint32_t)get16(a, i) << 16,
							     TTX_DST_FP32);
				double y = ttx_fmt_fpu_value((uint32_t)get16(b, i) << 16,
							     TTX_DST_FP32);
				double v = (op == TTX_ELW_ADD ? x + y : x - y) + 0.0;

				cr_assert_eq(eng->dst[0][i], ttx_fmt_fpu_round(v, TTX_DST_BF16),
					     "trial %d op %d i %d: %04x %04x", trial, op, i,
					     get16(a, i), get16(b, i));
			}
		}
}

Test(tile, add_accumulate)
{
	static uint8_t a[2048], b[2048];
	float va[N], vb[N];
	double d[N];

	init_engine(eng, true, false, TTX_LOFI);
	rand_bf16_tile(a, va, 0.25, 4);
	rand_bf16_tile(b, vb, 0.25, 4);
	cr_assert_eq(ttx_tile_binary_tiles(eng, TTX_ELW_ADD, TTX_BCAST_NONE, TT_DF_FLOAT16_B, a,
					   TT_DF_FLOAT16_B, b, 0),
		     0);
	ttx_tile_unpack(eng, TTX_SRC_A, TT_DF_FLOAT16_B, a, 0);
	ttx_tile_unpack(eng, TTX_SRC_B, TT_DF_FLOAT16_B, b, 0);
	cr_assert_eq(ttx_tile_eltwise(eng, TTX_ELW_SUB, TTX_BCAST_NONE, 0, true, 0), 0);
	ttx_tile_dst_read(eng, 0, d);
	for (int i = 0; i < N; i++)
		cr_assert_eq(d[i], (float)((double)va[i] + vb[i] + ((double)va[i] - vb[i])));
}

/* The operand bits each fidelity phase feeds to the multiplier. */
static float ref_fid_a(float x, int p)
{
	uint32_t u = fbits(x);

	if (!(p & 1))
		return bitsf(u & 0xfff80000);
	return x - bitsf(u & 0xfff83fff);
}

static float ref_fid_b(float x, int p)
{
	uint32_t u = fbits(x);

	if (!(p & 2))
		return bitsf(u & 0xfffe0000);
	return x - bitsf(u & 0xfffe1fff);
}

static int nphases(TTMathFidelity f)
{
	return f == TTX_LOFI ? 1 : (int)f;
}

static const TTMathFidelity fids[] = { TTX_LOFI, TTX_HIFI2, TTX_HIFI3, TTX_HIFI4 };

/* Slices of 1.9921875 (bf16 0x3fff): A 1.9375 + 0.0546875, B 1.984375
 * + 0.0078125; phase sums with an fp32 Dst are exact. */
Test(tile, fidelity_phase_vectors)
{
	static uint8_t a[2048];
	const double want[] = { 1.9375 * 1.984375, 1.9921875 * 1.984375,
				1.9921875 * 1.984375 + 1.9375 * 0.0078125, 1.9921875 * 1.9921875 };
	double d[N];

	for (int i = 0; i < N; i++) {
		a[2 * i] = 0xff;
		a[2 * i + 1] = 0x3f;
	}
	for (int f = 0; f < 4; f++) {
		init_engine(eng, true, false, fids[f]);
		cr_assert_eq(ttx_tile_binary_tiles(eng, TTX_ELW_MUL, TTX_BCAST_NONE,
						   TT_DF_FLOAT16_B, a, TT_DF_FLOAT16_B, a, 0),
			     0);
		ttx_tile_dst_read(eng, 0, d);
		cr_assert_eq(d[5], want[f], "fidelity %d: %.10g", fids[f], d[5]);
	}
	/* TF32 operand: SrcA's tenth mantissa bit is never used. */
	{
		static uint8_t t[4096], one[4096];
		float x = bitsf(0x3f802000), o = 1.0f; /* 1 + 2^-10 */

		for (int i = 0; i < N; i++) {
			memcpy(t + 4 * i, &x, 4);
			memcpy(one + 4 * i, &o, 4);
		}
		init_engine(eng, true, false, TTX_HIFI4);
		ttx_tile_binary_tiles(eng, TTX_ELW_MUL, TTX_BCAST_NONE, TT_DF_FLOAT32, t,
				      TT_DF_FLOAT32, one, 0);
		ttx_tile_dst_read(eng, 0, d);
		cr_assert_eq(d[0], 1.0);
		/* ...while SrcB's is. */
		init_engine(eng, true, false, TTX_HIFI4);
		ttx_tile_binary_tiles(eng, TTX_ELW_MUL, TTX_BCAST_NONE, TT_DF_FLOAT32, one,
				      TT_DF_FLOAT32, t, 0);
		ttx_tile_dst_read(eng, 0, d);
		cr_assert_eq(d[0], 1.0 + 0x1p-10);
	}
}

/* The fidelity phase chain for one product, Dst rounded per phase. */
static float ref_mul(float x, float y, TTMathFidelity fid, bool fp32)
{
	float d = 0;

	for (int p = 0; p < nphases(fid); p++) {
		d += ref_fid_a(x, p) * ref_fid_b(y, p); /* exact in float */
		if (!fp32)
			d = bf16f(rne_bf16(d));
	}
	return d;
}

static void check_mul(bool fp32, TTMathFidelity fid, TTBcast bc)
{
	static uint8_t a[2048], b[2048], out[4096];
	float va[N], vb[N], got;

	init_engine(eng, fp32, false, fid);
	rand_bf16_tile(a, va, 0.1, 8);
	rand_bf16_tile(b, vb, 0.1, 8);
	ttx_tile_binary_tiles(eng, TTX_ELW_MUL, bc, TT_DF_FLOAT16_B, a, TT_DF_FLOAT16_B, b, 1);
	ttx_tile_commit(eng);
	ttx_tile_wait(eng);
	ttx_tile_pack(eng, 1, TT_DF_FLOAT32, out);
	for (unsigned r = 0; r < 32; r++)
		for (unsigned c = 0; c < 32; c++) {
			unsigned i = ttx_tile_index(r, c);
			float want = ref_mul(va[i], vb[bidx(bc, r, c)], fid, fp32);

			memcpy(&got, out + 4 * i, 4);
			cr_assert_eq(got, want, "fp32 %d fid %d bc %d (%u,%u): %a vs %a", fp32, fid,
				     bc, r, c, got, want);
		}
}

/* mul_tiles on random tiles, each fidelity, bf16 and fp32 Dst, against
 * the phase chain rounded per phase (ELWMUL). */
Test(tile, mul_fidelity_bit_exact)
{
	for (int fp32 = 0; fp32 < 2; fp32++)
		for (int f = 0; f < 4; f++)
			for (int bc = TTX_BCAST_NONE; bc <= TTX_BCAST_SCALAR; bc++)
				check_mul(fp32, fids[f], bc);
}

/* mul_tiles twice in one acquire accumulates (ELWMUL is always +=). */
Test(tile, mul_accumulates)
{
	static uint8_t a[2048];
	float va[N];
	double d[N];

	init_engine(eng, true, false, TTX_HIFI4);
	rand_bf16_tile(a, va, 0.5, 2);
	for (int k = 0; k < 2; k++)
		ttx_tile_binary_tiles(eng, TTX_ELW_MUL, TTX_BCAST_NONE, TT_DF_FLOAT16_B, a,
				      TT_DF_FLOAT16_B, a, 0);
	ttx_tile_dst_read(eng, 0, d);
	for (int i = 0; i < N; i++)
		cr_assert_eq(d[i], 2.0 * va[i] * va[i]);
}

/*
 * binary_dest_reuse_tiles: the Dst tile moves into one Src (MOVD2A /
 * MOVD2B) and is cleared, the other Src holds the unpacked tile, and the
 * op writes Dst, mul included (it would otherwise accumulate).
 */
Test(tile, dest_reuse)
{
	static uint8_t a[2048], b[2048];
	float va[N], vb[N];
	double d[N];

	for (int op = TTX_ELW_ADD; op <= TTX_ELW_MUL; op++)
		for (unsigned src = TTX_SRC_A; src <= TTX_SRC_B; src++) {
			unsigned other = src == TTX_SRC_A ? TTX_SRC_B : TTX_SRC_A;

			init_engine(eng, true, false, TTX_HIFI4);
			rand_bf16_tile(a, va, 0.5, 2);
			rand_bf16_tile(b, vb, 0.5, 2);
			cr_assert_eq(ttx_tile_copy_tile(eng, TT_DF_FLOAT16_B, a, 1), 0);
			cr_assert_eq(ttx_tile_unpack(eng, other, TT_DF_FLOAT16_B, b, 0), 0);
			cr_assert_eq(ttx_tile_src_dvalid(eng, src), 0);
			cr_assert_eq(ttx_tile_reuse_dst(eng, src, 1), 0);
			cr_assert_eq(ttx_tile_eltwise(eng, op, TTX_BCAST_NONE, 0, false, 1), 0);
			ttx_tile_dst_read(eng, 1, d);
			for (int i = 0; i < N; i++) {
				/* Exact in FP32 for these ranges. */
				float x = src == TTX_SRC_A ? va[i] : vb[i];
				float y = src == TTX_SRC_A ? vb[i] : va[i];
				float want = op == TTX_ELW_ADD	 ? x + y
					     : op == TTX_ELW_SUB ? x - y
								 : x * y;

				cr_assert_eq(d[i], want,
					     "op %d into Src %u, elem %d: %a (x %a y %a)", op, src,
					     i, d[i], x, y);
			}
		}
	/* The Src must belong to the FPU first. */
	init_engine(eng, true, false, TTX_HIFI4);
	cr_assert_eq(ttx_tile_reuse_dst(eng, TTX_SRC_A, 0), TTX_TILE_BLOCKED);
}

/* ---- matmul (MVMUL) -------------------------------------------- */

/* Independent model: phase outer, 16-term chunks in double, Dst rounded
 * after each chunk; in0 is SrcB (7-bit slices), in1 SrcA (5-bit). */
static float ref_mm_elem(const float *x, const float *y, bool tr, TTMathFidelity fid, bool fp32,
			 unsigned r, unsigned c, float d)
{
	for (int p = 0; p < nphases(fid); p++)
		for (unsigned k0 = 0; k0 < 32; k0 += 16) {
			double s = 0;

			for (unsigned k = k0; k < k0 + 16; k++) {
				float xv = x[ttx_tile_index(r, k)];
				float yv = tr ? y[ttx_tile_index(c, k)] : y[ttx_tile_index(k, c)];

				s += (double)ref_fid_b(xv, p) * ref_fid_a(yv, p);
			}
			d = (float)((double)d + s);
			if (!fp32)
				d = bf16f(rne_bf16(d));
		}
	return d;
}

static void ref_matmul_tile(const float *x, const float *y, bool tr, TTMathFidelity fid, bool fp32,
			    float *dst)
{
	for (unsigned r = 0; r < 32; r++)
		for (unsigned c = 0; c < 32; c++) {
			unsigned i = ttx_tile_index(r, c);

			dst[i] = ref_mm_elem(x, y, tr, fid, fp32, r, c, dst[i]);
		}
}

/*
 * The FPU loops at SIMD level @lv on tiles @a, @b of @fmt: three matmuls
 * into Dst 0 (the middle one transposed), add, sub with broadcasts, and
 * an accumulating sub; Dst 0..3 (bits and defined rows) into @out.
 */
static void simd_run(TTSimdLevel lv, bool fp32, TTMathFidelity fid, unsigned fmt, const uint8_t *a,
		     const uint8_t *b, uint32_t out[4][N + 2])
{
	ttx_tile_simd_max = lv;
	init_engine(eng, fp32, false, fid);
	for (int k = 0; k < 3; k++)
		cr_assert_eq(ttx_tile_matmul_tiles(eng, fmt, a, fmt, b, k == 1, 0), 0);
	cr_assert_eq(ttx_tile_binary_tiles(eng, TTX_ELW_ADD, TTX_BCAST_NONE, fmt, a, fmt, b, 1), 0);
	cr_assert_eq(ttx_tile_binary_tiles(eng, TTX_ELW_SUB, TTX_BCAST_COL, fmt, a, fmt, b, 2), 0);
	cr_assert_eq(ttx_tile_binary_tiles(eng, TTX_ELW_ADD, TTX_BCAST_ROW, fmt, b, fmt, a, 3), 0);
	cr_assert_eq(ttx_tile_unpack(eng, TTX_SRC_A, fmt, b, 0), 0);
	cr_assert_eq(ttx_tile_unpack(eng, TTX_SRC_B, fmt, a, 0), 0);
	cr_assert_eq(ttx_tile_eltwise(eng, TTX_ELW_SUB, TTX_BCAST_SCALAR, 0, true, 1), 0);
	for (unsigned t = 0; t < 4; t++) {
		memcpy(out[t], eng->dst[t], sizeof(eng->dst[t]));
		memcpy(&out[t][N], &eng->defined[t], sizeof(eng->defined[t]));
	}
	ttx_tile_simd_max = TTX_SIMD_AVX512;
}

/*
 * Every SIMD build of the FPU loops the host runs gives the portable
 * build's bits: Float16_b, Float16 and Float32 tiles, of values and of
 * any bit pattern (denormals, the top exponent), both Dst widths, every
 * fidelity.
 */
Test(tile, simd_levels_agree_with_portable)
{
	static const unsigned fmts[] = { TT_DF_FLOAT16_B, TT_DF_FLOAT16, TT_DF_FLOAT32 };
	static uint8_t a[2][4096], b[2][4096];
	static uint32_t want[4][N + 2], got[4][N + 2];
	float va[N], vb[N];
	TTSimdLevel host = ttx_tile_simd_level();

	rand_bf16_tile(a[0], va, 1e-3, 1e3);
	rand_bf16_tile(b[0], vb, 1e-3, 1e3);
	for (int i = 0; i < 4096; i++) { /* any bit pattern */
		a[1][i] = (uint8_t)(i * 37 + 11 + (i >> 7));
		b[1][i] = (uint8_t)(i * 101 + 3 + (i >> 5));
	}
	printf("SIMD level of this host: %d\n", (int)host);
	for (unsigned fi = 0; fi < 3; fi++)
		for (int fp32 = 0; fp32 < 2; fp32++)
			for (int f = 0; f < 4; f++)
				for (int wild = 0; wild < 2; wild++) {
					if (fmts[fi] == TT_DF_FLOAT32 && !wild)
						continue; /* bf16 data */
					simd_run(TTX_SIMD_PORTABLE, fp32, fids[f], fmts[fi],
						 a[wild], b[wild], want);
					for (int lv = TTX_SIMD_PORTABLE + 1; lv <= (int)host;
					     lv++) {
						simd_run((TTSimdLevel)lv, fp32, fids[f], fmts[fi],
							 a[wild], b[wild], got);
						cr_assert(!memcmp(want, got, sizeof(want)),
							  "level %d fmt %u fp32 %d fid %d wild %d: "
							  "differs",
							  lv, fmts[fi], fp32, fids[f], wild);
					}
				}
}

Test(tile, matmul_tile_bit_exact)
{
	static uint8_t a[2048], b[2048];
	float va[N], vb[N], want[N];
	double got[N];

	for (int fp32 = 0; fp32 < 2; fp32++)
		for (int f = 0; f < 4; f++)
			for (int tr = 0; tr < 2; tr++) {
				init_engine(eng, fp32, false, fids[f]);
				/* Power-of-two-spaced magnitudes keep every
				 * chunk sum exact in double. */
				rand_bf16_tile(a, va, 0.5, 1);
				rand_bf16_tile(b, vb, 0.5, 1);
				memset(want, 0, sizeof(want));
				for (int k = 0; k < 2; k++) {
					cr_assert_eq(ttx_tile_matmul_tiles(eng, TT_DF_FLOAT16_B, a,
									   TT_DF_FLOAT16_B, b, tr,
									   3),
						     0);
					ref_matmul_tile(va, vb, tr, fids[f], fp32, want);
				}
				ttx_tile_dst_read(eng, 3, got);
				for (int i = 0; i < N; i++)
					cr_assert_eq((float)got[i], want[i],
						     "fp32 %d fid %d tr %d i %d: %a vs %a", fp32,
						     fids[f], tr, i, (float)got[i], want[i]);
			}
}

/*
 * Matmuls issued (operands taken, banks handed back) and run later, after
 * the unpackers have refilled the banks and on a scratch of their own, are
 * the matmuls run at once: six issues into two Dst tiles, then their runs
 * in issue order, for each fidelity, a 16-bit and a 32-bit Dst, and wide
 * random operands (so the roundings and the special cases matter).
 */
static void issue_then_run(bool fp32, TTMathFidelity fid)
{
	static uint8_t a[6][2048], b[6][2048], got[4096], want[4096];
	TTTileEngine *ref = malloc(sizeof(*ref));
	TTMatmulJob *jobs = aligned_alloc(64, 6 * sizeof(*jobs));
	TTSlices *scratch = aligned_alloc(64, (sizeof(*scratch) + 63) & ~(size_t)63);
	unsigned fmt = fp32 ? TT_DF_FLOAT32 : TT_DF_FLOAT16_B;
	float v[N];

	cr_assert(ref && jobs && scratch);
	init_engine(eng, fp32, false, fid);
	ttx_tile_init(ref, &eng->cfg);
	for (int j = 0; j < 6; j++) {
		rand_bf16_tile(a[j], v, 1e-3, 1e3);
		rand_bf16_tile(b[j], v, 1e-3, 1e3);
	}
	cr_assert_eq(ttx_tile_acquire(eng), 0);
	cr_assert_eq(ttx_tile_acquire(ref), 0);
	for (int j = 0; j < 6; j++) {
		cr_assert_eq(ttx_tile_unpack(eng, TTX_SRC_B, TT_DF_FLOAT16_B, a[j], 0), 0);
		cr_assert_eq(ttx_tile_unpack(eng, TTX_SRC_A, TT_DF_FLOAT16_B, b[j], 0), 0);
		cr_assert_eq(ttx_tile_matmul_issue(eng, (unsigned)j & 1, &jobs[j]), 0);
		/* The banks are the unpackers' again. */
		cr_assert_eq(ttx_tile_matmul_issue(eng, 0, &jobs[5]), TTX_TILE_BLOCKED);
		cr_assert_eq(ttx_tile_matmul_tiles(ref, TT_DF_FLOAT16_B, a[j], TT_DF_FLOAT16_B,
						   b[j], false, (unsigned)j & 1),
			     0);
	}
	for (int j = 0; j < 6; j++)
		ttx_tile_matmul_run(eng, &jobs[j], j < 3 ? scratch : NULL);
	ttx_tile_commit(eng);
	ttx_tile_wait(eng);
	ttx_tile_commit(ref);
	ttx_tile_wait(ref);
	for (unsigned t = 0; t < 2; t++) {
		cr_assert_eq(ttx_tile_pack(eng, t, fmt, got), 0);
		cr_assert_eq(ttx_tile_pack(ref, t, fmt, want), 0);
		cr_assert_arr_eq(got, want, sizeof(got), "fp32 %d fidelity %d: Dst tile %u differs",
				 fp32, fid, t);
	}
	ttx_tile_fini(ref);
	free(ref);
	free(jobs);
	free(scratch);
}

Test(tile, matmul_issued_then_run_is_the_matmul)
{
	for (int fp32 = 0; fp32 < 2; fp32++)
		for (int f = 0; f < 4; f++)
			issue_then_run(fp32, fids[f]);
}

/* Pearson correlation. */
static double pcc(const double *x, const double *y, size_t n)
{
	double mx = 0, my = 0, sxy = 0, sxx = 0, syy = 0;

	for (size_t i = 0; i < n; i++) {
		mx += x[i];
		my += y[i];
	}
	mx /= n;
	my /= n;
	for (size_t i = 0; i < n; i++) {
		sxy += (x[i] - mx) * (y[i] - my);
		sxx += (x[i] - mx) * (x[i] - mx);
		syy += (y[i] - my) * (y[i] - my);
	}
	return sxy / sqrt(sxx * syy);
}

/* M x K @ K x N in tiles, bf16 in, bf16 out, against fp64. */
static double matmul_pcc(unsigned mt, unsigned kt, unsigned nt, TTMathFidelity fid)
{
	unsigned M = mt * 32, K = kt * 32, Nn = nt * 32;
	double *A = malloc(sizeof(double) * M * K);
	double *B = malloc(sizeof(double) * K * Nn);
	double *G = calloc((size_t)M * Nn, sizeof(double));
	double *C = malloc(sizeof(double) * M * Nn);
	uint8_t *ta = malloc((size_t)mt * kt * 2048);
	uint8_t *tb = malloc((size_t)kt * nt * 2048);
	uint8_t out[2048];
	double r;

	for (unsigned i = 0; i < M * K; i++)
		A[i] = rnd(-1, 1);
	for (unsigned i = 0; i < K * Nn; i++)
		B[i] = rnd(-1, 1);
	for (unsigned i = 0; i < M; i++)
		for (unsigned k = 0; k < K; k++)
			for (unsigned j = 0; j < Nn; j++)
				G[i * Nn + j] += A[i * K + k] * B[k * Nn + j];
	/* Tilize with bf16 rounding (the host's job). */
	for (unsigned i = 0; i < M; i++)
		for (unsigned k = 0; k < K; k++) {
			uint16_t h = rne_bf16((float)A[i * K + k]);
			uint8_t *t = ta + ((i / 32) * kt + k / 32) * 2048 +
				     2 * ttx_tile_index(i % 32, k % 32);

			t[0] = (uint8_t)h;
			t[1] = (uint8_t)(h >> 8);
		}
	for (unsigned k = 0; k < K; k++)
		for (unsigned j = 0; j < Nn; j++) {
			uint16_t h = rne_bf16((float)B[k * Nn + j]);
			uint8_t *t = tb + ((k / 32) * nt + j / 32) * 2048 +
				     2 * ttx_tile_index(k % 32, j % 32);

			t[0] = (uint8_t)h;
			t[1] = (uint8_t)(h >> 8);
		}
	init_engine(eng, false, false, fid);
	for (unsigned i = 0; i < mt; i++)
		for (unsigned j = 0; j < nt; j++) {
			cr_assert_eq(ttx_tile_acquire(eng), 0);
			for (unsigned k = 0; k < kt; k++)
				ttx_tile_matmul_tiles(eng, TT_DF_FLOAT16_B,
						      ta + (i * kt + k) * 2048, TT_DF_FLOAT16_B,
						      tb + (k * nt + j) * 2048, false, 0);
			ttx_tile_commit(eng);
			cr_assert_eq(ttx_tile_wait(eng), 0);
			ttx_tile_pack(eng, 0, TT_DF_FLOAT16_B, out);
			ttx_tile_release(eng);
			for (unsigned r2 = 0; r2 < 32; r2++)
				for (unsigned c = 0; c < 32; c++)
					C[(i * 32 + r2) * Nn + j * 32 + c] =
						bf16f(get16(out, ttx_tile_index(r2, c)));
		}
	r = pcc(C, G, (size_t)M * Nn);
	free(A);
	free(B);
	free(G);
	free(C);
	free(ta);
	free(tb);
	return r;
}

Test(tile, matmul_multi_tile_pcc)
{
	double hifi4 = matmul_pcc(4, 4, 4, TTX_HIFI4);
	double lofi = matmul_pcc(4, 4, 4, TTX_LOFI);

	printf("matmul 128x128x128 bf16: PCC vs fp64 HiFi4 %.6f LoFi %.6f\n", hifi4, lofi);
	cr_assert_geq(hifi4, 0.999);
	cr_assert_geq(lofi, 0.99);
}

/* ---- reduce (Reduce) -------------------------------------------- */

static void scaler_tile(uint8_t *t, float s)
{
	uint16_t h = rne_bf16(s);

	memset(t, 0, 2048);
	for (int f = 0; f < 4; f++)
		for (int k = 0; k < 16; k++) {
			t[2 * (f * 256 + k)] = (uint8_t)h;
			t[2 * (f * 256 + k) + 1] = (uint8_t)(h >> 8);
		}
}

Test(tile, reduce_sum_avg)
{
	static uint8_t a[2048], s1[2048], s32[2048];
	float va[N];
	double d[N];

	scaler_tile(s1, 1.0f);
	scaler_tile(s32, 1.0f / 32);
	for (int fp32 = 0; fp32 < 2; fp32++)
		for (int dim = TTX_REDUCE_ROW; dim <= TTX_REDUCE_SCALAR; dim++) {
			init_engine(eng, fp32, false, TTX_HIFI4);
			rand_bf16_tile(a, va, 0.1, 4);
			ttx_tile_reduce_tile(eng, TTX_POOL_SUM, dim, TT_DF_FLOAT16_B, a,
					     TT_DF_FLOAT16_B, s1, 0);
			ttx_tile_reduce_tile(eng, TTX_POOL_AVG, dim, TT_DF_FLOAT16_B, a,
					     TT_DF_FLOAT16_B, s32, 1);
			for (unsigned o = 0; o < 32; o++) {
				double g = 0, absum = 0;
				unsigned oi;

				for (unsigned k = 0; k < 32; k++) {
					for (unsigned k2 = 0; k2 < 32; k2++) {
						unsigned i = dim == TTX_REDUCE_ROW
								     ? ttx_tile_index(o, k)
							     : dim == TTX_REDUCE_COL
								     ? ttx_tile_index(k, o)
								     : ttx_tile_index(k, k2);

						if (dim != TTX_REDUCE_SCALAR && k2)
							continue;
						g += va[i];
						absum += fabs(va[i]);
					}
				}
				oi = dim == TTX_REDUCE_ROW ? ttx_tile_index(o, 0)
							   : ttx_tile_index(0, o);
				/* Per 16-term chunk one Dst rounding: bf16 Dst
				 * loses at most 2^-8 of the running sum each.
				 * REDUCE_SCALAR's row goes through SrcA, whose
				 * 10 mantissa bits bound an fp32 Dst's error. */
				double tol = !fp32 ? 0.03 : dim == TTX_REDUCE_SCALAR ? 2e-3 : 1e-6;

				ttx_tile_dst_read(eng, 0, d);
				cr_assert_leq(fabs(d[oi] - g), absum * tol,
					      "fp32 %d dim %d o %u: %g vs %g", fp32, dim, o, d[oi],
					      g);
				/* REDUCE_SCALAR applies the scaler twice. */
				ttx_tile_dst_read(eng, 1, d);
				double gs = dim == TTX_REDUCE_SCALAR ? g / 1024 : g / 32;
				double as = dim == TTX_REDUCE_SCALAR ? absum / 1024 : absum / 32;
				cr_assert_leq(fabs(d[oi] - gs), as * tol,
					      "fp32 %d dim %d o %u: %g vs %g", fp32, dim, o, d[oi],
					      gs);
				if (dim == TTX_REDUCE_SCALAR)
					break;
			}
			/* Elements other than the result stay 0. */
			ttx_tile_dst_read(eng, 0, d);
			cr_assert_eq(d[ttx_tile_index(5, 5)], 0.0);
		}
}

Test(tile, reduce_max_exact)
{
	static uint8_t a[2048], s1[2048], s2[2048];
	float va[N];
	double d[N];

	scaler_tile(s1, 1.0f);
	scaler_tile(s2, 3.0f); /* GMPOOL uses only its power of two: 2 */
	for (int dim = TTX_REDUCE_ROW; dim <= TTX_REDUCE_SCALAR; dim++) {
		init_engine(eng, false, false, TTX_LOFI);
		/* All negative: an undefined Dst must read as -inf. */
		rand_bf16_tile(a, va, 0.1, 4);
		for (int i = 0; i < N; i++) {
			va[i] = -fabsf(va[i]);
			a[2 * i + 1] |= 0x80;
		}
		ttx_tile_reduce_tile(eng, TTX_POOL_MAX, dim, TT_DF_FLOAT16_B, a, TT_DF_FLOAT16_B,
				     s1, 0);
		ttx_tile_reduce_tile(eng, TTX_POOL_MAX, dim, TT_DF_FLOAT16_B, a, TT_DF_FLOAT16_B,
				     s2, 1);
		for (unsigned o = 0; o < 32; o++) {
			float m = -INFINITY;
			unsigned oi =
				dim == TTX_REDUCE_ROW ? ttx_tile_index(o, 0) : ttx_tile_index(0, o);

			for (unsigned r = 0; r < 32; r++)
				for (unsigned c = 0; c < 32; c++)
					if ((dim == TTX_REDUCE_ROW && r == o) ||
					    (dim == TTX_REDUCE_COL && c == o) ||
					    dim == TTX_REDUCE_SCALAR)
						m = fmaxf(m, va[ttx_tile_index(r, c)]);
			ttx_tile_dst_read(eng, 0, d);
			cr_assert_eq(d[oi], m, "dim %d o %u: %g vs %g", dim, o, d[oi], m);
			ttx_tile_dst_read(eng, 1, d);
			cr_assert_eq(d[oi], 2 * m);
			if (dim == TTX_REDUCE_SCALAR)
				break;
		}
	}
}

/* Reduce is a GAPOOL, so LoFi slices the data to 5 bits. */
Test(tile, reduce_sum_lofi_slices_data)
{
	static uint8_t a[2048], s1[2048];
	double d[N];

	scaler_tile(s1, 1.0f);
	for (int i = 0; i < N; i++) {
		a[2 * i] = 0xff; /* 1.9921875 */
		a[2 * i + 1] = 0x3f;
	}
	init_engine(eng, true, false, TTX_LOFI);
	ttx_tile_reduce_tile(eng, TTX_POOL_SUM, TTX_REDUCE_COL, TT_DF_FLOAT16_B, a, TT_DF_FLOAT16_B,
			     s1, 0);
	ttx_tile_dst_read(eng, 0, d);
	cr_assert_eq(d[0], 32 * 1.9375);
	init_engine(eng, true, false, TTX_HIFI2);
	ttx_tile_reduce_tile(eng, TTX_POOL_SUM, TTX_REDUCE_COL, TT_DF_FLOAT16_B, a, TT_DF_FLOAT16_B,
			     s1, 0);
	ttx_tile_dst_read(eng, 0, d);
	cr_assert_eq(d[0], 32 * 1.9921875);
}

/* ---- pack formats from the engine --------------------------------- */

/* A random bf16 tile @a (values @va) copied into Dst 0, ready to pack. */
static void random_tile_to_pack(uint8_t *a, float *va)
{
	init_engine(eng, false, false, TTX_HIFI4);
	rand_bf16_tile(a, va, 0.01, 10);
	ttx_tile_copy_tile(eng, TT_DF_FLOAT16_B, a, 0);
	ttx_tile_commit(eng);
	ttx_tile_wait(eng);
}

Test(tile, pack_bfp_from_engine)
{
	static uint8_t a[2048], o8[1088], o4[576];
	static uint32_t back[N];
	float va[N];

	random_tile_to_pack(a, va);
	cr_assert_eq(ttx_tile_pack(eng, 0, TT_DF_BFP8_B, o8), 0);
	cr_assert_eq(ttx_tile_pack(eng, 0, TT_DF_BFP4_B, o4), 0);
	cr_assert_eq(ttx_fmt_decode_tile(TT_DF_BFP8_B, o8, back), 0);
	/* Each value within half a step of its row's 2^(e-6) grid. */
	for (int i = 0; i < N; i++) {
		double step = ldexp(1.0, o8[i / 16] - 127 - 6);
		double got = bitsf(back[i]);

		cr_assert_leq(fabs(got - va[i]), step / 2 + 1e-30, "elem %d", i);
	}
	/* Bfp4 shares the exponents. */
	cr_assert_arr_eq(o4, o8, 64);
}

/*
 * A Float16_b pack of a BF16 Dst (the common case, vectorised) is the
 * format library's pack of the same values, with the rows never written
 * since ZEROACC packed as 0.
 */
Test(tile, pack_bf16_of_partly_written_dst)
{
	static uint8_t a[2048], got[2048], want[2048];
	static uint32_t v[N];
	float va[N];

	random_tile_to_pack(a, va);
	cr_assert_eq(eng->kind[0], TTX_DST_BF16);
	eng->defined[0] = 0xf0f0a5a5c3c30ff1ull;
	for (int i = 0; i < N; i++)
		v[i] = (eng->defined[0] >> (i / 16)) & 1 ? eng->dst[0][i] : 0;
	cr_assert_eq(ttx_fmt_pack_tile(TT_DF_FLOAT16_B, TTX_DST_BF16, v, want), 0);
	cr_assert_eq(ttx_tile_pack(eng, 0, TT_DF_FLOAT16_B, got), 0);
	cr_assert_arr_eq(got, want, sizeof(got));
	for (int i = 0; i < N; i++)
		if ((eng->defined[0] >> (i / 16)) & 1)
			cr_assert_eq(get16(got, i), get16(a, i), "element %d", i);
		else
			cr_assert_eq(get16(got, i), 0, "element %d of an undefined row", i);
}

/* ---- tilize / untilize rows ----------------------------------- */

/*
 * @fmt tiles read out of row-major data @w tiles wide (tilize: unpack
 * with a row stride), then written back as rows (untilize: pack with a
 * row stride): each tile must be the face-order image of its 32x32 part
 * of the rows, and the rows must come back bit for bit, bytes of other
 * tiles between the rows left alone.  @fp32 picks the Dst; @to_dst
 * unpacks to Dst.
 */
static void rows_round_trip(unsigned fmt, bool fp32, bool to_dst)
{
	enum { W = 3 };
	size_t es = ttx_fmt_elem_bytes(fmt), stride = W * 32 * es;
	static uint8_t rows[32 * W * 32 * 4], back[sizeof(rows)], tile[4096];

	cr_assert(es);
	for (size_t i = 0; i < 32 * stride; i++)
		rows[i] = (uint8_t)(rnd(0, 256));
	if (fmt == TT_DF_FLOAT16_B || fmt == TT_DF_FLOAT16)
		for (size_t i = 0; i < 32 * W * 32; i++) /* no denormals */
			rows[2 * i + 1] = (uint8_t)((rows[2 * i + 1] & 0x83) | 0x3c);
	memset(back, 0xa5, sizeof(back));
	for (unsigned t = 0; t < W; t++) {
		init_engine(eng, fp32, false, TTX_HIFI4);
		cr_assert_eq(ttx_tile_acquire(eng), 0);
		cr_assert_eq(ttx_tile_unpack_rows(eng, TTX_SRC_A, fmt, rows + t * 32 * es, stride,
						  to_dst ? TTX_UNPACK_TO_DST : 0),
			     0);
		cr_assert_eq(ttx_tile_src_dvalid(eng, TTX_SRC_B), 0);
		cr_assert_eq(ttx_tile_datacopy(eng, TTX_SRC_A, 0), 0);
		cr_assert_eq(ttx_tile_commit(eng), 0);
		cr_assert_eq(ttx_tile_wait(eng), 0);
		cr_assert_eq(ttx_tile_pack(eng, 0, fmt, tile), 0);
		for (unsigned r = 0; r < 32; r++)
			for (unsigned c = 0; c < 32; c++)
				cr_assert_arr_eq(tile + ttx_tile_index(r, c) * es,
						 rows + r * stride + (t * 32 + c) * es, es,
						 "tile %u (%u, %u)", t, r, c);
		cr_assert_eq(ttx_tile_pack_rows(eng, 0, fmt, back + t * 32 * es, stride), 0);
		if (t + 1 < W) /* tile t + 1's columns are still untouched */
			cr_assert_eq(back[(t + 1) * 32 * es], 0xa5);
	}
	cr_assert_arr_eq(back, rows, 32 * stride);
}

Test(tile, tilize_untilize_rows_bf16)
{
	rows_round_trip(TT_DF_FLOAT16_B, false, false);
}

Test(tile, tilize_untilize_rows_fp16)
{
	rows_round_trip(TT_DF_FLOAT16, false, false);
}

Test(tile, tilize_untilize_rows_fp32_to_dst)
{
	rows_round_trip(TT_DF_FLOAT32, true, true);
}

Test(tile, tilize_rows_fp32_through_src_truncates)
{
	static uint8_t rows[32 * 64 * 4], out[4096];
	uint32_t u;

	for (int i = 0; i < 32 * 64; i++) {
		u = fbits((float)rnd(-3, 3)) | 0x1fff;
		memcpy(rows + 4 * i, &u, 4);
	}
	/* Through SrcA with a 16-bit Dst: BF16 truncation, as copy_tile. */
	init_engine(eng, false, false, TTX_HIFI4);
	cr_assert_eq(ttx_tile_unpack_rows(eng, TTX_SRC_A, TT_DF_FLOAT32, rows, 64 * 4, 0), 0);
	cr_assert_eq(ttx_tile_src_dvalid(eng, TTX_SRC_B), 0);
	cr_assert_eq(ttx_tile_datacopy(eng, TTX_SRC_A, 0), 0);
	ttx_tile_commit(eng);
	ttx_tile_wait(eng);
	cr_assert_eq(ttx_tile_pack(eng, 0, TT_DF_FLOAT32, out), 0);
	for (unsigned r = 0; r < 32; r++)
		for (unsigned c = 0; c < 32; c++) {
			uint32_t w;

			memcpy(&u, rows + r * 256 + 4 * c, 4);
			memcpy(&w, out + 4 * ttx_tile_index(r, c), 4);
			cr_assert_eq(w, u & 0xffff0000u, "(%u, %u)", r, c);
		}
}

Test(tile, rows_reject_bad_layouts)
{
	static uint8_t buf[64 * 32 * 4];

	init_engine(eng, false, false, TTX_HIFI4);
	/* Block formats have no row-major form; strides under one row. */
	cr_expect_eq(ttx_tile_unpack_rows(eng, TTX_SRC_A, TT_DF_BFP8_B, buf, 64, 0),
		     TTX_TILE_EINVAL);
	cr_expect_eq(ttx_tile_unpack_rows(eng, TTX_SRC_A, TT_DF_FLOAT16_B, buf, 62, 0),
		     TTX_TILE_EINVAL);
	/* 32-bit data to a 16-bit Dst. */
	cr_expect_eq(
		ttx_tile_unpack_rows(eng, TTX_SRC_A, TT_DF_FLOAT32, buf, 128, TTX_UNPACK_TO_DST),
		TTX_TILE_EINVAL);
	ttx_tile_commit(eng);
	ttx_tile_wait(eng);
	cr_expect_eq(ttx_tile_pack_rows(eng, 0, TT_DF_BFP4_B, buf, 64), TTX_TILE_EINVAL);
	cr_expect_eq(ttx_tile_pack_rows(eng, 0, TT_DF_FLOAT32, buf, 64), TTX_TILE_EINVAL);
}

Test(tile, unpack_to_dst_bank_only_feeds_datacopy)
{
	static uint8_t a[2048];
	float v[N];

	init_engine(eng, false, false, TTX_HIFI4);
	rand_bf16_tile(a, v, 0.5, 2);
	cr_assert_eq(ttx_tile_unpack(eng, TTX_SRC_A, TT_DF_FLOAT16_B, a, TTX_UNPACK_TO_DST), 0);
	cr_assert_eq(ttx_tile_unpack(eng, TTX_SRC_B, TT_DF_FLOAT16_B, a, 0), 0);
	cr_expect_eq(ttx_tile_eltwise(eng, TTX_ELW_ADD, TTX_BCAST_NONE, 0, false, 0),
		     TTX_TILE_EINVAL);
	cr_expect_eq(ttx_tile_matmul(eng, 0), TTX_TILE_EINVAL);
	cr_expect_eq(ttx_tile_datacopy(eng, TTX_SRC_A, 0), 0);
}

/* ---- matmul block -------------------------------------------------- */

/*
 * matmul_block over rt x ct Dst tiles and kt k steps against rt * ct * kt
 * single-tile matmuls on a second engine: bit for bit, at @fid, with the
 * given Dst.
 */
static void block_vs_tiles(unsigned rt, unsigned ct, unsigned kt, bool fp32, TTMathFidelity fid,
			   bool transpose)
{
	static uint8_t a[16 * 4][2048], b[4 * 16][2048], got[2048], want[2048];
	TTTileEngine *ref = malloc(sizeof(*ref));
	float v[N];

	cr_assert_not_null(ref);
	for (unsigned i = 0; i < rt * kt; i++)
		rand_bf16_tile(a[i], v, 0.01, 4);
	for (unsigned i = 0; i < kt * ct; i++)
		rand_bf16_tile(b[i], v, 0.01, 4);
	init_engine(eng, fp32, false, fid);
	{
		TTTileConfig cfg = eng->cfg;

		ttx_tile_init(ref, &cfg);
	}
	cr_assert_eq(ttx_tile_acquire(eng), 0);
	cr_assert_eq(ttx_tile_acquire(ref), 0);
	for (unsigned k = 0; k < kt; k++) {
		const void *in0[16], *in1[16];

		for (unsigned r = 0; r < rt; r++)
			in0[r] = a[r * kt + k];
		for (unsigned c = 0; c < ct; c++)
			in1[c] = b[k * ct + c];
		cr_assert_eq(ttx_tile_unpack_matmul_block(eng, TT_DF_FLOAT16_B, in0, rt,
							  TT_DF_FLOAT16_B, in1, ct, transpose),
			     0);
		/* Both banks of a Src can hold a block: a second one fits, a third not. */
		if (k == 0) {
			cr_assert_eq(ttx_tile_unpack_matmul_block(eng, TT_DF_FLOAT16_B, in0, rt,
								  TT_DF_FLOAT16_B, in1, ct,
								  transpose),
				     0);
			cr_expect_eq(ttx_tile_unpack_matmul_block(eng, TT_DF_FLOAT16_B, in0, rt,
								  TT_DF_FLOAT16_B, in1, ct,
								  transpose),
				     TTX_TILE_BLOCKED);
			/* A single-tile op may not eat a block. */
			cr_expect_eq(ttx_tile_matmul(eng, 0), TTX_TILE_EINVAL);
			cr_expect_eq(ttx_tile_matmul_block(eng, 0, ct + 1, rt), TTX_TILE_EINVAL);
		}
		cr_assert_eq(ttx_tile_matmul_block(eng, 0, ct, rt), 0);
		/* k == 0 queued its block twice: the engine runs it twice in a row. */
		for (unsigned n = 0; n < (k ? 1u : 2u); n++)
			for (unsigned r = 0; r < rt; r++)
				for (unsigned c = 0; c < ct; c++)
					cr_assert_eq(ttx_tile_matmul_tiles(ref, TT_DF_FLOAT16_B,
									   in0[r], TT_DF_FLOAT16_B,
									   in1[c], transpose,
									   r * ct + c),
						     0);
	}
	cr_assert_eq(ttx_tile_matmul_block(eng, 0, ct, rt), 0);
	ttx_tile_commit(eng);
	ttx_tile_wait(eng);
	ttx_tile_commit(ref);
	ttx_tile_wait(ref);
	for (unsigned t = 0; t < rt * ct; t++) {
		cr_assert_eq(ttx_tile_pack(eng, t, TT_DF_FLOAT16_B, got), 0);
		cr_assert_eq(ttx_tile_pack(ref, t, TT_DF_FLOAT16_B, want), 0);
		cr_assert_arr_eq(got, want, sizeof(got), "Dst tile %u", t);
	}
	ttx_tile_fini(ref);
	free(ref);
}

Test(tile, matmul_block_2x2_kt4_matches_tiles)
{
	block_vs_tiles(2, 2, 4, false, TTX_HIFI4, false);
}

Test(tile, matmul_block_1x4_lofi_transposed_matches_tiles)
{
	block_vs_tiles(1, 4, 2, false, TTX_LOFI, true);
}

Test(tile, matmul_block_2x2_fp32_dst_matches_tiles)
{
	block_vs_tiles(2, 2, 2, true, TTX_HIFI2, false);
}

Test(tile, matmul_block_rejects_bad_shapes)
{
	static uint8_t t[2048];
	const void *in[17];

	for (int i = 0; i < 17; i++)
		in[i] = t;
	init_engine(eng, false, false, TTX_HIFI4);
	cr_expect_eq(ttx_tile_unpack_matmul_block(eng, TT_DF_FLOAT16_B, in, 0, TT_DF_FLOAT16_B, in,
						  1, false),
		     TTX_TILE_EINVAL);
	cr_expect_eq(ttx_tile_unpack_matmul_block(eng, TT_DF_FLOAT16_B, in, 17, TT_DF_FLOAT16_B, in,
						  1, false),
		     TTX_TILE_EINVAL);
	/* 3 x 3 = 9 Dst tiles: more than SyncHalf's 8. */
	cr_assert_eq(ttx_tile_unpack_matmul_block(eng, TT_DF_FLOAT16_B, in, 3, TT_DF_FLOAT16_B, in,
						  3, false),
		     0);
	cr_expect_eq(ttx_tile_matmul_block(eng, 0, 3, 3), TTX_TILE_EINVAL);
	/* The same block does not fit at Dst 0 either way round; 1 x 3 would. */
	cr_expect_eq(ttx_tile_matmul_block(eng, 0, 3, 1), TTX_TILE_EINVAL);
}
