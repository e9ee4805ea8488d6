// SPDX-License-Identifier: Apache-2.0
/*
 * Open/run/close soak: many cycles of opening a device, running a
 * program on it and closing it leave the process's file descriptors, its
 * resident memory and /dev/shm where they were.  `make test` runs 20
 * cycles; TT_TEST_SOAK=1000 runs the full soak.  A host killed while it
 * opens a device leaves no directory in /dev/shm behind for long: the
 * next open removes it.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "e2e.h"

#define SCRATCH 0x100000u /* free L1 */

/*
 * ASan keeps freed memory in quarantine (256 MiB by default), which
 * would show as growth here; a small one keeps RSS meaningful.
 */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "quarantine_size_mb=1";
}

static int count_entries(const char *dir, const char *prefix)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	cr_assert(d, "cannot list %s", dir);
	while ((e = readdir(d)))
		if (e->d_name[0] != '.' && !strncmp(e->d_name, prefix, strlen(prefix)))
			n++;
	closedir(d);
	return n;
}

/* Directories of @pid's devices in /dev/shm. */
static int shm_dirs_of(pid_t pid)
{
	char prefix[64];

	snprintf(prefix, sizeof(prefix), "tensix-emu-%ld-", (long)pid);
	return count_entries("/dev/shm", prefix);
}

static long rss_kib(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	long kib = -1;

	cr_assert(f);
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "VmRSS: %ld kB", &kib) == 1)
			break;
	fclose(f);
	return kib;
}

/* One cycle: open a 1x1 device, run args_to_l1.c with @tag, check, close. */
static void cycle(uint32_t tag)
{
	struct tt_device *dev = e2e_open(1, 1);
	uint32_t v[4] = { SCRATCH, 4, 0, tag }, seen[4] = { 0 };
	struct tt_run_report rep;
	struct tt_program *prog;
	tt_kernel_handle k;

	prog = e2e_program(KERNEL("args_to_l1.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, &k);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), v, 4), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_device_l1_read(dev, tt_core(0, 0), SCRATCH, seen, sizeof(seen)), TT_OK);
	cr_assert_eq(seen[3], tag);
	tt_program_destroy(prog);
	cr_assert_eq(tt_device_close(dev), TT_OK);
}

Test(soak, open_run_close_stays_flat, .timeout = 3600)
{
	const char *env = getenv("TT_TEST_SOAK");
	int cycles = env && atoi(env) > 0 ? atoi(env) : 20;
	int fds, fds_end, shm_end;
	long rss, rss_end;

	/* Warm up: the kernel cache, the C library's and ASan's pools. */
	for (int i = 0; i < 5; i++)
		cycle(0x50a0 + (uint32_t)i);
	fds = count_entries("/proc/self/fd", "");
	rss = rss_kib();
	for (int i = 0; i < cycles; i++)
		cycle(0x50ac + (uint32_t)i);
	fds_end = count_entries("/proc/self/fd", "");
	rss_end = rss_kib();
	shm_end = shm_dirs_of(getpid());
	fprintf(stderr,
		"soak: %d open/run/close cycles: fds %d -> %d, RSS %ld -> %ld KiB, "
		"device directories left in /dev/shm: %d\n",
		cycles, fds, fds_end, rss, rss_end, shm_end);
	cr_expect_eq(fds_end, fds, "file descriptors after %d cycles", cycles);
	cr_expect_eq(shm_end, 0, "directories left in /dev/shm");
	/* Flat: less than 4 KiB a cycle, and under 4 MiB in all (ASan's quarantine). */
	cr_expect_lt(rss_end - rss, 4096, "RSS grew %ld KiB in %d cycles", rss_end - rss, cycles);
}

/*
 * A host killed inside tt_device_open, after the directory exists and
 * before QEMU said hello (a QEMU that never answers holds it there):
 * the directory stays, and the next tt_device_open of any host removes it.
 */
Test(soak, killed_during_open_leaves_no_shm_dir, .timeout = 120)
{
	char fake[] = "/tmp/tt-fake-qemu-XXXXXX";
	struct tt_device *dev;
	int fd = mkstemp(fake), status;
	pid_t child;

	cr_assert_geq(fd, 0);
	cr_assert(write(fd, "#!/bin/sh\nexec sleep 600\n", 25) == 25);
	close(fd);
	chmod(fake, 0700);
	child = fork();
	cr_assert_geq(child, 0);
	if (child == 0) {
		struct tt_device_config cfg = { .grid_x = 1, .grid_y = 1 };

		setpgid(0, 0);
		setenv("QEMU", fake, 1);
		tt_device_open(&cfg, &dev);
		_exit(0);
	}
	setpgid(child, child);
	/* Wait until the child has made its directory (no time limit but the test's). */
	while (shm_dirs_of(child) == 0)
		usleep(10000);
	kill(-child, SIGKILL);
	waitpid(child, &status, 0);
	unlink(fake);

	/* (A test running alongside may have removed it already: fine too.) */
	dev = e2e_open(1, 1);
	cr_expect_eq(shm_dirs_of(child), 0, "the next open did not remove it");
	tt_device_close(dev);
}
