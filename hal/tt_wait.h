/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The sleep primitive: the only way firmware and kernels wait.
 *
 *   ack the wake event -> test the condition -> describe the wait -> wfi
 *
 * The device model raises a hart's wake event (MSIP) whenever something it
 * may wait on changes: a sibling's NOTIFY, a host doorbell, a NoC landing,
 * a CB counter write.  Acking before testing means no wake-up is lost.
 * Describing the wait costs four register writes per sleep and lets the
 * model say what every sleeping hart waits for in a hang report.
 *
 * Spinning on memory instead costs 100 ms per hop under single-threaded
 * TCG: never poll across harts.
 *
 * RISC-V only (uses wfi and MMIO); mie.MSIE is set by the boot ROM and
 * mstatus.MIE stays 0, so the wake never traps.
 */
#ifndef TT_HAL_WAIT_H
#define TT_HAL_WAIT_H

#include <stdint.h>

#include "tt_emu_regs.h"
#include "tt_mem_map.h"

#define TT_EMU_REG(reg) \
	(*(volatile uint32_t *)(TT_MMIO_EMU_BASE + TT_A_EMU_##reg))

static inline void tt_wake_ack(void)
{
	TT_EMU_REG(WAKE_ACK) = 1;
}

/* Wake the harts of this core in @risc_mask (bit i = TT_RISC_* i). */
static inline void tt_notify(uint32_t risc_mask)
{
	TT_EMU_REG(NOTIFY) = risc_mask;
}

static inline void tt_wait_describe(uint32_t kind, uint32_t id,
				    uint32_t expect, uint32_t current)
{
	TT_EMU_REG(WAIT_ID) = id;
	TT_EMU_REG(WAIT_EXPECT) = expect;
	TT_EMU_REG(WAIT_CURRENT) = current;
	TT_EMU_REG(WAIT_KIND) = kind;
}

static inline void tt_wfi(void)
{
	__asm__ volatile("wfi" ::: "memory");
}

/*
 * Sleep until @cond holds.  @kind, @id, @expect describe the wait;
 * @current is re-evaluated before each sleep to show how far it got.
 * A condition that already holds costs no register access at all.
 */
#define TT_WAIT_UNTIL(cond, kind, id, expect, current)			\
	do {								\
		if (cond)						\
			break;						\
		for (;;) {						\
			tt_wake_ack();					\
			if (cond)					\
				break;					\
			tt_wait_describe((kind), (id), (expect), (current)); \
			tt_wfi();					\
		}							\
		TT_EMU_REG(WAIT_KIND) = TT_WAIT_NONE;			\
	} while (0)

#endif /* TT_HAL_WAIT_H */
