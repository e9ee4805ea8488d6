/* SPDX-License-Identifier: Apache-2.0 */
/*
 * NoC engines: command buffers, status counters and the sanitizer.
 * A kernel drives them as on a Wormhole
 * B0: it programs TARG/RET/AT_LEN_BE/PACKET_TAG/CTRL of a command buffer
 * and writes SEND_REQ to CMD_CTRL.  By default the command then runs to
 * completion inside that register write: data is copied, the status
 * counters the barriers compare with are updated, and the harts of every
 * core whose L1 received data that may be waiting for it are woken.
 * Nothing is left in flight, so runs are deterministic under -icount and
 * CMD_CTRL always reads ready.
 *
 * Transaction ids: PACKET_TAG's TRANSACTION_ID field tags every command.
 * REQS_OUTSTANDING_ID(id) counts the reads, non-posted writes and
 * non-posted atomics of that id not yet answered (up at issue, down when
 * the response or the last ack arrives); WRITE_REQS_OUTGOING_ID(id) the
 * writes of that id whose data has not yet left L1.
 *
 * Delayed completion (TTChipConfig.noc_delay = N > 0), to expose missing
 * barriers: reads and writes are checked and counted as issued, then held
 * in a per-core, per-NoC queue of N commands.  A held command lands (data
 * copied, completion counters advanced) when
 *  - N newer commands were issued on that NoC of that core (the oldest
 *    leaves the full queue),
 *  - a hart of the core reads a status counter the command would move
 *    (a barrier's poll; RD_RESP_RECEIVED lands the reads,
 *    REQS_OUTSTANDING_ID(id) the commands of id, ...), just before the
 *    value is returned, or
 *  - a hart of the core goes to sleep or the core rings its done doorbell
 *    (ttx_noc_drain), so that nothing is held forever.
 * All of these are points in the instruction stream of the core: the
 * option stays deterministic.  Atomics always complete at once.
 *
 * Endpoints: workers at their virtual coordinates (the same on both
 * NoCs) and the DRAM banks at their NoC0 endpoints, mirrored on NoC1
 * (hal/wormhole/tt_noc_map.h).
 *
 * Sanitizer (always on): a command that breaks a rule is dropped and
 * reported as a guest error naming the rule, the decoded NoC address and
 * the issuing hart; its counters still advance as if it had completed, so
 * barriers do not hang and the run ends with the error.
 *
 * Race detector (TTChipConfig.racecheck, "Race detector" below): shadow
 * records of unfinished reads and writes, checked where bytes are handed
 * over; races go to the host as TT_EVT_RACE.
 *
 * CB guard (TTChipConfig.cb_guard): a read response or write that would
 * land in CB pages no RISC of the destination core has reserved breaks
 * the rule cb-unreserved (TTBlockEnv.cb_guard: ttx_cb.c), checked at issue.
 *
 * Not yet implemented: atomics other than INCR_GET (reported), byte-enable
 * writes (WR_BE), linked/path-reserved multicast semantics (flags are
 * accepted and ignored), multicast reads (reported), NOC_CFG
 * translation tables, PCIe.
 */
#include "ttx_noc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tt_cb.h"
#include "tt_ctl.h"
#include "tt_emu_regs.h"
#include "tt_mem_map.h"
#include "tt_noc_map.h"
#include "tt_riscv.h"

/* Rule names, as they appear in guest errors ("rule: ..."). */
#define TTX_RULE_COORD "coordinates"
#define TTX_RULE_L1_RANGE "l1-range"
#define TTX_RULE_DRAM_RANGE "dram-range"
#define TTX_RULE_RESERVED "reserved-region"
#define TTX_RULE_FREED "freed-buffer"
#define TTX_RULE_ALIGN "alignment"
#define TTX_RULE_LENGTH "length"
#define TTX_RULE_MCAST "multicast-rectangle"
#define TTX_RULE_ATOMIC "atomic"
#define TTX_RULE_CB_GUARD "cb-unreserved"

#define TTX_NOC_MAX_DESTS (TT_GRID_X_MAX * TT_GRID_Y_MAX) /* every worker */

static const uint8_t ttx_dram_x[TT_DRAM_BANKS] = TT_NOC_DRAM_X_INIT;
static const uint8_t ttx_dram_y[TT_DRAM_BANKS] = TT_NOC_DRAM_Y_INIT;

typedef struct TTRace TTRace;

/* The NoCs of every core. */
struct TTNocState {
    const TTBlockEnv *env;
    unsigned delay; /* commands held per core and NoC, or 0 */
    TTRace *race;   /* race detector (racecheck), or NULL */
    TTNoc *noc;     /* core * TT_NOC_COUNT + noc */
    TTNocWindow win[TT_NOC_COUNT];
    struct tt_ctl_freed freed; /* freed buffers (TT_CTL_FREED), refused */
    /* 1 + the DRAM bank at physical NoC0 coordinates (x, y), 0 if none */
    uint8_t dram_at[TT_NOC_SIZE_Y][TT_NOC_SIZE_X];
};

/* NoC @n of @core. */
#define TTX_NOC(ns, core, n) (&(ns)->noc[(core)*TT_NOC_COUNT + (n)])

/* Command buffer @buf's register at offset @reg (see TTNoc). */
static inline uint32_t ttx_noc_cmd_reg(const TTNoc *n, unsigned buf,
                                       uint32_t reg)
{
    return __atomic_load_n(&n->cmd[buf][reg / 4], __ATOMIC_RELAXED);
}

static inline void ttx_noc_cmd_set(TTNoc *n, unsigned buf, uint32_t reg,
                                   uint32_t val)
{
    __atomic_store_n(&n->cmd[buf][reg / 4], val, __ATOMIC_RELAXED);
}

/*
 * The plain registers of a NoC's first register page (ttx_chip_latches):
 * TARG_ADDR_LO..AT_DATA of each command buffer, one bit per word.
 */
#define TTX_NOC_PLAIN ((1u << TTX_NOC_SNAP_REGS) - 1)
#define TTX_NOC_MASK_WORDS_PER_BUF (TT_NOC_CMD_BUF_STRIDE / 4 / 32)

_Static_assert(TTX_LATCH_PAGE == TT_NOC_CMD_BUFS * TT_NOC_CMD_BUF_STRIDE,
               "the command buffers fill one latch page");

static const uint32_t ttx_noc_plain_mask[TTX_LATCH_PAGE / 4 / 32] = {
    [0 * TTX_NOC_MASK_WORDS_PER_BUF] = TTX_NOC_PLAIN,
    [1 * TTX_NOC_MASK_WORDS_PER_BUF] = TTX_NOC_PLAIN,
    [2 * TTX_NOC_MASK_WORDS_PER_BUF] = TTX_NOC_PLAIN,
    [3 * TTX_NOC_MASK_WORDS_PER_BUF] = TTX_NOC_PLAIN,
};

/* One command being executed. */
typedef struct TTNocCmd {
    TTNocState *ns;
    unsigned core, risc, noc, buf;
    const char *what; /* "read", "write", ... for messages */
    int self_risc;    /* hart of @core running now, or -1 */
    bool failed;
} TTNocCmd;

/* A decoded endpoint. */
typedef struct TTNocEp {
    bool dram;
    unsigned core; /* worker */
    unsigned bank; /* DRAM */
    unsigned x, y; /* as addressed */
} TTNocEp;

static void ttx_noc_error(TTNocCmd *c, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void ttx_noc_error(TTNocCmd *c, const char *rule, const char *fmt, ...)
{
    char text[640];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    c->failed = true;
    ttx_block_guest_error(c->ns->env, c->core, c->risc,
                          (c->noc ? TT_MMIO_NOC1_BASE : TT_MMIO_NOC0_BASE) +
                              c->buf * TT_NOC_CMD_BUF_STRIDE +
                              TT_A_NOC_CMD_CTRL,
                          "NoC%u cmd_buf %u %s: %s (rule: %s)", c->noc, c->buf,
                          c->what, text, rule);
}

/* Endpoints -------------------------------------------------------------- */

static bool ttx_noc_worker(const TTBlockEnv *env, unsigned x, unsigned y,
                           unsigned *core)
{
    if (x < TT_NOC_VIRTUAL_WORKER_X0 || y < TT_NOC_VIRTUAL_WORKER_Y0) {
        return false;
    }
    x -= TT_NOC_VIRTUAL_WORKER_X0;
    y -= TT_NOC_VIRTUAL_WORKER_Y0;
    if (x >= env->grid_x || y >= env->grid_y) {
        return false;
    }
    *core = y * env->grid_x + x;
    return true;
}

/* The ethernet core at virtual NoC coordinates (@x, @y), if one is there. */
static bool ttx_noc_eth(const TTBlockEnv *env, unsigned x, unsigned y,
                        unsigned *core)
{
    unsigned chan;

    if (x < TT_NOC_VIRTUAL_ETH_X0 || y < TT_NOC_VIRTUAL_ETH_Y0 ||
        x - TT_NOC_VIRTUAL_ETH_X0 >= TT_ETH_PER_ROW) {
        return false;
    }
    chan = (y - TT_NOC_VIRTUAL_ETH_Y0) * TT_ETH_PER_ROW +
           (x - TT_NOC_VIRTUAL_ETH_X0);
    if (chan >= env->ncores - env->nworkers) {
        return false;
    }
    *core = env->nworkers + chan;
    return true;
}

static bool ttx_noc_endpoint(TTNocCmd *c, unsigned x, unsigned y, TTNocEp *ep)
{
    unsigned px = x, py = y;

    memset(ep, 0, sizeof(*ep));
    ep->x = x;
    ep->y = y;
    if (ttx_noc_worker(c->ns->env, x, y, &ep->core) ||
        ttx_noc_eth(c->ns->env, x, y, &ep->core)) {
        return true;
    }
    if (TT_NOC_DRAM_MIRRORED && c->noc == 1 && x < TT_NOC_SIZE_X &&
        y < TT_NOC_SIZE_Y) {
        px = TT_NOC_SIZE_X - 1 - x;
        py = TT_NOC_SIZE_Y - 1 - y;
    }
    if (px < TT_NOC_SIZE_X && py < TT_NOC_SIZE_Y && c->ns->dram_at[py][px]) {
        ep->dram = true;
        ep->bank = c->ns->dram_at[py][px] - 1u;
        return true;
    }
    ttx_noc_error(c, TTX_RULE_COORD,
                  "NoC coordinates (%u,%u) are neither a worker of the %ux%u "
                  "grid (at (%u,%u)..), an ethernet core (at (%u,%u)..) nor "
                  "a DRAM bank endpoint",
                  x, y, c->ns->env->grid_x, c->ns->env->grid_y,
                  TT_NOC_VIRTUAL_WORKER_X0, TT_NOC_VIRTUAL_WORKER_Y0,
                  TT_NOC_VIRTUAL_ETH_X0, TT_NOC_VIRTUAL_ETH_Y0);
    return false;
}

static bool ttx_overlaps(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen)
{
    return a < b + blen && b < a + alen;
}

/*
 * Does [addr, addr + len) at @ep touch a buffer the host freed (checking
 * mode only: the list is empty otherwise)?  Reports it.
 */
static bool ttx_noc_freed(TTNocCmd *c, const TTNocEp *ep, uint64_t addr,
                          uint32_t len, bool write)
{
    const struct tt_ctl_freed *f = &c->ns->freed;
    uint32_t kind = ep->dram ? TT_CTL_FREED_DRAM : TT_CTL_FREED_L1;

    for (uint32_t i = 0; i < f->count; i++) {
        const struct tt_ctl_freed_range *r = &f->r[i];

        if (r->kind != kind || !ttx_overlaps(addr, len, r->lo, r->hi - r->lo)) {
            continue;
        }
        ttx_noc_error(c, TTX_RULE_FREED,
                      "%s of %u bytes at (%u,%u) 0x%llx "
                      "touches a freed %s buffer (0x%llx-0x%llx, released "
                      "with tt_buffer_free before this launch)",
                      write ? "write" : "read", len, ep->x, ep->y,
                      (unsigned long long)addr, ep->dram ? "DRAM" : "L1",
                      (unsigned long long)r->lo, (unsigned long long)r->hi);
        return true;
    }
    return false;
}

/*
 * Host pointer to [addr, addr + len) at @ep, or NULL after reporting the
 * rule it breaks.  Writes may not touch the firmware, mailbox or kernel
 * text regions of L1 (@atomic_ret allows the atomic return word).
 */
static uint8_t *ttx_noc_span(TTNocCmd *c, const TTNocEp *ep, uint64_t addr,
                             uint32_t len, bool write, bool atomic_ret)
{
    const TTBlockEnv *env = c->ns->env;

    if (ep->dram) {
        if (!env->dram) {
            ttx_noc_error(c, TTX_RULE_DRAM_RANGE,
                          "DRAM bank %u at (%u,%u) "
                          "is not available in this machine",
                          ep->bank, ep->x, ep->y);
            return NULL;
        }
        if (addr + len > TT_DRAM_BANK_SIZE) {
            ttx_noc_error(c, TTX_RULE_DRAM_RANGE,
                          "%s of %u bytes at (%u,%u) "
                          "0x%llx goes past the end of DRAM bank %u (%llu "
                          "bytes)",
                          write ? "write" : "read", len, ep->x, ep->y,
                          (unsigned long long)addr, ep->bank,
                          (unsigned long long)TT_DRAM_BANK_SIZE);
            return NULL;
        }
        if (ttx_noc_freed(c, ep, addr, len, write)) {
            return NULL;
        }
        return env->dram + (uint64_t)ep->bank * TT_DRAM_BANK_SIZE + addr;
    }
    if (addr + len > ttx_block_l1_size(env, ep->core)) {
        ttx_noc_error(c, TTX_RULE_L1_RANGE,
                      "%s of %u bytes at (%u,%u) 0x%llx "
                      "is outside %s L1 (%u bytes)",
                      write ? "write" : "read", len, ep->x, ep->y,
                      (unsigned long long)addr,
                      ttx_block_is_eth(env, ep->core) ? "the ethernet core's"
                                                      : "the worker's",
                      (unsigned)ttx_block_l1_size(env, ep->core));
        return NULL;
    }
    if (write &&
        !(atomic_ret && addr == TT_MEM_NOC_ATOMIC_RET_VAL_ADDR && len == 4) &&
        (ttx_overlaps(addr, len, 0, TT_MEM_KERNEL_CONFIG_BASE) ||
         ttx_overlaps(addr, len, TT_MEM_KERNEL_TEXT_BASE,
                      TT_MEM_KERNEL_CONFIG_END - TT_MEM_KERNEL_TEXT_BASE))) {
        ttx_noc_error(c, TTX_RULE_RESERVED,
                      "write of %u bytes at (%u,%u) "
                      "0x%llx lands in the firmware/mailbox/kernel-text region "
                      "(0x0-0x%x, 0x%x-0x%x)",
                      len, ep->x, ep->y, (unsigned long long)addr,
                      TT_MEM_KERNEL_CONFIG_BASE, TT_MEM_KERNEL_TEXT_BASE,
                      TT_MEM_KERNEL_CONFIG_END);
        return NULL;
    }
    if (ttx_noc_freed(c, ep, addr, len, write)) {
        return NULL;
    }
    return env->l1(env->opaque, ep->core) + addr;
}

/*
 * Data landed in @core's L1: the chip keeps code coherent and wakes the
 * harts that may wait for it.  The issuing hart (@c) is running, never
 * asleep.
 */
static void ttx_noc_landed(TTNocCmd *c, unsigned core, uint32_t addr,
                           uint32_t len)
{
    const TTBlockEnv *env = c->ns->env;

    env->l1_landed(env->opaque, core, addr, len,
                   core == c->core ? c->self_risc : -1);
}

static uint64_t ttx_noc_local(uint32_t lo, uint32_t mid)
{
    return (uint64_t)TT_FIELD_GET(NOC, ADDR_MID, ADDR_HI, mid) << 32 | lo;
}

static unsigned ttx_noc_trid(const uint32_t *r)
{
    return TT_FIELD_GET(NOC, PACKET_TAG, TRANSACTION_ID,
                        r[TT_A_NOC_PACKET_TAG / 4]);
}

/*
 * One more at a slave counter of @tn: another core's NoC, whose harts may
 * run at the same time (ttx_chip.c, Locking).
 */
static void ttx_noc_slave(TTNoc *tn, unsigned idx)
{
    __atomic_fetch_add(&tn->status[idx], 1, __ATOMIC_RELAXED);
}

/* A per-id count going down; a CLEAR_OUTSTANDING_REQ_CNT may have zeroed it. */
static void ttx_noc_dec(uint32_t *counter)
{
    if (*counter) {
        (*counter)--;
    }
}

/*
 * Destinations of a write whose NoC address is (@lo, @mid): one endpoint,
 * or every worker of a multicast rectangle (the sender only with
 * @loopback).  Returns the count, or -1 after reporting the rule broken.
 */
static int ttx_noc_dests(TTNocCmd *c, uint32_t mid, bool mcast, bool loopback,
                         TTNocEp *eps)
{
    unsigned ex = TT_FIELD_GET(NOC, ADDR_MID, X, mid);
    unsigned ey = TT_FIELD_GET(NOC, ADDR_MID, Y, mid);
    unsigned sx, sy, x0, x1, y0, y1;
    int n = 0;

    if (!mcast) {
        return ttx_noc_endpoint(c, ex, ey, &eps[0]) ? 1 : -1;
    }
    sx = TT_FIELD_GET(NOC, ADDR_MID, START_X, mid);
    sy = TT_FIELD_GET(NOC, ADDR_MID, START_Y, mid);
    /* NoC1 callers pass the corners swapped: accept either order. */
    x0 = sx < ex ? sx : ex;
    x1 = sx < ex ? ex : sx;
    y0 = sy < ey ? sy : ey;
    y1 = sy < ey ? ey : sy;
    for (unsigned y = y0; y <= y1; y++) {
        for (unsigned x = x0; x <= x1; x++) {
            unsigned core;

            if (!ttx_noc_worker(c->ns->env, x, y, &core)) {
                ttx_noc_error(c, TTX_RULE_MCAST,
                              "multicast rectangle "
                              "(%u,%u)-(%u,%u) includes (%u,%u), which is not "
                              "a worker",
                              sx, sy, ex, ey, x, y);
                return -1;
            }
            if (core == c->core && !loopback) {
                continue;
            }
            eps[n].dram = false;
            eps[n].core = core;
            eps[n].x = x;
            eps[n].y = y;
            n++;
        }
    }
    return n;
}

static bool ttx_noc_check_len(TTNocCmd *c, uint32_t len)
{
    if (len == 0) {
        ttx_noc_error(c, TTX_RULE_LENGTH, "length 0");
        return false;
    }
    if (len > TT_NOC_MAX_BURST_SIZE) {
        ttx_noc_error(c, TTX_RULE_LENGTH,
                      "length %u is over the %u-byte "
                      "burst limit",
                      len, TT_NOC_MAX_BURST_SIZE);
        return false;
    }
    return true;
}

static bool ttx_noc_check_align(TTNocCmd *c, uint64_t src, uint64_t dst)
{
    if ((src ^ dst) & (TT_NOC_L1_ALIGNMENT - 1)) {
        ttx_noc_error(c, TTX_RULE_ALIGN,
                      "source 0x%llx and destination 0x%llx "
                      "differ modulo %u",
                      (unsigned long long)src, (unsigned long long)dst,
                      TT_NOC_L1_ALIGNMENT);
        return false;
    }
    return true;
}

/* Commands --------------------------------------------------------------- */

/* What a call of a command does: check and count it as issued, land it. */
#define TTX_ISSUE 1u
#define TTX_LAND 2u

/* CB guard: @len bytes to @addr at @ep in CB pages nobody reserved? */
static bool ttx_noc_cb_guard(TTNocCmd *c, const TTNocEp *ep, uint64_t addr,
                             uint32_t len)
{
    char why[448];

    const TTBlockEnv *env = c->ns->env;

    if (!env->cb_guard || ep->dram ||
        env->cb_guard(env->opaque, ep->core, (uint32_t)addr, len, why,
                      sizeof(why))) {
        return true;
    }
    ttx_noc_error(c, TTX_RULE_CB_GUARD, "%u bytes to (%u,%u) 0x%llx: %s", len,
                  ep->x, ep->y, (unsigned long long)addr, why);
    return false;
}

static uint32_t ttx_words(uint32_t len)
{
    return (len + TT_NOC_WORD_BYTES - 1) / TT_NOC_WORD_BYTES;
}

/*
 * Read: data at TARG (any endpoint) lands at RET (a worker).  Returns
 * false when the command broke a rule (dropped, counted as completed).
 */
static bool ttx_noc_cmd_read(TTNocCmd *c, const uint32_t *r, uint32_t *st,
                             unsigned phase)
{
    uint64_t src = ttx_noc_local(r[TT_A_NOC_TARG_ADDR_LO / 4],
                                 r[TT_A_NOC_TARG_ADDR_MID / 4]);
    uint64_t dst = ttx_noc_local(r[TT_A_NOC_RET_ADDR_LO / 4],
                                 r[TT_A_NOC_RET_ADDR_MID / 4]);
    uint32_t tmid = r[TT_A_NOC_TARG_ADDR_MID / 4];
    uint32_t rmid = r[TT_A_NOC_RET_ADDR_MID / 4];
    uint32_t len = r[TT_A_NOC_AT_LEN_BE / 4];
    unsigned trid = ttx_noc_trid(r);
    TTNocEp sep, dep;
    uint8_t *s = NULL, *d = NULL;
    bool ok;

    if (phase & TTX_ISSUE) {
        st[TT_NOC_ST_MST_RD_REQ_STARTED]++;
        st[TT_NOC_ST_MST_RD_REQ_SENT]++;
        st[TT_NOC_ST_MST_REQS_OUTSTANDING_ID(trid)]++;
    }
    ok = ttx_noc_check_len(c, len) &&
         ttx_noc_endpoint(c, TT_FIELD_GET(NOC, ADDR_MID, X, tmid),
                          TT_FIELD_GET(NOC, ADDR_MID, Y, tmid), &sep) &&
         ttx_noc_endpoint(c, TT_FIELD_GET(NOC, ADDR_MID, X, rmid),
                          TT_FIELD_GET(NOC, ADDR_MID, Y, rmid), &dep);
    if (ok && dep.dram) {
        ttx_noc_error(c, TTX_RULE_COORD,
                      "read response address (%u,%u) is a "
                      "DRAM bank, not a worker",
                      dep.x, dep.y);
        ok = false;
    }
    ok = ok && ttx_noc_check_align(c, src, dst) &&
         (s = ttx_noc_span(c, &sep, src, len, false, false)) &&
         (d = ttx_noc_span(c, &dep, dst, len, true, false)) &&
         (!(phase & TTX_ISSUE) || ttx_noc_cb_guard(c, &dep, dst, len));
    if (ok && !(phase & TTX_LAND)) {
        return true;
    }
    if (ok) {
        memmove(d, s, len);
        if (!sep.dram) {
            TTNoc *tn = TTX_NOC(c->ns, sep.core, c->noc);

            ttx_noc_slave(tn, TT_NOC_ST_SLV_RD_REQ_RECEIVED);
            ttx_noc_slave(tn, TT_NOC_ST_SLV_RD_RESP_SENT);
        }
        ttx_noc_landed(c, dep.core, (uint32_t)dst, len);
    }
    st[TT_NOC_ST_MST_RD_RESP_RECEIVED]++;
    st[TT_NOC_ST_MST_RD_DATA_WORD_RECEIVED] += ttx_words(len);
    ttx_noc_dec(&st[TT_NOC_ST_MST_REQS_OUTSTANDING_ID(trid)]);
    return ok;
}

/*
 * Destinations a correct multicast to the rectangle in @mid would have
 * reached (the sender only with @loopback): the acks a dropped command
 * still produces, so that the sender's barrier matches its num_dests.
 */
static unsigned ttx_noc_rect_dests(TTNocCmd *c, uint32_t mid, bool loopback)
{
    unsigned ex = TT_FIELD_GET(NOC, ADDR_MID, X, mid);
    unsigned ey = TT_FIELD_GET(NOC, ADDR_MID, Y, mid);
    unsigned sx = TT_FIELD_GET(NOC, ADDR_MID, START_X, mid);
    unsigned sy = TT_FIELD_GET(NOC, ADDR_MID, START_Y, mid);
    unsigned x0 = sx < ex ? sx : ex, x1 = sx < ex ? ex : sx;
    unsigned y0 = sy < ey ? sy : ey, y1 = sy < ey ? ey : sy;
    unsigned mx = ttx_block_noc_x(c->ns->env, c->core);
    unsigned my = ttx_block_noc_y(c->ns->env, c->core);
    unsigned n = (x1 - x0 + 1) * (y1 - y0 + 1);

    if (!loopback && mx >= x0 && mx <= x1 && my >= y0 && my <= y1) {
        n--;
    }
    return n;
}

/*
 * Write: data at TARG (the sender's L1) lands at RET (unicast) or in
 * every worker of the RET rectangle (multicast); inline writes put
 * AT_DATA at TARG.  The source is read when the command lands.  Returns
 * false when the command broke a rule (dropped, counted as completed).
 */
static bool ttx_noc_cmd_write(TTNocCmd *c, const uint32_t *r, uint32_t *st,
                              uint32_t ctrl, unsigned phase)
{
    bool inl = TT_FIELD_GET(NOC, CTRL, WR_INLINE, ctrl);
    bool mcast = TT_FIELD_GET(NOC, CTRL, BRCST_PACKET, ctrl);
    bool loopback = TT_FIELD_GET(NOC, CTRL, BRCST_SRC_INCLUDE, ctrl);
    bool nonposted = TT_FIELD_GET(NOC, CTRL, RESP_MARKED, ctrl);
    uint32_t dlo =
        inl ? r[TT_A_NOC_TARG_ADDR_LO / 4] : r[TT_A_NOC_RET_ADDR_LO / 4];
    uint32_t dmid =
        inl ? r[TT_A_NOC_TARG_ADDR_MID / 4] : r[TT_A_NOC_RET_ADDR_MID / 4];
    uint64_t dst = ttx_noc_local(dlo, dmid);
    uint64_t src = ttx_noc_local(r[TT_A_NOC_TARG_ADDR_LO / 4],
                                 r[TT_A_NOC_TARG_ADDR_MID / 4]);
    uint32_t len = inl ? 4 : r[TT_A_NOC_AT_LEN_BE / 4];
    uint32_t be = TT_FIELD_GET(NOC, AT_LEN_BE, BE, r[TT_A_NOC_AT_LEN_BE / 4]);
    unsigned trid = ttx_noc_trid(r);
    TTNocEp eps[TTX_NOC_MAX_DESTS];
    TTNocEp self = {.core = c->core};
    uint8_t data[4];
    const uint8_t *s = data;
    bool ok;
    int n;

    eps[0] = self; /* named by messages even with no destination */
    c->what = inl ? (mcast ? "inline multicast write" : "inline write")
                  : (mcast ? "multicast write" : "write");
    if (phase & TTX_ISSUE) {
        st[nonposted ? TT_NOC_ST_MST_NONPOSTED_WR_REQ_STARTED
                     : TT_NOC_ST_MST_POSTED_WR_REQ_STARTED]++;
        st[TT_NOC_ST_MST_WRITE_REQS_OUTGOING_ID(trid)]++;
        if (nonposted) {
            st[TT_NOC_ST_MST_REQS_OUTSTANDING_ID(trid)]++;
        }
    }
    n = ttx_noc_dests(c, dmid, mcast, loopback, eps);
    ok = n >= 0;
    if (ok && inl) {
        uint32_t v = r[TT_A_NOC_AT_DATA / 4];

        if (dst & 3) {
            ttx_noc_error(c, TTX_RULE_ALIGN,
                          "inline write to (%u,%u) 0x%llx "
                          "is not 4-byte aligned",
                          eps[0].x, eps[0].y, (unsigned long long)dst);
            ok = false;
        }
        memcpy(data, &v, sizeof(data));
    } else if (ok) {
        self.x = ttx_block_noc_x(c->ns->env, c->core);
        self.y = ttx_block_noc_y(c->ns->env, c->core);
        ok = ttx_noc_check_len(c, len) && ttx_noc_check_align(c, src, dst) &&
             (s = ttx_noc_span(c, &self, src, len, false, false));
    }
    /* Check every destination first: a bad one drops the whole packet. */
    for (int i = 0; ok && i < n; i++) {
        ok = ttx_noc_span(c, &eps[i], dst, len, true, false) != NULL &&
             (!(phase & TTX_ISSUE) || ttx_noc_cb_guard(c, &eps[i], dst, len));
    }
    if (ok && !(phase & TTX_LAND)) {
        return true;
    }
    for (int i = 0; ok && i < n; i++) {
        uint8_t *d = ttx_noc_span(c, &eps[i], dst, len, true, false);

        if (inl) {
            for (unsigned b = 0; b < 4; b++) {
                if (be & (1u << b)) {
                    d[b] = data[b];
                }
            }
        } else {
            memmove(d, s, len);
        }
        if (!eps[i].dram) {
            TTNoc *tn = TTX_NOC(c->ns, eps[i].core, c->noc);

            ttx_noc_slave(tn, nonposted
                                  ? TT_NOC_ST_SLV_NONPOSTED_WR_REQ_RECEIVED
                                  : TT_NOC_ST_SLV_POSTED_WR_REQ_RECEIVED);
            if (nonposted) {
                ttx_noc_slave(tn, TT_NOC_ST_SLV_WR_ACK_SENT);
            }
            ttx_noc_landed(c, eps[i].core, (uint32_t)dst, len);
        }
    }
    if (nonposted) {
        st[TT_NOC_ST_MST_NONPOSTED_WR_REQ_SENT]++;
        st[TT_NOC_ST_MST_NONPOSTED_WR_DATA_WORD_SENT] += ttx_words(len);
        st[TT_NOC_ST_MST_WR_ACK_RECEIVED] +=
            n >= 0  ? (unsigned)n
            : mcast ? ttx_noc_rect_dests(c, dmid, loopback)
                    : 1;
        ttx_noc_dec(&st[TT_NOC_ST_MST_REQS_OUTSTANDING_ID(trid)]);
    } else {
        st[TT_NOC_ST_MST_POSTED_WR_REQ_SENT]++;
        st[TT_NOC_ST_MST_POSTED_WR_DATA_WORD_SENT] += ttx_words(len);
    }
    ttx_noc_dec(&st[TT_NOC_ST_MST_WRITE_REQS_OUTGOING_ID(trid)]);
    return ok;
}
/*
 * Atomic INCR_GET: the word at TARG becomes old + AT_DATA, wrapping in
 * its low WRAP + 1 bits; with RESP_MARKED the old value is written to RET.
 * A multicast atomic increments the word in every worker of the TARG
 * rectangle (the sender only with BRCST_SRC_INCLUDE), one response per
 * worker and no value returned.
 */
static void ttx_noc_cmd_atomic(TTNocCmd *c, const uint32_t *r, uint32_t *st,
                               uint32_t ctrl)
{
    bool nonposted = TT_FIELD_GET(NOC, CTRL, RESP_MARKED, ctrl);
    bool mcast = TT_FIELD_GET(NOC, CTRL, BRCST_PACKET, ctrl);
    bool loopback = TT_FIELD_GET(NOC, CTRL, BRCST_SRC_INCLUDE, ctrl);
    uint32_t lb = r[TT_A_NOC_AT_LEN_BE / 4];
    uint32_t ins = TT_FIELD_GET(NOC, AT_LEN_BE, INS, lb);
    uint32_t wrap = TT_FIELD_GET(NOC, AT_LEN_BE, WRAP, lb);
    uint32_t tmid = r[TT_A_NOC_TARG_ADDR_MID / 4];
    uint32_t rmid = r[TT_A_NOC_RET_ADDR_MID / 4];
    uint64_t taddr = ttx_noc_local(r[TT_A_NOC_TARG_ADDR_LO / 4], tmid);
    uint64_t raddr = ttx_noc_local(r[TT_A_NOC_RET_ADDR_LO / 4], rmid);
    uint32_t mask = wrap >= 31 ? 0xffffffffu : (2u << wrap) - 1;
    TTNocEp eps[TTX_NOC_MAX_DESTS];
    uint8_t *t[TTX_NOC_MAX_DESTS];
    uint8_t *ret = NULL;
    TTNocEp rep = {0};
    int n;

    c->what = mcast ? "multicast atomic" : "atomic";
    if (nonposted) {
        st[TT_NOC_ST_MST_NONPOSTED_ATOMIC_STARTED]++;
        st[TT_NOC_ST_MST_NONPOSTED_ATOMIC_SENT]++;
        /* Answered even when dropped, so the sender's barrier matches. */
        st[TT_NOC_ST_MST_ATOMIC_RESP_RECEIVED] +=
            mcast ? ttx_noc_rect_dests(c, tmid, loopback) : 1;
    } else {
        st[TT_NOC_ST_MST_POSTED_ATOMIC_SENT]++;
    }
    if (ins != TT_NOC_AT_INS_INCR_GET) {
        ttx_noc_error(c, TTX_RULE_ATOMIC,
                      "atomic instruction %u is not "
                      "modelled (only INCR_GET)",
                      ins);
        return;
    }
    taddr = (taddr & ~(uint64_t)15) | TT_FIELD_GET(NOC, AT_LEN_BE, IND_32, lb)
                                          << 2;
    n = ttx_noc_dests(c, tmid, mcast, loopback, eps);
    /* Check every destination first: a bad one drops the whole packet. */
    for (int i = 0; i < n; i++) {
        if (eps[i].dram) {
            ttx_noc_error(c, TTX_RULE_ATOMIC,
                          "atomic on DRAM bank %u at "
                          "(%u,%u) 0x%llx: atomics target worker L1",
                          eps[i].bank, eps[i].x, eps[i].y,
                          (unsigned long long)taddr);
            return;
        }
        if (!(t[i] = ttx_noc_span(c, &eps[i], taddr, 4, true, false))) {
            return;
        }
    }
    if (n < 0) {
        return;
    }
    if (nonposted && !mcast) {
        if (!ttx_noc_endpoint(c, TT_FIELD_GET(NOC, ADDR_MID, X, rmid),
                              TT_FIELD_GET(NOC, ADDR_MID, Y, rmid), &rep)) {
            return;
        }
        if (rep.dram || (raddr & 3)) {
            ttx_noc_error(c, TTX_RULE_ALIGN,
                          "atomic return address (%u,%u) "
                          "0x%llx is not an aligned word of worker L1",
                          rep.x, rep.y, (unsigned long long)raddr);
            return;
        }
        if (!(ret = ttx_noc_span(c, &rep, raddr, 4, true, true))) {
            return;
        }
    }
    for (int i = 0; i < n; i++) {
        TTNoc *tn = TTX_NOC(c->ns, eps[i].core, c->noc);
        uint32_t old, new;

        /* Atomic on the host too: other cores may add to it at once. */
        uint32_t *word = (uint32_t *)t[i]; /* 4-aligned (taddr above) */

        old = __atomic_load_n(word, __ATOMIC_RELAXED);
        do {
            new = (old & ~mask) | ((old + r[TT_A_NOC_AT_DATA / 4]) & mask);
        } while (!__atomic_compare_exchange_n(
            word, &old, new, true, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
        ttx_noc_slave(tn, nonposted ? TT_NOC_ST_SLV_NONPOSTED_ATOMIC_RECEIVED
                                    : TT_NOC_ST_SLV_POSTED_ATOMIC_RECEIVED);
        ttx_noc_landed(c, eps[i].core, (uint32_t)taddr, 4);
        if (ret) {
            memcpy(ret, &old, 4);
            ttx_noc_slave(tn, TT_NOC_ST_SLV_ATOMIC_RESP_SENT);
            ttx_noc_landed(c, rep.core, (uint32_t)raddr, 4);
        }
    }
}

/* Delayed completion ----------------------------------------------------- */

enum {
    TTX_NOC_PEND_READ,
    TTX_NOC_PEND_WRITE, /* non-posted */
    TTX_NOC_PEND_POSTED,
};

_Static_assert(TT_A_EMU_NOC_HELD_CMD0 + TT_NOC_COUNT * TT_EMU_NOC_HELD_MAX *
                                            TT_EMU_NOC_HELD_BYTES <=
                   TT_MMIO_EMU_SIZE,
               "the held-command records do not fit the EMU block");

static uint32_t ttx_noc_held_word(const TTNocPending *p, unsigned w)
{
    static const uint8_t kinds[] = {
        [TTX_NOC_PEND_READ] = TT_NOC_HELD_READ,
        [TTX_NOC_PEND_WRITE] = TT_NOC_HELD_WRITE,
        [TTX_NOC_PEND_POSTED] = TT_NOC_HELD_POSTED_WRITE,
    };

    switch (w) {
    case TT_EMU_NOC_HELD_INFO:
        return TT_FIELD_VAL(EMU, NOC_HELD_INFO, KIND, kinds[p->kind]) |
               TT_FIELD_VAL(EMU, NOC_HELD_INFO, RISC, p->risc) |
               TT_FIELD_VAL(EMU, NOC_HELD_INFO, BUF, p->buf) |
               TT_FIELD_VAL(EMU, NOC_HELD_INFO, TRID, p->trid);
    case TT_EMU_NOC_HELD_TARG_ADDR_LO:
        return p->reg[TT_A_NOC_TARG_ADDR_LO / 4];
    case TT_EMU_NOC_HELD_TARG_ADDR_MID:
        return p->reg[TT_A_NOC_TARG_ADDR_MID / 4];
    case TT_EMU_NOC_HELD_RET_ADDR_LO:
        return p->reg[TT_A_NOC_RET_ADDR_LO / 4];
    case TT_EMU_NOC_HELD_RET_ADDR_MID:
        return p->reg[TT_A_NOC_RET_ADDR_MID / 4];
    case TT_EMU_NOC_HELD_AT_LEN_BE:
        return p->reg[TT_A_NOC_AT_LEN_BE / 4];
    case TT_EMU_NOC_HELD_CTRL:
        return p->reg[TT_A_NOC_CTRL / 4];
    case TT_EMU_NOC_HELD_PACKET_TAG:
        return p->reg[TT_A_NOC_PACKET_TAG / 4];
    default:
        return 0;
    }
}

bool ttx_noc_held_read(const TTNocState *ns, unsigned core, uint32_t off,
                       uint64_t *val)
{
    const TTNoc *n;
    uint32_t rec, noc, i;

    if (off == TT_A_EMU_NOC_HELD0 || off == TT_A_EMU_NOC_HELD1) {
        *val = TTX_NOC(ns, core, (off - TT_A_EMU_NOC_HELD0) / 4)->npend;
        return true;
    }
    if (off < TT_A_EMU_NOC_HELD_CMD0 ||
        off >= TT_A_EMU_NOC_HELD_CMD0 +
                   TT_NOC_COUNT * TT_EMU_NOC_HELD_MAX * TT_EMU_NOC_HELD_BYTES) {
        return false;
    }
    rec = (off - TT_A_EMU_NOC_HELD_CMD0) / TT_EMU_NOC_HELD_BYTES;
    noc = rec / TT_EMU_NOC_HELD_MAX;
    i = rec % TT_EMU_NOC_HELD_MAX;
    n = TTX_NOC(ns, core, noc);
    *val = i < n->npend ? ttx_noc_held_word(&n->pend[i],
                                            (off % TT_EMU_NOC_HELD_BYTES) / 4)
                        : 0;
    return true;
}

/* Land the held command @i of (@core, @noc); @self_risc is running (or -1). */
static void ttx_noc_land(TTNocState *ns, unsigned core, unsigned noc,
                         unsigned i, int self_risc)
{
    TTNoc *n = TTX_NOC(ns, core, noc);
    TTNocPending p = n->pend[i];
    TTNocCmd c = {
        .ns = ns,
        .core = core,
        .risc = p.risc,
        .noc = noc,
        .buf = p.buf,
        .what = "read",
        .self_risc = self_risc,
    };

    n->npend--;
    memmove(&n->pend[i], &n->pend[i + 1], (n->npend - i) * sizeof(p));
    if (p.kind == TTX_NOC_PEND_READ) {
        ttx_noc_cmd_read(&c, p.reg, n->status, TTX_LAND);
    } else {
        ttx_noc_cmd_write(&c, p.reg, n->status, p.reg[TT_A_NOC_CTRL / 4],
                          TTX_LAND);
    }
}

/* Would held command @p move status counter @idx when it lands? */
static bool ttx_noc_moves(const TTNocPending *p, unsigned idx)
{
    switch (idx) {
    case TT_NOC_ST_MST_RD_RESP_RECEIVED:
    case TT_NOC_ST_MST_RD_DATA_WORD_RECEIVED:
        return p->kind == TTX_NOC_PEND_READ;
    case TT_NOC_ST_MST_WR_ACK_RECEIVED:
    case TT_NOC_ST_MST_NONPOSTED_WR_REQ_SENT:
    case TT_NOC_ST_MST_NONPOSTED_WR_DATA_WORD_SENT:
        return p->kind == TTX_NOC_PEND_WRITE;
    case TT_NOC_ST_MST_POSTED_WR_REQ_SENT:
    case TT_NOC_ST_MST_POSTED_WR_DATA_WORD_SENT:
        return p->kind == TTX_NOC_PEND_POSTED;
    case TT_NOC_ST_MST_ATOMIC_RESP_RECEIVED:
    case TT_NOC_ST_MST_CMD_ACCEPTED:
    case TT_NOC_ST_MST_RD_REQ_SENT:
    case TT_NOC_ST_MST_NONPOSTED_ATOMIC_SENT:
    case TT_NOC_ST_MST_POSTED_ATOMIC_SENT:
    case TT_NOC_ST_MST_NONPOSTED_WR_REQ_STARTED:
    case TT_NOC_ST_MST_POSTED_WR_REQ_STARTED:
    case TT_NOC_ST_MST_RD_REQ_STARTED:
    case TT_NOC_ST_MST_NONPOSTED_ATOMIC_STARTED:
        return false; /* counted at issue */
    default:
        if (idx >= TT_NOC_ST_MST_REQS_OUTSTANDING_ID(0) &&
            idx <=
                TT_NOC_ST_MST_REQS_OUTSTANDING_ID(TT_NOC_MAX_TRANSACTION_ID)) {
            return p->kind != TTX_NOC_PEND_POSTED &&
                   p->trid == idx - TT_NOC_ST_MST_REQS_OUTSTANDING_ID(0);
        }
        if (idx >= TT_NOC_ST_MST_WRITE_REQS_OUTGOING_ID(0) &&
            idx <= TT_NOC_ST_MST_WRITE_REQS_OUTGOING_ID(
                       TT_NOC_MAX_TRANSACTION_ID)) {
            return p->kind != TTX_NOC_PEND_READ &&
                   p->trid == idx - TT_NOC_ST_MST_WRITE_REQS_OUTGOING_ID(0);
        }
        return true; /* slave side: everything */
    }
}

/* Hart @risc polls status counter @idx: land what would move it. */
static void ttx_noc_poll(TTNocState *ns, unsigned core, unsigned risc,
                         unsigned noc, unsigned idx)
{
    TTNoc *n = TTX_NOC(ns, core, noc);

    for (unsigned i = 0; i < n->npend;) {
        if (ttx_noc_moves(&n->pend[i], idx)) {
            ttx_noc_land(ns, core, noc, i, (int)risc);
        } else {
            i++;
        }
    }
}

void ttx_noc_set_freed(TTNocState *ns, const void *msg, size_t len)
{
    memset(&ns->freed, 0, sizeof(ns->freed));
    memcpy(&ns->freed, msg, len < sizeof(ns->freed) ? len : sizeof(ns->freed));
    if (ns->freed.count > TT_CTL_MAX_FREED) {
        ns->freed.count = TT_CTL_MAX_FREED;
    }
}

void ttx_noc_drain(TTNocState *ns, unsigned core)
{
    for (unsigned noc = 0; noc < TT_NOC_COUNT; noc++) {
        while (TTX_NOC(ns, core, noc)->npend) {
            ttx_noc_land(ns, core, noc, 0, -1);
        }
    }
}

/* Race detector ---------------------------------------------------------- */

/*
 * With racecheck on, every read and write leaves a record in shadow state
 * from its issue until the barrier that says it is finished: the bytes
 * it reads (src) and writes (dst), its issuing hart and that hart's pc.
 * Data still moves as it does without the option (at once, or when
 * noc_delay lands it), so a correct program computes the same bytes; only
 * the record stays "in flight", until
 *  - the issuing core polls the status counter the command moves (its
 *    barrier: ttx_race_poll; a writes-flushed barrier frees the source
 *    side of writes only), or
 *  - the core rings its done doorbell (the latest legal moment), or
 *  - (writes) every destination worker signalled the issuing core with a
 *    semaphore atomic since (ttx_race_acked).
 * Going to sleep completes nothing.  A race is a hart using or handing
 * over bytes a record still covers, found where the model sees it:
 *  - a semaphore atomic to a core an unfinished write of the signalling
 *    core lands in, or an unfinished read of it reads from (TT_RACE_SIGNAL);
 *  - cb_push_back of pages an unfinished read or write still fills
 *    (TT_RACE_CB_PUSH); cb_pop_front of pages an unfinished write of the
 *    popping hart still reads (TT_RACE_CB_POP: the producer may refill
 *    them; a write another hart issued is that hart's to finish);
 *  - a new NoC command reading bytes an unfinished command still writes,
 *    or writing bytes one still reads or writes (TT_RACE_NOC);
 * Writes of one core on one NoC are delivered in order: they do not race
 * each other, and a write followed by another to the same core counts as
 * delivered there (ttx_race_followed), for the push and NoC checks.
 *  - the source bytes of a write changed between its issue and its
 *    barrier (a hash of them, compared at the barrier: TT_RACE_SOURCE).
 * Plain loads and stores of harts are not seen (L1 is RAM to QEMU):
 * reading bytes a write still lands in is found only through the hand-over
 * (signal, push) or a NoC command.  Each (kind, pc, pc) is reported once.
 */

#define TTX_RACE_MAX_RECS 4096 /* per core; the oldest is dropped */
#define TTX_RACE_MAX_SEEN 64

/* Bytes at one memory: a DRAM bank, or a rectangle of workers' L1. */
typedef struct TTRaceRange {
    bool dram, valid;
    unsigned bank;
    unsigned x0, x1, y0, y1; /* virtual NoC coordinates, inclusive */
    int skip;                /* core left out of it, or -1 */
    uint64_t addr;
    uint32_t len;
} TTRaceRange;

typedef struct TTRaceRec {
    TTRaceRange src, dst;
    uint64_t hash; /* of a write's source at issue */
    uint32_t pc;
    uint8_t risc, noc, trid, kind; /* kind: TTX_NOC_PEND_* */
    bool src_busy, dst_busy;
    bool src_told;         /* a race on the source was reported */
    uint16_t ndst, nacked; /* destination workers; signals back */
    uint64_t acked[(TTX_NOC_MAX_DESTS + 63) / 64]; /* ... from them */
} TTRaceRec;

typedef struct TTRaceCore {
    TTRaceRec *rec; /* oldest first */
    unsigned n, cap;
} TTRaceCore;

typedef struct TTRaceSeen {
    uint32_t kind, pc, opc;
} TTRaceSeen;

struct TTRace {
    TTRaceCore *core;
    unsigned total; /* records of every core */
    TTRaceSeen seen[TTX_RACE_MAX_SEEN];
    unsigned nseen;
};

static uint64_t ttx_race_hash(const uint8_t *p, uint32_t len)
{
    uint64_t h = 0xcbf29ce484222325ull;

    for (uint32_t i = 0; i < len; i++) {
        h = (h ^ p[i]) * 0x100000001b3ull;
    }
    return h;
}

static void ttx_race_at_core(const TTBlockEnv *env, TTRaceRange *r,
                             unsigned core, uint64_t addr, uint32_t len)
{
    memset(r, 0, sizeof(*r));
    r->valid = true;
    r->x0 = r->x1 = ttx_block_noc_x(env, core);
    r->y0 = r->y1 = ttx_block_noc_y(env, core);
    r->skip = -1;
    r->addr = addr;
    r->len = len;
}

/* The endpoint at NoC coordinates in @mid (checked at issue). */
static void ttx_race_at(TTNocCmd *c, TTRaceRange *r, uint32_t mid,
                        uint64_t addr, uint32_t len)
{
    TTNocEp ep;

    memset(r, 0, sizeof(*r)); /* not valid: touches nothing */
    if (!ttx_noc_endpoint(c, TT_FIELD_GET(NOC, ADDR_MID, X, mid),
                          TT_FIELD_GET(NOC, ADDR_MID, Y, mid), &ep)) {
        return;
    }
    if (ep.dram) {
        r->valid = r->dram = true;
        r->bank = ep.bank;
        r->addr = addr;
        r->len = len;
        return;
    }
    ttx_race_at_core(c->ns->env, r, ep.core, addr, len);
}

/* The multicast rectangle in @mid (checked at issue). */
static void ttx_race_rect(TTNocCmd *c, TTRaceRange *r, uint32_t mid,
                          bool loopback, uint64_t addr, uint32_t len)
{
    unsigned ex = TT_FIELD_GET(NOC, ADDR_MID, X, mid);
    unsigned ey = TT_FIELD_GET(NOC, ADDR_MID, Y, mid);
    unsigned sx = TT_FIELD_GET(NOC, ADDR_MID, START_X, mid);
    unsigned sy = TT_FIELD_GET(NOC, ADDR_MID, START_Y, mid);

    memset(r, 0, sizeof(*r));
    r->valid = true;
    r->x0 = sx < ex ? sx : ex;
    r->x1 = sx < ex ? ex : sx;
    r->y0 = sy < ey ? sy : ey;
    r->y1 = sy < ey ? ey : sy;
    r->skip = loopback ? -1 : (int)c->core;
    r->addr = addr;
    r->len = len;
}

static bool ttx_race_has_core(const TTBlockEnv *env, const TTRaceRange *r,
                              unsigned core)
{
    unsigned x = ttx_block_noc_x(env, core), y = ttx_block_noc_y(env, core);

    return r->valid && !r->dram && (int)core != r->skip && x >= r->x0 &&
           x <= r->x1 && y >= r->y0 && y <= r->y1;
}

/* Do @a and @b share a byte (a rectangle's left-out core counts as in)? */
static bool ttx_race_overlap(const TTRaceRange *a, const TTRaceRange *b)
{
    if (!a->valid || !b->valid || a->dram != b->dram ||
        !ttx_overlaps(a->addr, a->len, b->addr, b->len)) {
        return false;
    }
    if (a->dram) {
        return a->bank == b->bank;
    }
    return a->x0 <= b->x1 && b->x0 <= a->x1 && a->y0 <= b->y1 && b->y0 <= a->y1;
}

/* "(x,y) 0x1000" or "DRAM bank 2 0x1000", for messages. */
static const char *ttx_race_where(const TTRaceRange *r, char *buf, size_t len)
{
    if (r->dram) {
        snprintf(buf, len, "DRAM bank %u 0x%llx", r->bank,
                 (unsigned long long)r->addr);
    } else if (r->y0 >= TT_NOC_VIRTUAL_WORKER_Y0 ||
               r->x0 < TT_NOC_VIRTUAL_ETH_X0) {
        /* Workers, named by logical coordinates. */
        unsigned x0 = r->x0 - TT_NOC_VIRTUAL_WORKER_X0;
        unsigned y0 = r->y0 - TT_NOC_VIRTUAL_WORKER_Y0;

        if (r->x0 == r->x1 && r->y0 == r->y1) {
            snprintf(buf, len, "core (%u,%u) 0x%llx", x0, y0,
                     (unsigned long long)r->addr);
        } else {
            snprintf(buf, len, "cores (%u,%u)-(%u,%u) 0x%llx", x0, y0,
                     r->x1 - TT_NOC_VIRTUAL_WORKER_X0,
                     r->y1 - TT_NOC_VIRTUAL_WORKER_Y0,
                     (unsigned long long)r->addr);
        }
    } else {
        snprintf(buf, len, "ethernet core (0,%u) 0x%llx",
                 (r->y0 - TT_NOC_VIRTUAL_ETH_Y0) * TT_ETH_PER_ROW + r->x0 -
                     TT_NOC_VIRTUAL_ETH_X0,
                 (unsigned long long)r->addr);
    }
    return buf;
}

static const char *ttx_race_what(const TTRaceRec *p)
{
    return p->kind == TTX_NOC_PEND_READ ? "read" : "write";
}

static void ttx_race_report(TTNocState *ns, unsigned core, unsigned risc,
                            unsigned kind, unsigned ocore, const TTRaceRec *p,
                            const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));

/* Report once per (kind, pc, issuing pc). */
static void ttx_race_report(TTNocState *ns, unsigned core, unsigned risc,
                            unsigned kind, unsigned ocore, const TTRaceRec *p,
                            const char *fmt, ...)
{
    const TTBlockEnv *env = ns->env;
    TTRace *rc = ns->race;
    uint32_t pc = env->current_pc(env->opaque, core, risc);
    char text[600];
    va_list ap;

    for (unsigned i = 0; i < rc->nseen; i++) {
        if (rc->seen[i].kind == kind && rc->seen[i].pc == pc &&
            rc->seen[i].opc == p->pc) {
            return;
        }
    }
    if (rc->nseen < TTX_RACE_MAX_SEEN) {
        rc->seen[rc->nseen++] = (TTRaceSeen){kind, pc, p->pc};
    }
    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    env->race(env->opaque, core, risc, kind, ocore, p->risc, p->pc, text);
}

/* Source bytes of write @p now, or false if it has none in L1. */
static bool ttx_race_src_hash(TTNocState *ns, unsigned core, const TTRaceRec *p,
                              uint64_t *h)
{
    if (p->kind == TTX_NOC_PEND_READ || !p->src.valid) {
        return false;
    }
    *h = ttx_race_hash(ns->env->l1(ns->env->opaque, core) + p->src.addr,
                       p->src.len);
    return true;
}

/*
 * The source side of record @i of @core is finished (hart @risc's
 * barrier, or the core's end): its bytes must be those it had at issue.
 */
static void ttx_race_src_done(TTNocState *ns, unsigned core, unsigned risc,
                              TTRaceRec *p)
{
    char w[64];
    uint64_t h;

    if (p->src_busy && !p->src_told && ttx_race_src_hash(ns, core, p, &h) &&
        h != p->hash) {
        ttx_race_report(ns, core, risc, TT_RACE_SOURCE, core, p,
                        "the %u source bytes at %s of a NoC write changed "
                        "before its barrier: the write may send either "
                        "version",
                        p->src.len, ttx_race_where(&p->src, w, sizeof(w)));
    }
    p->src_busy = false;
}

/* Drop the finished records of @core. */
static void ttx_race_compact(TTRace *rc, unsigned core)
{
    TTRaceCore *rcore = &rc->core[core];
    unsigned k = 0;

    for (unsigned i = 0; i < rcore->n; i++) {
        if (rcore->rec[i].src_busy || rcore->rec[i].dst_busy) {
            rcore->rec[k++] = rcore->rec[i];
        }
    }
    rc->total -= rcore->n - k;
    rcore->n = k;
}

/* Which sides of @p does a poll of status counter @idx finish? */
static void ttx_race_moves(const TTRaceRec *p, unsigned idx, bool *src,
                           bool *dst)
{
    bool rd = p->kind == TTX_NOC_PEND_READ;
    bool np = p->kind == TTX_NOC_PEND_WRITE;
    bool all = false, s = false;

    switch (idx) {
    case TT_NOC_ST_MST_RD_RESP_RECEIVED:
    case TT_NOC_ST_MST_RD_DATA_WORD_RECEIVED:
        all = rd;
        break;
    case TT_NOC_ST_MST_WR_ACK_RECEIVED:
        all = np;
        break;
    case TT_NOC_ST_MST_NONPOSTED_WR_REQ_SENT:
    case TT_NOC_ST_MST_NONPOSTED_WR_DATA_WORD_SENT:
        s = np;
        break;
    case TT_NOC_ST_MST_POSTED_WR_REQ_SENT:
    case TT_NOC_ST_MST_POSTED_WR_DATA_WORD_SENT:
        all = p->kind == TTX_NOC_PEND_POSTED; /* never acknowledged */
        break;
    default:
        if (idx >= TT_NOC_ST_MST_REQS_OUTSTANDING_ID(0) &&
            idx <=
                TT_NOC_ST_MST_REQS_OUTSTANDING_ID(TT_NOC_MAX_TRANSACTION_ID)) {
            all = (rd || np) &&
                  p->trid == idx - TT_NOC_ST_MST_REQS_OUTSTANDING_ID(0);
        } else if (idx >= TT_NOC_ST_MST_WRITE_REQS_OUTGOING_ID(0) &&
                   idx <= TT_NOC_ST_MST_WRITE_REQS_OUTGOING_ID(
                              TT_NOC_MAX_TRANSACTION_ID) &&
                   !rd &&
                   p->trid == idx - TT_NOC_ST_MST_WRITE_REQS_OUTGOING_ID(0)) {
            s = true;
            all = !np;
        }
        break;
    }
    *src = all || s;
    *dst = all;
}

/* Hart @risc of @core polled status counter @idx of NoC @noc: a barrier. */
static void ttx_race_poll(TTNocState *ns, unsigned core, unsigned risc,
                          unsigned noc, unsigned idx)
{
    TTRaceCore *rcore = &ns->race->core[core];
    bool dropped = false;

    for (unsigned i = 0; i < rcore->n; i++) {
        TTRaceRec *p = &rcore->rec[i];
        bool src, dst;

        if (p->noc != noc) {
            continue;
        }
        ttx_race_moves(p, idx, &src, &dst);
        if (src) {
            ttx_race_src_done(ns, core, risc, p);
        }
        if (dst) {
            p->dst_busy = false;
        }
        dropped |= !p->src_busy && !p->dst_busy;
    }
    if (dropped) {
        ttx_race_compact(ns->race, core);
    }
}

void ttx_noc_race_done(TTNocState *ns, unsigned core, unsigned risc)
{
    TTRaceCore *rcore;

    if (!ns->race) {
        return;
    }
    rcore = &ns->race->core[core];
    for (unsigned i = 0; i < rcore->n; i++) {
        ttx_race_src_done(ns, core, risc, &rcore->rec[i]);
        rcore->rec[i].dst_busy = false;
    }
    ttx_race_compact(ns->race, core);
}

void ttx_noc_race_forget(TTNocState *ns, unsigned core)
{
    if (ns->race) {
        ns->race->total -= ns->race->core[core].n;
        ns->race->core[core].n = 0;
    }
}

/*
 * Has @core seen write @i of @pcore land?  Writes of one core on one NoC
 * arrive in order, so a later write of it to @core (a semaphore set with
 * noc_semaphore_set_multicast after the data, as tt-metal's multicast
 * matmul does) lands after it: a hart of @core that reacts to the later
 * one reads the earlier one complete.  The detector counts a write
 * followed that way as delivered to @core.
 */
static bool ttx_race_followed(const TTNocState *ns, unsigned pcore, unsigned i,
                              unsigned core)
{
    const TTRaceCore *rcore = &ns->race->core[pcore];
    const TTRaceRec *p = &rcore->rec[i];

    if (p->kind == TTX_NOC_PEND_READ) {
        return false;
    }
    for (unsigned j = i + 1; j < rcore->n; j++) {
        const TTRaceRec *q = &rcore->rec[j];

        if (q->kind != TTX_NOC_PEND_READ && q->noc == p->noc &&
            ttx_race_has_core(ns->env, &q->dst, core)) {
            return true;
        }
    }
    return false;
}

/*
 * Does command @x of (@core, @noc) touch bytes record @p of @pcore still
 * moves?  Reports it.  Writes of one core on one NoC arrive in order.
 */
static void ttx_race_noc_check(TTNocState *ns, unsigned core, unsigned risc,
                               const TTRaceRec *x, unsigned pcore, TTRaceRec *p)
{
    bool ordered = pcore == core && p->noc == x->noc &&
                   p->kind != TTX_NOC_PEND_READ && x->kind != TTX_NOC_PEND_READ;
    const TTRaceRange *mine = NULL, *theirs = NULL;
    const char *how = NULL;
    char a[64], b[64];

    if (ordered) {
        return;
    }
    if (p->dst_busy && ttx_race_overlap(&x->dst, &p->dst)) {
        mine = &x->dst, theirs = &p->dst, how = "writes bytes";
    } else if (p->dst_busy && ttx_race_overlap(&x->src, &p->dst)) {
        mine = &x->src, theirs = &p->dst, how = "reads bytes";
    } else if (p->src_busy && ttx_race_overlap(&x->dst, &p->src)) {
        mine = &x->dst, theirs = &p->src, how = "writes bytes";
        p->src_told = true; /* one report for the reused source */
    }
    if (!how) {
        return;
    }
    ttx_race_report(ns, core, risc, TT_RACE_NOC, pcore, p,
                    "NoC %s of %u bytes at %s %s that an unfinished NoC %s "
                    "still %s (%u bytes at %s)",
                    ttx_race_what(x), mine->len,
                    ttx_race_where(mine, a, sizeof(a)), how, ttx_race_what(p),
                    theirs == &p->dst ? "writes" : "reads", theirs->len,
                    ttx_race_where(theirs, b, sizeof(b)));
}

/* Record command @x of hart (@core, @risc), after checking it. */
static void ttx_race_issue(TTNocState *ns, unsigned core, unsigned risc,
                           TTRaceRec *x)
{
    TTRace *rc = ns->race;
    TTRaceCore *rcore = &rc->core[core];

    for (unsigned c = 0; rc->total && c < ns->env->ncores; c++) {
        for (unsigned i = 0; i < rc->core[c].n; i++) {
            if (!ttx_race_followed(ns, c, i, core)) {
                ttx_race_noc_check(ns, core, risc, x, c, &rc->core[c].rec[i]);
            }
        }
    }
    if (rcore->n == rcore->cap) {
        unsigned cap = rcore->cap ? rcore->cap * 2 : 16;
        TTRaceRec *rec;

        if (cap > TTX_RACE_MAX_RECS) {
            memmove(rcore->rec, rcore->rec + 1,
                    (rcore->n - 1) * sizeof(*rcore->rec));
            rcore->n--;
            rc->total--;
        } else if ((rec = realloc(rcore->rec, cap * sizeof(*rec)))) {
            rcore->rec = rec;
            rcore->cap = cap;
        } else {
            return; /* out of memory: this one goes unchecked */
        }
    }
    x->pc = ns->env->current_pc(ns->env->opaque, core, risc);
    x->risc = (uint8_t)risc;
    for (unsigned c = 0; x->kind != TTX_NOC_PEND_READ && c < ns->env->ncores;
         c++) {
        x->ndst += ttx_race_has_core(ns->env, &x->dst, c);
    }
    ttx_race_src_hash(ns, core, x, &x->hash);
    rcore->rec[rcore->n++] = *x;
    rc->total++;
}

/* Shadow record of a read or write the sanitizer accepted. */
static void ttx_race_cmd(TTNocCmd *c, const uint32_t *r, uint32_t ctrl)
{
    uint32_t tmid = r[TT_A_NOC_TARG_ADDR_MID / 4];
    uint32_t rmid = r[TT_A_NOC_RET_ADDR_MID / 4];
    uint64_t targ = ttx_noc_local(r[TT_A_NOC_TARG_ADDR_LO / 4], tmid);
    uint64_t ret = ttx_noc_local(r[TT_A_NOC_RET_ADDR_LO / 4], rmid);
    uint32_t len = r[TT_A_NOC_AT_LEN_BE / 4];
    TTRaceRec x = {
        .noc = (uint8_t)c->noc,
        .trid = (uint8_t)ttx_noc_trid(r),
        .src_busy = true,
        .dst_busy = true,
    };

    if (!TT_FIELD_GET(NOC, CTRL, WR, ctrl)) {
        x.kind = TTX_NOC_PEND_READ;
        ttx_race_at(c, &x.src, tmid, targ, len);
        ttx_race_at(c, &x.dst, rmid, ret, len);
    } else {
        x.kind = TT_FIELD_GET(NOC, CTRL, RESP_MARKED, ctrl)
                     ? TTX_NOC_PEND_WRITE
                     : TTX_NOC_PEND_POSTED;
        if (TT_FIELD_GET(NOC, CTRL, WR_INLINE, ctrl)) {
            ttx_race_at(c, &x.dst, tmid, targ, 4);
        } else if (TT_FIELD_GET(NOC, CTRL, BRCST_PACKET, ctrl)) {
            ttx_race_at_core(c->ns->env, &x.src, c->core, targ, len);
            ttx_race_rect(c, &x.dst, rmid,
                          TT_FIELD_GET(NOC, CTRL, BRCST_SRC_INCLUDE, ctrl), ret,
                          len);
        } else {
            ttx_race_at_core(c->ns->env, &x.src, c->core, targ, len);
            ttx_race_at(c, &x.dst, rmid, ret, len);
        }
    }
    ttx_race_issue(c->ns, c->core, c->risc, &x);
}

/*
 * A semaphore atomic from (@core, @risc) to the cores of @t: is a write
 * of this core into one of them, or a read of this core out of one, still
 * unfinished?  The signalled core may use those bytes as soon as it sees
 * the semaphore move.
 */
static void ttx_race_signal(TTNocState *ns, unsigned core, unsigned risc,
                            const TTRaceRange *t)
{
    TTRaceCore *rcore = &ns->race->core[core];
    const TTBlockEnv *env = ns->env;
    char w[64], s[64];

    for (unsigned i = 0; i < rcore->n; i++) {
        const TTRaceRec *p = &rcore->rec[i];
        const TTRaceRange *by =
            p->kind == TTX_NOC_PEND_READ ? &p->src : &p->dst;
        bool busy = p->kind == TTX_NOC_PEND_READ ? p->src_busy : p->dst_busy;
        bool hit = false;

        for (unsigned c = 0; busy && !hit && c < env->ncores; c++) {
            hit = ttx_race_has_core(env, t, c) && ttx_race_has_core(env, by, c);
        }
        if (!hit) {
            continue;
        }
        ttx_race_report(ns, core, risc, TT_RACE_SIGNAL, core, p,
                        "semaphore at %s incremented while a NoC %s of %u "
                        "bytes %s %s is unfinished (no %s barrier between)",
                        ttx_race_where(t, s, sizeof(s)), ttx_race_what(p),
                        by->len, p->kind == TTX_NOC_PEND_READ ? "from" : "to",
                        ttx_race_where(by, w, sizeof(w)),
                        p->kind == TTX_NOC_PEND_READ ? "read" : "write");
        return;
    }
}

/* Pages [addr, addr + len) of CB @cb of @core were pushed or popped. */
static void ttx_race_cb_range(TTNocState *ns, unsigned core, unsigned risc,
                              unsigned cb, bool push, unsigned pages,
                              const TTRaceRange *pg)
{
    TTRace *rc = ns->race;
    char w[64], s[64];

    for (unsigned c = 0; c < ns->env->ncores; c++) {
        for (unsigned i = 0; i < rc->core[c].n; i++) {
            const TTRaceRec *p = &rc->core[c].rec[i];
            const TTRaceRange *by = push ? &p->dst : &p->src;

            if (!(push ? p->dst_busy : p->src_busy) ||
                !ttx_race_overlap(by, pg) ||
                (push && ttx_race_followed(ns, c, i, core)) ||
                (!push && (c != core || p->risc != risc))) {
                continue;
            }
            ttx_race_report(
                ns, core, risc, push ? TT_RACE_CB_PUSH : TT_RACE_CB_POP, c, p,
                "CB %u: %s of %u page%s (%u bytes at %s) while "
                "a NoC %s %s %u bytes at %s is unfinished (no "
                "%s between)",
                cb, push ? "cb_push_back" : "cb_pop_front", pages,
                pages == 1 ? "" : "s", pg->len,
                ttx_race_where(pg, s, sizeof(s)), ttx_race_what(p),
                push ? "filling" : "sending", by->len,
                ttx_race_where(by, w, sizeof(w)),
                p->kind == TTX_NOC_PEND_READ ? "noc_async_read_barrier"
                : push                       ? "noc_async_write_barrier"
                                             : "noc_async_write_barrier or "
                                               "noc_async_writes_flushed");
            return;
        }
    }
}

void ttx_noc_race_cb(TTNocState *ns, unsigned core, unsigned risc, unsigned cb,
                     bool push, unsigned pages)
{
    const uint8_t *l1;
    struct tt_cb_interface ifc;
    uint32_t start, len, first;
    TTRaceRange pg;

    if (!ns->race || !ns->race->total || risc >= TT_RISCS_PER_CORE ||
        cb >= TT_NUM_CBS) {
        return;
    }
    l1 = ns->env->l1(ns->env->opaque, core);
    memcpy(&ifc,
           l1 + TT_MEM_CB_INTERFACE_BASE +
               risc * TT_MEM_CB_INTERFACE_SLOT_SIZE + cb * sizeof(ifc),
           sizeof(ifc));
    start = push ? ifc.fifo_wr_ptr : ifc.fifo_rd_ptr;
    len = pages * ifc.fifo_page_size;
    if (!ifc.fifo_num_pages || ifc.fifo_limit > TT_MEM_L1_SIZE ||
        start >= ifc.fifo_limit || ifc.fifo_size > ifc.fifo_limit ||
        len > ifc.fifo_size) {
        return; /* not a CB this RISC set up */
    }
    /* The pages may wrap past the end of the ring. */
    first = ifc.fifo_limit - start < len ? ifc.fifo_limit - start : len;
    ttx_race_at_core(ns->env, &pg, core, start, first);
    ttx_race_cb_range(ns, core, risc, cb, push, pages, &pg);
    if (first < len) {
        ttx_race_at_core(ns->env, &pg, core, ifc.fifo_limit - ifc.fifo_size,
                         len - first);
        ttx_race_cb_range(ns, core, risc, cb, push, pages, &pg);
    }
}

/*
 * Core @from sent a semaphore atomic to @core.  A destination signalling
 * back to the writer after the write is how tt-metal's handshakes say
 * "received" (the multicast matmul reuses a block's source once every
 * receiver has asked for the next one): a write every destination worker
 * of which has signalled its issuing core since its issue counts as
 * finished.  This can hide a race (a signal sent for another reason), never
 * invent one.
 */
static void ttx_race_acked(TTNocState *ns, unsigned core, unsigned from)
{
    TTRaceCore *rcore = &ns->race->core[core];
    bool dropped = false;

    for (unsigned i = 0; i < rcore->n; i++) {
        TTRaceRec *p = &rcore->rec[i];
        uint64_t bit = 1ull << (from % 64);

        if (p->kind == TTX_NOC_PEND_READ || !p->ndst ||
            (p->acked[from / 64] & bit) ||
            !ttx_race_has_core(ns->env, &p->dst, from)) {
            continue;
        }
        p->acked[from / 64] |= bit;
        if (++p->nacked == p->ndst) {
            p->src_busy = p->dst_busy = false;
            dropped = true;
        }
    }
    if (dropped) {
        ttx_race_compact(ns->race, core);
    }
}

/* A semaphore atomic the sanitizer accepted: a signal to its targets. */
static void ttx_race_atomic(TTNocCmd *c, const uint32_t *r, uint32_t ctrl)
{
    uint32_t tmid = r[TT_A_NOC_TARG_ADDR_MID / 4];
    uint64_t taddr = ttx_noc_local(r[TT_A_NOC_TARG_ADDR_LO / 4], tmid);
    TTRaceRange t;

    if (!c->ns->race->total) {
        return;
    }
    if (TT_FIELD_GET(NOC, CTRL, BRCST_PACKET, ctrl)) {
        ttx_race_rect(c, &t, tmid,
                      TT_FIELD_GET(NOC, CTRL, BRCST_SRC_INCLUDE, ctrl), taddr,
                      4);
    } else {
        ttx_race_at(c, &t, tmid, taddr, 4);
    }
    ttx_race_signal(c->ns, c->core, c->risc, &t);
    for (unsigned core = 0; core < c->ns->env->ncores; core++) {
        if (ttx_race_has_core(c->ns->env, &t, core)) {
            ttx_race_acked(c->ns, core, c->core);
        }
    }
}

static TTRace *ttx_race_new(unsigned ncores)
{
    TTRace *rc = calloc(1, sizeof(*rc));

    if (rc && !(rc->core = calloc(ncores, sizeof(*rc->core)))) {
        free(rc);
        return NULL;
    }
    return rc;
}

static void ttx_race_free(TTRace *rc, unsigned ncores)
{
    if (!rc) {
        return;
    }
    for (unsigned c = 0; c < ncores; c++) {
        free(rc->core[c].rec);
    }
    free(rc->core);
    free(rc);
}

/* Commands --------------------------------------------------------------- */

/*
 * Not inlined: the register writes that only latch a value (four of the
 * five of a command) stay a leaf without this one's stack frame.
 */
static __attribute__((noinline)) void ttx_noc_send(TTNocState *ns,
                                                   unsigned core, unsigned risc,
                                                   unsigned noc, unsigned buf)
{
    TTNoc *n = TTX_NOC(ns, core, noc);
    uint32_t r[TTX_NOC_SNAP_REGS], ctrl;
    TTNocCmd c = {
        .ns = ns,
        .core = core,
        .risc = risc,
        .noc = noc,
        .buf = buf,
        .what = "read",
        .self_risc = (int)risc,
    };
    unsigned phase = TTX_ISSUE | TTX_LAND;
    TTNocPending *p;
    bool ok;

    for (unsigned i = 0; i < TTX_NOC_SNAP_REGS; i++) {
        r[i] = ttx_noc_cmd_reg(n, buf, i * 4);
    }
    ctrl = r[TT_A_NOC_CTRL / 4];
    n->status[TT_NOC_ST_MST_CMD_ACCEPTED]++;
    if (ns->env->noc_sent) {
        ns->env->noc_sent(ns->env->opaque, core, risc, noc, r);
    }
    if (TT_FIELD_GET(NOC, CTRL, AT, ctrl)) {
        ttx_noc_cmd_atomic(&c, r, n->status, ctrl);
        if (ns->race && !c.failed) {
            ttx_race_atomic(&c, r, ctrl);
        }
        return;
    }
    if (!TT_FIELD_GET(NOC, CTRL, WR, ctrl) &&
        TT_FIELD_GET(NOC, CTRL, BRCST_PACKET, ctrl)) {
        ttx_noc_error(&c, TTX_RULE_MCAST, "multicast reads do not exist");
        return;
    }
    if (n->pend) {
        /* Delayed: the oldest held command leaves a full queue. */
        if (n->npend == ns->delay) {
            ttx_noc_land(ns, core, noc, 0, (int)risc);
        }
        phase = TTX_ISSUE;
    }
    if (TT_FIELD_GET(NOC, CTRL, WR, ctrl)) {
        ok = ttx_noc_cmd_write(&c, r, n->status, ctrl, phase);
    } else {
        ok = ttx_noc_cmd_read(&c, r, n->status, phase);
    }
    if (ok && ns->race) {
        ttx_race_cmd(&c, r, ctrl);
    }
    if (!ok || phase != TTX_ISSUE) {
        return;
    }
    p = &n->pend[n->npend++];
    memcpy(p->reg, r, sizeof(p->reg));
    p->risc = (uint8_t)risc;
    p->buf = (uint8_t)buf;
    p->trid = (uint8_t)ttx_noc_trid(r);
    p->kind = !TT_FIELD_GET(NOC, CTRL, WR, ctrl) ? TTX_NOC_PEND_READ
              : TT_FIELD_GET(NOC, CTRL, RESP_MARKED, ctrl)
                  ? TTX_NOC_PEND_WRITE
                  : TTX_NOC_PEND_POSTED;
}

/* Registers -------------------------------------------------------------- */

/* A register read; @poll (a hart's access) lands held commands first. */
static bool ttx_noc_reg_read(TTNocState *ns, unsigned core, int risc,
                             unsigned noc, uint32_t off, uint64_t *val)
{
    TTNoc *n = TTX_NOC(ns, core, noc);
    unsigned buf = off / TT_NOC_CMD_BUF_STRIDE;
    uint32_t reg = off % TT_NOC_CMD_BUF_STRIDE;

    if (buf >= TT_NOC_CMD_BUFS) {
        return false;
    }
    if (buf == 0 && reg >= TT_A_NOC_STATUS0 &&
        reg < TT_A_NOC_STATUS0 + 4 * TT_NOC_STATUS_REGS) {
        unsigned idx = (reg - TT_A_NOC_STATUS0) / 4;

        if (n->npend && risc >= 0) {
            ttx_noc_poll(ns, core, (unsigned)risc, noc, idx);
        }
        if (ns->race && risc >= 0 && ns->race->core[core].n) {
            ttx_race_poll(ns, core, (unsigned)risc, noc, idx);
        }
        /* Slave counters move with other cores' commands (atomics) */
        *val = __atomic_load_n(&n->status[idx], __ATOMIC_RELAXED);
        return true;
    }
    if (buf == 0 && reg >= TT_A_NOC_CFG0 &&
        reg < TT_A_NOC_CFG0 + 4 * TT_NOC_CFG_REGS) {
        *val = n->cfg[(reg - TT_A_NOC_CFG0) / 4];
        return true;
    }
    switch (reg) {
    case TT_A_NOC_CMD_CTRL:
        *val = 0; /* ready: every command was accepted */
        return true;
    case TT_A_NOC_NODE_ID:
        *val = TT_FIELD_VAL(NOC, NODE_ID, X, ttx_block_noc_x(ns->env, core)) |
               TT_FIELD_VAL(NOC, NODE_ID, Y, ttx_block_noc_y(ns->env, core));
        return true;
    case TT_A_NOC_ENDPOINT_ID:
        *val = 0;
        return true;
    default:
        if (reg < 4 * TT_NOC_CMD_BUF_REGS) {
            *val = ttx_noc_cmd_reg(n, buf, reg);
            return true;
        }
        return false;
    }
}

static bool ttx_noc_reg_write(TTNocState *ns, unsigned core, unsigned risc,
                              unsigned noc, uint32_t off, uint32_t val)
{
    TTNoc *n = TTX_NOC(ns, core, noc);
    unsigned buf = off / TT_NOC_CMD_BUF_STRIDE;
    uint32_t reg = off % TT_NOC_CMD_BUF_STRIDE;

    if (buf >= TT_NOC_CMD_BUFS) {
        return false;
    }
    /* The hot path: command-buffer fields, then SEND_REQ. */
    if (reg < TT_A_NOC_CMD_CTRL) {
        ttx_noc_cmd_set(n, buf, reg, val);
        return true;
    }
    if (reg == TT_A_NOC_CMD_CTRL) {
        if (TT_FIELD_GET(NOC, CMD_CTRL, SEND_REQ, val)) {
            ttx_noc_send(ns, core, risc, noc, buf);
        }
        return true;
    }
    if (buf == 0 && reg >= TT_A_NOC_CFG0 &&
        reg < TT_A_NOC_CFG0 + 4 * TT_NOC_CFG_REGS) {
        n->cfg[(reg - TT_A_NOC_CFG0) / 4] = val;
        return true;
    }
    if (buf == 0 && reg >= TT_A_NOC_STATUS0 &&
        reg < TT_A_NOC_STATUS0 + 4 * TT_NOC_STATUS_REGS) {
        ttx_block_guest_error(ns->env, core, risc,
                              (noc ? TT_MMIO_NOC1_BASE : TT_MMIO_NOC0_BASE) +
                                  off,
                              "write of 0x%x to NoC%u "
                              "status counter 0x%x, which is read-only",
                              val, noc, (reg - TT_A_NOC_STATUS0) / 4);
        return true;
    }
    switch (reg) {
    case TT_A_NOC_NODE_ID:
    case TT_A_NOC_ENDPOINT_ID:
        return true; /* read-only, writes ignored */
    case TT_A_NOC_CLEAR_OUTSTANDING_REQ_CNT:
        for (unsigned id = 0; id <= TT_NOC_MAX_TRANSACTION_ID; id++) {
            if (val & (1u << id)) {
                n->status[TT_NOC_ST_MST_REQS_OUTSTANDING_ID(id)] = 0;
            }
        }
        return true;
    default:
        if (reg < 4 * TT_NOC_CMD_BUF_REGS) {
            ttx_noc_cmd_set(n, buf, reg, val);
            return true;
        }
        return false;
    }
}

/* MMIO windows and life cycle -------------------------------------------- */

static bool ttx_noc_mmio_read(void *opaque, unsigned core, unsigned risc,
                              uint32_t off, uint64_t *val)
{
    TTNocWindow *w = opaque;

    return ttx_noc_reg_read(w->ns, core, (int)risc, w->noc, off, val);
}

static bool ttx_noc_mmio_peek(void *opaque, unsigned core, unsigned risc,
                              uint32_t off, uint64_t *val)
{
    TTNocWindow *w = opaque;

    (void)risc;
    return ttx_noc_reg_read(w->ns, core, -1, w->noc, off, val);
}

static bool ttx_noc_mmio_write(void *opaque, unsigned core, unsigned risc,
                               uint32_t off, uint32_t val)
{
    TTNocWindow *w = opaque;

    return ttx_noc_reg_write(w->ns, core, risc, w->noc, off, val);
}

static uint32_t *ttx_noc_mmio_latches(void *opaque, unsigned core,
                                      unsigned risc, uint32_t off,
                                      const uint32_t **mask)
{
    TTNocWindow *w = opaque;

    (void)risc; /* the command buffers are the core's */
    if (off) {
        return NULL;
    }
    *mask = ttx_noc_plain_mask;
    return TTX_NOC(w->ns, core, w->noc)->cmd[0];
}

const TTMmioOps ttx_noc_mmio_ops = {
    .read = ttx_noc_mmio_read,
    .write = ttx_noc_mmio_write,
    .peek = ttx_noc_mmio_peek,
    .latches = ttx_noc_mmio_latches,
};

TTNocWindow *ttx_noc_window(TTNocState *ns, unsigned noc)
{
    return &ns->win[noc];
}

TTNocState *ttx_noc_new(const TTBlockEnv *env, unsigned delay, bool racecheck)
{
    TTNocState *ns = calloc(1, sizeof(*ns));

    if (!ns) {
        return NULL;
    }
    ns->env = env;
    ns->delay = delay;
    for (unsigned b = TT_DRAM_BANKS; b-- > 0;) { /* the first bank wins */
        ns->dram_at[ttx_dram_y[b]][ttx_dram_x[b]] = (uint8_t)(b + 1);
    }
    for (unsigned n = 0; n < TT_NOC_COUNT; n++) {
        ns->win[n].ns = ns;
        ns->win[n].noc = n;
    }
    ns->noc = calloc((size_t)env->ncores * TT_NOC_COUNT, sizeof(*ns->noc));
    if (!ns->noc || (racecheck && !(ns->race = ttx_race_new(env->ncores)))) {
        ttx_noc_free(ns);
        return NULL;
    }
    for (unsigned i = 0; delay && i < env->ncores * TT_NOC_COUNT; i++) {
        ns->noc[i].pend = calloc(delay, sizeof(*ns->noc[i].pend));
        if (!ns->noc[i].pend) {
            ttx_noc_free(ns);
            return NULL;
        }
    }
    return ns;
}

void ttx_noc_free(TTNocState *ns)
{
    if (!ns) {
        return;
    }
    for (unsigned i = 0; ns->noc && i < ns->env->ncores * TT_NOC_COUNT; i++) {
        free(ns->noc[i].pend);
    }
    ttx_race_free(ns->race, ns->env->ncores);
    free(ns->noc);
    free(ns);
}
