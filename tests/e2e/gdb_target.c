// SPDX-License-Identifier: Apache-2.0
/*
 * The host program that tests/e2e/gdb_e2e_test.c debugs.  argv[1] picks what
 * it runs on a 2x1 grid:
 *
 *   pipeline  core (0,0): NCRISC makes tiles in CB 0 (gdb_reader.c), the
 *             TRISCs copy them to CB 16 (gdb_compute.c), BRISC writes them
 *             to L1 over the NoC (gdb_writer.c); core (1,0): BRISC runs
 *             another kernel at the same address (gdb_other.c)
 *   twice     pipeline, then a program whose BRISC kernel on (0,0) is
 *             gdb_other.c
 *   trap      BRISC of (0,0) executes an illegal instruction
 *   guest     BRISC of (0,0) writes into (1,0)'s mailbox over the NoC
 *   hang      NCRISC of (0,0) waits for a CB page nobody pushes
 *
 * Prints "<mode> ok" or the run's report; exits 0 only when the run was
 * good.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tt/tt.h>

#include "tt_data_format.h"

#define KERNEL(name) TT_TEST_KERNELS "/" name
#define DST	     0x100000u /* in the allocator's part of L1 */
#define TILES	     3

static void check(int rc, const char *what)
{
	if (rc) {
		fprintf(stderr, "%s: %s: %s\n", what, tt_strerror(rc), tt_last_error());
		exit(1);
	}
}

static tt_kernel_handle dm(struct tt_program *prog, const char *kernel, struct tt_core c,
			   enum tt_dm_processor risc, const uint32_t *args, uint32_t n)
{
	struct tt_core_range_set set = tt_core_set(c);
	struct tt_dm_config cfg = { .processor = risc,
				    .noc = risc == TT_DM_RISCV_0 ? TT_NOC_0 : TT_NOC_1 };
	tt_kernel_handle k;

	check(tt_kernel_create(prog, kernel, &set, &cfg, &k), kernel);
	check(tt_kernel_set_runtime_args(prog, k, c, args, n), kernel);
	return k;
}

static void cb(struct tt_program *prog, struct tt_core c, uint32_t index)
{
	struct tt_core_range_set set = tt_core_set(c);
	struct tt_cb_format f = { .index = index,
				  .data_format = TT_DF_FLOAT16_B,
				  .page_size = 2048 };
	struct tt_cb_config cfg = { .total_size = 2 * 2048, .formats = &f, .num_formats = 1 };
	tt_cb_handle h;

	check(tt_cb_create(prog, &set, &cfg, &h), "cb");
}

static struct tt_program *pipeline(void)
{
	struct tt_core c0 = tt_core(0, 0), c1 = tt_core(1, 0);
	struct tt_core_range_set set = tt_core_set(c0);
	struct tt_compute_config ccfg = { 0 };
	uint32_t n = TILES, wargs[] = { TILES, DST }, oargs[] = { DST, 4 }, tag = 0x7a9;
	struct tt_program *prog;
	tt_kernel_handle k;
	uint32_t sem;

	check(tt_program_create(&prog), "program");
	cb(prog, c0, 0);
	cb(prog, c0, 16);
	check(tt_semaphore_create(prog, &set, 0, &sem), "semaphore");
	k = dm(prog, KERNEL("gdb_reader.c"), c0, TT_DM_RISCV_1, &n, 1);
	check(tt_kernel_set_common_runtime_args(prog, k, &tag, 1), "common args");
	check(tt_compute_kernel_create(prog, KERNEL("gdb_compute.c"), &set, &ccfg, &k), "compute");
	check(tt_kernel_set_runtime_args(prog, k, c0, &n, 1), "compute args");
	dm(prog, KERNEL("gdb_writer.c"), c0, TT_DM_RISCV_0, wargs, 2);
	dm(prog, KERNEL("gdb_other.c"), c1, TT_DM_RISCV_0, oargs, 2);
	return prog;
}

/* A one-kernel program on core (0,0). */
static struct tt_program *single(const char *kernel, enum tt_dm_processor risc,
				 const uint32_t *args, uint32_t n, bool with_cb)
{
	struct tt_program *prog;

	check(tt_program_create(&prog), "program");
	if (with_cb)
		cb(prog, tt_core(0, 0), 0);
	dm(prog, kernel, tt_core(0, 0), risc, args, n);
	return prog;
}

static int run(struct tt_device *dev, struct tt_program *prog, uint32_t timeout_ms)
{
	struct tt_run_report rep;
	int rc = tt_program_run(dev, prog, timeout_ms, &rep);

	if (rc)
		printf("run failed: %s\n%s", tt_strerror(rc), tt_last_error());
	tt_program_destroy(prog);
	return rc;
}

/* The last tile the writer copied: element (r, c) is bf16(TILES - 1 + r). */
static int check_tile(struct tt_device *dev)
{
	uint16_t t[32 * 32];

	check(tt_device_l1_read(dev, tt_core(0, 0), DST, t, sizeof(t)), "read");
	/* row 0 of face 0 and row 16 (face 2, first element) */
	if (t[0] != 0x4000 || t[512] != 0x41900000u >> 16) {
		printf("tile wrong: 0x%04x 0x%04x\n", t[0], t[512]);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct tt_device_config cfg = { .grid_x = 2, .grid_y = 1 };
	const char *mode = argc > 1 ? argv[1] : "pipeline";
	uint32_t args[2] = { DST, DST };
	struct tt_device *dev;
	int rc;

	check(tt_device_open(&cfg, &dev), "device open");
	if (!strcmp(mode, "pipeline") || !strcmp(mode, "twice")) {
		rc = run(dev, pipeline(), 30000);
		if (!rc)
			rc = check_tile(dev);
		if (!rc && !strcmp(mode, "twice")) {
			uint32_t oargs[] = { DST + 64, 2 };

			rc = run(dev, single(KERNEL("gdb_other.c"), TT_DM_RISCV_0, oargs, 2, false),
				 30000);
		}
	} else if (!strcmp(mode, "trap")) {
		rc = run(dev, single(KERNEL("illegal.c"), TT_DM_RISCV_0, args, 1, false), 30000);
	} else if (!strcmp(mode, "guest")) {
		args[0] = 1;
		rc = run(dev, single(KERNEL("noc_bad.c"), TT_DM_RISCV_0, args, 2, false), 30000);
	} else if (!strcmp(mode, "hang")) {
		args[0] = 0;
		rc = run(dev, single(KERNEL("cb_stuck.c"), TT_DM_RISCV_1, args, 1, true), 1500);
	} else {
		fprintf(stderr, "gdb_target: unknown mode %s\n", mode);
		rc = 1;
	}
	if (!rc)
		printf("%s ok\n", mode);
	tt_device_close(dev);
	return rc ? 2 : 0;
}
