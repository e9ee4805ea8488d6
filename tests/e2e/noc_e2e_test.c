// SPDX-License-Identifier: Apache-2.0
/*
 * NoC end to end: kernels move data between DRAM buffers and L1 with the
 * dataflow API, hand tiles between cores with semaphores, multicast to the
 * grid, and break sanitizer rules; the host checks the bytes.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "tt_mem_map.h"

#define SCRATCH 0x100000u /* free L1 in every test */
#define TILE	2048u

/* One kernel on @cores, on @risc with @noc. */
static struct tt_program *program(const char *kernel, struct tt_core_range r,
				  enum tt_dm_processor risc, enum tt_noc noc, tt_kernel_handle *k)
{
	struct tt_core_range_set set = tt_core_range_set(r);
	struct tt_dm_config cfg = { .processor = risc, .noc = noc };
	struct tt_program *prog;
	int rc;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	rc = tt_kernel_create(prog, kernel, &set, &cfg, k);
	cr_assert_eq(rc, TT_OK, "kernel %s: %s", kernel, tt_strerror(rc));
	return prog;
}

static struct tt_buffer *buffer(struct tt_device *dev, enum tt_buffer_type type, uint64_t size,
				uint64_t page)
{
	struct tt_buffer_config cfg = { .size = size, .page_size = page, .type = type };
	struct tt_buffer *buf;
	int rc = tt_buffer_create(dev, &cfg, &buf);

	cr_assert_eq(rc, TT_OK, "buffer of %llu bytes: %s", (unsigned long long)size,
		     tt_strerror(rc));
	return buf;
}

static void fill(uint8_t *p, size_t n, uint32_t seed)
{
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		p[i] = (uint8_t)(seed >> 16);
	}
}

/* @tiles tiles of 2 KiB: DRAM buffer -> L1 of @core -> another DRAM buffer. */
static void dram_loopback(struct tt_device *dev, struct tt_core core, enum tt_dm_processor risc,
			  enum tt_noc noc, uint32_t tiles, uint32_t seed)
{
	size_t size = (size_t)tiles * TILE;
	uint8_t *in = malloc(size), *out = calloc(1, size);
	struct tt_buffer *src = buffer(dev, TT_BUFFER_DRAM, size, TILE);
	struct tt_buffer *dst = buffer(dev, TT_BUFFER_DRAM, size, TILE);
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *prog =
		program(KERNEL("noc_dram_loopback.c"),
			tt_core_range(core.x, core.y, core.x, core.y), risc, noc, &k);
	uint32_t args[7] = {
		tt_buffer_address(src), tt_buffer_address(dst), SCRATCH, tiles, TILE, 1, 1
	};

	fill(in, size, seed);
	cr_assert_eq(tt_buffer_write(src, in), TT_OK);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, core, args, 7), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_buffer_read(dst, out), TT_OK);
	cr_expect(!memcmp(in, out, size), "DRAM loopback corrupted the data");
	cr_expect_neq(tt_buffer_address(src), tt_buffer_address(dst));

	free(in);
	free(out);
	tt_buffer_free(src);
	tt_buffer_free(dst);
	tt_program_destroy(prog);
}

/* 50 tiles of 2 KiB: DRAM buffer -> L1 -> another DRAM buffer, exact. */
Test(noc, dram_loopback_50_tiles, .timeout = 60)
{
	struct tt_device *dev = e2e_open(2, 2);

	dram_loopback(dev, tt_core(0, 0), TT_DM_RISCV_0, TT_NOC_0, 50, 1);
	tt_device_close(dev);
}

/* An L1 buffer interleaved over a 2x2 grid -> L1 -> DRAM buffer: host
 * scatter into four L1 banks, kernel gather through the L1 bank table. */
Test(noc, l1_buffer_to_dram, .timeout = 60)
{
	struct tt_device *dev = e2e_open(2, 2);
	size_t size = 10 * TILE;
	uint8_t *in = malloc(size), *out = calloc(1, size);
	struct tt_buffer *src = buffer(dev, TT_BUFFER_L1, size, TILE);
	struct tt_buffer *dst = buffer(dev, TT_BUFFER_DRAM, size, TILE);
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *prog = program(KERNEL("noc_dram_loopback.c"), tt_core_range(1, 0, 1, 0),
					  TT_DM_RISCV_1, TT_NOC_1, &k);
	uint32_t args[7] = {
		tt_buffer_address(src), tt_buffer_address(dst), SCRATCH, 10, TILE, 0, 1
	};
	uint8_t page[TILE];

	cr_assert_eq(tt_device_num_banks(dev, TT_BUFFER_L1), 4);
	fill(in, size, 5);
	cr_assert_eq(tt_buffer_write(src, in), TT_OK);
	/* Page 6 is the second page of L1 bank 2, core (0,1). */
	tt_device_l1_read(dev, tt_core(0, 1), tt_buffer_address(src) + TILE, page, TILE);
	cr_expect(!memcmp(page, in + 6 * TILE, TILE), "host scatter: page 6");
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(1, 0), args, 7), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_buffer_read(dst, out), TT_OK);
	cr_expect(!memcmp(in, out, size), "L1 -> DRAM copy differs");
	memset(out, 0, size);
	cr_assert_eq(tt_buffer_read(src, out), TT_OK);
	cr_expect(!memcmp(in, out, size), "host gather of the L1 buffer");

	free(in);
	free(out);
	tt_buffer_free(src);
	tt_buffer_free(dst);
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* Inline 32-bit writes land word by word on another core. */
Test(noc, inline_writes, .timeout = 60)
{
	struct tt_device *dev = e2e_open(2, 2);
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *prog = program(KERNEL("noc_inline.c"), tt_core_range(0, 0, 0, 0),
					  TT_DM_RISCV_0, TT_NOC_0, &k);
	uint32_t args[4] = { 19, 19, SCRATCH, 16 }, got[17];

	memset(got, 0, sizeof(got));
	tt_device_l1_write(dev, tt_core(1, 1), SCRATCH, got, sizeof(got));
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), args, 4), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	tt_device_l1_read(dev, tt_core(1, 1), SCRATCH, got, sizeof(got));
	for (uint32_t i = 0; i < 16; i++)
		cr_expect_eq(got[i], 0xc0de0000u + i, "word %u: 0x%08x", i, got[i]);
	cr_expect_eq(got[16], 0, "wrote past the end");
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* 256 pages over all 12 DRAM banks, read in page order by NCRISC on NoC1
 * (mirrored DRAM coordinates); the L1 image must equal the buffer. */
Test(noc, interleaved_read_256_pages_noc1, .timeout = 60)
{
	struct tt_device *dev = e2e_open(2, 2);
	uint32_t page = 1024, n = 256;
	size_t size = (size_t)page * n;
	uint8_t *in = malloc(size), *out = calloc(1, size);
	struct tt_buffer *src = buffer(dev, TT_BUFFER_DRAM, size, page);
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *prog = program(KERNEL("noc_interleaved_read.c"),
					  tt_core_range(1, 1, 1, 1), TT_DM_RISCV_1, TT_NOC_1, &k);
	uint32_t args[4] = { tt_buffer_address(src), page, n, SCRATCH };
	struct tt_core xy;
	int64_t off;

	cr_assert_eq(tt_device_num_banks(dev, TT_BUFFER_DRAM), 12);
	cr_assert_eq(tt_device_bank_noc(dev, TT_BUFFER_DRAM, 0, 1, &xy, &off), TT_OK);
	cr_expect(xy.x == 9 && xy.y == 11, "bank 0 on NoC1 at (%u,%u)", xy.x, xy.y);
	fill(in, size, 2);
	cr_assert_eq(tt_buffer_write(src, in), TT_OK);
	/* Page 13 is the second page of bank 1. */
	cr_assert_eq(tt_device_dram_read(dev, 1, tt_buffer_address(src) + page, out, page), TT_OK);
	cr_expect(!memcmp(out, in + 13 * page, page), "host scatter: page 13");
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(1, 1), args, 4), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_device_l1_read(dev, tt_core(1, 1), SCRATCH, out, size), TT_OK);
	cr_expect(!memcmp(in, out, size), "interleaved read differs");

	free(in);
	free(out);
	tt_buffer_free(src);
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* Core A -> core B with a ready/data semaphore handshake (4x4 @dev). */
static void sem_pair(struct tt_device *dev)
{
	struct tt_core a = tt_core(0, 1), b = tt_core(3, 2);
	struct tt_core_range_set both = {
		2, { tt_core_range(0, 1, 0, 1), tt_core_range(3, 2, 3, 2) }
	};
	struct tt_dm_config cfg = { .processor = TT_DM_RISCV_0 };
	uint8_t tile[TILE], got[TILE + 4];
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle k;
	uint32_t ready, data;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("noc_sem_pair.c"), &both, &cfg, &k), TT_OK);
	cr_assert_eq(tt_semaphore_create(prog, &both, 0, &ready), TT_OK);
	cr_assert_eq(tt_semaphore_create(prog, &both, 0, &data), TT_OK);
	cr_assert(ready == 0 && data == 1, "ids %u %u", ready, data);
	{
		uint32_t sa[5] = { 0, 18 + b.x, 18 + b.y, SCRATCH, TILE };
		uint32_t sb[5] = { 1, 18 + a.x, 18 + a.y, SCRATCH, TILE };

		cr_assert_eq(tt_kernel_set_runtime_args(prog, k, a, sa, 5), TT_OK);
		cr_assert_eq(tt_kernel_set_runtime_args(prog, k, b, sb, 5), TT_OK);
	}
	fill(tile, TILE, 3);
	tt_device_l1_write(dev, a, SCRATCH, tile, TILE);
	memset(got, 0, sizeof(got));
	tt_device_l1_write(dev, b, SCRATCH, got, sizeof(got));
	e2e_run_ok(dev, prog, &rep);
	tt_device_l1_read(dev, b, SCRATCH, got, sizeof(got));
	cr_expect(!memcmp(got, tile, TILE), "tile did not arrive");
	cr_expect(!memcmp(got + TILE, tile, 4), "receiver woke before the data");
	tt_program_destroy(prog);
}

Test(noc, tile_between_cores_with_semaphores, .timeout = 60)
{
	struct tt_device *dev = e2e_open(4, 4);

	sem_pair(dev);
	tt_device_close(dev);
}

static void one_to_all(bool loopback)
{
	struct tt_device *dev = e2e_open(8, 8);
	uint8_t blk[TILE], got[TILE];
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *prog = program(KERNEL("noc_mcast.c"), tt_core_range(0, 0, 0, 0),
					  TT_DM_RISCV_0, TT_NOC_0, &k);
	uint32_t args[9] = { SCRATCH, SCRATCH + 0x10000,  TILE,	   18, 18, 25,
			     25,      loopback ? 64 : 63, loopback };

	fill(blk, TILE, 4);
	tt_device_l1_write(dev, tt_core(0, 0), SCRATCH, blk, TILE);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), args, 9), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	for (uint32_t y = 0; y < 8; y++) {
		for (uint32_t x = 0; x < 8; x++) {
			bool same;

			tt_device_l1_read(dev, tt_core(x, y), SCRATCH + 0x10000, got, TILE);
			same = !memcmp(got, blk, TILE);
			if (x == 0 && y == 0)
				cr_expect_eq(same, loopback, "sender got its own data: %d", same);
			else
				cr_expect(same, "core (%u,%u) missed the multicast", x, y);
		}
	}
	tt_program_destroy(prog);
	tt_device_close(dev);
}

Test(noc, multicast_one_to_all_8x8, .timeout = 120)
{
	one_to_all(false);
}

Test(noc, multicast_one_to_all_8x8_loopback, .timeout = 120)
{
	one_to_all(true);
}

/* 63 cores increment one core's semaphore; it wakes at 63. */
Test(noc, semaphore_inc_63_to_1, .timeout = 120)
{
	struct tt_device *dev = e2e_open(8, 8);
	struct tt_core_range_set all = tt_core_range_set(tt_core_range(0, 0, 7, 7));
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *prog = program(KERNEL("noc_sem_inc_many.c"), tt_core_range(0, 0, 7, 7),
					  TT_DM_RISCV_0, TT_NOC_0, &k);
	uint32_t args[4] = { 18 + 5, 18 + 3, 63, SCRATCH }, id, got = 0;

	cr_assert_eq(tt_semaphore_create(prog, &all, 0, &id), TT_OK);
	cr_assert_eq(id, 0);
	cr_assert_eq(tt_kernel_set_common_runtime_args(prog, k, args, 4), TT_OK);
	tt_device_l1_write(dev, tt_core(5, 3), SCRATCH, &got, 4);
	e2e_run_ok(dev, prog, &rep);
	tt_device_l1_read(dev, tt_core(5, 3), SCRATCH, &got, 4);
	cr_expect_eq(got, 63, "target saw %u", got);
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* A semaphore set by NCRISC with a local store wakes BRISC on the same core. */
Test(noc, semaphore_set_wakes_sibling, .timeout = 60)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_core_range_set one = tt_core_set(tt_core(0, 0));
	struct tt_dm_config b = { .processor = TT_DM_RISCV_0 };
	struct tt_dm_config n = { .processor = TT_DM_RISCV_1, .noc = TT_NOC_1 };
	uint32_t args[2] = { 0x77, SCRATCH }, id, got = 0;
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle kb, kn;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("noc_sem_local.c"), &one, &b, &kb), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("noc_sem_local.c"), &one, &n, &kn), TT_OK);
	cr_assert_eq(tt_semaphore_create(prog, &one, 0, &id), TT_OK);
	tt_kernel_set_runtime_args(prog, kb, tt_core(0, 0), args, 2);
	tt_kernel_set_runtime_args(prog, kn, tt_core(0, 0), args, 2);
	tt_device_l1_write(dev, tt_core(0, 0), SCRATCH, &got, 4);
	e2e_run_ok(dev, prog, &rep);
	tt_device_l1_read(dev, tt_core(0, 0), SCRATCH, &got, 4);
	cr_expect_eq(got, 0x77);
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* A semaphore that never reaches its value: the hang report says which
 * semaphore the core sleeps on and how far it got. */
Test(noc, semaphore_hang_report, .timeout = 60)
{
	struct tt_device *dev = e2e_open(2, 1);
	struct tt_core_range_set all = tt_core_range_set(tt_core_range(0, 0, 1, 0));
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *prog = program(KERNEL("noc_sem_inc_many.c"), tt_core_range(0, 0, 1, 0),
					  TT_DM_RISCV_0, TT_NOC_0, &k);
	uint32_t args[4] = { 18, 18, 2, SCRATCH }, id;
	int rc;

	cr_assert_eq(tt_semaphore_create(prog, &all, 0, &id), TT_OK);
	cr_assert_eq(tt_kernel_set_common_runtime_args(prog, k, args, 4), TT_OK);
	rc = tt_program_run(dev, prog, 2000, &rep);
	cr_assert_eq(rc, TT_EDEADLK, "%s", tt_strerror(rc));
	cr_expect(strstr(tt_last_error(), "waits for semaphore 0 == 2 (now 1), which "
					  "only core (1,0) BRISC can increment; core (1,0) BRISC "
					  "finished, and no hart is left to increment it") != NULL,
		  "%s", tt_last_error());
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* tt-metal's add_2_integers_in_riscv. */
Test(noc, add_2_integers_in_riscv, .timeout = 60)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_buffer *b0 = buffer(dev, TT_BUFFER_DRAM, 4, 4);
	struct tt_buffer *b1 = buffer(dev, TT_BUFFER_DRAM, 4, 4);
	struct tt_buffer *bd = buffer(dev, TT_BUFFER_DRAM, 4, 4);
	uint32_t x = 14, y = 7, sum = 0;
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *prog = program(KERNEL("add_2_integers_in_riscv.c"),
					  tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, TT_NOC_0, &k);
	uint32_t args[4] = { tt_buffer_address(b0), tt_buffer_address(b1), tt_buffer_address(bd),
			     SCRATCH };

	tt_buffer_write(b0, &x);
	tt_buffer_write(b1, &y);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), args, 4), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	tt_buffer_read(bd, &sum);
	cr_expect_eq(sum, 21, "14 + 7 = %u", sum);
	tt_buffer_free(b0);
	tt_buffer_free(b1);
	tt_buffer_free(bd);
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* Each sanitizer class fails the run with a guest error naming core,
 * RISC and rule; the kernel's barrier does not hang, and the device runs
 * a good program afterwards. */
Test(noc, sanitizer_errors_name_core_risc_rule, .timeout = 120)
{
	static const char *const rules[] = {
		"coordinates", "reserved-region", "alignment",
		"length",      "dram-range",	  "multicast-rectangle",
	};
	struct tt_device *dev = e2e_open(2, 2);
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *prog = program(KERNEL("noc_bad.c"), tt_core_range(0, 0, 0, 0),
					  TT_DM_RISCV_0, TT_NOC_0, &k);
	struct tt_program *good;

	for (uint32_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		uint32_t args[2] = { i, SCRATCH };
		char want[64];
		int rc;

		cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), args, 2), TT_OK);
		rc = tt_program_run(dev, prog, 20000, &rep);
		cr_expect_eq(rc, TT_EGUEST, "case %u (%s): %s\n%s", i, rules[i], tt_strerror(rc),
			     tt_last_error());
		cr_expect(strstr(tt_last_error(), "core (0,0) BRISC: guest error") != NULL,
			  "case %u: %s", i, tt_last_error());
		cr_expect(strstr(tt_last_error(), "did not finish") == NULL,
			  "case %u: the barrier hung: %s", i, tt_last_error());
		snprintf(want, sizeof(want), "(rule: %s)", rules[i]);
		cr_expect(strstr(tt_last_error(), want) != NULL, "case %u: %s", i, tt_last_error());
		cr_expect(strstr(tt_last_error(), "BRISC guest error at noc_bad.c:") != NULL,
			  "case %u names the kernel's source line: %s", i, tt_last_error());
	}
	tt_program_destroy(prog);
	/* the same error ten times from one pc: one line, with its count */
	prog = program(KERNEL("noc_bad_loop.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, TT_NOC_0,
		       &k);
	{
		uint32_t args[2] = { 0, SCRATCH };
		const char *first;

		cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), args, 2), TT_OK);
		cr_expect_eq(tt_program_run(dev, prog, 20000, &rep), TT_EGUEST, "%s",
			     tt_last_error());
		first = strstr(tt_last_error(), "core (0,0) BRISC: guest error");
		cr_expect(first && !strstr(first + 1, "core (0,0) BRISC: guest error"),
			  "repeated lines:\n%s", tt_last_error());
		cr_expect(strstr(tt_last_error(), "(rule: reserved-region) (10 times)\n") != NULL,
			  "no count:\n%s", tt_last_error());
		/* the NoC coordinates of core (1,0), and the core */
		cr_expect(strstr(tt_last_error(), "(19,18) [core (1,0)] 0x") != NULL,
			  "no logical core:\n%s", tt_last_error());
	}
	tt_program_destroy(prog);

	good = program(KERNEL("noc_bad.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, TT_NOC_0, &k);
	{
		uint32_t args[2] = { 99, SCRATCH };

		tt_kernel_set_runtime_args(good, k, tt_core(0, 0), args, 2);
	}
	e2e_run_ok(dev, good, &rep);
	tt_program_destroy(good);
	tt_device_close(dev);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	static char text[1 << 16];
	size_t n;

	if (!f)
		return NULL;
	n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = '\0';
	fclose(f);
	return text;
}

/* DumpDeviceMemoryState on a live device: the three CSVs and the picture
 * show the buffers that exist, at the addresses they have. */
Test(noc, dump_device_memory_state, .timeout = 60)
{
	struct tt_device *dev = e2e_open(2, 2);
	struct tt_buffer *d = buffer(dev, TT_BUFFER_DRAM, 24 * 2048, 2048);
	struct tt_buffer *l = buffer(dev, TT_BUFFER_L1, 8 * 4096, 4096);
	char dir[] = "/tmp/tt-reports-XXXXXX", path[256], row[64], *text;

	cr_assert_not_null(mkdtemp(dir));
	cr_assert_eq(tt_device_dump_memory_state(dev, dir, "t_", true), TT_OK);
	snprintf(path, sizeof(path), "%s/t_memory_usage_summary.csv", dir);
	cr_assert_not_null(slurp(path), "%s missing", path);
	snprintf(path, sizeof(path), "%s/t_l1_usage_summary.csv", dir);
	cr_assert_not_null(slurp(path), "%s missing", path);
	snprintf(path, sizeof(path), "%s/t_detailed_memory_usage.csv", dir);
	text = slurp(path);
	cr_assert_not_null(text, "%s missing", path);
	/* 24 pages over 12 DRAM banks: 2 pages of 2048 B per bank */
	snprintf(row, sizeof(row), ",,,%u,4096,Y\n", tt_buffer_address(d));
	cr_expect(strstr(text, row) != NULL, "DRAM block %s not in\n%s", row, text);
	/* 8 pages over 4 L1 banks: 2 pages of 4096 B per bank */
	snprintf(row, sizeof(row), ",,,%u,8192,Y\n", tt_buffer_address(l));
	cr_expect(strstr(text, row) != NULL, "L1 block %s not in\n%s", row, text);
	snprintf(path, sizeof(path), "%s/t_memory_map.svg", dir);
	text = slurp(path);
	cr_expect(text && strstr(text, "<svg") != NULL, "picture missing");
	tt_buffer_free(d);
	tt_buffer_free(l);
	tt_device_close(dev);
	snprintf(path, sizeof(path), "rm -rf %s", dir);
	cr_expect_eq(system(path), 0);
}

/* Transaction ids, _set_state/_with_state, delayed completion ----------- */

static struct tt_device *open_delay(uint32_t gx, uint32_t gy, uint32_t delay)
{
	struct tt_device_config cfg = { .grid_x = gx, .grid_y = gy, .noc_delay = delay };
	struct tt_device *dev = NULL;
	int rc = tt_device_open(&cfg, &dev);

	cr_assert_eq(rc, TT_OK, "device open, noc_delay %u: %s", delay, tt_strerror(rc));
	return dev;
}

/* One run of noc_trid.c on core (0,0) reading from core (1,1); results. */
static void run_trid(struct tt_device *dev, uint32_t res[7], uint8_t *a, uint8_t *b, uint8_t *back)
{
	uint32_t pa = SCRATCH, pb = SCRATCH + 0x1000, pres = SCRATCH + 0x4000;
	uint32_t args[5] = { 19, 19, pa, pb, pres };
	uint8_t zeros[2048] = { 0 };
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *prog = program(KERNEL("noc_trid.c"), tt_core_range(0, 0, 0, 0),
					  TT_DM_RISCV_0, TT_NOC_0, &k);

	fill(a, 2048, 11);
	fill(b, 2048, 12);
	a[0] |= 1;
	b[0] |= 1; /* first words non-zero */
	tt_device_l1_write(dev, tt_core(1, 1), pa, a, 2048);
	tt_device_l1_write(dev, tt_core(1, 1), pb, b, 2048);
	tt_device_l1_write(dev, tt_core(1, 1), pb + 2048, zeros, 2048);
	tt_device_l1_write(dev, tt_core(0, 0), pa, zeros, 2048);
	tt_device_l1_write(dev, tt_core(0, 0), pb, zeros, 2048);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), args, 5), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	tt_device_l1_read(dev, tt_core(0, 0), pres, res, 7 * 4);
	tt_device_l1_read(dev, tt_core(1, 1), pb + 2048, back, 2048);
	tt_program_destroy(prog);
}

/*
 * Reads on transaction ids 1 and 2, a barrier on each: with delayed
 * completion the id 1 barrier lands id 1 only (B still empty after it),
 * the id 2 barrier lands B; without delay both are there at once.  The
 * per-id counters are back at 0, the id 3 write arrived.
 */
Test(noc, transaction_id_barriers, .timeout = 120)
{
	for (uint32_t delay = 0; delay <= 4; delay += 4) {
		struct tt_device *dev = open_delay(2, 2, delay);
		uint8_t a[2048], b[2048], back[2048];
		uint32_t res[7], wa, wb;

		run_trid(dev, res, a, b, back);
		memcpy(&wa, a, 4);
		memcpy(&wb, b, 4);
		cr_expect_eq(res[0], wa, "delay %u: A after its barrier: 0x%x", delay, res[0]);
		if (delay)
			cr_expect_eq(res[1], 0,
				     "delay %u: id 2 landed at the id 1 "
				     "barrier (0x%x)",
				     delay, res[1]);
		else
			cr_expect_eq(res[1], wb, "no delay: B at once (0x%x)", res[1]);
		cr_expect_eq(res[2], wb, "delay %u: B after its barrier: 0x%x", delay, res[2]);
		for (uint32_t i = 3; i < 7; i++)
			cr_expect_eq(res[i], 0, "delay %u: counter %u = %u", delay, i, res[i]);
		cr_expect(!memcmp(back, a, 2048), "delay %u: id 3 write differs", delay);
		tt_device_close(dev);
	}
}

/*
 * The _set_state / _with_state forms move the same bytes as the plain
 * ones: 16 pages of 640 B read one packet at a time, 10 KiB in one
 * with_state read (two bursts), 16 one-packet writes back.
 */
Test(noc, set_state_with_state, .timeout = 60)
{
	struct tt_device *dev = e2e_open(2, 2);
	uint32_t page = 640, n = 16, total = page * n;
	uint32_t args[5] = { 18, 19, SCRATCH, page, n };
	uint8_t *in = malloc(total), *out = calloc(1, total);
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *prog = program(KERNEL("noc_state.c"), tt_core_range(1, 0, 1, 0),
					  TT_DM_RISCV_1, TT_NOC_1, &k);

	fill(in, total, 21);
	tt_device_l1_write(dev, tt_core(0, 1), SCRATCH, in, total);
	tt_device_l1_write(dev, tt_core(0, 1), SCRATCH + total, out, total);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(1, 0), args, 5), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	tt_device_l1_read(dev, tt_core(1, 0), SCRATCH, out, total);
	cr_expect(!memcmp(in, out, total), "one-packet with_state reads differ");
	tt_device_l1_read(dev, tt_core(1, 0), SCRATCH + total, out, total);
	cr_expect(!memcmp(in, out, total), "read_with_state differs");
	tt_device_l1_read(dev, tt_core(0, 1), SCRATCH + total, out, total);
	cr_expect(!memcmp(in, out, total), "one-packet with_state writes differ");
	free(in);
	free(out);
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* noc_no_barrier.c on core (0,0) from core (1,0); the 64-byte copy and
 * the instructions the run took. */
static uint64_t run_no_barrier(struct tt_device *dev, bool barrier, uint8_t *copy, uint8_t *src)
{
	uint32_t args[5] = { 19, 18, SCRATCH, SCRATCH + 0x1000, barrier };
	uint8_t old[64];
	struct tt_run_report rep;
	tt_kernel_handle k;
	struct tt_program *prog = program(KERNEL("noc_no_barrier.c"), tt_core_range(0, 0, 0, 0),
					  TT_DM_RISCV_0, TT_NOC_0, &k);

	memset(old, 0xaa, sizeof(old));
	fill(src, 64, 31);
	tt_device_l1_write(dev, tt_core(1, 0), SCRATCH, src, 64);
	tt_device_l1_write(dev, tt_core(0, 0), SCRATCH, old, 64);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), args, 5), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	tt_device_l1_read(dev, tt_core(0, 0), SCRATCH + 0x1000, copy, 64);
	tt_program_destroy(prog);
	return rep.instructions;
}

/*
 * A kernel that reads L1 without noc_async_read_barrier: with delayed
 * completion it sees the old bytes, with the barrier the new ones; by
 * the end of the run the read has landed either way.
 */
Test(noc, delayed_completion_exposes_missing_barrier, .timeout = 120)
{
	struct tt_device *dev = open_delay(2, 1, 2);
	uint8_t copy[64], src[64], old[64], landed[64];

	memset(old, 0xaa, sizeof(old));
	run_no_barrier(dev, false, copy, src);
	cr_expect(!memcmp(copy, old, 64), "without the barrier the kernel saw new data");
	tt_device_l1_read(dev, tt_core(0, 0), SCRATCH, landed, 64);
	cr_expect(!memcmp(landed, src, 64), "the read never landed");
	run_no_barrier(dev, true, copy, src);
	cr_expect(!memcmp(copy, src, 64), "with the barrier the kernel saw old data");
	tt_device_close(dev);

	/* Without the option every command lands at once. */
	dev = e2e_open(2, 1);
	run_no_barrier(dev, false, copy, src);
	cr_expect(!memcmp(copy, src, 64));
	tt_device_close(dev);
}

/* Under delayed completion the same program on a fresh device takes the
 * same number of instructions and sees the same bytes. */
Test(noc, delayed_completion_is_deterministic, .timeout = 120)
{
	uint8_t copy[2][64], src[64];
	uint64_t n[2];

	for (int i = 0; i < 2; i++) {
		struct tt_device *dev = open_delay(2, 1, 3);

		n[i] = run_no_barrier(dev, false, copy[i], src);
		tt_device_close(dev);
	}
	cr_expect_gt(n[0], 0);
	cr_expect_eq(n[0], n[1], "instructions %llu then %llu", (unsigned long long)n[0],
		     (unsigned long long)n[1]);
	cr_expect(!memcmp(copy[0], copy[1], 64));
}

/* Correct kernels give exact results under delayed completion: DRAM
 * loopback and the semaphore handshake of tile_between_cores. */
Test(noc, delayed_completion_keeps_correct_kernels_exact, .timeout = 120)
{
	struct tt_device *dev = open_delay(2, 2, 8);

	dram_loopback(dev, tt_core(1, 1), TT_DM_RISCV_1, TT_NOC_1, 20, 41);
	tt_device_close(dev);

	dev = open_delay(4, 4, 8);
	sem_pair(dev);
	tt_device_close(dev);
}

/* Out-of-range delays are refused with an error, not clamped. */
Test(noc, delay_option_checked)
{
	struct tt_device_config cfg = { .grid_x = 1, .grid_y = 1, .noc_delay = 65 };
	struct tt_device *dev = NULL;

	cr_expect_eq(tt_device_open(&cfg, &dev), TT_EINVAL);
	cr_expect_null(dev);
}

/*
 * Under -icount an MMIO access from mid-block makes QEMU rewind the block
 * and run the access as a block of its own.  QEMU patch 0009 keeps the
 * blocks that learned this, so a loop of NoC register bursts rewinds once
 * per access site, not once per access: far fewer rewinds than reads.
 * Patch 0014 hands each access to the model past QEMU's memory API;
 * patch 0020 stores the writes of plain registers itself.
 */
Test(noc, register_bursts_run_from_cached_blocks, .timeout = 60)
{
	struct tt_device *dev = e2e_open(1, 1);
	tt_kernel_handle k;
	struct tt_program *prog = program(KERNEL("noc_rewinds.c"), tt_core_range(0, 0, 0, 0),
					  TT_DM_RISCV_0, TT_NOC_0, &k);
	enum { READS = 300 };
	uint32_t args[5] = { SCRATCH, SCRATCH + 256, 64, READS, SCRATCH + 512 };
	uint32_t got[4] = { ~0u, 0, 0, 0 };
	struct tt_run_report rep;

	tt_device_l1_write(dev, tt_core(0, 0), SCRATCH + 512, got, sizeof(got));
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), args, 5), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	tt_device_l1_read(dev, tt_core(0, 0), SCRATCH + 512, got, sizeof(got));
	cr_assert_eq(got[1], READS);
	cr_expect_lt(got[0], 40, "%u I/O rewinds for %u NoC reads", got[0], READS);
	/*
	 * Of the five register writes of a NoC read, four only hold a value
	 * (addresses and length): QEMU stores them in the model's words itself
	 * (patch 0020).  The fifth (SEND_REQ) and the barrier's read go
	 * straight to the model (patch 0014), not through the memory API.
	 */
	cr_expect_geq(got[3], 4 * READS, "%u plain register writes stored for %u NoC reads", got[3],
		      READS);
	cr_expect_geq(got[2], 2 * READS, "%u direct MMIO accesses for %u NoC reads", got[2], READS);
	tt_program_destroy(prog);
	tt_device_close(dev);
}
