/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The run's timeline in Chrome's JSON trace-event format (ttx_trace.h).
 *
 * pid = core index + 1 (named "core (x,y)"), tid = RISC.  Spans are
 * complete events ("X") written when they end, so the file needs no
 * matching of begin and end records; instants ("i") mark NoC commands and
 * counters ("C") follow CB occupancy.  Profiler zones a kernel marks
 * (EMU PROF_MARK) are spans on their RISC's track, kept on a small stack
 * per hart until they end; summed zones are added up per slot and written
 * as one instant with the total when the core finishes.  ts and dur are microseconds of the
 * device clock from the first launch (the host's first go), printed with
 * nanosecond digits.  Boot is left out: it is reproducible to the
 * instruction too, but a trace is read for the program, not for the
 * firmware's start (docs/decisions.md).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ttx_trace.h"
#include "tt_mem_map.h"
#include "tt_emu_regs.h"
#include "tt_riscv.h"
#include "tt_noc_regs.h"
#include "tt_tile_regs.h"
#include "tt_regfields.h"

/* Open zones recorded per hart (deeper ones are counted, not traced). */
#define TTX_TRACE_ZONES 16
/* Bytes of a zone's name kept, with its NUL. */
#define TTX_TRACE_NAME 64

typedef struct TTTraceZone {
    uint64_t start;
    char name[TTX_TRACE_NAME];
} TTTraceZone;

/* A summed zone slot (DeviceZoneScopedSumN1/N2): total time of its runs. */
typedef struct TTTraceSum {
    uint32_t count; /* runs ended since the core's last done */
    bool open;
    uint64_t start;
    uint64_t total;
    char name[TTX_TRACE_NAME];
} TTTraceSum;

typedef struct TTTraceHart {
    uint32_t wait_kind; /* open wait span, TT_WAIT_NONE if none */
    uint32_t wait_id;
    uint32_t wait_expect;
    uint64_t wait_start;
    bool running; /* open launch span */
    uint64_t run_start;
    unsigned zones; /* open profiler zones, may exceed the stack */
    TTTraceZone zone[TTX_TRACE_ZONES];
    TTTraceSum sum[TT_PROF_SUM_SLOTS];
} TTTraceHart;

struct TTTrace {
    FILE *f;
    const TTBlockEnv *env;
    bool started;      /* the first launch began */
    uint64_t origin;   /* device clock at the first launch */
    TTTraceHart *hart; /* ncores x TT_RISCS_PER_CORE */
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

/*
 * @s as a JSON string: a kernel's zone names may hold any byte (UTF-8
 * passes through).
 */
static void ttx_trace_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;

        if (c == '"' || c == '\\') {
            fprintf(f, "\\%c", c);
        } else if (c < 0x20 || c == 0x7f) {
            fprintf(f, "\\u%04x", c);
        } else {
            fputc(c, f);
        }
    }
    fputc('"', f);
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
    fprintf(t->f, "{\"ph\":\"X\",\"cat\":\"%s\",\"name\":", cat);
    ttx_trace_str(t->f, name);
    fprintf(t->f, ",\"pid\":%u,\"tid\":%u", core + 1, risc);
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
        fprintf(t->f,
                "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%u,"
                "\"args\":{\"name\":\"core (%u,%u)\"}},\n",
                c + 1, ttx_block_x(env, c), ttx_block_y(env, c));
        fprintf(t->f,
                "{\"ph\":\"M\",\"name\":\"process_sort_index\","
                "\"pid\":%u,\"args\":{\"sort_index\":%u}},\n",
                c + 1, c);
        for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
            fprintf(t->f,
                    "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%u,"
                    "\"tid\":%u,\"args\":{\"name\":\"%s\"}},\n",
                    c + 1, r, tt_risc_name(r));
        }
    }
    return t;
}

/*
 * The zones hart (@core, @risc) left open end at @now (its core finished,
 * or the trace ends), and its sums are written: nothing of one launch
 * carries over into the next.
 */
static void ttx_trace_zones_end(TTTrace *t, unsigned core, unsigned risc,
                                uint64_t now)
{
    TTTraceHart *h = &t->hart[core * TT_RISCS_PER_CORE + risc];

    for (; h->zones; h->zones--) {
        if (h->zones <= TTX_TRACE_ZONES) {
            TTTraceZone *z = &h->zone[h->zones - 1];

            ttx_trace_span(t, core, risc, "zone", z->name, z->start, now);
        }
    }
    for (unsigned i = 0; i < TT_PROF_SUM_SLOTS; i++) {
        TTTraceSum *sum = &h->sum[i];

        if (sum->open) {
            sum->total += now - sum->start;
            sum->count++;
        }
        if (sum->count && t->started) {
            fprintf(t->f, "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"zone sum\","
                          "\"name\":");
            ttx_trace_str(t->f, sum->name);
            fprintf(t->f, ",\"pid\":%u,\"tid\":%u", core + 1, risc);
            ttx_trace_us(t->f, "ts", ttx_trace_rel(t, now));
            fprintf(t->f, ",\"args\":{\"total_ns\":%llu,\"count\":%u}},\n",
                    (unsigned long long)sum->total, sum->count);
        }
        memset(sum, 0, sizeof(*sum));
    }
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

            ttx_trace_zones_end(t, c, r, now);
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
    case TT_WAIT_ETH_DATA:
        snprintf(buf, len, "wait ethernet 0x%x == %u", id, expect);
        break;
    case TT_WAIT_ETH_TX:
        snprintf(buf, len, "wait ethernet link");
        break;
    default:
        snprintf(buf, len, "wait 0x%x", kind);
        break;
    }
}

/* The wait that separates two launches of this RISC's firmware. */
static bool ttx_trace_idle_wait(unsigned risc, uint32_t kind)
{
    return kind ==
           (risc == TT_RISC_BRISC ? TT_WAIT_GO : TT_WAIT_SUBORDINATE_GO);
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

        ttx_trace_zones_end(t, core, r, now);
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
    uint32_t lo =
        reg[(far_is_ret ? TT_A_NOC_RET_ADDR_LO : TT_A_NOC_TARG_ADDR_LO) / 4];
    uint32_t mid =
        reg[(far_is_ret ? TT_A_NOC_RET_ADDR_MID : TT_A_NOC_TARG_ADDR_MID) / 4];
    uint32_t len = at || inl ? 4 : reg[TT_A_NOC_AT_LEN_BE / 4];
    const char *what = at      ? "atomic"
                       : !wr   ? "read"
                       : inl   ? (mcast ? "inline multicast" : "inline write")
                       : mcast ? "multicast write"
                               : "write";

    if (!t->started) {
        return;
    }
    fprintf(t->f,
            "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"noc\",\"name\":\"%s\","
            "\"pid\":%u,\"tid\":%u",
            what, core + 1, risc);
    ttx_trace_us(t->f, "ts", ttx_trace_rel(t, ttx_trace_now(t)));
    fprintf(t->f,
            ",\"args\":{\"noc\":%u,\"bytes\":%u,\"far\":\"(%u,%u)\","
            "\"addr\":\"0x%x\"",
            noc, len, TT_FIELD_GET(NOC, ADDR_MID, X, mid),
            TT_FIELD_GET(NOC, ADDR_MID, Y, mid), lo);
    if (mcast) {
        fprintf(t->f, ",\"from\":\"(%u,%u)\"",
                TT_FIELD_GET(NOC, ADDR_MID, START_X, mid),
                TT_FIELD_GET(NOC, ADDR_MID, START_Y, mid));
    }
    fputs("}},\n", t->f);
}

void ttx_trace_eth(TTTrace *t, unsigned core, unsigned risc, bool sent,
                   unsigned channel, uint32_t peer, uint32_t addr, uint32_t len)
{
    if (!t->started) {
        return;
    }
    fprintf(t->f,
            "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"eth\",\"name\":\"%s\","
            "\"pid\":%u,\"tid\":%u",
            sent ? "eth send" : "eth receive", core + 1, risc);
    ttx_trace_us(t->f, "ts", ttx_trace_rel(t, ttx_trace_now(t)));
    fprintf(t->f,
            ",\"args\":{\"channel\":%u,\"bytes\":%u,\"%s\":\"chip %u "
            "channel %u\",\"addr\":\"0x%x\"}},\n",
            channel, len, sent ? "to" : "from", peer >> 8, peer & 0xff, addr);
}

/*
 * Copy the NUL-terminated name at L1 address @addr of @core into @buf,
 * cut at a character boundary if long; a name outside L1 is its address.
 */
static void ttx_trace_name(TTTrace *t, unsigned core, uint32_t addr, char *buf,
                           size_t len)
{
    const uint8_t *l1 = t->env->l1(t->env->opaque, core);
    size_t n = 0;

    if (addr >= TT_MEM_L1_SIZE) {
        snprintf(buf, len, "0x%x", addr);
        return;
    }
    while (n + 1 < len && addr + n < TT_MEM_L1_SIZE && l1[addr + n]) {
        buf[n] = (char)l1[addr + n];
        n++;
    }
    if (n + 1 == len && addr + n < TT_MEM_L1_SIZE && l1[addr + n]) {
        /* Cut: drop a UTF-8 sequence left incomplete. */
        size_t end = n;

        while (end && ((uint8_t)buf[end - 1] & 0xc0) == 0x80) {
            end--;
        }
        if (end && ((uint8_t)buf[end - 1] & 0x80)) {
            n = end - 1;
        }
    }
    buf[n] = '\0';
}

/* An instant on the RISC's track: a profiler data point or event. */
static void ttx_trace_instant(TTTrace *t, unsigned core, unsigned risc,
                              const char *name, const char *key, uint64_t val)
{
    fprintf(t->f, "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"profiler\","
                  "\"name\":");
    ttx_trace_str(t->f, name);
    fprintf(t->f, ",\"pid\":%u,\"tid\":%u", core + 1, risc);
    ttx_trace_us(t->f, "ts", ttx_trace_rel(t, ttx_trace_now(t)));
    fprintf(t->f, ",\"args\":{\"%s\":%llu}},\n", key, (unsigned long long)val);
}

void ttx_trace_prof(TTTrace *t, unsigned core, unsigned risc, uint32_t mark,
                    uint32_t name, uint64_t data)
{
    TTTraceHart *h = &t->hart[core * TT_RISCS_PER_CORE + risc];
    uint64_t now = ttx_trace_now(t);
    char buf[TTX_TRACE_NAME];
    TTTraceSum *sum = NULL;

    if (mark == TT_PROF_SUM_BEGIN || mark == TT_PROF_SUM_END) {
        /* The slot is PROF_DATA_LO; HI may hold an older marker's data. */
        if ((uint32_t)data >= TT_PROF_SUM_SLOTS) {
            return;
        }
        sum = &h->sum[(uint32_t)data];
    }
    switch (mark) {
    case TT_PROF_ZONE_BEGIN:
        if (h->zones < TTX_TRACE_ZONES) {
            TTTraceZone *z = &h->zone[h->zones];

            z->start = now;
            ttx_trace_name(t, core, name, z->name, sizeof(z->name));
        }
        h->zones++;
        break;
    case TT_PROF_ZONE_END:
        if (!h->zones) {
            break;
        }
        h->zones--;
        if (h->zones < TTX_TRACE_ZONES) {
            TTTraceZone *z = &h->zone[h->zones];

            ttx_trace_span(t, core, risc, "zone", z->name, z->start, now);
        }
        break;
    case TT_PROF_DATA:
        if (t->started) {
            ttx_trace_name(t, core, name, buf, sizeof(buf));
            ttx_trace_instant(t, core, risc, buf, "data", data);
        }
        break;
    case TT_PROF_EVENT:
        if (t->started) {
            snprintf(buf, sizeof(buf), "event %u", (uint32_t)data);
            ttx_trace_instant(t, core, risc, buf, "id", (uint32_t)data);
        }
        break;
    case TT_PROF_SUM_BEGIN:
        sum->open = true;
        sum->start = now;
        ttx_trace_name(t, core, name, sum->name, sizeof(sum->name));
        break;
    case TT_PROF_SUM_END:
        if (sum->open) {
            sum->open = false;
            sum->total += now - sum->start;
            sum->count++;
        }
        break;
    default:
        break;
    }
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
