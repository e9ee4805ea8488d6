// SPDX-License-Identifier: Apache-2.0
/*
 * Compute end to end: tt-metal's eltwise_binary (reader on NCRISC, a
 * compute kernel on the three TRISCs, writer on BRISC) adds, subtracts
 * and multiplies bf16 tiles through CBs and the tile engine; the host
 * checks every element against its own bf16 arithmetic following the tile
 * engine's rules (docs/tile-engine.md): exact operands in double, one
 * round to nearest even into bf16 per Dst write, and for mul one Dst +=
 * per HiFi4 fidelity phase of the operands' mantissa slices.
 * matmul_single_core (the programming example's kernels), reduces, the
 * broadcast ops and transpose_wh_tile with binary SFPU ops are checked bit for bit against the tile-engine
 * library (device/model/ttx_tile.h, linked into this test) driven on the
 * host with the same tiles and the same acquire/commit/wait/release
 * steps; the matmul is also held to PCC >= 0.999 against fp64.
 * A compute kernel whose math thread never commits times out with a hang
 * report naming the packer's wait.
 * tilize_block / untilize_block are checked bit for bit against the host's
 * tilize (host/src/layout/tilize.c) for Float16_b and Float32, and round trip
 * exactly; matmul_block on a 2x2 block with kt = 4 against the engine
 * driven tile by tile and against fp64; a kernel mixing Float16_b and
 * Float32 CBs passes when it reconfigures the unpacker and packer, and
 * stops with a guest error naming the missing call when it does not.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <tt/tilize.h>

#include "e2e.h"
#include "tt_data_format.h"
#include "ttx_tile.h"

#define TILE TT_TILE_BYTES_FLOAT16_B

static float bf16_value(uint16_t h)
{
	uint32_t bits = (uint32_t)h << 16;
	float f;

	memcpy(&f, &bits, 4);
	return f;
}

/* @v (exact) rounded to nearest even into bf16; no overflow or denormals here. */
static uint16_t bf16_round(double v)
{
	uint16_t sign = signbit(v) ? 0x8000 : 0;
	uint32_t bits;
	double r;
	float f;
	int e;

	if (v == 0)
		return sign;
	r = nearbyint(ldexp(frexp(fabs(v), &e), 8)); /* 8 significant bits */
	f = (float)ldexp(r, e - 8);
	memcpy(&bits, &f, 4);
	return sign | (uint16_t)(bits >> 16);
}

/*
 * Fidelity slice of bf16 @x for SrcA (@b false) or SrcB in @phase
 * (docs/tile-engine.md, "Math fidelity"): the high slice keeps the
 * implicit 1, the low one only its mantissa bits.
 */
static double slice(uint16_t x, bool src_b, unsigned int phase)
{
	uint32_t u = (uint32_t)x << 16, mant = u & 0x7fffff;
	int e = (int)((u >> 23) & 0xff);
	bool low = src_b ? (phase >> 1) & 1 : phase & 1;
	uint32_t mask = src_b ? (low ? 0x01e000 : 0x7e0000) : (low ? 0x07c000 : 0x780000);
	double v;

	if (!e)
		return 0.0;
	v = ldexp((double)(mant & mask), -23) + (low ? 0.0 : 1.0);
	v = ldexp(v, e - 127);
	return (u >> 31) ? -v : v;
}

/* HiFi4 ELWMUL into a zeroed bf16 Dst: Dst += sliceA * sliceB, rounded per phase. */
static uint16_t bf16_mul_hifi4(uint16_t a, uint16_t b)
{
	uint16_t dst = 0;

	for (unsigned int p = 0; p < 4; p++)
		dst = bf16_round((double)bf16_value(dst) + slice(a, false, p) * slice(b, true, p));
	return dst;
}

static void random_bf16(uint16_t *p, size_t n, uint32_t seed)
{
	for (size_t i = 0; i < n; i++) {
		float f;
		uint32_t bits;

		seed = seed * 1103515245u + 12345u;
		f = (float)((seed >> 8) & 0xffff) / 8192.0f - 4.0f; /* [-4, 4) */
		memcpy(&bits, &f, 4);
		p[i] = (uint16_t)(bits >> 16);
	}
}

static struct tt_buffer *dram(struct tt_device *dev, size_t size)
{
	struct tt_buffer_config cfg = { .size = size, .page_size = TILE, .type = TT_BUFFER_DRAM };
	struct tt_buffer *b;

	cr_assert_eq(tt_buffer_create(dev, &cfg, &b), TT_OK);
	return b;
}

/* CB @index of @pages tiles of @df (pages of one tile). */
static void cb_fmt(struct tt_program *prog, struct tt_core c, uint32_t index, uint32_t df,
		   uint32_t pages)
{
	struct tt_core_range_set set = tt_core_set(c);
	uint32_t page = df == TT_DF_FLOAT32 ? TT_TILE_BYTES_FLOAT32 : TILE;
	struct tt_cb_format f = { index, df, page };
	struct tt_cb_config cfg = { pages * page, &f, 1 };
	tt_cb_handle h;

	cr_assert_eq(tt_cb_create(prog, &set, &cfg, &h), TT_OK);
}

static void cb(struct tt_program *prog, struct tt_core c, uint32_t index)
{
	cb_fmt(prog, c, index, TT_DF_FLOAT16_B, 2);
}

/* @op: 0 add, 1 sub, 2 mul (compile-time arg of eltwise_binary.c). */
static void eltwise_binary(uint32_t op, uint32_t tiles)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_core core = tt_core(0, 0);
	struct tt_core_range_set set = tt_core_set(core);
	size_t n = (size_t)tiles * TT_TILE_ELEMS, size = (size_t)tiles * TILE;
	uint16_t *a = malloc(size), *b = malloc(size), *out = calloc(1, size);
	struct tt_buffer *ba = dram(dev, size), *bb = dram(dev, size), *bo = dram(dev, size);
	struct tt_dm_config rcfg = { .processor = TT_DM_RISCV_1, .noc = TT_NOC_1 };
	struct tt_dm_config wcfg = { .processor = TT_DM_RISCV_0, .noc = TT_NOC_0 };
	/* math_fidelity left at its default: must behave as HiFi4 */
	struct tt_compute_config ccfg = { .compile_args = &op, .num_compile_args = 1 };
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle rd, wr, cp;
	uint32_t bad = 0;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("eltwise_reader.c"), &set, &rcfg, &rd), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("eltwise_writer.c"), &set, &wcfg, &wr), TT_OK);
	cr_assert_eq(tt_compute_kernel_create(prog, KERNEL("eltwise_binary.c"), &set, &ccfg, &cp),
		     TT_OK);
	cb(prog, core, 0);
	cb(prog, core, 1);
	cb(prog, core, 16);
	{
		uint32_t ra[3] = { tt_buffer_address(ba), tt_buffer_address(bb), tiles };
		uint32_t wa[2] = { tt_buffer_address(bo), tiles };

		cr_assert_eq(tt_kernel_set_runtime_args(prog, rd, core, ra, 3), TT_OK);
		cr_assert_eq(tt_kernel_set_runtime_args(prog, wr, core, wa, 2), TT_OK);
		cr_assert_eq(tt_kernel_set_runtime_args(prog, cp, core, &tiles, 1), TT_OK);
	}
	random_bf16(a, n, 1 + op);
	random_bf16(b, n, 100 + op);
	cr_assert_eq(tt_buffer_write(ba, a), TT_OK);
	cr_assert_eq(tt_buffer_write(bb, b), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_buffer_read(bo, out), TT_OK);
	for (size_t i = 0; i < n; i++) {
		double x = bf16_value(a[i]), y = bf16_value(b[i]);
		uint16_t want =
			op == 2 ? bf16_mul_hifi4(a[i], b[i]) : bf16_round(op == 0 ? x + y : x - y);

		if (out[i] != want && bad++ < 5)
			cr_log_error("tile %zu element %zu: %a op %a = 0x%04x, want 0x%04x",
				     i / TT_TILE_ELEMS, i % TT_TILE_ELEMS, x, y, out[i], want);
	}
	cr_expect_eq(bad, 0, "%u of %zu elements differ", bad, n);

	free(a);
	free(b);
	free(out);
	tt_buffer_free(ba);
	tt_buffer_free(bb);
	tt_buffer_free(bo);
	tt_program_destroy(prog);
	tt_device_close(dev);
}

Test(compute, eltwise_binary_add_bf16, .timeout = 120)
{
	eltwise_binary(0, 8);
}

Test(compute, eltwise_binary_sub_bf16, .timeout = 120)
{
	eltwise_binary(1, 4);
}

Test(compute, eltwise_binary_mul_bf16_hifi4, .timeout = 120)
{
	eltwise_binary(2, 4);
}

/* The engine library's results, as a guest's kernels drive it ------------ */

/* A fresh engine: HiFi4, bf16 Dst, SyncHalf (a zeroed tt_compute_config). */
static TTTileEngine *ref_engine(void)
{
	static const TTTileConfig cfg = { .fidelity = TTX_HIFI4 };
	TTTileEngine *e = malloc(sizeof(*e));

	cr_assert_not_null(e);
	ttx_tile_init(e, &cfg);
	return e;
}

/* commit, wait, pack Dst tile 0 as bf16 to @out, release; then acquire again. */
static void ref_pack(TTTileEngine *e, uint16_t *out)
{
	cr_assert_eq(ttx_tile_commit(e), TTX_TILE_OK);
	cr_assert_eq(ttx_tile_wait(e), TTX_TILE_OK);
	cr_assert_eq(ttx_tile_pack(e, 0, TT_DF_FLOAT16_B, out), TTX_TILE_OK);
	cr_assert_eq(ttx_tile_release(e), TTX_TILE_OK);
	cr_assert_eq(ttx_tile_acquire(e), TTX_TILE_OK);
}

static unsigned count_diffs(const uint16_t *got, const uint16_t *want, size_t n, const char *what)
{
	unsigned bad = 0;

	for (size_t i = 0; i < n; i++)
		if (got[i] != want[i] && bad++ < 5)
			cr_log_error("%s: tile %zu element %zu is 0x%04x, want 0x%04x", what,
				     i / TT_TILE_ELEMS, i % TT_TILE_ELEMS, got[i], want[i]);
	return bad;
}

/* One core, reader (NCRISC) -> compute (TRISCs) -> writer (BRISC). */
struct pipeline {
	const char *reader, *compute, *writer;
	const uint32_t *reader_args, *compute_args, *writer_args;
	uint32_t num_reader_args, num_compute_args, num_writer_args;
	struct tt_compute_config ccfg;
	const uint32_t *cbs; /* bf16 CB indices, two tiles each */
	uint32_t num_cbs;
	const uint32_t *cb_formats; /* if set: TT_DF_* of each CB */
	const uint32_t *cb_pages;   /* if set: tiles of each CB */
};

/* Build and run @p; the run's status, its report in @rep. */
static int run_pipeline_rc(struct tt_device *dev, const struct pipeline *p,
			   struct tt_run_report *rep)
{
	struct tt_core core = tt_core(0, 0);
	struct tt_core_range_set set = tt_core_set(core);
	struct tt_dm_config rcfg = { .processor = TT_DM_RISCV_1, .noc = TT_NOC_1 };
	struct tt_dm_config wcfg = { .processor = TT_DM_RISCV_0, .noc = TT_NOC_0 };
	struct tt_program *prog;
	tt_kernel_handle rd, wr, cp;
	int rc;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, p->reader, &set, &rcfg, &rd), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, p->writer, &set, &wcfg, &wr), TT_OK);
	cr_assert_eq(tt_compute_kernel_create(prog, p->compute, &set, &p->ccfg, &cp), TT_OK);
	for (uint32_t i = 0; i < p->num_cbs; i++)
		cb_fmt(prog, core, p->cbs[i], p->cb_formats ? p->cb_formats[i] : TT_DF_FLOAT16_B,
		       p->cb_pages ? p->cb_pages[i] : 2);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, rd, core, p->reader_args, p->num_reader_args),
		     TT_OK);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, wr, core, p->writer_args, p->num_writer_args),
		     TT_OK);
	cr_assert_eq(
		tt_kernel_set_runtime_args(prog, cp, core, p->compute_args, p->num_compute_args),
		TT_OK);
	rc = tt_program_run(dev, prog, 30000, rep);
	tt_program_destroy(prog);
	return rc;
}

static void run_pipeline(struct tt_device *dev, const struct pipeline *p)
{
	struct tt_run_report rep;
	int rc = run_pipeline_rc(dev, p, &rep);

	cr_assert_eq(rc, TT_OK, "run failed: %s\n%s", tt_strerror(rc), tt_last_error());
}

/* matmul_single_core ------------------------------------------------------ */

/* Element (r, c) of a row-major-by-tile matrix @ct tiles wide. */
static double elem(const uint16_t *m, uint32_t ct, uint32_t r, uint32_t c)
{
	return bf16_value(m[((size_t)(r / 32) * ct + c / 32) * TT_TILE_ELEMS +
			    ttx_tile_index(r % 32, c % 32)]);
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

/*
 * PCC of the tiled bf16 product @out (mt x nt tiles) against an fp64
 * matmul of @a (mt x kt tiles) and @b (kt x nt tiles); @got and @exact
 * are scratch of mt * nt tiles.
 */
static double matmul_pcc(const uint16_t *a, const uint16_t *b, const uint16_t *out, uint32_t mt,
			 uint32_t nt, uint32_t kt, double *got, double *exact)
{
	for (uint32_t i = 0; i < mt * 32; i++) {
		for (uint32_t j = 0; j < nt * 32; j++) {
			size_t o = ((size_t)(i / 32) * nt + j / 32) * TT_TILE_ELEMS +
				   ttx_tile_index(i % 32, j % 32);
			double sum = 0;

			for (uint32_t k = 0; k < kt * 32; k++)
				sum += elem(a, kt, i, k) * elem(b, nt, k, j);
			exact[o] = sum;
			got[o] = bf16_value(out[o]);
		}
	}
	return pcc(got, exact, (size_t)mt * nt * TT_TILE_ELEMS);
}

Test(compute, matmul_single_core_bf16, .timeout = 180)
{
	const uint32_t mt = 4, kt = 4, nt = 4; /* 128 x 128 x 128 */
	const size_t na = (size_t)mt * kt * TT_TILE_ELEMS, nb = (size_t)kt * nt * TT_TILE_ELEMS;
	const size_t nc = (size_t)mt * nt * TT_TILE_ELEMS;
	struct tt_device *dev = e2e_open(1, 1);
	uint16_t *a = malloc(na * 2), *b = malloc(nb * 2), *out = calloc(nc, 2);
	uint16_t *want = malloc(nc * 2);
	double *got = malloc(nc * sizeof(double)), *exact = malloc(nc * sizeof(double));
	struct tt_buffer *ba = dram(dev, na * 2), *bb = dram(dev, nb * 2), *bo = dram(dev, nc * 2);
	uint32_t ra[5] = { tt_buffer_address(ba), tt_buffer_address(bb), mt, kt, nt };
	uint32_t ca[3] = { mt, kt, nt }, wa[2] = { tt_buffer_address(bo), mt * nt };
	static const uint32_t cbs[] = { 0, 1, 16 };
	struct pipeline p = {
		.reader = TT_EXAMPLE_KERNELS "/matmul_single_core/reader_single_core_mm.c",
		.compute = TT_EXAMPLE_KERNELS "/matmul_single_core/mm.c",
		.writer = TT_EXAMPLE_KERNELS "/matmul_single_core/writer_single_core_mm.c",
		.reader_args = ra,
		.num_reader_args = 5,
		.compute_args = ca,
		.num_compute_args = 3,
		.writer_args = wa,
		.num_writer_args = 2,
		.cbs = cbs,
		.num_cbs = 3,
	};
	TTTileEngine *e = ref_engine();
	double r;

	random_bf16(a, na, 7);
	random_bf16(b, nb, 8);
	cr_assert_eq(tt_buffer_write(ba, a), TT_OK);
	cr_assert_eq(tt_buffer_write(bb, b), TT_OK);
	run_pipeline(dev, &p);
	cr_assert_eq(tt_buffer_read(bo, out), TT_OK);

	cr_assert_eq(ttx_tile_acquire(e), TTX_TILE_OK);
	for (uint32_t m = 0; m < mt; m++) {
		for (uint32_t n = 0; n < nt; n++) {
			for (uint32_t k = 0; k < kt; k++)
				cr_assert_eq(ttx_tile_matmul_tiles(e, TT_DF_FLOAT16_B,
								   a + (m * kt + k) * TT_TILE_ELEMS,
								   TT_DF_FLOAT16_B,
								   b + (k * nt + n) * TT_TILE_ELEMS,
								   false, 0),
					     TTX_TILE_OK);
			ref_pack(e, want + (m * nt + n) * TT_TILE_ELEMS);
		}
	}
	free(e);
	cr_expect_eq(count_diffs(out, want, nc, "matmul"), 0, "matmul differs from the engine");

	r = matmul_pcc(a, b, out, mt, nt, kt, got, exact);
	cr_log_info("matmul 128x128x128 bf16: PCC %.6f against fp64", r);
	cr_expect_geq(r, 0.999, "PCC %f", r);

	free(a);
	free(b);
	free(out);
	free(want);
	free(got);
	free(exact);
	tt_buffer_free(ba);
	tt_buffer_free(bb);
	tt_buffer_free(bo);
	tt_device_close(dev);
}

/* reduce ----------------------------------------------------------------- */

/* REDUCE_OP/REDUCE_DIM as the host passes them; @pool, @dim the same op. */
static void reduce(const char *op, const char *dim, TTPoolType pool, TTReduceDim rdim,
		   uint16_t scaler)
{
	const uint32_t outer = 2, inner = 3, tiles = outer * inner;
	const size_t n = (size_t)tiles * TT_TILE_ELEMS, no = (size_t)outer * TT_TILE_ELEMS;
	struct tt_device *dev = e2e_open(1, 1);
	uint16_t *in = malloc(n * 2), *sc = malloc(TILE), *out = calloc(no, 2);
	uint16_t *want = malloc(no * 2);
	struct tt_buffer *bi = dram(dev, n * 2), *bs = dram(dev, TILE), *bo = dram(dev, no * 2);
	uint32_t ra[3] = { tt_buffer_address(bi), tt_buffer_address(bs), tiles };
	uint32_t ca[2] = { outer, inner }, wa[2] = { tt_buffer_address(bo), outer };
	static const uint32_t cbs[] = { 0, 2, 16 };
	const struct tt_define defs[] = { { "REDUCE_OP", op }, { "REDUCE_DIM", dim } };
	struct pipeline p = {
		.reader = KERNEL("reduce_reader.c"),
		.compute = KERNEL("reduce.c"),
		.writer = KERNEL("eltwise_writer.c"),
		.reader_args = ra,
		.num_reader_args = 3,
		.compute_args = ca,
		.num_compute_args = 2,
		.writer_args = wa,
		.num_writer_args = 2,
		.ccfg = { .defines = defs, .num_defines = 2 },
		.cbs = cbs,
		.num_cbs = 3,
	};
	TTTileEngine *e = ref_engine();

	random_bf16(in, n, 11);
	for (unsigned i = 0; i < TT_TILE_ELEMS; i++)
		sc[i] = scaler;
	cr_assert_eq(tt_buffer_write(bi, in), TT_OK);
	cr_assert_eq(tt_buffer_write(bs, sc), TT_OK);
	run_pipeline(dev, &p);
	cr_assert_eq(tt_buffer_read(bo, out), TT_OK);

	cr_assert_eq(ttx_tile_acquire(e), TTX_TILE_OK);
	for (uint32_t o = 0; o < outer; o++) {
		for (uint32_t i = 0; i < inner; i++)
			cr_assert_eq(ttx_tile_reduce_tile(e, pool, rdim, TT_DF_FLOAT16_B,
							  in + (o * inner + i) * TT_TILE_ELEMS,
							  TT_DF_FLOAT16_B, sc, 0),
				     TTX_TILE_OK);
		ref_pack(e, want + o * TT_TILE_ELEMS);
	}
	free(e);
	cr_expect_eq(count_diffs(out, want, no, op), 0, "reduce differs from the engine");
	/* A sanity check independent of the engine: SUM ROW of 3 tiles, row 0. */
	if (pool == TTX_POOL_SUM && rdim == TTX_REDUCE_ROW) {
		double sum = 0;

		for (uint32_t i = 0; i < inner; i++)
			for (uint32_t c = 0; c < 32; c++)
				sum += bf16_value(in[i * TT_TILE_ELEMS + ttx_tile_index(0, c)]);
		cr_expect(fabs(bf16_value(out[0]) - sum) <= 0.05 * (1 + fabs(sum)),
			  "row 0 sums to %f, device says %f", sum, bf16_value(out[0]));
	}

	free(in);
	free(sc);
	free(out);
	free(want);
	tt_buffer_free(bi);
	tt_buffer_free(bs);
	tt_buffer_free(bo);
	tt_device_close(dev);
}

Test(compute, reduce_sum_row_bf16, .timeout = 120)
{
	reduce("POOL_SUM", "REDUCE_ROW", TTX_POOL_SUM, TTX_REDUCE_ROW, 0x3f80);
}

Test(compute, reduce_max_col_bf16, .timeout = 120)
{
	reduce("POOL_MAX", "REDUCE_COL", TTX_POOL_MAX, TTX_REDUCE_COL, 0x3f80);
}

/*
 * Two random bf16 inputs of @tiles tiles in DRAM, an output buffer, and
 * the reader/writer args of eltwise_reader.c / eltwise_writer.c.
 */
struct binary_io {
	struct tt_device *dev;
	uint32_t tiles;
	size_t n; /* elements per buffer */
	uint16_t *a, *b, *out, *want;
	struct tt_buffer *ba, *bb, *bo;
	uint32_t ra[3], wa[2];
};

static void binary_io_open(struct binary_io *io, uint32_t tiles, uint32_t seed_a, uint32_t seed_b)
{
	io->dev = e2e_open(1, 1);
	io->tiles = tiles;
	io->n = (size_t)tiles * TT_TILE_ELEMS;
	io->a = malloc(io->n * 2), io->b = malloc(io->n * 2);
	io->out = calloc(io->n, 2), io->want = malloc(io->n * 2);
	io->ba = dram(io->dev, io->n * 2), io->bb = dram(io->dev, io->n * 2);
	io->bo = dram(io->dev, io->n * 2);
	io->ra[0] = tt_buffer_address(io->ba), io->ra[1] = tt_buffer_address(io->bb);
	io->ra[2] = tiles;
	io->wa[0] = tt_buffer_address(io->bo), io->wa[1] = tiles;
	random_bf16(io->a, io->n, seed_a);
	random_bf16(io->b, io->n, seed_b);
	cr_assert_eq(tt_buffer_write(io->ba, io->a), TT_OK);
	cr_assert_eq(tt_buffer_write(io->bb, io->b), TT_OK);
}

/* Run @compute (compile arg *@ct_arg, runtime arg tiles) between them. */
static void binary_io_run(struct binary_io *io, const char *compute, const uint32_t *ct_arg)
{
	static const uint32_t cbs[] = { 0, 1, 16 };
	struct pipeline p = {
		.reader = KERNEL("eltwise_reader.c"),
		.compute = compute,
		.writer = KERNEL("eltwise_writer.c"),
		.reader_args = io->ra,
		.num_reader_args = 3,
		.compute_args = &io->tiles,
		.num_compute_args = 1,
		.writer_args = io->wa,
		.num_writer_args = 2,
		.ccfg = { .compile_args = ct_arg, .num_compile_args = 1 },
		.cbs = cbs,
		.num_cbs = 3,
	};

	run_pipeline(io->dev, &p);
	cr_assert_eq(tt_buffer_read(io->bo, io->out), TT_OK);
}

static void binary_io_close(struct binary_io *io)
{
	free(io->a);
	free(io->b);
	free(io->out);
	free(io->want);
	tt_buffer_free(io->ba);
	tt_buffer_free(io->bb);
	tt_buffer_free(io->bo);
	tt_device_close(io->dev);
}

/* broadcast -------------------------------------------------------------- */

/* @sel: 0 add rows, 1 sub cols, 2 mul scalar (eltwise_binary.c ops 3..5). */
static void bcast(uint32_t sel)
{
	static const TTEltwiseOp ops[] = { TTX_ELW_ADD, TTX_ELW_SUB, TTX_ELW_MUL };
	static const TTBcast dims[] = { TTX_BCAST_ROW, TTX_BCAST_COL, TTX_BCAST_SCALAR };
	uint32_t op = 3 + sel;
	struct binary_io io;
	TTTileEngine *e = ref_engine();
	const uint16_t *a, *b;

	binary_io_open(&io, 3, 21 + sel, 31 + sel);
	binary_io_run(&io, KERNEL("eltwise_binary.c"), &op);
	a = io.a, b = io.b;

	cr_assert_eq(ttx_tile_acquire(e), TTX_TILE_OK);
	for (uint32_t t = 0; t < io.tiles; t++) {
		cr_assert_eq(ttx_tile_binary_tiles(e, ops[sel], dims[sel], TT_DF_FLOAT16_B,
						   a + t * TT_TILE_ELEMS, TT_DF_FLOAT16_B,
						   b + t * TT_TILE_ELEMS, 0),
			     TTX_TILE_OK);
		ref_pack(e, io.want + t * TT_TILE_ELEMS);
	}
	free(e);
	cr_expect_eq(count_diffs(io.out, io.want, io.n, "bcast"), 0,
		     "broadcast differs from the engine");
	/* Independent of the engine: add rows is one bf16 rounding of a + b[0][c]. */
	if (sel == 0)
		for (uint32_t r = 0; r < 32; r++)
			for (uint32_t c = 0; c < 32; c++) {
				unsigned i = ttx_tile_index(r, c), i0 = ttx_tile_index(0, c);

				cr_expect_eq(
					io.out[i],
					bf16_round((double)bf16_value(a[i]) + bf16_value(b[i0])),
					"(%u, %u)", r, c);
			}
	binary_io_close(&io);
}

Test(compute, add_tiles_bcast_rows_bf16, .timeout = 120)
{
	bcast(0);
}

Test(compute, sub_tiles_bcast_cols_bf16, .timeout = 120)
{
	bcast(1);
}

Test(compute, mul_tiles_bcast_scalar_bf16, .timeout = 120)
{
	bcast(2);
}

/* transpose_wh_tile, then a binary SFPU op ------------------------------- */

/* @sel: compile-time arg of transpose_sfpu_binary.c (0 add, 1 mul). */
static void transpose_sfpu(uint32_t sel)
{
	struct binary_io io;
	TTTileEngine *e = ref_engine();
	const uint16_t *a, *b;

	binary_io_open(&io, 2, 41 + sel, 51 + sel);
	binary_io_run(&io, KERNEL("transpose_sfpu_binary.c"), &sel);
	a = io.a, b = io.b;

	cr_assert_eq(ttx_tile_acquire(e), TTX_TILE_OK);
	for (uint32_t t = 0; t < io.tiles; t++) {
		cr_assert_eq(
			ttx_tile_transpose_wh_tile(e, TT_DF_FLOAT16_B, a + t * TT_TILE_ELEMS, 0),
			TTX_TILE_OK);
		cr_assert_eq(ttx_tile_copy_tile(e, TT_DF_FLOAT16_B, b + t * TT_TILE_ELEMS, 1),
			     TTX_TILE_OK);
		cr_assert_eq(ttx_sfpu_binary(e, sel ? TTX_SFPU_MUL : TTX_SFPU_ADD, 0, 1),
			     TTX_TILE_OK);
		ref_pack(e, io.want + t * TT_TILE_ELEMS);
	}
	free(e);
	cr_expect_eq(count_diffs(io.out, io.want, io.n, "transpose+sfpu"), 0,
		     "transpose + SFPU differs from the engine");
	/* Independent of the engine: the sum is in0[c][r] + in1[r][c], rounded once. */
	if (sel == 0)
		for (uint32_t r = 0; r < 32; r++)
			for (uint32_t c = 0; c < 32; c++) {
				unsigned i = ttx_tile_index(r, c), it = ttx_tile_index(c, r);

				cr_expect_eq(
					io.out[i],
					bf16_round((double)bf16_value(a[it]) + bf16_value(b[i])),
					"(%u, %u)", r, c);
			}
	binary_io_close(&io);
}

Test(compute, transpose_wh_then_add_binary_tile, .timeout = 120)
{
	transpose_sfpu(0);
}

Test(compute, transpose_wh_then_mul_binary_tile, .timeout = 120)
{
	transpose_sfpu(1);
}

Test(compute, missing_commit_hang_report, .timeout = 60)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_core_range_set set = tt_core_set(tt_core(0, 0));
	struct tt_compute_config ccfg = { .math_fidelity = TT_MATH_FIDELITY_HIFI4 };
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle cp;
	int rc;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_compute_kernel_create(prog, KERNEL("compute_stuck.c"), &set, &ccfg, &cp),
		     TT_OK);
	rc = tt_program_run(dev, prog, 1500, &rep);
	cr_assert_eq(rc, TT_EDEADLK, "run: %s\n%s", tt_strerror(rc), tt_last_error());
	cr_expect(strstr(tt_last_error(), "TRISC2") &&
			  strstr(tt_last_error(), "waits for the tile engine: tile_regs_wait"),
		  "hang report:\n%s", tt_last_error());
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/*
 * A tile command's arguments only hold values: QEMU stores them in the
 * model's words itself (ttx_chip_latches, patch 0020), without a call into
 * the model, and they do not end a translation block.
 */
Test(compute, tile_command_arguments_are_stored_by_the_emulator, .timeout = 60)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_core_range_set set = tt_core_set(tt_core(0, 0));
	struct tt_compute_config ccfg = { .math_fidelity = TT_MATH_FIDELITY_HIFI4 };
	enum { N = 100, OUT = 0x100000 }; /* OUT: free L1 */
	uint32_t args[2] = { N, OUT }, got[2] = { 0, 0 };
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle cp;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(
		tt_compute_kernel_create(prog, KERNEL("compute_latched_args.c"), &set, &ccfg, &cp),
		TT_OK);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, cp, tt_core(0, 0), args, 2), TT_OK);
	tt_device_l1_write(dev, tt_core(0, 0), OUT, got, sizeof(got));
	e2e_run_ok(dev, prog, &rep);
	tt_device_l1_read(dev, tt_core(0, 0), OUT, got, sizeof(got));
	cr_assert_eq(got[1], N);
	/* Math's acquire and commit write four arguments each. */
	cr_expect_geq(got[0], 8 * N, "%u plain register writes stored for %u acquire/commit pairs",
		      got[0], N);
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* tilize / untilize ------------------------------------------------------- */

static struct tt_buffer *dram_paged(struct tt_device *dev, size_t size, uint32_t page)
{
	struct tt_buffer_config cfg = { .size = size, .page_size = page, .type = TT_BUFFER_DRAM };
	struct tt_buffer *b;

	cr_assert_eq(tt_buffer_create(dev, &cfg, &b), TT_OK);
	return b;
}

/*
 * A 64 x 96 matrix (2 blocks of 3 tiles) of @df through tilize_untilize.c
 * mode @mode: 0 tilize (row-major in, compared with the host's tilize of
 * the same values), 1 untilize (host-tilized in, row-major out compared
 * with the input rows), 2 both (rows in, the same rows out) or 3
 * pack_untilize_block (as 1).
 */
static void tilize_case(uint32_t df, uint32_t mode)
{
	const uint32_t rows = 64, cols = 96, block = 3, nb = rows / 32;
	const uint32_t es = df == TT_DF_FLOAT32 ? 4 : 2;
	const uint32_t page = df == TT_DF_FLOAT32 ? TT_TILE_BYTES_FLOAT32 : TILE;
	const size_t n = (size_t)rows * cols, size = n * es;
	const uint32_t pages = (uint32_t)(size / page);
	struct tt_device *dev = e2e_open(1, 1);
	float *val = malloc(n * sizeof(float));
	uint8_t *raw = malloc(size), *tiles = malloc(size), *in, *out = calloc(1, size);
	struct tt_buffer *bi = dram_paged(dev, size, page), *bo = dram_paged(dev, size, page);
	uint32_t ra[5] = { pages, 1, tt_buffer_address(bi), page, 0 };
	uint32_t wa[5] = { pages, 1, tt_buffer_address(bo), page, 16 };
	uint32_t ca[2] = { nb, block };
	static const uint32_t cbs[] = { 0, 16, 24 };
	uint32_t fmts[3] = { df, df, df }, cbp[3] = { 2 * block, 2 * block, 2 * block };
	const struct tt_define def = { "PACK_UNTILIZE_BLOCK_CT_DIM", "3" };
	struct pipeline p = {
		.reader = KERNEL("pages_reader.c"),
		.compute = KERNEL("tilize_untilize.c"),
		.writer = KERNEL("pages_writer.c"),
		.reader_args = ra,
		.num_reader_args = 5,
		.compute_args = ca,
		.num_compute_args = 2,
		.writer_args = wa,
		.num_writer_args = 5,
		.ccfg = { .compile_args = &mode,
			  .num_compile_args = 1,
			  .fp32_dest_acc_en = df == TT_DF_FLOAT32,
			  .defines = &def,
			  .num_defines = 1 },
		.cbs = cbs,
		.num_cbs = 3,
		.cb_formats = fmts,
		.cb_pages = cbp,
	};
	uint32_t seed = 17 + mode + df;
	const uint8_t *want;

	/* Values exact in @df: random bits, no NaN/Inf/denormals. */
	for (size_t i = 0; i < n; i++) {
		uint32_t u;

		seed = seed * 1103515245u + 12345u;
		u = (seed & 0x807fffffu) | ((uint32_t)(100 + (seed >> 24) % 50) << 23);
		if (es == 2)
			u &= 0xffff0000u;
		memcpy(&val[i], &u, 4);
		if (es == 2) {
			uint16_t h = (uint16_t)(u >> 16);

			memcpy(raw + 2 * i, &h, 2);
		} else {
			memcpy(raw + 4 * i, &u, 4);
		}
	}
	cr_assert_eq(tt_tilize_to_tiles(df, val, cols, rows, cols, NULL, tiles, size), TT_OK);
	in = mode == 1 || mode == 3 ? tiles : raw;
	want = mode == 0 ? tiles : raw;
	cr_assert_eq(tt_buffer_write(bi, in), TT_OK);
	run_pipeline(dev, &p);
	cr_assert_eq(tt_buffer_read(bo, out), TT_OK);
	{
		unsigned bad = 0;

		for (size_t i = 0; i < n; i++)
			if (memcmp(out + i * es, want + i * es, es) && bad++ < 5)
				cr_log_error("mode %u %s: element %zu differs", mode,
					     es == 4 ? "Float32" : "Float16_b", i);
		cr_expect_eq(bad, 0, "%u of %zu elements differ", bad, n);
	}

	free(val);
	free(raw);
	free(tiles);
	free(out);
	tt_buffer_free(bi);
	tt_buffer_free(bo);
	tt_device_close(dev);
}

Test(compute, tilize_block_bf16_matches_host_tilize, .timeout = 120)
{
	tilize_case(TT_DF_FLOAT16_B, 0);
}

Test(compute, tilize_block_fp32_matches_host_tilize, .timeout = 120)
{
	tilize_case(TT_DF_FLOAT32, 0);
}

Test(compute, untilize_block_bf16_matches_host_untilize, .timeout = 120)
{
	tilize_case(TT_DF_FLOAT16_B, 1);
}

Test(compute, pack_untilize_block_fp32_matches_host_untilize, .timeout = 120)
{
	tilize_case(TT_DF_FLOAT32, 3);
}

Test(compute, tilize_untilize_round_trip_bf16, .timeout = 120)
{
	tilize_case(TT_DF_FLOAT16_B, 2);
}

Test(compute, tilize_untilize_round_trip_fp32, .timeout = 120)
{
	tilize_case(TT_DF_FLOAT32, 2);
}

/* matmul_block -------------------------------------------------------------- */

Test(compute, matmul_block_2x2_kt4_bf16, .timeout = 120)
{
	const uint32_t rt = 2, ct = 2, kt = 4;
	const size_t na = (size_t)rt * kt * TT_TILE_ELEMS, nb = (size_t)kt * ct * TT_TILE_ELEMS;
	const size_t nc = (size_t)rt * ct * TT_TILE_ELEMS;
	struct tt_device *dev = e2e_open(1, 1);
	uint16_t *a = malloc(na * 2), *b = malloc(nb * 2), *out = calloc(nc, 2);
	uint16_t *want = malloc(nc * 2);
	double *got = malloc(nc * sizeof(double)), *exact = malloc(nc * sizeof(double));
	struct tt_buffer *ba = dram(dev, na * 2), *bb = dram(dev, nb * 2), *bo = dram(dev, nc * 2);
	/* eltwise_reader: tile i of a and of b, i < 8 = rt * kt = kt * ct. */
	uint32_t ra[3] = { tt_buffer_address(ba), tt_buffer_address(bb), rt * kt };
	uint32_t ca[3] = { rt, ct, kt }, wa[2] = { tt_buffer_address(bo), rt * ct };
	static const uint32_t cbs[] = { 0, 1, 16 };
	uint32_t cbp[3] = { rt * kt, kt * ct, rt * ct };
	struct pipeline p = {
		.reader = KERNEL("eltwise_reader.c"),
		.compute = KERNEL("mm_block.c"),
		.writer = KERNEL("eltwise_writer.c"),
		.reader_args = ra,
		.num_reader_args = 3,
		.compute_args = ca,
		.num_compute_args = 3,
		.writer_args = wa,
		.num_writer_args = 2,
		.cbs = cbs,
		.num_cbs = 3,
		.cb_pages = cbp,
	};
	TTTileEngine *e = ref_engine();
	double r;

	random_bf16(a, na, 61);
	random_bf16(b, nb, 62);
	cr_assert_eq(tt_buffer_write(ba, a), TT_OK);
	cr_assert_eq(tt_buffer_write(bb, b), TT_OK);
	run_pipeline(dev, &p);
	cr_assert_eq(tt_buffer_read(bo, out), TT_OK);

	/* The engine tile by tile, k outer as matmul_block runs it. */
	cr_assert_eq(ttx_tile_acquire(e), TTX_TILE_OK);
	for (uint32_t k = 0; k < kt; k++)
		for (uint32_t i = 0; i < rt; i++)
			for (uint32_t j = 0; j < ct; j++)
				cr_assert_eq(ttx_tile_matmul_tiles(e, TT_DF_FLOAT16_B,
								   a + (i * kt + k) * TT_TILE_ELEMS,
								   TT_DF_FLOAT16_B,
								   b + (k * ct + j) * TT_TILE_ELEMS,
								   false, i * ct + j),
					     TTX_TILE_OK);
	cr_assert_eq(ttx_tile_commit(e), TTX_TILE_OK);
	cr_assert_eq(ttx_tile_wait(e), TTX_TILE_OK);
	for (uint32_t t = 0; t < rt * ct; t++)
		cr_assert_eq(ttx_tile_pack(e, t, TT_DF_FLOAT16_B, want + t * TT_TILE_ELEMS),
			     TTX_TILE_OK);
	free(e);
	cr_expect_eq(count_diffs(out, want, nc, "matmul_block"), 0,
		     "matmul_block differs from the engine");

	r = matmul_pcc(a, b, out, rt, ct, kt, got, exact);
	cr_log_info("matmul_block 64x128x64 bf16: PCC %.6f against fp64", r);
	cr_expect_geq(r, 0.999, "PCC %f", r);

	free(a);
	free(b);
	free(out);
	free(want);
	free(got);
	free(exact);
	tt_buffer_free(ba);
	tt_buffer_free(bb);
	tt_buffer_free(bo);
	tt_device_close(dev);
}

/* Data format reconfiguration ------------------------------------------------ */

/*
 * mixed_formats.c mode @mode over 2 tiles: Float16_b in0 (CB 0), Float32
 * in1 (CB 1), the sum to Float16_b CB 16 and Float32 CB 17.  Returns the
 * run's status; @rep has its report.  With @check, the outputs are
 * compared with the engine library.
 */
static int mixed_formats(uint32_t mode, struct tt_run_report *rep, bool check)
{
	const uint32_t tiles = 2;
	const size_t n = (size_t)tiles * TT_TILE_ELEMS;
	struct tt_device *dev = e2e_open(1, 1);
	uint16_t *a = malloc(n * 2), *o16 = calloc(n, 2), *w16 = malloc(n * 2);
	uint32_t *b = malloc(n * 4), *o17 = calloc(n, 4), *w17 = malloc(n * 4);
	struct tt_buffer *ba = dram_paged(dev, n * 2, TILE);
	struct tt_buffer *bb = dram_paged(dev, n * 4, TT_TILE_BYTES_FLOAT32);
	struct tt_buffer *b16 = dram_paged(dev, n * 2, TILE);
	struct tt_buffer *b17 = dram_paged(dev, n * 4, TT_TILE_BYTES_FLOAT32);
	uint32_t ra[8] = { tiles,
			   2,
			   tt_buffer_address(ba),
			   TILE,
			   0,
			   tt_buffer_address(bb),
			   TT_TILE_BYTES_FLOAT32,
			   1 };
	uint32_t wa[8] = { tiles,
			   2,
			   tt_buffer_address(b16),
			   TILE,
			   16,
			   tt_buffer_address(b17),
			   TT_TILE_BYTES_FLOAT32,
			   17 };
	static const uint32_t cbs[] = { 0, 1, 16, 17 };
	static const uint32_t fmts[] = { TT_DF_FLOAT16_B, TT_DF_FLOAT32, TT_DF_FLOAT16_B,
					 TT_DF_FLOAT32 };
	struct pipeline p = {
		.reader = KERNEL("pages_reader.c"),
		.compute = KERNEL("mixed_formats.c"),
		.writer = KERNEL("pages_writer.c"),
		.reader_args = ra,
		.num_reader_args = 8,
		.compute_args = &tiles,
		.num_compute_args = 1,
		.writer_args = wa,
		.num_writer_args = 8,
		.ccfg = { .compile_args = &mode, .num_compile_args = 1 },
		.cbs = cbs,
		.num_cbs = 4,
		.cb_formats = fmts,
	};
	uint32_t seed = 5;
	int rc;

	random_bf16(a, n, 71);
	for (size_t i = 0; i < n; i++) {
		float f;

		seed = seed * 1103515245u + 12345u;
		f = (float)(seed >> 8) / 4194304.0f - 2.0f; /* [-2, 2), all 23 bits */
		memcpy(&b[i], &f, 4);
	}
	cr_assert_eq(tt_buffer_write(ba, a), TT_OK);
	cr_assert_eq(tt_buffer_write(bb, b), TT_OK);
	rc = run_pipeline_rc(dev, &p, rep);
	if (check) {
		TTTileEngine *e = ref_engine();
		unsigned bad = 0;

		cr_assert_eq(rc, TT_OK, "run failed: %s\n%s", tt_strerror(rc), tt_last_error());
		cr_assert_eq(tt_buffer_read(b16, o16), TT_OK);
		cr_assert_eq(tt_buffer_read(b17, o17), TT_OK);
		cr_assert_eq(ttx_tile_acquire(e), TTX_TILE_OK);
		for (uint32_t t = 0; t < tiles; t++) {
			cr_assert_eq(
				ttx_tile_copy_tile(e, TT_DF_FLOAT16_B, a + t * TT_TILE_ELEMS, 0),
				TTX_TILE_OK);
			cr_assert_eq(ttx_tile_copy_tile(e, TT_DF_FLOAT32, b + t * TT_TILE_ELEMS, 1),
				     TTX_TILE_OK);
			cr_assert_eq(ttx_sfpu_binary(e, TTX_SFPU_ADD, 0, 1), TTX_TILE_OK);
			cr_assert_eq(ttx_tile_commit(e), TTX_TILE_OK);
			cr_assert_eq(ttx_tile_wait(e), TTX_TILE_OK);
			cr_assert_eq(ttx_tile_pack(e, 0, TT_DF_FLOAT16_B, w16 + t * TT_TILE_ELEMS),
				     TTX_TILE_OK);
			cr_assert_eq(ttx_tile_pack(e, 0, TT_DF_FLOAT32, w17 + t * TT_TILE_ELEMS),
				     TTX_TILE_OK);
			cr_assert_eq(ttx_tile_release(e), TTX_TILE_OK);
			cr_assert_eq(ttx_tile_acquire(e), TTX_TILE_OK);
		}
		free(e);
		cr_expect_eq(count_diffs(o16, w16, n, "Float16_b out"), 0);
		for (size_t i = 0; i < n; i++) {
			/* Independent of the engine: Float32 out is the bf16 Dst value. */
			if ((o17[i] != w17[i] || o17[i] != (uint32_t)o16[i] << 16) && bad++ < 5)
				cr_log_error("Float32 out %zu: 0x%08x, engine 0x%08x, bf16 0x%04x",
					     i, o17[i], w17[i], o16[i]);
		}
		cr_expect_eq(bad, 0, "%u Float32 outputs differ", bad);
	}

	free(a);
	free(b);
	free(o16);
	free(o17);
	free(w16);
	free(w17);
	tt_buffer_free(ba);
	tt_buffer_free(bb);
	tt_buffer_free(b16);
	tt_buffer_free(b17);
	tt_device_close(dev);
	return rc;
}

Test(compute, mixed_formats_with_reconfig_pass, .timeout = 120)
{
	struct tt_run_report rep;

	mixed_formats(0, &rep, true);
}

Test(compute, missing_unpack_reconfig_is_a_guest_error, .timeout = 120)
{
	struct tt_run_report rep;
	int rc = mixed_formats(1, &rep, false);

	cr_log_info("report:\n%s", tt_last_error());

	cr_assert_eq(rc, TT_EGUEST, "run: %s\n%s", tt_strerror(rc), tt_last_error());
	cr_expect(strstr(tt_last_error(), "core (0,0) TRISC0") &&
			  strstr(tt_last_error(),
				 "UNPACK of CB 1: the CB holds Float32 but unpacker A is "
				 "configured for Float16_b (CB 0); call "
				 "reconfig_data_format_srca(1)"),
		  "report:\n%s", tt_last_error());
}

Test(compute, missing_pack_reconfig_is_a_guest_error, .timeout = 120)
{
	struct tt_run_report rep;
	int rc = mixed_formats(2, &rep, false);

	cr_assert_eq(rc, TT_EGUEST, "run: %s\n%s", tt_strerror(rc), tt_last_error());
	cr_expect(strstr(tt_last_error(), "core (0,0) TRISC2") &&
			  strstr(tt_last_error(),
				 "PACK to CB 17: the CB holds Float32 but the packer is "
				 "configured for Float16_b (CB 16); call "
				 "pack_reconfig_data_format(17)"),
		  "report:\n%s", tt_last_error());
}
