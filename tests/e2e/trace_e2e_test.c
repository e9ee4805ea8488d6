// SPDX-License-Identifier: Apache-2.0
/*
 * Timeline traces (docs/trace.md): a reader -> CB -> writer pipeline run
 * with tt_device_config.trace_path writes valid JSON with the cores and
 * RISCs named, a kernel span per RISC, the CB waits, every NoC command
 * and the CB occupancy; two runs of the same program give the same file
 * byte for byte; a C kernel's profiler zones and events land on its core
 * and RISC; a trace file that cannot be written fails the open.  With the
 * device profiler on (tt_device_config.profiler) the same markers go to
 * tt-metal's profile_log_device.csv: with their sites when tt-metal's
 * macros set them, without when the tt_ calls do, and what was not read
 * when the device closes.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "e2e.h"
#include "tt_data_format.h"

#define PAGE  2048u
#define PAGES 16u
#define CB    3u

static unsigned count(const char *hay, const char *needle)
{
	unsigned n = 0;

	for (const char *p = hay; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

/* Run the pipeline once on a fresh 1x1 device tracing into @path. */
static void run_traced(const char *path)
{
	struct tt_device_config dc = { .grid_x = 1, .grid_y = 1, .trace_path = path };
	struct tt_core core = tt_core(0, 0);
	struct tt_core_range_set set = tt_core_set(core);
	struct tt_buffer_config bc = { .size = PAGES * PAGE,
				       .page_size = PAGE,
				       .type = TT_BUFFER_DRAM };
	struct tt_cb_format f = { .index = CB, .data_format = TT_DF_FLOAT16_B, .page_size = PAGE };
	struct tt_cb_config cc = { .total_size = 2 * PAGE, .formats = &f, .num_formats = 1 };
	struct tt_dm_config rdc = { .processor = TT_DM_RISCV_1, .noc = TT_NOC_1 };
	struct tt_dm_config wrc = { .processor = TT_DM_RISCV_0, .noc = TT_NOC_0 };
	struct tt_buffer *src, *dst;
	struct tt_run_report rep;
	struct tt_program *prog;
	struct tt_device *dev;
	tt_kernel_handle rd, wr;
	tt_cb_handle h;
	static uint8_t in[PAGES * PAGE], out[PAGES * PAGE];

	cr_assert_eq(tt_device_open(&dc, &dev), TT_OK);
	cr_assert_eq(tt_buffer_create(dev, &bc, &src), TT_OK);
	cr_assert_eq(tt_buffer_create(dev, &bc, &dst), TT_OK);
	for (size_t i = 0; i < sizeof(in); i++)
		in[i] = (uint8_t)(i * 7 + 1);
	cr_assert_eq(tt_buffer_write(src, in), TT_OK);

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("cb_reader.c"), &set, &rdc, &rd), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("cb_writer.c"), &set, &wrc, &wr), TT_OK);
	cr_assert_eq(tt_cb_create(prog, &set, &cc, &h), TT_OK);
	{
		uint32_t ra[5] = { tt_buffer_address(src), PAGES, PAGE, CB, 1 };
		uint32_t wa[5] = { tt_buffer_address(dst), PAGES, PAGE, CB, 1 };

		cr_assert_eq(tt_kernel_set_runtime_args(prog, rd, core, ra, 5), TT_OK);
		cr_assert_eq(tt_kernel_set_runtime_args(prog, wr, core, wa, 5), TT_OK);
	}
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_buffer_read(dst, out), TT_OK);
	cr_assert(!memcmp(in, out, sizeof(in)), "the traced copy differs");
	tt_program_destroy(prog);
	tt_buffer_free(src);
	tt_buffer_free(dst);
	tt_device_close(dev);
}

Test(trace, pipeline_timeline, .timeout = 120)
{
	char dir[] = "/tmp/tt-trace-XXXXXX", a[64], b[64], cmd[256];
	size_t alen, blen;
	char *ta, *tb;

	cr_assert_not_null(mkdtemp(dir));
	snprintf(a, sizeof(a), "%s/a,1.json", dir); /* a comma survives -M */
	snprintf(b, sizeof(b), "%s/b.json", dir);
	run_traced(a);
	run_traced(b);
	ta = e2e_slurp(a, &alen);
	tb = e2e_slurp(b, &blen);

	/* Valid JSON, as Perfetto and chrome://tracing want it. */
	snprintf(cmd, sizeof(cmd),
		 "python3 -c 'import json,sys; json.load(open(sys.argv[1]))' '%s'", a);
	cr_assert_eq(system(cmd), 0, "trace is not valid JSON");

	cr_assert(strstr(ta, "\"args\":{\"name\":\"core (0,0)\"}"), "%.400s", ta);
	cr_assert(strstr(ta, "\"tid\":1,\"args\":{\"name\":\"NCRISC\"}"));
	/* One kernel span for each of the two RISCs that ran one. */
	cr_assert_eq(count(ta, "\"cat\":\"launch\",\"name\":\"kernel\",\"pid\":1,\"tid\":0"), 1);
	cr_assert_eq(count(ta, "\"cat\":\"launch\",\"name\":\"kernel\",\"pid\":1,\"tid\":1"), 1);
	/* Every page read (NCRISC, NoC 1) and written (BRISC, NoC 0). */
	cr_assert_eq(count(ta, "\"name\":\"read\",\"pid\":1,\"tid\":1"), PAGES, "%s", ta);
	cr_assert_eq(count(ta, "\"name\":\"write\",\"pid\":1,\"tid\":0"), PAGES);
	cr_assert(strstr(ta, "\"args\":{\"noc\":1,\"bytes\":2048"));
	/* The writer waited on the CB's front; occupancy went 0..2 and back. */
	cr_assert(strstr(ta, "\"name\":\"wait CB 3 front (1 pages)\",\"pid\":1,\"tid\":0"), "%s",
		  ta);
	cr_assert(strstr(ta, "\"name\":\"CB 3 pages\",\"pid\":1"));
	cr_assert(strstr(ta, "\"args\":{\"pages\":1}"));
	/* The launch clears both counters, then a push and a pop per page. */
	cr_assert_eq(count(ta, "\"ph\":\"C\""), 2 + 2 * PAGES, "%s", ta);

	/* Deterministic: the second device wrote the same bytes. */
	cr_assert_eq(alen, blen);
	cr_assert(!memcmp(ta, tb, alen), "two runs gave different traces");
	free(ta);
	free(tb);
	unlink(a);
	unlink(b);
	rmdir(dir);
}

/* Profiler markers of a C kernel land on its core and RISC, nested. */
Test(trace, c_kernel_profiler_zones, .timeout = 120)
{
	char path[] = "/tmp/tt-trace-zones-XXXXXX";
	struct tt_device_config dc = { .grid_x = 2, .grid_y = 1, .trace_path = path };
	struct tt_run_report rep;
	struct tt_program *prog;
	struct tt_device *dev;
	tt_kernel_handle k;
	uint32_t loops = 3;
	size_t len;
	char *t, *outer;
	int fd = mkstemp(path);

	cr_assert_geq(fd, 0);
	close(fd);
	cr_assert_eq(tt_device_open(&dc, &dev), TT_OK);
	prog = e2e_program(KERNEL("prof_zones.c"), tt_core_range(1, 0, 1, 0), TT_DM_RISCV_1, &k);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(1, 0), &loops, 1), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	tt_program_destroy(prog);
	tt_device_close(dev);
	t = e2e_slurp(path, &len);
	/* Core (1,0) is pid 2; NCRISC is tid 1. */
	cr_assert_eq(count(t, "\"cat\":\"zone\",\"name\":\"c-loop\",\"pid\":2,\"tid\":1,"), loops,
		     "%s", t);
	cr_assert_eq(count(t, "\"name\":\"c-outer\",\"pid\":2,\"tid\":1,"), 1);
	cr_assert_eq(count(t, "\"name\":\"c-manual\",\"pid\":2,\"tid\":1,"), 1);
	cr_assert(strstr(t, "\"name\":\"event 2\",\"pid\":2,\"tid\":1,"), "%s", t);
	cr_assert(strstr(t, "\"args\":{\"data\":4886718345}"), "%s", t);
	/* Inner zones are written first: the outer one, a scope, ends last. */
	outer = strstr(t, "\"name\":\"c-outer\"");
	cr_assert(outer && outer > strstr(t, "\"name\":\"c-loop\""));
	cr_assert(outer > strstr(t, "\"name\":\"c-manual\""));
	free(t);
	unlink(path);
}

/* A C kernel's markers in tt-metal's device profiler log. */
Test(trace, c_kernel_device_profiler_log, .timeout = 120)
{
	char dir[] = "/tmp/tt-prof-log-XXXXXX";
	char path[sizeof(dir) + 64], row[512];
	struct tt_device_config dc = { .grid_x = 2, .grid_y = 1, .profiler = true };
	struct tt_run_report rep;
	struct tt_program *prog;
	struct tt_device *dev;
	tt_kernel_handle k;
	uint32_t loops = 3;
	size_t len;
	char *t;

	cr_assert_not_null(mkdtemp(dir));
	setenv("TT_METAL_PROFILER_DIR", dir, 1);
	snprintf(path, sizeof(path), "%s/.logs/profile_log_device.csv", dir);
	cr_assert_eq(tt_device_open(&dc, &dev), TT_OK);
	prog = e2e_program(KERNEL("prof_zones.c"), tt_core_range(1, 0, 1, 0), TT_DM_RISCV_1, &k);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(1, 0), &loops, 1), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_device_read_profiler(dev), TT_OK);
	/* Once more, left for the close to write. */
	e2e_run_ok(dev, prog, &rep);
	tt_program_destroy(prog);
	tt_device_close(dev);

	t = e2e_slurp(path, &len);
	cr_assert(
		!strncmp(t, "ARCH: wormhole_b0, CHIP_FREQ[MHz]: 1000, Max Compute Cores: 2\n",
			 strlen("ARCH: wormhole_b0, CHIP_FREQ[MHz]: 1000, Max Compute Cores: 2\n")),
		"%s", t);
	/* Core (1,0) is at NoC (19,18); the macros give the kernel's lines. */
	snprintf(row, sizeof(row), ",,c-outer,ZONE_START,12,%s,\n", KERNEL("prof_zones.c"));
	cr_assert_eq(count(t, "0,19,18,NCRISC,"), count(t, "\n") - 2, "%s", t);
	cr_assert_eq(count(t, row), 2, "%s", t);
	snprintf(row, sizeof(row), ",,c-loop,ZONE_END,14,%s,\n", KERNEL("prof_zones.c"));
	cr_assert_eq(count(t, row), 2 * loops, "%s", t);
	/* The tt_ calls give no site; events no name. */
	cr_assert_eq(count(t, ",,c-manual,ZONE_START,0,,\n"), 2, "%s", t);
	cr_assert_eq(count(t, ",4886718345,0,,,c-data,TS_DATA,0,,\n"), 2, "%s", t);
	cr_assert_eq(count(t, ",,,TS_EVENT,0,,\n"), 2 * loops, "%s", t);
	cr_assert(strstr(t, "0,19,18,NCRISC,2,"), "event 2's timer id is 2: %s", t);
	free(t);
	unlink(path);
	snprintf(path, sizeof(path), "%s/.logs", dir);
	rmdir(path);
	rmdir(dir);
}

/* A profiler log folder that cannot be made fails the open, as in tt-metal. */
Test(trace, unwritable_profiler_folder_fails_the_open, .timeout = 60)
{
	struct tt_device_config dc = { .grid_x = 1, .grid_y = 1, .profiler = true };
	struct tt_device *dev = NULL;

	setenv("TT_METAL_PROFILER_DIR", "/proc/no-such-folder", 1);
	cr_assert_eq(tt_device_open(&dc, &dev), TT_EIO);
	cr_assert_null(dev);
	cr_assert(strstr(tt_last_error(), "/proc/no-such-folder"), "%s", tt_last_error());
}

Test(trace, unwritable_file_fails_the_open, .timeout = 60)
{
	struct tt_device_config dc = { .grid_x = 1,
				       .grid_y = 1,
				       .trace_path = "/nonexistent/dir/t.json" };
	struct tt_device *dev = NULL;

	cr_assert_neq(tt_device_open(&dc, &dev), TT_OK);
	cr_assert_null(dev);
}
