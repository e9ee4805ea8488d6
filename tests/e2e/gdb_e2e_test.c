// SPDX-License-Identifier: Apache-2.0
/*
 * gdb end to end (docs/gdb.md): tools/tt-gdb.sh runs a host program with
 * the device halted and drives gdb-multiarch in batch mode; the tests
 * assert on gdb's output.  Most use tests/e2e/gdb_target.c on a 2x1 grid:
 * core (0,0) runs a reader, a compute kernel and a writer, core (1,0)
 * another BRISC kernel at the writer's address.
 */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "e2e.h"

#define TARGET	TT_BUILD_DIR "/tests/e2e/gdb_target"
#define OUT_MAX 262144

static int port(void)
{
	return 20000 + getpid() % 20000;
}

/* Read everything from @f into @out (@len bytes), NUL-terminated. */
static void slurp(FILE *f, char *out, size_t len)
{
	size_t n = 0, r;

	while (n < len - 1 && (r = fread(out + n, 1, len - 1 - n, f)) > 0)
		n += r;
	out[n] = '\0';
}

/*
 * Run @prog (a path and its args) under tools/tt-gdb.sh with options
 * @opts and the gdb commands @gdbcmds, environment @env prepended.
 */
static int run_under_gdb(const char *env, const char *prog, const char *opts, const char *gdbcmds,
			 char *out, size_t len)
{
	char cmds[] = "/tmp/tt-gdb-cmds-XXXXXX";
	char cmd[2048];
	FILE *f, *p;
	int fd, status;

	fd = mkstemp(cmds);
	cr_assert_geq(fd, 0);
	f = fdopen(fd, "w");
	fputs(gdbcmds, f);
	fclose(f);
	snprintf(cmd, sizeof(cmd),
		 "%s bash %s/tools/tt-gdb.sh --build %s --port %d %s --batch %s -- %s 2>&1", env,
		 TT_SRC_DIR, TT_BUILD_DIR, port(), opts, cmds, prog);
	p = popen(cmd, "r");
	cr_assert_not_null(p);
	slurp(p, out, len);
	status = pclose(p);
	unlink(cmds);
	return status;
}

/* The line of @file holding @marker (a "gdb: ..." comment), or 0. */
static int marker_line(const char *file, const char *marker)
{
	char line[512];
	int n = 0;
	FILE *f = fopen(file, "r");

	cr_assert_not_null(f, "%s", file);
	while (fgets(line, sizeof(line), f)) {
		n++;
		if (strstr(line, marker)) {
			fclose(f);
			return n;
		}
	}
	fclose(f);
	return 0;
}

/* How often @needle occurs in @hay. */
static int count(const char *hay, const char *needle)
{
	int n = 0;

	for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

Test(gdb, help_explains_itself)
{
	char out[8192];
	FILE *p = popen("bash " TT_SRC_DIR "/tools/tt-gdb.sh --help", "r");

	cr_assert_not_null(p);
	slurp(p, out, sizeof(out));
	cr_expect_eq(pclose(p), 0);
	cr_expect(strstr(out, "usage: tt-gdb.sh") && strstr(out, "--attach") &&
			  strstr(out, "I.1 BRISC") && strstr(out, "tt status"),
		  "%s", out);
}

Test(gdb, batch_break_step_print, .timeout = 180)
{
	static char out[OUT_MAX];
	int status = run_under_gdb(
		"", TT_BUILD_DIR "/examples/hello_world", "--core 1,0 --risc brisc",
		"continue\ninfo thread\nnext\nnext\nprint mark_addr\nbt\n", out, sizeof(out));

	cr_expect_eq(status, 0, "tt-gdb.sh failed:\n%s", out);
	/* stopped on the right hart: core (1,0) is inferior 2, BRISC its thread 1 */
	cr_expect(strstr(out, "* 2.1  Thread 2.6 \"(1,0) BRISC hello_kernel.c\"") != NULL,
		  "output:\n%s", out);
	/* 64 cores, 320 harts, each named */
	cr_expect(strstr(out, "64.5 Thread 64.320 \"(7,7) TRISC2 firmware\"") != NULL,
		  "output:\n%s", out);
	cr_expect(strstr(out, "$1 = 1048576") != NULL, "output:\n%s", out);
	cr_expect(strstr(out, "kernel_main () at") != NULL && strstr(out, "hello_kernel.c") != NULL,
		  "output:\n%s", out);
	cr_expect(strstr(out, "fw_call_kernel") != NULL, "backtrace reaches firmware:\n%s", out);
	cr_expect(strstr(out, "ok") != NULL, "the program finished after detach:\n%s", out);
}

/*
 * Every kernel of the program is loaded, each in the inferior of the core
 * that runs it: a breakpoint in gdb_other.c stops core (1,0)'s BRISC and
 * not core (0,0)'s, whose gdb_writer.c sits at the same address; when the
 * second program runs gdb_other.c on core (0,0), its image replaces
 * gdb_writer.c there and the same breakpoint stops it too.  Threads are
 * named after their core, RISC and kernel.
 */
Test(gdb, every_kernel_in_its_cores_inferior, .timeout = 180)
{
	static char out[OUT_MAX];
	char cmds[1024];
	int other = marker_line(TT_TEST_KERNELS "/gdb_other.c", "gdb: other stores");
	const char *first, *second;

	cr_assert_gt(other, 0);
	snprintf(cmds, sizeof(cmds),
		 "break gdb_other.c:%d\ncontinue\ninfo threads\ncontinue\ncontinue\n"
		 "continue\ncontinue\ncontinue\n",
		 other);
	cr_assert_eq(run_under_gdb("", TARGET " twice", "--no-break", cmds, out, sizeof(out)), 0,
		     "tt-gdb.sh failed:\n%s", out);
	/* launch 1: only (1,0) */
	first = strstr(out, "Thread 2.1 \"(1,0) BRISC gdb_other.c\" hit Breakpoint 1,");
	cr_expect_not_null(first, "output:\n%s", out);
	cr_expect(strstr(out, "(0,0) BRISC gdb_writer.c") &&
			  strstr(out, "(0,0) NCRISC gdb_reader.c") &&
			  strstr(out, "(0,0) TRISC0 gdb_compute.c") &&
			  strstr(out, "(0,0) TRISC1 gdb_compute.c") &&
			  strstr(out, "(0,0) TRISC2 gdb_compute.c") &&
			  strstr(out, "(1,0) NCRISC firmware"),
		  "thread names:\n%s", out);
	/* launch 2: (0,0) runs gdb_other.c and stops there */
	second = strstr(out, "Thread 1.1 \"(0,0) BRISC gdb_other.c\" hit Breakpoint 1");
	cr_expect(second && first && second > first, "output:\n%s", out);
	cr_expect_eq(count(out, "(0,0) BRISC gdb_other.c\" hit"), 2, "output:\n%s", out);
	cr_expect_eq(count(out, "(1,0) BRISC gdb_other.c\" hit"), 4, "output:\n%s", out);
	cr_expect(strstr(out, "twice ok") != NULL, "output:\n%s", out);
}

/*
 * A compute kernel is compiled three times; stepping on TRISC2 (pack)
 * passes over the lines whose calls are only UNPACK or MATH there.
 */
Test(gdb, trisc_steps_over_other_trisc_parts, .timeout = 180)
{
	static char out[OUT_MAX];
	int waited = marker_line(TT_TEST_KERNELS "/gdb_compute.c", "gdb: compute waited");
	int copies = marker_line(TT_TEST_KERNELS "/gdb_compute.c", "gdb: compute copies");
	char wline[16], cline[16];

	cr_assert_eq(run_under_gdb("", TARGET, "--core 0,0 --risc trisc2",
				   "continue\nnext\nnext\nnext\nnext\nnext\nnext\nnext\nnext\n",
				   out, sizeof(out)),
		     0, "tt-gdb.sh failed:\n%s", out);
	snprintf(wline, sizeof(wline), "\n%d\t", waited);
	snprintf(cline, sizeof(cline), "\n%d\t", copies);
	cr_expect(strstr(out, "pack_tile(0, 16);") && strstr(out, "cb_reserve_back(16, 1);"),
		  "output:\n%s", out);
	cr_expect(!strstr(out, wline) && !strstr(out, cline),
		  "TRISC2 stopped on an UNPACK or MATH line:\n%s", out);
}

/*
 * A breakpoint for one thread on code only other RISCs have (copy_tile is
 * UNPACK's and MATH's, TRISC0's and TRISC1's) would never stop: gdb says
 * so when it is set, and names the threads that run that code; one on
 * the thread's own code (kernel_main, which every RISC has) says nothing.
 */
Test(gdb, thread_breakpoint_on_other_riscs_code_warns, .timeout = 180)
{
	static char out[OUT_MAX];

	cr_assert_eq(run_under_gdb("", TARGET, "--no-break",
				   "break copy_tile thread 1.5\nbreak kernel_main thread 1.5\n"
				   "info breakpoints\n",
				   out, sizeof(out)),
		     0, "tt-gdb.sh failed:\n%s", out);
	cr_expect(strstr(out, "tensix-emu: warning: breakpoint 1 (copy_tile) is for thread 1.5 "
			      "(TRISC2), but its code is only in TRISC0 and TRISC1's: it will "
			      "never stop there; use thread 1.3 or 1.4"),
		  "output:\n%s", out);
	cr_expect_eq(count(out, "will never stop"), 1, "output:\n%s", out);
}

/*
 * gdb exits when the program does, every time: the program ends during
 * "continue" while gdb still talks to the relay in front of QEMU
 * (tools/gdb/tensix_gdb/proxy.py), which must hang up on gdb rather than
 * leave it waiting for replies that never come.  timeout(1) turns a gdb
 * that never exits into a failure instead of a hung test.
 */
Test(gdb, exits_when_the_program_does_every_time, .timeout = 900)
{
	static char out[OUT_MAX];

	for (int i = 0; i < 20; i++) {
		int status = run_under_gdb("timeout -k 5 60", TARGET, "--no-break",
					   "continue\ncontinue\n", out, sizeof(out));

		cr_assert(WIFEXITED(status) && WEXITSTATUS(status) != 124 &&
				  WEXITSTATUS(status) != 137,
			  "run %d: gdb did not exit (status %d):\n%s", i, status, out);
		cr_assert(strstr(out, "pipeline ok") != NULL,
			  "run %d: the program did not finish:\n%s", i, out);
		cr_assert(strstr(out, "Ignoring packet error") == NULL, "run %d:\n%s", i, out);
	}
}

/*
 * The tt commands, stopped on NCRISC about to make the second tile (the
 * first is in CB 0) and then on BRISC before its write barrier, with
 * delayed NoC completion so that the write is still in flight there.
 */
Test(gdb, tt_commands, .timeout = 180)
{
	static char out[OUT_MAX];

	cr_assert_eq(run_under_gdb("TT_EMU_NOC_DELAY=4", TARGET, "--no-break",
				   "break fill_tile thread 1.2\ncontinue\ncontinue\ntt cb\n"
				   "tt tile 0 0\ntt args\ntt thread 0,0 trisc0\ntt args\ntt sem\n"
				   "tt status\n"
				   "delete\nbreak noc_async_write_barrier thread 1.1\ncontinue\n"
				   "tt noc\ntt status all\n",
				   out, sizeof(out)),
		     0, "tt-gdb.sh failed:\n%s", out);
	/* tt cb: both CBs, format, geometry, counters; TRISC0's interface */
	cr_expect(strstr(out, "CB 0  Float16_b 0x") && strstr(out, "4096 B = 2 x 2048 B") &&
			  strstr(out, "CB 16 Float16_b 0x"),
		  "tt cb:\n%s", out);
	cr_expect(strstr(out, "received 1, acked 0: 1 filled") != NULL, "tt cb counters:\n%s", out);
	cr_expect(strstr(out, "      NCRISC rd 0x") && strstr(out, "wr 0x") &&
			  strstr(out, "(page 1)"),
		  "tt cb pointers:\n%s", out);
	/* tt tile: tile 0's row r holds r */
	cr_expect(strstr(out, "Float16_b tile at 0x") &&
			  strstr(out, "\n 5: 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 "
				      "5 5 5 5 5\n") &&
			  strstr(out, "\n31: 31 31 31"),
		  "tt tile:\n%s", out);
	/* tt args: TRISC0's unique arg, NCRISC's common arg */
	cr_expect(strstr(out, "core (0,0) NCRISC, launch 1, gdb_reader.c\narg 0 = 3 (0x3)\n"
			      "common arg 0 = 1961 (0x7a9)") &&
			  strstr(out,
				 "core (0,0) TRISC0, launch 1, gdb_compute.c\narg 0 = 3 (0x3)\n"
				 "no common args"),
		  "tt args:\n%s", out);
	/* tt sem: the reader bumped semaphore 0 once, for the first tile */
	cr_expect(strstr(out, "semaphore 0 at 0x") && strstr(out, " = 1\nsemaphore 1 at 0x"),
		  "tt sem:\n%s", out);
	/* tt status: each RISC of (0,0) with its kernel and where it is */
	cr_expect(strstr(out, "core (0,0) launch 1: in flight") &&
			  strstr(out, "  NCRISC gdb_reader.c   pc 0x") &&
			  strstr(out, "gdb_reader.c:") && strstr(out, "(fill_tile) running") &&
			  strstr(out, "  TRISC0 gdb_compute.c  pc 0x"),
		  "tt status:\n%s", out);
	/* tt noc: the writer's write is held, its barrier outstanding */
	cr_expect(strstr(out, "BRISC on NoC 0:") &&
			  strstr(out, "nonposted writes acked  issued      1  completed      0  "
				      "outstanding 1") &&
			  strstr(out, "NoC 0: 1 command in flight (oldest first):") &&
			  strstr(out, "BRISC: write 2048 B from 0x") &&
			  strstr(out, " to (18,18):0x100000 [core (0,0)]"),
		  "tt noc:\n%s", out);
	cr_expect(strstr(out, "core (1,0) launch 1: ") != NULL, "tt status all:\n%s", out);
	cr_expect(strstr(out, "pipeline ok") != NULL, "output:\n%s", out);
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
	static char out[OUT_MAX];
	char plain[4096], cmd[1024];
	unsigned long long with_gdb, without;
	size_t n;
	FILE *p;

	snprintf(cmd, sizeof(cmd),
		 "TT_EMU_KERNEL_OPT=-Og %s/examples/matmul_multi_core 4 4 4 2 2 2>&1",
		 TT_BUILD_DIR);
	p = popen(cmd, "r");
	cr_assert_not_null(p);
	n = fread(plain, 1, sizeof(plain) - 1, p);
	plain[n] = '\0';
	cr_assert_eq(pclose(p), 0, "matmul_multi_core failed:\n%s", plain);
	without = e2e_number_before(plain, " guest instructions");
	cr_assert_gt(without, 0, "no instruction count in:\n%s", plain);

	cr_assert_eq(run_under_gdb("", TT_BUILD_DIR "/examples/matmul_multi_core 4 4 4 2 2",
				   "--core 1,0 --risc ncrisc",
				   "continue\nnext\nstepi\nstepi\ninfo registers pc\n"
				   "break *$pc+8\ncontinue\ndelete\nnext\n",
				   out, sizeof(out)),
		     0, "tt-gdb.sh failed:\n%s", out);
	with_gdb = e2e_number_before(out, " guest instructions");
	cr_assert_gt(with_gdb, 0, "no instruction count in:\n%s", out);
	cr_expect_eq(with_gdb, without, "%llu instructions under gdb, %llu without:\n%s", with_gdb,
		     without, out);
}

/* Time travel ------------------------------------------------------------ */

/*
 * The register lines ("name  0x...") of gdb's "info registers" after
 * @marker in @out, up to the next "device time"; all but pc with @no_pc.
 */
static void registers_after(const char *out, const char *marker, bool no_pc, char *regs, size_t len)
{
	const char *p = strstr(out, marker), *end;
	size_t n = 0;

	regs[0] = '\0';
	cr_assert_not_null(p, "no %s in:\n%s", marker, out);
	end = strstr(p, "device time");
	cr_assert_not_null(end, "no device time after %s:\n%s", marker, out);
	while ((p = strchr(p, '\n')) && ++p < end) {
		const char *eol = strchr(p, '\n');
		size_t l = eol ? (size_t)(eol - p + 1) : strlen(p);
		const char *sp = strchr(p, ' ');

		if (!sp || sp > p + 4 || !strstr(p, "0x") || (no_pc && !strncmp(p, "pc ", 3)))
			continue;
		if (n + l < len) {
			memcpy(regs + n, p, l);
			n += l;
			regs[n] = '\0';
		}
	}
	cr_assert_gt(n, 0, "no registers after %s:\n%s", marker, out);
}

/*
 * reverse-stepi on BRISC asleep in its first CB wait (cb_wait_front of CB
 * 16) goes back to the wfi it slept in; a forward run of the program to
 * that wfi has the same registers at the same device time.
 */
Test(gdb, reverse_stepi_out_of_a_cb_wait, .timeout = 180)
{
	static char out[OUT_MAX];
	char r1[4096], r2[4096], r3[4096], r1nopc[4096], r2nopc[4096];
	unsigned long long back, forward;
	const char *p;

	cr_assert_eq(
		run_under_gdb("", TARGET, "--no-break",
			      "break fill_tile thread 1.2\ncontinue\ntt thread 0,0 brisc\n"
			      "tt status\necho ==R1==\\n\ninfo registers\ntt time\n"
			      "reverse-stepi\nx/i $pc\necho ==R2==\\n\ninfo registers\ntt time\n"
			      "break *$pc thread 1.1\ntt goto 1\ncontinue\n"
			      "echo ==R3==\\n\ninfo registers\ntt time\n",
			      out, sizeof(out)),
		0, "tt-gdb.sh failed:\n%s", out);
	cr_expect(strstr(out, "BRISC  gdb_writer.c   pc 0x") &&
			  strstr(out, "asleep: waits for CB 16 front: 1 page, 0 received"),
		  "BRISC is not in its CB wait:\n%s", out);
	/* back one instruction: the wfi it sleeps in */
	cr_expect(strstr(out, ">:\twfi\n") != NULL, "not on a wfi:\n%s", out);
	registers_after(out, "==R1==", false, r1, sizeof(r1));
	registers_after(out, "==R2==", false, r2, sizeof(r2));
	registers_after(out, "==R3==", false, r3, sizeof(r3));
	registers_after(out, "==R1==", true, r1nopc, sizeof(r1nopc));
	registers_after(out, "==R2==", true, r2nopc, sizeof(r2nopc));
	cr_expect_str_eq(r2, r3, "reverse-stepi and a forward run differ:\n%s", out);
	cr_expect_str_eq(r1nopc, r2nopc, "wfi changed a register:\n%s", out);
	cr_expect_str_neq(r1, r2, "the pc did not move back:\n%s", out);
	/* and at the same device time */
	p = strstr(out, "tensix-emu: device time ");
	cr_assert_not_null(p, "%s", out);
	back = strtoull(p + strlen("tensix-emu: device time "), NULL, 10);
	p = strstr(strstr(out, "==R3=="), "\ndevice time ");
	cr_assert_not_null(p, "%s", out);
	forward = strtoull(p + strlen("\ndevice time "), NULL, 10);
	cr_expect(back > 0 && back == forward, "reverse-stepi at %llu, forward run at %llu:\n%s",
		  back, forward, out);
	cr_expect(strstr(out, "pipeline ok") != NULL, "output:\n%s", out);
}

/*
 * reverse-continue from the reader's second tile goes back to its first
 * (the last stop at a breakpoint before), then to the writer's start.
 */
Test(gdb, reverse_continue_to_the_last_stop, .timeout = 180)
{
	static char out[OUT_MAX];
	const char *first, *second;

	cr_assert_eq(run_under_gdb("", TARGET, "--no-break",
				   "break gdb_writer.c:kernel_main\nbreak fill_tile thread 1.2\n"
				   "continue\ncontinue\ncontinue\nreverse-continue\n"
				   "echo ==back1==\\n\nreverse-continue\necho ==back2==\\n\n",
				   out, sizeof(out)),
		     0, "tt-gdb.sh failed:\n%s", out);
	first = strstr(out, "==back1==");
	second = strstr(out, "==back2==");
	cr_assert(first && second, "%s", out);
	cr_expect(strstr(out, "thread 1.2 (0,0) NCRISC gdb_reader.c\n#0  fill_tile (l1=225280, "
			      "t=t@entry=0)") &&
			  strstr(out, "thread 1.2 (0,0) NCRISC gdb_reader.c\n#0  fill_tile "
				      "(l1=225280, t=t@entry=0)") < first,
		  "first reverse-continue:\n%s", out);
	cr_expect(strstr(first, "thread 1.1 (0,0) BRISC gdb_writer.c\n#0  kernel_main () at") &&
			  strstr(first,
				 "thread 1.1 (0,0) BRISC gdb_writer.c\n#0  kernel_main () at") <
				  second,
		  "second reverse-continue:\n%s", out);
}

/* TT_EMU_GDB_ON_FAULT ---------------------------------------------------- */

struct faulted {
	pid_t pid;
	FILE *err;	  /* the program's stderr */
	char attach[512]; /* the command it printed */
	char said[8192];  /* what it printed up to there */
};

/* Start gdb_target @mode in fault mode; wait until it says how to attach. */
static void start_faulting(const char *mode, struct faulted *f)
{
	int pipefd[2];
	char line[1024];
	size_t n = 0;

	cr_assert_eq(pipe(pipefd), 0);
	f->pid = fork();
	cr_assert_geq(f->pid, 0);
	if (f->pid == 0) {
		dup2(pipefd[1], 2);
		dup2(pipefd[1], 1);
		close(pipefd[0]);
		setenv("TT_EMU_GDB_ON_FAULT", "1", 1);
		execl(TARGET, TARGET, mode, (char *)NULL);
		_exit(127);
	}
	close(pipefd[1]);
	f->err = fdopen(pipefd[0], "r");
	f->attach[0] = '\0';
	f->said[0] = '\0';
	while (fgets(line, sizeof(line), f->err)) {
		n += (size_t)snprintf(f->said + n, sizeof(f->said) - n, "%s", line);
		if (n >= sizeof(f->said))
			n = sizeof(f->said) - 1;
		if (strstr(line, "attach with")) {
			cr_assert_not_null(fgets(line, sizeof(line), f->err));
			snprintf(f->attach, sizeof(f->attach), "%s", line + strspn(line, " "));
			f->attach[strcspn(f->attach, "\n")] = '\0';
			return;
		}
	}
	cr_assert_fail("%s never stopped for gdb:\n%s", mode, f->said);
}

/* Run the attach command in batch mode with @gdbcmds; the rest of the output. */
static void attach_and_finish(struct faulted *f, const char *gdbcmds, char *out, size_t len,
			      char *rest, size_t restlen, int *status)
{
	char cmd[2048];
	FILE *p;

	cr_assert(strncmp(f->attach, "gdb-multiarch -q -x ", 20) == 0, "%s", f->attach);
	snprintf(cmd, sizeof(cmd), "%s -batch %s 2>&1", f->attach, gdbcmds);
	p = popen(cmd, "r");
	cr_assert_not_null(p);
	slurp(p, out, len);
	pclose(p);
	slurp(f->err, rest, restlen);
	fclose(f->err);
	cr_assert_eq(waitpid(f->pid, status, 0), f->pid);
}

Test(gdb_on_fault, trap_stops_on_the_instruction, .timeout = 120)
{
	static char out[OUT_MAX], rest[16384];
	struct faulted f;
	int status;

	start_faulting("trap", &f);
	cr_expect(strstr(f.said, "core (0,0) BRISC: illegal instruction at pc 0x") &&
			  strstr(f.said, "illegal.c:10 (kernel_main); the trap is not taken yet"),
		  "%s", f.said);
	attach_and_finish(&f,
			  "-ex bt -ex 'x/i $pc' -ex 'info registers mepc' -ex 'tt status' "
			  "-ex 'tt detach'",
			  out, sizeof(out), rest, sizeof(rest), &status);
	/* the hart sits on the illegal instruction, in the kernel, registers intact */
	cr_expect(strstr(out, "thread 1.1 is (0,0) BRISC illegal.c") && strstr(out, "#0  0x") &&
			  strstr(out, "in kernel_main () at") && strstr(out, "illegal.c:10") &&
			  strstr(out, ":\tunimp") && strstr(out, "fw_call_kernel"),
		  "gdb:\n%s", out);
	cr_expect(strstr(out, "  BRISC  illegal.c      pc 0x") != NULL, "gdb:\n%s", out);
	/* after detach the trap is taken and reported, the run fails as it would */
	cr_expect(WIFEXITED(status) && WEXITSTATUS(status) == 2, "status %d\n%s", status, rest);
	cr_expect(strstr(rest, "run failed: a RISC-V core trapped") &&
			  strstr(rest, "trapped at illegal.c:10 (kernel_main)"),
		  "after gdb:\n%s", rest);
}

Test(gdb_on_fault, continue_carries_on, .timeout = 120)
{
	static char out[OUT_MAX], rest[16384];
	struct faulted f;
	int status;

	start_faulting("trap", &f);
	attach_and_finish(&f, "-ex continue", out, sizeof(out), rest, sizeof(rest), &status);
	/* the trap is taken, the program tears the device down; gdb sees it go */
	cr_expect(WIFEXITED(status) && WEXITSTATUS(status) == 2, "status %d\n%s", status, rest);
	cr_expect(strstr(rest, "run failed: a RISC-V core trapped") != NULL, "%s", rest);
	cr_expect(strstr(out, "Remote connection closed") || strstr(out, "exited normally"),
		  "gdb:\n%s", out);
}

Test(gdb_on_fault, sanitizer_stops_after_the_access, .timeout = 120)
{
	static char out[OUT_MAX], rest[16384];
	struct faulted f;
	int status;

	start_faulting("guest", &f);
	cr_expect(strstr(f.said, "guest error at pc 0x") && strstr(f.said, "rule: reserved-region"),
		  "%s", f.said);
	attach_and_finish(&f, "-ex bt -ex 'tt detach'", out, sizeof(out), rest, sizeof(rest),
			  &status);
	cr_expect(strstr(out, "noc_async_write (") && strstr(out, "kernel_main () at") &&
			  strstr(out, "noc_bad.c:21"),
		  "gdb:\n%s", out);
	cr_expect(WIFEXITED(status) && WEXITSTATUS(status) == 2, "status %d\n%s", status, rest);
	cr_expect(strstr(rest, "run failed: a kernel misused the device") != NULL, "%s", rest);
}

Test(gdb_on_fault, hang_stops_with_the_report, .timeout = 120)
{
	static char out[OUT_MAX], rest[16384];
	struct faulted f;
	int status;

	start_faulting("hang", &f);
	cr_expect(strstr(f.said, "deadlock after ") && strstr(f.said, "NCRISC pc 0x") &&
			  strstr(f.said, "asleep: waits for CB 0 front: 1 page, 0 received"),
		  "%s", f.said);
	attach_and_finish(&f, "-ex 'tt status' -ex 'tt cb' -ex 'tt detach'", out, sizeof(out), rest,
			  sizeof(rest), &status);
	cr_expect(strstr(out, "  NCRISC cb_stuck.c     pc 0x") &&
			  strstr(out, "asleep: waits for CB 0 front: 1 page, 0 received") &&
			  strstr(out, "received 0, acked 0: 0 filled"),
		  "gdb:\n%s", out);
	cr_expect(WIFEXITED(status) && WEXITSTATUS(status) == 2, "status %d\n%s", status, rest);
	cr_expect(strstr(rest, "run failed: deadlock") != NULL, "%s", rest);
}
