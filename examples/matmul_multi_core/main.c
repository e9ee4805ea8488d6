// SPDX-License-Identifier: Apache-2.0
/*
 * matmul_multi_core (tt-metal's matmul_multicore_reuse_mcast): C = A @ B
 * with A M x K and B K x N in bf16, on a grid of cores_x x cores_y worker
 * cores.  Each core computes a per_core_M x per_core_N block of output
 * tiles (per_core_M = Mt / cores_y, per_core_N = Nt / cores_x), stepping
 * along K in blocks of in0_block_w tiles and keeping the partial sums in
 * an intermediate CB between blocks.
 *
 * Each in0 block is read from DRAM once, by the core of the left column
 * of its row, and multicast along the row; each in1 block is read by the
 * core of the top row of its column and multicast down the column.  The
 * handshake is tt-metal's: receivers increment the sender's "ready"
 * semaphore, the sender waits for all of them, multicasts the block, then
 * sets the receivers' "valid" semaphore with a semaphore multicast.
 *
 * The host tilizes random bf16 inputs, untilizes the result and checks it
 * against an fp64 matmul of the same inputs (PCC >= 0.999), then prints
 * a short report: grid, blocks, tiles moved by multicast and unicast,
 * times and PCC.  It exits non-zero when the check fails.
 *
 * Usage: matmul_multi_core [Mt Kt Nt [cores_x cores_y [in0_block_w]]]
 * (sizes in tiles; default 20 20 20, 640 x 640 x 640, on 4 x 4 cores).
 * The device is opened with the smallest power-of-two grid that holds
 * the cores.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include <tt/buffer.h>
#include <tt/cb.h>
#include <tt/tilize.h>
#include <tt/tt.h>

#include "tt_data_format.h"

#define TILE_DIM   TT_TILE_DIM
#define TILE_BYTES (TILE_DIM * TILE_DIM * 2) /* bf16 */
#define KERNELS	   TT_EXAMPLE_KERNELS "/matmul_multi_core/"
#define PCC_MIN	   0.999

/* Sizes in tiles and how they are cut up. */
struct mm_shape {
	uint32_t mt, kt, nt;
	uint32_t cores_x, cores_y;
	uint32_t per_core_m, per_core_n;
	uint32_t in0_block_w, num_blocks;
	uint32_t sub_h, sub_w;
};

/*
 * Wall-clock marks; QEMU's CPU seconds after the open and the run; ours;
 * the host's own fp32 matmul of the same inputs.
 */
struct mm_times {
	double start, opening, opened, compiled, ran, closed, checked;
	double qemu_open, qemu_run, host_cpu, host_matmul;
};

/* CPU seconds this process (not QEMU) has used. */
static double host_cpu(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

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

static uint32_t pow2_at_least(uint32_t n)
{
	uint32_t p = 1;

	while (p < n)
		p <<= 1;
	return p;
}

/* Largest power of two that divides @n and is at most @max. */
static uint32_t pow2_divisor(uint32_t n, uint32_t max)
{
	uint32_t d = 1;

	while (d * 2 <= max && n % (d * 2) == 0)
		d *= 2;
	return d;
}

/*
 * Out sub-block: the largest h x w that fits a Dst half (8 bf16 tiles) and
 * divides the per-core block, tried in tt-metal's order.
 */
static void choose_subblock(struct mm_shape *s)
{
	static const uint8_t hw[][2] = {
		{ 4, 2 }, { 2, 4 }, { 8, 1 }, { 1, 8 }, { 7, 1 }, { 1, 7 }, { 3, 2 },
		{ 2, 3 }, { 6, 1 }, { 1, 6 }, { 5, 1 }, { 1, 5 }, { 2, 2 }, { 4, 1 },
		{ 1, 4 }, { 3, 1 }, { 1, 3 }, { 2, 1 }, { 1, 2 }, { 1, 1 },
	};

	for (size_t i = 0; i < sizeof(hw) / sizeof(hw[0]); i++) {
		if (s->per_core_m % hw[i][0] == 0 && s->per_core_n % hw[i][1] == 0) {
			s->sub_h = hw[i][0];
			s->sub_w = hw[i][1];
			return;
		}
	}
}

static int usage(const char *prog, const char *why)
{
	fprintf(stderr,
		"%s: %s\n"
		"usage: %s [Mt Kt Nt [cores_x cores_y [in0_block_w]]]\n"
		"  Mt Kt Nt     M, K and N in 32x32 tiles (default 20 20 20)\n"
		"  cores_x/y    worker grid; cores_y divides Mt, cores_x divides Nt\n"
		"               (default: the largest powers of two that do, up to 8)\n"
		"  in0_block_w  K tiles per block, divides Kt (default: 2 if it does)\n",
		prog, why, prog);
	return 2;
}

static int parse_u32(const char *s, uint32_t *out)
{
	char *end;
	unsigned long v = strtoul(s, &end, 10);

	if (!*s || *end || v == 0 || v > 4096)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

static int parse_shape(int argc, char **argv, struct mm_shape *s)
{
	const struct tt_arch *arch = tt_arch_get(TT_ARCH_WORMHOLE_B0);
	uint32_t *fields[] = { &s->mt, &s->kt, &s->nt, &s->cores_x, &s->cores_y, &s->in0_block_w };
	char why[160];

	memset(s, 0, sizeof(*s));
	s->mt = s->kt = s->nt = 20;
	if (argc != 1 && argc != 4 && argc != 6 && argc != 7)
		return usage(argv[0], "wrong number of arguments");
	for (int i = 1; i < argc; i++)
		if (parse_u32(argv[i], fields[i - 1])) {
			snprintf(why, sizeof(why),
				 "argument %d ('%s') is not a whole "
				 "number from 1 to 4096",
				 i, argv[i]);
			return usage(argv[0], why);
		}
	if (!s->cores_x) {
		s->cores_x = pow2_divisor(s->nt, arch->grid_x_default);
		s->cores_y = pow2_divisor(s->mt, arch->grid_y_default);
	}
	if (!s->in0_block_w)
		s->in0_block_w = s->kt % 2 ? 1 : 2;
	if (s->cores_x > arch->grid_x_default || s->cores_y > arch->grid_y_default) {
		snprintf(why, sizeof(why), "a %ux%u grid does not fit the %ux%u worker grid",
			 s->cores_x, s->cores_y, arch->grid_x_default, arch->grid_y_default);
		return usage(argv[0], why);
	}
	if (s->mt % s->cores_y) {
		snprintf(why, sizeof(why), "cores_y = %u does not divide Mt = %u", s->cores_y,
			 s->mt);
		return usage(argv[0], why);
	}
	if (s->nt % s->cores_x) {
		snprintf(why, sizeof(why), "cores_x = %u does not divide Nt = %u", s->cores_x,
			 s->nt);
		return usage(argv[0], why);
	}
	if (s->kt % s->in0_block_w) {
		snprintf(why, sizeof(why), "in0_block_w = %u does not divide Kt = %u",
			 s->in0_block_w, s->kt);
		return usage(argv[0], why);
	}
	s->per_core_m = s->mt / s->cores_y;
	s->per_core_n = s->nt / s->cores_x;
	s->num_blocks = s->kt / s->in0_block_w;
	choose_subblock(s);
	return 0;
}

static int create_cb(struct tt_program *prog, const struct tt_core_range_set *cores,
		     const uint32_t *indices, uint32_t num_indices, uint32_t tiles)
{
	struct tt_cb_format f[2];
	struct tt_cb_config cfg = { tiles * TILE_BYTES, f, num_indices };
	tt_cb_handle h;

	for (uint32_t i = 0; i < num_indices; i++) {
		f[i].index = indices[i];
		f[i].data_format = TT_DF_FLOAT16_B;
		f[i].page_size = TILE_BYTES;
	}
	return tt_cb_create(prog, cores, &cfg, &h);
}

/* NoC coordinates of logical core (@x, @y); the grid was checked. */
static struct tt_core noc_xy(struct tt_device *dev, uint32_t x, uint32_t y)
{
	struct tt_core n = { 0, 0 };

	tt_device_worker_core(dev, tt_core(x, y), &n);
	return n;
}

/* Reader (NCRISC), writer (BRISC) and compute kernels, args, CBs, semaphores. */
static int build_program(struct tt_device *dev, const struct mm_shape *s, struct tt_buffer *ba,
			 struct tt_buffer *bb, struct tt_buffer *bc, struct tt_program *prog)
{
	struct tt_core_range_set all =
		tt_core_range_set(tt_core_range(0, 0, s->cores_x - 1, s->cores_y - 1));
	struct tt_dm_config wcfg = { .processor = TT_DM_RISCV_0, .noc = TT_NOC_0 };
	uint32_t cargs[] = { s->in0_block_w,
			     s->per_core_m / s->sub_h,
			     s->per_core_n / s->sub_w,
			     s->per_core_n,
			     s->num_blocks,
			     s->sub_h,
			     s->sub_w };
	struct tt_compute_config ccfg = {
		.math_fidelity = TT_MATH_FIDELITY_HIFI4,
		.compile_args = cargs,
		.num_compile_args = 7,
	};
	static const uint32_t idx_in0[] = { 0 }, idx_in1[] = { 1 }, idx_out[] = { 16, 24 };
	uint32_t sem[4]; /* in0 ready, in0 valid, in1 ready, in1 valid */
	tt_kernel_handle rd[2][2] = { { 0 } }, wr, cp;
	int rc;

	rc = create_cb(prog, &all, idx_in0, 1, 2 * s->per_core_m * s->in0_block_w);
	rc = rc ? rc : create_cb(prog, &all, idx_in1, 1, 2 * s->in0_block_w * s->per_core_n);
	rc = rc ? rc : create_cb(prog, &all, idx_out, 2, s->per_core_m * s->per_core_n);
	for (int i = 0; i < 4 && !rc; i++)
		rc = tt_semaphore_create(prog, &all, 0, &sem[i]);
	rc = rc ? rc : tt_kernel_create(prog, KERNELS "writer_bmm_tile_layout.c", &all, &wcfg, &wr);
	rc = rc ? rc
		: tt_compute_kernel_create(prog, KERNELS "bmm_large_block_zm.c", &all, &ccfg, &cp);
	/*
	 * The four readers: in0 sender in the left column, in1 sender in the
	 * top row.  A 1-wide grid leaves some of them without cores.
	 */
	for (uint32_t in0s = 0; in0s < 2 && !rc; in0s++) {
		for (uint32_t in1s = 0; in1s < 2 && !rc; in1s++) {
			uint32_t x0 = in0s ? 0 : 1, x1 = in0s ? 0 : s->cores_x - 1;
			uint32_t y0 = in1s ? 0 : 1, y1 = in1s ? 0 : s->cores_y - 1;
			uint32_t ct[] = { in0s, in1s };
			struct tt_dm_config rcfg = { .processor = TT_DM_RISCV_1,
						     .noc = TT_NOC_1,
						     .compile_args = ct,
						     .num_compile_args = 2 };
			struct tt_core_range_set r =
				tt_core_range_set(tt_core_range(x0, y0, x1, y1));

			if (x0 > x1 || y0 > y1)
				continue;
			rc = tt_kernel_create(prog, KERNELS "reader_bmm_tile_layout.c", &r, &rcfg,
					      &rd[in0s][in1s]);
		}
	}
	if (rc)
		return rc;

	for (uint32_t y = 0; y < s->cores_y && !rc; y++) {
		for (uint32_t x = 0; x < s->cores_x && !rc; x++) {
			/*
			 * The reader is on NoC 1, which runs the other way:
			 * multicast rectangles start at the far corner.
			 */
			struct tt_core left = noc_xy(dev, 0, y), top = noc_xy(dev, x, 0);
			struct tt_core row_far = noc_xy(dev, s->cores_x - 1, y);
			struct tt_core row_near = noc_xy(dev, s->cores_x > 1 ? 1 : 0, y);
			struct tt_core col_far = noc_xy(dev, x, s->cores_y - 1);
			struct tt_core col_near = noc_xy(dev, x, s->cores_y > 1 ? 1 : 0);
			/*
			 * Every reader gets the same number of args: the
			 * semaphores follow the args in L1, and a core finds
			 * its sender's at its own get_semaphore() address.
			 */
			uint32_t ra[] = {
				/* in0: rows of this core, all of K */
				tt_buffer_address(ba),
				s->per_core_m * y * s->kt,
				s->kt,
				s->in0_block_w,
				s->in0_block_w,
				s->per_core_m,
				row_far.x,
				row_far.y,
				row_near.x,
				row_near.y,
				s->cores_x - 1,
				left.x,
				left.y,
				sem[0],
				sem[1],
				/* in1: columns of this core, all of K */
				tt_buffer_address(bb),
				s->per_core_n * x,
				s->nt,
				s->in0_block_w * s->nt,
				s->per_core_n,
				s->in0_block_w,
				col_far.x,
				col_far.y,
				col_near.x,
				col_near.y,
				s->cores_y - 1,
				top.x,
				top.y,
				sem[2],
				sem[3],
				s->num_blocks,
			};
			uint32_t wa[] = {
				tt_buffer_address(bc),
				s->per_core_m * y * s->nt + s->per_core_n * x,
				s->nt,
				s->sub_w,
				s->sub_h,
				s->per_core_n / s->sub_w,
				s->per_core_m / s->sub_h,
			};
			uint32_t in0s = x == 0, in1s = y == 0;

			rc = tt_kernel_set_runtime_args(prog, rd[in0s][in1s], tt_core(x, y), ra,
							sizeof(ra) / sizeof(ra[0]));
			rc = rc ? rc
				: tt_kernel_set_runtime_args(prog, wr, tt_core(x, y), wa,
							     sizeof(wa) / sizeof(wa[0]));
		}
	}
	(void)cp;
	return rc;
}

static void report(const struct mm_shape *s, struct tt_core dev_grid, const struct mm_times *t,
		   const struct tt_run_report *rep, double r, bool pass)
{
	uint64_t in0 = (uint64_t)s->mt * s->kt, in1 = (uint64_t)s->kt * s->nt;
	uint64_t out = (uint64_t)s->mt * s->nt;
	uint64_t mc0 = in0 * (s->cores_x - 1), mc1 = in1 * (s->cores_y - 1);
	double total = t->checked - t->start, open = t->opened - t->start;
	const char *par = getenv("TT_EMU_PARALLEL");
	const char *tile = getenv("TT_EMU_TILE_THREAD");

	printf("matmul_multi_core: C = A @ B, %ux%ux%u bf16 (%u x %u x %u tiles), HiFi4\n",
	       s->mt * TILE_DIM, s->kt * TILE_DIM, s->nt * TILE_DIM, s->mt, s->kt, s->nt);
	printf("  grid         %u x %u cores (device %u x %u); per-core block %u x %u tiles, "
	       "in0_block_w %u (%u K blocks), out sub-block %u x %u\n",
	       s->cores_x, s->cores_y, dev_grid.x, dev_grid.y, s->per_core_m, s->per_core_n,
	       s->in0_block_w, s->num_blocks, s->sub_h, s->sub_w);
	printf("  unicast      %llu tiles read from DRAM (in0 %llu, in1 %llu), "
	       "%llu written\n",
	       (unsigned long long)(in0 + in1), (unsigned long long)in0, (unsigned long long)in1,
	       (unsigned long long)out);
	printf("  multicast    %llu tiles sent, %llu delivered (in0 %llu along rows, "
	       "in1 %llu down columns);\n"
	       "               without multicast every core would read its own: "
	       "%llu DRAM reads\n",
	       (unsigned long long)(in0 + in1), (unsigned long long)(mc0 + mc1),
	       (unsigned long long)mc0, (unsigned long long)mc1,
	       (unsigned long long)(in0 * s->cores_x + in1 * s->cores_y));
	printf("  time         %.2f s end to end, %.2f s without the device open: open %.2f, "
	       "kernels %.2f, run %.2f, close %.2f, check %.2f\n",
	       total, total - open, open, t->compiled - t->opened, t->ran - t->compiled,
	       t->closed - t->ran, t->checked - t->closed);
	printf("               CPU %.2f s: QEMU %.2f (open %.2f, run %.2f), this program "
	       "%.2f\n",
	       t->qemu_run + t->host_cpu, t->qemu_run, t->qemu_open, t->qemu_run - t->qemu_open,
	       t->host_cpu);
	/* libtt's rules for TT_EMU_PARALLEL (set, not empty and not "0")
	 * and TT_EMU_TILE_THREAD ("0" turns it off). */
	if (par && *par && strcmp(par, "0"))
		printf("               parallel TCG (TT_EMU_PARALLEL): no instruction count\n");
	else
		printf("               deterministic TCG, matmul arithmetic %s: %llu guest "
		       "instructions\n",
		       tile && !strcmp(tile, "0") ? "on the harts' thread (TT_EMU_TILE_THREAD=0)"
						  : "on the tile thread (given two CPUs)",
		       (unsigned long long)rep->instructions);
	printf("  vs host      device %.3f s from open to result (%.3f s without the open); "
	       "the same matmul as a plain C fp32 loop on the host %.3f s\n",
	       t->ran - t->opening, t->ran - t->opened, t->host_matmul);
	printf("  PCC          %.5f against fp64 (>= %.3f): %s\n", r, PCC_MIN,
	       pass ? "pass" : "FAIL");
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

int main(int argc, char **argv)
{
	struct mm_shape s;
	struct mm_times t;
	size_t m, k, n;
	struct tt_buffer *ba = NULL, *bb = NULL, *bc = NULL;
	struct tt_run_report rep;
	struct tt_device *dev;
	struct tt_device_config dcfg = { 0 };
	struct tt_program *prog = NULL;
	float *fa, *fb, *fc;
	void *a, *b, *c;
	double *golden, *result, r;
	struct tt_core dev_grid;
	bool pass;
	int rc;

	t.start = now();
	rc = parse_shape(argc, argv, &s);
	if (rc)
		return rc;
	/*
	 * The smallest power-of-two grid holding the cores: the allocator
	 * interleaves over any power-of-two number of L1 banks, and QEMU
	 * runs faster with no idle cores to keep track of.
	 */
	dcfg.grid_x = pow2_at_least(s.cores_x);
	dcfg.grid_y = pow2_at_least(s.cores_y);
	m = (size_t)s.mt * TILE_DIM, k = (size_t)s.kt * TILE_DIM, n = (size_t)s.nt * TILE_DIM;
	fa = malloc(m * k * sizeof(float)), fb = malloc(k * n * sizeof(float));
	fc = malloc(m * n * sizeof(float));
	a = malloc(m * k * 2), b = malloc(k * n * 2), c = malloc(m * n * 2);
	golden = calloc(m * n, sizeof(double)), result = malloc(m * n * sizeof(double));
	if (!fa || !fb || !fc || !a || !b || !c || !golden || !result) {
		fprintf(stderr, "matmul_multi_core: out of memory for %zux%zux%zu\n", m, k, n);
		return 1;
	}
	srand(42);
	for (size_t i = 0; i < m * k; i++)
		fa[i] = rand_bf16();
	for (size_t i = 0; i < k * n; i++)
		fb[i] = rand_bf16();
	tt_tilize_to_tiles(TT_DF_FLOAT16_B, fa, k, m, k, NULL, a, m * k * 2);
	tt_tilize_to_tiles(TT_DF_FLOAT16_B, fb, n, k, n, NULL, b, k * n * 2);

	t.opening = now();
	rc = tt_device_open(&dcfg, &dev);
	if (rc) {
		fprintf(stderr, "matmul_multi_core: device open failed: %s\n", tt_strerror(rc));
		return 1;
	}
	t.opened = now();
	t.qemu_open = tt_device_cpu_seconds(dev);
	dev_grid = tt_device_grid(dev);
	{
		struct tt_buffer_config cfg = { .page_size = TILE_BYTES, .type = TT_BUFFER_DRAM };

		cfg.size = m * k * 2;
		rc = tt_buffer_create(dev, &cfg, &ba);
		cfg.size = k * n * 2;
		rc = rc ? rc : tt_buffer_create(dev, &cfg, &bb);
		cfg.size = m * n * 2;
		rc = rc ? rc : tt_buffer_create(dev, &cfg, &bc);
	}
	rc = rc ? rc : tt_buffer_write(ba, a);
	rc = rc ? rc : tt_buffer_write(bb, b);
	rc = rc ? rc : tt_program_create(&prog);
	rc = rc ? rc : build_program(dev, &s, ba, bb, bc, prog);
	if (rc) {
		fprintf(stderr, "matmul_multi_core: setup failed: %s\n", tt_strerror(rc));
		goto fail;
	}
	memset(&rep, 0, sizeof(rep));
	rc = tt_program_compile(dev, prog, &rep);
	t.compiled = now();
	rc = rc ? rc : tt_program_run(dev, prog, 0, &rep);
	if (rc) {
		fprintf(stderr, "matmul_multi_core: run failed: %s\n%s", tt_strerror(rc),
			tt_last_error());
		goto fail;
	}
	rc = tt_buffer_read(bc, c);
	if (rc) {
		fprintf(stderr, "matmul_multi_core: reading the output failed: %s\n",
			tt_strerror(rc));
		goto fail;
	}
	t.ran = now();
	t.qemu_run = tt_device_cpu_seconds(dev);
	tt_program_destroy(prog);
	tt_buffer_free(ba);
	tt_buffer_free(bb);
	tt_buffer_free(bc);
	tt_device_close(dev);
	t.closed = now();

	/* fp64 golden of the same bf16 inputs. */
	tt_tilize_from_tiles(TT_DF_FLOAT16_B, c, m * n * 2, m, n, fc, n);
	for (size_t i = 0; i < m; i++) {
		double *g = golden + i * n;

		for (size_t p = 0; p < k; p++) {
			double x = fa[i * k + p];
			const float *brow = fb + p * n;

			for (size_t j = 0; j < n; j++)
				g[j] += x * brow[j];
		}
		for (size_t j = 0; j < n; j++)
			result[i * n + j] = fc[i * n + j];
	}
	r = pcc(result, golden, m * n);
	pass = r >= PCC_MIN;
	t.checked = now();
	t.host_cpu = host_cpu();
	/* The host's plain fp32 matmul of the same inputs (fc is done with). */
	t.host_matmul = now();
	host_matmul(fa, fb, fc, m, k, n);
	t.host_matmul = now() - t.host_matmul;
	report(&s, dev_grid, &t, &rep, r, pass);

	free(fa);
	free(fb);
	free(fc);
	free(a);
	free(b);
	free(c);
	free(golden);
	free(result);
	return pass ? 0 : 1;

fail:
	tt_program_destroy(prog);
	tt_buffer_free(ba);
	tt_buffer_free(bb);
	tt_buffer_free(bc);
	tt_device_close(dev);
	return 1;
}
