/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Circular-buffer counters: the two stream registers per CB that
 * tt-metal's CB API uses as shared page counters (reference/
 * ttmetal-facts.md §4.6).  Per core and CB the model keeps TILES_RECEIVED
 * (the producer adds what it pushes) and TILES_ACKED (the consumer adds
 * what it pops), 16 bits each, seen alike by the core's five harts.
 *
 * A write stores the low 16 bits of the value, so counters wrap as on
 * silicon, and raises the wake event of every hart of the core: a hart
 * sleeping in cb_wait_front or cb_reserve_back re-checks the counters.
 * The write completes inside the MMIO access, so runs stay deterministic.
 * Reads have no side effects.
 *
 * Not yet implemented: every other stream register (overlay streams,
 * remote CBs, NoC-side writes to stream registers); accesses to them are
 * guest errors.  Misuse of the counters (pushing more than reserved, ...)
 * is caught by the kernel API, which knows the reservations, not here.
 */
#include "ttx_cb.h"

#include <string.h>

#include "tt_riscv.h"
#include "ttx_priv.h"

/* Registers -------------------------------------------------------------- */

/* Counter addressed by @off, or NULL. */
static uint16_t *ttx_cb_counter(TTChip *chip, unsigned core, uint32_t off)
{
    TTCb *cb = &chip->core[core].cb;
    uint32_t stream = off / TT_STREAM_STRIDE;

    if (stream >= TT_NUM_CBS) {
        return NULL;
    }
    switch (off % TT_STREAM_STRIDE) {
    case TT_A_STREAM_TILES_RECEIVED:
        return &cb->received[stream];
    case TT_A_STREAM_TILES_ACKED:
        return &cb->acked[stream];
    default:
        return NULL;
    }
}

/* read / write ----------------------------------------------------------- */

bool ttx_cb_read(TTChip *chip, unsigned core, uint32_t off, uint64_t *val)
{
    uint16_t *ctr = ttx_cb_counter(chip, core, off);

    if (!ctr) {
        return false;
    }
    *val = *ctr;
    return true;
}

bool ttx_cb_write(TTChip *chip, unsigned core, unsigned risc, uint32_t off,
                  uint32_t val)
{
    uint16_t *ctr = ttx_cb_counter(chip, core, off);

    (void)risc;
    if (!ctr) {
        return false;
    }
    *ctr = (uint16_t)TT_FIELD_GET(STREAM, COUNTER, PAGES, val);
    if (chip->trace) {
        unsigned cb = off / TT_STREAM_STRIDE;
        TTCb *s = &chip->core[core].cb;

        ttx_trace_cb(chip->trace, core, cb,
                     (uint16_t)(s->received[cb] - s->acked[cb]));
    }
    for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
        chip->ops->set_wake(chip->opaque, core, r, true);
    }
    return true;
}

/* reset ------------------------------------------------------------------ */

void ttx_cb_reset(TTChip *chip, unsigned core)
{
    memset(&chip->core[core].cb, 0, sizeof(chip->core[core].cb));
}
