/* SPDX-License-Identifier: Apache-2.0 */
/*
 * One of two threads that each drive their own device: open a 1x1 device,
 * run tests/e2e/kernels/args_to_l1.c @runs times with this thread's @tag
 * and the run number as args, and check each run left exactly those in
 * L1.  Shared by the reliability test and its ThreadSanitizer build
 * (tests/tsan), which need TT_TEST_KERNELS defined.
 */
#ifndef TT_TESTS_TWO_DEVICES_H
#define TT_TESTS_TWO_DEVICES_H

#include <stdio.h>
#include <stdlib.h>

#include <tt/tt.h>

#define TWO_DEVICES_SCRATCH 0x100000u /* free L1 */

/* Runs per thread: TT_TEST_RUNS, else @dflt. */
static inline uint32_t two_devices_runs(uint32_t dflt)
{
	const char *v = getenv("TT_TEST_RUNS");

	return v && atoi(v) > 0 ? (uint32_t)atoi(v) : dflt;
}

struct worker {
	uint32_t tag; /* written by every run, per thread */
	uint32_t runs;
	uint32_t ok;	 /* runs whose result checked out */
	char error[512]; /* first failure */
};

/* Criterion's asserts are not for threads: a worker records what failed. */
static inline void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct tt_device_config cfg = { .grid_x = 1, .grid_y = 1 };
	struct tt_core_range_set one = tt_core_set(tt_core(0, 0));
	struct tt_dm_config dm = { .processor = TT_DM_RISCV_0 };
	struct tt_run_report rep;
	struct tt_program *prog = NULL;
	struct tt_device *dev = NULL;
	tt_kernel_handle k;
	int rc;

	rc = tt_device_open(&cfg, &dev);
	if (!rc)
		rc = tt_program_create(&prog);
	if (!rc)
		rc = tt_kernel_create(prog, TT_TEST_KERNELS "/args_to_l1.c", &one, &dm, &k);
	if (rc) {
		snprintf(w->error, sizeof(w->error), "set-up: %s", tt_last_error());
		goto out;
	}
	for (uint32_t i = 0; i < w->runs; i++) {
		uint32_t args[5] = { TWO_DEVICES_SCRATCH, 5, 0, w->tag, i }, seen[5] = { 0 };

		rc = tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), args, 5);
		if (!rc)
			rc = tt_program_run(dev, prog, 30000, &rep);
		if (!rc)
			rc = tt_device_l1_read(dev, tt_core(0, 0), TWO_DEVICES_SCRATCH, seen,
					       sizeof(seen));
		if (rc) {
			snprintf(w->error, sizeof(w->error), "run %u: %s: %s", i, tt_strerror(rc),
				 tt_last_error());
			break;
		}
		if (seen[3] != w->tag || seen[4] != i) {
			snprintf(w->error, sizeof(w->error),
				 "run %u: read tag %u run %u, "
				 "wrote tag %u run %u",
				 i, seen[3], seen[4], w->tag, i);
			break;
		}
		w->ok++;
	}
out:
	tt_program_destroy(prog);
	tt_device_close(dev);
	return NULL;
}

#endif /* TT_TESTS_TWO_DEVICES_H */
