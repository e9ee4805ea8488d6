/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Timeline trace of a run in Chrome's JSON trace-event format, which
 * Perfetto (ui.perfetto.dev) and chrome://tracing open: one process per
 * core, one thread per RISC, with each launch, each wait (CB, semaphore,
 * NoC barrier, tile engine) and each profiler zone a kernel marks as a
 * span, each NoC command, ethernet packet and profiler data or event as
 * an instant event
 * and each CB's occupancy as a counter.  Timestamps are the device
 * clock, so a deterministic run gives the same trace every time.
 */
#ifndef TTX_TRACE_H
#define TTX_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "ttx_block.h"

typedef struct TTTrace TTTrace;

/*
 * Start a trace of @env's grid into @path (truncated); NULL with errno on
 * failure.  An observer: the chip calls it, no block does.
 */
TTTrace *ttx_trace_open(const char *path, const TTBlockEnv *env);
/* Close the spans still open and finish the file; safe on NULL. */
void ttx_trace_close(TTTrace *t);

/* A hart described a wait (@kind TT_WAIT_*), or ended it (TT_WAIT_NONE). */
void ttx_trace_wait(TTTrace *t, unsigned core, unsigned risc, uint32_t kind,
                    uint32_t id, uint32_t expect);
/* The host started a launch (go); the first one is time 0. */
void ttx_trace_launch(TTTrace *t);
/*
 * @core rang the host doorbell (its launch is done): end the kernel spans
 * of its RISCs here, not at their next wait for go, which may come after
 * the host has already closed the device.
 */
void ttx_trace_done(TTTrace *t, unsigned core);
/* A NoC command was sent from the registers @reg of a command buffer. */
void ttx_trace_noc(TTTrace *t, unsigned core, unsigned risc, unsigned noc,
                   const uint32_t *reg);
/*
 * A profiler marker (@mark enum tt_prof_mark) of hart (@core, @risc):
 * @name is the L1 address of its name, @data its data.
 */
void ttx_trace_prof(TTTrace *t, unsigned core, unsigned risc, uint32_t mark,
                    uint32_t name, uint64_t data);
/*
 * Ethernet core @core (channel @channel) sent (@sent) or received @len
 * bytes at @addr of the far core @peer (chip << 8 | channel, hal/tt_link.h).
 */
void ttx_trace_eth(TTTrace *t, unsigned core, unsigned risc, bool sent,
                   unsigned channel, uint32_t peer, uint32_t addr,
                   uint32_t len);
/* CB @cb of @core now holds @pages pages (received - acked). */
void ttx_trace_cb(TTTrace *t, unsigned core, unsigned cb, unsigned pages);

#endif /* TTX_TRACE_H */
