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

Test(gdb, batch_break_step_print, .timeout = 180)
{
	char cmds[] = "/tmp/tt-gdb-cmds-XXXXXX";
	char cmd[2048], out[65536];
	size_t n = 0;
	FILE *f, *p;
	int fd, port = 20000 + getpid() % 20000, status;

	fd = mkstemp(cmds);
	cr_assert_geq(fd, 0);
	f = fdopen(fd, "w");
	fputs("continue\ninfo thread\nnext\nnext\nprint mark_addr\nbt\n", f);
	fclose(f);
	snprintf(cmd, sizeof(cmd),
		 "bash %s/tools/tt-gdb.sh --build %s --port %d --core 1,0 --risc brisc "
		 "--batch %s -- %s/examples/hello_world 2>&1",
		 TT_SRC_DIR, TT_BUILD_DIR, port, cmds, TT_BUILD_DIR);
	p = popen(cmd, "r");
	cr_assert_not_null(p);
	while (n < sizeof(out) - 1) {
		size_t r = fread(out + n, 1, sizeof(out) - 1 - n, p);
		if (!r)
			break;
		n += r;
	}
	out[n] = '\0';
	status = pclose(p);
	unlink(cmds);

	cr_expect_eq(status, 0, "tt-gdb.sh failed:\n%s", out);
	/* stopped on the right hart: gdb thread 6 = core (1,0) BRISC */
	cr_expect(strstr(out, "* 6    Thread 1.6") != NULL, "output:\n%s", out);
	cr_expect(strstr(out, "$1 = 1048576") != NULL, "output:\n%s", out);
	cr_expect(strstr(out, "kernel_main () at") != NULL &&
		  strstr(out, "hello_kernel.c") != NULL, "output:\n%s", out);
	cr_expect(strstr(out, "fw_call_kernel") != NULL, "backtrace reaches firmware:\n%s", out);
	cr_expect(strstr(out, "ok") != NULL, "the program finished after detach:\n%s", out);
}
