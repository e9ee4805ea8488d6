/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Circular-buffer counters of the emulated chip: per core and CB the
 * stream registers TILES_RECEIVED and TILES_ACKED (hal/tt_stream_regs.h).
 * Private to device/model: ttx_chip.c forwards the stream window here.
 */
#ifndef TTX_CB_H
#define TTX_CB_H

#include <stdbool.h>
#include <stdint.h>

#include "tt_mem_map.h"
#include "tt_stream_regs.h"

typedef struct TTChip TTChip;

typedef struct TTCb {
    uint16_t received[TT_NUM_CBS];
    uint16_t acked[TT_NUM_CBS];
} TTCb;

/*
 * Register access by hart (@core, @risc) at offset @off of the stream
 * window (TT_MMIO_STREAM_BASE).  False when no register answers at @off.
 * A write stores the low 16 bits and wakes every hart of the core.
 */
bool ttx_cb_read(TTChip *chip, unsigned core, uint32_t off, uint64_t *val);
bool ttx_cb_write(TTChip *chip, unsigned core, unsigned risc, uint32_t off,
                  uint32_t val);

/* Zero @core's counters (core reset by the host). */
void ttx_cb_reset(TTChip *chip, unsigned core);

#endif /* TTX_CB_H */
