// SPDX-License-Identifier: Apache-2.0
/*
 * Memory reports on every program launch: with TT_EMU_MEMORY_REPORT set,
 * each launch appends a snapshot of the allocator to the three
 * program_*.csv files, numbered from 0; a directory that cannot be
 * written makes the launch fail with a message saying so.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <tt/memory_report.h>

#include "e2e.h"

static char tmp[256];

static void make_tmp(void)
{
	const char *base = getenv("TMPDIR");

	snprintf(tmp, sizeof(tmp), "%s/tt_launch_report_XXXXXX", base ? base : "/tmp");
	cr_assert_not_null(mkdtemp(tmp));
}

static void remove_tmp(void)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmp);
	cr_assert_eq(system(cmd), 0);
}

static char *slurp(const char *name)
{
	char path[400];
	char *text;
	long len;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", tmp, name);
	f = fopen(path, "r");
	cr_assert_not_null(f, "%s", path);
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	text = calloc(1, (size_t)len + 1);
	cr_assert_eq(fread(text, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	return text;
}

static struct tt_buffer *buffer(struct tt_device *dev, enum tt_buffer_type type, uint64_t size)
{
	struct tt_buffer_config cfg = { .size = size, .page_size = 2048, .type = type };
	struct tt_buffer *buf;

	cr_assert_eq(tt_buffer_create(dev, &cfg, &buf), TT_OK);
	return buf;
}

Test(memory_report, every_launch_appends_a_snapshot, .timeout = 120)
{
	struct tt_device *dev;
	struct tt_program *prog;
	struct tt_run_report rep;
	struct tt_buffer *d, *l;
	tt_kernel_handle k;
	char *summary, *l1, *detailed, *row;
	unsigned long long l1_free0, l1_free1, total;
	char line[64];

	make_tmp();
	cr_assert_eq(setenv(TT_MEMORY_REPORT_ENV, tmp, 1), 0);
	dev = e2e_open(2, 1);
	d = buffer(dev, TT_BUFFER_DRAM, 8 * 2048);
	prog = e2e_program(KERNEL("empty.c"), tt_core_range(0, 0, 1, 0), TT_DM_RISCV_0, &k);
	e2e_run_ok(dev, prog, &rep);
	l = buffer(dev, TT_BUFFER_L1, 2 * 2048); /* one page in each L1 bank */
	e2e_run_ok(dev, prog, &rep);
	cr_expect_str_eq(tt_memory_report_launch_dir(), tmp);

	summary = slurp("program_memory_usage_summary.csv");
	l1 = slurp("program_l1_usage_summary.csv");
	detailed = slurp("program_detailed_memory_usage.csv");
	/* Header, then a DRAM and an L1 row per launch; ids 0 and 1. */
	cr_expect_eq(strncmp(summary, "Program ID, Total Allocatable Size (B)", 38), 0);
	row = strchr(summary, '\n') + 1;
	cr_expect_eq(strncmp(row, "0,", 2), 0, "%s", summary);
	row = strchr(strchr(row, '\n') + 1, '\n') + 1;
	cr_expect_eq(strncmp(row, "1,", 2), 0, "%s", summary);
	/* The L1 buffer made between the launches shows in the second. */
	row = strstr(l1, "\n0,");
	cr_assert_not_null(row, "%s", l1);
	cr_assert_eq(sscanf(row, "\n0,%llu,%llu", &l1_free0, &total), 2);
	row = strstr(l1, "\n1,");
	cr_assert_not_null(row, "%s", l1);
	cr_assert_eq(sscanf(row, "\n1,%llu,%llu", &l1_free1, &total), 2);
	cr_expect_eq(l1_free0 - l1_free1, 2048, "%s", l1);
	cr_expect_eq(total, 2 * l1_free1);
	cr_expect(strstr(detailed, "0,DRAM\n"));
	cr_expect(strstr(detailed, "1,DRAM\n"));
	/* The DRAM buffer's block: one page in each of the 12 banks. */
	snprintf(line, sizeof(line), ",,,%u,2048,Y\n", tt_buffer_address(d));
	cr_expect(strstr(detailed, line), "%s", detailed);
	free(summary);
	free(l1);
	free(detailed);

	tt_buffer_free(l);
	tt_buffer_free(d);
	tt_program_destroy(prog);
	tt_device_close(dev);
	remove_tmp();
}

Test(memory_report, unwritable_directory_fails_the_launch, .timeout = 120)
{
	struct tt_device *dev;
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle k;
	int rc;

	cr_assert_eq(setenv(TT_MEMORY_REPORT_ENV, "/proc/no/such/dir", 1), 0);
	dev = e2e_open(1, 1);
	prog = e2e_program(KERNEL("empty.c"), tt_core_range(0, 0, 0, 0), TT_DM_RISCV_0, &k);
	rc = tt_program_run(dev, prog, 30000, &rep);
	cr_expect_eq(rc, TT_EIO);
	cr_expect(strstr(tt_last_error(), "memory report: cannot create the program_*.csv files"),
		  "%s", tt_last_error());
	/* Reports are off after that: the next launch runs. */
	e2e_run_ok(dev, prog, &rep);
	tt_program_destroy(prog);
	tt_device_close(dev);
}
