/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The run's timeline in Chrome's JSON trace-event format (ttx_trace.h).
 *
 * pid = core index + 1 (named "core (x,y)"), tid = RISC.  Spans are
 * complete events ("X") written when they end, so the file needs no
 * matching of begin and end records; instants ("i") mark NoC commands and
 * counters ("C") follow CB occupancy.  ts and dur are microseconds of the
 * device clock from the first launch (the host's first go), printed with
 * nanosecond digits.  Boot is left out: it is reproducible to the
 * instruction too, but a trace is read for the program, not for the
 * firmware's start (docs/decisions.md).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "ttx_trace.h"
#include "tt_emu_regs.h"
#include "tt_riscv.h"
#include "tt_noc_regs.h"
#include "tt_tile_regs.h"
#include "tt_regfields.h"

typedef struct TTTraceHart {
    uint32_t wait_kind;         /* open wait span, TT_WAIT_NONE if none */
    uint32_t wait_id;
    uint32_t wait_expect;
    uint64_t wait_start;
    bool running;               /* open launch span */
    uint64_t run_start;
} TTTraceHart;

struct TTTrace {
    FILE *f;
    const TTBlockEnv *env;
    bool started;               /* the first launch began */
    uint64_t origin;            /* device clock at the first launch */
    TTTraceHart *hart;          /* ncores x TT_RISCS_PER_CORE */
};

static uint64_t ttx_trace_now(const TTTrace *t)
{
    return t->env->clock_ns(t->env->opaque);
}

/* Trace time of device clock @ns: 0 is the first launch. */
static uint64_t ttx_trace_rel(const TTTrace *t, uint64_t ns)
{
    return ns > t->origin ? ns - t->origin : 0;
}

/* "<us>.<ns>" of @ns, as trace-event timestamps want microseconds. */
static void ttx_trace_us(FILE *f, const char *key, uint64_t ns)
{
    fprintf(f, ",\"%s\":%llu.%03u", key, (unsigned long long)(ns / 1000),
            (unsigned)(ns % 1000));
}

static void ttx_trace_span(TTTrace *t, unsigned core, unsigned risc,
                           const char *cat, const char *name, uint64_t start,
                           uint64_t end)
{
    if (!t->started || end < t->origin) {
        return;
    }
    start = ttx_trace_rel(t, start);
    end = ttx_trace_rel(t, end);
    fprintf(t->f, "{\"ph\":\"X\",\"cat\":\"%s\",\"name\":\"%s\",\"pid\":%u,"
            "\"tid\":%u", cat, name, core + 1, risc);
    ttx_trace_us(t->f, "ts", start);
    ttx_trace_us(t->f, "dur", end - start);
    fputs("},\n", t->f);
}

TTTrace *ttx_trace_open(const char *path, const TTBlockEnv *env)
{
    TTTrace *t = calloc(1, sizeof(*t));
    unsigned n = env->ncores;

    if (!t) {
        return NULL;
    }
    t->env = env;
    t->hart = calloc((size_t)n * TT_RISCS_PER_CORE, sizeof(*t->hart));
    t->f = fopen(path, "w");
    if (!t->hart || !t->f) {
        int e = errno;

        free(t->hart);
        if (t->f) {
            fclose(t->f);
        }
        free(t);
        errno = e;
        return NULL;
    }
    setvbuf(t->f, NULL, _IOFBF, 1 << 20);
    fputs("[\n", t->f);
    for (unsigned c = 0; c < n; c++) {
        fprintf(t->f, "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%u,"
                "\"args\":{\"name\":\"core (%u,%u)\"}},\n", c + 1,
                ttx_block_x(env, c), ttx_block_y(env, c));
        fprintf(t->f, "{\"ph\":\"M\",\"name\":\"process_sort_index\","
                "\"pid\":%u,\"args\":{\"sort_index\":%u}},\n", c + 1, c);
        for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
            fprintf(t->f, "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%u,"
                    "\"tid\":%u,\"args\":{\"name\":\"%s\"}},\n", c + 1, r,
                    tt_risc_name(r));
        }
    }
    return t;
}

void ttx_trace_close(TTTrace *t)
{
    uint64_t now;
    unsigned n;

    if (!t) {
        return;
    }
    now = ttx_trace_now(t);
    n = t->env->ncores;
    for (unsigned c = 0; c < n; c++) {
        for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
            TTTraceHart *h = &t->hart[c * TT_RISCS_PER_CORE + r];

            if (h->running) {
                ttx_trace_span(t, c, r, "launch", "kernel", h->run_start, now);
            }
        }
    }
    /* The format tolerates a trailing comma only before nothing: end with
     * an empty metadata record so the array is valid JSON. */
    fputs("{\"ph\":\"M\",\"name\":\"trace_end\",\"pid\":0,\"args\":{}}\n]\n",
          t->f);
    fclose(t->f);
    free(t->hart);
    free(t);
}

/* Span name of a wait, e.g. "wait CB 3 front (4 pages)". */
static void ttx_trace_wait_name(char *buf, size_t len, uint32_t kind,
                                uint32_t id, uint32_t expect)
{
    switch (kind) {
    case TT_WAIT_GO:
        snprintf(buf, len, "wait go");
        break;
    case TT_WAIT_SUBORDINATE_GO:
        snprintf(buf, len, "wait go (from BRISC)");
        break;
    case TT_WAIT_SUBORDINATES_DONE:
        snprintf(buf, len, "wait subordinates done");
        break;
    case TT_WAIT_CB_FRONT:
        snprintf(buf, len, "wait CB %u front (%u pages)", id, expect);
        break;
    case TT_WAIT_CB_BACK:
        snprintf(buf, len, "wait CB %u back (%u free pages)", id, expect);
        break;
    case TT_WAIT_SEMAPHORE:
        snprintf(buf, len, "wait semaphore 0x%x == %u", id, expect);
        break;
    case TT_WAIT_SEMAPHORE_MIN:
        snprintf(buf, len, "wait semaphore 0x%x >= %u", id, expect);
        break;
    case TT_WAIT_NOC_BARRIER:
        if (tt_noc_barrier_is_trid(id)) {
            snprintf(buf, len, "wait NoC %s barrier, transaction id %u",
                     tt_noc_barrier_name(id), id & TT_NOC_MAX_TRANSACTION_ID);
        } else {
            snprintf(buf, len, "wait NoC %s barrier", tt_noc_barrier_name(id));
        }
        break;
    case TT_WAIT_TILE_ENGINE:
        snprintf(buf, len, "wait tile engine: %s", tt_tile_cmd_wait_name(id));
        break;
    default:
        snprintf(buf, len, "wait 0x%x", kind);
        break;
    }
}

/* The wait that separates two launches of this RISC's firmware. */
static bool ttx_trace_idle_wait(unsigned risc, uint32_t kind)
{
    return kind == (risc == TT_RISC_BRISC ? TT_WAIT_GO : TT_WAIT_SUBORDINATE_GO);
}

void ttx_trace_wait(TTTrace *t, unsigned core, unsigned risc, uint32_t kind,
                    uint32_t id, uint32_t expect)
{
    TTTraceHart *h = &t->hart[core * TT_RISCS_PER_CORE + risc];
    uint64_t now = ttx_trace_now(t);
    char name[96];

    /* Woken early and waiting again for the same thing: one span. */
    if (kind != TT_WAIT_NONE && kind == h->wait_kind && id == h->wait_id &&
        expect == h->wait_expect) {
        return;
    }
    if (h->wait_kind != TT_WAIT_NONE && h->wait_kind != TT_WAIT_RESET) {
        ttx_trace_wait_name(name, sizeof(name), h->wait_kind, h->wait_id,
                            h->wait_expect);
        ttx_trace_span(t, core, risc, "wait", name, h->wait_start, now);
        if (ttx_trace_idle_wait(risc, h->wait_kind)) {
            h->running = true;
            h->run_start = now;
        }
    }
    if (kind != TT_WAIT_NONE && ttx_trace_idle_wait(risc, kind) && h->running) {
        ttx_trace_span(t, core, risc, "launch", "kernel", h->run_start, now);
        h->running = false;
    }
    h->wait_kind = kind;
    h->wait_id = id;
    h->wait_expect = expect;
    h->wait_start = now;
}

void ttx_trace_launch(TTTrace *t)
{
    if (!t->started) {
        t->started = true;
        t->origin = ttx_trace_now(t);
    }
}

void ttx_trace_done(TTTrace *t, unsigned core)
{
    uint64_t now = ttx_trace_now(t);

    for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
        TTTraceHart *h = &t->hart[core * TT_RISCS_PER_CORE + r];

        if (h->running) {
            ttx_trace_span(t, core, r, "launch", "kernel", h->run_start, now);
            h->running = false;
        }
    }
    fflush(t->f);
}

void ttx_trace_noc(TTTrace *t, unsigned core, unsigned risc, unsigned noc,
                   const uint32_t *reg)
{
    uint32_t ctrl = reg[TT_A_NOC_CTRL / 4];
    bool at = TT_FIELD_GET(NOC, CTRL, AT, ctrl);
    bool wr = TT_FIELD_GET(NOC, CTRL, WR, ctrl);
    bool inl = TT_FIELD_GET(NOC, CTRL, WR_INLINE, ctrl);
    bool mcast = TT_FIELD_GET(NOC, CTRL, BRCST_PACKET, ctrl);
    /* The far end: the source of a read, the destination otherwise. */
    bool far_is_ret = wr && !inl;
    uint32_t lo = reg[(far_is_ret ? TT_A_NOC_RET_ADDR_LO :
                                    TT_A_NOC_TARG_ADDR_LO) / 4];
    uint32_t mid = reg[(far_is_ret ? TT_A_NOC_RET_ADDR_MID :
                                     TT_A_NOC_TARG_ADDR_MID) / 4];
    uint32_t len = at || inl ? 4 : reg[TT_A_NOC_AT_LEN_BE / 4];
    const char *what = at ? "atomic" : !wr ? "read" :
                       inl ? (mcast ? "inline multicast" : "inline write") :
                       mcast ? "multicast write" : "write";

    if (!t->started) {
        return;
    }
    fprintf(t->f, "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"noc\",\"name\":\"%s\","
            "\"pid\":%u,\"tid\":%u", what, core + 1, risc);
    ttx_trace_us(t->f, "ts", ttx_trace_rel(t, ttx_trace_now(t)));
    fprintf(t->f, ",\"args\":{\"noc\":%u,\"bytes\":%u,\"far\":\"(%u,%u)\","
            "\"addr\":\"0x%x\"", noc, len, TT_FIELD_GET(NOC, ADDR_MID, X, mid),
            TT_FIELD_GET(NOC, ADDR_MID, Y, mid), lo);
    if (mcast) {
        fprintf(t->f, ",\"from\":\"(%u,%u)\"",
                TT_FIELD_GET(NOC, ADDR_MID, START_X, mid),
                TT_FIELD_GET(NOC, ADDR_MID, START_Y, mid));
    }
    fputs("}},\n", t->f);
}

void ttx_trace_cb(TTTrace *t, unsigned core, unsigned cb, unsigned pages)
{
    if (!t->started) {
        return;
    }
    fprintf(t->f, "{\"ph\":\"C\",\"name\":\"CB %u pages\",\"pid\":%u", cb,
            core + 1);
    ttx_trace_us(t->f, "ts", ttx_trace_rel(t, ttx_trace_now(t)));
    fprintf(t->f, ",\"args\":{\"pages\":%u}},\n", pages);
}
