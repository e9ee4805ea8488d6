/* SPDX-License-Identifier: Apache-2.0 */
/*
 * NoC engines of the emulated chip: per core two NoCs, each with four
 * command buffers, configuration registers and status counters
 * (hal/tt_noc_regs.h).  Private to device/model: ttx_chip.c forwards the
 * NoC register windows of every hart here.
 */
#ifndef TTX_NOC_H
#define TTX_NOC_H

#include <stdbool.h>
#include <stdint.h>

#include "tt_noc_regs.h"

typedef struct TTChip TTChip;

typedef struct TTNocCmdBuf {
    uint32_t reg[TT_NOC_CMD_BUF_REGS];
} TTNocCmdBuf;

/* Registers of a command a command buffer sent (TARG_ADDR_LO..AT_DATA). */
#define TTX_NOC_SNAP_REGS   (TT_A_NOC_CMD_CTRL / 4)

/* A read or write in flight under delayed completion (noc_delay). */
typedef struct TTNocPending {
    uint32_t reg[TTX_NOC_SNAP_REGS];
    uint8_t risc, buf, trid, kind;      /* kind: TTX_NOC_PEND_* */
} TTNocPending;

typedef struct TTNoc {
    TTNocCmdBuf buf[TT_NOC_CMD_BUFS];
    uint32_t cfg[TT_NOC_CFG_REGS];
    uint32_t status[TT_NOC_STATUS_REGS];
    TTNocPending *pend;         /* oldest first; noc_delay entries */
    unsigned npend;
} TTNoc;

/*
 * Register access by hart (@core, @risc) at offset @off of NoC @noc's
 * window.  False when no register answers at @off.  A write of SEND_REQ
 * to CMD_CTRL runs the command to completion before returning.
 */
bool ttx_noc_read(TTChip *chip, unsigned core, unsigned risc, unsigned noc,
                  uint32_t off, uint64_t *val);
bool ttx_noc_write(TTChip *chip, unsigned core, unsigned risc, unsigned noc,
                   uint32_t off, uint32_t val);

/* As ttx_noc_read, without side effects (debugger, tests). */
bool ttx_noc_peek(TTChip *chip, unsigned core, unsigned noc, uint32_t off,
                  uint64_t *val);

/*
 * The EMU block's view of the commands held under delayed completion
 * (hal/tt_emu_regs.h NOC_HELD*): @off is relative to the EMU block.
 * False when @off is not one of those registers.  No side effects.
 */
bool ttx_noc_held_read(TTChip *chip, unsigned core, uint32_t off,
                       uint64_t *val);

/*
 * Delayed completion (TTChipConfig.noc_delay): allocate the queues of
 * every core (false when out of memory), free them, and land every
 * command still in flight from @core (a hart of it goes to sleep, or the
 * core is done).
 */
bool ttx_noc_init(TTChip *chip);
void ttx_noc_fini(TTChip *chip);
void ttx_noc_drain(TTChip *chip, unsigned core);

#endif /* TTX_NOC_H */
