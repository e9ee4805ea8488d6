// SPDX-License-Identifier: Apache-2.0
/*
 * The NoC race detector (racecheck, TT_EMU_RACECHECK=1) end to end: each
 * pattern of a missing barrier is reported with the kind of race and both
 * source lines (where the bytes were used or handed over, where the
 * unfinished NoC command was issued), and the same kernel with its
 * barrier runs silent and moves the right bytes.  The kernels mark the
 * lines a report must name with a comment "race: <what>".
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "tt_data_format.h"

#define SCRATCH	 0x100000u /* free L1 in every test */
#define TILE	 2048u
#define NOC_X(x) (18 + (x)) /* virtual worker coordinates */
#define NOC_Y(y) (18 + (y))

static struct tt_device *open_racecheck(bool on)
{
	struct tt_device_config cfg = { .grid_x = 2, .grid_y = 1, .racecheck = on };
	struct tt_device *dev = NULL;
	int rc = tt_device_open(&cfg, &dev);

	cr_assert_eq(rc, TT_OK, "device open: %s", tt_strerror(rc));
	return dev;
}

/* "race_signal.c:21": the file and line of @kernel marked "race: @what". */
static void marked_line(const char *kernel, const char *what, char *out, size_t len)
{
	char path[512], line[512], mark[64];
	FILE *f;
	int n = 0;

	snprintf(path, sizeof(path), "%s", KERNEL(""));
	snprintf(path + strlen(path), sizeof(path) - strlen(path), "%s", kernel);
	snprintf(mark, sizeof(mark), "/* race: %s */", what);
	f = fopen(path, "r");
	cr_assert(f, "cannot open %s", path);
	while (fgets(line, sizeof(line), f)) {
		n++;
		if (strstr(line, mark)) {
			fclose(f);
			snprintf(out, len, "%s:%d ", kernel, n);
			return;
		}
	}
	fclose(f);
	cr_assert_fail("%s has no line marked \"%s\"", kernel, mark);
}

/*
 * The run failed with a race report of @kind whose "here" line is the
 * line of @kernel marked @here and whose issuing line is the one marked
 * @issued.
 */
static void expect_race(int rc, const char *kernel, const char *kind, const char *here,
			const char *issued)
{
	const char *err = tt_last_error();
	char want[600], line[80];
	const char *at;

	cr_assert_eq(rc, TT_EGUEST, "run: %s\n%s", tt_strerror(rc), err);
	snprintf(want, sizeof(want), "NoC race (%s)", kind);
	cr_expect(strstr(err, want), "report lacks \"%s\":\n%s", want, err);
	marked_line(kernel, here, line, sizeof(line));
	at = strstr(err, " here at ");
	cr_expect(at && strstr(at, line) && strstr(at, line) < strstr(at, "\n"),
		  "the \"here\" line is not %s:\n%s", line, err);
	marked_line(kernel, issued, line, sizeof(line));
	at = strstr(err, "issued the unfinished NoC command at pc ");
	cr_expect(at && strstr(at, line) && strstr(at, line) < strstr(at, "\n"),
		  "the issuing line is not %s:\n%s", line, err);
}

static void fill(uint8_t *p, size_t n, uint32_t seed)
{
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		p[i] = (uint8_t)(seed >> 16);
	}
}

/* Pattern 1: race_signal.c, writer (0,0), reader (1,0). */
static int run_signal(struct tt_device *dev, bool barrier, uint8_t *copy)
{
	struct tt_core a = tt_core(0, 0), b = tt_core(1, 0);
	struct tt_core_range_set both = tt_core_range_set(tt_core_range(0, 0, 1, 0));
	struct tt_dm_config cfg = { .processor = TT_DM_RISCV_0 };
	uint32_t sa[6] = { 0, NOC_X(1), NOC_Y(0), SCRATCH, TILE, barrier };
	uint32_t sb[6] = { 1, NOC_X(0), NOC_Y(0), SCRATCH, TILE, 0 };
	uint8_t tile[TILE], zero[2 * TILE] = { 0 };
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle k;
	uint32_t sem;
	int rc;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("race_signal.c"), &both, &cfg, &k), TT_OK);
	cr_assert_eq(tt_semaphore_create(prog, &both, 0, &sem), TT_OK);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, a, sa, 6), TT_OK);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, b, sb, 6), TT_OK);
	fill(tile, TILE, 7);
	tt_device_l1_write(dev, a, SCRATCH, tile, TILE);
	tt_device_l1_write(dev, b, SCRATCH, zero, sizeof(zero));
	rc = tt_program_run(dev, prog, 30000, &rep);
	tt_device_l1_read(dev, b, SCRATCH + TILE, copy, TILE);
	cr_expect(rc != TT_OK || !memcmp(copy, tile, TILE),
		  "the reader copied something else than the tile");
	tt_program_destroy(prog);
	return rc;
}

Test(race, signal_before_write_barrier, .timeout = 60)
{
	struct tt_device *dev = open_racecheck(true);
	uint8_t copy[TILE];

	expect_race(run_signal(dev, false, copy), "race_signal.c",
		    "semaphore signalled before the barrier", "signal", "write");
	cr_expect(strstr(tt_last_error(), "semaphore at core (1,0)") &&
			  strstr(tt_last_error(),
				 "NoC write of 2048 bytes to core (1,0) "
				 "0x100000 is unfinished (no write barrier between)"),
		  "report:\n%s", tt_last_error());
	tt_device_close(dev);
}

Test(race, signal_after_write_barrier_is_silent, .timeout = 60)
{
	struct tt_device *dev = open_racecheck(true);
	uint8_t copy[TILE];
	int rc = run_signal(dev, true, copy);

	cr_expect_eq(rc, TT_OK, "run: %s\n%s", tt_strerror(rc), tt_last_error());
	tt_device_close(dev);
}

/* Without racecheck the racy kernel runs (the data lands at once). */
Test(race, off_by_default, .timeout = 60)
{
	struct tt_device *dev = open_racecheck(false);
	uint8_t copy[TILE];
	int rc = run_signal(dev, false, copy);

	cr_expect_eq(rc, TT_OK, "run: %s\n%s", tt_strerror(rc), tt_last_error());
	tt_device_close(dev);
}

/* Pattern 2: race_source.c on (0,0), writing to (1,0). */
static int run_source(struct tt_device *dev, uint32_t mode, bool barrier, uint8_t *landed)
{
	struct tt_core a = tt_core(0, 0);
	uint32_t args[7] = { NOC_X(1), NOC_Y(0), SCRATCH, SCRATCH, TILE, mode, barrier };
	uint8_t tile[TILE];
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle k;
	int rc;

	prog = e2e_program(KERNEL("race_source.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, &k);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, a, args, 7), TT_OK);
	fill(tile, TILE, 11 + mode);
	tt_device_l1_write(dev, a, SCRATCH, tile, TILE);
	rc = tt_program_run(dev, prog, 30000, &rep);
	tt_device_l1_read(dev, tt_core(1, 0), SCRATCH, landed, TILE);
	cr_expect(rc != TT_OK || !memcmp(landed, tile, TILE),
		  "the write did not land the source as it was at issue");
	tt_program_destroy(prog);
	return rc;
}

Test(race, source_overwritten_before_flush, .timeout = 60)
{
	struct tt_device *dev = open_racecheck(true);
	uint8_t landed[TILE];

	expect_race(run_source(dev, 0, false, landed), "race_source.c",
		    "source changed before the barrier", "barrier", "write");
	tt_device_close(dev);
}

Test(race, source_read_into_before_flush, .timeout = 60)
{
	struct tt_device *dev = open_racecheck(true);
	uint8_t landed[TILE];

	expect_race(run_source(dev, 1, false, landed), "race_source.c",
		    "NoC command on bytes in flight", "read", "write");
	cr_expect(strstr(tt_last_error(),
			 "NoC read of 2048 bytes at core (0,0) "
			 "0x100000 writes bytes that an unfinished NoC write still "
			 "reads"),
		  "report:\n%s", tt_last_error());
	cr_expect(!strstr(tt_last_error(), "source changed"),
		  "the reused source is reported twice:\n%s", tt_last_error());
	tt_device_close(dev);
}

Test(race, source_reused_after_flush_is_silent, .timeout = 60)
{
	struct tt_device *dev = open_racecheck(true);
	uint8_t landed[TILE];

	for (uint32_t mode = 0; mode < 2; mode++) {
		int rc = run_source(dev, mode, true, landed);

		cr_expect_eq(rc, TT_OK, "mode %u: %s\n%s", mode, tt_strerror(rc), tt_last_error());
	}
	tt_device_close(dev);
}

/* Pattern 3: race_cb.c on (0,0) BRISC, CB 0 of two pages. */
static int run_cb(struct tt_device *dev, uint32_t mode, bool barrier)
{
	struct tt_core a = tt_core(0, 0);
	struct tt_core_range_set set = tt_core_set(a);
	struct tt_cb_format f = { .index = 0, .data_format = TT_DF_FLOAT16_B, .page_size = TILE };
	struct tt_cb_config ccfg = { .total_size = 2 * TILE, .formats = &f, .num_formats = 1 };
	uint32_t args[5] = { mode, SCRATCH, SCRATCH + TILE, TILE, barrier };
	uint8_t tile[TILE], out[TILE];
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle k;
	tt_cb_handle h;
	int rc;

	prog = e2e_program(KERNEL("race_cb.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, &k);
	cr_assert_eq(tt_cb_create(prog, &set, &ccfg, &h), TT_OK);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, a, args, 5), TT_OK);
	fill(tile, TILE, 13);
	tt_device_l1_write(dev, a, SCRATCH, tile, TILE);
	rc = tt_program_run(dev, prog, 30000, &rep);
	tt_device_l1_read(dev, a, SCRATCH + TILE, out, TILE);
	cr_expect(rc != TT_OK || !memcmp(out, tile, TILE), "the page was not copied");
	tt_program_destroy(prog);
	return rc;
}

Test(race, cb_push_before_read_barrier, .timeout = 60)
{
	struct tt_device *dev = open_racecheck(true);

	expect_race(run_cb(dev, 0, false), "race_cb.c", "CB pages pushed before the barrier",
		    "push", "read");
	cr_expect(strstr(tt_last_error(), "CB 0: cb_push_back of 1 page (2048 bytes "
					  "at core (0,0) 0x") &&
			  strstr(tt_last_error(), "a NoC read filling 2048 bytes at core (0,0)") &&
			  strstr(tt_last_error(), "no noc_async_read_barrier between"),
		  "report:\n%s", tt_last_error());
	tt_device_close(dev);
}

Test(race, cb_pop_before_write_flush, .timeout = 60)
{
	struct tt_device *dev = open_racecheck(true);

	expect_race(run_cb(dev, 1, false), "race_cb.c", "CB pages popped before the barrier", "pop",
		    "write");
	tt_device_close(dev);
}

Test(race, cb_with_barriers_is_silent, .timeout = 60)
{
	struct tt_device *dev = open_racecheck(true);
	int rc = run_cb(dev, 0, true);

	cr_expect_eq(rc, TT_OK, "run: %s\n%s", tt_strerror(rc), tt_last_error());
	tt_device_close(dev);
}
