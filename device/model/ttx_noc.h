/* SPDX-License-Identifier: Apache-2.0 */
/*
 * NoC engines of the emulated chip: per core two NoCs, each with four
 * command buffers, configuration registers and status counters
 * (hal/tt_noc_regs.h).  A block of the model (ttx_block.h): the chip maps
 * the two NoC register windows of every hart here.
 */
#ifndef TTX_NOC_H
#define TTX_NOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tt_noc_regs.h"
#include "ttx_block.h"

typedef struct TTNocState TTNocState;

/* Registers of a command a command buffer sent (TARG_ADDR_LO..AT_DATA). */
#define TTX_NOC_SNAP_REGS (TT_A_NOC_CMD_CTRL / 4)

/* A read or write in flight under delayed completion (noc_delay). */
typedef struct TTNocPending {
    uint32_t reg[TTX_NOC_SNAP_REGS];
    uint8_t risc, buf, trid, kind; /* kind: TTX_NOC_PEND_* */
} TTNocPending;

/*
 * One NoC of one core.  @cmd holds the command buffers' registers where
 * they sit in the NoC's first register page (buffer b's register at offset
 * r is cmd[b][r / 4]; the page's other words are unused), so that the
 * emulator can store the plain ones (TARG_ADDR_LO..AT_DATA) itself
 * (ttx_chip_latches).  Accessed with relaxed atomics: in the parallel mode
 * those stores take no lock.
 */
typedef struct TTNoc {
    uint32_t cmd[TT_NOC_CMD_BUFS][TT_NOC_CMD_BUF_STRIDE / 4];
    uint32_t cfg[TT_NOC_CFG_REGS];
    uint32_t status[TT_NOC_STATUS_REGS];
    TTNocPending *pend; /* oldest first; noc_delay entries */
    unsigned npend;
} TTNoc;

/* One NoC's register window: the opaque of ttx_noc_mmio_ops. */
typedef struct TTNocWindow {
    TTNocState *ns;
    unsigned noc;
} TTNocWindow;

/*
 * The NoCs of every core of @env's grid; @delay > 0 holds that many reads
 * and writes per core and NoC (delayed completion); @racecheck turns the
 * race detector on.  NULL when out of memory.
 */
TTNocState *ttx_noc_new(const TTBlockEnv *env, unsigned delay, bool racecheck);
void ttx_noc_free(TTNocState *ns);

/*
 * Register access at offset @off of NoC @noc's window: the ops of
 * ttx_noc_window(ns, noc).  A write of SEND_REQ to CMD_CTRL runs the
 * command before returning.
 */
extern const TTMmioOps ttx_noc_mmio_ops;
TTNocWindow *ttx_noc_window(TTNocState *ns, unsigned noc);

/*
 * Refuse transfers touching the freed buffers of @msg, a struct
 * tt_ctl_freed of @len bytes (hal/tt_ctl.h), in place of the last list.
 */
void ttx_noc_set_freed(TTNocState *ns, const void *msg, size_t len);

/*
 * The EMU window's view of the commands held under delayed completion
 * (hal/tt_emu_regs.h NOC_HELD*), for debuggers: @off is relative to the
 * EMU window.  False when @off is none of those registers.  No side
 * effects.
 */
bool ttx_noc_held_read(const TTNocState *ns, unsigned core, uint32_t off,
                       uint64_t *val);

/* Land every command still in flight from @core (a hart of it sleeps). */
void ttx_noc_drain(TTNocState *ns, unsigned core);

/*
 * Race detector: @core finished its kernels (every command it issued is
 * complete, at the latest legal moment), or was reset (forget them).
 */
void ttx_noc_race_done(TTNocState *ns, unsigned core, unsigned risc);
void ttx_noc_race_forget(TTNocState *ns, unsigned core);

/* Race detector: hart (@core, @risc) pushed or popped pages of CB @cb. */
void ttx_noc_race_cb(TTNocState *ns, unsigned core, unsigned risc, unsigned cb,
                     bool push, unsigned pages);

#endif /* TTX_NOC_H */
