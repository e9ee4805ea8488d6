// SPDX-License-Identifier: Apache-2.0
/*
 * gdb on a chosen hart: tools/tt-gdb.sh runs the hello_world example with
 * the device halted, gdb-multiarch stops at kernel_main on core (1,0)
 * BRISC only, steps over two lines and prints a local variable.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "e2e.h"

/* Run @prog under tools/tt-gdb.sh on @where with the gdb commands @gdbcmds. */
static int run_under_gdb(const char *prog, const char *where, const char *gdbcmds, char *out,
			 size_t len)
{
	char cmds[] = "/tmp/tt-gdb-cmds-XXXXXX";
	char cmd[2048];
	size_t n = 0;
	FILE *f, *p;
	int fd, port = 20000 + getpid() % 20000, status;

	fd = mkstemp(cmds);
	cr_assert_geq(fd, 0);
	f = fdopen(fd, "w");
	fputs(gdbcmds, f);
	fclose(f);
	snprintf(cmd, sizeof(cmd),
		 "bash %s/tools/tt-gdb.sh --build %s --port %d %s --batch %s -- %s/examples/%s 2>&1",
		 TT_SRC_DIR, TT_BUILD_DIR, port, where, cmds, TT_BUILD_DIR, prog);
	p = popen(cmd, "r");
	cr_assert_not_null(p);
	while (n < len - 1) {
		size_t r = fread(out + n, 1, len - 1 - n, p);
		if (!r)
			break;
		n += r;
	}
	out[n] = '\0';
	status = pclose(p);
	unlink(cmds);
	return status;
}

Test(gdb, batch_break_step_print, .timeout = 180)
{
	char out[65536];
	int status = run_under_gdb("hello_world", "--core 1,0 --risc brisc",
				   "continue\ninfo thread\nnext\nnext\nprint mark_addr\nbt\n", out,
				   sizeof(out));

	cr_expect_eq(status, 0, "tt-gdb.sh failed:\n%s", out);
	/* stopped on the right hart: gdb thread 6 = core (1,0) BRISC */
	cr_expect(strstr(out, "* 6    Thread 1.6") != NULL, "output:\n%s", out);
	cr_expect(strstr(out, "$1 = 1048576") != NULL, "output:\n%s", out);
	cr_expect(strstr(out, "kernel_main () at") != NULL &&
		  strstr(out, "hello_kernel.c") != NULL, "output:\n%s", out);
	cr_expect(strstr(out, "fw_call_kernel") != NULL, "backtrace reaches firmware:\n%s", out);
	cr_expect(strstr(out, "ok") != NULL, "the program finished after detach:\n%s", out);
}

/*
 * Stopping at breakpoints, stepping, looking at registers and going on do
 * not change the run: the multicast matmul (semaphores, multicast, CBs,
 * the tile engine) counts as many instructions as without gdb, with the
 * same -Og kernels tt-gdb.sh builds.  The breakpoint on kernel_main is hit
 * by other cores' NCRISCs first (gdb resumes them), then gdb stops and
 * steps core (1,0)'s.  (QEMU patches 0005 and 0006.)
 */
Test(gdb, stops_do_not_change_the_count, .timeout = 180)
{
	char out[65536], plain[4096], cmd[1024];
	unsigned long long with_gdb, without;
	size_t n;
	FILE *p;

	snprintf(cmd, sizeof(cmd),
		 "TT_EMU_KERNEL_OPT=-Og %s/examples/matmul_multi_core 4 4 4 2 2 2>&1", TT_BUILD_DIR);
	p = popen(cmd, "r");
	cr_assert_not_null(p);
	n = fread(plain, 1, sizeof(plain) - 1, p);
	plain[n] = '\0';
	cr_assert_eq(pclose(p), 0, "matmul_multi_core failed:\n%s", plain);
	without = e2e_number_before(plain, " guest instructions");
	cr_assert_gt(without, 0, "no instruction count in:\n%s", plain);

	cr_assert_eq(run_under_gdb("matmul_multi_core 4 4 4 2 2", "--core 1,0 --risc ncrisc",
				   "continue\nnext\nstepi\nstepi\ninfo registers pc\n"
				   "break *$pc+8\ncontinue\ndelete\nnext\n",
				   out, sizeof(out)), 0, "tt-gdb.sh failed:\n%s", out);
	with_gdb = e2e_number_before(out, " guest instructions");
	cr_assert_gt(with_gdb, 0, "no instruction count in:\n%s", out);
	cr_expect_eq(with_gdb, without, "%llu instructions under gdb, %llu without:\n%s",
		     with_gdb, without, out);
}
