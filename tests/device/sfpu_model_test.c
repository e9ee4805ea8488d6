// SPDX-License-Identifier: Apache-2.0
/*
 * SFPU tests (device/model/ttx_sfpu.c): every unary op in precise and
 * approx mode with a BF16 and an FP32 Dst on random tiles against an fp64
 * golden, with the error bound docs/tile-engine.md lists (the measured
 * maximum is printed next to it); special values; the SFPSTORE
 * truncation versus the explicit round-to-nearest-even of precise mode;
 * binary add/sub/mul; the ops with a scalar.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ttx_tile.h"

#include "num_util.h"

#define N TT_TILE_ELEMS

static TTTileEngine *eng;

static void setup(void)
{
	eng = malloc(sizeof(*eng));
	cr_assert_not_null(eng);
}

static void teardown(void)
{
	free(eng);
}

TestSuite(sfpu, .init = setup, .fini = teardown);

/*
 * Load @x into Dst tile 0 (BF16 tile for a 16-bit Dst, Float32 unpacked
 * to a 32-bit Dst); @x is replaced by what Dst holds.
 */
static void load(bool fp32, bool approx, float *x)
{
	static uint8_t t[4096];
	TTTileConfig cfg = { .fp32_dest = fp32, .fidelity = TTX_HIFI4, .approx = approx };

	ttx_tile_init(eng, &cfg);
	for (int i = 0; i < N; i++) {
		if (fp32) {
			memcpy(t + 4 * i, &x[i], 4);
		} else {
			uint16_t h = rne_bf16(x[i]);

			t[2 * i] = (uint8_t)h;
			t[2 * i + 1] = (uint8_t)(h >> 8);
			x[i] = bitsf((uint32_t)h << 16);
		}
	}
	cr_assert_eq(ttx_tile_copy_tile(eng, fp32 ? TT_DF_FLOAT32 : TT_DF_FLOAT16_B, t, 0), 0);
}

static double golden(TTSfpuOp op, double x)
{
	switch (op) {
	case TTX_SFPU_EXP:
		return exp(x);
	case TTX_SFPU_RECIP:
		return 1 / x;
	case TTX_SFPU_SQRT:
		return sqrt(x);
	case TTX_SFPU_RSQRT:
		return 1 / sqrt(x);
	case TTX_SFPU_LOG:
		return log(x);
	case TTX_SFPU_RELU:
		return x > 0 ? x : 0;
	case TTX_SFPU_GELU:
		return 0.5 * x * erfc(-x / sqrt(2.0));
	case TTX_SFPU_SIGMOID:
		return 1 / (1 + exp(-x));
	case TTX_SFPU_TANH:
		return tanh(x);
	case TTX_SFPU_ABS:
		return fabs(x);
	case TTX_SFPU_SQUARE:
		return x * x;
	case TTX_SFPU_SILU:
		return x / (1 + exp(-x));
	case TTX_SFPU_SIGN:
		return (x > 0) - (x < 0);
	default:
		return -x;
	}
}

/*
 * Error bounds: [op] = { relative?, precise BF16, precise FP32,
 * approx BF16, approx FP32 }.  Relative ops: |y - g| <= b |g|; the
 * others: |y - g| <= b max(1, |g|).  A BF16 Dst costs 2^-8 (nearest
 * even, precise) or 2^-7 (truncating store, approx) on top.
 */
static const struct {
	bool rel;
	double b[4];
	double lo, hi; /* input range; log-uniform when lo > 0 */
} bound[TTX_SFPU_UNARY_COUNT] = {
	[TTX_SFPU_EXP] = { true, { 8e-3, 2.5e-7, 0.04, 0.04 }, -20, 20 },
	[TTX_SFPU_RECIP] = { true, { 5e-3, 2.5e-7, 9e-3, 1.5e-4 }, 0.01, 100 },
	[TTX_SFPU_SQRT] = { true, { 5e-3, 1.5e-7, 9e-3, 1e-3 }, 1e-3, 1e3 },
	[TTX_SFPU_RSQRT] = { true, { 5e-3, 2.5e-7, 9e-3, 1e-3 }, 1e-3, 1e3 },
	[TTX_SFPU_LOG] = { false, { 5e-3, 3e-7, 0.016, 0.008 }, 1e-3, 1e3 },
	[TTX_SFPU_RELU] = { true, { 0, 0, 0, 0 }, -8, 8 },
	[TTX_SFPU_GELU] = { false, { 5e-3, 3e-7, 0.012, 0.006 }, -8, 8 },
	[TTX_SFPU_SIGMOID] = { false, { 4e-3, 3e-7, 0.015, 0.01 }, -8, 8 },
	[TTX_SFPU_TANH] = { false, { 4e-3, 3e-7, 0.15, 0.15 }, -8, 8 },
	[TTX_SFPU_ABS] = { true, { 0, 0, 0, 0 }, -8, 8 },
	[TTX_SFPU_SQUARE] = { true, { 0x1p-8, 0x1p-24, 0x1p-7, 0x1p-24 }, -8, 8 },
	[TTX_SFPU_NEGATIVE] = { true, { 0, 0, 0, 0 }, -8, 8 },
	[TTX_SFPU_SILU] = { false, { 5e-3, 3e-7, 0.012, 0.01 }, -8, 8 },
	[TTX_SFPU_SIGN] = { true, { 0, 0, 0, 0 }, -8, 8 },
};

static void check_op(TTSfpuOp op)
{
	float x[N];
	double y[N];

	for (int approx = 0; approx < 2; approx++)
		for (int fp32 = 0; fp32 < 2; fp32++) {
			double b = bound[op].b[approx * 2 + fp32], worst = 0;
			double lo = bound[op].lo, hi = bound[op].hi;

			for (int rep = 0; rep < 4; rep++) {
				for (int i = 0; i < N; i++) {
					double r = rnd(0, 1);

					x[i] = (float)(lo > 0 ? exp(log(lo) +
								    r * (log(hi) - log(lo)))
							      : lo + r * (hi - lo));
					if (op == TTX_SFPU_RECIP && (i & 1))
						x[i] = -x[i];
				}
				load(fp32, approx, x);
				cr_assert_eq(ttx_sfpu_unary(eng, op, 0, 0), 0);
				ttx_tile_dst_read(eng, 0, y);
				for (int i = 0; i < N; i++) {
					double g = golden(op, x[i]);
					double err = fabs(y[i] - g) /
						     (bound[op].rel ? fabs(g) : fmax(1.0, fabs(g)));

					if (g == 0)
						err = fabs(y[i]);
					worst = fmax(worst, err);
					cr_assert_leq(err, b, "%s %s %s: x %a -> %a, want %a",
						      ttx_sfpu_name(op),
						      approx ? "approx" : "precise",
						      fp32 ? "fp32" : "bf16", x[i], y[i], g);
				}
			}
			printf("sfpu %-8s %-7s %s Dst: max %s err %.3g (bound %.3g)\n",
			       ttx_sfpu_name(op), approx ? "approx" : "precise",
			       fp32 ? "fp32" : "bf16", bound[op].rel ? "rel" : "abs*", worst, b);
		}
}

Test(sfpu, exp)
{
	check_op(TTX_SFPU_EXP);
}
Test(sfpu, recip)
{
	check_op(TTX_SFPU_RECIP);
}
Test(sfpu, sqrt)
{
	check_op(TTX_SFPU_SQRT);
}
Test(sfpu, rsqrt)
{
	check_op(TTX_SFPU_RSQRT);
}
Test(sfpu, log)
{
	check_op(TTX_SFPU_LOG);
}
Test(sfpu, relu)
{
	check_op(TTX_SFPU_RELU);
}
Test(sfpu, gelu)
{
	check_op(TTX_SFPU_GELU);
}
Test(sfpu, sigmoid)
{
	check_op(TTX_SFPU_SIGMOID);
}
Test(sfpu, tanh)
{
	check_op(TTX_SFPU_TANH);
}
Test(sfpu, abs)
{
	check_op(TTX_SFPU_ABS);
}
Test(sfpu, square)
{
	check_op(TTX_SFPU_SQUARE);
}
Test(sfpu, negative)
{
	check_op(TTX_SFPU_NEGATIVE);
}

Test(sfpu, special_values)
{
	/* exp(0) = 1 in every variant once stored. */
	cr_assert_eq(ttx_sfpu_eval(TTX_SFPU_EXP, 0.0f, false, true), 1.0f);
	cr_assert_eq(rne_bf16(ttx_sfpu_eval(TTX_SFPU_EXP, 0.0f, false, false)), 0x3f80);
	/* Denormal inputs are zero. */
	cr_assert_eq(ttx_sfpu_eval(TTX_SFPU_EXP, bitsf(0x00000123), false, true), 1.0f);
	/* Approx exp: inputs below -88.5 clamp to e^-88.5, a denormal -> 0 */
	cr_assert_eq(ttx_sfpu_eval(TTX_SFPU_EXP, -1000.0f, true, true), 0.0f);
	cr_assert(isinf(ttx_sfpu_eval(TTX_SFPU_RECIP, 0.0f, false, true)));
	cr_assert_eq(ttx_sfpu_eval(TTX_SFPU_RECIP, INFINITY, false, true), 0.0f);
	cr_assert_eq(ttx_sfpu_eval(TTX_SFPU_RECIP, 1e38f, false, true), 0.0f);
	cr_assert_eq(ttx_sfpu_eval(TTX_SFPU_LOG, 0.0f, false, true), -INFINITY);
	cr_assert(isnan(ttx_sfpu_eval(TTX_SFPU_LOG, -1.0f, false, true)));
	cr_assert_eq(ttx_sfpu_eval(TTX_SFPU_LOG, 1.0f, false, true), 0.0f);
	/* sqrt of a negative: NaN (fp32 Dst), the Inf pattern (bf16 Dst). */
	cr_assert(isnan(ttx_sfpu_eval(TTX_SFPU_SQRT, -1.0f, false, true)));
	cr_assert(isinf(ttx_sfpu_eval(TTX_SFPU_SQRT, -1.0f, false, false)));
	cr_assert_eq(ttx_sfpu_eval(TTX_SFPU_SQRT, 0.0f, false, true), 0.0f);
	cr_assert(isinf(ttx_sfpu_eval(TTX_SFPU_RSQRT, 0.0f, false, true)));
	cr_assert_eq(ttx_sfpu_eval(TTX_SFPU_SQRT, 4.0f, false, true), 2.0f);
	cr_assert_eq(ttx_sfpu_eval(TTX_SFPU_RELU, -3.0f, false, true), 0.0f);
	cr_assert_eq(fbits(ttx_sfpu_eval(TTX_SFPU_RELU, -0.0f, false, true)), 0);
	cr_assert_eq(ttx_sfpu_eval(TTX_SFPU_NEGATIVE, 2.0f, false, true), -2.0f);
	cr_assert_eq(ttx_sfpu_eval(TTX_SFPU_TANH, 0.0f, false, true), 0.0f);
	cr_assert_eq(ttx_sfpu_eval(TTX_SFPU_TANH, 5.0f, true, true), 1.0f);
	cr_assert_eq(ttx_sfpu_eval(TTX_SFPU_TANH, -0.5f, true, true), -0.453125f);
	cr_assert_eq(ttx_sfpu_eval(TTX_SFPU_SIGMOID, 0.0f, false, true), 0.5f);
	cr_assert_eq(ttx_sfpu_eval(TTX_SFPU_GELU, 0.0f, false, true), 0.0f);
	/* SFPMAD turns -0 into +0. */
	cr_assert_eq(fbits(ttx_sfpu_eval(TTX_SFPU_SQUARE, -0.0f, false, true)), 0);
}

/* SFPSTORE truncates to a 16-bit Dst; precise ops round first. */
Test(sfpu, store_truncates_unless_rounded)
{
	float x[N];
	double y[N];

	/* 1.0703125^2 = 1.14556884765625: bf16 146.63 steps of 2^-7. */
	for (int i = 0; i < N; i++)
		x[i] = 1.0703125f;
	load(false, true, x);
	ttx_sfpu_unary(eng, TTX_SFPU_SQUARE, 0, 0);
	ttx_tile_dst_read(eng, 0, y);
	cr_assert_eq(y[0], 1.140625);
	load(false, false, x);
	ttx_sfpu_unary(eng, TTX_SFPU_SQUARE, 0, 0);
	ttx_tile_dst_read(eng, 0, y);
	cr_assert_eq(y[0], 1.1484375);
	/* An fp32 Dst keeps everything. */
	load(true, true, x);
	ttx_sfpu_unary(eng, TTX_SFPU_SQUARE, 0, 0);
	ttx_tile_dst_read(eng, 0, y);
	cr_assert_eq(y[0], 1.14556884765625);
}

Test(sfpu, binary_ops)
{
	static uint8_t a[2048], b[2048];
	float va[N], vb[N];
	double y[N];
	TTTileConfig cfg = { .fidelity = TTX_HIFI4 };

	for (int op = TTX_SFPU_ADD; op <= TTX_SFPU_MUL; op++) {
		ttx_tile_init(eng, &cfg);
		for (int i = 0; i < N; i++) {
			uint16_t ha = rne_bf16((float)rnd(0.25, 4));
			uint16_t hb = rne_bf16((float)-rnd(0.25, 4));

			a[2 * i] = (uint8_t)ha;
			a[2 * i + 1] = (uint8_t)(ha >> 8);
			b[2 * i] = (uint8_t)hb;
			b[2 * i + 1] = (uint8_t)(hb >> 8);
			va[i] = bitsf((uint32_t)ha << 16);
			vb[i] = bitsf((uint32_t)hb << 16);
		}
		ttx_tile_copy_tile(eng, TT_DF_FLOAT16_B, a, 2);
		ttx_tile_copy_tile(eng, TT_DF_FLOAT16_B, b, 5);
		cr_assert_eq(ttx_sfpu_binary(eng, op, 2, 5), 0);
		ttx_tile_dst_read(eng, 2, y);
		for (int i = 0; i < N; i++) {
			/* Exact in float for these ranges, then RNE. */
			float s = op == TTX_SFPU_ADD   ? va[i] + vb[i]
				  : op == TTX_SFPU_SUB ? va[i] - vb[i]
						       : va[i] * vb[i];

			cr_assert_eq(y[i], bitsf((uint32_t)rne_bf16(s) << 16), "op %d elem %d", op,
				     i);
		}
		/* The second operand is untouched. */
		ttx_tile_dst_read(eng, 5, y);
		cr_assert_eq(y[7], vb[7]);
	}
	cr_assert_eq(ttx_sfpu_binary(eng, TTX_SFPU_ADD, 0, 8), TTX_TILE_EINVAL);
}

Test(sfpu, silu)
{
	check_op(TTX_SFPU_SILU);
}
Test(sfpu, sign)
{
	check_op(TTX_SFPU_SIGN);
	cr_assert_eq(ttx_sfpu_eval(TTX_SFPU_SIGN, -0.0f, false, true), 0.0f);
	cr_assert_eq(ttx_sfpu_eval(TTX_SFPU_SIGN, bitsf(0x80000001), false, true), 0.0f);
}

/* x op s: one SFPMAD, rounded once to FP32 (an FP32 Dst keeps it all). */
Test(sfpu, scalar_ops)
{
	const float s = 2.5f;
	uint32_t sbits;
	float x[N];
	double y[N];

	memcpy(&sbits, &s, 4);
	for (int op = TTX_SFPU_ADD_SCALAR; op <= TTX_SFPU_RSUB_SCALAR; op++) {
		for (int i = 0; i < N; i++)
			x[i] = (float)rnd(-100, 100);
		load(true, false, x);
		cr_assert_eq(ttx_sfpu_unary(eng, op, 0, sbits), 0);
		ttx_tile_dst_read(eng, 0, y);
		for (int i = 0; i < N; i++) {
			float want = op == TTX_SFPU_ADD_SCALAR	  ? x[i] + s
				     : op == TTX_SFPU_SUB_SCALAR  ? x[i] - s
				     : op == TTX_SFPU_RSUB_SCALAR ? s - x[i]
								  : x[i] * s;

			if (want == 0.0f)
				want = 0.0f; /* SFPMAD gives +0 */
			cr_assert_eq(y[i], want, "%s elem %d: %a op %a -> %a, want %a",
				     ttx_sfpu_name(op), i, x[i], s, y[i], want);
		}
	}
}

Test(sfpu, fp16_dst)
{
	static uint8_t t[2048];
	TTTileConfig cfg = { .fidelity = TTX_HIFI4 };
	double y[N];

	ttx_tile_init(eng, &cfg);
	for (int i = 0; i < N; i++) {
		t[2 * i] = 0x00;
		t[2 * i + 1] = 0x3e; /* 1.5 */
	}
	t[1] = 0x7b; /* 57344: square overflows FP16 */
	ttx_tile_copy_tile(eng, TT_DF_FLOAT16, t, 0);
	cr_assert_eq(ttx_sfpu_unary(eng, TTX_SFPU_SQUARE, 0, 0), 0);
	ttx_tile_dst_read(eng, 0, y);
	cr_assert_eq(y[1], 2.25);
	cr_assert_eq(y[0], 131008.0); /* saturates to 0x7fff */
}
