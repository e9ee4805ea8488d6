/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The TRISCs' window onto the tile engine (hal/tt_tile_regs.h): per hart
 * command arguments and status, one TTTileEngine per core.  A block of
 * the model (ttx_block.h): the chip maps the TILE window of every hart
 * here.
 */
#ifndef TTX_COMPUTE_H
#define TTX_COMPUTE_H

#include <stdbool.h>
#include <stdint.h>

#include "tt_tile_regs.h"
#include "ttx_block.h"

typedef struct TTComputeState TTComputeState;

/*
 * The tile-engine windows of every core of @env's grid; NULL if no
 * memory.  With @worker (only for a chip whose callers are serialised),
 * MATMULs' arithmetic runs on a thread of its own (ttx_worker.h).
 */
TTComputeState *ttx_compute_new(const TTBlockEnv *env, bool worker);
void ttx_compute_free(TTComputeState *tc);

/*
 * The TILE window (TT_MMIO_TILE_BASE), per hart: a CMD write runs the
 * command before returning.  The opaque is the TTComputeState.
 */
extern const TTMmioOps ttx_compute_mmio_ops;

/* Drop @core's engine (host reset); the next command starts a fresh one. */
void ttx_compute_reset(TTComputeState *tc, unsigned core);

#endif /* TTX_COMPUTE_H */
