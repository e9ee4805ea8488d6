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

#include "two_devices.h"

int main(int argc, char **argv)
{
	struct worker w[2] = { { .tag = 0xaaaa0001 }, { .tag = 0xbbbb0002 } };
	uint32_t runs = two_devices_runs(100);
	pthread_t t[2];
	int failed = 0;

	if (argc > 1)
		runs = (uint32_t)strtoul(argv[1], NULL, 0);
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
