// SPDX-License-Identifier: Apache-2.0
/*
 * Tests of the memory reports (tt/memory_report.h): the three CSV files of a
 * memory-state dump and of per-program reports, compared to the expected
 * text in full, and the SVG picture.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include <tt/bank.h>
#include <tt/error.h>
#include <tt/memory_report.h>

#define KiB 1024ull

static struct tt_banks b;
static char tmp[256];
static char dir[320];

/* The small chip of bank_test.c: 2 DRAM banks, a 2x2 grid. */
static void setup(void)
{
	struct tt_bank_config c;
	const char *base = getenv("TMPDIR");

	memset(&c, 0, sizeof(c));
	c.dram_banks = 2;
	c.dram_bank_size = 1024 * KiB;
	c.dram_unreserved_base = 32;
	c.dram_alignment = 32;
	c.trace_region_size = 64 * KiB;
	c.grid_x = 2;
	c.grid_y = 2;
	c.l1_size = 64 * KiB;
	c.l1_unreserved_base = 8 * KiB;
	c.l1_small_size = 4 * KiB;
	c.l1_alignment = 16;
	c.alloc_alignment = 32;
	cr_assert_eq(tt_bank_init(&b, &c), TT_OK, "%s", tt_last_error());
	snprintf(tmp, sizeof(tmp), "%s/tt_memory_report_test_XXXXXX", base ? base : "/tmp");
	cr_assert_not_null(mkdtemp(tmp));
	snprintf(dir, sizeof(dir), "%s/generated/reports", tmp);
}

static void teardown(void)
{
	char cmd[300];

	tt_bank_destroy(&b);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmp);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(report, .init = setup, .fini = teardown);

static void alloc_ok(enum tt_bank_type type, uint64_t size, uint64_t page)
{
	uint64_t addr;

	cr_assert_eq(
		tt_bank_alloc(&b, type, size, page, TT_BANK_INTERLEAVED, TT_BANK_DEFAULT, &addr),
		TT_OK, "%s", tt_last_error());
}

static char *slurp(const char *name)
{
	char path[400];
	char *text;
	long len;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
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

static void expect_file(const char *name, const char *expected)
{
	char *text = slurp(name);

	cr_expect_str_eq(text, expected, "%s", name);
	free(text);
}

Test(report, dump_memory_state)
{
	alloc_ok(TT_BANK_DRAM, 4 * 2048, 2048);
	alloc_ok(TT_BANK_L1, 4 * 4096, 1024);
	cr_assert_eq(tt_memory_report_dump_memory_state(&b, dir, "", 0), TT_OK);

	expect_file("memory_usage_summary.csv", ", Total Allocatable Size (B), Total Allocated "
						"(B), Total Free (KB), Largest Free Block (KB)\n"
						",983008,4096,978912,978912\n"
						",53248,4096,49152,49152\n");
	expect_file("l1_usage_summary.csv",
		    "This report indicates available space for interleaving L1 buffers\n"
		    ", Largest Contiguous Free Block (B), Total Free L1 Space (B)\n"
		    ",49152,196608\n");
	expect_file("detailed_memory_usage.csv", ",DRAM\n"
						 ",Total allocatable (B):,1966016\n"
						 ",Total allocated (B):,8192\n"
						 ",Total free (B):,1957824\n"
						 ",,Blocks:,Address (B),Size (B),Allocated (Y/N)\n"
						 ",,,32,4096,Y\n"
						 ",,,4128,978912,N\n"
						 "\n"
						 ",L1\n"
						 ",Total allocatable (B):,212992\n"
						 ",Total allocated (B):,16384\n"
						 ",Total free (B):,196608\n"
						 ",,Blocks:,Address (B),Size (B),Allocated (Y/N)\n"
						 ",,,8192,49152,N\n"
						 ",,,57344,4096,Y\n"
						 "\n");
}

Test(report, dump_with_prefix_and_picture)
{
	char path[400];
	char *svg;

	cr_assert_eq(tt_memory_report_dump_memory_state(&b, dir, "before_", TT_MEMORY_REPORT_SVG),
		     TT_OK);
	snprintf(path, sizeof(path), "%s/before_memory_usage_summary.csv", dir);
	cr_expect_eq(access(path, R_OK), 0);
	svg = slurp("before_memory_map.svg");
	cr_expect_eq(strncmp(svg, "<svg ", 5), 0);
	free(svg);
}

Test(report, program_reports)
{
	struct tt_memory_report_files rf;

	cr_assert_eq(tt_memory_report_open_program(&rf, dir), TT_OK);
	alloc_ok(TT_BANK_DRAM, 4 * 2048, 2048);
	cr_assert_eq(tt_memory_report_program(&rf, &b, 1), TT_OK);
	alloc_ok(TT_BANK_L1, 4 * 4096, 1024);
	cr_assert_eq(tt_memory_report_program(&rf, &b, 2), TT_OK);
	cr_assert_eq(tt_memory_report_close(&rf), TT_OK);
	cr_expect_eq(tt_memory_report_program(&rf, &b, 3), TT_EINVAL);

	expect_file("program_memory_usage_summary.csv",
		    "Program ID, Total Allocatable Size (B), Total Allocated (B), Total Free (KB), "
		    "Largest Free Block (KB)\n"
		    "1,983008,4096,978912,978912\n"
		    ",53248,0,53248,53248\n"
		    "2,983008,4096,978912,978912\n"
		    ",53248,4096,49152,49152\n");
	expect_file("program_l1_usage_summary.csv",
		    "This report indicates available space for interleaving L1 buffers\n"
		    "Program ID, Largest Contiguous Free Block (B), Total Free L1 Space (B)\n"
		    "1,53248,212992\n"
		    "2,49152,196608\n");
}

Test(report, unwritable_directory)
{
	cr_expect_eq(tt_memory_report_dump_memory_state(&b, "/proc/no/such/dir", NULL, 0), TT_EIO);
}

static char *svg_string(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	cr_assert_not_null(f);
	cr_assert_eq(tt_memory_report_svg(f, &b), TT_OK);
	fclose(f);
	return text;
}

static int count(const char *text, const char *what)
{
	int n = 0;

	while ((text = strstr(text, what))) {
		n++;
		text += strlen(what);
	}
	return n;
}

Test(report, svg_picture)
{
	char *svg;

	alloc_ok(TT_BANK_L1, 4 * 26 * KiB, 1024); /* top half of the L1 region */
	alloc_ok(TT_BANK_TRACE, 2 * 2048, 2048);
	svg = svg_string();
	cr_expect_eq(strncmp(svg, "<svg ", 5), 0);
	cr_expect_str_eq(svg + strlen(svg) - 7, "</svg>\n");
	/* 4 worker columns, 2 DRAM columns. */
	cr_expect_eq(count(svg, "<g><title>"), 6);
	cr_expect(strstr(svg, "<title>worker core (1,1): L1 bank 3</title>"));
	cr_expect(strstr(svg, "<title>DRAM channel 1: bank 1</title>"));
	/* Reserved bottom, allocated L1, free L1, L1_SMALL region free. */
	cr_expect(strstr(svg, "fill=\"#9e9e9e\""));
	cr_expect(strstr(svg, "fill=\"#1565c0\""));
	/* A 4 KiB trace buffer is less than a 5 KiB row of DRAM: partial. */
	cr_expect(strstr(svg, "fill=\"#ffcc80\""));
	cr_expect(strstr(svg, "L1       4 banks: 26624 of 53248 B allocated per bank"));
	free(svg);
}

Test(report, svg_storage_cores)
{
	struct tt_bank_config c = *tt_bank_config(&b);
	char *svg;

	tt_bank_destroy(&b);
	c.num_storage_cores = 2;
	c.storage_cores[0] = (struct tt_bank_core){ 4, 0 };
	c.storage_cores[1] = (struct tt_bank_core){ 4, 1 };
	c.storage_bank_size = 16 * KiB;
	c.storage_unreserved_base = KiB;
	cr_assert_eq(tt_bank_init(&b, &c), TT_OK, "%s", tt_last_error());
	alloc_ok(TT_BANK_L1, 12 * 2 * KiB, 1024);
	svg = svg_string();
	cr_expect_eq(count(svg, "<g><title>"), 8);
	cr_expect(strstr(svg, "<title>storage core (4,1): L1 banks 8-11</title>"));
	free(svg);
}

/* ---- Reports on every launch ------------------------------------------ */

static bool exists(const char *name)
{
	char path[400];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return access(path, F_OK) == 0;
}

Test(report, launch_reports_appended)
{
	cr_assert_eq(tt_memory_report_launch_enable(dir), TT_OK, "%s", tt_last_error());
	cr_expect_str_eq(tt_memory_report_launch_dir(), dir);
	alloc_ok(TT_BANK_DRAM, 4 * 2048, 2048);
	cr_assert_eq(tt_memory_report_launch(&b), TT_OK);
	alloc_ok(TT_BANK_L1, 4 * 4096, 1024);
	cr_assert_eq(tt_memory_report_launch(&b), TT_OK);

	expect_file("program_memory_usage_summary.csv",
		    "Program ID, Total Allocatable Size (B), Total Allocated (B), Total Free (KB), "
		    "Largest Free Block (KB)\n"
		    "0,983008,4096,978912,978912\n"
		    ",53248,0,53248,53248\n"
		    "1,983008,4096,978912,978912\n"
		    ",53248,4096,49152,49152\n");
	expect_file("program_l1_usage_summary.csv",
		    "This report indicates available space for interleaving L1 buffers\n"
		    "Program ID, Largest Contiguous Free Block (B), Total Free L1 Space (B)\n"
		    "0,53248,212992\n"
		    "1,49152,196608\n");
	expect_file("program_detailed_memory_usage.csv",
		    "0,DRAM\n"
		    ",Total allocatable (B):,1966016\n"
		    ",Total allocated (B):,8192\n"
		    ",Total free (B):,1957824\n"
		    ",,Blocks:,Address (B),Size (B),Allocated (Y/N)\n"
		    ",,,32,4096,Y\n"
		    ",,,4128,978912,N\n"
		    "\n"
		    ",L1\n"
		    ",Total allocatable (B):,212992\n"
		    ",Total allocated (B):,0\n"
		    ",Total free (B):,212992\n"
		    ",,Blocks:,Address (B),Size (B),Allocated (Y/N)\n"
		    ",,,8192,53248,N\n"
		    "\n"
		    "1,DRAM\n"
		    ",Total allocatable (B):,1966016\n"
		    ",Total allocated (B):,8192\n"
		    ",Total free (B):,1957824\n"
		    ",,Blocks:,Address (B),Size (B),Allocated (Y/N)\n"
		    ",,,32,4096,Y\n"
		    ",,,4128,978912,N\n"
		    "\n"
		    ",L1\n"
		    ",Total allocatable (B):,212992\n"
		    ",Total allocated (B):,16384\n"
		    ",Total free (B):,196608\n"
		    ",,Blocks:,Address (B),Size (B),Allocated (Y/N)\n"
		    ",,,8192,49152,N\n"
		    ",,,57344,4096,Y\n"
		    "\n");

	/* Enabling again starts the files and the ids afresh; disabling
	 * stops the appends. */
	cr_assert_eq(tt_memory_report_launch_enable(dir), TT_OK);
	cr_assert_eq(tt_memory_report_launch(&b), TT_OK);
	tt_memory_report_launch_disable();
	cr_expect_null(tt_memory_report_launch_dir());
	cr_assert_eq(tt_memory_report_launch(&b), TT_OK);
	expect_file("program_l1_usage_summary.csv",
		    "This report indicates available space for interleaving L1 buffers\n"
		    "Program ID, Largest Contiguous Free Block (B), Total Free L1 Space (B)\n"
		    "0,49152,196608\n");
}

Test(report, launch_reports_off_by_default)
{
	unsetenv(TT_MEMORY_REPORT_ENV);
	cr_expect_null(tt_memory_report_launch_dir());
	cr_assert_eq(tt_memory_report_launch(&b), TT_OK);
	cr_expect_not(exists("program_memory_usage_summary.csv"));
}

Test(report, launch_reports_from_environment)
{
	cr_assert_eq(setenv(TT_MEMORY_REPORT_ENV, dir, 1), 0);
	alloc_ok(TT_BANK_L1, 4 * 4096, 1024);
	cr_assert_eq(tt_memory_report_launch(&b), TT_OK, "%s", tt_last_error());
	cr_expect_str_eq(tt_memory_report_launch_dir(), dir);
	expect_file("program_l1_usage_summary.csv",
		    "This report indicates available space for interleaving L1 buffers\n"
		    "Program ID, Largest Contiguous Free Block (B), Total Free L1 Space (B)\n"
		    "0,49152,196608\n");
	cr_expect(exists("program_memory_usage_summary.csv"));
	cr_expect(exists("program_detailed_memory_usage.csv"));
}

Test(report, launch_reports_disabled_ignore_environment)
{
	cr_assert_eq(setenv(TT_MEMORY_REPORT_ENV, dir, 1), 0);
	tt_memory_report_launch_disable();
	cr_assert_eq(tt_memory_report_launch(&b), TT_OK);
	cr_expect_null(tt_memory_report_launch_dir());
	cr_expect_not(exists("program_memory_usage_summary.csv"));
}

Test(report, launch_reports_unwritable_directory)
{
	cr_assert_eq(setenv(TT_MEMORY_REPORT_ENV, "/proc/no/such/dir", 1), 0);
	cr_expect_eq(tt_memory_report_launch(&b), TT_EIO);
	cr_expect(strstr(tt_last_error(), "memory report: cannot create the program_*.csv files in "
					  "\"/proc/no/such/dir\""),
		  "%s", tt_last_error());
	cr_expect_null(tt_memory_report_launch_dir());
	cr_expect_eq(tt_memory_report_launch_enable("/proc/no/such/dir"), TT_EIO);
}
