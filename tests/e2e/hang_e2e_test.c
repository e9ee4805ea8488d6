// SPDX-License-Identifier: Apache-2.0
/*
 * Hang reports end to end.  A token ring (kernels/sem_ring.c) in which no
 * core starts the token is a deadlock: every BRISC sleeps on its
 * semaphore and nothing can wake one.  The run must stop as soon as the
 * device goes idle, not after its timeout (the default 60 s here; the
 * test's own watchdog is far shorter), say why, and leave the device able
 * to run the same ring correctly.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "e2e.h"
#include "tt_data_format.h"

#define NOC_X(x) (18 + (x)) /* virtual worker coordinates */
#define NOC_Y(y) (18 + (y))

/*
 * A ring over @n cores, row by row on a grid @gx wide (@n a multiple of
 * @gx); @starter starts the token, or no core does when it is @n or more;
 * @dropper (< @n) keeps it.
 */
static struct tt_program *ring_on(const char *kernel, uint32_t gx, uint32_t n, uint32_t starter,
				  uint32_t dropper)
{
	struct tt_core_range_set all = tt_core_range_set(tt_core_range(0, 0, gx - 1, n / gx - 1));
	struct tt_dm_config cfg = { .processor = TT_DM_RISCV_0 };
	struct tt_program *prog;
	tt_kernel_handle k;
	uint32_t sem;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, kernel, &all, &cfg, &k), TT_OK);
	cr_assert_eq(tt_semaphore_create(prog, &all, 0, &sem), TT_OK);
	cr_assert_eq(sem, 0);
	for (uint32_t i = 0; i < n; i++) {
		uint32_t next = (i + 1) % n;
		uint32_t a[4] = { NOC_X(next % gx), NOC_Y(next / gx), i == starter, i == dropper };

		cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(i % gx, i / gx), a, 4),
			     TT_OK);
	}
	return prog;
}

static struct tt_program *ring_of(const char *kernel, uint32_t n, uint32_t starter,
				  uint32_t dropper)
{
	return ring_on(kernel, n, n, starter, dropper);
}

static struct tt_program *ring(uint32_t n, uint32_t starter)
{
	return ring_of(KERNEL("sem_ring.c"), n, starter, n);
}

/* Does the report hold @text?  The report goes in the failure message. */
#define expect_in(rep, text) \
	cr_expect(strstr(tt_last_error(), (text)), "no \"%s\" in:\n%s", (text), tt_last_error())

/* The device still runs a correct program: the ring with a starter. */
static void ring_runs(struct tt_device *dev, uint32_t n)
{
	struct tt_program *prog = ring(n, 0);
	struct tt_run_report rep;

	e2e_run_ok(dev, prog, &rep);
	tt_program_destroy(prog);
}

Test(hang, two_core_deadlock_reported_at_once, .timeout = 30)
{
	struct tt_device *dev = e2e_open(2, 1);
	struct tt_program *prog = ring(2, 2);
	struct tt_run_report rep;
	int rc;

	rc = tt_program_run(dev, prog, 0, &rep);
	cr_assert_eq(rc, TT_EDEADLK, "got %s\n%s", tt_strerror(rc), tt_last_error());
	cr_expect_eq(rep.status, TT_EDEADLK);
	cr_expect(strstr(tt_last_error(), "deadlock after ") == tt_last_error(), "report:\n%s",
		  tt_last_error());
	cr_expect(strstr(tt_last_error(), "no hart can ever wake"), "report:\n%s", tt_last_error());
	expect_in(&rep, "core (0,0) cannot finish");
	expect_in(&rep, "core (1,0) cannot finish");
	cr_expect(strstr(tt_last_error(), "did not finish within") == NULL,
		  "a deadlock is not a timeout:\n%s", tt_last_error());
	/* A deadlock belongs to no single hart. */
	cr_expect_eq(rep.risc, TT_RUN_NOWHERE);
	cr_expect_eq(rep.core.x, TT_RUN_NOWHERE);
	tt_program_destroy(prog);
	ring_runs(dev, 2);
	tt_device_close(dev);
}

/* The same deadlock, twice: the report is the same text both times. */
Test(hang, deadlock_report_is_deterministic, .timeout = 30)
{
	struct tt_device *dev = e2e_open(2, 1);
	struct tt_program *prog = ring(2, 2);
	struct tt_run_report a, b;
	char first[4096];

	cr_assert_eq(tt_program_run(dev, prog, 0, &a), TT_EDEADLK, "%s", tt_last_error());
	snprintf(first, sizeof(first), "%s", tt_last_error());
	cr_assert_eq(tt_program_run(dev, prog, 0, &b), TT_EDEADLK, "%s", tt_last_error());
	cr_expect_str_eq(first, tt_last_error());
	tt_program_destroy(prog);
	ring_runs(dev, 2);
	tt_device_close(dev);
}

/*
 * Sleepers are named like runners (file:line and function), semaphores
 * by id, and the cycle comes first: each core waits for the other.
 */
Test(hang, deadlock_names_the_cycle_and_the_lines, .timeout = 30)
{
	struct tt_device *dev = e2e_open(2, 1);
	struct tt_program *prog = ring(2, 2);
	struct tt_run_report rep;
	const char *cause, *cores;

	cr_assert_eq(tt_program_run(dev, prog, 0, &rep), TT_EDEADLK, "%s", tt_last_error());
	expect_in(&rep, "root cause: a cycle of 2 waits, none of which can end first:\n"
			"  core (0,0) BRISC waits for semaphore 0 == 1 (now 0), which only "
			"core (1,0) BRISC can increment;\n"
			"  core (1,0) BRISC waits for semaphore 0 == 1 (now 0), which only "
			"core (0,0) BRISC can increment\n");
	expect_in(&rep, "asleep: waits for semaphore 0 == 1 (now 0) at sem_ring.c:");
	expect_in(&rep, "(kernel_main, in noc_semaphore_wait)");
	cr_expect(strstr(tt_last_error(), "semaphore at 0x") == NULL, "%s", tt_last_error());
	/* The cause comes before the per-core lines. */
	cause = strstr(tt_last_error(), "root cause");
	cores = strstr(tt_last_error(), "cannot finish");
	cr_expect(cause && cores && cause < cores, "%s", tt_last_error());
	tt_program_destroy(prog);
	ring_runs(dev, 2);
	tt_device_close(dev);
}

/*
 * A ring of four where core (2,0) finishes without passing the token on:
 * the report follows the waits back to it and says it finished.
 */
Test(hang, ring_stops_at_the_core_that_finished, .timeout = 30)
{
	struct tt_device *dev = e2e_open(4, 1);
	struct tt_program *prog = ring_of(KERNEL("sem_ring_drop.c"), 4, 0, 2);
	struct tt_run_report rep;

	cr_assert_eq(tt_program_run(dev, prog, 0, &rep), TT_EDEADLK, "%s", tt_last_error());
	expect_in(&rep, "root cause: a chain of waits that ends where nothing is "
			"left to do its part:\n"
			"  core (0,0) BRISC waits for semaphore 0 == 1 (now 0), which only "
			"core (3,0) BRISC can increment;\n"
			"  core (3,0) BRISC waits for semaphore 0 == 1 (now 0), which only "
			"core (2,0) BRISC can increment; core (2,0) BRISC finished, "
			"and no hart is left to increment it\n");
	/* Core (2,0) is done: no line of its own; the others are listed. */
	expect_in(&rep, "core (0,0) cannot finish");
	expect_in(&rep, "core (3,0) cannot finish");
	cr_expect(strstr(tt_last_error(), "core (2,0) cannot finish") == NULL, "%s",
		  tt_last_error());
	tt_program_destroy(prog);
	ring_runs(dev, 4);
	tt_device_close(dev);
}

/*
 * A deadlocked ring of 32 cores: over a page, cores stuck the same way
 * share one line, the 32-link cycle shows its ends, and nothing is cut
 * without a word.
 */
Test(hang, big_deadlock_groups_identical_cores, .timeout = 60)
{
	struct tt_device *dev = e2e_open(8, 4);
	struct tt_program *prog = ring_on(KERNEL("sem_ring.c"), 8, 32, 32, 32);
	struct tt_run_report rep;

	cr_assert_eq(tt_program_run(dev, prog, 0, &rep), TT_EDEADLK, "%s", tt_last_error());
	expect_in(&rep, "root cause: a cycle of 32 waits, none of which can end first:\n"
			"  core (0,0) BRISC waits for semaphore 0 == 1 (now 0), which only "
			"core (7,3) BRISC can increment;\n");
	expect_in(&rep, "  ... 26 more links like these ...\n");
	expect_in(&rep, "core (0,0) cannot finish\n"
			"  core (0,0) BRISC  pc 0x");
	expect_in(&rep, "31 more cores the same way, (1,0) (2,0) (3,0) (4,0) (5,0) "
			"(6,0) ...: BRISC  asleep: waits for semaphore 0 == 1 (now 0) at "
			"sem_ring.c:");
	cr_expect(strstr(tt_last_error(), "core (1,0) cannot finish") == NULL, "%s",
		  tt_last_error());
	cr_expect(strstr(tt_last_error(), "report cut") == NULL, "%s", tt_last_error());
	tt_program_destroy(prog);
	prog = ring_on(KERNEL("sem_ring.c"), 8, 32, 0, 32);
	e2e_run_ok(dev, prog, &rep);
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/* Too many failures for the report: it says where it was cut, and how
 * much is missing, on its last line. */
Test(hang, cut_report_says_so, .timeout = 60)
{
	struct tt_device *dev = e2e_open(8, 4);
	tt_kernel_handle k;
	struct tt_program *prog =
		e2e_program(KERNEL("unmapped.c"), tt_core_range(0, 0, 7, 3), TT_DM_RISCV_0, &k);
	uint32_t out = 0x100000;
	struct tt_run_report rep;
	const char *cut;

	cr_assert_eq(tt_kernel_set_common_runtime_args(prog, k, &out, 1), TT_OK);
	cr_assert_eq(tt_program_run(dev, prog, 0, &rep), TT_EGUEST, "%s", tt_last_error());
	cut = strrchr(tt_last_error(), '(');
	cr_assert(cut, "%s", tt_last_error());
	cr_expect(strstr(cut, "more lines left out: the report holds 2048 bytes)\n") &&
			  cut[strlen(cut) - 1] == '\n' && !strchr(cut, '\n')[1],
		  "the last line says so: %s", tt_last_error());
	tt_program_destroy(prog);
	ring_runs(dev, 2);
	tt_device_close(dev);
}

/*
 * A reader (NCRISC) pushes 2 pages into CB 0 and finishes; the writer
 * (BRISC) was told to expect 4.  The CB wait points at the RISC that
 * should push, and it finished.  Then the same pair with matching counts
 * runs and copies the data.
 */
static struct tt_program *pipeline(struct tt_buffer *src, struct tt_buffer *dst, uint32_t pushed,
				   uint32_t expected)
{
	struct tt_core_range_set one = tt_core_set(tt_core(0, 0));
	struct tt_dm_config rcfg = { .processor = TT_DM_RISCV_1, .noc = TT_NOC_1 };
	struct tt_dm_config wcfg = { .processor = TT_DM_RISCV_0, .noc = TT_NOC_0 };
	struct tt_cb_format f = { .index = 0, .data_format = TT_DF_FLOAT16_B, .page_size = 64 };
	struct tt_cb_config cb = { .total_size = 2 * 64, .formats = &f, .num_formats = 1 };
	uint32_t ra[5] = { tt_buffer_address(src), pushed, 64, 0, 1 };
	uint32_t wa[5] = { tt_buffer_address(dst), expected, 64, 0, 1 };
	struct tt_program *prog;
	tt_kernel_handle rd, wr;
	tt_cb_handle h;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("cb_reader.c"), &one, &rcfg, &rd), TT_OK);
	cr_assert_eq(tt_kernel_create(prog, KERNEL("cb_writer.c"), &one, &wcfg, &wr), TT_OK);
	cr_assert_eq(tt_cb_create(prog, &one, &cb, &h), TT_OK);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, rd, tt_core(0, 0), ra, 5), TT_OK);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, wr, tt_core(0, 0), wa, 5), TT_OK);
	return prog;
}

Test(hang, cb_wait_points_at_the_producer, .timeout = 30)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_buffer_config bc = { .size = 4 * 64, .page_size = 64, .type = TT_BUFFER_DRAM };
	struct tt_buffer *src, *dst;
	struct tt_program *prog;
	struct tt_run_report rep;
	uint8_t in[4 * 64], out[4 * 64];

	cr_assert_eq(tt_buffer_create(dev, &bc, &src), TT_OK);
	cr_assert_eq(tt_buffer_create(dev, &bc, &dst), TT_OK);
	for (unsigned i = 0; i < sizeof(in); i++)
		in[i] = (uint8_t)(i * 7 + 1);
	cr_assert_eq(tt_buffer_write(src, in), TT_OK);
	prog = pipeline(src, dst, 2, 4);
	cr_assert_eq(tt_program_run(dev, prog, 0, &rep), TT_EDEADLK, "%s", tt_last_error());
	expect_in(&rep, "root cause: a wait nothing can end:\n"
			"  core (0,0) BRISC waits for CB 0 front: 1 page, 0 received, which "
			"only core (0,0) NCRISC can push; core (0,0) NCRISC finished, and "
			"no hart is left to push it\n");
	expect_in(&rep, "  core (0,0) BRISC  pc 0x");
	expect_in(&rep, "at cb_writer.c:");
	expect_in(&rep, "  core (0,0) NCRISC finished\n");
	tt_program_destroy(prog);

	prog = pipeline(src, dst, 4, 4);
	e2e_run_ok(dev, prog, &rep);
	cr_assert_eq(tt_buffer_read(dst, out), TT_OK);
	cr_expect(!memcmp(in, out, sizeof(in)), "the pipeline copies after the deadlock");
	tt_program_destroy(prog);
	tt_buffer_free(src);
	tt_buffer_free(dst);
	tt_device_close(dev);
}

/* CB waits ---------------------------------------------------------------- */

/* A data-movement kernel @kernel on @risc of core (0,0) with args @a. */
static void dm_on(struct tt_program *prog, const char *kernel, enum tt_dm_processor risc,
		  const uint32_t *a, uint32_t n)
{
	struct tt_core_range_set set = tt_core_set(tt_core(0, 0));
	struct tt_dm_config cfg = { .processor = risc,
				    .noc = risc == TT_DM_RISCV_0 ? TT_NOC_0 : TT_NOC_1 };
	tt_kernel_handle k;

	cr_assert_eq(tt_kernel_create(prog, kernel, &set, &cfg, &k), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 0), a, n), TT_OK);
}

static void cb_of(struct tt_program *prog, uint32_t index)
{
	struct tt_core_range_set set = tt_core_set(tt_core(0, 0));
	struct tt_cb_format f = { .index = index, .data_format = TT_DF_FLOAT16_B, .page_size = 64 };
	struct tt_cb_config cfg = { .total_size = 4 * 64, .formats = &f, .num_formats = 1 };
	tt_cb_handle h;

	cr_assert_eq(tt_cb_create(prog, &set, &cfg, &h), TT_OK, "%s", tt_last_error());
}

/*
 * Reader (NCRISC) -> CB 0 -> compute -> CB 16 -> writer (BRISC), where the
 * writer waits for two pages and one comes: only the packer (TRISC2)
 * pushes CB 16, so the report names it, not the reader that finished
 * first.
 */
Test(hang, cb_wait_names_the_packer_that_pushes_it, .timeout = 60)
{
	struct tt_device *dev = e2e_open(1, 1);
	struct tt_core_range_set set = tt_core_set(tt_core(0, 0));
	struct tt_compute_config ccfg = { .math_fidelity = TT_MATH_FIDELITY_HIFI4 };
	uint32_t feed[2] = { 0, 1 }, drain[2] = { 16, 2 }, pass = 1;
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle cp;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cb_of(prog, 0);
	cb_of(prog, 16);
	dm_on(prog, KERNEL("cb_feed.c"), TT_DM_RISCV_1, feed, 2);
	dm_on(prog, KERNEL("cb_drain.c"), TT_DM_RISCV_0, drain, 2);
	cr_assert_eq(tt_compute_kernel_create(prog, KERNEL("cb_pass.c"), &set, &ccfg, &cp), TT_OK);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, cp, tt_core(0, 0), &pass, 1), TT_OK);
	cr_assert_eq(tt_program_run(dev, prog, 0, &rep), TT_EDEADLK, "%s", tt_last_error());
	expect_in(&rep, "root cause: a wait nothing can end:\n"
			"  core (0,0) BRISC waits for CB 16 front: 2 pages, 1 received, which only "
			"core (0,0) TRISC2 can push; core (0,0) TRISC2 finished, and no hart is "
			"left to push it\n");
	cr_expect(strstr(tt_last_error(), "NCRISC finished, and") == NULL, "%s", tt_last_error());
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/*
 * BRISC waits for CB 1 and NCRISC for CB 2, and no kernel produces
 * either: not a cycle of two waits (neither would end the other's), but
 * a CB without a producer.
 */
Test(hang, cb_without_producer_is_not_a_cycle, .timeout = 60)
{
	struct tt_device *dev = e2e_open(1, 1);
	uint32_t a[2] = { 1, 1 }, b[2] = { 2, 1 };
	struct tt_program *prog;
	struct tt_run_report rep;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cb_of(prog, 1);
	cb_of(prog, 2);
	dm_on(prog, KERNEL("cb_drain.c"), TT_DM_RISCV_0, a, 2);
	dm_on(prog, KERNEL("cb_drain.c"), TT_DM_RISCV_1, b, 2);
	cr_assert_eq(tt_program_run(dev, prog, 0, &rep), TT_EDEADLK, "%s", tt_last_error());
	expect_in(&rep, "root cause: a wait nothing can end:\n  core (0,0) ");
	expect_in(&rep, " front: 1 page, 0 received; no other RISC of this core has reserved or "
			"pushed CB ");
	expect_in(&rep, " in this launch: it has no producer");
	cr_expect(strstr(tt_last_error(), "cycle") == NULL, "%s", tt_last_error());
	tt_program_destroy(prog);
	tt_device_close(dev);
}

/*
 * A run that is only slow: a CB ring of 10^8 pages, given 300 ms.  When
 * the time runs out the producer sleeps on a full CB and the consumer,
 * whose wake the last push raised, has not yet run again: the report must
 * not call that a cycle of waits none of which can end; the chain ends at
 * the consumer, which runs on.
 */
Test(hang, a_slow_run_is_not_called_a_deadlock, .timeout = 60)
{
	struct tt_device *dev = e2e_open(1, 1);
	uint32_t p[2] = { 100000000, 1 }, c[3] = { 100000000, 1, 0x100000 };
	struct tt_program *prog;
	struct tt_run_report rep;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cb_of(prog, 1);
	dm_on(prog, KERNEL("cb_ring_producer.c"), TT_DM_RISCV_1, p, 2);
	dm_on(prog, KERNEL("cb_ring_consumer.c"), TT_DM_RISCV_0, c, 3);
	cr_assert_eq(tt_program_run(dev, prog, 300, &rep), TT_ETIMEDOUT, "%s", tt_last_error());
	expect_in(&rep, "core (0,0) did not finish within 300 ms");
	cr_expect(strstr(tt_last_error(), "cycle") == NULL, "%s", tt_last_error());
	cr_expect(strstr(tt_last_error(), "no producer") == NULL, "%s", tt_last_error());
	tt_program_destroy(prog);

	/* The device runs the same ring, short, afterwards. */
	p[0] = c[0] = 64;
	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cb_of(prog, 1);
	dm_on(prog, KERNEL("cb_ring_producer.c"), TT_DM_RISCV_1, p, 2);
	dm_on(prog, KERNEL("cb_ring_consumer.c"), TT_DM_RISCV_0, c, 3);
	e2e_run_ok(dev, prog, &rep);
	tt_program_destroy(prog);
	tt_device_close(dev);
}
