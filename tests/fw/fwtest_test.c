// SPDX-License-Identifier: Apache-2.0
/*
 * On-target tests (docs/firmware-tests.md): the firmware's own self-tests
 * on every RISC of several cores, and the harness checked against programs
 * whose outcomes are known (the programs in tests/fw): failures with their line and
 * message, skips, a trap, a hang, a build error, bad configurations, and
 * the tt-fwtest tool's TAP output and exit status.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <tt/tt.h>

#include "tt_riscv.h"

#define FW_TESTS TT_SRC_DIR "/tests/fw"

static struct tt_device *dev;

static void open_2x2(void)
{
	struct tt_device_config cfg = { .grid_x = 2, .grid_y = 2 };

	cr_assert_eq(tt_device_open(&cfg, &dev), TT_OK);
}

static void close_dev(void)
{
	tt_device_close(dev);
	dev = NULL;
}

/* Line of the first line of @path containing @needle (1-based), or 0. */
static uint32_t line_of(const char *path, const char *needle)
{
	FILE *f = fopen(path, "r");
	char buf[512];
	uint32_t n = 0;

	cr_assert_not_null(f, "%s", path);
	while (fgets(buf, sizeof(buf), f)) {
		n++;
		if (strstr(buf, needle)) {
			fclose(f);
			return n;
		}
	}
	fclose(f);
	return 0;
}

static const struct tt_fwtest_outcome *find(const struct tt_fwtest_result *res, unsigned int risc,
					    const char *name)
{
	for (uint32_t i = 0; i < res->num; i++)
		if (res->outcomes[i].risc == risc && !strcmp(res->outcomes[i].name, name))
			return &res->outcomes[i];
	cr_assert_fail("no outcome %s on %s", name, tt_risc_name(risc));
	return NULL;
}

TestSuite(fwtest, .init = open_2x2, .fini = close_dev, .timeout = 120);

Test(fwtest, firmware_selftest_every_risc_of_every_core)
{
	struct tt_fwtest_config cfg = {
		.path = FW_TESTS "/firmware_selftest.c",
		.cores = tt_core_range_set(tt_core_range(0, 0, 1, 1)),
		.riscs = TT_FWTEST_ALL,
	};
	struct tt_fwtest_result *res;
	int rc = tt_fwtest_run(dev, &cfg, &res);

	cr_assert_not_null(res);
	if (rc != TT_OK) {
		tt_fwtest_print_tap(stderr, res);
		cr_assert_fail("firmware self-tests: %s", tt_strerror(rc));
	}
	/* 9 cases x 5 RISCs x 4 cores, all passed, each with checks. */
	cr_assert_eq(res->num, 9 * 5 * 4);
	cr_assert_eq(res->passed, res->num);
	for (uint32_t i = 0; i < res->num; i++)
		cr_assert_gt(res->outcomes[i].checks, 0, "%s ran no check", res->outcomes[i].name);
	cr_assert_eq(find(res, TT_RISC_TRISC2, "bank_tables")->status, TT_FWTEST_STATUS_PASS);
	tt_fwtest_result_free(res);
}

Test(fwtest, failures_report_line_message_and_counts)
{
	const char *path = FW_TESTS "/harness_check.c";
	struct tt_fwtest_config cfg = {
		.path = path,
		.cores = tt_core_set(tt_core(1, 0)),
		.riscs = TT_FWTEST_BRISC | TT_FWTEST_NCRISC,
	};
	struct tt_fwtest_result *res;
	const struct tt_fwtest_outcome *o;

	cr_assert_eq(tt_fwtest_run(dev, &cfg, &res), TT_ETESTFAIL);
	cr_assert_eq(res->num, 12);
	cr_assert_eq(res->passed, 3); /* passes x2, BRISC's skipped_off_brisc */
	cr_assert_eq(res->failed, 8);
	cr_assert_eq(res->skipped, 1);
	cr_assert_eq(res->crashed + res->not_run, 0);

	o = find(res, TT_RISC_BRISC, "passes");
	cr_assert_eq(o->status, TT_FWTEST_STATUS_PASS);
	cr_assert_eq(o->checks, 5);
	cr_assert_eq(o->core.x, 1);
	cr_assert_eq(o->core.y, 0);

	o = find(res, TT_RISC_NCRISC, "expect_keeps_going");
	cr_assert_eq(o->status, TT_FWTEST_STATUS_FAIL);
	cr_assert_eq(o->checks, 3);
	cr_assert_eq(o->failures, 2);
	cr_assert_eq(o->line, line_of(path, "EXPECT_EQ(three, 4)"));
	cr_assert_str_eq(o->msg, "three == 4: 3 vs 4");

	o = find(res, TT_RISC_BRISC, "assert_stops");
	cr_assert_eq(o->checks, 1, "ASSERT must leave the case");
	cr_assert_eq(o->line, line_of(path, "ASSERT_EQ(big, 0u)"));
	cr_assert_str_eq(o->msg, "big == 0u: 3735928559 (0xdeadbeef) vs 0");

	o = find(res, TT_RISC_BRISC, "memory_difference");
	cr_assert_str_eq(o->msg, "EXPECT_MEM_EQ(a, b): byte 5 is 0x6 vs 0x66");

	o = find(res, TT_RISC_NCRISC, "skipped_off_brisc");
	cr_assert_eq(o->status, TT_FWTEST_STATUS_SKIP);
	cr_assert_str_eq(o->msg, "BRISC only");
	cr_assert_eq(find(res, TT_RISC_BRISC, "skipped_off_brisc")->status, TT_FWTEST_STATUS_PASS);

	o = find(res, TT_RISC_NCRISC, "negative_values");
	cr_assert_str_eq(o->msg, "minus_two == 7: -2 vs 7");
	tt_fwtest_result_free(res);
}

Test(fwtest, trap_crashes_its_case_and_names_the_line)
{
	const char *path = FW_TESTS "/crash_check.c";
	struct tt_fwtest_config cfg = { .path = path, .cores = tt_core_set(tt_core(0, 1)) };
	struct tt_fwtest_result *res;
	char where[64];

	cr_assert_eq(tt_fwtest_run(dev, &cfg, &res), TT_ETESTFAIL);
	cr_assert_eq(res->num, 3);
	cr_assert_eq(find(res, TT_RISC_BRISC, "before")->status, TT_FWTEST_STATUS_PASS);
	cr_assert_eq(find(res, TT_RISC_BRISC, "traps")->status, TT_FWTEST_STATUS_CRASH);
	cr_assert_eq(find(res, TT_RISC_BRISC, "after")->status, TT_FWTEST_STATUS_NOT_RUN);
	cr_assert_eq(res->run.status, TT_ETRAP);
	/* The trap names the case's function (the line is the compiler's). */
	snprintf(where, sizeof(where), "crash_check.c:");
	cr_assert(strstr(res->run_errors, where), "%s not in:\n%s", where, res->run_errors);
	cr_assert(strstr(res->run_errors, "(tt_fwtest_fn_traps)"), "%s", res->run_errors);
	tt_fwtest_result_free(res);

	/* The core is usable again: the self-tests pass on it. */
	cfg.path = FW_TESTS "/firmware_selftest.c";
	cr_assert_eq(tt_fwtest_run(dev, &cfg, &res), TT_OK);
	tt_fwtest_result_free(res);
}

Test(fwtest, hang_names_the_semaphore)
{
	struct tt_fwtest_config cfg = { .path = FW_TESTS "/hang_check.c",
					.cores = tt_core_set(tt_core(1, 1)),
					.riscs = TT_FWTEST_NCRISC,
					.timeout_ms = 1500 };
	struct tt_fwtest_result *res;

	cr_assert_eq(tt_fwtest_run(dev, &cfg, &res), TT_ETESTFAIL);
	cr_assert_eq(res->num, 1);
	cr_assert_eq(res->outcomes[0].status, TT_FWTEST_STATUS_CRASH);
	cr_assert_eq(res->run.status, TT_EDEADLK);
	cr_assert(strstr(res->run_errors, "NCRISC"), "%s", res->run_errors);
	cr_assert(strstr(res->run_errors, "semaphore"), "%s", res->run_errors);
	tt_fwtest_result_free(res);
}

Test(fwtest, build_error_and_bad_configs)
{
	char dir[] = "/tmp/tt-fwtest-XXXXXX", path[64];
	struct tt_fwtest_config cfg = { .cores = tt_core_set(tt_core(0, 0)) };
	struct tt_fwtest_result *res;
	FILE *f;

	cr_assert_not_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/broken.c", dir);
	f = fopen(path, "w");
	fputs("#include \"tt_fwtest.h\"\nTT_TEST(x) { EXPECT_EQ(1, ); }\n", f);
	fclose(f);
	cfg.path = path;
	cr_assert_eq(tt_fwtest_run(dev, &cfg, &res), TT_EBUILD);
	cr_assert(strstr(tt_last_error(), "broken.c:2"), "%s", tt_last_error());
	tt_fwtest_result_free(res);
	unlink(path);
	rmdir(dir);

	cfg.path = FW_TESTS "/harness_check.c";
	cfg.cores = tt_core_set(tt_core(2, 0)); /* outside 2x2 */
	cr_assert_eq(tt_fwtest_run(dev, &cfg, &res), TT_ERANGE);
	cr_assert_null(res);
	cr_expect(strstr(tt_last_error(), "tt_fwtest_run: core range 0 (2,0)-(2,0) is "
					  "outside the 2x2 grid"),
		  "%s", tt_last_error());
	cfg.cores = tt_core_set(tt_core(0, 0));
	cfg.riscs = 1u << 5;
	cr_assert_eq(tt_fwtest_run(dev, &cfg, &res), TT_EINVAL);
	cr_assert_null(res);
	cr_expect(strstr(tt_last_error(), "riscs 0x20 has bits outside TT_FWTEST_ALL"), "%s",
		  tt_last_error());
	cfg.riscs = 0;
	cfg.num_defines = 40;
	cr_assert_eq(tt_fwtest_run(dev, &cfg, &res), TT_EINVAL);
	cr_expect(strstr(tt_last_error(), "40 defines, at most 31"), "%s", tt_last_error());
	cfg.num_defines = 0;
	cfg.path = NULL;
	cr_assert_eq(tt_fwtest_run(dev, &cfg, &res), TT_EINVAL);
	cr_expect(strstr(tt_last_error(), "the test program path is NULL"), "%s", tt_last_error());
	cr_assert_eq(tt_fwtest_run(dev, NULL, &res), TT_EINVAL);
	cr_expect(strstr(tt_last_error(), "tt_fwtest_run: the config is NULL"), "%s",
		  tt_last_error());
	cr_assert_eq(tt_fwtest_run(dev, &cfg, NULL), TT_EINVAL);
	cr_expect(strstr(tt_last_error(), "the result pointer is NULL"), "%s", tt_last_error());
	cr_assert_eq(tt_fwtest_run(NULL, &cfg, &res), TT_EINVAL);
	cr_assert_null(res);
	cr_expect(strstr(tt_last_error(), "the device is NULL"), "%s", tt_last_error());
}

/* The CLI: exit status and TAP lines. */
static int run_tool(const char *args, char *out, size_t cap)
{
	char cmd[1024];
	size_t n;
	FILE *p;
	int st;

	snprintf(cmd, sizeof(cmd), "%s/tools/tt-fwtest %s 2>&1", TT_BUILD_DIR, args);
	p = popen(cmd, "r");
	cr_assert_not_null(p);
	n = fread(out, 1, cap - 1, p);
	out[n] = 0;
	st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

Test(fwtest_tool, tap_and_exit_status, .timeout = 120)
{
	static char out[1 << 16];

	cr_assert_eq(run_tool("-g 1x2 -c 0,0-0,1 -r trisc " FW_TESTS "/firmware_selftest.c", out,
			      sizeof(out)),
		     0, "%s", out);
	cr_assert(strstr(out, "1..54\n"), "%s", out);
	cr_assert(strstr(out, "ok 54 core (0,1) TRISC2 local_memory_private\n"), "%s", out);
	cr_assert(strstr(out, "# Totals: pass:54 fail:0"), "%s", out);

	cr_assert_eq(run_tool("-g 1x1 " FW_TESTS "/harness_check.c", out, sizeof(out)), 1, "%s",
		     out);
	cr_assert(strstr(out, "not ok 2 core (0,0) BRISC expect_keeps_going\n"
			      "# " FW_TESTS "/harness_check.c:"),
		  "%s", out);
	cr_assert(strstr(out, "# Totals: pass:2 fail:4 xfail:0 xpass:0 skip:0"), "%s", out);

	cr_assert_eq(run_tool("-c 0,0 -r nope x.c", out, sizeof(out)), 2);
	cr_assert(strstr(out, "bad RISC list"), "%s", out);
}
