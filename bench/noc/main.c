// SPDX-License-Identifier: Apache-2.0
/*
 * NoC benchmark: DRAM -> L1 streaming of 2 KiB pages by the NoC model, on
 * one core and on 64, as bytes per second and as a ratio to host memcpy
 * bandwidth measured in the same run; NoC read commands per second.
 * A report, not a test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <tt/buffer.h>
#include <tt/tt.h>

#define PAGE	2048u
#define PAGES	4096u		/* 8 MiB */
#define RING	0x100000u

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double memcpy_bw(void)
{
	size_t n = (size_t)PAGES * PAGE;
	char *a = malloc(n), *b = malloc(n);
	double t0, t;
	int reps = 40;

	memset(a, 1, n);
	memset(b, 2, n);
	t0 = now();
	for (int i = 0; i < reps; i++) {
		memcpy(b, a, n);
		a[i] = b[n - 1 - i];	/* keep the copies live */
	}
	t = now() - t0;
	free(a);
	free(b);
	return (double)n * reps / t;
}

static double stream(struct tt_device *dev, struct tt_buffer *buf, uint32_t cores_x,
		     uint32_t cores_y, uint64_t *bytes)
{
	struct tt_core_range_set set = tt_core_range_set(tt_core_range(0, 0, cores_x - 1,
								       cores_y - 1));
	struct tt_dm_config cfg = { .processor = TT_DM_RISCV_1, .noc = TT_NOC_1 };
	uint32_t args[4] = { tt_buffer_address(buf), PAGE, PAGES, RING };
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k;
	double t0, t;

	tt_program_create(&prog);
	if (tt_kernel_create(prog, TT_SRC_DIR "/bench/noc/kernels/stream.c", &set, &cfg, &k))
		exit(1);
	tt_kernel_set_common_runtime_args(prog, k, args, 4);
	for (uint32_t y = 0; y < cores_y; y++)
		for (uint32_t x = 0; x < cores_x; x++)
			tt_kernel_set_runtime_args(prog, k, tt_core(x, y), args, 4);
	tt_program_run(dev, prog, 0, &rep);	/* build and load once */
	t0 = now();
	if (tt_program_run(dev, prog, 0, &rep)) {
		fprintf(stderr, "run failed: %s\n", rep.message);
		exit(1);
	}
	t = now() - t0;
	tt_program_destroy(prog);
	*bytes = (uint64_t)PAGES * PAGE * cores_x * cores_y;
	return t;
}

int main(void)
{
	struct tt_buffer_config bc = { .size = (uint64_t)PAGES * PAGE, .page_size = PAGE,
				       .type = TT_BUFFER_DRAM };
	struct tt_device *dev;
	struct tt_buffer *buf;
	double mbw = memcpy_bw(), t;
	uint64_t bytes;
	char *data = malloc(bc.size);

	if (tt_device_open(NULL, &dev) || tt_buffer_create(dev, &bc, &buf))
		return 1;
	for (uint64_t i = 0; i < bc.size; i++)
		data[i] = (char)(i * 7);
	tt_buffer_write(buf, data);

	printf("tensix-emu NoC benchmark (2 KiB pages, 8 MiB interleaved over 12 DRAM banks)\n");
	printf("  host memcpy                    %8.2f GB/s\n", mbw / 1e9);
	t = stream(dev, buf, 1, 1, &bytes);
	printf("  DRAM -> L1, 1 core             %8.2f GB/s  %.3f x memcpy  %.2f M reads/s\n",
	       bytes / t / 1e9, bytes / t / mbw, bytes / PAGE / t / 1e6);
	t = stream(dev, buf, 8, 8, &bytes);
	printf("  DRAM -> L1, 64 cores           %8.2f GB/s  %.3f x memcpy  %.2f M reads/s"
	       "   target >= 0.25 x\n", bytes / t / 1e9, bytes / t / mbw, bytes / PAGE / t / 1e6);
	tt_buffer_free(buf);
	tt_device_close(dev);
	free(data);
	return 0;
}
