// SPDX-License-Identifier: Apache-2.0
/*
 * Two devices driven from two threads, built with ThreadSanitizer
 * (`make test-tsan`): each thread opens its own device and runs a program
 * many times, checking that every run's result is its own.  A data race
 * inside libtt makes TSan fail the run; a wrong or failed run fails it
 * too.  Criterion's process arena does not coexist with TSan, so this is
 * a plain program: exit 0 on success, 1 on failure (kselftest codes).
 *
 * Usage: two_devices [runs per thread]   (default 100, or TT_TEST_RUNS)
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include <tt/tt.h>

#define SCRATCH 0x100000u	/* free L1 */

struct worker {
	uint32_t tag;
	uint32_t runs;
	uint32_t ok;
	char error[512];
};

static void *worker_main(void *arg)
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
		uint32_t args[5] = { SCRATCH, 5, 0, w->tag, i }, seen[5] = { 0 };

		rc = tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), args, 5);
		if (!rc)
			rc = tt_program_run(dev, prog, 30000, &rep);
		if (!rc)
			rc = tt_device_l1_read(dev, tt_core(0, 0), SCRATCH, seen,
					       sizeof(seen));
		if (rc) {
			snprintf(w->error, sizeof(w->error), "run %u: %s", i,
				 tt_last_error());
			break;
		}
		if (seen[3] != w->tag || seen[4] != i) {
			snprintf(w->error, sizeof(w->error), "run %u: read tag %#x run "
				 "%u", i, seen[3], seen[4]);
			break;
		}
		w->ok++;
	}
out:
	tt_program_destroy(prog);
	tt_device_close(dev);
	return NULL;
}

int main(int argc, char **argv)
{
	struct worker w[2] = { { .tag = 0xaaaa0001 }, { .tag = 0xbbbb0002 } };
	const char *env = getenv("TT_TEST_RUNS");
	uint32_t runs = 100;
	pthread_t t[2];
	int failed = 0;

	if (argc > 1)
		runs = (uint32_t)strtoul(argv[1], NULL, 0);
	else if (env && atoi(env) > 0)
		runs = (uint32_t)atoi(env);
	for (int i = 0; i < 2; i++) {
		w[i].runs = runs;
		if (pthread_create(&t[i], NULL, worker_main, &w[i])) {
			fprintf(stderr, "two_devices: cannot start thread %d\n", i);
			return 1;
		}
	}
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < 2; i++) {
		printf("thread %d: %u of %u runs right%s%s\n", i, w[i].ok, w[i].runs,
		       w[i].error[0] ? ": " : "", w[i].error);
		failed |= w[i].ok != w[i].runs;
	}
	return failed;
}
