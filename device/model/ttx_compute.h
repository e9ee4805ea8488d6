/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The TRISCs' window onto the tile engine (hal/tt_tile_regs.h): per hart
 * command arguments and status, one TTTileEngine per core.  Private to
 * device/model: ttx_chip.c forwards the TILE window here.
 */
#ifndef TTX_COMPUTE_H
#define TTX_COMPUTE_H

#include <stdbool.h>
#include <stdint.h>

#include "tt_tile_regs.h"

typedef struct TTChip TTChip;

/* Per hart: the arguments of its next command and its last status. */
typedef struct TTTileHart {
    uint32_t arg[7];                /* ARG0..ARG6 */
    uint32_t status;
    uint32_t sfpi_imm;              /* SFPI_IMM */
    uint32_t sfpi_result;           /* SFPI_RESULT */
} TTTileHart;

/*
 * Register access by hart (@core, @risc) at offset @off of the TILE
 * window.  False when no register answers at @off.  A CMD write runs the
 * command before returning.
 */
bool ttx_compute_read(TTChip *chip, unsigned core, unsigned risc,
                      uint32_t off, uint64_t *val);
bool ttx_compute_write(TTChip *chip, unsigned core, unsigned risc,
                       uint32_t off, uint32_t val);

/* Drop @core's engine (host reset); the next command starts a fresh one. */
void ttx_compute_reset(TTChip *chip, unsigned core);

#endif /* TTX_COMPUTE_H */
