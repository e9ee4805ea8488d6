// SPDX-License-Identifier: Apache-2.0
/*
 * Compute end to end: tt-metal's eltwise_binary (reader on NCRISC, a
 * compute kernel on the three TRISCs, writer on BRISC) adds, subtracts
 * and multiplies bf16 tiles through CBs and the tile engine; the host
 * checks every element against its own bf16 arithmetic following the tile
 * engine's rules (docs/tile-engine.md): exact operands in double, one
 * round to nearest even into bf16 per Dst write, and for mul one Dst +=
 * per HiFi4 fidelity phase of the operands' mantissa slices.
 * A compute kernel whose math thread never commits times out with a hang
 * report naming the packer's wait.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "tt_data_format.h"

#define TILE	TT_TILE_BYTES_FLOAT16_B

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
	r = nearbyint(ldexp(frexp(fabs(v), &e), 8));	/* 8 significant bits */
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
		f = (float)((seed >> 8) & 0xffff) / 8192.0f - 4.0f;	/* [-4, 4) */
		memcpy(&bits, &f, 4);
		p[i] = (uint16_t)(bits >> 16);
	}
}

static struct tt_buffer *dram(struct tt_device *dev, size_t size)
{
	struct tt_buffer_config cfg = { .size = size, .page_size = TILE,
					.type = TT_BUFFER_DRAM };
	struct tt_buffer *b;

	cr_assert_eq(tt_buffer_create(dev, &cfg, &b), TT_OK);
	return b;
}

static void cb(struct tt_program *prog, struct tt_core c, uint32_t index)
{
	struct tt_core_range_set set = tt_core_set(c);
	struct tt_cb_format f = { index, TT_DF_FLOAT16_B, TILE };
	struct tt_cb_config cfg = { 2 * TILE, &f, 1 };
	tt_cb_handle h;

	cr_assert_eq(tt_cb_create(prog, &set, &cfg, &h), TT_OK);
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
	cr_assert_eq(tt_compute_kernel_create(prog, KERNEL("eltwise_binary.c"), &set, &ccfg,
					      &cp), TT_OK);
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
		uint16_t want = op == 2 ? bf16_mul_hifi4(a[i], b[i]) :
				bf16_round(op == 0 ? x + y : x - y);

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
	cr_assert_eq(tt_compute_kernel_create(prog, KERNEL("compute_stuck.c"), &set, &ccfg,
					      &cp), TT_OK);
	rc = tt_program_run(dev, prog, 1500, &rep);
	cr_assert_eq(rc, TT_ETIMEDOUT, "run: %s\n%s", tt_strerror(rc), rep.message);
	cr_expect(strstr(rep.message, "TRISC2") &&
		  strstr(rep.message, "waits for the tile engine: tile_regs_wait"),
		  "hang report:\n%s", rep.message);
	tt_program_destroy(prog);
	tt_device_close(dev);
}
