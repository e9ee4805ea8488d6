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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tt_cb.h"
#include "tt_mailbox.h"
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

/* CB guard --------------------------------------------------------------- */

static const char *const ttx_cb_risc_names[TT_RISCS_PER_CORE] = {
    "BRISC", "NCRISC", "TRISC0", "TRISC1", "TRISC2",
};

/* Is [a, b) of CB @cb ([lo, lo + size)) in pages RISC @risc reserved? */
static bool ttx_cb_in_reserved(const uint8_t *l1, unsigned risc, unsigned cb,
                               uint32_t lo, uint32_t size, uint32_t a,
                               uint32_t b)
{
    struct tt_cb_interface ifc;
    uint64_t w, end;

    memcpy(&ifc,
           l1 + TT_MEM_CB_INTERFACE_BASE +
               risc * TT_MEM_CB_INTERFACE_SLOT_SIZE + cb * sizeof(ifc),
           sizeof(ifc));
    if (!ifc.fifo_num_pages || !ifc.reserved) {
        return false;
    }
    w = ifc.fifo_wr_ptr;
    end = w + (uint64_t)ifc.reserved * ifc.fifo_page_size;
    if (end - w >= size) {
        return true;
    }
    if (a >= w && b <= end && end <= (uint64_t)lo + size) {
        return true;
    }
    if (end > (uint64_t)lo + size) { /* wraps to the CB's start */
        return (a >= w && b <= (uint64_t)lo + size) ||
               (a >= lo && b <= lo + (end - ((uint64_t)lo + size)));
    }
    return false;
}

/* "; BRISC reserved pages 2..3" for the reservations of CB @cb, or "". */
static void ttx_cb_reservations(const uint8_t *l1, uint32_t enabled,
                                unsigned cb, uint32_t lo, uint32_t page,
                                char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = '\0';
    for (unsigned r = 0; r < TT_RISCS_PER_CORE && used < len; r++) {
        struct tt_cb_interface ifc;
        uint32_t first;

        if (!(enabled & (1u << r))) {
            continue;
        }
        memcpy(&ifc,
               l1 + TT_MEM_CB_INTERFACE_BASE +
                   r * TT_MEM_CB_INTERFACE_SLOT_SIZE + cb * sizeof(ifc),
               sizeof(ifc));
        if (!ifc.fifo_num_pages || !ifc.reserved) {
            continue;
        }
        first = (ifc.fifo_wr_ptr - lo) / page;
        used += (size_t)snprintf(
            buf + used, len - used, "; %s reserved page%s %u",
            ttx_cb_risc_names[r], ifc.reserved == 1 ? "" : "s", first);
        if (ifc.reserved > 1 && used < len) {
            used += (size_t)snprintf(buf + used, len - used, "..%u",
                                     (first + ifc.reserved - 1) %
                                         ifc.fifo_num_pages);
        }
    }
}

bool ttx_cb_guard_ok(const TTBlockEnv *env, unsigned core, uint32_t addr,
                     uint32_t len, char *why, size_t whylen)
{
    const uint8_t *l1 = env->l1(env->opaque, core);
    struct tt_kernel_config_msg kc;
    uint32_t base, enabled = 0;

    if (ttx_block_is_eth(env, core)) {
        return true; /* ethernet kernels have no CBs */
    }
    memcpy(&kc,
           l1 + TT_MEM_MAILBOX_BASE + offsetof(struct tt_mailbox, launch) +
               offsetof(struct tt_launch_msg, kernel_config),
           sizeof(kc));
    base = kc.kernel_config_base + kc.local_cb_offset;
    if (!kc.local_cb_mask || !kc.enables ||
        base + TT_NUM_CBS * TT_CB_CONFIG_BYTES > TT_MEM_L1_SIZE) {
        return true; /* no launch with CBs */
    }
    /* RISCs running this launch: their CB interfaces are this launch's */
    for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
        uint32_t bit = r == TT_RISC_BRISC    ? TT_ENABLE_DM0
                       : r == TT_RISC_NCRISC ? TT_ENABLE_DM1
                                             : TT_ENABLE_MATH0;

        if (kc.enables & bit) {
            enabled |= 1u << r;
        }
    }
    for (unsigned cb = 0; cb < TT_NUM_CBS; cb++) {
        uint32_t cfg[TT_CB_CONFIG_WORDS], lo, size, page, a, b;
        uint32_t first = 0, last = 0, nfree = 0;
        char held[160], pages[32];

        if (!(kc.local_cb_mask & (1u << cb))) {
            continue;
        }
        memcpy(cfg, l1 + base + cb * TT_CB_CONFIG_BYTES, sizeof(cfg));
        lo = cfg[TT_CB_CONFIG_ADDR];
        size = cfg[TT_CB_CONFIG_SIZE];
        page = cfg[TT_CB_CONFIG_PAGE_SIZE];
        if (!size || !page || addr >= (uint64_t)lo + size ||
            (uint64_t)addr + len <= lo) {
            continue;
        }
        a = addr > lo ? addr : lo;
        b = (uint64_t)addr + len < (uint64_t)lo + size ? addr + len : lo + size;
        /* the pages of [a, b) that no enabled RISC reserved */
        for (uint32_t p = (a - lo) / page; p <= (b - 1 - lo) / page; p++) {
            uint32_t pa = lo + p * page > a ? lo + p * page : a;
            uint32_t pb = lo + (p + 1) * page < b ? lo + (p + 1) * page : b;
            bool ok = false;

            for (unsigned r = 0; r < TT_RISCS_PER_CORE && !ok; r++) {
                ok = (enabled & (1u << r)) &&
                     ttx_cb_in_reserved(l1, r, cb, lo, size, pa, pb);
            }
            if (!ok) {
                last = p;
                first = nfree++ ? first : p;
            }
        }
        if (!nfree) {
            continue;
        }
        ttx_cb_reservations(l1, enabled, cb, lo, page, held, sizeof(held));
        if (first == last) {
            snprintf(pages, sizeof(pages), "page %u", first);
        } else {
            snprintf(pages, sizeof(pages), "pages %u..%u", first, last);
        }
        snprintf(why, whylen,
                 "bytes 0x%x-0x%x land in CB %u (0x%x-0x%x, %u-byte pages), "
                 "%s of which no RISC of this core has reserved%s; transfer "
                 "only into the pages cb_reserve_back gave (from "
                 "get_write_ptr, reserved pages x page size)",
                 a, b - 1, cb, lo, lo + size - 1, page, pages,
                 held[0] ? held : " (none is reserved)");
        return false;
    }
    return true;
}

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
