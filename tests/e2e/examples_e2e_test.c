// SPDX-License-Identifier: Apache-2.0
/*
 * Every example under examples/ is a self-checking program: run each one
 * (built into $(O)/examples by make) and require a zero exit status.
 * matmul_multi_core, the demo, has tests of its own: a small shape, odd
 * grids, the full 640x640x640 run and its argument checks.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#define MM_MULTI TT_BUILD_DIR "/examples/matmul_multi_core"

/* Run @cmd, keep its output (stdout and stderr) in @out; the exit status. */
static int run_capture(const char *cmd, char *out, size_t len)
{
	char full[1200];
	size_t n = 0;
	FILE *p;
	int status;

	snprintf(full, sizeof(full), "%s 2>&1", cmd);
	p = popen(full, "r");
	cr_assert_not_null(p, "cannot run %s", cmd);
	while (n + 1 < len && !feof(p)) {
		size_t got = fread(out + n, 1, len - 1 - n, p);

		if (!got)
			break;
		n += got;
	}
	out[n] = 0;
	status = pclose(p);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* matmul_multi_core with @args must pass and print @expect (each line). */
static void mm_multi_passes(const char *args, const char *const *expect, int nexpect)
{
	char cmd[1024], out[8192];
	int status;

	snprintf(cmd, sizeof(cmd), "%s %s", MM_MULTI, args);
	status = run_capture(cmd, out, sizeof(out));
	cr_assert_eq(status, 0, "matmul_multi_core %s exited with %d:\n%s", args, status, out);
	cr_expect_not_null(strstr(out, "): pass"), "no passing PCC line:\n%s", out);
	for (int i = 0; i < nexpect; i++)
		cr_expect_not_null(strstr(out, expect[i]), "'%s' missing from:\n%s", expect[i],
				   out);
}

Test(examples, all_run_and_check_themselves, .timeout = 300)
{
	DIR *d = opendir(TT_BUILD_DIR "/examples");
	struct dirent *e;
	int ran = 0;

	cr_assert_not_null(d, "no examples built in " TT_BUILD_DIR "/examples");
	while ((e = readdir(d))) {
		char path[1024], cmd[1200];
		struct stat st;
		int status;

		snprintf(path, sizeof(path), "%s/examples/%s", TT_BUILD_DIR, e->d_name);
		if (e->d_name[0] == '.' || strchr(e->d_name, '.') || stat(path, &st) ||
		    !(st.st_mode & S_IXUSR) || !S_ISREG(st.st_mode) ||
		    !strcmp(e->d_name, "matmul_multi_core"))
			continue;
		snprintf(cmd, sizeof(cmd), "%s > /dev/null 2>&1", path);
		status = system(cmd);
		cr_expect_eq(status, 0, "example %s failed (status %d); run it to see why",
			     e->d_name, status);
		ran++;
	}
	closedir(d);
	cr_expect_geq(ran, 2, "only %d examples ran", ran);
}

/* 4 x 4 x 4 tiles on 2 x 2 cores: one sender of each kind, one receiver. */
Test(examples, matmul_multi_core_small, .timeout = 120)
{
	static const char *const expect[] = {
		"128x128x128 bf16",
		"2 x 2 cores (device 2 x 2); per-core block 2 x 2 tiles, in0_block_w 2 "
		"(2 K blocks), out sub-block 2 x 2",
		"32 tiles read from DRAM (in0 16, in1 16), 16 written",
		"32 tiles sent, 32 delivered",
	};

	mm_multi_passes("4 4 4 2 2", expect, 4);
}

/*
 * Uneven shapes: a 3 x 2 grid on a 4 x 2 device with a single K block,
 * a single row of cores (no in1 receivers), a single core (no multicast).
 */
Test(examples, matmul_multi_core_odd_grids, .timeout = 120)
{
	static const char *const e1[] = { "3 x 2 cores (device 4 x 2)", "(1 K blocks)",
					  "72 delivered (in0 48 along rows, in1 24" };
	static const char *const e2[] = { "8 x 1 cores (device 8 x 1)",
					  "in0 28 along rows, in1 0 down" };
	static const char *const e3[] = { "1 x 1 cores", "(5 K blocks)", "0 delivered" };

	mm_multi_passes("6 4 6 3 2 4", e1, 3);
	mm_multi_passes("2 2 8 8 1 1", e2, 2);
	mm_multi_passes("3 5 7 1 1", e3, 3);
}

/* The demo: 640 x 640 x 640 on 4 x 4 cores, as `make demo` runs it. */
Test(examples, matmul_multi_core_640, .timeout = 300)
{
	static const char *const expect[] = {
		"640x640x640 bf16 (20 x 20 x 20 tiles)",
		"4 x 4 cores (device 4 x 4); per-core block 5 x 5 tiles, in0_block_w 2 "
		"(10 K blocks), out sub-block 5 x 1",
		"800 tiles read from DRAM (in0 400, in1 400), 400 written",
		"800 tiles sent, 2400 delivered",
		"the same matmul as a plain C fp32 loop on the host",
	};

	mm_multi_passes("", expect, 5);
}

/* Bad arguments are refused before any device is opened, with the reason. */
Test(examples, matmul_multi_core_bad_args, .timeout = 60)
{
	static const struct {
		const char *args, *why;
	} bad[] = {
		{ "4 4", "wrong number of arguments" },
		{ "4 0 4", "argument 2 ('0') is not a whole number" },
		{ "4 4 4 3 2", "cores_x = 3 does not divide Nt = 4" },
		{ "4 4 4 2 3", "cores_y = 3 does not divide Mt = 4" },
		{ "16 4 16 16 1", "does not fit the 8x8 worker grid" },
		{ "4 4 4 2 2 3", "in0_block_w = 3 does not divide Kt = 4" },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char cmd[1024], out[4096];
		int status;

		snprintf(cmd, sizeof(cmd), "%s %s", MM_MULTI, bad[i].args);
		status = run_capture(cmd, out, sizeof(out));
		cr_expect_eq(status, 2, "'%s' exited with %d, not 2:\n%s", bad[i].args, status,
			     out);
		cr_expect_not_null(strstr(out, bad[i].why), "'%s': no '%s' in:\n%s", bad[i].args,
				   bad[i].why, out);
		cr_expect_not_null(strstr(out, "usage:"), "'%s': no usage in:\n%s", bad[i].args,
				   out);
	}
}
