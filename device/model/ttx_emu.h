/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Control of the harts: the RISCV_DEBUG block (soft reset, wall clock)
 * and the emulator's EMU block (hal/tt_emu_regs.h): reset state and
 * reset PCs, the sleep primitive's wait descriptors, the print port,
 * trap and kernel-fault reports and the host doorbell.  A block of the
 * model (ttx_block.h): the chip maps both windows of every hart here and
 * drives resets from the host's control messages.
 */
#ifndef TTX_EMU_H
#define TTX_EMU_H

#include <stdbool.h>
#include <stdint.h>

#include "tt_emu_regs.h"
#include "ttx_block.h"

typedef struct TTEmuState TTEmuState;

/* The harts of every core of @env's grid, all held in reset; NULL if no memory. */
TTEmuState *ttx_emu_new(const TTBlockEnv *env);
void ttx_emu_free(TTEmuState *es);

/*
 * The RISCV_DEBUG window (TT_MMIO_RISCV_DEBUG_BASE) and the EMU window
 * (TT_MMIO_EMU_BASE); the opaque of both is the TTEmuState.
 */
extern const TTMmioOps ttx_emu_dbg_mmio_ops;
extern const TTMmioOps ttx_emu_mmio_ops;

/*
 * Host reset of @core: every hart back to its boot ROM, reset PCs cleared;
 * then, if @boot_pc, BRISC released to start there.
 */
void ttx_emu_reset_core(TTEmuState *es, unsigned core, uint32_t boot_pc);

/*
 * Hart (@core, @risc)'s stream stops for now (a doorbell, a trap, a stop,
 * a reset): flush it, then say how much of it was dropped, if any.
 */
void ttx_emu_print_end(TTEmuState *es, unsigned core, unsigned risc);

/* The host has read all the device held: report every hart's drops. */
void ttx_emu_print_caught_up(TTEmuState *es);

/*
 * Describe hart (@core, @risc)'s wait for it, as its writes to WAIT_ID,
 * WAIT_EXPECT, WAIT_CURRENT and then WAIT_KIND would (a block that found
 * the hart's access blocked); TT_WAIT_NONE ends the wait and keeps the rest.
 */
void ttx_emu_describe_wait(TTEmuState *es, unsigned core, unsigned risc,
                           uint32_t kind, uint32_t id, uint32_t expect,
                           uint32_t current);

/* What hart (@core, @risc) described as its wait (hang reports). */
void ttx_emu_wait_state(const TTEmuState *es, unsigned core, unsigned risc,
                        uint32_t *kind, uint32_t *id, uint32_t *expect,
                        uint32_t *current);

/*
 * The harts of @core (bit per RISC) that may be waiting for L1 contents.
 * A hart in reset or sleeping on something that raises its own wake (CB
 * counters, the tile engine, the host's go, a sibling's notify) need not
 * be woken by a NoC landing.
 */
unsigned ttx_emu_l1_waiters(const TTEmuState *es, unsigned core);

#endif /* TTX_EMU_H */
