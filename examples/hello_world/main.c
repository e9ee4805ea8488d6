// SPDX-License-Identifier: Apache-2.0
/*
 * hello_world: open a device, run a printing data-movement kernel on BRISC
 * of a few cores, and check the mark each one left in its L1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <tt/tt.h>

#define MARK_ADDR 0x100000u /* in the allocator's part of L1 */

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(void)
{
	struct tt_core_range_set cores = tt_core_range_set(tt_core_range(0, 0, 3, 1));
	struct tt_dm_config cfg = { .processor = TT_DM_RISCV_0, .noc = TT_NOC_0 };
	struct tt_run_report rep;
	struct tt_device *dev;
	struct tt_program *prog;
	tt_kernel_handle k;
	uint32_t common = 42;
	double t0 = now(), t1;
	int rc, bad = 0;

	rc = tt_device_open(NULL, &dev);
	if (rc) {
		fprintf(stderr, "device open failed: %s\n", tt_strerror(rc));
		return 1;
	}
	t1 = now();
	printf("device up: %ux%u grid in %.2f s\n", tt_device_grid(dev).x, tt_device_grid(dev).y,
	       t1 - t0);

	tt_program_create(&prog);
	rc = tt_kernel_create(prog, TT_EXAMPLE_KERNELS "/hello_world/hello_kernel.c", &cores, &cfg,
			      &k);
	if (rc) {
		fprintf(stderr, "kernel create failed: %s\n", tt_strerror(rc));
		return 1;
	}
	for (uint32_t y = 0; y <= 1; y++)
		for (uint32_t x = 0; x <= 3; x++) {
			uint32_t arg = MARK_ADDR;

			tt_kernel_set_runtime_args(prog, k, tt_core(x, y), &arg, 1);
		}
	tt_kernel_set_common_runtime_args(prog, k, &common, 1);

	rc = tt_program_run(dev, prog, 5000, &rep);
	if (rc) {
		fprintf(stderr, "run failed: %s\n%s", tt_strerror(rc), tt_last_error());
		return 1;
	}
	for (uint32_t y = 0; y <= 1; y++)
		for (uint32_t x = 0; x <= 3; x++) {
			uint32_t v = 0;

			tt_device_l1_read(dev, tt_core(x, y), MARK_ADDR, &v, 4);
			if (v != (0x600d0000u | y << 8 | x)) {
				printf("core (%u,%u): mark 0x%08x wrong\n", x, y, v);
				bad++;
			}
		}
	printf("ran on 8 cores in %.3f s, %llu device instructions: %s\n", now() - t1,
	       (unsigned long long)rep.instructions, bad ? "FAILED" : "ok");
	tt_program_destroy(prog);
	tt_device_close(dev);
	return bad ? 1 : 0;
}
