// SPDX-License-Identifier: Apache-2.0
/*
 * Tile engine benchmark: tile operations per second of the device-model
 * tile engine for add_tiles, matmul_tiles (HiFi4 and LoFi) and exp
 * (precise and approx), each next to a plain C loop doing the same
 * arithmetic on the same data in the same run, and the ratio between
 * them; then a 640x640x640 bf16 matmul (20x20x20 tiles, HiFi4, 16-bit
 * Dst) through the engine with its PCC against fp64.  Rates are per
 * second of this process's CPU time, the best of a few short slices
 * (rate()), as the host is shared.
 *
 * The engine sources are compiled into this program (they live in
 * device/model, which libtt does not contain).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../device/model/ttx_format.c"
#include "../../device/model/ttx_tile.c"
#include "../../device/model/ttx_sfpu.c"
#include "../../device/model/ttx_sfpi.c"

#define NE TT_TILE_ELEMS

static uint64_t rng = 88172645463325252ull;

static double rnd(double lo, double hi)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return lo + (hi - lo) * (double)(rng >> 11) / 0x1p53;
}

/* CPU time of this process: what other work on a shared host takes
 * from it does not count. */
static double cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

#define SLICES 5

/*
 * Calls of @step per second of CPU time: the best of SLICES slices of
 * @secs / SLICES each, so that a slice the host disturbed (another
 * process on the same core, a migration) does not set the figure.  The
 * engine and the plain C loops go through this alike.  The clock is a
 * system call (about as long as one add_tiles): it is read every BATCH
 * calls.
 */
#define BATCH 256

static double rate(void (*step)(void), double secs)
{
	double best = 0;

	for (int s = 0; s < SLICES; s++) {
		double t0 = cpu_now(), t;
		long n = 0;

		do {
			for (int i = 0; i < BATCH; i++)
				step();
			n += BATCH;
		} while ((t = cpu_now() - t0) < secs / SLICES);
		if (n / t > best)
			best = n / t;
	}
	return best;
}

static uint16_t to_bf16(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return (uint16_t)((u + 0x7fff + ((u >> 16) & 1)) >> 16);
}

static float from_bf16(uint16_t h)
{
	uint32_t u = (uint32_t)h << 16;
	float f;

	memcpy(&f, &u, 4);
	return f;
}

static void rand_tile(uint16_t *t, double lo, double hi)
{
	for (int i = 0; i < NE; i++)
		t[i] = to_bf16((float)rnd(lo, hi));
}

/* Defeat dead-code elimination of the plain loops. */
static volatile float sink;

static void report(const char *name, double e, double r)
{
	printf("%-22s engine %10.0f tiles/s   plain C %12.0f tiles/s   "
	       "plain/engine %6.1fx\n",
	       name, e, r, r / e);
}

/* At a cache line, as the device model allocates its engines. */
static TTTileEngine eng __attribute__((aligned(64)));
static uint16_t ta[NE], tb[NE], to[NE];
static float tc[NE];

static void add_engine(void)
{
	ttx_tile_binary_tiles(&eng, TTX_ELW_ADD, TTX_BCAST_NONE, TT_DF_FLOAT16_B, ta,
			      TT_DF_FLOAT16_B, tb, 0);
}

static void plain_add(const uint16_t *restrict a, const uint16_t *restrict b, uint16_t *restrict o)
{
	for (int i = 0; i < NE; i++)
		o[i] = to_bf16(from_bf16(a[i]) + from_bf16(b[i]));
}

static void add_plain(void)
{
	static int m;

	plain_add(ta, tb, to);
	sink = to[m++ & (NE - 1)];
}

static void bench_add(void)
{
	TTTileConfig cfg = { .fidelity = TTX_LOFI };

	rand_tile(ta, -2, 2);
	rand_tile(tb, -2, 2);
	ttx_tile_init(&eng, &cfg);
	report("add_tiles bf16", rate(add_engine, 0.5), rate(add_plain, 0.3));
}

static void plain_matmul(const uint16_t *a, const uint16_t *b, float *c)
{
	float fa[32][32], fb[32][32];

	for (int r = 0; r < 32; r++)
		for (int k = 0; k < 32; k++) {
			fa[r][k] = from_bf16(a[ttx_tile_index(r, k)]);
			fb[r][k] = from_bf16(b[ttx_tile_index(r, k)]);
		}
	for (int r = 0; r < 32; r++)
		for (int k = 0; k < 32; k++)
			for (int j = 0; j < 32; j++)
				c[r * 32 + j] += fa[r][k] * fb[k][j];
}

static void matmul_engine(void)
{
	ttx_tile_matmul_tiles(&eng, TT_DF_FLOAT16_B, ta, TT_DF_FLOAT16_B, tb, false, 0);
}

static void matmul_plain(void)
{
	static int m;

	plain_matmul(ta, tb, tc);
	sink = tc[m++ & (NE - 1)];
}

static void bench_matmul(TTMathFidelity fid, const char *name)
{
	TTTileConfig cfg = { .fidelity = fid };

	rand_tile(ta, -1, 1);
	rand_tile(tb, -1, 1);
	ttx_tile_init(&eng, &cfg);
	report(name, rate(matmul_engine, 0.5), rate(matmul_plain, 0.3));
}

static void exp_engine(void)
{
	ttx_sfpu_unary(&eng, TTX_SFPU_EXP, 0, 0);
	ttx_tile_unpack_to_dst(&eng, TT_DF_FLOAT16_B, ta, 0);
}

static void exp_plain(void)
{
	static int m;

	for (int i = 0; i < NE; i++)
		tc[i] = expf(from_bf16(ta[i]));
	sink = tc[m++ & (NE - 1)];
}

static void bench_exp(bool approx, const char *name)
{
	TTTileConfig cfg = { .fidelity = TTX_HIFI4, .approx = approx };

	rand_tile(ta, -5, 5);
	ttx_tile_init(&eng, &cfg);
	ttx_tile_copy_tile(&eng, TT_DF_FLOAT16_B, ta, 0);
	report(name, rate(exp_engine, 0.5), rate(exp_plain, 0.3));
}

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

static int matmul_640(void)
{
	enum { T = 20, D = T * 32 };
	double *A = malloc(sizeof(double) * D * D);
	double *B = malloc(sizeof(double) * D * D);
	double *G = calloc((size_t)D * D, sizeof(double));
	double *C = malloc(sizeof(double) * D * D);
	uint16_t *ta = malloc(sizeof(uint16_t) * D * D);
	uint16_t *tb = malloc(sizeof(uint16_t) * D * D);
	uint16_t out[NE];
	TTTileConfig cfg = { .fidelity = TTX_HIFI4 };
	double t0, t, r;

	if (!A || !B || !G || !C || !ta || !tb)
		return 1;
	for (int i = 0; i < D * D; i++) {
		A[i] = rnd(-1, 1);
		B[i] = rnd(-1, 1);
	}
	for (int i = 0; i < D; i++)
		for (int k = 0; k < D; k++)
			for (int j = 0; j < D; j++)
				G[i * D + j] += A[i * D + k] * B[k * D + j];
	/* Tilize: tile (ti, tj) row-major over the grid, bf16 nearest even. */
	for (int i = 0; i < D; i++)
		for (int j = 0; j < D; j++) {
			size_t o = ((size_t)(i / 32) * T + j / 32) * NE +
				   ttx_tile_index(i % 32, j % 32);

			ta[o] = to_bf16((float)A[i * D + j]);
			tb[o] = to_bf16((float)B[i * D + j]);
		}
	ttx_tile_init(&eng, &cfg);
	t0 = cpu_now();
	for (int i = 0; i < T; i++)
		for (int j = 0; j < T; j++) {
			ttx_tile_acquire(&eng);
			for (int k = 0; k < T; k++)
				ttx_tile_matmul_tiles(&eng, TT_DF_FLOAT16_B, ta + (i * T + k) * NE,
						      TT_DF_FLOAT16_B, tb + (k * T + j) * NE, false,
						      0);
			ttx_tile_commit(&eng);
			ttx_tile_wait(&eng);
			ttx_tile_pack(&eng, 0, TT_DF_FLOAT16_B, out);
			ttx_tile_release(&eng);
			for (int r2 = 0; r2 < 32; r2++)
				for (int c = 0; c < 32; c++)
					C[(i * 32 + r2) * D + j * 32 + c] =
						from_bf16(out[ttx_tile_index(r2, c)]);
		}
	t = cpu_now() - t0;
	r = pcc(C, G, (size_t)D * D);
	printf("matmul 640x640x640 bf16 (20x20x20 tiles, HiFi4, bf16 Dst): "
	       "PCC vs fp64 %.6f, %.2f s (%.0f tile matmuls/s)\n",
	       r, t, T * T * T / t);
	free(A);
	free(B);
	free(G);
	free(C);
	free(ta);
	free(tb);
	return r >= 0.999 ? 0 : 1;
}

int main(void)
{
	printf("tile engine (device/model), one thread\n");
	bench_add();
	bench_matmul(TTX_HIFI4, "matmul_tiles HiFi4");
	bench_matmul(TTX_LOFI, "matmul_tiles LoFi");
	bench_exp(false, "exp precise (bf16 Dst)");
	bench_exp(true, "exp approx (bf16 Dst)");
	return matmul_640();
}
