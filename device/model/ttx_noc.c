/* SPDX-License-Identifier: Apache-2.0 */
/*
 * NoC engines: command buffers, status counters and the sanitizer
 * (reference/ttmetal-facts.md §3).  A kernel drives them as on a Wormhole
 * B0: it programs TARG/RET/AT_LEN_BE/CTRL of a command buffer and writes
 * SEND_REQ to CMD_CTRL.  The command then runs to completion inside that
 * register write: data is copied, the status counters the barriers
 * compare with are updated, and every core whose L1 received data has its
 * harts' wake events raised.  Nothing is left in flight, so runs are
 * deterministic under -icount and CMD_CTRL always reads ready.
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
 * Not yet implemented: atomics other than INCR_GET (reported), byte-enable
 * writes (WR_BE), linked/path-reserved multicast semantics (flags are
 * accepted and ignored), multicast reads and atomics (reported), delayed
 * completion, per-transaction-id outstanding counts other than 0 (every
 * transaction completes at once), NOC_CFG translation tables, PCIe.
 */
#include "ttx_noc.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tt_mem_map.h"
#include "tt_noc_map.h"
#include "ttx_priv.h"

/* Rule names, as they appear in guest errors ("rule: ..."). */
#define TTX_RULE_COORD      "coordinates"
#define TTX_RULE_L1_RANGE   "l1-range"
#define TTX_RULE_DRAM_RANGE "dram-range"
#define TTX_RULE_RESERVED   "reserved-region"
#define TTX_RULE_ALIGN      "alignment"
#define TTX_RULE_LENGTH     "length"
#define TTX_RULE_MCAST      "multicast-rectangle"
#define TTX_RULE_ATOMIC     "atomic"

#define TTX_NOC_MAX_DESTS   (8 * 16)

static const uint8_t ttx_dram_x[TT_NOC_DRAM_BANKS] = TT_NOC_DRAM_X_INIT;
static const uint8_t ttx_dram_y[TT_NOC_DRAM_BANKS] = TT_NOC_DRAM_Y_INIT;

/* One command being executed. */
typedef struct TTNocCmd {
    TTChip *chip;
    unsigned core, risc, noc, buf;
    const char *what;           /* "read", "write", ... for messages */
    bool failed;
} TTNocCmd;

/* A decoded endpoint. */
typedef struct TTNocEp {
    bool dram;
    unsigned core;              /* worker */
    unsigned bank;              /* DRAM */
    unsigned x, y;              /* as addressed */
} TTNocEp;

static void ttx_noc_error(TTNocCmd *c, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void ttx_noc_error(TTNocCmd *c, const char *rule, const char *fmt, ...)
{
    char text[384];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    c->failed = true;
    ttx_chip_guest_error(c->chip, c->core, c->risc,
                         (c->noc ? TT_MMIO_NOC1_BASE : TT_MMIO_NOC0_BASE) +
                         c->buf * TT_NOC_CMD_BUF_STRIDE + TT_A_NOC_CMD_CTRL,
                         "NoC%u cmd_buf %u %s: %s (rule: %s)", c->noc, c->buf,
                         c->what, text, rule);
}

/* Endpoints -------------------------------------------------------------- */

static bool ttx_noc_worker(TTChip *chip, unsigned x, unsigned y,
                           unsigned *core)
{
    if (x < TT_NOC_VIRTUAL_WORKER_X0 || y < TT_NOC_VIRTUAL_WORKER_Y0) {
        return false;
    }
    x -= TT_NOC_VIRTUAL_WORKER_X0;
    y -= TT_NOC_VIRTUAL_WORKER_Y0;
    if (x >= chip->cfg.grid_x || y >= chip->cfg.grid_y) {
        return false;
    }
    *core = y * chip->cfg.grid_x + x;
    return true;
}

static bool ttx_noc_endpoint(TTNocCmd *c, unsigned x, unsigned y,
                             TTNocEp *ep)
{
    unsigned px = x, py = y;

    memset(ep, 0, sizeof(*ep));
    ep->x = x;
    ep->y = y;
    if (ttx_noc_worker(c->chip, x, y, &ep->core)) {
        return true;
    }
    if (c->noc == 1 && x < TT_NOC_SIZE_X && y < TT_NOC_SIZE_Y) {
        px = TT_NOC_SIZE_X - 1 - x;
        py = TT_NOC_SIZE_Y - 1 - y;
    }
    for (unsigned b = 0; b < TT_NOC_DRAM_BANKS; b++) {
        if (ttx_dram_x[b] == px && ttx_dram_y[b] == py) {
            ep->dram = true;
            ep->bank = b;
            return true;
        }
    }
    ttx_noc_error(c, TTX_RULE_COORD,
                  "NoC coordinates (%u,%u) are neither a worker of the %ux%u "
                  "grid (at (%u,%u)..) nor a DRAM bank endpoint", x, y,
                  c->chip->cfg.grid_x, c->chip->cfg.grid_y,
                  TT_NOC_VIRTUAL_WORKER_X0, TT_NOC_VIRTUAL_WORKER_Y0);
    return false;
}

static bool ttx_overlaps(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen)
{
    return a < b + blen && b < a + alen;
}

/*
 * Host pointer to [addr, addr + len) at @ep, or NULL after reporting the
 * rule it breaks.  Writes may not touch the firmware, mailbox or kernel
 * text regions of L1 (@atomic_ret allows the atomic return word).
 */
static uint8_t *ttx_noc_span(TTNocCmd *c, const TTNocEp *ep, uint64_t addr,
                             uint32_t len, bool write, bool atomic_ret)
{
    TTChip *chip = c->chip;

    if (ep->dram) {
        if (!chip->dram) {
            ttx_noc_error(c, TTX_RULE_DRAM_RANGE, "DRAM bank %u at (%u,%u) "
                          "is not available in this machine", ep->bank, ep->x,
                          ep->y);
            return NULL;
        }
        if (addr + len > TT_DRAM_BANK_SIZE) {
            ttx_noc_error(c, TTX_RULE_DRAM_RANGE, "%s of %u bytes at (%u,%u) "
                          "0x%llx goes past the end of DRAM bank %u (%llu "
                          "bytes)", write ? "write" : "read", len, ep->x,
                          ep->y, (unsigned long long)addr, ep->bank,
                          (unsigned long long)TT_DRAM_BANK_SIZE);
            return NULL;
        }
        return chip->dram + (uint64_t)ep->bank * TT_DRAM_BANK_SIZE + addr;
    }
    if (addr + len > TT_MEM_L1_SIZE) {
        ttx_noc_error(c, TTX_RULE_L1_RANGE, "%s of %u bytes at (%u,%u) 0x%llx "
                      "is outside L1 (%u bytes)", write ? "write" : "read",
                      len, ep->x, ep->y, (unsigned long long)addr,
                      (unsigned)TT_MEM_L1_SIZE);
        return NULL;
    }
    if (write && !(atomic_ret && addr == TT_MEM_NOC_ATOMIC_RET_VAL_ADDR &&
                   len == 4) &&
        (ttx_overlaps(addr, len, 0, TT_MEM_KERNEL_CONFIG_BASE) ||
         ttx_overlaps(addr, len, TT_MEM_KERNEL_TEXT_BASE,
                      TT_MEM_KERNEL_CONFIG_END - TT_MEM_KERNEL_TEXT_BASE))) {
        ttx_noc_error(c, TTX_RULE_RESERVED, "write of %u bytes at (%u,%u) "
                      "0x%llx lands in the firmware/mailbox/kernel-text region "
                      "(0x0-0x%x, 0x%x-0x%x)", len, ep->x, ep->y,
                      (unsigned long long)addr, TT_MEM_KERNEL_CONFIG_BASE,
                      TT_MEM_KERNEL_TEXT_BASE, TT_MEM_KERNEL_CONFIG_END);
        return NULL;
    }
    return chip->ops->l1(chip->opaque, ep->core) + addr;
}

/* Data landed in @core's L1: keep code coherent and wake its harts. */
static void ttx_noc_landed(TTChip *chip, unsigned core, uint32_t addr,
                           uint32_t len)
{
    if (chip->ops->l1_written) {
        chip->ops->l1_written(chip->opaque, core, addr, len);
    }
    for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
        chip->ops->set_wake(chip->opaque, core, r, true);
    }
}

static uint64_t ttx_noc_local(uint32_t lo, uint32_t mid)
{
    return (uint64_t)TT_FIELD_GET(NOC, ADDR_MID, ADDR_HI, mid) << 32 | lo;
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
    /* NoC1 callers pass the corners swapped (§5.1): accept either order. */
    x0 = sx < ex ? sx : ex;
    x1 = sx < ex ? ex : sx;
    y0 = sy < ey ? sy : ey;
    y1 = sy < ey ? ey : sy;
    for (unsigned y = y0; y <= y1; y++) {
        for (unsigned x = x0; x <= x1; x++) {
            unsigned core;

            if (!ttx_noc_worker(c->chip, x, y, &core)) {
                ttx_noc_error(c, TTX_RULE_MCAST, "multicast rectangle "
                              "(%u,%u)-(%u,%u) includes (%u,%u), which is not "
                              "a worker", sx, sy, ex, ey, x, y);
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
        ttx_noc_error(c, TTX_RULE_LENGTH, "length %u is over the %u-byte "
                      "burst limit", len, TT_NOC_MAX_BURST_SIZE);
        return false;
    }
    return true;
}

static bool ttx_noc_check_align(TTNocCmd *c, uint64_t src, uint64_t dst)
{
    if ((src ^ dst) & (TT_NOC_L1_ALIGNMENT - 1)) {
        ttx_noc_error(c, TTX_RULE_ALIGN, "source 0x%llx and destination 0x%llx "
                      "differ modulo %u", (unsigned long long)src,
                      (unsigned long long)dst, TT_NOC_L1_ALIGNMENT);
        return false;
    }
    return true;
}

/* Commands --------------------------------------------------------------- */

static uint32_t ttx_words(uint32_t len)
{
    return (len + TT_NOC_WORD_BYTES - 1) / TT_NOC_WORD_BYTES;
}

/* Read: data at TARG (any endpoint) lands at RET (a worker). */
static void ttx_noc_cmd_read(TTNocCmd *c, const uint32_t *r, uint32_t *st)
{
    uint64_t src = ttx_noc_local(r[TT_A_NOC_TARG_ADDR_LO / 4],
                                 r[TT_A_NOC_TARG_ADDR_MID / 4]);
    uint64_t dst = ttx_noc_local(r[TT_A_NOC_RET_ADDR_LO / 4],
                                 r[TT_A_NOC_RET_ADDR_MID / 4]);
    uint32_t tmid = r[TT_A_NOC_TARG_ADDR_MID / 4];
    uint32_t rmid = r[TT_A_NOC_RET_ADDR_MID / 4];
    uint32_t len = r[TT_A_NOC_AT_LEN_BE / 4];
    TTNocEp sep, dep;
    uint8_t *s, *d;

    st[TT_NOC_ST_MST_RD_REQ_STARTED]++;
    st[TT_NOC_ST_MST_RD_REQ_SENT]++;
    st[TT_NOC_ST_MST_RD_RESP_RECEIVED]++;
    st[TT_NOC_ST_MST_RD_DATA_WORD_RECEIVED] += ttx_words(len);

    if (!ttx_noc_check_len(c, len) ||
        !ttx_noc_endpoint(c, TT_FIELD_GET(NOC, ADDR_MID, X, tmid),
                          TT_FIELD_GET(NOC, ADDR_MID, Y, tmid), &sep) ||
        !ttx_noc_endpoint(c, TT_FIELD_GET(NOC, ADDR_MID, X, rmid),
                          TT_FIELD_GET(NOC, ADDR_MID, Y, rmid), &dep)) {
        return;
    }
    if (dep.dram) {
        ttx_noc_error(c, TTX_RULE_COORD, "read response address (%u,%u) is a "
                      "DRAM bank, not a worker", dep.x, dep.y);
        return;
    }
    if (!ttx_noc_check_align(c, src, dst) ||
        !(s = ttx_noc_span(c, &sep, src, len, false, false)) ||
        !(d = ttx_noc_span(c, &dep, dst, len, true, false))) {
        return;
    }
    memmove(d, s, len);
    if (!sep.dram) {
        TTNoc *tn = &c->chip->core[sep.core].noc[c->noc];

        tn->status[TT_NOC_ST_SLV_RD_REQ_RECEIVED]++;
        tn->status[TT_NOC_ST_SLV_RD_RESP_SENT]++;
    }
    ttx_noc_landed(c->chip, dep.core, (uint32_t)dst, len);
}

/* Count a write request: sent, and acked once per destination if marked. */
static void ttx_noc_count_write(uint32_t *st, bool nonposted, uint32_t words,
                                unsigned acks)
{
    if (nonposted) {
        st[TT_NOC_ST_MST_NONPOSTED_WR_REQ_STARTED]++;
        st[TT_NOC_ST_MST_NONPOSTED_WR_REQ_SENT]++;
        st[TT_NOC_ST_MST_NONPOSTED_WR_DATA_WORD_SENT] += words;
        st[TT_NOC_ST_MST_WR_ACK_RECEIVED] += acks;
    } else {
        st[TT_NOC_ST_MST_POSTED_WR_REQ_STARTED]++;
        st[TT_NOC_ST_MST_POSTED_WR_REQ_SENT]++;
        st[TT_NOC_ST_MST_POSTED_WR_DATA_WORD_SENT] += words;
    }
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
    unsigned mx = TT_NOC_VIRTUAL_WORKER_X0 + c->chip->core[c->core].x;
    unsigned my = TT_NOC_VIRTUAL_WORKER_Y0 + c->chip->core[c->core].y;
    unsigned n = (x1 - x0 + 1) * (y1 - y0 + 1);

    if (!loopback && mx >= x0 && mx <= x1 && my >= y0 && my <= y1) {
        n--;
    }
    return n;
}

/*
 * Write: data at TARG (the sender's L1) lands at RET (unicast) or in
 * every worker of the RET rectangle (multicast); inline writes put
 * AT_DATA at TARG.
 */
static void ttx_noc_cmd_write(TTNocCmd *c, const uint32_t *r, uint32_t *st,
                              uint32_t ctrl)
{
    bool inl = TT_FIELD_GET(NOC, CTRL, WR_INLINE, ctrl);
    bool mcast = TT_FIELD_GET(NOC, CTRL, BRCST_PACKET, ctrl);
    bool loopback = TT_FIELD_GET(NOC, CTRL, BRCST_SRC_INCLUDE, ctrl);
    bool nonposted = TT_FIELD_GET(NOC, CTRL, RESP_MARKED, ctrl);
    uint32_t dlo = inl ? r[TT_A_NOC_TARG_ADDR_LO / 4] :
                         r[TT_A_NOC_RET_ADDR_LO / 4];
    uint32_t dmid = inl ? r[TT_A_NOC_TARG_ADDR_MID / 4] :
                          r[TT_A_NOC_RET_ADDR_MID / 4];
    uint64_t dst = ttx_noc_local(dlo, dmid);
    uint64_t src = ttx_noc_local(r[TT_A_NOC_TARG_ADDR_LO / 4],
                                 r[TT_A_NOC_TARG_ADDR_MID / 4]);
    uint32_t len = inl ? 4 : r[TT_A_NOC_AT_LEN_BE / 4];
    uint32_t be = TT_FIELD_GET(NOC, AT_LEN_BE, BE, r[TT_A_NOC_AT_LEN_BE / 4]);
    TTNocEp eps[TTX_NOC_MAX_DESTS];
    TTNocEp self = { .core = c->core };
    uint8_t data[4];
    const uint8_t *s = data;
    int n;

    c->what = inl ? (mcast ? "inline multicast write" : "inline write") :
                    (mcast ? "multicast write" : "write");
    n = ttx_noc_dests(c, dmid, mcast, loopback, eps);
    ttx_noc_count_write(st, nonposted, ttx_words(len),
                        n >= 0 ? (unsigned)n :
                        mcast ? ttx_noc_rect_dests(c, dmid, loopback) : 1);
    if (n < 0) {
        return;
    }
    if (inl) {
        uint32_t v = r[TT_A_NOC_AT_DATA / 4];

        if (dst & 3) {
            ttx_noc_error(c, TTX_RULE_ALIGN, "inline write to (%u,%u) 0x%llx "
                          "is not 4-byte aligned", eps[0].x, eps[0].y,
                          (unsigned long long)dst);
            return;
        }
        memcpy(data, &v, sizeof(data));
    } else {
        if (!ttx_noc_check_len(c, len) || !ttx_noc_check_align(c, src, dst)) {
            return;
        }
        self.x = TT_NOC_VIRTUAL_WORKER_X0 + c->chip->core[c->core].x;
        self.y = TT_NOC_VIRTUAL_WORKER_Y0 + c->chip->core[c->core].y;
        if (!(s = ttx_noc_span(c, &self, src, len, false, false))) {
            return;
        }
    }
    /* Check every destination first: a bad one drops the whole packet. */
    for (int i = 0; i < n; i++) {
        if (!ttx_noc_span(c, &eps[i], dst, len, true, false)) {
            return;
        }
    }
    for (int i = 0; i < n; i++) {
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
            TTNoc *tn = &c->chip->core[eps[i].core].noc[c->noc];

            tn->status[nonposted ? TT_NOC_ST_SLV_NONPOSTED_WR_REQ_RECEIVED :
                                   TT_NOC_ST_SLV_POSTED_WR_REQ_RECEIVED]++;
            if (nonposted) {
                tn->status[TT_NOC_ST_SLV_WR_ACK_SENT]++;
            }
            ttx_noc_landed(c->chip, eps[i].core, (uint32_t)dst, len);
        }
    }
}

/*
 * Atomic INCR_GET: the word at TARG becomes old + AT_DATA, wrapping in
 * its low WRAP + 1 bits; with RESP_MARKED the old value is written to RET.
 */
static void ttx_noc_cmd_atomic(TTNocCmd *c, const uint32_t *r, uint32_t *st,
                               uint32_t ctrl)
{
    bool nonposted = TT_FIELD_GET(NOC, CTRL, RESP_MARKED, ctrl);
    uint32_t lb = r[TT_A_NOC_AT_LEN_BE / 4];
    uint32_t ins = TT_FIELD_GET(NOC, AT_LEN_BE, INS, lb);
    uint32_t wrap = TT_FIELD_GET(NOC, AT_LEN_BE, WRAP, lb);
    uint32_t tmid = r[TT_A_NOC_TARG_ADDR_MID / 4];
    uint32_t rmid = r[TT_A_NOC_RET_ADDR_MID / 4];
    uint64_t taddr = ttx_noc_local(r[TT_A_NOC_TARG_ADDR_LO / 4], tmid);
    uint64_t raddr = ttx_noc_local(r[TT_A_NOC_RET_ADDR_LO / 4], rmid);
    uint32_t mask = wrap >= 31 ? 0xffffffffu : (2u << wrap) - 1;
    uint32_t old, new;
    TTNocEp tep, rep;
    uint8_t *t, *ret = NULL;

    c->what = "atomic";
    if (nonposted) {
        st[TT_NOC_ST_MST_NONPOSTED_ATOMIC_STARTED]++;
        st[TT_NOC_ST_MST_NONPOSTED_ATOMIC_SENT]++;
        st[TT_NOC_ST_MST_ATOMIC_RESP_RECEIVED]++;
    } else {
        st[TT_NOC_ST_MST_POSTED_ATOMIC_SENT]++;
    }
    if (TT_FIELD_GET(NOC, CTRL, BRCST_PACKET, ctrl)) {
        ttx_noc_error(c, TTX_RULE_ATOMIC, "multicast atomics are not "
                      "modelled");
        return;
    }
    if (ins != TT_NOC_AT_INS_INCR_GET) {
        ttx_noc_error(c, TTX_RULE_ATOMIC, "atomic instruction %u is not "
                      "modelled (only INCR_GET)", ins);
        return;
    }
    taddr = (taddr & ~(uint64_t)15) |
            TT_FIELD_GET(NOC, AT_LEN_BE, IND_32, lb) << 2;
    if (!ttx_noc_endpoint(c, TT_FIELD_GET(NOC, ADDR_MID, X, tmid),
                          TT_FIELD_GET(NOC, ADDR_MID, Y, tmid), &tep)) {
        return;
    }
    if (tep.dram) {
        ttx_noc_error(c, TTX_RULE_ATOMIC, "atomic on DRAM bank %u at (%u,%u) "
                      "0x%llx: atomics target worker L1", tep.bank, tep.x,
                      tep.y, (unsigned long long)taddr);
        return;
    }
    if (!(t = ttx_noc_span(c, &tep, taddr, 4, true, false))) {
        return;
    }
    if (nonposted) {
        if (!ttx_noc_endpoint(c, TT_FIELD_GET(NOC, ADDR_MID, X, rmid),
                              TT_FIELD_GET(NOC, ADDR_MID, Y, rmid), &rep)) {
            return;
        }
        if (rep.dram || (raddr & 3)) {
            ttx_noc_error(c, TTX_RULE_ALIGN, "atomic return address (%u,%u) "
                          "0x%llx is not an aligned word of worker L1", rep.x,
                          rep.y, (unsigned long long)raddr);
            return;
        }
        if (!(ret = ttx_noc_span(c, &rep, raddr, 4, true, true))) {
            return;
        }
    }
    memcpy(&old, t, 4);
    new = (old & ~mask) | ((old + r[TT_A_NOC_AT_DATA / 4]) & mask);
    memcpy(t, &new, 4);
    c->chip->core[tep.core].noc[c->noc].status[
        nonposted ? TT_NOC_ST_SLV_NONPOSTED_ATOMIC_RECEIVED :
                    TT_NOC_ST_SLV_POSTED_ATOMIC_RECEIVED]++;
    ttx_noc_landed(c->chip, tep.core, (uint32_t)taddr, 4);
    if (ret) {
        memcpy(ret, &old, 4);
        c->chip->core[tep.core].noc[c->noc].status[
            TT_NOC_ST_SLV_ATOMIC_RESP_SENT]++;
        ttx_noc_landed(c->chip, rep.core, (uint32_t)raddr, 4);
    }
}

static void ttx_noc_send(TTChip *chip, unsigned core, unsigned risc,
                         unsigned noc, unsigned buf)
{
    TTNoc *n = &chip->core[core].noc[noc];
    const uint32_t *r = n->buf[buf].reg;
    uint32_t ctrl = r[TT_A_NOC_CTRL / 4];
    TTNocCmd c = {
        .chip = chip, .core = core, .risc = risc, .noc = noc, .buf = buf,
        .what = "read",
    };

    n->status[TT_NOC_ST_MST_CMD_ACCEPTED]++;
    if (chip->trace) {
        ttx_trace_noc(chip->trace, core, risc, noc, r);
    }
    if (TT_FIELD_GET(NOC, CTRL, AT, ctrl)) {
        ttx_noc_cmd_atomic(&c, r, n->status, ctrl);
    } else if (TT_FIELD_GET(NOC, CTRL, WR, ctrl)) {
        ttx_noc_cmd_write(&c, r, n->status, ctrl);
    } else if (TT_FIELD_GET(NOC, CTRL, BRCST_PACKET, ctrl)) {
        ttx_noc_error(&c, TTX_RULE_MCAST, "multicast reads do not exist");
    } else {
        ttx_noc_cmd_read(&c, r, n->status);
    }
}

/* Registers -------------------------------------------------------------- */

bool ttx_noc_read(TTChip *chip, unsigned core, unsigned risc, unsigned noc,
                  uint32_t off, uint64_t *val)
{
    TTCore *cc = &chip->core[core];
    TTNoc *n = &cc->noc[noc];
    unsigned buf = off / TT_NOC_CMD_BUF_STRIDE;
    uint32_t reg = off % TT_NOC_CMD_BUF_STRIDE;

    (void)risc;
    if (buf >= TT_NOC_CMD_BUFS) {
        return false;
    }
    if (buf == 0 && reg >= TT_A_NOC_CFG0 &&
        reg < TT_A_NOC_CFG0 + 4 * TT_NOC_CFG_REGS) {
        *val = n->cfg[(reg - TT_A_NOC_CFG0) / 4];
        return true;
    }
    if (buf == 0 && reg >= TT_A_NOC_STATUS0 &&
        reg < TT_A_NOC_STATUS0 + 4 * TT_NOC_STATUS_REGS) {
        *val = n->status[(reg - TT_A_NOC_STATUS0) / 4];
        return true;
    }
    switch (reg) {
    case TT_A_NOC_CMD_CTRL:
        *val = 0;               /* ready: every command has completed */
        return true;
    case TT_A_NOC_NODE_ID:
        *val = TT_FIELD_VAL(NOC, NODE_ID, X, TT_NOC_VIRTUAL_WORKER_X0 + cc->x) |
               TT_FIELD_VAL(NOC, NODE_ID, Y, TT_NOC_VIRTUAL_WORKER_Y0 + cc->y);
        return true;
    case TT_A_NOC_ENDPOINT_ID:
        *val = 0;
        return true;
    default:
        if (reg < 4 * TT_NOC_CMD_BUF_REGS) {
            *val = n->buf[buf].reg[reg / 4];
            return true;
        }
        return false;
    }
}

bool ttx_noc_write(TTChip *chip, unsigned core, unsigned risc, unsigned noc,
                   uint32_t off, uint32_t val)
{
    TTNoc *n = &chip->core[core].noc[noc];
    unsigned buf = off / TT_NOC_CMD_BUF_STRIDE;
    uint32_t reg = off % TT_NOC_CMD_BUF_STRIDE;

    if (buf >= TT_NOC_CMD_BUFS) {
        return false;
    }
    if (buf == 0 && reg >= TT_A_NOC_CFG0 &&
        reg < TT_A_NOC_CFG0 + 4 * TT_NOC_CFG_REGS) {
        n->cfg[(reg - TT_A_NOC_CFG0) / 4] = val;
        return true;
    }
    if (buf == 0 && reg >= TT_A_NOC_STATUS0 &&
        reg < TT_A_NOC_STATUS0 + 4 * TT_NOC_STATUS_REGS) {
        ttx_chip_guest_error(chip, core, risc,
                             (noc ? TT_MMIO_NOC1_BASE : TT_MMIO_NOC0_BASE) +
                             off, "write of 0x%x to NoC%u "
                             "status counter 0x%x, which is read-only", val,
                             noc, (reg - TT_A_NOC_STATUS0) / 4);
        return true;
    }
    switch (reg) {
    case TT_A_NOC_CMD_CTRL:
        if (TT_FIELD_GET(NOC, CMD_CTRL, SEND_REQ, val)) {
            ttx_noc_send(chip, core, risc, noc, buf);
        }
        return true;
    case TT_A_NOC_NODE_ID:
    case TT_A_NOC_ENDPOINT_ID:
        return true;            /* read-only, writes ignored */
    case TT_A_NOC_CLEAR_OUTSTANDING_REQ_CNT:
        for (unsigned id = 0; id <= TT_NOC_MAX_TRANSACTION_ID; id++) {
            if (val & (1u << id)) {
                n->status[TT_NOC_ST_MST_REQS_OUTSTANDING_ID(id)] = 0;
            }
        }
        return true;
    default:
        if (reg < 4 * TT_NOC_CMD_BUF_REGS) {
            n->buf[buf].reg[reg / 4] = val;
            return true;
        }
        return false;
    }
}
