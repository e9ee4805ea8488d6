/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The tile engines' matmul arithmetic on a host thread of its own, for a
 * chip whose harts all run on one thread (deterministic mode).
 *
 * A MATMUL or MATMUL_BLOCK command is checked and its operands taken when
 * the hart issues it (ttx_tile_matmul_issue(), one job per Dst tile of a
 * block), exactly as before; only the arithmetic on
 * Dst is left to the worker, which runs each core's matmuls in issue
 * order.  Before anything else reads or writes that core's Dst (a pack,
 * a release, an SFPU op, a reset, ...), the caller syncs the core: it
 * runs whatever the worker has not started itself, waits for the one it
 * has, and from then on owns the engine alone.  So every command sees
 * the Dst it would have seen had each matmul run at once: results and
 * the harts' instruction counts are the same with or without the
 * worker, and the worker only lets a second host CPU do the arithmetic
 * while the harts go on.
 *
 * Calls come from one thread at a time (the chip's callers are
 * serialised); the worker thread starts at the first matmul, unless the
 * process may run on one CPU only: then every matmul runs at once.
 */
#ifndef TTX_WORKER_H
#define TTX_WORKER_H

#include "ttx_tile.h"

typedef struct TTTileWorker TTTileWorker;

/* A worker for cores 0..@ncores-1; NULL if out of memory. */
TTTileWorker *ttx_worker_new(unsigned ncores);
/* Finish every queued matmul, stop the thread and free the worker. */
void ttx_worker_free(TTTileWorker *w);

/*
 * MATMUL of @core's engine @e into Dst tile @idst: what
 * ttx_tile_matmul() returns, with the arithmetic queued for the worker
 * when the command is accepted (done at once if the thread cannot run).
 */
int ttx_worker_matmul(TTTileWorker *w, unsigned core, TTTileEngine *e,
                      unsigned idst);
/* MATMUL_BLOCK likewise: ttx_tile_matmul_block(), one job per Dst tile. */
int ttx_worker_matmul_block(TTTileWorker *w, unsigned core, TTTileEngine *e,
                            unsigned idst, unsigned ct, unsigned rt);

/* Finish @core's queued matmuls: its engine is the caller's alone after. */
void ttx_worker_sync(TTTileWorker *w, unsigned core);

/* Matmuls the worker thread has run so far (tests). */
unsigned long ttx_worker_thread_runs(const TTTileWorker *w);

#endif /* TTX_WORKER_H */
