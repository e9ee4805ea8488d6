/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Circular-buffer counters of the emulated chip: per core and CB the
 * stream registers TILES_RECEIVED and TILES_ACKED (hal/tt_stream_regs.h).
 * A block of the model (ttx_block.h): the chip maps the stream window of
 * every hart here.
 */
#ifndef TTX_CB_H
#define TTX_CB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tt_mem_map.h"
#include "tt_stream_regs.h"
#include "ttx_block.h"

typedef struct TTCbState TTCbState;

/* The CB counters of every core of @env's grid; NULL when out of memory. */
TTCbState *ttx_cb_new(const TTBlockEnv *env);
void ttx_cb_free(TTCbState *cs);

/*
 * The stream window (TT_MMIO_STREAM_BASE): a write stores the low 16 bits
 * and wakes every hart of the core.  The opaque is the TTCbState.
 */
extern const TTMmioOps ttx_cb_mmio_ops;

/*
 * CB guard (TTChipConfig.cb_guard): true when the @len bytes at @addr of
 * @core's L1 touch no CB page of the core's launch that no RISC of it has
 * reserved; else false, with @why saying which CB and pages.
 */
bool ttx_cb_guard_ok(const TTBlockEnv *env, unsigned core, uint32_t addr,
                     uint32_t len, char *why, size_t whylen);

/* Zero @core's counters (core reset by the host). */
void ttx_cb_reset(TTCbState *cs, unsigned core);

#endif /* TTX_CB_H */
