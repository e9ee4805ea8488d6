/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A fake environment for device-model tests (tests/device): in-memory L1s
 * and DRAM, counted wake-ups, the last guest error the model sent, the last
 * NoC landing.  Include it once per test file and call fake_chip_setup()
 * (or fake_chip_setup_cfg()) from the suite's init; the state lives in F.
 *
 * Threaded chips (TTChipConfig.threaded) call it from several threads at
 * once: wake counts and levels and the landing are atomics.  Built with
 * TT_TSAN_MAIN (ThreadSanitizer, where Criterion cannot start), its checks
 * abort instead.
 */
#ifndef TT_TESTS_FAKE_CHIP_H
#define TT_TESTS_FAKE_CHIP_H

#ifdef TT_TSAN_MAIN
#include <stdio.h>

#define fake_check(cond)                                                           \
	do {                                                                       \
		if (!(cond)) {                                                     \
			fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #cond); \
			abort();                                                   \
		}                                                                  \
	} while (0)
#else
#include <criterion/criterion.h>

#define fake_check(cond) cr_assert(cond)
#endif

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "tt_ctl.h"
#include "tt_mem_map.h"
#include "tt_riscv.h"
#include "ttx_chip.h"

#define FAKE_PC	       0x0badc0deu /* the pc of every access */
#define FAKE_MAX_CORES 64

static struct fake {
	TTChip *chip;
	uint8_t *l1;
	uint8_t *dram;
	size_t dram_size;
	unsigned wakes[FAKE_MAX_CORES][TT_RISCS_PER_CORE]; /* raises */
	int level[FAKE_MAX_CORES][TT_RISCS_PER_CORE];	   /* MSIP now */
	unsigned landed_core;
	uint32_t landed_addr, landed_len;
	unsigned errors;
	uint64_t clock; /* what clock_ns returns */
	struct tt_evt_guest_error last_ev;
	char last_error[TT_CTL_MAX_PAYLOAD + 1];
	unsigned races; /* TT_EVT_RACE events (racecheck) */
	struct tt_evt_race last_race;
	char last_race_text[TT_CTL_MAX_PAYLOAD + 1];
	unsigned stops;		  /* debug_stop calls (TT_CTL_DEBUG) */
	int stop_core, stop_risc; /* the last one's hart */
} F;

static void fake_set_wake(void *o, unsigned core, unsigned risc, bool level)
{
	(void)o;
	__atomic_store_n(&F.level[core][risc], level, __ATOMIC_SEQ_CST);
	if (level)
		__atomic_fetch_add(&F.wakes[core][risc], 1, __ATOMIC_RELAXED);
}

static void fake_reset_hart(void *o, unsigned core, unsigned risc)
{
	(void)o, (void)core, (void)risc;
}

static void fake_send(void *o, const void *msg, size_t len)
{
	struct tt_ctl_hdr hdr;
	const uint8_t *p = (const uint8_t *)msg + sizeof(hdr);
	size_t n;

	(void)o;
	memcpy(&hdr, msg, sizeof(hdr));
	fake_check(len == sizeof(hdr) + hdr.len);
	if (hdr.type == TT_EVT_RACE) {
		F.races++;
		n = hdr.len - sizeof(F.last_race);
		memcpy(&F.last_race, p, sizeof(F.last_race));
		memcpy(F.last_race_text, p + sizeof(F.last_race), n);
		F.last_race_text[n] = '\0';
		return;
	}
	if (hdr.type != TT_EVT_GUEST_ERROR)
		return;
	__atomic_fetch_add(&F.errors, 1, __ATOMIC_RELAXED);
	n = hdr.len - sizeof(F.last_ev);
	memcpy(&F.last_ev, p, sizeof(F.last_ev));
	memcpy(F.last_error, p + sizeof(F.last_ev), n);
	F.last_error[n] = '\0';
}

static uint8_t *fake_l1(void *o, unsigned core)
{
	(void)o;
	return F.l1 + (size_t)core * TT_MEM_L1_SIZE;
}

static uint8_t *fake_dram(void *o)
{
	(void)o;
	return F.dram;
}

static void fake_l1_written(void *o, unsigned core, uint32_t addr, uint32_t len)
{
	(void)o;
	__atomic_store_n(&F.landed_core, core, __ATOMIC_RELAXED);
	__atomic_store_n(&F.landed_addr, addr, __ATOMIC_RELAXED);
	__atomic_store_n(&F.landed_len, len, __ATOMIC_RELAXED);
}

static void fake_code_changed(void *o, unsigned core, uint32_t addr, uint32_t len)
{
	(void)o, (void)core, (void)addr, (void)len;
}

static uint64_t fake_clock(void *o)
{
	(void)o;
	return F.clock;
}

static uint32_t fake_pc(void *o, unsigned core, unsigned risc)
{
	(void)o, (void)core, (void)risc;
	return FAKE_PC;
}

static uint32_t fake_hart_pc(void *o, unsigned core, unsigned risc, bool *halted)
{
	(void)o, (void)core, (void)risc;
	*halted = true;
	return 0;
}

static void fake_debug_stop(void *o, int core, int risc)
{
	(void)o;
	F.stops++;
	F.stop_core = core;
	F.stop_risc = risc;
}

static const TTChipOps fake_ops = {
	.debug_stop = fake_debug_stop,
	.set_wake = fake_set_wake,
	.reset_hart = fake_reset_hart,
	.send = fake_send,
	.l1 = fake_l1,
	.dram = fake_dram,
	.l1_written = fake_l1_written,
	.code_changed = fake_code_changed,
	.clock_ns = fake_clock,
	.current_pc = fake_pc,
	.hart_pc = fake_hart_pc,
};

/* A chip of @cfg on fresh memory; @dram_size 0 for none (sparse mapping). */
static void fake_chip_setup_cfg(const TTChipConfig *cfg, size_t dram_size)
{
	unsigned n = cfg->grid_x * cfg->grid_y;

	fake_check(n <= FAKE_MAX_CORES);
	memset(&F, 0, sizeof(F));
	F.l1 = calloc(n, TT_MEM_L1_SIZE);
	fake_check(F.l1 != NULL);
	if (dram_size) {
		F.dram_size = dram_size;
		F.dram = mmap(NULL, dram_size, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		fake_check(F.dram != MAP_FAILED);
	}
	F.chip = ttx_chip_new(cfg, &fake_ops, NULL);
	fake_check(F.chip != NULL);
}

/* A gx x gy chip on fresh memory; @dram_size 0 for none (sparse mapping). */
static inline void fake_chip_setup(unsigned gx, unsigned gy, size_t dram_size)
{
	TTChipConfig cfg = { .grid_x = gx, .grid_y = gy };

	fake_chip_setup_cfg(&cfg, dram_size);
}

static void fake_chip_teardown(void)
{
	ttx_chip_free(F.chip);
	if (F.dram)
		munmap(F.dram, F.dram_size);
	free(F.l1);
}

#endif /* TT_TESTS_FAKE_CHIP_H */
