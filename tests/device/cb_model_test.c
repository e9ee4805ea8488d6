// SPDX-License-Identifier: Apache-2.0
/*
 * CB counters of the device model at register level, without QEMU: a fake
 * environment records wake events and guest errors.  Each test writes the
 * stream registers as the CB API does (cb_push_back adds to
 * TILES_RECEIVED, cb_pop_front to TILES_ACKED) and checks what every hart
 * of the core reads back, the 16-bit wrap, the wakes, and the kernel API's
 * fault reports.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "tt_ctl.h"
#include "tt_emu_regs.h"
#include "tt_mem_map.h"
#include "tt_riscv.h"
#include "tt_stream_regs.h"
#include "ttx_chip.h"

#include "fake_chip.h"

#define GX     2
#define GY     2
#define NCORES (GX * GY)

static void setup(void)
{
	fake_chip_setup(GX, GY, 0);
}

static void teardown(void)
{
	fake_chip_teardown();
}

TestSuite(cb, .init = setup, .fini = teardown);

/* Helpers: the counters of CB @cb as hart (core, risc) sees them. --------- */

static uint32_t ctr_addr(unsigned cb, uint32_t reg)
{
	return TT_MMIO_STREAM_BASE + cb * TT_STREAM_STRIDE + reg;
}

static void wr(unsigned core, unsigned risc, unsigned cb, uint32_t reg, uint32_t v)
{
	cr_assert(ttx_chip_write(F.chip, core, risc, ctr_addr(cb, reg), 4, v),
		  "write of CB %u register 0x%x refused", cb, reg);
}

static uint32_t rd(unsigned core, unsigned risc, unsigned cb, uint32_t reg)
{
	uint64_t v;

	cr_assert(ttx_chip_read(F.chip, core, risc, ctr_addr(cb, reg), 4, &v),
		  "read of CB %u register 0x%x refused", cb, reg);
	return (uint32_t)v;
}

static uint32_t received(unsigned core, unsigned risc, unsigned cb)
{
	return rd(core, risc, cb, TT_A_STREAM_TILES_RECEIVED);
}

static uint32_t acked(unsigned core, unsigned risc, unsigned cb)
{
	return rd(core, risc, cb, TT_A_STREAM_TILES_ACKED);
}

static void emu_wr(unsigned core, unsigned risc, uint32_t reg, uint32_t v)
{
	cr_assert(ttx_chip_write(F.chip, core, risc, TT_MMIO_EMU_BASE + reg, 4, v));
}

/* Tests ------------------------------------------------------------------ */

Test(cb, counters_are_shared_by_the_core_and_private_to_it)
{
	/* Both counters of every CB start at 0. */
	for (unsigned cb = 0; cb < TT_NUM_CBS; cb++) {
		cr_expect_eq(received(0, TT_RISC_BRISC, cb), 0);
		cr_expect_eq(acked(0, TT_RISC_BRISC, cb), 0);
	}
	/* The producer (NCRISC) pushes 3 pages into CB 5 of core 1 ... */
	wr(1, TT_RISC_NCRISC, 5, TT_A_STREAM_TILES_RECEIVED, 3);
	/* ... and every hart of core 1 reads 3; the consumer pops 2. */
	for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++)
		cr_expect_eq(received(1, r, 5), 3, "%s", tt_risc_name(r));
	wr(1, TT_RISC_BRISC, 5, TT_A_STREAM_TILES_ACKED, 2);
	cr_expect_eq(acked(1, TT_RISC_TRISC2, 5), 2);
	/* Other CBs and other cores are untouched. */
	cr_expect_eq(received(1, TT_RISC_BRISC, 4), 0);
	cr_expect_eq(received(1, TT_RISC_BRISC, 6), 0);
	cr_expect_eq(received(0, TT_RISC_BRISC, 5), 0);
	cr_expect_eq(acked(2, TT_RISC_BRISC, 5), 0);
	/* The last CB is modelled too. */
	wr(3, TT_RISC_BRISC, TT_NUM_CBS - 1, TT_A_STREAM_TILES_RECEIVED, 7);
	cr_expect_eq(received(3, TT_RISC_TRISC0, TT_NUM_CBS - 1), 7);
	cr_expect_eq(F.errors, 0, "unexpected guest error: %s", F.last_error);
}

Test(cb, counters_wrap_at_16_bits)
{
	uint32_t r, a;

	/* 65535 pages pushed, 65533 popped: 2 in the CB. */
	wr(0, TT_RISC_NCRISC, 0, TT_A_STREAM_TILES_RECEIVED, 0xffff);
	wr(0, TT_RISC_BRISC, 0, TT_A_STREAM_TILES_ACKED, 0xfffd);
	/* Push one more as cb_push_back does: read, add, write 0x10000. */
	wr(0, TT_RISC_NCRISC, 0, TT_A_STREAM_TILES_RECEIVED, received(0, TT_RISC_NCRISC, 0) + 1);
	r = received(0, TT_RISC_BRISC, 0);
	a = acked(0, TT_RISC_BRISC, 0);
	cr_expect_eq(r, 0, "received keeps 16 bits, got 0x%x", r);
	/* The consumer's uint16 difference still sees 3 pages. */
	cr_expect_eq((uint16_t)(r - a), 3);
	/* Upper bits of a write are dropped. */
	wr(0, TT_RISC_NCRISC, 1, TT_A_STREAM_TILES_RECEIVED, 0xabc1234);
	cr_expect_eq(received(0, TT_RISC_NCRISC, 1), 0x1234);
}

Test(cb, every_counter_write_wakes_the_cores_harts)
{
	unsigned before[TT_RISCS_PER_CORE];

	memcpy(before, F.wakes[2], sizeof(before));
	wr(2, TT_RISC_NCRISC, 3, TT_A_STREAM_TILES_RECEIVED, 1);
	for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++)
		cr_expect_eq(F.wakes[2][r], before[r] + 1, "%s not woken by a push",
			     tt_risc_name(r));
	wr(2, TT_RISC_BRISC, 3, TT_A_STREAM_TILES_ACKED, 1);
	for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++)
		cr_expect_eq(F.wakes[2][r], before[r] + 2, "%s not woken by a pop",
			     tt_risc_name(r));
	/* Reads wake nobody; other cores are not woken. */
	received(2, TT_RISC_BRISC, 3);
	cr_expect_eq(F.wakes[2][TT_RISC_BRISC], before[TT_RISC_BRISC] + 2);
	for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
		cr_expect_eq(F.wakes[1][r], 0);
		cr_expect_eq(F.wakes[3][r], 0);
	}
}

Test(cb, peek_reads_counters_without_side_effects)
{
	uint64_t v;

	wr(1, TT_RISC_NCRISC, 2, TT_A_STREAM_TILES_RECEIVED, 9);
	cr_assert(ttx_chip_peek(F.chip, 1, TT_RISC_BRISC, ctr_addr(2, TT_A_STREAM_TILES_RECEIVED),
				&v));
	cr_expect_eq(v, 9);
	cr_expect_eq(F.errors, 0);
}

Test(cb, host_reset_clears_the_counters)
{
	struct {
		struct tt_ctl_hdr hdr;
		struct tt_ctl_reset m;
	} msg = {
		{ TT_CTL_RESET, sizeof(struct tt_ctl_reset) },
		{ .core = 1, .boot_pc = 0, .flags = TT_CTL_RESET_FORCE },
	};

	wr(1, TT_RISC_NCRISC, 0, TT_A_STREAM_TILES_RECEIVED, 4);
	wr(1, TT_RISC_BRISC, 0, TT_A_STREAM_TILES_ACKED, 3);
	wr(0, TT_RISC_NCRISC, 0, TT_A_STREAM_TILES_RECEIVED, 4);
	cr_assert_eq(ttx_ctl_input(F.chip, (const uint8_t *)&msg, sizeof(msg), false), sizeof(msg));
	cr_expect_eq(received(1, TT_RISC_BRISC, 0), 0);
	cr_expect_eq(acked(1, TT_RISC_BRISC, 0), 0);
	cr_expect_eq(received(0, TT_RISC_BRISC, 0), 4, "core 0 was not reset");
}

Test(cb, other_stream_registers_are_guest_errors)
{
	uint64_t v;

	/* A stream register the model does not have: reported, no bus error. */
	cr_expect(ttx_chip_write(F.chip, 0, TT_RISC_BRISC, ctr_addr(0, 0x0), 4, 1));
	cr_expect_eq(F.errors, 1);
	cr_expect(strstr(F.last_error, "stream"), "message: %s", F.last_error);
	/* Streams past the last CB are not counters either. */
	cr_expect(ttx_chip_read(F.chip, 0, TT_RISC_BRISC,
				ctr_addr(TT_NUM_CBS, TT_A_STREAM_TILES_RECEIVED), 4, &v));
	cr_expect_eq(v, 0);
	cr_expect_eq(F.errors, 2);
	/* Sub-word accesses are refused. */
	cr_expect(ttx_chip_write(F.chip, 0, TT_RISC_BRISC, ctr_addr(0, TT_A_STREAM_TILES_RECEIVED),
				 2, 1));
	cr_expect_eq(F.errors, 3);
	cr_expect_eq(received(0, TT_RISC_BRISC, 0), 0);
}

/* The CB API's misuse reports, as the host will print them. */
static void fault(unsigned risc, uint32_t kind, uint32_t id, uint32_t a, uint32_t b)
{
	emu_wr(0, risc, TT_A_EMU_FAULT_KIND, kind);
	emu_wr(0, risc, TT_A_EMU_FAULT_ID, id);
	emu_wr(0, risc, TT_A_EMU_FAULT_ARG0, a);
	emu_wr(0, risc, TT_A_EMU_FAULT_ARG1, b);
	emu_wr(0, risc, TT_A_EMU_FAULT_REPORT, 1);
}

Test(cb, fault_reports_name_cb_and_counts)
{
	fault(TT_RISC_NCRISC, TT_FAULT_CB_PUSH_UNRESERVED, 3, 2, 1);
	cr_expect_str_eq(F.last_error, "CB 3: cb_push_back of 2 pages, but only 1 "
				       "reserved with cb_reserve_back");
	fault(TT_RISC_BRISC, TT_FAULT_CB_POP_UNWAITED, 0, 1, 0);
	cr_expect_str_eq(F.last_error, "CB 0: cb_pop_front of 1 page, but only 0 "
				       "waited for with cb_wait_front");
	fault(TT_RISC_BRISC, TT_FAULT_CB_RESERVE_TOO_BIG, 16, 5, 4);
	cr_expect_str_eq(F.last_error, "CB 16: cb_reserve_back of 5 pages, but the "
				       "CB holds only 4");
	fault(TT_RISC_TRISC0, TT_FAULT_CB_WAIT_TOO_BIG, 1, 9, 8);
	cr_expect_str_eq(F.last_error, "CB 1: cb_wait_front of 9 pages, but the CB "
				       "holds only 8");
	fault(TT_RISC_BRISC, TT_FAULT_CB_UNCONFIGURED, 7, 0, 0);
	cr_expect(strstr(F.last_error, "CB 7 is not configured"), "%s", F.last_error);
	cr_expect_eq(F.errors, 5);
}
