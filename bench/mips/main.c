// SPDX-License-Identifier: Apache-2.0
/*
 * Guest speed benchmark (the project's speed goals, docs/examples.md):
 *  - guest MIPS of one busy hart in the tensix machine, against QEMU's
 *    stock virt board (Debian's qemu-system-riscv32) running the same loop,
 *    both with icount (our deterministic mode) and without (TCG as fast as
 *    it goes; our parallel mode);
 *  - two busy harts on an 8x8 grid (318 asleep) against the same two on a
 *    1x1 grid;
 *  - parallel mode's scaling: two busy cores against one, in wall time.
 * Each figure is the difference of a long and a short run, so start-up
 * and launch costs cancel.  Times are CPU seconds of the QEMU process
 * (ours from /proc, stock from its rusage), not wall time: the machine may
 * be shared.  A report, not a test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <tt/tt.h>

#define SHORT_ITERS    1000000u
#define LONG_ITERS     150000000u  /* deterministic: about 0.7 s */
#define LONG_ITERS_PAR 1000000000u /* parallel TCG runs ~5x faster */
#define INSNS_PER_ITER 4u
#define STOCK_QEMU     "qemu-system-riscv32"
#define KERNEL	       TT_SRC_DIR "/bench/mips/kernels/spin_loop.c"

static double wall_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * QEMU CPU seconds for one run of the loop, @iters iterations, on @riscs
 * (1 or 2: BRISC, NCRISC) of each of @cores cores in a row; its wall
 * seconds in *@wall and instruction count in *@insns, if asked.
 */
static double tensix_run(struct tt_device *dev, uint32_t cores, uint32_t riscs, uint32_t iters,
			 uint64_t *insns, double *wall)
{
	struct tt_core_range_set row = tt_core_range_set(tt_core_range(0, 0, cores - 1, 0));
	struct tt_run_report rep;
	struct tt_program *prog;
	double t0, w0, t;

	tt_program_create(&prog);
	for (uint32_t r = 0; r < riscs; r++) {
		struct tt_dm_config cfg = { .processor = (enum tt_dm_processor)r,
					    .noc = (enum tt_noc)r };
		tt_kernel_handle k;
		int rc = tt_kernel_create(prog, KERNEL, &row, &cfg, &k);

		for (uint32_t c = 0; !rc && c < cores; c++)
			rc = tt_kernel_set_runtime_args(prog, k, tt_core(c, 0), &iters, 1);
		if (rc) {
			fprintf(stderr, "bench/mips: kernel setup failed: %s\n", tt_last_error());
			exit(1);
		}
	}
	if (tt_program_compile(dev, prog, &rep)) {
		fprintf(stderr, "bench/mips: build failed: %s\n", tt_last_error());
		exit(1);
	}
	t0 = tt_device_cpu_seconds(dev);
	w0 = wall_now();
	if (tt_program_run(dev, prog, 600000, &rep)) {
		fprintf(stderr, "bench/mips: run failed: %s\n", tt_last_error());
		exit(1);
	}
	t = tt_device_cpu_seconds(dev) - t0;
	if (wall)
		*wall = wall_now() - w0;
	if (insns)
		*insns = rep.instructions;
	tt_program_destroy(prog);
	return t;
}

/* Wall seconds of tensix_run() on BRISC of @cores cores. */
static double parallel_wall(struct tt_device *dev, uint32_t cores, uint32_t iters)
{
	double wall;

	tensix_run(dev, cores, 1, iters, NULL, &wall);
	return wall;
}

/*
 * Parallel mode's scaling: guest MIPS of two busy cores over one, in wall
 * time (the long run minus the short one, so launches cancel).  Bounded by
 * the host's CPUs: 2 on a two-CPU host.
 */
static double parallel_scaling(void)
{
	struct tt_device_config cfg = { .grid_x = 2, .grid_y = 1, .parallel = true };
	struct tt_device *dev;
	double one, two;

	if (tt_device_open(&cfg, &dev)) {
		fprintf(stderr, "bench/mips: open failed: %s\n", tt_last_error());
		exit(1);
	}
	parallel_wall(dev, 2, SHORT_ITERS); /* build and warm */
	one = parallel_wall(dev, 1, LONG_ITERS_PAR) - parallel_wall(dev, 1, SHORT_ITERS);
	two = parallel_wall(dev, 2, LONG_ITERS_PAR) - parallel_wall(dev, 2, SHORT_ITERS);
	tt_device_close(dev);
	return 2 * one / two;
}

/* Seconds per LONG-SHORT iterations on a @gx x @gy tensix device. */
static double tensix_loop(uint32_t gx, uint32_t gy, bool parallel, uint32_t riscs, double *mips)
{
	struct tt_device_config cfg = { .grid_x = gx, .grid_y = gy, .parallel = parallel };
	struct tt_device *dev;
	uint32_t long_iters = parallel ? LONG_ITERS_PAR : LONG_ITERS;
	uint64_t i0, i1;
	double t0, t1;

	if (tt_device_open(&cfg, &dev)) {
		fprintf(stderr, "bench/mips: open %ux%u failed\n", gx, gy);
		exit(1);
	}
	tensix_run(dev, 1, riscs, SHORT_ITERS, NULL, NULL); /* warm the caches */
	t0 = tensix_run(dev, 1, riscs, SHORT_ITERS, &i0, NULL);
	t1 = tensix_run(dev, 1, riscs, long_iters, &i1, NULL);
	tt_device_close(dev);
	if (mips) {
		/* icount is exact in deterministic mode; count otherwise. */
		double insns = parallel || i1 <= i0
				       ? (double)(long_iters - SHORT_ITERS) * INSNS_PER_ITER
				       : (double)(i1 - i0) / riscs;

		*mips = insns / (t1 - t0) / 1e6;
	}
	return t1 - t0;
}

/* CPU seconds of the stock virt board running @elf (with icount if asked). */
static double virt_run(const char *elf, bool icount)
{
	pid_t pid = fork();
	struct rusage ru;
	int st;

	if (pid == 0) {
		const char *argv[16] = { STOCK_QEMU, "-M",	 "virt",     "-bios", "none",
					 "-kernel",  elf,	 "-display", "none",  "-serial",
					 "none",     "-monitor", "none" };
		int n = 13;

		if (icount) {
			argv[n++] = "-icount";
			argv[n++] = "shift=0,sleep=off";
		}
		argv[n] = NULL;
		execvp(STOCK_QEMU, (char **)argv);
		_exit(127);
	}
	wait4(pid, &st, 0, &ru);
	if (!WIFEXITED(st) || WEXITSTATUS(st)) {
		fprintf(stderr, "bench/mips: %s exited with %d\n", STOCK_QEMU,
			WIFEXITED(st) ? WEXITSTATUS(st) : -1);
		exit(1);
	}
	return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec +
	       ru.ru_stime.tv_usec / 1e6;
}

static int build_virt(const char *dir, uint32_t iters, char *elf, size_t len)
{
	char cmd[1024];

	snprintf(elf, len, "%s/loop-%u.elf", dir, iters);
	snprintf(cmd, sizeof(cmd),
		 "riscv64-unknown-elf-gcc -march=rv32im -mabi=ilp32 -nostdlib "
		 "-Wl,-Ttext=0x80000000 -DITERS=%u %s/bench/mips/virt/loop.S -o %s",
		 iters, TT_SRC_DIR, elf);
	return system(cmd);
}

/* Stock virt MIPS, or 0 when Debian's qemu-system-riscv32 is missing. */
static double virt_mips(bool icount)
{
	char dir[] = "/tmp/tt-bench-mips-XXXXXX", e0[256], e1[256], cmd[300];
	uint32_t long_iters = icount ? LONG_ITERS : LONG_ITERS_PAR;
	double t0, t1;

	if (system("command -v " STOCK_QEMU " > /dev/null 2>&1"))
		return 0;
	if (!mkdtemp(dir) || build_virt(dir, SHORT_ITERS, e0, sizeof(e0)) ||
	    build_virt(dir, long_iters, e1, sizeof(e1))) {
		fprintf(stderr, "bench/mips: building the virt loop failed\n");
		exit(1);
	}
	virt_run(e0, icount);
	t0 = virt_run(e0, icount);
	t1 = virt_run(e1, icount);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		fprintf(stderr, "bench/mips: could not remove %s\n", dir);
	return (double)(long_iters - SHORT_ITERS) * INSNS_PER_ITER / (t1 - t0) / 1e6;
}

static void ratio_row(const char *what, double ours, double stock)
{
	if (stock > 0)
		printf("  %-36s %8.1f MIPS vs %7.1f   %5.2fx   target >= 0.9x\n", what, ours, stock,
		       ours / stock);
	else
		printf("  %-36s %8.1f MIPS (stock %s not installed: apt-get install "
		       "qemu-system-misc)\n",
		       what, ours, STOCK_QEMU);
}

int main(void)
{
	double ours_det, ours_par, one, many;

	printf("tensix-emu guest speed benchmark\n");
	tensix_loop(1, 1, false, 1, &ours_det);
	ratio_row("1 hart, deterministic (icount)", ours_det, virt_mips(true));
	tensix_loop(1, 1, true, 1, &ours_par);
	ratio_row("1 hart, parallel (MTTCG)", ours_par, virt_mips(false));

	one = tensix_loop(1, 1, false, 2, NULL);
	many = tensix_loop(8, 8, false, 2, NULL);
	printf("  %-36s %8.3f s vs %.3f s CPU on 1x1   %5.2fx   target >= 0.8x\n",
	       "2 busy harts on 8x8, deterministic", many, one, one / many);
	one = tensix_loop(1, 1, true, 2, NULL);
	many = tensix_loop(8, 8, true, 2, NULL);
	printf("  %-36s %8.3f s vs %.3f s CPU on 1x1   %5.2fx   target >= 0.8x\n",
	       "2 busy harts on 8x8, parallel", many, one, one / many);
	printf("  %-36s %8.2fx MIPS of 1 busy core, wall time  target >= 1.6x (%ld host CPUs)\n",
	       "2 busy cores, parallel", parallel_scaling(), sysconf(_SC_NPROCESSORS_ONLN));
	return 0;
}
