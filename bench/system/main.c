// SPDX-License-Identifier: Apache-2.0
/*
 * Systems of chips (tt/system.h): how long a T3000 (2x4) and a Galaxy
 * (4x8) of default 8x8 chips take to open, the host memory their QEMU
 * processes hold with nothing allocated, the host CPU they use idle, and
 * what running a program costs on one chip of the mesh and on all of them
 * next to a lone device.  docs/performance.md keeps the figures.
 */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <tt/tt.h>

#define RUNS 20

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Resident memory of this process's children (the chips' QEMUs), MiB. */
static double children_rss_mib(void)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	double kib = 0;

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		char path[300], line[256];
		FILE *f;
		long ppid = 0, rss = 0;

		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/status", e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		while (fgets(line, sizeof(line), f)) {
			sscanf(line, "PPid: %ld", &ppid);
			sscanf(line, "VmRSS: %ld", &rss);
		}
		fclose(f);
		if (ppid == getpid())
			kib += (double)rss;
	}
	closedir(d);
	return kib / 1024;
}

static struct tt_program *empty_program(void)
{
	struct tt_core_range_set all = tt_core_range_set(tt_core_range(0, 0, 7, 7));
	struct tt_dm_config cfg = { .processor = TT_DM_RISCV_0 };
	struct tt_program *prog;
	tt_kernel_handle k;

	if (tt_program_create(&prog) ||
	    tt_kernel_create(prog, TT_SRC_DIR "/tests/e2e/kernels/empty.c", &all, &cfg, &k) ||
	    tt_program_compile(NULL, prog, NULL)) {
		fprintf(stderr, "bench/system: %s\n", tt_last_error());
		exit(1);
	}
	return prog;
}

/* Seconds per run of @prog on chips [@first, @first + @n) of @chips, all at once. */
static double run_on(struct tt_device **chips, uint32_t n, struct tt_program *prog)
{
	double t0 = now();

	for (int r = 0; r < RUNS; r++) {
		for (uint32_t c = 0; c < n; c++)
			if (tt_enqueue_program(chips[c], prog, NULL))
				goto fail;
		for (uint32_t c = 0; c < n; c++)
			if (tt_finish(chips[c], 0, NULL))
				goto fail;
	}
	return (now() - t0) / RUNS;
fail:
	fprintf(stderr, "bench/system: run failed: %s\n", tt_last_error());
	exit(1);
}

/* Issue-style goal lines: "target NAME: VALUE (goal OP LIMIT): met". */
static void target(const char *name, double value, const char *unit, bool below, double limit)
{
	bool met = below ? value <= limit : value >= limit;

	printf("target %s: %.2f%s (goal %s %.2f%s): %s\n", name, value, unit,
	       below ? "<=" : ">=", limit, unit, met ? "met" : "not met");
}

static void system_row(const char *name, struct tt_program *prog, double lone)
{
	struct tt_system_config cfg = { .name = name };
	struct tt_device *chips[TT_SYSTEM_MAX_CHIPS];
	struct tt_system *sys;
	double t0 = now(), open, cpu0 = 0, cpu1 = 0, one, all;
	uint32_t n;

	if (tt_system_open(&cfg, &sys)) {
		fprintf(stderr, "bench/system: %s\n", tt_last_error());
		exit(1);
	}
	open = now() - t0;
	n = tt_system_desc(sys)->rows * tt_system_desc(sys)->cols;
	for (uint32_t c = 0; c < n; c++) {
		chips[c] = tt_system_chip(sys, c);
		cpu0 += tt_device_cpu_seconds(chips[c]);
	}
	printf("  %-7s %2u chips: open %6.2f s, QEMU memory %6.0f MiB", name, n, open,
	       children_rss_mib());
	sleep(2);
	for (uint32_t c = 0; c < n; c++)
		cpu1 += tt_device_cpu_seconds(chips[c]);
	one = run_on(chips, 1, prog);
	all = run_on(chips, n, prog);
	printf(", idle CPU %.3f s in 2 s\n", cpu1 - cpu0);
	printf("          empty 64-core program: one chip %.2f ms (%.2fx a lone chip), "
	       "all %u chips at once %.2f ms (%.2fx)\n",
	       one * 1e3, one / lone, n, all * 1e3, all / lone);
	tt_system_close(sys);
	if (n == 8) {
		target("mesh 2x4 open", open, " s", true, 1.5);
		target("mesh 2x4", all / lone, "x", true, 5.0);
	} else if (n == 32) {
		target("mesh 4x8 open", open, " s", true, 6.0);
		target("mesh 4x8 one chip", one / lone, "x", true, 1.2);
	}
}

int main(void)
{
	struct tt_program *prog = empty_program();
	struct tt_device *dev;
	double lone;

	printf("systems of chips (8x8 Wormhole chips, one QEMU each; deterministic mode)\n");
	if (tt_device_open(NULL, &dev)) {
		fprintf(stderr, "bench/system: %s\n", tt_last_error());
		return 1;
	}
	lone = run_on(&dev, 1, prog);
	tt_device_close(dev);
	printf("  lone chip: empty 64-core program %.2f ms per run\n", lone * 1e3);
	system_row("T3000", prog, lone);
	system_row("Galaxy", prog, lone);
	tt_program_destroy(prog);
	return 0;
}
