// SPDX-License-Identifier: Apache-2.0
/*
 * The kernel cache: a second build of the same kernels runs no compiler,
 * and everything that changes a binary (source, an included header,
 * defines, compile-time and named args, the toolchain) changes its key.
 * Cold builds of several kernels run their compilers at once.
 *
 * The compiler is counted, not timed: CROSS_COMPILE points at wrapper
 * scripts that note each run in a file and then run the real compiler.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "e2e.h"

static char dir[64];

/* (Re)write the wrappers; @version changes their text (a new toolchain). */
static void write_wrappers(int version)
{
	const char *real = getenv("TT_TEST_REAL_CROSS");
	static const char *const tools[] = { "gcc", "g++" };

	for (int i = 0; i < 2; i++) {
		char path[128];
		FILE *f;

		snprintf(path, sizeof(path), "%s/riscv64-unknown-elf-%s", dir, tools[i]);
		unlink(path);
		f = fopen(path, "w");
		cr_assert_not_null(f);
		fprintf(f, "#!/bin/sh\n# toolchain %d\necho run >> %s/runs\n", version, dir);
		/* Paired mode: wait (up to 20 s) for a second compiler to start;
		 * only compilers that run at once can both see two starts. */
		fprintf(f,
			"if [ -n \"$TT_TEST_PAIR\" ]; then\n"
			"  echo start >> %s/starts; i=0\n"
			"  while [ \"$(grep -c start %s/starts)\" -lt 2 ] && [ $i -lt 200 ]; do\n"
			"    sleep 0.1; i=$((i+1)); done\n"
			"  [ $i -lt 200 ] && echo paired >> %s/paired\n"
			"fi\n",
			dir, dir, dir);
		fprintf(f, "exec %s%s \"$@\"\n", real, tools[i]);
		cr_assert_eq(fclose(f), 0);
		cr_assert_eq(chmod(path, 0755), 0);
	}
}

/* Lines in @name under the test directory (0 if there is no such file). */
static int lines(const char *name)
{
	char path[128], line[64];
	int n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		n++;
	fclose(f);
	return n;
}

static void write_file(const char *name, const char *text)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(text, f);
	cr_assert_eq(fclose(f), 0);
}

/* Before libtt reads its paths: a private cache and the counting compiler. */
static void setup(void)
{
	const char *cross = getenv("CROSS_COMPILE");
	char env[128];

	setenv("TT_TEST_REAL_CROSS", cross && *cross ? cross : "riscv64-unknown-elf-", 1);
	snprintf(dir, sizeof(dir), "/tmp/tt-kcache-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
	write_wrappers(1);
	snprintf(env, sizeof(env), "%s/riscv64-unknown-elf-", dir);
	setenv("CROSS_COMPILE", env, 1);
	snprintf(env, sizeof(env), "%s/cache", dir);
	setenv("TT_EMU_CACHE", env, 1);
}

static void teardown(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}

TestSuite(kernel_cache, .init = setup, .fini = teardown);

/* Compile @prog (no device needed); the compiler runs it took. */
static int compile_runs(struct tt_program *prog)
{
	struct tt_run_report rep;
	int before = lines("runs"), rc;

	memset(&rep, 0, sizeof(rep));
	rc = tt_program_compile(NULL, prog, &rep);
	cr_assert_eq(rc, TT_OK, "%s", tt_last_error());
	return lines("runs") - before;
}

/* A DM kernel from the test directory with one define and one arg. */
static int dm_runs(const char *def, uint32_t arg)
{
	struct tt_core_range_set core = tt_core_set(tt_core(0, 0));
	struct tt_define d = { "TT_TEST_DEFINE", def };
	struct tt_dm_config cfg = {
		.processor = TT_DM_RISCV_0,
		.defines = &d,
		.num_defines = 1,
		.compile_args = &arg,
		.num_compile_args = 1,
	};
	struct tt_program *prog;
	char src[128];
	tt_kernel_handle k;
	int n;

	snprintf(src, sizeof(src), "%s/k.c", dir);
	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, src, &core, &cfg, &k), TT_OK);
	n = compile_runs(prog);
	tt_program_destroy(prog);
	return n;
}

Test(kernel_cache, every_input_is_in_the_key, .timeout = 300)
{
	write_file("hdr.h", "#define HDR_VALUE 1\n");
	write_file("k.c", "#include \"dataflow_api.h\"\n#include \"hdr.h\"\n"
			  "void kernel_main(void)\n{\n"
			  "\t*(volatile uint32_t *)0x100000 = HDR_VALUE + TT_TEST_DEFINE +\n"
			  "\t\tget_compile_time_arg_val(0);\n}\n");
	cr_expect_eq(dm_runs("1", 7), 1, "cold");
	cr_expect_eq(dm_runs("1", 7), 0, "warm: no compiler at all");
	write_file("hdr.h", "#define HDR_VALUE 2\n");
	cr_expect_eq(dm_runs("1", 7), 1, "an included header changed");
	cr_expect_eq(dm_runs("1", 7), 0);
	cr_expect_eq(dm_runs("2", 7), 1, "a define changed");
	cr_expect_eq(dm_runs("2", 8), 1, "a compile-time arg changed");
	write_file("k.c", "#include \"dataflow_api.h\"\n#include \"hdr.h\"\n"
			  "void kernel_main(void)\n{\n"
			  "\t*(volatile uint32_t *)0x100004 = HDR_VALUE + TT_TEST_DEFINE +\n"
			  "\t\tget_compile_time_arg_val(0);\n}\n");
	cr_expect_eq(dm_runs("2", 8), 1, "the source changed");
	write_wrappers(2);
	cr_expect_eq(dm_runs("2", 8), 1, "the toolchain changed");
	cr_expect_eq(dm_runs("2", 8), 0);
	setenv("TT_EMU_KERNEL_OPT", "-O2", 1);
	cr_expect_eq(dm_runs("2", 8), 1, "the compiler flags changed");
	unsetenv("TT_EMU_KERNEL_OPT");
	cr_expect_eq(dm_runs("2", 8), 0, "the first flags' binary is still cached");
}

/* A C++ compute kernel with named args: three TRISC images, built at once. */
static struct tt_program *compute_program(uint32_t named_value)
{
	struct tt_core_range_set core = tt_core_set(tt_core(0, 0));
	struct tt_named_arg na = { "tiles", named_value };
	struct tt_compute_config ccfg = {
		.named_compile_args = &na,
		.num_named_compile_args = 1,
	};
	struct tt_program *prog;
	tt_kernel_handle k;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_compute_kernel_create(prog, KERNEL("cxx_spellings_compute.cpp"), &core,
					      &ccfg, &k),
		     TT_OK);
	return prog;
}

Test(kernel_cache, compute_images_build_at_once_then_never, .timeout = 300)
{
	struct tt_program *prog = compute_program(4);

	setenv("TT_TEST_PAIR", "1", 1);
	cr_expect_eq(compile_runs(prog), 3, "one compiler run per TRISC");
	unsetenv("TT_TEST_PAIR");
	/* One by one, the first would wait alone and only the later two
	 * (seeing its start) would pair. */
	if (sysconf(_SC_NPROCESSORS_ONLN) > 1)
		cr_expect_eq(lines("paired"), 3, "the TRISC images were built one by one");
	tt_program_destroy(prog);
	prog = compute_program(4);
	cr_expect_eq(compile_runs(prog), 0, "warm: no compiler at all");
	tt_program_destroy(prog);
	prog = compute_program(5);
	cr_expect_eq(compile_runs(prog), 3, "a named arg changed");
	tt_program_destroy(prog);
}

/* A second run of an example, in a new process, compiles nothing. */
Test(kernel_cache, second_run_of_an_example_compiles_nothing, .timeout = 300)
{
	const char *ex = TT_BUILD_DIR "/examples/matmul_single_core > /dev/null 2>&1";
	int cold;

	cr_assert_eq(system(ex), 0);
	cold = lines("runs");
	cr_expect_geq(cold, 5, "reader, writer and three TRISC images: %d runs", cold);
	cr_assert_eq(system(ex), 0);
	cr_expect_eq(lines("runs"), cold, "the second run compiled %d kernels",
		     lines("runs") - cold);
}
