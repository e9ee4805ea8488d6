/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Circular-buffer counters: the two stream registers per CB that
 * tt-metal's CB API uses as shared page counters.
 * Per core and CB the model keeps TILES_RECEIVED
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

#include <stdlib.h>
#include <string.h>

#include "tt_riscv.h"

typedef struct TTCb {
    uint16_t received[TT_NUM_CBS];
    uint16_t acked[TT_NUM_CBS];
} TTCb;

struct TTCbState {
    const TTBlockEnv *env;
    TTCb *core;
};

/* Registers -------------------------------------------------------------- */

/* Counter addressed by @off, or NULL. */
static uint16_t *ttx_cb_counter(TTCbState *cs, unsigned core, uint32_t off)
{
    TTCb *cb = &cs->core[core];
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

static bool ttx_cb_read(void *opaque, unsigned core, unsigned risc,
                        uint32_t off, uint64_t *val)
{
    uint16_t *ctr = ttx_cb_counter(opaque, core, off);

    (void)risc;
    if (!ctr) {
        return false;
    }
    *val = *ctr;
    return true;
}

static bool ttx_cb_write(void *opaque, unsigned core, unsigned risc,
                         uint32_t off, uint32_t val)
{
    TTCbState *cs = opaque;
    const TTBlockEnv *env = cs->env;
    uint16_t *ctr = ttx_cb_counter(cs, core, off);
    uint16_t old;

    if (!ctr) {
        return false;
    }
    old = *ctr;
    *ctr = (uint16_t)TT_FIELD_GET(STREAM, COUNTER, PAGES, val);
    if (env->cb_moved && *ctr != old) {
        env->cb_moved(env->opaque, core, risc, off / TT_STREAM_STRIDE,
                      off % TT_STREAM_STRIDE == TT_A_STREAM_TILES_RECEIVED,
                      (uint16_t)(*ctr - old));
    }
    if (env->cb_filled) {
        unsigned cb = off / TT_STREAM_STRIDE;
        TTCb *s = &cs->core[core];

        env->cb_filled(env->opaque, core, cb,
                       (uint16_t)(s->received[cb] - s->acked[cb]));
    }
    for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
        env->set_wake(env->opaque, core, r, true);
    }
    return true;
}

const TTMmioOps ttx_cb_mmio_ops = {
    .read = ttx_cb_read,
    .write = ttx_cb_write,
    .peek = ttx_cb_read, /* reads have no side effects */
};

/* reset ------------------------------------------------------------------ */

void ttx_cb_reset(TTCbState *cs, unsigned core)
{
    memset(&cs->core[core], 0, sizeof(cs->core[core]));
}

/* life cycle ------------------------------------------------------------- */

TTCbState *ttx_cb_new(const TTBlockEnv *env)
{
    TTCbState *cs = calloc(1, sizeof(*cs));

    if (!cs) {
        return NULL;
    }
    cs->env = env;
    cs->core = calloc(env->ncores, sizeof(*cs->core));
    if (!cs->core) {
        free(cs);
        return NULL;
    }
    return cs;
}

void ttx_cb_free(TTCbState *cs)
{
    if (cs) {
        free(cs->core);
        free(cs);
    }
}
