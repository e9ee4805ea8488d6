// SPDX-License-Identifier: Apache-2.0
/*
 * The device model in parallel mode (TTChipConfig.threaded): one host
 * thread per core drives the chip at once, as QEMU's harts do when MMIO
 * runs without its global lock, in the environment of tests/lib/fake_chip.h
 * (its wake levels and counters are atomics; "wfi" spins on a level).  The
 * tests check what the chip's per-core locking must keep: NoC atomics from
 * every core add up exactly, slave counters count every one, and a hart
 * that sleeps by the protocol of hal/tt_wait.h is never left asleep when
 * its semaphore moves.  The model's other thread, the tile engine's
 * matmul worker of deterministic mode (ttx_worker.h), gives the results of
 * matmuls run at once.
 * The same file runs under ThreadSanitizer (make test-tsan), built with
 * TT_TSAN_MAIN: Criterion's process arena does not start under TSan, so
 * there a plain main() runs the tests and the checks abort.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* sched_getaffinity, sched_getcpu */
#endif
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tt_ctl.h"
#include "tt_emu_regs.h"
#include "tt_mem_map.h"
#include "tt_noc_map.h"
#include "tt_noc_regs.h"
#include "tt_riscv.h"
#include "ttx_chip.h"

#include "fake_chip.h"
#include "num_util.h"
#include "ttx_tile.h"
#include "ttx_worker.h"

#ifdef TT_TSAN_MAIN
#include <stdio.h>

#define check(cond, ...)                                                          \
	do {                                                                      \
		if (!(cond)) {                                                    \
			fprintf(stderr, "%s:%d: %s ", __FILE__, __LINE__, #cond); \
			fprintf(stderr, " " __VA_ARGS__);                         \
			fprintf(stderr, "\n");                                    \
			abort();                                                  \
		}                                                                 \
	} while (0)
#define TEST(name) static void test_##name(void)
#else
#include <criterion/criterion.h>

#define check(cond, ...) cr_assert(cond, " " __VA_ARGS__)
#define TEST(name)	 Test(threads, name, .timeout = 120)
#endif

#define GX     4
#define GY     4
#define NCORES (GX * GY)
#define SEM    0x100000u /* a semaphore in free L1 */
#define RISC   TT_RISC_BRISC

static void wr(unsigned core, uint32_t addr, uint32_t v)
{
	check(ttx_chip_write(F.chip, core, RISC, addr, 4, v), "write of 0x%x refused", addr);
}

static uint32_t rd(unsigned core, uint32_t addr)
{
	uint64_t v;

	check(ttx_chip_read(F.chip, core, RISC, addr, 4, &v), "read of 0x%x refused", addr);
	return (uint32_t)v;
}

static void setup(void)
{
	TTChipConfig cfg = { .grid_x = GX, .grid_y = GY, .threaded = true };

	fake_chip_setup_cfg(&cfg, 0);
	/* Every hart out of reset: a landing may wake it. */
	for (unsigned c = 0; c < NCORES; c++)
		wr(c, TT_MMIO_RISCV_DEBUG_BASE + TT_A_DBG_SOFT_RESET_0, 0);
}

static void teardown(void)
{
	fake_chip_teardown();
}

#ifndef TT_TSAN_MAIN
TestSuite(threads, .init = setup, .fini = teardown);
#endif

static uint32_t *sem(unsigned core)
{
	return (uint32_t *)(F.l1 + (size_t)core * TT_MEM_L1_SIZE + SEM);
}

static uint32_t core_xy(unsigned core)
{
	return TT_FIELD_VAL(NOC, ADDR_MID, X, TT_NOC_VIRTUAL_WORKER_X0 + core % GX) |
	       TT_FIELD_VAL(NOC, ADDR_MID, Y, TT_NOC_VIRTUAL_WORKER_Y0 + core / GX);
}

static uint32_t noc_reg(uint32_t reg)
{
	return TT_MMIO_NOC0_BASE + TT_NOC_AT_CMD_BUF * TT_NOC_CMD_BUF_STRIDE + reg;
}

static uint32_t noc_status(unsigned core, unsigned idx)
{
	return rd(core, TT_MMIO_NOC0_BASE + TT_A_NOC_STATUS0 + 4 * idx);
}

/* noc_semaphore_inc(@to's SEM, 1) from @core: a non-posted INCR_GET. */
static void sem_inc(unsigned core, unsigned to)
{
	wr(core, noc_reg(TT_A_NOC_TARG_ADDR_LO), SEM);
	wr(core, noc_reg(TT_A_NOC_TARG_ADDR_MID), core_xy(to));
	wr(core, noc_reg(TT_A_NOC_RET_ADDR_LO), TT_MEM_NOC_ATOMIC_RET_VAL_ADDR);
	wr(core, noc_reg(TT_A_NOC_RET_ADDR_MID), core_xy(core));
	wr(core, noc_reg(TT_A_NOC_AT_LEN_BE),
	   TT_FIELD_VAL(NOC, AT_LEN_BE, INS, TT_NOC_AT_INS_INCR_GET) |
		   TT_FIELD_VAL(NOC, AT_LEN_BE, WRAP, TT_NOC_AT_WRAP_FULL) |
		   TT_FIELD_VAL(NOC, AT_LEN_BE, IND_32, (SEM >> 2) & 3));
	wr(core, noc_reg(TT_A_NOC_AT_DATA), 1);
	wr(core, noc_reg(TT_A_NOC_CTRL), TT_R_NOC_CTRL_AT_MASK | TT_R_NOC_CTRL_RESP_MARKED_MASK);
	wr(core, noc_reg(TT_A_NOC_CMD_CTRL), TT_R_NOC_CMD_CTRL_SEND_REQ_MASK);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* wfi: until the wake is raised; false if it stays low for 20 s. */
static bool wfi(unsigned core)
{
	double end = now() + 20;

	while (!__atomic_load_n(&F.level[core][RISC], __ATOMIC_SEQ_CST)) {
		if (now() > end)
			return false;
		sched_yield();
	}
	return true;
}

/* The sleep primitive of hal/tt_wait.h, waiting for SEM >= @want. */
static bool sleep_until(unsigned core, uint32_t want)
{
	const uint32_t emu = TT_MMIO_EMU_BASE;

	if (__atomic_load_n(sem(core), __ATOMIC_SEQ_CST) >= want)
		return true;
	for (;;) {
		wr(core, emu + TT_A_EMU_WAKE_ACK, 1);
		if (__atomic_load_n(sem(core), __ATOMIC_SEQ_CST) >= want)
			break;
		wr(core, emu + TT_A_EMU_WAIT_ID, SEM);
		wr(core, emu + TT_A_EMU_WAIT_EXPECT, want);
		wr(core, emu + TT_A_EMU_WAIT_KIND, TT_WAIT_SEMAPHORE_MIN);
		if (!wfi(core))
			return false;
	}
	wr(core, emu + TT_A_EMU_WAIT_KIND, TT_WAIT_NONE);
	return true;
}

#define INCS 10000u /* per sending core */

static void *hammer(void *arg)
{
	unsigned core = (unsigned)(uintptr_t)arg;

	for (unsigned i = 0; i < INCS; i++)
		sem_inc(core, 0);
	return NULL;
}

/* Fifteen cores add to one word of core 0 at once: nothing is lost. */
TEST(atomics_from_every_core_add_up)
{
	pthread_t t[NCORES];

	for (unsigned c = 1; c < NCORES; c++)
		check(!pthread_create(&t[c], NULL, hammer, (void *)(uintptr_t)c));
	for (unsigned c = 1; c < NCORES; c++)
		pthread_join(t[c], NULL);
	check(*sem(0) == (NCORES - 1) * INCS, "semaphore %u, want %u", *sem(0),
	      (NCORES - 1) * INCS);
	check(noc_status(0, TT_NOC_ST_SLV_NONPOSTED_ATOMIC_RECEIVED) == (NCORES - 1) * INCS,
	      "core 0 counted every atomic it received");
	check(noc_status(0, TT_NOC_ST_SLV_ATOMIC_RESP_SENT) == (NCORES - 1) * INCS);
	for (unsigned c = 1; c < NCORES; c++)
		check(noc_status(c, TT_NOC_ST_MST_ATOMIC_RESP_RECEIVED) == INCS,
		      "core %u's barrier count", c);
	check(__atomic_load_n(&F.errors, __ATOMIC_RELAXED) == 0);
}

#define ROUNDS 4000u

static bool lost[NCORES]; /* a hart slept through its semaphore */

/* Ping-pong with core @core ^ 1: every round, each side sleeps once. */
static void *ping_pong(void *arg)
{
	unsigned core = (unsigned)(uintptr_t)arg, peer = core ^ 1;

	for (uint32_t r = 1; r <= ROUNDS; r++) {
		if (core & 1) {
			if (!sleep_until(core, r))
				break;
			sem_inc(core, peer);
		} else {
			sem_inc(core, peer);
			if (!sleep_until(core, r))
				break;
		}
	}
	__atomic_store_n(&lost[core], __atomic_load_n(sem(core), __ATOMIC_SEQ_CST) != ROUNDS,
			 __ATOMIC_SEQ_CST);
	return NULL;
}

/*
 * Eight pairs of cores ping-pong semaphores, each side sleeping for every
 * increment: a wake lost between a landing and a sleep leaves a side
 * asleep for good (wfi gives up after 20 s).
 */
TEST(no_wake_is_lost)
{
	pthread_t t[NCORES];

	memset(lost, 0, sizeof(lost));
	for (unsigned c = 0; c < NCORES; c++)
		check(!pthread_create(&t[c], NULL, ping_pong, (void *)(uintptr_t)c));
	for (unsigned c = 0; c < NCORES; c++)
		pthread_join(t[c], NULL);
	for (unsigned c = 0; c < NCORES; c++)
		check(!lost[c], "core %u: semaphore %u after %u rounds (a wake was lost)", c,
		      *sem(c), ROUNDS);
	check(__atomic_load_n(&F.errors, __ATOMIC_RELAXED) == 0);
}

/*
 * The tile engine's thread (ttx_worker.h), as deterministic mode uses it:
 * MATMULs of four engines issued round robin, one engine synced halfway,
 * give bit for bit the Dst of the same matmuls run at once, and the thread
 * ran some of them (the test waits for its first before going on).
 */
#define MM_ENGINES 4
#define MM_ROUNDS  24

static TTTileEngine *new_engine(void)
{
	static const TTTileConfig cfg = { .fidelity = TTX_HIFI4 };
	TTTileEngine *e = aligned_alloc(64, (sizeof(*e) + 63) & ~(size_t)63);

	check(e != NULL);
	ttx_tile_init(e, &cfg);
	check(ttx_tile_acquire(e) == TTX_TILE_OK);
	return e;
}

static void bf16_tile(uint16_t *t)
{
	for (unsigned i = 0; i < TT_TILE_ELEMS; i++) {
		double m = rnd(1e-2, 1e2);

		t[i] = rne_bf16((float)(rnd(0, 1) < 0.5 ? -m : m));
	}
}

/* Round @r: one matmul on each of @n engines, through @w and at once. */
static void mm_round(TTTileWorker *w, TTTileEngine **e, TTTileEngine **ref, unsigned n, unsigned r)
{
	static uint16_t a[TT_TILE_ELEMS], b[TT_TILE_ELEMS];

	for (unsigned c = 0; c < n; c++) {
		bf16_tile(a);
		bf16_tile(b);
		check(ttx_tile_unpack(e[c], TTX_SRC_B, TT_DF_FLOAT16_B, a, 0) == 0);
		check(ttx_tile_unpack(e[c], TTX_SRC_A, TT_DF_FLOAT16_B, b, 0) == 0);
		check(ttx_worker_matmul(w, c, e[c], r % 3) == TTX_TILE_OK);
		check(ttx_tile_matmul_tiles(ref[c], TT_DF_FLOAT16_B, a, TT_DF_FLOAT16_B, b, false,
					    r % 3) == TTX_TILE_OK);
	}
}

/* Sync @n engines, check their Dst against @ref's, free them and @w. */
static void mm_check(TTTileWorker *w, TTTileEngine **e, TTTileEngine **ref, unsigned n)
{
	static uint16_t got[TT_TILE_ELEMS], want[TT_TILE_ELEMS];

	for (unsigned c = 0; c < n; c++) {
		ttx_worker_sync(w, c);
		ttx_tile_commit(e[c]);
		ttx_tile_commit(ref[c]);
		for (unsigned t = 0; t < 3; t++) {
			check(ttx_tile_pack(e[c], t, TT_DF_FLOAT16_B, got) == 0);
			check(ttx_tile_pack(ref[c], t, TT_DF_FLOAT16_B, want) == 0);
			check(!memcmp(got, want, sizeof(got)), "engine %u, Dst tile %u differs", c,
			      t);
		}
	}
	ttx_worker_free(w);
	for (unsigned c = 0; c < n; c++) {
		ttx_tile_fini(e[c]);
		ttx_tile_fini(ref[c]);
		free(e[c]);
		free(ref[c]);
	}
}

TEST(tile_thread_matmuls_are_the_matmuls)
{
	TTTileWorker *w = ttx_worker_new(MM_ENGINES);
	TTTileEngine *e[MM_ENGINES], *ref[MM_ENGINES];

	check(w != NULL);
	rng_seed(11);
	for (unsigned c = 0; c < MM_ENGINES; c++) {
		e[c] = new_engine();
		ref[c] = new_engine();
	}
	for (unsigned r = 0; r < MM_ROUNDS; r++) {
		mm_round(w, e, ref, MM_ENGINES, r);
		if (r == 0) {
			struct timespec pause = { 0, 1000000 };

			for (unsigned i = 0; i < 20000 && !ttx_worker_thread_runs(w); i++)
				nanosleep(&pause, NULL);
			check(ttx_worker_thread_runs(w) > 0, "the thread ran no matmul in 20 s");
		}
		if (r == MM_ROUNDS / 2)
			ttx_worker_sync(w, 1);
	}
	mm_check(w, e, ref, MM_ENGINES);
}

/*
 * A process that may run on one CPU only keeps the arithmetic in the
 * commands: a thread would only take turns with the harts' (and spin while
 * it waits for work).  No job runs on a thread in 50 ms, and the results
 * are the same.
 */
TEST(tile_thread_stays_off_on_one_cpu)
{
	TTTileWorker *w = ttx_worker_new(2);
	TTTileEngine *e[2], *ref[2];
	struct timespec pause = { 0, 50000000 };
	cpu_set_t one, all;

	check(w != NULL);
	check(!sched_getaffinity(0, sizeof(all), &all));
	CPU_ZERO(&one);
	CPU_SET(sched_getcpu(), &one);
	check(!sched_setaffinity(0, sizeof(one), &one));
	rng_seed(12);
	for (unsigned c = 0; c < 2; c++) {
		e[c] = new_engine();
		ref[c] = new_engine();
	}
	for (unsigned r = 0; r < 4; r++)
		mm_round(w, e, ref, 2, r);
	nanosleep(&pause, NULL);
	check(ttx_worker_thread_runs(w) == 0, "a thread ran %lu matmuls on one CPU",
	      ttx_worker_thread_runs(w));
	mm_check(w, e, ref, 2);
	check(!sched_setaffinity(0, sizeof(all), &all));
}

#ifdef TT_TSAN_MAIN
int main(void)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} tests[] = {
		{ "atomics_from_every_core_add_up", test_atomics_from_every_core_add_up },
		{ "no_wake_is_lost", test_no_wake_is_lost },
		{ "tile_thread_matmuls_are_the_matmuls", test_tile_thread_matmuls_are_the_matmuls },
		{ "tile_thread_stays_off_on_one_cpu", test_tile_thread_stays_off_on_one_cpu },
	};

	for (size_t i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		setup();
		tests[i].fn();
		teardown();
		printf("threads::%s: passed\n", tests[i].name);
	}
	return 0;
}
#endif
