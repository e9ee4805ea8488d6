// SPDX-License-Identifier: Apache-2.0
/*
 * NoC benchmark: DRAM -> L1 streaming of 2 KiB pages by the NoC model, on
 * one core and on 64, as bytes per second and as a ratio to host memcpy
 * bandwidth measured in the same run, and NoC commands (one read per
 * page) per second.  Two readers: stream.c with the plain page reads (five
 * register writes per page) and stream_state.c with the _set_state /
 * _with_state reads (three).  One core streams the buffer 64 times (as
 * many bytes as the 64 cores) so that the launch of the program is a
 * small part of the time.  Times are
 * host CPU seconds (QEMU's, and this process's for memcpy), so that other
 * load on the machine does not enter the ratios; wall-clock figures are
 * shown too.  A report, not a test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <tt/buffer.h>
#include <tt/tt.h>

#define PAGE  2048u
#define PAGES 4096u /* 8 MiB */
#define RING  0x100000u

static double clock_s(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double now(void)
{
	return clock_s(CLOCK_MONOTONIC);
}

/*
 * Host memcpy bandwidth over the same 8 MiB, in CPU time: the best of five
 * rounds, since other load on the host only ever makes a round slower.
 */
static double memcpy_bw(void)
{
	size_t n = (size_t)PAGES * PAGE;
	char *a = malloc(n), *b = malloc(n);
	double best = 0;

	memset(a, 1, n);
	memset(b, 2, n);
	for (int r = 0; r < 5; r++) {
		double t0 = clock_s(CLOCK_PROCESS_CPUTIME_ID), t;

		for (int i = 0; i < 8; i++) {
			memcpy(b, a, n);
			a[i] = b[n - 1 - i]; /* keep the copies live */
		}
		t = clock_s(CLOCK_PROCESS_CPUTIME_ID) - t0;
		if (n * 8.0 / t > best)
			best = n * 8.0 / t;
	}
	free(a);
	free(b);
	return best;
}

/*
 * Seconds of QEMU CPU for one run of @kernel on cores_x x cores_y, the
 * best of three runs (other load on the host only ever slows a run, as
 * for memcpy); @wall is the best wall-clock time of the three.
 */
static double stream(struct tt_device *dev, struct tt_buffer *buf, const char *kernel,
		     uint32_t cores_x, uint32_t cores_y, uint32_t passes, uint64_t *bytes,
		     double *wall)
{
	struct tt_core_range_set set =
		tt_core_range_set(tt_core_range(0, 0, cores_x - 1, cores_y - 1));
	struct tt_dm_config cfg = { .processor = TT_DM_RISCV_1, .noc = TT_NOC_1 };
	uint32_t args[5] = { tt_buffer_address(buf), PAGE, PAGES, RING, passes };
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k;
	double t0, c0, c = 0;

	tt_program_create(&prog);
	if (tt_kernel_create(prog, kernel, &set, &cfg, &k))
		exit(1);
	for (uint32_t y = 0; y < cores_y; y++)
		for (uint32_t x = 0; x < cores_x; x++)
			tt_kernel_set_runtime_args(prog, k, tt_core(x, y), args, 5);
	tt_program_run(dev, prog, 0, &rep); /* build and load once */
	for (int r = 0; r < 3; r++) {
		double w;

		t0 = now();
		c0 = tt_device_cpu_seconds(dev);
		if (tt_program_run(dev, prog, 0, &rep)) {
			fprintf(stderr, "run failed: %s\n", tt_last_error());
			exit(1);
		}
		c0 = tt_device_cpu_seconds(dev) - c0;
		w = now() - t0;
		c = !r || c0 < c ? c0 : c;
		*wall = !r || w < *wall ? w : *wall;
	}
	tt_program_destroy(prog);
	*bytes = (uint64_t)PAGES * PAGE * cores_x * cores_y * passes;
	return c;
}

/* A device of the mode asked for, with the 8 MiB buffer holding @data. */
static struct tt_buffer *open_with_buffer(bool parallel, const char *data, struct tt_device **dev)
{
	struct tt_device_config dc = { .parallel = parallel };
	struct tt_buffer_config bc = { .size = (uint64_t)PAGES * PAGE,
				       .page_size = PAGE,
				       .type = TT_BUFFER_DRAM };
	struct tt_buffer *buf;

	if (tt_device_open(&dc, dev) || tt_buffer_create(*dev, &bc, &buf)) {
		fprintf(stderr, "bench/noc: %s\n", tt_last_error());
		exit(1);
	}
	tt_buffer_write(buf, data);
	return buf;
}

/*
 * Parallel mode (MTTCG, one host thread per hart): what counts there is
 * aggregate bandwidth in wall-clock time, so these rows are wall GB/s; the
 * 64-core row must not fall below the 1-core one (no collapse when every
 * core's NoC registers are busy at once).
 */
static void parallel_rows(const char *data, double mbw)
{
	struct tt_device *dev;
	struct tt_buffer *buf = open_with_buffer(true, data, &dev);
	double one = 0, wall;
	uint64_t bytes;

	for (int c = 0; c < 2; c++) {
		uint32_t side = c ? 8 : 1;
		double gbs;

		stream(dev, buf, TT_SRC_DIR "/bench/noc/kernels/stream.c", side, side, c ? 1 : 64,
		       &bytes, &wall);
		gbs = bytes / wall / 1e9;
		if (!c)
			one = gbs;
		printf("  parallel, %2u core%s, page reads  %8.2f GB/s wall  %.3f x memcpy",
		       side * side, c ? "s" : " ", gbs, bytes / wall / mbw);
		if (c)
			printf("  %.2f x the 1-core figure  target >= 1 x", gbs / one);
		printf("\n");
	}
	tt_buffer_free(buf);
	tt_device_close(dev);
}

int main(void)
{
	size_t size = (size_t)PAGES * PAGE;
	double mbw = memcpy_bw(), t;
	struct tt_device *dev;
	struct tt_buffer *buf;
	uint64_t bytes;
	char *data = malloc(size);

	for (size_t i = 0; i < size; i++)
		data[i] = (char)(i * 7);
	buf = open_with_buffer(false, data, &dev);

	printf("tensix-emu NoC benchmark (2 KiB pages, 8 MiB interleaved over 12 DRAM banks)\n"
	       "  deterministic mode (-icount): GB/s over QEMU CPU seconds\n");
	printf("  host memcpy                          %8.2f GB/s (CPU time, best of 5)\n",
	       mbw / 1e9);
	for (int k = 0; k < 2; k++) {
		static const char *const kernels[] = {
			TT_SRC_DIR "/bench/noc/kernels/stream.c",
			TT_SRC_DIR "/bench/noc/kernels/stream_state.c",
		};
		static const char *const names[] = { "page reads", "with_state" };

		for (int c = 0; c < 2; c++) {
			uint32_t side = c ? 8 : 1;
			double wall;

			t = stream(dev, buf, kernels[k], side, side, c ? 1 : 64, &bytes, &wall);
			printf("  DRAM -> L1, %2u core%s, %-10s %8.2f GB/s  %.3f x memcpy"
			       "  %5.2f M NoC commands/s  (wall %.2f GB/s)  target >= 0.3 x\n",
			       side * side, c ? "s" : " ", names[k], bytes / t / 1e9,
			       bytes / t / mbw, bytes / PAGE / t / 1e6, bytes / wall / 1e9);
		}
	}
	tt_buffer_free(buf);
	tt_device_close(dev);
	parallel_rows(data, mbw);
	free(data);
	return 0;
}
