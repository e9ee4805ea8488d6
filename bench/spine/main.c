// SPDX-License-Identifier: Apache-2.0
/*
 * Spine benchmark: device open time (1x1 and 8x8), host CPU used by an
 * idle 8x8 device over 10 s, kernel build time cold (empty cache) and warm,
 * and the run time of a trivial program on 64 cores.  A report, not a test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <tt/tt.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double open_time(uint32_t gx, uint32_t gy)
{
	struct tt_device_config cfg = { .grid_x = gx, .grid_y = gy };
	double t[3];

	for (int i = 0; i < 3; i++) {
		struct tt_device *dev;
		double t0 = now();

		if (tt_device_open(&cfg, &dev)) {
			fprintf(stderr, "open %ux%u failed\n", gx, gy);
			exit(1);
		}
		t[i] = now() - t0;
		tt_device_close(dev);
	}
	qsort(t, 3, sizeof(t[0]), cmp);
	return t[1];
}

static double build_time(struct tt_device *dev, const char *kernel)
{
	struct tt_core_range_set one = tt_core_set(tt_core(0, 0));
	struct tt_dm_config cfg = { .processor = TT_DM_RISCV_0 };
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k;
	double t0;

	tt_program_create(&prog);
	tt_kernel_create(prog, kernel, &one, &cfg, &k);
	t0 = now();
	if (tt_program_compile(dev, prog, &rep)) {
		fprintf(stderr, "build failed: %s\n", tt_last_error());
		exit(1);
	}
	t0 = now() - t0;
	tt_program_destroy(prog);
	return t0;
}

int main(void)
{
	char cache[] = "/tmp/tt-bench-cache-XXXXXX";
	const char *kernel = TT_EXAMPLE_KERNELS "/hello_world/hello_kernel.c";
	struct tt_device *dev;
	struct tt_core_range_set all = tt_core_range_set(tt_core_range(0, 0, 7, 7));
	struct tt_dm_config cfg = { .processor = TT_DM_RISCV_0 };
	struct tt_run_report rep;
	struct tt_program *prog, *swap[2];
	tt_kernel_handle k;
	double cpu0, cpu1, cold, warm, t0, run;
	char cmd[128];

	/* a private, empty kernel cache for the cold build */
	if (!mkdtemp(cache))
		return 1;
	setenv("TT_EMU_CACHE", cache, 1);

	printf("tensix-emu spine benchmark (deterministic mode, the default)\n");
	printf("  device open 1x1 (median of 3)      %8.3f s\n", open_time(1, 1));
	printf("  device open 8x8 (median of 3)      %8.3f s   target <= 0.5 s\n", open_time(8, 8));

	if (tt_device_open(NULL, &dev))
		return 1;
	cold = build_time(dev, kernel);
	warm = build_time(dev, kernel);
	printf("  kernel build, cold cache           %8.3f s   target <= 0.5 s per RISC\n", cold);
	printf("  kernel build, warm cache           %8.3f ms  target <= 5 ms\n", warm * 1e3);

	tt_program_create(&prog);
	tt_kernel_create(prog, TT_EXAMPLE_KERNELS "/../tests/e2e/kernels/empty.c", &all, &cfg, &k);
	tt_program_run(dev, prog, 0, &rep); /* load the text once */
	t0 = now();
	cpu0 = tt_device_cpu_seconds(dev);
	for (int i = 0; i < 20; i++)
		if (tt_program_run(dev, prog, 0, &rep)) {
			fprintf(stderr, "run failed: %s\n", tt_last_error());
			return 1;
		}
	run = (now() - t0) / 20;
	cpu1 = tt_device_cpu_seconds(dev);
	printf("  empty program on 64 cores          %8.3f ms per run (QEMU CPU %.3f ms, %llu "
	       "instructions)\n",
	       run * 1e3, (cpu1 - cpu0) / 20 * 1e3, (unsigned long long)rep.instructions);
	tt_program_destroy(prog);

	/*
	 * Two builds of the same kernel (compile args differ): each run
	 * loads new kernel text on every core, which QEMU must invalidate.
	 */
	for (uint32_t i = 0; i < 2; i++) {
		struct tt_dm_config c = cfg;

		c.compile_args = &i;
		c.num_compile_args = 1;
		tt_program_create(&swap[i]);
		tt_kernel_create(swap[i], TT_EXAMPLE_KERNELS "/../tests/e2e/kernels/empty.c", &all,
				 &c, &k);
		tt_program_run(dev, swap[i], 0, &rep); /* build it */
	}
	t0 = now();
	cpu0 = tt_device_cpu_seconds(dev);
	for (int i = 0; i < 20; i++)
		if (tt_program_run(dev, swap[i % 2], 0, &rep)) {
			fprintf(stderr, "run failed: %s\n", tt_last_error());
			return 1;
		}
	run = (now() - t0) / 20;
	cpu1 = tt_device_cpu_seconds(dev);
	printf("  same, new kernel text every run    %8.3f ms per run (QEMU CPU %.3f ms)\n",
	       run * 1e3, (cpu1 - cpu0) / 20 * 1e3);
	tt_program_destroy(swap[0]);
	tt_program_destroy(swap[1]);

	cpu0 = tt_device_cpu_seconds(dev);
	sleep(10);
	cpu1 = tt_device_cpu_seconds(dev);
	printf("  idle 8x8 device, QEMU CPU in 10 s  %8.3f s\n", cpu1 - cpu0);
	tt_device_close(dev);

	snprintf(cmd, sizeof(cmd), "rm -rf %s", cache);
	return system(cmd) ? 1 : 0;
}
