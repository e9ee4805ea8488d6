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

typedef struct TTNoc {
    TTNocCmdBuf buf[TT_NOC_CMD_BUFS];
    uint32_t cfg[TT_NOC_CFG_REGS];
    uint32_t status[TT_NOC_STATUS_REGS];
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

#endif /* TTX_NOC_H */
