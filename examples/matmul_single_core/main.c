// SPDX-License-Identifier: Apache-2.0
/*
 * matmul_single_core (tt-metal programming example): C = A @ B with A
 * M x K and B K x N in bf16, on one core: a reader (NCRISC) streams the
 * tile pairs of each output tile into CBs 0 and 1, the compute kernel
 * accumulates Kt matmul_tiles into Dst (HiFi4, bf16 Dst) and packs each
 * output tile to CB 16, a writer (BRISC) stores it to DRAM.  The host
 * tilizes the inputs, untilizes the result and checks it against an fp64
 * matmul of the same bf16 inputs: PCC >= 0.97 passes, as in tt-metal.
 * Size: 640 x 640 x 640 (tt-metal's), or Mt Kt Nt tiles on the command
 * line.  It also times the device end to end (open to result read) next
 * to a plain fp32 C matmul of the same inputs on the host, and prints
 * the ratio: how far the emulated core is from the host's own arithmetic.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <tt/buffer.h>
#include <tt/cb.h>
#include <tt/tilize.h>
#include <tt/tt.h>

#include "tt_data_format.h"

#define TILE_DIM   TT_TILE_DIM
#define TILE_BYTES (TILE_DIM * TILE_DIM * 2) /* bf16 */
#define KERNELS	   TT_EXAMPLE_KERNELS "/matmul_single_core/"

/* A random bf16 value in [-0.5, 0.5], as a float (tt-metal's example range). */
static float rand_bf16(void)
{
	return tt_tilize_bf16_to_f32(tt_tilize_f32_to_bf16((float)rand() / (float)RAND_MAX - 0.5f));
}

static double pcc(const double *x, const double *y, size_t n)
{
	double mx = 0, my = 0, sxy = 0, sxx = 0, syy = 0;

	for (size_t i = 0; i < n; i++)
		mx += x[i], my += y[i];
	mx /= (double)n, my /= (double)n;
	for (size_t i = 0; i < n; i++) {
		sxy += (x[i] - mx) * (y[i] - my);
		sxx += (x[i] - mx) * (x[i] - mx);
		syy += (y[i] - my) * (y[i] - my);
	}
	return sxy / sqrt(sxx * syy);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* @c = @a @ @b in fp32, row-major: the plain C loop the device is held to. */
static void host_matmul(const float *a, const float *b, float *c, size_t m, size_t k, size_t n)
{
	memset(c, 0, m * n * sizeof(*c));
	for (size_t i = 0; i < m; i++)
		for (size_t p = 0; p < k; p++) {
			float x = a[i * k + p];

			for (size_t j = 0; j < n; j++)
				c[i * n + j] += x * b[p * n + j];
		}
}

static int create_cb(struct tt_program *prog, const struct tt_core_range_set *core, uint32_t index)
{
	struct tt_cb_format f = { index, TT_DF_FLOAT16_B, TILE_BYTES };
	struct tt_cb_config cfg = { 2 * TILE_BYTES, &f, 1 };
	tt_cb_handle h;

	return tt_cb_create(prog, core, &cfg, &h);
}

int main(int argc, char **argv)
{
	uint32_t mt = 20, kt = 20, nt = 20;
	size_t m, k, n;
	struct tt_core c0 = tt_core(0, 0);
	struct tt_core_range_set core = tt_core_set(c0);
	struct tt_dm_config rcfg = { .processor = TT_DM_RISCV_1, .noc = TT_NOC_1 };
	struct tt_dm_config wcfg = { .processor = TT_DM_RISCV_0, .noc = TT_NOC_0 };
	struct tt_compute_config ccfg = { .math_fidelity = TT_MATH_FIDELITY_HIFI4 };
	struct tt_buffer *ba, *bb, *bc;
	struct tt_run_report rep;
	struct tt_device *dev;
	struct tt_program *prog;
	tt_kernel_handle rd, wr, cp;
	float *fa, *fb, *fc;
	void *a, *b, *c;
	double *golden, *result, r, t0, t_open, t_dev, t_host;
	int rc;

	if (argc == 4) {
		mt = (uint32_t)atoi(argv[1]);
		kt = (uint32_t)atoi(argv[2]);
		nt = (uint32_t)atoi(argv[3]);
		if (!mt || !kt || !nt) {
			fprintf(stderr, "usage: %s [Mt Kt Nt]\n", argv[0]);
			return 2;
		}
	}
	m = (size_t)mt * TILE_DIM, k = (size_t)kt * TILE_DIM, n = (size_t)nt * TILE_DIM;
	fa = malloc(m * k * sizeof(float)), fb = malloc(k * n * sizeof(float));
	fc = malloc(m * n * sizeof(float));
	a = malloc(m * k * 2), b = malloc(k * n * 2), c = malloc(m * n * 2);
	golden = calloc(m * n, sizeof(double)), result = malloc(m * n * sizeof(double));
	if (!fa || !fb || !fc || !a || !b || !c || !golden || !result) {
		fprintf(stderr, "out of memory\n");
		return 1;
	}
	/* Random bf16 inputs, tilized (tt-metal: tilize_nfaces). */
	srand(42);
	for (size_t i = 0; i < m * k; i++)
		fa[i] = rand_bf16();
	for (size_t i = 0; i < k * n; i++)
		fb[i] = rand_bf16();
	tt_tilize_to_tiles(TT_DF_FLOAT16_B, fa, k, m, k, NULL, a, m * k * 2);
	tt_tilize_to_tiles(TT_DF_FLOAT16_B, fb, n, k, n, NULL, b, k * n * 2);

	t0 = now();
	rc = tt_device_open(NULL, &dev);
	if (rc) {
		fprintf(stderr, "device open failed: %s\n", tt_strerror(rc));
		return 1;
	}
	{
		struct tt_buffer_config cfg = { .page_size = TILE_BYTES, .type = TT_BUFFER_DRAM };

		cfg.size = m * k * 2;
		rc = tt_buffer_create(dev, &cfg, &ba);
		cfg.size = k * n * 2;
		rc = rc ? rc : tt_buffer_create(dev, &cfg, &bb);
		cfg.size = m * n * 2;
		rc = rc ? rc : tt_buffer_create(dev, &cfg, &bc);
		if (rc) {
			fprintf(stderr, "buffer creation failed: %s\n", tt_strerror(rc));
			return 1;
		}
	}
	t_open = now();
	tt_buffer_write(ba, a);
	tt_buffer_write(bb, b);

	tt_program_create(&prog);
	rc = tt_kernel_create(prog, KERNELS "reader_single_core_mm.c", &core, &rcfg, &rd);
	rc = rc ? rc : tt_kernel_create(prog, KERNELS "writer_single_core_mm.c", &core, &wcfg, &wr);
	rc = rc ? rc : tt_compute_kernel_create(prog, KERNELS "mm.c", &core, &ccfg, &cp);
	rc = rc ? rc : create_cb(prog, &core, 0);
	rc = rc ? rc : create_cb(prog, &core, 1);
	rc = rc ? rc : create_cb(prog, &core, 16);
	if (rc) {
		fprintf(stderr, "program setup failed: %s\n", tt_strerror(rc));
		return 1;
	}
	{
		uint32_t ra[] = { tt_buffer_address(ba), tt_buffer_address(bb), mt, kt, nt };
		uint32_t ca[] = { mt, kt, nt };
		uint32_t wa[] = { tt_buffer_address(bc), mt * nt };

		tt_kernel_set_runtime_args(prog, rd, c0, ra, 5);
		tt_kernel_set_runtime_args(prog, cp, c0, ca, 3);
		tt_kernel_set_runtime_args(prog, wr, c0, wa, 2);
	}
	rc = tt_program_run(dev, prog, 0, &rep);
	if (rc) {
		fprintf(stderr, "run failed: %s\n%s", tt_strerror(rc), tt_last_error());
		return 1;
	}
	tt_buffer_read(bc, c);
	t_dev = now();
	tt_tilize_from_tiles(TT_DF_FLOAT16_B, c, m * n * 2, m, n, fc, n);

	/* fp64 golden of the same bf16 inputs. */
	for (size_t i = 0; i < m; i++) {
		for (size_t p = 0; p < k; p++) {
			double x = fa[i * k + p];

			for (size_t j = 0; j < n; j++)
				golden[i * n + j] += x * fb[p * n + j];
		}
		for (size_t j = 0; j < n; j++)
			result[i * n + j] = fc[i * n + j];
	}
	r = pcc(result, golden, m * n);
	rc = !(r >= 0.97);
	printf("matmul_single_core: %zux%zux%zu bf16 (%u x %u x %u tiles, HiFi4): "
	       "PCC %.5f against fp64: %s\n",
	       m, k, n, mt, kt, nt, r, rc ? "FAIL" : "pass");

	/* The host's plain fp32 matmul of the same inputs (fc is done with). */
	t_host = now();
	host_matmul(fa, fb, fc, m, k, n);
	t_host = now() - t_host;
	for (size_t i = 0; i < m * n; i++)
		result[i] = fc[i];
	printf("  time: device %.3f s end to end (%.3f s without the open), "
	       "plain C fp32 on the host %.3f s (PCC %.5f): device/host %.1fx\n",
	       t_dev - t0, t_dev - t_open, t_host, pcc(result, golden, m * n),
	       (t_dev - t0) / t_host);

	tt_program_destroy(prog);
	tt_buffer_free(ba);
	tt_buffer_free(bb);
	tt_buffer_free(bc);
	tt_device_close(dev);
	free(fa);
	free(fb);
	free(fc);
	free(a);
	free(b);
	free(c);
	free(golden);
	free(result);
	return rc;
}
