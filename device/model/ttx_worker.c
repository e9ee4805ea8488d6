/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The tile engines' matmul arithmetic on a thread of its own
 * (ttx_worker.h says what it promises).
 *
 * Each core has a ring of issued matmuls.  The issuing side fills the
 * slot at the tail and moves the tail; whoever holds the core's run lock
 * runs the job at the head and then moves the head, so a core's matmuls
 * run one at a time and in order, whichever thread runs them, and a slot
 * is filled again only once its job is done.  Issuing takes no lock
 * unless the ring is full, so the harts never wait for the worker to
 * queue work.
 *
 * A first-in first-out list of core numbers, one entry per issue (the
 * issuing side appends, the worker alone takes), tells the worker which
 * core to serve next: oldest issue first, roughly the order in which the
 * harts will want the results.  An entry whose job the issuing side ran
 * itself in a sync is skipped.
 *
 * The worker spins for a short while when the list runs dry (issues come
 * microseconds apart while a kernel computes) and then sleeps on a
 * condition variable.  The issuing side signals only when the worker
 * says it sleeps: the worker announces that before its last look at the
 * list, the issuer appends before it looks at the announcement, both
 * sequentially consistent, so one of them sees the other and no issue is
 * left unserved.  The worker uses a scratch of its own for the FPU's
 * operand slices, which stays in its CPU's cache, rather than the
 * engine's.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* sched_getaffinity */
#endif
#include "ttx_worker.h"

#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

#define TTX_WORKER_JOBS 16    /* queued matmuls per core */
#define TTX_WORKER_LIST 4096  /* entries of the list of cores to serve */
#define TTX_WORKER_SPIN 50000 /* ns the worker looks before it sleeps */
#define TTX_WORKER_TRIES 4096 /* run lock attempts before blocking */

typedef struct TTWorkerCore {
    TTTileWorker *w;
    unsigned index;      /* the core's number */
    pthread_mutex_t run; /* held while running this core's jobs */
    TTTileEngine *e;     /* the engine of the queued jobs */
    TTMatmulJob *jobs;   /* TTX_WORKER_JOBS, allocated on first use */
    unsigned head;       /* next job to run: moved by the runner */
    unsigned tail;       /* next free slot: moved by the issuer */
} TTWorkerCore;

struct TTTileWorker {
    unsigned ncores;
    TTWorkerCore *core;
    TTSlices *scratch; /* the worker thread's FPU scratch */

    /* Cores in issue order: the issuer moves tail, the worker head. */
    unsigned list[TTX_WORKER_LIST];
    unsigned list_head;
    unsigned list_tail;

    pthread_t thread;
    bool started;
    bool failed; /* no thread (or one CPU): run everything at once */
    pthread_mutex_t sleep_lock;
    pthread_cond_t wake;
    bool sleeping; /* the worker waits on wake, or is about to */
    bool stop;
    unsigned long runs; /* jobs the thread ran */
};

static void ttx_worker_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

static uint64_t ttx_worker_now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Run the job at @c's head with @scratch; @c's run lock is held. */
static void ttx_worker_run_one(TTWorkerCore *c, TTSlices *scratch)
{
    ttx_tile_matmul_run(c->e, &c->jobs[c->head % TTX_WORKER_JOBS], scratch);
    __atomic_store_n(&c->head, c->head + 1, __ATOMIC_RELEASE);
}

/*
 * Take @c's run lock from the issuing side.  The worker holds it for one
 * job at most (a few microseconds), less than sleeping and being woken
 * again costs, so try for a while before blocking.
 */
static void ttx_worker_lock(TTWorkerCore *c)
{
    for (unsigned i = 0; i < TTX_WORKER_TRIES; i++) {
        if (!pthread_mutex_trylock(&c->run)) {
            return;
        }
        ttx_worker_pause();
    }
    pthread_mutex_lock(&c->run);
}

static bool ttx_worker_listed(TTTileWorker *w, unsigned head)
{
    return __atomic_load_n(&w->list_tail, __ATOMIC_SEQ_CST) != head;
}

static bool ttx_worker_stopping(TTTileWorker *w)
{
    return __atomic_load_n(&w->stop, __ATOMIC_SEQ_CST);
}

/* Wait until the list has an entry past @head or the worker must stop. */
static void ttx_worker_idle(TTTileWorker *w, unsigned head)
{
    uint64_t until = ttx_worker_now_ns() + TTX_WORKER_SPIN;

    for (unsigned i = 1;; i++) {
        if (ttx_worker_listed(w, head) || ttx_worker_stopping(w)) {
            return;
        }
        if (i % 64 == 0 && ttx_worker_now_ns() > until) {
            break;
        }
        ttx_worker_pause();
    }
    pthread_mutex_lock(&w->sleep_lock);
    __atomic_store_n(&w->sleeping, true, __ATOMIC_SEQ_CST);
    while (!ttx_worker_listed(w, head) && !ttx_worker_stopping(w)) {
        pthread_cond_wait(&w->wake, &w->sleep_lock);
    }
    __atomic_store_n(&w->sleeping, false, __ATOMIC_SEQ_CST);
    pthread_mutex_unlock(&w->sleep_lock);
}

static void *ttx_worker_main(void *opaque)
{
    TTTileWorker *w = opaque;

    for (;;) {
        unsigned head = __atomic_load_n(&w->list_head, __ATOMIC_RELAXED);
        TTWorkerCore *c;

        if (!ttx_worker_listed(w, head)) {
            if (ttx_worker_stopping(w)) {
                return NULL;
            }
            ttx_worker_idle(w, head);
            continue;
        }
        c = &w->core[w->list[head % TTX_WORKER_LIST]];
        __atomic_store_n(&w->list_head, head + 1, __ATOMIC_RELEASE);
        pthread_mutex_lock(&c->run);
        if (c->head != __atomic_load_n(&c->tail, __ATOMIC_ACQUIRE)) {
            ttx_worker_run_one(c, w->scratch);
            __atomic_store_n(&w->runs, w->runs + 1, __ATOMIC_RELAXED);
        }
        pthread_mutex_unlock(&c->run);
    }
}

/* Tell the worker that @core has a job (not listed if the list is full). */
static void ttx_worker_post(TTTileWorker *w, unsigned core)
{
    unsigned tail = w->list_tail;

    if (tail - __atomic_load_n(&w->list_head, __ATOMIC_ACQUIRE) <
        TTX_WORKER_LIST) {
        w->list[tail % TTX_WORKER_LIST] = core;
        __atomic_store_n(&w->list_tail, tail + 1, __ATOMIC_SEQ_CST);
    }
    if (__atomic_load_n(&w->sleeping, __ATOMIC_SEQ_CST)) {
        pthread_mutex_lock(&w->sleep_lock);
        pthread_cond_signal(&w->wake);
        pthread_mutex_unlock(&w->sleep_lock);
    }
}

/*
 * Whether this process may run on more than one CPU.  On one, the worker
 * only takes turns with the harts' thread (and spins while it waits for
 * work): the demo took half as long again.
 */
static bool ttx_worker_cpus(void)
{
#ifdef __linux__
    cpu_set_t set;

    if (!sched_getaffinity(0, sizeof(set), &set)) {
        return CPU_COUNT(&set) > 1;
    }
#endif
    return true;
}

/*
 * Whether the thread runs (starting it at the first call), or the
 * arithmetic stays in the commands: no second CPU, or no thread.
 */
static bool ttx_worker_running(TTTileWorker *w)
{
    if (!w->started && !w->failed && !ttx_worker_cpus()) {
        w->failed = true;
    }
    if (!w->started && !w->failed) {
        w->scratch =
            aligned_alloc(64, (sizeof(*w->scratch) + 63) & ~(size_t)63);
        w->failed = !w->scratch ||
                    pthread_create(&w->thread, NULL, ttx_worker_main, w) != 0;
        w->started = !w->failed;
    }
    return w->started;
}

/*
 * @core's queue, ready for jobs of engine @e, or NULL: the matmuls then
 * run at once (no memory for the ring, or no thread).
 */
static TTWorkerCore *ttx_worker_queue(TTTileWorker *w, unsigned core,
                                      TTTileEngine *e)
{
    TTWorkerCore *c = &w->core[core];

    if (!ttx_worker_running(w)) {
        return NULL;
    }
    if (!c->jobs) {
        c->jobs = aligned_alloc(64, TTX_WORKER_JOBS * sizeof(*c->jobs));
        if (!c->jobs) {
            return NULL;
        }
    }
    if (c->e != e) {
        c->e = e; /* a new engine: nothing of the old one waits */
    }
    return c;
}

/* TTJobSink.take: the slot at the tail, the oldest job run here if full. */
static TTMatmulJob *ttx_worker_take(void *opaque)
{
    TTWorkerCore *c = opaque;

    if (c->tail - __atomic_load_n(&c->head, __ATOMIC_ACQUIRE) ==
        TTX_WORKER_JOBS) {
        ttx_worker_lock(c);
        if (c->tail - c->head == TTX_WORKER_JOBS) {
            ttx_worker_run_one(c, NULL);
        }
        pthread_mutex_unlock(&c->run);
    }
    return &c->jobs[c->tail % TTX_WORKER_JOBS];
}

/* TTJobSink.put: the slot taken is filled; hand it to the worker. */
static void ttx_worker_put(void *opaque)
{
    TTWorkerCore *c = opaque;

    __atomic_store_n(&c->tail, c->tail + 1, __ATOMIC_RELEASE);
    ttx_worker_post(c->w, c->index);
}

int ttx_worker_matmul(TTTileWorker *w, unsigned core, TTTileEngine *e,
                      unsigned idst)
{
    TTWorkerCore *c = ttx_worker_queue(w, core, e);
    int rc;

    if (!c) {
        return ttx_tile_matmul(e, idst);
    }
    rc = ttx_tile_matmul_issue(e, idst, ttx_worker_take(c));
    if (rc == TTX_TILE_OK) {
        ttx_worker_put(c);
    }
    return rc;
}

int ttx_worker_matmul_block(TTTileWorker *w, unsigned core, TTTileEngine *e,
                            unsigned idst, unsigned ct, unsigned rt)
{
    TTWorkerCore *c = ttx_worker_queue(w, core, e);
    TTJobSink sink = {ttx_worker_take, ttx_worker_put, c};

    if (!c) {
        return ttx_tile_matmul_block(e, idst, ct, rt);
    }
    return ttx_tile_matmul_block_issue(e, idst, ct, rt, &sink);
}

void ttx_worker_sync(TTTileWorker *w, unsigned core)
{
    TTWorkerCore *c = &w->core[core];

    /* The head moves after its job is done: equal means all are. */
    if (!c->jobs || __atomic_load_n(&c->head, __ATOMIC_ACQUIRE) == c->tail) {
        return;
    }
    ttx_worker_lock(c);
    while (c->head != c->tail) {
        ttx_worker_run_one(c, NULL);
    }
    pthread_mutex_unlock(&c->run);
}

unsigned long ttx_worker_thread_runs(const TTTileWorker *w)
{
    return __atomic_load_n(&w->runs, __ATOMIC_RELAXED);
}

TTTileWorker *ttx_worker_new(unsigned ncores)
{
    TTTileWorker *w = calloc(1, sizeof(*w));

    if (!w) {
        return NULL;
    }
    w->ncores = ncores;
    w->core = calloc(ncores, sizeof(*w->core));
    if (!w->core) {
        free(w);
        return NULL;
    }
    for (unsigned c = 0; c < ncores; c++) {
        w->core[c].w = w;
        w->core[c].index = c;
        pthread_mutex_init(&w->core[c].run, NULL);
    }
    pthread_mutex_init(&w->sleep_lock, NULL);
    pthread_cond_init(&w->wake, NULL);
    return w;
}

void ttx_worker_free(TTTileWorker *w)
{
    if (!w) {
        return;
    }
    if (w->started) {
        __atomic_store_n(&w->stop, true, __ATOMIC_SEQ_CST);
        pthread_mutex_lock(&w->sleep_lock);
        pthread_cond_signal(&w->wake);
        pthread_mutex_unlock(&w->sleep_lock);
        pthread_join(w->thread, NULL);
    }
    for (unsigned c = 0; c < w->ncores; c++) {
        ttx_worker_sync(w, c);
        pthread_mutex_destroy(&w->core[c].run);
        free(w->core[c].jobs);
    }
    pthread_mutex_destroy(&w->sleep_lock);
    pthread_cond_destroy(&w->wake);
    free(w->scratch);
    free(w->core);
    free(w);
}
