// SPDX-License-Identifier: Apache-2.0
/*
 * docs/debugging.md, "A wrong answer, from symptom to fix": an eltwise
 * add whose reader (wrong_answer_reader.cpp) reads the wrong tile of in1.
 * The symptom (every tile but the first is off), the DPRINT that finds it
 * (every in1 tile prints the same row), and the fix, each as the walk
 * shows them.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "e2e.h"
#include "num_util.h"
#include "tt_data_format.h"

#define TILES 4
#define TILE  TT_TILE_BYTES_FLOAT16_B

struct add_run {
	float out[TILES];  /* element 0 of each output tile */
	bool uniform;	   /* every element of each tile the same */
	char dprint[1024]; /* what DPRINT wrote (TT_METAL_DPRINT_FILE) */
};

static struct tt_buffer *dram(struct tt_device *dev)
{
	struct tt_buffer_config cfg = { .size = TILES * TILE,
					.page_size = TILE,
					.type = TT_BUFFER_DRAM };
	struct tt_buffer *b;

	cr_assert_eq(tt_buffer_create(dev, &cfg, &b), TT_OK);
	return b;
}

static void cb(struct tt_program *prog, const struct tt_core_range_set *set, uint32_t index)
{
	struct tt_cb_format f = { index, TT_DF_FLOAT16_B, TILE };
	struct tt_cb_config cfg = { 2 * TILE, &f, 1 };
	tt_cb_handle h;

	cr_assert_eq(tt_cb_create(prog, set, &cfg, &h), TT_OK);
}

/* Tile t of in0 holds t + 1 everywhere, of in1 10 * (t + 1): out = 11 * (t + 1). */
static void fill(struct tt_buffer *a, struct tt_buffer *b)
{
	static uint16_t va[TILES * TT_TILE_ELEMS], vb[TILES * TT_TILE_ELEMS];

	for (size_t i = 0; i < TILES * TT_TILE_ELEMS; i++) {
		va[i] = rne_bf16((float)(i / TT_TILE_ELEMS + 1));
		vb[i] = rne_bf16(10.0f * (float)(i / TT_TILE_ELEMS + 1));
	}
	cr_assert_eq(tt_buffer_write(a, va), TT_OK);
	cr_assert_eq(tt_buffer_write(b, vb), TT_OK);
}

static void read_file(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, len - 1, f) : 0;

	buf[n] = '\0';
	if (f)
		fclose(f);
}

/* The add on core (0,0), the reader built with @defines. */
static void run_add(const struct tt_define *defines, uint32_t ndefines, struct add_run *r)
{
	char path[] = TT_BUILD_DIR "/tests/e2e/wrong_answer_dprint.XXXXXX";
	int fd = mkstemp(path);
	struct tt_core core = tt_core(0, 0);
	struct tt_core_range_set set = tt_core_range_set(tt_core_range(0, 0, 0, 0));
	struct tt_dm_config rcfg = { .processor = TT_DM_RISCV_1,
				     .noc = TT_NOC_1,
				     .defines = defines,
				     .num_defines = ndefines };
	struct tt_dm_config wcfg = { .processor = TT_DM_RISCV_0, .noc = TT_NOC_0 };
	uint32_t op = 0, tiles = TILES;
	struct tt_compute_config ccfg = { .compile_args = &op, .num_compile_args = 1 };
	static uint16_t out[TILES * TT_TILE_ELEMS];
	struct tt_buffer *ba, *bb, *bo;
	struct tt_device *dev;
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle rd, wr, cp;

	cr_assert_geq(fd, 0);
	close(fd);
	setenv("TT_METAL_DPRINT_CORES", "0,0", 1);
	setenv("TT_METAL_DPRINT_FILE", path, 1);
	dev = e2e_open(1, 1);
	ba = dram(dev);
	bb = dram(dev);
	bo = dram(dev);
	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("wrong_answer_reader.cpp"), &set, &rcfg, &rd),
		     TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("eltwise_writer.c"), &set, &wcfg, &wr), TT_OK);
	cr_assert_eq(tt_compute_kernel_create(prog, KERNEL("eltwise_binary.c"), &set, &ccfg, &cp),
		     TT_OK);
	cb(prog, &set, 0);
	cb(prog, &set, 1);
	cb(prog, &set, 16);
	{
		uint32_t ra[3] = { tt_buffer_address(ba), tt_buffer_address(bb), tiles };
		uint32_t wa[2] = { tt_buffer_address(bo), tiles };

		cr_assert_eq(tt_kernel_set_runtime_args(prog, rd, core, ra, 3), TT_OK);
		cr_assert_eq(tt_kernel_set_runtime_args(prog, wr, core, wa, 2), TT_OK);
		cr_assert_eq(tt_kernel_set_runtime_args(prog, cp, core, &tiles, 1), TT_OK);
	}
	fill(ba, bb);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_buffer_read(bo, out), TT_OK);
	r->uniform = true;
	for (size_t i = 0; i < TILES * TT_TILE_ELEMS; i++) {
		if (i % TT_TILE_ELEMS == 0)
			r->out[i / TT_TILE_ELEMS] = bf16f(out[i]);
		if (out[i] != out[i - i % TT_TILE_ELEMS])
			r->uniform = false;
	}
	tt_program_destroy(prog);
	tt_buffer_free(ba);
	tt_buffer_free(bb);
	tt_buffer_free(bo);
	tt_device_close(dev);
	read_file(path, r->dprint, sizeof(r->dprint));
	unlink(path);
	unsetenv("TT_METAL_DPRINT_CORES");
	unsetenv("TT_METAL_DPRINT_FILE");
}

/* The symptom: tile 0 is right, every later tile is off by 10 * t. */
Test(wrong_answer, symptom_later_tiles_wrong, .timeout = 120)
{
	struct add_run r = { 0 };

	run_add(NULL, 0, &r);
	cr_expect(r.uniform);
	for (int t = 0; t < TILES; t++)
		cr_expect_float_eq(r.out[t], 10.0f + (float)(t + 1), 1e-6, "tile %d: %g", t,
				   (double)r.out[t]);
	cr_expect_str_empty(r.dprint, "no DPRINT without SHOW_TILES: %s", r.dprint);
}

/* The DPRINT of each in1 tile as it lands shows the same row every time. */
Test(wrong_answer, dprint_shows_same_in1_tile, .timeout = 120)
{
	const struct tt_define show = { "SHOW_TILES", NULL };
	struct add_run r = { 0 };

	run_add(&show, 1, &r);
	cr_expect_str_eq(r.dprint, "0:(x=0,y=0):NC: in1 tile 0: 10 10 10 10\n"
				   "0:(x=0,y=0):NC: in1 tile 1: 10 10 10 10\n"
				   "0:(x=0,y=0):NC: in1 tile 2: 10 10 10 10\n"
				   "0:(x=0,y=0):NC: in1 tile 3: 10 10 10 10\n");
}

/* The fix: in1 read at tile i; the DPRINT then shows each tile's own values. */
Test(wrong_answer, fixed_reader_right, .timeout = 120)
{
	const struct tt_define defs[] = { { "SHOW_TILES", NULL }, { "FIX_IN1_TILE", NULL } };
	struct add_run r = { 0 };

	run_add(defs, 2, &r);
	cr_expect(r.uniform);
	for (int t = 0; t < TILES; t++)
		cr_expect_float_eq(r.out[t], 11.0f * (float)(t + 1), 1e-6, "tile %d: %g", t,
				   (double)r.out[t]);
	cr_expect(strstr(r.dprint, "in1 tile 3: 40 40 40 40\n"), "%s", r.dprint);
}
