// SPDX-License-Identifier: Apache-2.0
/*
 * Sharded buffers end to end: host round trips of HEIGHT, WIDTH and BLOCK
 * shards in both orientations in L1, L1_SMALL and DRAM; a kernel on each
 * shard core adds 1 to its own shard through CBs that live in the sharded
 * buffers; a kernel gathers a sharded buffer spread over other cores (or
 * DRAM banks) into an interleaved DRAM buffer with the sharded address
 * generator, on either NoC; a kernel reshards one buffer into another;
 * bad specs are refused with their reason.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include <tt/cb.h>

#include "e2e.h"
#include "tt_data_format.h"

#define PAGE	   64u /* 16 words: a row segment */
#define PAGE_WORDS (PAGE / 4)

struct shard_case {
	const char *name;
	enum tt_buffer_type type;
	enum tt_buffer_layout layout;
	enum tt_shard_orientation orientation;
	struct tt_core_range range;
	uint32_t tensor_pages[2];
	uint32_t shard_pages[2];
};

/* On a 4x4 grid; every layout has a partial last shard. */
static const struct shard_case l1_cases[] = {
	{ "L1 HEIGHT ROW",
	  TT_BUFFER_L1,
	  TT_BUFFER_HEIGHT_SHARDED,
	  TT_SHARD_ROW_MAJOR,
	  { { 0, 0 }, { 1, 1 } },
	  { 10, 3 },
	  { 3, 3 } },
	{ "L1 HEIGHT COL",
	  TT_BUFFER_L1,
	  TT_BUFFER_HEIGHT_SHARDED,
	  TT_SHARD_COL_MAJOR,
	  { { 0, 0 }, { 1, 1 } },
	  { 10, 3 },
	  { 3, 3 } },
	{ "L1 WIDTH ROW",
	  TT_BUFFER_L1,
	  TT_BUFFER_WIDTH_SHARDED,
	  TT_SHARD_ROW_MAJOR,
	  { { 2, 2 }, { 3, 3 } },
	  { 3, 10 },
	  { 3, 3 } },
	{ "L1 WIDTH COL",
	  TT_BUFFER_L1,
	  TT_BUFFER_WIDTH_SHARDED,
	  TT_SHARD_COL_MAJOR,
	  { { 2, 2 }, { 3, 3 } },
	  { 3, 10 },
	  { 3, 3 } },
	{ "L1 BLOCK ROW",
	  TT_BUFFER_L1,
	  TT_BUFFER_BLOCK_SHARDED,
	  TT_SHARD_ROW_MAJOR,
	  { { 1, 1 }, { 3, 3 } },
	  { 5, 7 },
	  { 2, 4 } },
	{ "L1 BLOCK COL",
	  TT_BUFFER_L1,
	  TT_BUFFER_BLOCK_SHARDED,
	  TT_SHARD_COL_MAJOR,
	  { { 1, 1 }, { 3, 3 } },
	  { 5, 7 },
	  { 2, 4 } },
};

/* DRAM shards go to banks (bank, 0). */
static const struct shard_case dram_cases[] = {
	{ "DRAM HEIGHT ROW",
	  TT_BUFFER_DRAM,
	  TT_BUFFER_HEIGHT_SHARDED,
	  TT_SHARD_ROW_MAJOR,
	  { { 2, 0 }, { 7, 0 } },
	  { 10, 3 },
	  { 3, 3 } },
	{ "DRAM HEIGHT COL",
	  TT_BUFFER_DRAM,
	  TT_BUFFER_HEIGHT_SHARDED,
	  TT_SHARD_COL_MAJOR,
	  { { 8, 0 }, { 11, 0 } },
	  { 10, 3 },
	  { 3, 3 } },
	{ "DRAM WIDTH ROW",
	  TT_BUFFER_DRAM,
	  TT_BUFFER_WIDTH_SHARDED,
	  TT_SHARD_ROW_MAJOR,
	  { { 0, 0 }, { 11, 0 } },
	  { 3, 10 },
	  { 3, 2 } },
	{ "DRAM WIDTH COL",
	  TT_BUFFER_DRAM,
	  TT_BUFFER_WIDTH_SHARDED,
	  TT_SHARD_COL_MAJOR,
	  { { 1, 0 }, { 5, 0 } },
	  { 3, 10 },
	  { 3, 2 } },
	{ "DRAM BLOCK ROW",
	  TT_BUFFER_DRAM,
	  TT_BUFFER_BLOCK_SHARDED,
	  TT_SHARD_ROW_MAJOR,
	  { { 4, 0 }, { 7, 0 } },
	  { 3, 10 },
	  { 3, 3 } },
	{ "DRAM BLOCK COL",
	  TT_BUFFER_DRAM,
	  TT_BUFFER_BLOCK_SHARDED,
	  TT_SHARD_COL_MAJOR,
	  { { 0, 0 }, { 3, 0 } },
	  { 10, 3 },
	  { 3, 3 } },
};

struct sharded {
	struct tt_buffer_shard_spec spec;
	struct tt_buffer *buf;
	uint32_t pages;
	uint32_t per_shard;
};

static void sharded_create(struct tt_device *dev, const struct shard_case *t, struct sharded *s)
{
	struct tt_buffer_config cfg;
	int rc;

	memset(s, 0, sizeof(*s));
	s->spec.grid = tt_core_range_set(t->range);
	s->spec.shape[0] = t->shard_pages[0];
	s->spec.shape[1] = t->shard_pages[1] * PAGE_WORDS;
	s->spec.orientation = t->orientation;
	s->spec.page_shape[0] = 1;
	s->spec.page_shape[1] = PAGE_WORDS;
	s->spec.tensor_pages[0] = t->tensor_pages[0];
	s->spec.tensor_pages[1] = t->tensor_pages[1];
	s->pages = t->tensor_pages[0] * t->tensor_pages[1];
	s->per_shard = t->shard_pages[0] * t->shard_pages[1];
	cfg = (struct tt_buffer_config){
		.size = (uint64_t)s->pages * PAGE,
		.page_size = PAGE,
		.type = t->type,
		.layout = t->layout,
		.shard = &s->spec,
	};
	rc = tt_buffer_create(dev, &cfg, &s->buf);
	cr_assert_eq(rc, TT_OK, "%s: %s (%s)", t->name, tt_strerror(rc), tt_last_error());
}

static uint32_t *words(uint32_t n, uint32_t seed)
{
	uint32_t *w = malloc(n * 4);

	cr_assert(w);
	for (uint32_t i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		w[i] = seed;
	}
	return w;
}

static void add_cb(struct tt_program *prog, const struct tt_core_range_set *cores, uint32_t index,
		   uint32_t total, const struct tt_buffer *global)
{
	struct tt_cb_format f = { index, TT_DF_RAW_UINT32, PAGE };
	struct tt_cb_config cfg = { .total_size = total, .formats = &f, .num_formats = 1 };
	tt_cb_handle h;
	int rc = global ? tt_cb_create_globally_allocated(prog, cores, &cfg, global, &h)
			: tt_cb_create(prog, cores, &cfg, &h);

	cr_assert_eq(rc, TT_OK, "CB %u: %s", index, tt_strerror(rc));
}

/*
 * Host round trip on the device, then a kernel on every shard core adds 1
 * to its shard into a second buffer with the same spec; the host reads it
 * back and checks each word, and that padding pages became 1.
 */
static void add_one(struct tt_device *dev, const struct shard_case *t)
{
	struct tt_core_range_set cores = tt_core_range_set(t->range);
	struct sharded in, out;
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle k;
	uint32_t *src, *got;
	uint32_t n;

	sharded_create(dev, t, &in);
	sharded_create(dev, t, &out);
	n = in.pages * PAGE_WORDS;
	src = words(n, 11);
	got = calloc(n, 4);
	cr_assert_eq(tt_buffer_write(in.buf, src), TT_OK);
	cr_assert_eq(tt_buffer_read(in.buf, got), TT_OK);
	cr_assert(!memcmp(src, got, n * 4), "%s: host round trip differs", t->name);

	prog = e2e_program(KERNEL("shard/add_one.c"), t->range, TT_DM_RISCV_0, &k);
	add_cb(prog, &cores, 0, in.per_shard * PAGE, in.buf);
	add_cb(prog, &cores, 16, out.per_shard * PAGE, out.buf);
	for (uint32_t y = t->range.start.y; y <= t->range.end.y; y++)
		for (uint32_t x = t->range.start.x; x <= t->range.end.x; x++) {
			uint32_t args[2] = { in.per_shard, PAGE_WORDS };

			cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(x, y), args, 2),
				     TT_OK);
		}
	e2e_run_ok(dev, prog, &rep);
	memset(got, 0, n * 4);
	cr_assert_eq(tt_buffer_read(out.buf, got), TT_OK);
	for (uint32_t i = 0; i < n; i++)
		cr_assert_eq(got[i], src[i] + 1, "%s: word %u is 0x%x, want 0x%x", t->name, i,
			     got[i], src[i] + 1);

	/* The last shard is partial: its padding pages were 0, now 1. */
	{
		struct tt_shard_spec s;
		uint32_t last, page, w[PAGE_WORDS];
		struct tt_core c;
		bool seen = false;

		cr_assert_eq(tt_buffer_shard_spec(out.buf, &s), TT_OK);
		last = tt_shard_count(&s) - 1;
		cr_assert_eq(tt_buffer_shard_core(out.buf, last, &c), TT_OK);
		for (uint32_t o = 0; o < in.per_shard; o++) {
			if (tt_shard_page(&s, last, o, &page) != TT_ENOENT)
				continue;
			seen = true;
			tt_device_l1_read(dev, c, tt_buffer_address(out.buf) + o * PAGE, w, PAGE);
			for (uint32_t i = 0; i < PAGE_WORDS; i++)
				cr_assert_eq(w[i], 1, "%s: padding slot %u word %u = 0x%x", t->name,
					     o, i, w[i]);
		}
		cr_assert(seen, "%s: the case has no padding", t->name);
	}

	tt_program_destroy(prog);
	tt_buffer_free(in.buf);
	tt_buffer_free(out.buf);
	free(src);
	free(got);
}

Test(shard, add_one_on_each_shard_core, .timeout = 120)
{
	struct tt_device *dev = e2e_open(4, 4);

	for (size_t i = 0; i < sizeof(l1_cases) / sizeof(l1_cases[0]); i++)
		add_one(dev, &l1_cases[i]);
	tt_device_close(dev);
}

/*
 * A kernel on @core reads every page of the sharded buffer of @t through
 * the sharded address generator and writes it to an interleaved DRAM
 * buffer; the copy must be exact.
 */
static void gather_with(struct tt_device *dev, const struct shard_case *t, struct tt_core core,
			enum tt_dm_processor risc, enum tt_noc noc, bool compile_time)
{
	static const struct tt_define ct_define = { "SHARD_ARGS_COMPILE_TIME", NULL };
	struct tt_core_range_set one = tt_core_set(core);
	struct tt_buffer_config dcfg = { .page_size = PAGE, .type = TT_BUFFER_DRAM };
	struct tt_dm_config kcfg = { .processor = risc, .noc = noc };
	struct tt_buffer *dst;
	struct tt_program *prog;
	struct tt_run_report rep;
	struct sharded in;
	tt_kernel_handle k;
	uint32_t args[64], n, count;
	uint32_t *src, *got;
	int rc;

	sharded_create(dev, t, &in);
	n = in.pages * PAGE_WORDS;
	dcfg.size = (uint64_t)in.pages * PAGE;
	cr_assert_eq(tt_buffer_create(dev, &dcfg, &dst), TT_OK);
	src = words(n, 29);
	got = calloc(n, 4);
	cr_assert_eq(tt_buffer_write(in.buf, src), TT_OK);
	cr_assert_eq(tt_buffer_read(in.buf, got), TT_OK);
	cr_assert(!memcmp(src, got, n * 4), "%s: host round trip differs", t->name);
	memset(got, 0, n * 4);
	cr_assert_eq(tt_buffer_write(dst, got), TT_OK);

	args[0] = tt_buffer_address(in.buf);
	args[1] = tt_buffer_address(dst);
	args[2] = in.pages;
	cr_assert_eq(tt_buffer_sharded_args(in.buf, args + 3, 61, &count), TT_OK);
	if (compile_time) {
		kcfg.compile_args = args + 3;
		kcfg.num_compile_args = count;
		kcfg.defines = &ct_define;
		kcfg.num_defines = 1;
	}
	cr_assert_eq(tt_program_create(&prog), TT_OK);
	rc = tt_kernel_create(prog, KERNEL("shard/gather.c"), &one, &kcfg, &k);
	cr_assert_eq(rc, TT_OK, "%s", tt_strerror(rc));
	add_cb(prog, &one, 0, PAGE, NULL);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, core, args, compile_time ? 3 : 3 + count),
		     TT_OK);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_buffer_read(dst, got), TT_OK);
	for (uint32_t i = 0; i < n; i++)
		cr_assert_eq(got[i], src[i], "%s (NoC %d): page %u word %u is 0x%x, want 0x%x",
			     t->name, (int)noc, i / PAGE_WORDS, i % PAGE_WORDS, got[i], src[i]);

	tt_program_destroy(prog);
	tt_buffer_free(in.buf);
	tt_buffer_free(dst);
	free(src);
	free(got);
}

static void gather(struct tt_device *dev, const struct shard_case *t, struct tt_core core,
		   enum tt_dm_processor risc, enum tt_noc noc)
{
	gather_with(dev, t, core, risc, noc, false);
}

/* From L1 shards on other cores, on NoC 0 (BRISC) and NoC 1 (NCRISC). */
Test(shard, gather_l1_shards_to_dram, .timeout = 120)
{
	struct tt_device *dev = e2e_open(4, 4);

	for (size_t i = 0; i < sizeof(l1_cases) / sizeof(l1_cases[0]); i++) {
		gather(dev, &l1_cases[i], tt_core(3, 0), TT_DM_RISCV_0, TT_NOC_0);
		gather(dev, &l1_cases[i], tt_core(0, 3), TT_DM_RISCV_1, TT_NOC_1);
	}
	/* The generator's words as compile-time args. */
	gather_with(dev, &l1_cases[5], tt_core(0, 2), TT_DM_RISCV_0, TT_NOC_0, true);
	tt_device_close(dev);
}

/* From DRAM shards: bank endpoints, mirrored on NoC 1. */
Test(shard, gather_dram_shards_to_dram, .timeout = 120)
{
	struct tt_device *dev = e2e_open(2, 2);

	for (size_t i = 0; i < sizeof(dram_cases) / sizeof(dram_cases[0]); i++) {
		gather(dev, &dram_cases[i], tt_core(1, 1), TT_DM_RISCV_0, TT_NOC_0);
		gather(dev, &dram_cases[i], tt_core(0, 1), TT_DM_RISCV_1, TT_NOC_1);
	}
	tt_device_close(dev);
}

/*
 * L1_SMALL (the device opened with a region for it): HEIGHT shards at the
 * top of L1, gathered by a kernel; then L1 HEIGHT -> DRAM BLOCK
 * resharding through two generators.
 */
Test(shard, l1_small_and_reshard, .timeout = 120)
{
	struct tt_device_config dcfg = { .grid_x = 4, .grid_y = 4, .l1_small_size = 32 * 1024 };
	static const struct shard_case small = { "L1_SMALL HEIGHT ROW",
						 TT_BUFFER_L1_SMALL,
						 TT_BUFFER_HEIGHT_SHARDED,
						 TT_SHARD_ROW_MAJOR,
						 { { 0, 1 }, { 3, 1 } },
						 { 10, 3 },
						 { 3, 3 } };
	static const struct shard_case to = { "DRAM BLOCK COL",
					      TT_BUFFER_DRAM,
					      TT_BUFFER_BLOCK_SHARDED,
					      TT_SHARD_COL_MAJOR,
					      { { 3, 0 }, { 6, 0 } },
					      { 10, 3 },
					      { 3, 3 } };
	const struct tt_arch *a;
	struct tt_core_range_set one = tt_core_set(tt_core(2, 2));
	struct tt_device *dev;
	struct sharded s, d;
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle k;
	uint32_t args[64], na, nb, n, *src, *got;
	int rc;

	rc = tt_device_open(&dcfg, &dev);
	cr_assert_eq(rc, TT_OK, "%s", tt_strerror(rc));
	a = tt_device_arch(dev);
	gather(dev, &small, tt_core(3, 3), TT_DM_RISCV_0, TT_NOC_0);
	sharded_create(dev, &small, &s);
	cr_expect_geq(tt_buffer_address(s.buf), a->l1_size - 32 * 1024,
		      "L1_SMALL buffers sit at the top of L1");

	sharded_create(dev, &to, &d);
	n = s.pages * PAGE_WORDS;
	src = words(n, 41);
	got = calloc(n, 4);
	cr_assert_eq(tt_buffer_write(s.buf, src), TT_OK);
	prog = e2e_program(KERNEL("shard/reshard.c"), one.ranges[0], TT_DM_RISCV_0, &k);
	add_cb(prog, &one, 0, PAGE, NULL);
	cr_assert_eq(tt_buffer_sharded_args(s.buf, args + 4, 30, &na), TT_OK);
	cr_assert_eq(tt_buffer_sharded_args(d.buf, args + 4 + na, 30, &nb), TT_OK);
	args[0] = tt_buffer_address(s.buf);
	args[1] = tt_buffer_address(d.buf);
	args[2] = s.pages;
	args[3] = na;
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(2, 2), args, 4 + na + nb), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_buffer_read(d.buf, got), TT_OK);
	cr_expect(!memcmp(src, got, n * 4), "L1_SMALL HEIGHT -> DRAM BLOCK reshard differs");

	tt_program_destroy(prog);
	tt_buffer_free(s.buf);
	tt_buffer_free(d.buf);
	free(src);
	free(got);
	tt_device_close(dev);
}

static void expect_refused(struct tt_device *dev, const struct tt_buffer_config *cfg, int want,
			   const char *needle)
{
	struct tt_buffer *buf;
	int rc = tt_buffer_create(dev, cfg, &buf);

	cr_expect_eq(rc, want, "%s, want %s (%s)", tt_strerror(rc), tt_strerror(want),
		     tt_last_error());
	cr_expect(strstr(tt_last_error(), needle), "\"%s\" lacks \"%s\"", tt_last_error(), needle);
	if (!rc)
		tt_buffer_free(buf);
}

/* Bad specs on a real 2x2 device, with the reason checked. */
Test(shard, bad_specs_are_refused, .timeout = 60)
{
	struct tt_device *dev = e2e_open(2, 2);
	struct tt_buffer_shard_spec spec = {
		.grid = tt_core_range_set(tt_core_range(0, 0, 1, 1)),
		.shape = { 32, 32 },
		.orientation = TT_SHARD_ROW_MAJOR,
		.page_shape = { 32, 32 },
		.tensor_pages = { 4, 1 },
	};
	struct tt_buffer_config cfg = { .size = 4 * 2048,
					.page_size = 2048,
					.type = TT_BUFFER_L1,
					.layout = TT_BUFFER_HEIGHT_SHARDED,
					.shard = &spec };

	/* Five shards for four cores. */
	spec.tensor_pages[0] = 5;
	cfg.size = 5 * 2048;
	expect_refused(dev, &cfg, TT_ELAYOUT,
		       "makes 5 shards (5x1) but the core grid 2x2 has 4 cores");
	/* A grid past the device's 2x2 workers. */
	spec.tensor_pages[0] = 4;
	cfg.size = 4 * 2048;
	spec.grid = tt_core_range_set(tt_core_range(1, 0, 2, 1));
	expect_refused(dev, &cfg, TT_ERANGE, "outside the 2x2 worker grid");
	/* BLOCK 1x4 shards in COL_MAJOR need 1 core wide, 4 high. */
	spec.grid = tt_core_range_set(tt_core_range(0, 0, 1, 1));
	spec.tensor_pages[0] = 1;
	spec.tensor_pages[1] = 4;
	cfg.layout = TT_BUFFER_BLOCK_SHARDED;
	spec.orientation = TT_SHARD_COL_MAJOR;
	expect_refused(dev, &cfg, TT_ELAYOUT, "needs a 1x4 (x by y) core grid, not 2x2");
	/* A shard bigger than a core's L1. */
	spec.orientation = TT_SHARD_ROW_MAJOR;
	spec.tensor_pages[0] = 1;
	spec.tensor_pages[1] = 2;
	spec.shape[1] = 2 * 32;
	cfg.page_size = 1024 * 1024;
	cfg.size = 2 * cfg.page_size;
	expect_refused(dev, &cfg, TT_ENOMEM, "use smaller shards or more cores");
	/* No L1_SMALL region on this device. */
	cfg.type = TT_BUFFER_L1_SMALL;
	cfg.page_size = 2048;
	cfg.size = 2 * 2048;
	spec.shape[1] = 32;
	expect_refused(dev, &cfg, TT_ENOMEM, "the device has no L1_SMALL region");
	/* DRAM banks are (0..11, 0). */
	cfg.type = TT_BUFFER_DRAM;
	spec.grid = tt_core_range_set(tt_core_range(11, 0, 12, 0));
	expect_refused(dev, &cfg, TT_ERANGE, "DRAM banks are (0..11, 0)");
	tt_device_close(dev);
}
