// SPDX-License-Identifier: Apache-2.0
/*
 * sfpi end to end: a C++ compute kernel (kernels/cxx_sfpi.cpp) written
 * against tt-metal's sfpi runs blend, bits and smoothstep face functions
 * under the binary and unary params loops on Float32 tiles with a 32-bit
 * Dst, and the host checks every output bit against its own lane model of
 * what the SFPU computes: SFPMAD (denormal inputs as zero, one round to
 * nearest even, denormal and -0 results as +0), compares by subtraction
 * or by the bits against an immediate zero, SFPCAST, SFPSTOCHRND rounding
 * half away from zero, the exponent and mantissa fields, predication per
 * lane.  The inputs include -0, denormals and equal pairs.  Misuse the
 * SFPU cannot run (v_if nested past its flag stack, too many live
 * vectors, dst_reg outside the acquired tiles) stops the kernel with a
 * report saying so.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "num_util.h"
#include "tt_data_format.h"

#define TILE TT_TILE_BYTES_FLOAT32
#define N    TT_TILE_ELEMS

/* The SFPU's arithmetic, written here from its rules ---------------------- */

static uint32_t ftz_in(uint32_t u)
{
	return (u & 0x7f800000u) ? u : u & 0x80000000u;
}

static uint32_t mad(uint32_t a, uint32_t b, uint32_t c)
{
	uint32_t d = fbits(fmaf(bitsf(ftz_in(a)), bitsf(ftz_in(b)), bitsf(ftz_in(c))));

	return (d & 0x7f800000u) ? d : 0;
}

#define ONE    0x3f800000u
#define MINUS1 0xbf800000u

static uint32_t add(uint32_t a, uint32_t b)
{
	return mad(a, ONE, b);
}
static uint32_t sub(uint32_t a, uint32_t b)
{
	return mad(b, MINUS1, a);
}
static uint32_t mul(uint32_t a, uint32_t b)
{
	return mad(a, b, 0);
}

/* Float compare with a vector: the bits of a - b (which cannot be -0). */
static bool lt(uint32_t a, uint32_t b)
{
	return (int32_t)sub(a, b) < 0;
}
static bool gt(uint32_t a, uint32_t b)
{
	int32_t d = (int32_t)sub(a, b);
	return d > 0;
}
static bool ge(uint32_t a, uint32_t b)
{
	return (int32_t)sub(a, b) >= 0;
}

/* SFPCAST of a sign-magnitude integer, nearest even. */
static uint32_t cast(uint32_t sm)
{
	uint32_t mag = sm & 0x7fffffffu;
	float f = (float)mag; /* the host rounds to nearest even too */

	return mag ? fbits(f) | (sm & 0x80000000u) : 0;
}

/* SFPSTOCHRND FP32 -> BF16 precision, half away from zero. */
static uint32_t to_bf16(uint32_t x)
{
	uint32_t e = (x >> 23) & 0xff;

	if (!e)
		return 0;
	if (e == 0xff)
		return x & 0xff800000u;
	return ((x & 0xffff) >= 0x8000 ? x + 0x10000 : x) & 0xffff0000u;
}

/* SFPSTOCHRND FP32 -> sign-magnitude int16, half away from zero. */
static uint32_t to_int16(uint32_t x)
{
	double v = fabs((double)bitsf(x)), r = floor(v + 0.5);
	uint32_t mag = r > 32767 || isnan(v) ? 32767 : (uint32_t)r;

	return mag ? (x & 0x80000000u) | mag : 0;
}

/* The kernel's three functions, lane by lane ------------------------------ */

static uint32_t blend(uint32_t a, uint32_t b)
{
	uint32_t r = add(mul(a, b), 0x3f000000u);

	if ((int32_t)a < 0) { /* a < 0.0f: the sign bit */
		r = a ^ 0x80000000u;
		r = gt(b, a) ? sub(r, b) : mul(r, fbits(0.8373f));
	} else if (lt(a, b)) {
		r = sub(mul(b & 0x7fffffffu, fbits(3.0f)), ONE);
	} else if (ge(a, add(b, ONE))) {
		r = sub(a, b) | 0x80000000u;
	} else {
		r = MINUS1;
	}
	return r;
}

static uint32_t bits(uint32_t x, uint32_t shift)
{
	int32_t e = (int32_t)((x >> 23) & 0xff) - 127;
	uint32_t r = (x & 0x807fffffu) | 127u << 23;

	if (e >= 0 && e < 3) {
		uint32_t t = (r & 0x807fffffu) | ((((r >> 23) & 0xff) + 2) & 0xff) << 23;

		r = add(t, cast((uint32_t)e));
	} else if (e < -2) {
		r = (x & 0xff800000u) | (((x << 9) >> shift) ^ 0x5au);
	} else if (e == 3) {
		uint32_t m = x & 0x7fffffu, lz = m ? (uint32_t)__builtin_clz(m) : 32;

		r = add(0xc0000000u | m, cast(lz));
	} else {
		r = sub(cast(to_int16(x)), to_bf16(mul(x, fbits(0.25f))));
	}
	return r;
}

static uint32_t smooth(uint32_t x, uint32_t lo, uint32_t inv)
{
	uint32_t t = mul(sub(x, lo), inv);

	if (lt(t, 0))
		t = 0;
	else if (gt(t, ONE))
		t = ONE;
	return mul(mul(t, t), sub(fbits(3.0f), mul(fbits(2.0f), t)));
}

/* Inputs: a spread of magnitudes, with the edge cases the rules name. */
static void inputs(uint32_t *a, uint32_t *b, size_t n)
{
	rng_seed(7);
	for (size_t i = 0; i < n; i++) {
		double sa = rnd(-1, 1) < 0 ? -1 : 1, sb = rnd(-1, 1) < 0 ? -1 : 1;

		a[i] = fbits((float)(sa * ldexp(rnd(1, 2), (int)rnd(-8, 9))));
		b[i] = fbits((float)(sb * ldexp(rnd(1, 2), (int)rnd(-3, 3))));
		switch (i % 64) {
		case 1:
			a[i] = 0x80000000u;
			break; /* -0 */
		case 2:
			a[i] = 0x00000005u;
			break; /* denormal */
		case 3:
			b[i] = 0x80400000u;
			break; /* negative denormal */
		case 4:
			b[i] = a[i];
			break; /* equal */
		case 5:
			b[i] = a[i] ^ 0x80000000u;
			break; /* opposite */
		case 6:
			a[i] = fbits(100000.0f);
			break; /* int16 clamps */
		case 7:
			a[i] = fbits(2.5f);
			break; /* tie */
		case 8:
			a[i] = fbits(-6.0f);
			b[i] = 0;
			break;
		}
	}
}

static struct tt_buffer *dram(struct tt_device *dev, size_t size)
{
	struct tt_buffer_config cfg = { .size = size, .page_size = TILE, .type = TT_BUFFER_DRAM };
	struct tt_buffer *buf;

	cr_assert_eq(tt_buffer_create(dev, &cfg, &buf), TT_OK);
	return buf;
}

static void cb_f32(struct tt_program *prog, const struct tt_core_range_set *set, uint32_t index,
		   uint32_t pages)
{
	struct tt_cb_format f = { .index = index, .data_format = TT_DF_FLOAT32, .page_size = TILE };
	struct tt_cb_config cfg = { .total_size = pages * TILE, .formats = &f, .num_formats = 1 };
	tt_cb_handle h;

	cr_assert_eq(tt_cb_create(prog, set, &cfg, &h), TT_OK);
}

/* Does output tile @t (0 bits, 1 smooth, 2 blend) of input @i match? */
static uint32_t check_tile(const uint32_t *got, const uint32_t *a, const uint32_t *b, unsigned t,
			   uint32_t shift, uint32_t lo, uint32_t inv)
{
	static const char *const name[] = { "bits", "smooth", "blend" };
	uint32_t bad = 0;

	for (unsigned j = 0; j < N; j++) {
		uint32_t want = t == 0	 ? bits(a[j], shift)
				: t == 1 ? (j < 2 * 256 ? smooth(b[j], lo, inv) : b[j])
					 : blend(a[j], b[j]);

		if (got[j] != want && bad++ < 5)
			cr_log_error("%s element %u: a 0x%08x b 0x%08x -> 0x%08x, want 0x%08x",
				     name[t], j, a[j], b[j], got[j], want);
	}
	return bad;
}

Test(sfpi, kernel_bits_match_host_lanes, .timeout = 180)
{
	struct tt_device *dev = e2e_open(1, 1);
	uint32_t tiles = 2, n = tiles * N;
	struct tt_core_range_set set = tt_core_range_set(tt_core_range(0, 0, 0, 0));
	struct tt_buffer *ba = dram(dev, (size_t)tiles * TILE),
			 *bb = dram(dev, (size_t)tiles * TILE);
	struct tt_buffer *bo = dram(dev, (size_t)3 * tiles * TILE);
	static const struct tt_define fp32[] = { { "ELTWISE_FLOAT32", NULL } };
	struct tt_dm_config rcfg = {
		.processor = TT_DM_RISCV_1, .noc = TT_NOC_1, .defines = fp32, .num_defines = 1
	};
	struct tt_dm_config wcfg = {
		.processor = TT_DM_RISCV_0, .noc = TT_NOC_0, .defines = fp32, .num_defines = 1
	};
	struct tt_compute_config ccfg = { .fp32_dest_acc_en = true };
	uint32_t *a = malloc(n * 4), *b = malloc(n * 4), *out = calloc(3 * n, 4);
	uint32_t shift = 20, lo = fbits(-1.0f), inv = fbits(0.5f), bad = 0;
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle rd, wr, cp;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("eltwise_reader.c"), &set, &rcfg, &rd), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("eltwise_writer.c"), &set, &wcfg, &wr), TT_OK);
	cr_assert_eq(tt_compute_kernel_create(prog, KERNEL("cxx_sfpi.cpp"), &set, &ccfg, &cp),
		     TT_OK);
	cb_f32(prog, &set, 0, 2);
	cb_f32(prog, &set, 1, 2);
	cb_f32(prog, &set, 16, 6);
	{
		uint32_t ra[3] = { tt_buffer_address(ba), tt_buffer_address(bb), tiles };
		uint32_t wa[2] = { tt_buffer_address(bo), 3 * tiles };
		uint32_t ca[4] = { tiles, shift, lo, inv };

		cr_assert_eq(tt_kernel_set_runtime_args(prog, rd, tt_core(0, 0), ra, 3), TT_OK);
		cr_assert_eq(tt_kernel_set_runtime_args(prog, wr, tt_core(0, 0), wa, 2), TT_OK);
		cr_assert_eq(tt_kernel_set_runtime_args(prog, cp, tt_core(0, 0), ca, 4), TT_OK);
	}
	inputs(a, b, n);
	cr_assert_eq(tt_buffer_write(ba, a), TT_OK);
	cr_assert_eq(tt_buffer_write(bb, b), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_buffer_read(bo, out), TT_OK);
	for (uint32_t i = 0; i < tiles; i++)
		for (unsigned t = 0; t < 3; t++)
			bad += check_tile(out + (3 * i + t) * N, a + i * N, b + i * N, t, shift, lo,
					  inv);
	cr_expect_eq(bad, 0, "%u of %u elements differ", bad, 3 * n);

	free(a);
	free(b);
	free(out);
	tt_buffer_free(ba);
	tt_buffer_free(bb);
	tt_buffer_free(bo);
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* tt-metal's ways of writing sfpi code build (cxx_sfpi_spellings.cpp). */
Test(sfpi, spellings_build, .timeout = 120)
{
	struct tt_core_range_set set = tt_core_range_set(tt_core_range(0, 0, 0, 0));
	struct tt_compute_config ccfg = { 0 };
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k;
	int rc;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(
		tt_compute_kernel_create(prog, KERNEL("cxx_sfpi_spellings.cpp"), &set, &ccfg, &k),
		TT_OK);
	memset(&rep, 0, sizeof(rep));
	rc = tt_program_compile(NULL, prog, &rep);
	cr_expect_eq(rc, TT_OK, "%s", tt_last_error());
	tt_program_destroy(prog);
}

/* The run of cxx_sfpi_misuse.cpp with @what fails with @expect in its report. */
static void misuse(uint32_t what, const char *expect)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_core_range_set set = tt_core_range_set(tt_core_range(0, 0, 0, 0));
	struct tt_compute_config ccfg = { .fp32_dest_acc_en = true,
					  .compile_args = &what,
					  .num_compile_args = 1 };
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k;
	int rc;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_compute_kernel_create(prog, KERNEL("cxx_sfpi_misuse.cpp"), &set, &ccfg, &k),
		     TT_OK);
	rc = tt_program_run(dev, prog, 30000, &rep);
	cr_expect_neq(rc, TT_OK);
	cr_expect(strstr(tt_last_error(), expect) != NULL, "report: %s", tt_last_error());
	tt_program_destroy(prog);
	tt_device_close(dev);
}

Test(sfpi, nesting_past_flag_stack_stops, .timeout = 120)
{
	misuse(0, "8-entry flag stack");
}

Test(sfpi, too_many_live_vectors_stops, .timeout = 120)
{
	misuse(1, "more than 47 vFloat/vInt/vUInt values");
}

Test(sfpi, dst_reg_past_acquire_stops, .timeout = 120)
{
	misuse(2, "past the Dst tiles of this acquire");
}
