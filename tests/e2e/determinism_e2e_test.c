// SPDX-License-Identifier: Apache-2.0
/*
 * Deterministic runs: the same program on the same device state gives the
 * same instruction count, the same timeline trace and the same printed
 * output, whatever the host does meanwhile.  Each case runs in several
 * processes at once (each opens its own device), half of the rounds beside
 * a CPU hog on every host CPU, and every run must agree with every other.
 *
 * Cases: boot of an 8x8 grid; a 1x1 reader -> CB -> writer pipeline, plain
 * and with delayed NoC completion; 63 cores incrementing a semaphore of
 * core (0,0); a token passed once round all 64 cores; and the multicast
 * matmul demo, four copies at once; the token ring on every chip of a 1x4
 * system at once; a T3000 whose chips play ping-pong over ethernet.
 *
 * TT_DETERMINISM_SCALE=<n> multiplies the number of runs (make
 * stress-determinism uses 10: 200 runs per case) and prints each case's
 * distinct instruction counts.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <xxhash.h>

#include "e2e.h"
#include "tt_data_format.h"
#include "tt_mem_map.h"

#define MAX_RUNS 64
#define SCRATCH	 0x100000u /* free L1 on every core */
#define MM_MULTI TT_BUILD_DIR "/examples/matmul_multi_core"

/* What one process saw: compared field by field with every other. */
struct outcome {
	int failed;
	char why[1536];
	unsigned nruns;
	uint64_t icount[MAX_RUNS];
	uint64_t print_hash;
	uint64_t trace_hash;
};

struct dcase {
	const char *name;
	void (*run)(struct outcome *o, unsigned runs, const char *trace);
	unsigned procs;	 /* processes at once */
	unsigned runs;	 /* runs per process */
	unsigned rounds; /* rounds of @procs processes; odd ones with a hog */
	unsigned chips;	 /* counts kept per run, one per chip (0: one) */
};

#define FAIL(o, ...)                                               \
	do {                                                       \
		snprintf((o)->why, sizeof((o)->why), __VA_ARGS__); \
		(o)->failed = 1;                                   \
		return;                                            \
	} while (0)

static uint64_t hash_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	XXH64_state_t *st = XXH64_createState();
	char buf[65536];
	size_t n;
	uint64_t h;

	XXH64_reset(st, 0);
	if (f) {
		while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
			XXH64_update(st, buf, n);
		fclose(f);
	}
	h = f ? XXH64_digest(st) : 0;
	XXH64_freeState(st);
	return h;
}

static XXH64_state_t *print_state;

static void hash_print(void *ctx, struct tt_core core, unsigned int risc, const char *text,
		       size_t len)
{
	(void)ctx;
	XXH64_update(print_state, &core, sizeof(core));
	XXH64_update(print_state, &risc, sizeof(risc));
	XXH64_update(print_state, text, len);
}

static int open_dev(struct outcome *o, uint32_t gx, uint32_t gy, uint32_t noc_delay,
		    const char *trace, struct tt_device **dev)
{
	struct tt_device_config cfg = {
		.grid_x = gx, .grid_y = gy, .trace_path = trace, .noc_delay = noc_delay
	};
	int rc = tt_device_open(&cfg, dev);

	if (rc) {
		snprintf(o->why, sizeof(o->why), "device open %ux%u: %s", gx, gy, tt_strerror(rc));
		o->failed = 1;
		return rc;
	}
	tt_device_set_print_handler(*dev, hash_print, NULL);
	return 0;
}

/* Run @prog @runs times, keeping each run's instruction count. */
static void run_n(struct outcome *o, struct tt_device *dev, struct tt_program *prog, unsigned runs)
{
	struct tt_run_report rep;

	for (unsigned i = 0; i < runs; i++) {
		int rc = tt_program_run(dev, prog, 60000, &rep);

		if (rc)
			FAIL(o, "run %u: %s\n%.1400s", i, tt_strerror(rc), tt_last_error());
		o->icount[o->nruns++] = rep.instructions;
	}
}

/* Cases ------------------------------------------------------------------ */

static void boot(struct outcome *o, unsigned runs, const char *trace)
{
	struct tt_device *dev;

	(void)runs;
	if (open_dev(o, 8, 8, 0, trace, &dev))
		return;
	o->icount[o->nruns++] = tt_device_boot_instructions(dev);
	tt_device_close(dev);
}

static void pipeline_on(struct outcome *o, unsigned runs, const char *trace, uint32_t delay)
{
	enum { PAGE = 2048, PAGES = 16, CB = 3 };
	struct tt_core core = tt_core(0, 0);
	struct tt_core_range_set set = tt_core_set(core);
	struct tt_buffer_config bc = { .size = PAGES * PAGE,
				       .page_size = PAGE,
				       .type = TT_BUFFER_DRAM };
	struct tt_cb_format f = { .index = CB, .data_format = TT_DF_FLOAT16_B, .page_size = PAGE };
	struct tt_cb_config cc = { .total_size = 2 * PAGE, .formats = &f, .num_formats = 1 };
	struct tt_dm_config rdc = { .processor = TT_DM_RISCV_1, .noc = TT_NOC_1 };
	struct tt_dm_config wrc = { .processor = TT_DM_RISCV_0, .noc = TT_NOC_0 };
	static uint8_t in[PAGES * PAGE], out[PAGES * PAGE];
	struct tt_buffer *src, *dst;
	struct tt_program *prog;
	struct tt_device *dev;
	tt_kernel_handle rd, wr;
	tt_cb_handle h;

	if (open_dev(o, 1, 1, delay, trace, &dev))
		return;
	for (size_t i = 0; i < sizeof(in); i++)
		in[i] = (uint8_t)(i * 7 + 1);
	if (tt_buffer_create(dev, &bc, &src) || tt_buffer_create(dev, &bc, &dst) ||
	    tt_buffer_write(src, in) || tt_program_create(&prog) ||
	    tt_kernel_create(prog, KERNEL("cb_reader.c"), &set, &rdc, &rd) ||
	    tt_kernel_create(prog, KERNEL("cb_writer.c"), &set, &wrc, &wr) ||
	    tt_cb_create(prog, &set, &cc, &h))
		FAIL(o, "pipeline set-up failed");
	{
		uint32_t ra[5] = { tt_buffer_address(src), PAGES, PAGE, CB, 1 };
		uint32_t wa[5] = { tt_buffer_address(dst), PAGES, PAGE, CB, 1 };

		tt_kernel_set_runtime_args(prog, rd, core, ra, 5);
		tt_kernel_set_runtime_args(prog, wr, core, wa, 5);
	}
	run_n(o, dev, prog, runs);
	if (!o->failed && (tt_buffer_read(dst, out) || memcmp(in, out, sizeof(in))))
		FAIL(o, "the pipeline's copy differs from its source");
	tt_program_destroy(prog);
	tt_device_close(dev);
}

static void pipeline(struct outcome *o, unsigned runs, const char *trace)
{
	pipeline_on(o, runs, trace, 0);
}

static void pipeline_noc_delay(struct outcome *o, unsigned runs, const char *trace)
{
	pipeline_on(o, runs, trace, 3);
}

/* Every other core of the 8x8 grid increments core (0,0)'s semaphore. */
static void fan_in(struct outcome *o, unsigned runs, const char *trace)
{
	struct tt_core_range_set all = tt_core_range_set(tt_core_range(0, 0, 7, 7));
	struct tt_dm_config cfg = { .processor = TT_DM_RISCV_0, .noc = TT_NOC_0 };
	uint32_t args[4] = { 18, 18, 63, SCRATCH }, id, got = 0;
	struct tt_program *prog;
	struct tt_device *dev;
	tt_kernel_handle k;

	if (open_dev(o, 8, 8, 0, trace, &dev))
		return;
	if (tt_program_create(&prog) ||
	    tt_kernel_create(prog, KERNEL("noc_sem_inc_many.c"), &all, &cfg, &k) ||
	    tt_semaphore_create(prog, &all, 0, &id) ||
	    tt_kernel_set_common_runtime_args(prog, k, args, 4))
		FAIL(o, "fan-in set-up failed");
	run_n(o, dev, prog, runs);
	tt_device_l1_read(dev, tt_core(0, 0), SCRATCH, &got, 4);
	if (!o->failed && got != 63)
		FAIL(o, "core (0,0) saw its semaphore at %u, not 63", got);
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* A token once round all 64 cores, in row order, printing at each. */
static void token_ring(struct outcome *o, unsigned runs, const char *trace)
{
	struct tt_core_range_set all = tt_core_range_set(tt_core_range(0, 0, 7, 7));
	struct tt_dm_config cfg = { .processor = TT_DM_RISCV_0, .noc = TT_NOC_0 };
	struct tt_program *prog;
	struct tt_device *dev;
	tt_kernel_handle k;
	uint32_t id;

	if (open_dev(o, 8, 8, 0, trace, &dev))
		return;
	if (tt_program_create(&prog) ||
	    tt_kernel_create(prog, KERNEL("sem_ring.c"), &all, &cfg, &k) ||
	    tt_semaphore_create(prog, &all, 0, &id))
		FAIL(o, "token ring set-up failed");
	for (unsigned i = 0; i < 64; i++) {
		unsigned n = (i + 1) % 64;
		uint32_t a[3] = { 18 + n % 8, 18 + n / 8, i == 0 };

		tt_kernel_set_runtime_args(prog, k, tt_core(i % 8, i / 8), a, 3);
	}
	run_n(o, dev, prog, runs);
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* The chips' traces (x.chipN.json beside x.json), one after another, as @trace. */
static void chip_traces(struct outcome *o, const char *trace, uint32_t nchips)
{
	FILE *all = fopen(trace, "wb");
	size_t stem = strlen(trace) - strlen(".json");

	for (uint32_t c = 0; all && c < nchips; c++) {
		char path[256], buf[65536];
		FILE *f;
		size_t n;

		snprintf(path, sizeof(path), "%.*s.chip%u.json", (int)stem, trace, c);
		f = fopen(path, "rb");
		if (!f) {
			fclose(all);
			FAIL(o, "chip %u wrote no trace at %s", c, path);
		}
		while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
			fwrite(buf, 1, n, all);
		fclose(f);
	}
	if (all)
		fclose(all);
}

/*
 * A 1x4 system of 4x4-core chips, the token ring on every chip at once:
 * each chip counts the same in every run, and its own trace (one file per
 * chip) is the same every run.
 */
static void mesh_token_ring(struct outcome *o, unsigned runs, const char *trace)
{
	struct tt_system_config cfg = { .name = "1x4",
					.chip = { .grid_x = 4, .grid_y = 4, .trace_path = trace } };
	struct tt_core_range_set all = tt_core_range_set(tt_core_range(0, 0, 3, 3));
	struct tt_dm_config dm = { .processor = TT_DM_RISCV_0, .noc = TT_NOC_0 };
	struct tt_run_report rep;
	struct tt_program *prog;
	struct tt_system *sys;
	tt_kernel_handle k;
	uint32_t id;
	int rc;

	if (tt_system_open(&cfg, &sys))
		FAIL(o, "system open: %s", tt_last_error());
	for (uint32_t c = 0; c < 4; c++)
		tt_device_set_print_handler(tt_system_chip(sys, c), hash_print, NULL);
	if (tt_program_create(&prog) ||
	    tt_kernel_create(prog, KERNEL("sem_ring.c"), &all, &dm, &k) ||
	    tt_semaphore_create(prog, &all, 0, &id))
		FAIL(o, "mesh token ring set-up failed");
	for (unsigned i = 0; i < 16; i++) {
		unsigned n = (i + 1) % 16;
		uint32_t a[3] = { 18 + n % 4, 18 + n / 4, i == 0 };

		tt_kernel_set_runtime_args(prog, k, tt_core(i % 4, i / 4), a, 3);
	}
	for (unsigned r = 0; r < runs; r++) {
		for (uint32_t c = 0; c < 4; c++)
			if ((rc = tt_enqueue_program(tt_system_chip(sys, c), prog, &rep)))
				FAIL(o, "run %u chip %u: %s", r, c, tt_last_error());
		for (uint32_t c = 0; c < 4 && o->nruns < MAX_RUNS; c++) {
			if ((rc = tt_finish(tt_system_chip(sys, c), 60000, &rep)))
				FAIL(o, "run %u chip %u: %s", r, c, tt_last_error());
			o->icount[o->nruns++] = rep.instructions;
		}
	}
	tt_program_destroy(prog);
	tt_system_close(sys);
	chip_traces(o, trace, 4);
}

/*
 * A T3000 (2x4 chips of 1x1 cores) whose chips exchange data over
 * ethernet: every chip plays ping-pong with its east-west partner and
 * with its north-south partner at once, 20 rounds each, all eight chips
 * launched together.  Each chip counts the same and writes the same trace
 * in every run.
 */
#define PP_BALL (TT_MEM_L1_UNRESERVED_BASE + 4096)

static void mesh_ethernet(struct outcome *o, unsigned runs, const char *trace)
{
	struct tt_system_config cfg = { .name = "T3000",
					.chip = { .grid_x = 1, .grid_y = 1, .trace_path = trace } };
	struct tt_eth_config eth = { .mode = TT_ETH_SENDER };
	struct tt_program *prog[8];
	struct tt_run_report rep;
	struct tt_system *sys;
	uint32_t zero[17] = { 0 };
	int rc;

	if (tt_system_open(&cfg, &sys))
		FAIL(o, "system open: %s", tt_last_error());
	for (uint32_t c = 0; c < 8; c++) {
		/* East-west: even columns serve from channel 8; north-south: the top row from 12. */
		uint32_t ch[2] = { c % 2 ? 0 : 8, c / 4 ? 4 : 12 };
		uint32_t serve[2] = { c % 2 == 0, c / 4 == 0 };

		if (tt_program_create(&prog[c]))
			FAIL(o, "program create");
		for (uint32_t i = 0; i < 2; i++) {
			struct tt_core_range_set at = tt_core_set(tt_core(0, ch[i]));
			uint32_t args[3] = { 20, serve[i], PP_BALL };
			tt_kernel_handle k;

			if (tt_eth_kernel_create(prog[c], KERNEL("eth_pingpong.c"), &at, &eth,
						 &k) ||
			    tt_kernel_set_runtime_args(prog[c], k, tt_core(0, ch[i]), args, 3))
				FAIL(o, "chip %u set-up: %s", c, tt_last_error());
		}
	}
	for (unsigned r = 0; r < runs; r++) {
		for (uint32_t c = 0; c < 8; c++)
			for (uint32_t ch = 0; ch < 16; ch += 4)
				tt_device_eth_l1_write(tt_system_chip(sys, c), tt_core(0, ch),
						       PP_BALL, zero, sizeof(zero));
		tt_system_hold(sys);
		for (uint32_t c = 0; c < 8; c++)
			if ((rc = tt_enqueue_program(tt_system_chip(sys, c), prog[c], &rep)))
				FAIL(o, "run %u chip %u: %s", r, c, tt_last_error());
		tt_system_unhold(sys);
		for (uint32_t c = 0; c < 8; c++) {
			if ((rc = tt_finish(tt_system_chip(sys, c), 60000, &rep)))
				FAIL(o, "run %u chip %u: %s", r, c, tt_last_error());
			if (o->nruns < MAX_RUNS)
				o->icount[o->nruns++] = rep.instructions;
		}
	}
	for (uint32_t c = 0; c < 8; c++)
		tt_program_destroy(prog[c]);
	tt_system_close(sys);
	chip_traces(o, trace, 8);
}

/* The demo program itself (a 320x320x320 multicast matmul on 4x4 cores). */
static void matmul_demo(struct outcome *o, unsigned runs, const char *trace)
{
	char cmd[1024], line[512];
	FILE *p;
	int status;

	(void)runs;
	snprintf(cmd, sizeof(cmd), "TT_EMU_TRACE='%s' %s 10 10 10 2 2 2>&1", trace, MM_MULTI);
	p = popen(cmd, "r");
	if (!p)
		FAIL(o, "cannot run %s", MM_MULTI);
	while (fgets(line, sizeof(line), p)) {
		if (strstr(line, " guest instructions") && o->nruns < MAX_RUNS)
			o->icount[o->nruns++] = e2e_number_before(line, " guest instructions");
		if (strstr(line, "PCC"))
			XXH64_update(print_state, line, strlen(line));
	}
	status = pclose(p);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		FAIL(o, "%s exited with status %d", MM_MULTI, status);
	if (o->nruns != 1)
		FAIL(o, "the demo printed no instruction count");
}

/* Driver ----------------------------------------------------------------- */

static unsigned scale(void)
{
	const char *s = getenv("TT_DETERMINISM_SCALE");
	unsigned n = s ? (unsigned)atoi(s) : 1;

	return n ? n : 1;
}

/* A busy loop on each of @n host CPUs, in child processes. */
static void start_hogs(pid_t *hogs, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		hogs[i] = fork();
		if (hogs[i] == 0) {
			volatile unsigned long spin = 0;

			for (;;)
				spin++;
		}
	}
}

static void stop_hogs(pid_t *hogs, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		if (hogs[i] > 0) {
			kill(hogs[i], SIGKILL);
			waitpid(hogs[i], NULL, 0);
		}
	}
}

/* Run one process of @c; its outcome comes back through @fd. */
static void child(const struct dcase *c, unsigned runs, const char *trace, int fd)
{
	struct outcome *o = calloc(1, sizeof(*o));

	print_state = XXH64_createState();
	XXH64_reset(print_state, 0);
	c->run(o, runs, trace);
	o->print_hash = XXH64_digest(print_state);
	o->trace_hash = hash_file(trace);
	if (!o->failed && !o->trace_hash)
		snprintf(o->why, sizeof(o->why), "no trace written to %s", trace), o->failed = 1;
	if (write(fd, o, sizeof(*o)) != (ssize_t)sizeof(*o))
		_exit(2);
	_exit(0);
}

static int read_full(int fd, void *buf, size_t len)
{
	size_t got = 0;

	while (got < len) {
		ssize_t n = read(fd, (char *)buf + got, len - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		got += (size_t)n;
	}
	return 0;
}

static void add_distinct(uint64_t *vals, unsigned *n, unsigned max, uint64_t v)
{
	for (unsigned i = 0; i < *n; i++)
		if (vals[i] == v)
			return;
	if (*n < max)
		vals[(*n)++] = v;
}

static void check_case(const struct dcase *c)
{
	unsigned rounds = c->rounds * scale(), ncpu = (unsigned)sysconf(_SC_NPROCESSORS_ONLN);
	unsigned total = rounds * c->procs, nout = 0, ncounts = 0, ntraces = 0;
	struct outcome *out = calloc(total, sizeof(*out));
	uint64_t counts[16], traces[16];
	char dir[] = "/tmp/tt-determinism-XXXXXX";
	pid_t hogs[64] = { 0 };

	cr_assert_not_null(out);
	cr_assert_not_null(mkdtemp(dir));
	if (ncpu > 64)
		ncpu = 64;
	for (unsigned r = 0; r < rounds; r++) {
		pid_t pids[8];
		int fds[8];
		bool hog = r % 2;

		if (hog)
			start_hogs(hogs, ncpu);
		for (unsigned p = 0; p < c->procs; p++) {
			char trace[128];
			int pipefd[2];

			snprintf(trace, sizeof(trace), "%s/%s-%u-%u.json", dir, c->name, r, p);
			cr_assert_eq(pipe(pipefd), 0);
			fflush(NULL);
			pids[p] = fork();
			cr_assert_geq(pids[p], 0);
			if (pids[p] == 0) {
				close(pipefd[0]);
				child(c, c->runs, trace, pipefd[1]);
			}
			close(pipefd[1]);
			fds[p] = pipefd[0];
		}
		for (unsigned p = 0; p < c->procs; p++) {
			struct outcome *o = &out[nout++];
			int st;

			if (read_full(fds[p], o, sizeof(*o))) {
				o->failed = 1;
				snprintf(o->why, sizeof(o->why), "process %u of round %u died", p,
					 r);
			}
			close(fds[p]);
			waitpid(pids[p], &st, 0);
		}
		if (hog)
			stop_hogs(hogs, ncpu);
	}

	for (unsigned i = 0; i < nout; i++) {
		cr_assert(!out[i].failed, "%s, process %u: %s", c->name, i, out[i].why);
		cr_assert_eq(out[i].nruns, out[0].nruns);
		for (unsigned k = 0; k < out[i].nruns; k++)
			add_distinct(counts, &ncounts, 16, out[i].icount[k]);
		add_distinct(traces, &ntraces, 16, out[i].trace_hash);
	}
	if (scale() > 1 || ncounts > 1 || ntraces > 1) {
		printf("%-20s %4u runs: %u distinct instruction count%s (", c->name,
		       nout * (out[0].nruns ? out[0].nruns : 1), ncounts, ncounts == 1 ? "" : "s");
		for (unsigned i = 0; i < ncounts; i++)
			printf("%s%llu", i ? ", " : "", (unsigned long long)counts[i]);
		printf("), %u distinct trace%s\n", ntraces, ntraces == 1 ? "" : "s");
		fflush(stdout);
	}
	for (unsigned i = 1; i < nout; i++) {
		for (unsigned k = 0; k < out[i].nruns; k++)
			cr_expect_eq(out[i].icount[k], out[0].icount[k],
				     "%s: process %u run %u counted %llu instructions, process 0 "
				     "%llu",
				     c->name, i, k, (unsigned long long)out[i].icount[k],
				     (unsigned long long)out[0].icount[k]);
		cr_expect_eq(out[i].trace_hash, out[0].trace_hash,
			     "%s: process %u wrote a different trace (kept in %s)", c->name, i,
			     dir);
		cr_expect_eq(out[i].print_hash, out[0].print_hash,
			     "%s: process %u printed different output", c->name, i);
	}
	/* Inside one process, every run of the same program counts the same. */
	for (unsigned k = 1; k < out[0].nruns; k++) {
		unsigned first = c->chips ? k % c->chips : 0;

		cr_expect_eq(out[0].icount[k], out[0].icount[first],
			     "%s: count %u of process 0 is %llu, count %u %llu", c->name, k,
			     (unsigned long long)out[0].icount[k], first,
			     (unsigned long long)out[0].icount[first]);
	}
	if (ncounts <= 1 && ntraces <= 1) {
		char cmd[128];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		if (system(cmd))
			fprintf(stderr, "could not remove %s\n", dir);
	}
	free(out);
}

/* 20 runs per case (ten beside a hog), as processes that run at once. */
static const struct dcase cases[] = {
	{ "boot", boot, 2, 1, 10, 0 },
	{ "pipeline", pipeline, 2, 5, 2, 0 },
	{ "pipeline_noc_delay", pipeline_noc_delay, 2, 5, 2, 0 },
	{ "fan_in", fan_in, 2, 5, 2, 0 },
	{ "token_ring", token_ring, 2, 5, 2, 0 },
	{ "matmul_demo_x4", matmul_demo, 4, 1, 5, 0 },
	{ "mesh_token_ring", mesh_token_ring, 2, 3, 2, 0 },
	{ "mesh_ethernet", mesh_ethernet, 2, 3, 2, 8 },
};

/*
 * Instruction counts do not depend on how QEMU cuts code into translation
 * blocks (QEMU patch 0006: wfi ends its block): hello_world counts the
 * same with one instruction per block (-singlestep) as normally.
 */
static unsigned long long hello_count(const char *qemu_wrapper)
{
	char cmd[1024], line[512];
	unsigned long long n = 0;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "%s%s %s/examples/hello_world 2>&1", qemu_wrapper ? "QEMU=" : "",
		 qemu_wrapper ? qemu_wrapper : "", TT_BUILD_DIR);
	p = popen(cmd, "r");
	cr_assert_not_null(p);
	while (fgets(line, sizeof(line), p))
		if (strstr(line, " device instructions"))
			n = e2e_number_before(line, " device instructions");
	cr_assert_eq(pclose(p), 0, "hello_world failed");
	return n;
}

Test(determinism, count_independent_of_translation_blocks, .timeout = 120)
{
	char wrapper[] = "/tmp/tt-qemu-1insn-XXXXXX";
	const char *qemu = getenv("QEMU");
	unsigned long long normal, one;
	FILE *f;
	int fd;

	fd = mkstemp(wrapper);
	cr_assert_geq(fd, 0);
	f = fdopen(fd, "w");
	fprintf(f, "#!/bin/sh\nexec '%s' -singlestep \"$@\"\n",
		qemu && *qemu ? qemu : TT_BUILD_DIR "/qemu/build/qemu-system-riscv32");
	fclose(f);
	cr_assert_eq(chmod(wrapper, 0700), 0);
	normal = hello_count(NULL);
	one = hello_count(wrapper);
	unlink(wrapper);
	cr_assert_gt(normal, 0);
	cr_expect_eq(one, normal, "%llu instructions with one instruction per block, %llu without",
		     one, normal);
}

/*
 * The tile engine's matmul thread (TT_EMU_TILE_THREAD, on by default)
 * changes nothing a program can see: the demo with the matmuls done on it
 * and done inside their commands runs the same instructions, records the
 * same trace and prints the same PCC.
 */
static void demo_with_tile_thread(struct outcome *o, const char *on, const char *trace)
{
	setenv("TT_EMU_TILE_THREAD", on, 1);
	print_state = XXH64_createState();
	XXH64_reset(print_state, 0);
	matmul_demo(o, 1, trace);
	o->print_hash = XXH64_digest(print_state);
	XXH64_freeState(print_state);
	o->trace_hash = hash_file(trace);
	unsetenv("TT_EMU_TILE_THREAD");
	cr_assert(!o->failed, "TT_EMU_TILE_THREAD=%s: %s", on, o->why);
	cr_assert_neq(o->trace_hash, 0, "TT_EMU_TILE_THREAD=%s: no trace written", on);
}

Test(determinism, tile_thread_changes_nothing, .timeout = 300)
{
	static struct outcome on, off;
	char trace[] = "/tmp/tt-det-tile-XXXXXX";
	int fd = mkstemp(trace);

	cr_assert_geq(fd, 0);
	close(fd);
	demo_with_tile_thread(&on, "1", trace);
	demo_with_tile_thread(&off, "0", trace);
	unlink(trace);
	cr_expect_eq(on.icount[0], off.icount[0],
		     "%llu guest instructions with the tile thread, %llu without",
		     (unsigned long long)on.icount[0], (unsigned long long)off.icount[0]);
	cr_expect_eq(on.trace_hash, off.trace_hash, "the traces differ");
	cr_expect_eq(on.print_hash, off.print_hash, "the PCC lines differ");
}

#define CASE(id, i)                           \
	Test(determinism, id, .timeout = 600) \
	{                                     \
		check_case(&cases[i]);        \
	}

CASE(boot, 0)
CASE(pipeline, 1)
CASE(pipeline_noc_delay, 2)
CASE(fan_in, 3)
CASE(token_ring, 4)
CASE(matmul_demo_x4, 5)
CASE(mesh_token_ring, 6)
CASE(mesh_ethernet, 7)
