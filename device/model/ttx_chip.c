/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Emulated Tensix chip: the floor plan of the device model.  See
 * ttx_chip.h for the split between model and environment.
 *
 * Per Tensix core, as every hart of it sees the MMIO window (addresses
 * from hal/wormhole/tt_mem_map.h; one block file each, ttx_block.h):
 *
 *   RISCV_DEBUG  soft reset, wall clock                ttx_emu.c
 *   NOC0, NOC1   command buffers, counters, sanitizer  ttx_noc.c
 *   STREAM       CB counters (TILES_RECEIVED/ACKED)    ttx_cb.c
 *   EMU          sleep primitive, print port, traps,   ttx_emu.c
 *                doorbell, reset PCs
 *   TILE         tile-engine command block             ttx_compute.c
 *
 * An access goes through one table from address range to block
 * (ttx_chip_map below, kept sorted); nothing in a block knows another.
 * This file wires them: the services every block gets (TTBlockEnv), the
 * effects of one block on another (a hart going to sleep or ringing the
 * host lands what its NoCs still hold; NoC data landing in L1 wakes the
 * harts that may wait for it), the timeline trace, the profiler markers
 * sent to the host, and the host's control messages.
 *
 * Not yet implemented: stream registers other than the CB counters.  They
 * answer with a guest error naming the block, and reads return 0.
 */
#include "ttx_chip.h"

#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tt_ctl.h"
#include "tt_emu_regs.h"
#include "tt_link.h"
#include "tt_mailbox.h"
#include "tt_mem_map.h"
#include "tt_riscv.h"
#include "ttx_block.h"
#include "ttx_cb.h"
#include "ttx_compute.h"
#include "ttx_emu.h"
#include "ttx_link.h"
#include "ttx_noc.h"
#include "ttx_trace.h"

/* The windows of the memory map start and end on these (4 KiB) pages. */
#define TTX_MMIO_PAGE_BITS 12
_Static_assert(((TT_MMIO_BASE | TT_MMIO_RISCV_DEBUG_BASE |
                 TT_MMIO_RISCV_DEBUG_SIZE | TT_MMIO_NOC0_BASE |
                 TT_MMIO_NOC1_BASE | TT_MMIO_NOC_SIZE | TT_MMIO_STREAM_BASE |
                 TT_MMIO_STREAM_SIZE | TT_MMIO_EMU_BASE | TT_MMIO_EMU_SIZE |
                 TT_MMIO_TILE_BASE | TT_MMIO_TILE_SIZE) &
                ((1u << TTX_MMIO_PAGE_BITS) - 1)) == 0,
               "register windows must be whole MMIO pages");

/* One register window of the memory map. */
typedef struct TTMmioRegion {
    uint32_t base;
    uint32_t size;
    const char *name; /* for guest errors */
    bool partial;     /* modelled in part: a miss is a register we lack */
    const TTMmioOps *ops;
    void *opaque;
} TTMmioRegion;

enum {
    TTX_MAP_RISCV_DEBUG,
    TTX_MAP_NOC0,
    TTX_MAP_NOC1,
    TTX_MAP_STREAM,
    TTX_MAP_EMU,
    TTX_MAP_TILE,
    TTX_MAP_COUNT,
};

struct TTChip {
    TTChipConfig cfg;
    const TTChipOps *ops;
    void *opaque;
    unsigned ncores;
    TTBlockEnv env; /* what the blocks see of us */
    TTEmuState *emu;
    TTNocState *noc;
    TTCbState *cb;
    TTComputeState *compute;
    TTMmioRegion map[TTX_MAP_COUNT]; /* sorted by base */
    /* 1 + the map index of each 4 KiB page of MMIO space, 0 where none */
    uint8_t mmio_page[(0x100000000ull - TT_MMIO_BASE) >> TTX_MMIO_PAGE_BITS];
    uint64_t last_host_wake; /* device clock when the host last woke harts */
    TTTrace *trace;          /* timeline trace, or NULL (ttx_trace.h) */
    uint32_t ctl_seen;       /* host messages applied */
    bool idle_sent;          /* TT_EVT_IDLE sent for this idle spell */
    uint32_t idle_ctl_seen;  /* ... at ctl_seen and this device clock */
    uint64_t idle_clock;
    TTLink *link; /* the system's links and steps, or NULL (hal/tt_link.h) */
    struct {
        bool waiting; /* a send waits for the next step */
        unsigned risc;
        uint32_t src, dst, len;
    } eth_tx[TT_LINK_CHANNELS];
    bool stop_on_fault;    /* TT_CTL_DEBUG_STOP_ON_FAULT */
    bool stop_armed;       /* this launch has not stopped yet */
    unsigned stop_pending; /* 1 + hart index of a guest-error stop whose
                                   access may still trap, else 0 */
    /* Locking (threaded only, else NULL): see below. */
    pthread_mutex_t *locks; /* one per core; [0] for all when coarse */
    bool coarse;
    pthread_mutex_t glock; /* the chip-wide fields harts change */
    unsigned fence;        /* see ttx_full_fence */
};

/*
 * Locking (TTChipConfig.threaded: parallel mode, each hart a thread).
 *
 * A hart's access locks its core.  A core's blocks (CB counters, tile
 * engine, NoC command buffers and master counters, the harts' wait
 * descriptors and print lines) change only under that lock, by the
 * core's harts or the control thread.  What one core does to another
 * needs no lock of the other:
 *  - NoC data lands in the other core's L1 by plain copies, as on the
 *    chip, where barriers and semaphores order memory, not the NoC;
 *  - slave counters and atomics (INCR_GET) are atomic operations;
 *  - a hart there that may wait for the data is woken after a full
 *    fence: the hart lowers its wake before it tests its condition and
 *    describes its wait (hal/tt_wait.h), so either the waker sees the
 *    description or the hart sees the data, and set_wake keeps the
 *    order of one hart's raises and lowers (TTChipOps).
 * The chip-wide fields a hart may change (the debug stop) have glock,
 * taken inside a core lock.  The control thread (host messages, idle,
 * trace) takes every core lock in core order.  The modes that keep
 * shadow state across cores (race detector, delayed NoC, trace) share one
 * lock among all cores.  The environment calls in holding its own locks,
 * so none of the chip's ops may wait for those.
 */
static pthread_mutex_t *ttx_core_lock(TTChip *chip, unsigned core)
{
    return &chip->locks[chip->coarse ? 0 : core];
}

static void ttx_lock(TTChip *chip, unsigned core)
{
    if (chip->locks) {
        pthread_mutex_lock(ttx_core_lock(chip, core));
    }
}

static void ttx_unlock(TTChip *chip, unsigned core)
{
    if (chip->locks) {
        pthread_mutex_unlock(ttx_core_lock(chip, core));
    }
}

static unsigned ttx_lock_count(const TTChip *chip)
{
    return chip->locks ? (chip->coarse ? 1 : chip->ncores) : 0;
}

static void ttx_lock_all(TTChip *chip)
{
    for (unsigned c = 0; c < ttx_lock_count(chip); c++) {
        pthread_mutex_lock(&chip->locks[c]);
    }
}

static void ttx_unlock_all(TTChip *chip)
{
    for (unsigned c = ttx_lock_count(chip); c-- > 0;) {
        pthread_mutex_unlock(&chip->locks[c]);
    }
}

/* ThreadSanitizer does not model fences: a seq_cst RMW stands in. */
static void ttx_full_fence(TTChip *chip)
{
#ifdef __SANITIZE_THREAD__
    __atomic_fetch_add(&chip->fence, 0, __ATOMIC_SEQ_CST);
#else
    (void)chip;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

static void ttx_glock(TTChip *chip)
{
    if (chip->locks) {
        pthread_mutex_lock(&chip->glock);
    }
}

static void ttx_gunlock(TTChip *chip)
{
    if (chip->locks) {
        pthread_mutex_unlock(&chip->glock);
    }
}

/* Outgoing messages ------------------------------------------------------ */

static void ttx_send(void *opaque, uint16_t type, const void *a, size_t alen,
                     const void *b, size_t blen)
{
    TTChip *chip = opaque;
    uint8_t msg[sizeof(struct tt_ctl_hdr) + TT_CTL_MAX_PAYLOAD];
    struct tt_ctl_hdr hdr;

    /* Callers size every event to fit: nothing may be cut silently. */
    assert(alen + blen <= TT_CTL_MAX_PAYLOAD);
    hdr.type = type;
    hdr.len = (uint16_t)(alen + blen);
    memcpy(msg, &hdr, sizeof(hdr));
    if (alen) {
        memcpy(msg + sizeof(hdr), a, alen);
    }
    if (blen) {
        memcpy(msg + sizeof(hdr) + alen, b, blen);
    }
    chip->ops->send(chip->opaque, msg, sizeof(hdr) + alen + blen);
}

/* Debugging -------------------------------------------------------------- */

static void ttx_send_stopped(TTChip *chip, unsigned core, unsigned risc,
                             uint32_t reason, uint32_t pc, uint32_t cause,
                             uint32_t tval)
{
    struct tt_evt_stopped ev = {
        .src = {.core = core, .risc = risc},
        .reason = reason,
        .pc = pc,
        .cause = cause,
        .tval = tval,
    };

    ttx_send(chip, TT_EVT_STOPPED, &ev, sizeof(ev), NULL, 0);
}

static unsigned ttx_hart_id(unsigned core, unsigned risc)
{
    return 1 + core * TT_RISCS_PER_CORE + risc;
}

/*
 * A guest error on an armed launch stops the machine after the access.
 * If that access also faults (an unmapped address), the trap it raises
 * is held back too (ttx_chip_exception), so the hart stays on it.
 */
static void ttx_guest_error_stop(TTChip *chip, unsigned core, unsigned risc,
                                 uint32_t pc, uint32_t addr)
{
    bool stop;

    ttx_glock(chip);
    stop = chip->stop_armed && chip->ops->debug_stop;
    if (stop) {
        chip->stop_armed = false;
        chip->stop_pending = ttx_hart_id(core, risc);
    }
    ttx_gunlock(chip);
    if (stop) {
        ttx_send_stopped(chip, core, risc, TT_STOP_GUEST_ERROR, pc, 0, addr);
        chip->ops->debug_stop(chip->opaque, (int)core, (int)risc);
    }
}

/* Should hart (@core, @risc)'s trap stop the machine?  Glock held. */
static bool ttx_exception_stops(TTChip *chip, unsigned core, unsigned risc,
                                bool *held)
{
    *held = chip->stop_pending == ttx_hart_id(core, risc);
    if (*held) {
        chip->stop_pending = 0;
        return true;
    }
    if (!chip->stop_armed || !chip->ops->debug_stop) {
        return false;
    }
    chip->stop_armed = false;
    return true;
}

bool ttx_chip_exception(TTChip *chip, unsigned core, unsigned risc,
                        uint32_t cause, uint32_t pc, uint32_t tval)
{
    bool held, stop;

    ttx_lock(chip, core);
    ttx_glock(chip);
    stop = ttx_exception_stops(chip, core, risc, &held);
    ttx_gunlock(chip);
    if (stop && !held) {
        ttx_emu_print_end(chip->emu, core, risc);
        ttx_send_stopped(chip, core, risc, TT_STOP_TRAP, pc, cause, tval);
    }
    ttx_unlock(chip, core);
    return stop;
}

void ttx_chip_resumed(TTChip *chip)
{
    ttx_lock_all(chip);
    chip->stop_pending = 0;
    ttx_unlock_all(chip);
}

void ttx_chip_debugger_gone(TTChip *chip)
{
    ttx_lock_all(chip);
    ttx_send(chip, TT_EVT_DEBUGGER_GONE, NULL, 0, NULL, 0);
    ttx_unlock_all(chip);
}

static void ttx_ctl_debug(TTChip *chip, const struct tt_ctl_debug *m)
{
    if (m->flags & TT_CTL_DEBUG_STOP_ON_FAULT) {
        chip->stop_on_fault = true;
    }
    if ((m->flags & TT_CTL_DEBUG_STOP_NOW) && chip->ops->debug_stop) {
        chip->stop_armed = false;
        ttx_send_stopped(chip, 0, 0, TT_STOP_HOST, 0, 0, 0);
        chip->ops->debug_stop(chip->opaque, -1, -1);
    }
}

/* Guest errors ----------------------------------------------------------- */

static void ttx_guest_error_text(void *opaque, unsigned core, unsigned risc,
                                 uint32_t addr, const char *text)
{
    TTChip *chip = opaque;
    struct tt_evt_guest_error ev = {
        .src = {.core = core, .risc = risc},
        .addr = addr,
    };
    size_t n = strlen(text);

    ev.pc = chip->ops->current_pc(chip->opaque, core, risc);
    if (n > TT_CTL_MAX_PAYLOAD - sizeof(ev)) {
        n = TT_CTL_MAX_PAYLOAD - sizeof(ev);
    }
    ttx_send(chip, TT_EVT_GUEST_ERROR, &ev, sizeof(ev), text, n);
    ttx_guest_error_stop(chip, core, risc, ev.pc, addr);
}

void ttx_chip_guest_error(TTChip *chip, unsigned core, unsigned risc,
                          uint32_t addr, const char *fmt, ...)
{
    char text[TT_CTL_MAX_PAYLOAD - sizeof(struct tt_evt_guest_error)];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    ttx_guest_error_text(chip, core, risc, addr, text);
}

/* Services of the blocks (TTBlockEnv) ------------------------------------ */

static void ttx_set_wake(void *opaque, unsigned core, unsigned risc, bool level)
{
    TTChip *chip = opaque;

    chip->ops->set_wake(chip->opaque, core, risc, level);
}

static void ttx_ack_wake(void *opaque, unsigned core, unsigned risc)
{
    TTChip *chip = opaque;

    if (chip->ops->ack_wake) {
        chip->ops->ack_wake(chip->opaque, core, risc);
    } else {
        chip->ops->set_wake(chip->opaque, core, risc, false);
    }
}

static void ttx_describe_wait(void *opaque, unsigned core, unsigned risc,
                              uint32_t kind, uint32_t id, uint32_t expect,
                              uint32_t current)
{
    TTChip *chip = opaque;

    ttx_emu_describe_wait(chip->emu, core, risc, kind, id, expect, current);
}

static void ttx_reset_hart(void *opaque, unsigned core, unsigned risc)
{
    TTChip *chip = opaque;

    chip->ops->reset_hart(chip->opaque, core, risc);
}

static uint8_t *ttx_l1(void *opaque, unsigned core)
{
    TTChip *chip = opaque;

    return chip->ops->l1(chip->opaque, core);
}

static void ttx_l1_written(void *opaque, unsigned core, uint32_t addr,
                           uint32_t len)
{
    TTChip *chip = opaque;

    if (chip->ops->l1_written) {
        chip->ops->l1_written(chip->opaque, core, addr, len);
    }
}

/* NoC data landed: code coherence, then the harts that may wait for it. */
static void ttx_l1_landed(void *opaque, unsigned core, uint32_t addr,
                          uint32_t len, int self_risc)
{
    TTChip *chip = opaque;
    unsigned waiters;

    ttx_l1_written(chip, core, addr, len);
    if (chip->locks) {
        /* The data before the wait descriptors (see Locking). */
        ttx_full_fence(chip);
    }
    waiters = ttx_emu_l1_waiters(chip->emu, core);
    if (self_risc >= 0) {
        waiters &= ~(1u << self_risc);
    }
    for (unsigned r = 0; waiters; r++, waiters >>= 1) {
        if (waiters & 1) {
            chip->ops->set_wake(chip->opaque, core, r, true);
        }
    }
}

/* Ethernet links ---------------------------------------------------------- */

/*
 * An ethernet core's send (EMU ETH_TX_CMD): checked here, where the L1
 * bounds of both ends are known (every chip of a system is the same
 * arch), then handed to the link, or kept for the next step when the
 * link has moved all it can in this one.
 */
static bool ttx_eth_try(TTChip *chip, unsigned channel)
{
    unsigned core = chip->env.nworkers + channel;
    int rc = ttx_link_send(chip->link, channel, chip->eth_tx[channel].dst,
                           chip->env.l1(chip, core) + chip->eth_tx[channel].src,
                           chip->eth_tx[channel].len);

    if (rc < 0) {
        ttx_block_guest_error(&chip->env, core, chip->eth_tx[channel].risc,
                              chip->eth_tx[channel].dst,
                              "ethernet send of %u bytes on channel %u: the "
                              "link moves at most %u bytes in a step",
                              chip->eth_tx[channel].len, channel,
                              TT_LINK_STEP_BYTES);
    } else if (rc == 0 && chip->trace) {
        ttx_trace_eth(chip->trace, core, chip->eth_tx[channel].risc, true,
                      channel, ttx_link_peer(chip->link, channel),
                      chip->eth_tx[channel].dst, chip->eth_tx[channel].len);
    }
    return rc != 1;
}

static void ttx_eth_send(void *opaque, unsigned core, unsigned risc,
                         uint32_t src, uint32_t dst, uint32_t len)
{
    TTChip *chip = opaque;
    unsigned channel = core - chip->env.nworkers;
    uint32_t size = ttx_block_l1_size(&chip->env, core);
    const char *bad = NULL;

    if (!chip->link || ttx_link_peer(chip->link, channel) == TT_LINK_NO_PEER) {
        bad = "this channel has no link to another chip in this system";
    } else if (chip->eth_tx[channel].waiting) {
        bad = "the previous send still waits for the link (ETH_TX_CMD "
              "reads 1): wait for it first";
    } else if ((src | dst | len) & 15) {
        bad = "addresses and size must be multiples of 16 bytes";
    } else if (!len || src >= size || len > size - src || dst >= size ||
               len > size - dst) {
        bad = "the bytes are not all inside the ethernet core's L1";
    }
    if (bad) {
        ttx_block_guest_error(&chip->env, core, risc, dst,
                              "ethernet send of %u bytes from 0x%x to 0x%x "
                              "on channel %u: %s",
                              len, src, dst, channel, bad);
        return;
    }
    chip->eth_tx[channel].risc = risc;
    chip->eth_tx[channel].src = src;
    chip->eth_tx[channel].dst = dst;
    chip->eth_tx[channel].len = len;
    chip->eth_tx[channel].waiting = !ttx_eth_try(chip, channel);
}

static bool ttx_eth_busy(void *opaque, unsigned core)
{
    TTChip *chip = opaque;

    return chip->eth_tx[core - chip->env.nworkers].waiting;
}

static uint32_t ttx_eth_peer(void *opaque, unsigned core)
{
    TTChip *chip = opaque;

    return chip->link ? ttx_link_peer(chip->link, core - chip->env.nworkers)
                      : TT_LINK_NO_PEER;
}

/* A packet from the far end: it lands like NoC data. */
static void ttx_eth_deliver(void *opaque, unsigned channel, uint32_t addr,
                            const uint8_t *data, uint32_t len)
{
    TTChip *chip = opaque;
    unsigned core = chip->env.nworkers + channel;

    if (channel >= TT_ETH_CORES ||
        addr >= ttx_block_l1_size(&chip->env, core) ||
        len > ttx_block_l1_size(&chip->env, core) - addr) {
        return; /* the sender checked the same bounds */
    }
    memcpy(chip->env.l1(chip, core) + addr, data, len);
    ttx_l1_landed(chip, core, addr, len, -1);
    if (chip->trace) {
        ttx_trace_eth(chip->trace, core, 0, false, channel,
                      ttx_link_peer(chip->link, channel), addr, len);
    }
}

bool ttx_chip_linked(const TTChip *chip)
{
    return chip->link != NULL;
}

void ttx_chip_link_poll(TTChip *chip)
{
    unsigned flags;

    if (!chip->link) {
        return;
    }
    flags = ttx_link_poll(chip->link, ttx_eth_deliver, chip);
    if (flags & TTX_LINK_STEP) {
        for (unsigned ch = 0; ch < TT_ETH_CORES; ch++) {
            if (chip->eth_tx[ch].waiting && ttx_eth_try(chip, ch)) {
                chip->eth_tx[ch].waiting = false;
                chip->ops->set_wake(chip->opaque, chip->env.nworkers + ch,
                                    chip->eth_tx[ch].risc, true);
            }
        }
    }
    if (flags & TTX_LINK_QUIESCENT) {
        ttx_chip_idle(chip);
    }
}

void ttx_chip_link_idle(TTChip *chip)
{
    /* Released host messages still on their way: wait for them. */
    if (!chip->link || chip->ctl_seen < ttx_link_release(chip->link)) {
        return;
    }
    ttx_link_arrive(chip->link);
    /* Idle between steps, with the system: tell the host again when a
     * message it sent since (a hang report's) has been applied. */
    if (ttx_link_quiescent(chip->link)) {
        ttx_chip_idle(chip);
    }
}

static void ttx_ctl_link(TTChip *chip, const struct tt_ctl_link *m)
{
    struct tt_evt_linked ev = {0};
    char dir[sizeof(m->dir) + 1];
    char why[512] = "";

    memcpy(dir, m->dir, sizeof(m->dir));
    dir[sizeof(m->dir)] = '\0';
    if (chip->link) {
        ev.status = -EALREADY;
        snprintf(why, sizeof(why), "this chip is in a system already");
    } else if (chip->cfg.threaded) {
        ev.status = -ENOTSUP;
        snprintf(why, sizeof(why),
                 "ethernet links need the deterministic mode: unset "
                 "TT_EMU_PARALLEL");
    } else {
        chip->link = ttx_link_open(dir, m->chip, why, sizeof(why));
        if (!chip->link) {
            ev.status = -EIO;
        } else if (chip->ops->watch_fd) {
            chip->ops->watch_fd(chip->opaque, ttx_link_fd(chip->link));
        }
    }
    ttx_send(chip, TT_EVT_LINKED, &ev, sizeof(ev), why, strlen(why));
}

static bool ttx_io_locked(void *opaque)
{
    TTChip *chip = opaque;

    return chip->ops->io_locked && chip->ops->io_locked(chip->opaque);
}

static uint64_t ttx_emu_stat(void *opaque, uint32_t reg)
{
    TTChip *chip = opaque;

    return chip->ops->emu_stat ? chip->ops->emu_stat(chip->opaque, reg) : 0;
}

static uint64_t ttx_instructions(void *opaque)
{
    TTChip *chip = opaque;

    return chip->ops->instructions ? chip->ops->instructions(chip->opaque) : 0;
}

static uint64_t ttx_hart_instructions(void *opaque, unsigned core,
                                      unsigned risc)
{
    TTChip *chip = opaque;

    return chip->ops->hart_instructions
               ? chip->ops->hart_instructions(chip->opaque, core, risc)
               : 0;
}

static bool ttx_emu_view(void *opaque, unsigned core, uint32_t off,
                         uint64_t *val)
{
    TTChip *chip = opaque;

    return ttx_noc_held_read(chip->noc, core, off, val);
}

static uint64_t ttx_clock_ns(void *opaque)
{
    TTChip *chip = opaque;

    return chip->ops->clock_ns(chip->opaque);
}

static uint32_t ttx_current_pc(void *opaque, unsigned core, unsigned risc)
{
    TTChip *chip = opaque;

    return chip->ops->current_pc(chip->opaque, core, risc);
}

static void ttx_race(void *opaque, unsigned core, unsigned risc, unsigned kind,
                     unsigned ocore, unsigned orisc, uint32_t opc,
                     const char *text)
{
    TTChip *chip = opaque;
    struct tt_evt_race ev = {
        .src = {.core = core, .risc = risc},
        .kind = kind,
        .other = {.core = ocore, .risc = orisc},
        .other_pc = opc,
    };
    size_t n = strlen(text);

    ev.pc = chip->ops->current_pc(chip->opaque, core, risc);
    if (n > TT_CTL_MAX_PAYLOAD - sizeof(ev)) {
        n = TT_CTL_MAX_PAYLOAD - sizeof(ev);
    }
    ttx_send(chip, TT_EVT_RACE, &ev, sizeof(ev), text, n);
    ttx_guest_error_stop(chip, core, risc, ev.pc, 0);
}

/* A hart describes a wait: nothing of its core stays in flight. */
static void ttx_hart_waits(void *opaque, unsigned core, unsigned risc,
                           uint32_t kind, uint32_t id, uint32_t expect)
{
    TTChip *chip = opaque;

    if (chip->trace) {
        ttx_trace_wait(chip->trace, core, risc, kind, id, expect);
    }
    if (kind != TT_WAIT_NONE) {
        ttx_noc_drain(chip->noc, core);
    }
}

/* The core is done (or booted): land its NoC traffic, then tell the host. */
static void ttx_core_rang(void *opaque, unsigned core, unsigned risc,
                          uint32_t code)
{
    TTChip *chip = opaque;
    struct tt_evt_doorbell ev = {
        .src = {.core = core, .risc = risc},
        .code = code,
    };

    ttx_noc_drain(chip->noc, core);
    ttx_noc_race_done(chip->noc, core, risc);
    if (chip->trace) {
        ttx_trace_done(chip->trace, core);
    }
    ev.icount = chip->ops->clock_ns(chip->opaque) - chip->last_host_wake;
    ttx_send(chip, TT_EVT_DOORBELL, &ev, sizeof(ev), NULL, 0);
}

static size_t ttx_backlog(void *opaque)
{
    TTChip *chip = opaque;

    return chip->ops->backlog(chip->opaque);
}

static void ttx_noc_sent(void *opaque, unsigned core, unsigned risc,
                         unsigned noc, const uint32_t *reg)
{
    TTChip *chip = opaque;

    if (chip->trace) {
        ttx_trace_noc(chip->trace, core, risc, noc, reg);
    }
}

/*
 * Copy the NUL-terminated string at @addr of the L1 @l1 into @buf (@len
 * bytes at most, no NUL added); returns the bytes copied.
 */
static size_t ttx_l1_string(const uint8_t *l1, uint32_t addr, char *buf,
                            size_t len)
{
    size_t n = 0;

    while (n < len && addr + n < TT_MEM_L1_SIZE && l1[addr + n]) {
        buf[n] = (char)l1[addr + n];
        n++;
    }
    return n;
}

/*
 * The device profiler (machine option profiler=on): each marker goes to
 * the host as it is set, its name and site copied out of L1 now (the
 * kernel's text may be replaced before the host looks).  The host pairs
 * zone ends with their beginnings and adds up the summed zones.
 */
static void ttx_prof_send(TTChip *chip, unsigned core, unsigned risc,
                          uint32_t kind, bool site, uint32_t name,
                          uint64_t data)
{
    const uint8_t *l1 = chip->ops->l1(chip->opaque, core);
    struct tt_evt_profiler ev = {
        .src = {.core = core, .risc = risc},
        .mark = kind,
        .clock = chip->ops->clock_ns(chip->opaque),
        .data = data,
    };
    char text[TT_CTL_MAX_PAYLOAD - sizeof(ev)];
    size_t n = 0;

    if (kind < TT_PROF_ZONE_BEGIN || kind > TT_PROF_SUM_END) {
        return;
    }
    if (kind == TT_PROF_ZONE_BEGIN || kind == TT_PROF_DATA ||
        kind == TT_PROF_SUM_BEGIN) {
        if (name < TT_MEM_L1_SIZE) {
            n = ttx_l1_string(l1, name, text, TT_CTL_PROFILER_NAME_MAX);
        } else {
            n = (size_t)snprintf(text, sizeof(text), "0x%x", name);
        }
        text[n++] = '\0';
        if (site && name < TT_MEM_L1_SIZE) {
            /* The site follows the whole name, which may have been cut. */
            uint32_t at = name + 1 +
                          (uint32_t)strnlen((const char *)l1 + name,
                                            TT_MEM_L1_SIZE - name);

            if (at < TT_MEM_L1_SIZE) {
                n += ttx_l1_string(l1, at, text + n, sizeof(text) - n);
            }
        }
    }
    ttx_send(chip, TT_EVT_PROFILER, &ev, sizeof(ev), text, n);
}

static void ttx_prof_mark(void *opaque, unsigned core, unsigned risc,
                          uint32_t mark, uint32_t name, uint64_t data)
{
    TTChip *chip = opaque;
    uint32_t kind = TT_FIELD_GET(EMU, PROF_MARK, KIND, mark);

    if (chip->trace) {
        ttx_trace_prof(chip->trace, core, risc, kind, name, data);
    }
    if (chip->cfg.profiler) {
        ttx_prof_send(chip, core, risc, kind,
                      TT_FIELD_GET(EMU, PROF_MARK, SITE, mark), name, data);
    }
}

static void ttx_cb_filled(void *opaque, unsigned core, unsigned cb,
                          unsigned pages)
{
    TTChip *chip = opaque;

    if (chip->trace) {
        ttx_trace_cb(chip->trace, core, cb, pages);
    }
}

static void ttx_cb_moved(void *opaque, unsigned core, unsigned risc,
                         unsigned cb, bool push, unsigned pages)
{
    TTChip *chip = opaque;

    ttx_noc_race_cb(chip->noc, core, risc, cb, push, pages);
}

static bool ttx_cb_guard(void *opaque, unsigned core, uint32_t addr,
                         uint32_t len, char *why, size_t whylen)
{
    TTChip *chip = opaque;

    return ttx_cb_guard_ok(&chip->env, core, addr, len, why, whylen);
}

/* MMIO dispatch ---------------------------------------------------------- */

static const TTMmioRegion *ttx_region(const TTChip *chip, uint32_t addr)
{
    unsigned i;

    if (addr < TT_MMIO_BASE) {
        return NULL;
    }
    i = chip->mmio_page[(addr - TT_MMIO_BASE) >> TTX_MMIO_PAGE_BITS];
    return i ? &chip->map[i - 1] : NULL;
}

/*
 * Nothing answered at @addr: a register a partly modelled block lacks
 * (reported, the access completes) or an unmapped address (a bus error).
 */
static __attribute__((noinline, cold)) bool
ttx_bad_access(TTChip *chip, unsigned core, unsigned risc, uint32_t addr,
               unsigned size, bool is_write)
{
    const TTMmioRegion *r = ttx_region(chip, addr);

    if (r && r->partial) {
        ttx_chip_guest_error(chip, core, risc, addr,
                             "%s of the %s register block at 0x%08x: "
                             "register not modelled",
                             is_write ? "write" : "read", r->name, addr);
        return true;
    }
    if (addr < TT_MEM_LOCAL_BASE &&
        addr >= TT_MEM_LOCAL_BASE - TT_MEM_STACK_GUARD_SIZE) {
        /* A kernel's stack grows down to the base of local memory. */
        ttx_chip_guest_error(chip, core, risc, addr,
                             "stack overflow: %u-byte %s at 0x%08x, %u bytes "
                             "below the bottom of local memory (0x%08x)",
                             size, is_write ? "write" : "read", addr,
                             TT_MEM_LOCAL_BASE - addr, TT_MEM_LOCAL_BASE);
        return false;
    }
    ttx_chip_guest_error(chip, core, risc, addr,
                         "%u-byte %s of unmapped MMIO address 0x%08x", size,
                         is_write ? "write" : "read", addr);
    return false;
}

bool ttx_chip_read(TTChip *chip, unsigned core, unsigned risc, uint32_t addr,
                   unsigned size, uint64_t *val)
{
    const TTMmioRegion *r = ttx_region(chip, addr);
    bool ok;

    *val = 0;
    ttx_lock(chip, core);
    ok = r && size == 4 && !(addr & 3) &&
         r->ops->read(r->opaque, core, risc, addr - r->base, val);
    if (!ok) {
        ok = ttx_bad_access(chip, core, risc, addr, size, false);
    }
    ttx_unlock(chip, core);
    return ok;
}

bool ttx_chip_write(TTChip *chip, unsigned core, unsigned risc, uint32_t addr,
                    unsigned size, uint64_t val)
{
    const TTMmioRegion *r = ttx_region(chip, addr);
    bool ok;

    ttx_lock(chip, core);
    ok = r && size == 4 && !(addr & 3) &&
         r->ops->write(r->opaque, core, risc, addr - r->base, (uint32_t)val);
    if (!ok) {
        ok = ttx_bad_access(chip, core, risc, addr, size, true);
    }
    ttx_unlock(chip, core);
    return ok;
}

uint32_t *ttx_chip_latches(TTChip *chip, unsigned core, unsigned risc,
                           uint32_t addr, const uint32_t **mask)
{
    const TTMmioRegion *r = ttx_region(chip, addr);

    if (!r || !r->ops->latches || (addr & (TTX_LATCH_PAGE - 1)) ||
        addr - r->base + TTX_LATCH_PAGE > r->size) {
        return NULL;
    }
    return r->ops->latches(r->opaque, core, risc, addr - r->base, mask);
}

bool ttx_chip_peek(TTChip *chip, unsigned core, unsigned risc, uint32_t addr,
                   uint64_t *val)
{
    const TTMmioRegion *r;
    bool ok;

    *val = 0;
    addr &= ~3u;
    r = ttx_region(chip, addr);
    if (!r) {
        return false;
    }
    ttx_lock(chip, core);
    ok = r->ops->peek(r->opaque, core, risc, addr - r->base, val) || r->partial;
    ttx_unlock(chip, core);
    return ok;
}

void ttx_chip_unmapped(TTChip *chip, unsigned core, unsigned risc,
                       uint32_t addr, bool is_write)
{
    ttx_lock(chip, core);
    ttx_chip_guest_error(chip, core, risc, addr,
                         "%s of unmapped address 0x%08x (L1 ends at 0x%08x)",
                         is_write ? "write" : "read", addr,
                         ttx_block_l1_size(&chip->env, core));
    ttx_unlock(chip, core);
}

/* Control channel -------------------------------------------------------- */

static void ttx_ctl_reset(TTChip *chip, const struct tt_ctl_reset *m)
{
    unsigned first = 0, last = chip->ncores;

    if (m->core != TT_CTL_ALL_CORES) {
        if (m->core >= chip->ncores) {
            return;
        }
        first = m->core;
        last = m->core + 1;
    }
    for (unsigned c = first; c < last; c++) {
        ttx_cb_reset(chip->cb, c);
        ttx_noc_race_forget(chip->noc, c);
        ttx_compute_reset(chip->compute, c);
        if (m->boot_pc) {
            chip->last_host_wake = chip->ops->clock_ns(chip->opaque);
        }
        ttx_emu_reset_core(chip->emu, c, m->boot_pc);
    }
}

static void ttx_ctl_doorbell(TTChip *chip, const struct tt_ctl_doorbell *m)
{
    chip->last_host_wake = chip->ops->clock_ns(chip->opaque);
    if (chip->trace && (m->flags & TT_CTL_DOORBELL_GO)) {
        ttx_trace_launch(chip->trace);
    }
    for (unsigned c = 0; c < chip->ncores && c < TT_CTL_MAX_CORES; c++) {
        if (!(m->cores[c / 32] & (1u << (c % 32)))) {
            continue;
        }
        if (m->flags & TT_CTL_DOORBELL_GO) {
            uint8_t *l1 = chip->ops->l1(chip->opaque, c);

            chip->stop_armed = chip->stop_on_fault;
            l1[TT_MEM_MAILBOX_BASE + TT_MAILBOX_GO_OFFSET +
               offsetof(struct tt_go_msg, signal)] = TT_RUN_MSG_GO;
        }
        for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
            if (m->risc_mask & (1u << r)) {
                chip->ops->set_wake(chip->opaque, c, r, true);
            }
        }
    }
}

static void ttx_ctl_code_changed(TTChip *chip,
                                 const struct tt_ctl_code_changed *m)
{
    if (m->core == TT_CTL_ALL_CORES) {
        for (unsigned c = 0; c < chip->ncores; c++) {
            chip->ops->code_changed(chip->opaque, c, m->addr, m->len);
        }
    } else if (m->core < chip->ncores) {
        chip->ops->code_changed(chip->opaque, m->core, m->addr, m->len);
    }
}

static void ttx_ctl_dump_waits(TTChip *chip)
{
    for (unsigned c = 0; c < chip->ncores; c++) {
        for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
            struct tt_evt_wait_state ev = {
                .src = {.core = c, .risc = r},
            };
            bool halted = false;

            ttx_emu_wait_state(chip->emu, c, r, &ev.kind, &ev.id, &ev.expect,
                               &ev.current);
            ev.pc = chip->ops->hart_pc(chip->opaque, c, r, &halted);
            ev.halted = halted;
            ttx_send(chip, TT_EVT_WAIT_STATE, &ev, sizeof(ev), NULL, 0);
        }
    }
    ttx_send(chip, TT_EVT_DUMP_END, NULL, 0, NULL, 0);
}

static void ttx_ctl_dispatch(TTChip *chip, const struct tt_ctl_hdr *hdr,
                             const uint8_t *payload)
{
    switch (hdr->type) {
    case TT_CTL_RESET:
        if (hdr->len >= sizeof(struct tt_ctl_reset)) {
            struct tt_ctl_reset m;
            memcpy(&m, payload, sizeof(m));
            ttx_ctl_reset(chip, &m);
        }
        break;
    case TT_CTL_DOORBELL:
        if (hdr->len >= sizeof(struct tt_ctl_doorbell)) {
            struct tt_ctl_doorbell m;
            memcpy(&m, payload, sizeof(m));
            ttx_ctl_doorbell(chip, &m);
        }
        break;
    case TT_CTL_CODE_CHANGED:
        if (hdr->len >= sizeof(struct tt_ctl_code_changed)) {
            struct tt_ctl_code_changed m;
            memcpy(&m, payload, sizeof(m));
            ttx_ctl_code_changed(chip, &m);
        }
        break;
    case TT_CTL_DUMP_WAITS:
        ttx_ctl_dump_waits(chip);
        break;
    case TT_CTL_FREED:
        ttx_noc_set_freed(chip->noc, payload, hdr->len);
        break;
    case TT_CTL_LINK:
        if (hdr->len >= sizeof(struct tt_ctl_link)) {
            struct tt_ctl_link m;
            memcpy(&m, payload, sizeof(m));
            ttx_ctl_link(chip, &m);
        }
        break;
    case TT_CTL_DEBUG:
        if (hdr->len >= sizeof(struct tt_ctl_debug)) {
            struct tt_ctl_debug m;
            memcpy(&m, payload, sizeof(m));
            ttx_ctl_debug(chip, &m);
        }
        break;
    default:
        /* Unknown messages are skipped: the length field keeps us framed. */
        break;
    }
}

/* Does this message wake or reset harts (and may it wait for quiescence)? */
static bool ttx_ctl_wakes(const struct tt_ctl_hdr *hdr, const uint8_t *payload)
{
    struct tt_ctl_reset m;

    switch (hdr->type) {
    case TT_CTL_DOORBELL:
        return true;
    case TT_CTL_RESET:
        if (hdr->len < sizeof(m)) {
            return true;
        }
        memcpy(&m, payload, sizeof(m));
        return !(m.flags & TT_CTL_RESET_FORCE);
    default:
        return false;
    }
}

size_t ttx_ctl_input(TTChip *chip, const uint8_t *buf, size_t len,
                     bool defer_wakes)
{
    size_t used = 0;

    ttx_lock_all(chip);
    while (len - used >= sizeof(struct tt_ctl_hdr)) {
        struct tt_ctl_hdr hdr;

        memcpy(&hdr, buf + used, sizeof(hdr));
        if (len - used - sizeof(hdr) < hdr.len) {
            break;
        }
        /* Linked, a waking message also waits for a commit's release. */
        if ((defer_wakes ||
             (chip->link && chip->ctl_seen >= ttx_link_release(chip->link))) &&
            ttx_ctl_wakes(&hdr, buf + used + sizeof(hdr))) {
            break;
        }
        ttx_ctl_dispatch(chip, &hdr, buf + used + sizeof(hdr));
        chip->ctl_seen++;
        used += sizeof(hdr) + hdr.len;
    }
    ttx_unlock_all(chip);
    return used;
}

void ttx_chip_idle(TTChip *chip)
{
    uint64_t now = chip->ops->clock_ns(chip->opaque);
    struct tt_evt_idle ev;

    ttx_lock_all(chip);
    ev = (struct tt_evt_idle){.ctl_seen = chip->ctl_seen};
    if (!chip->idle_sent || chip->idle_ctl_seen != chip->ctl_seen ||
        chip->idle_clock != now) {
        chip->idle_sent = true;
        chip->idle_ctl_seen = chip->ctl_seen;
        chip->idle_clock = now;
        ev.icount = now - chip->last_host_wake;
        ttx_send(chip, TT_EVT_IDLE, &ev, sizeof(ev), NULL, 0);
    }
    ttx_unlock_all(chip);
}

/* Life cycle ------------------------------------------------------------- */

/* The memory map: one region per register window, sorted by base. */
static void ttx_chip_map(TTChip *chip)
{
    static const struct {
        unsigned id;
        uint32_t base, size;
        const char *name;
        bool partial;
    } layout[] = {
        {TTX_MAP_RISCV_DEBUG, TT_MMIO_RISCV_DEBUG_BASE,
         TT_MMIO_RISCV_DEBUG_SIZE, "RISCV_DEBUG", false},
        {TTX_MAP_NOC0, TT_MMIO_NOC0_BASE, TT_MMIO_NOC_SIZE, "NoC0", false},
        {TTX_MAP_NOC1, TT_MMIO_NOC1_BASE, TT_MMIO_NOC_SIZE, "NoC1", false},
        {TTX_MAP_STREAM, TT_MMIO_STREAM_BASE, TT_MMIO_STREAM_SIZE,
         "stream (only the CB counters are modelled)", true},
        {TTX_MAP_EMU, TT_MMIO_EMU_BASE, TT_MMIO_EMU_SIZE, "EMU", false},
        {TTX_MAP_TILE, TT_MMIO_TILE_BASE, TT_MMIO_TILE_SIZE, "TILE", false},
    };
    const TTMmioOps *ops[TTX_MAP_COUNT] = {
        [TTX_MAP_RISCV_DEBUG] = &ttx_emu_dbg_mmio_ops,
        [TTX_MAP_NOC0] = &ttx_noc_mmio_ops,
        [TTX_MAP_NOC1] = &ttx_noc_mmio_ops,
        [TTX_MAP_STREAM] = &ttx_cb_mmio_ops,
        [TTX_MAP_EMU] = &ttx_emu_mmio_ops,
        [TTX_MAP_TILE] = &ttx_compute_mmio_ops,
    };
    void *opaque[TTX_MAP_COUNT] = {
        [TTX_MAP_RISCV_DEBUG] = chip->emu,
        [TTX_MAP_NOC0] = ttx_noc_window(chip->noc, 0),
        [TTX_MAP_NOC1] = ttx_noc_window(chip->noc, 1),
        [TTX_MAP_STREAM] = chip->cb,
        [TTX_MAP_EMU] = chip->emu,
        [TTX_MAP_TILE] = chip->compute,
    };

    for (unsigned i = 0; i < TTX_MAP_COUNT; i++) {
        TTMmioRegion *r = &chip->map[layout[i].id];

        r->base = layout[i].base;
        r->size = layout[i].size;
        r->name = layout[i].name;
        r->partial = layout[i].partial;
        r->ops = ops[layout[i].id];
        r->opaque = opaque[layout[i].id];
        for (uint32_t p = 0; p < r->size >> TTX_MMIO_PAGE_BITS; p++) {
            chip->mmio_page[((r->base - TT_MMIO_BASE) >> TTX_MMIO_PAGE_BITS) +
                            p] = (uint8_t)(layout[i].id + 1);
        }
    }
}

TTChip *ttx_chip_new(const TTChipConfig *cfg, const TTChipOps *ops,
                     void *opaque)
{
    TTChip *chip = calloc(1, sizeof(*chip));

    if (!chip) {
        return NULL;
    }
    chip->cfg = *cfg;
    chip->ops = ops;
    chip->opaque = opaque;
    chip->ncores = cfg->grid_x * cfg->grid_y + TT_ETH_CORES;
    chip->env = (TTBlockEnv){
        .opaque = chip,
        .grid_x = cfg->grid_x,
        .grid_y = cfg->grid_y,
        .nworkers = cfg->grid_x * cfg->grid_y,
        .ncores = chip->ncores,
        .dram = ops->dram ? ops->dram(opaque) : NULL,
        .set_wake = ttx_set_wake,
        .ack_wake = ttx_ack_wake,
        .describe_wait = ttx_describe_wait,
        .reset_hart = ttx_reset_hart,
        .l1 = ttx_l1,
        .l1_written = ttx_l1_written,
        .l1_landed = ttx_l1_landed,
        .eth_send = ttx_eth_send,
        .eth_busy = ttx_eth_busy,
        .eth_peer = ttx_eth_peer,
        .guest_error = ttx_guest_error_text,
        .send = ttx_send,
        .backlog = ops->backlog ? ttx_backlog : NULL,
        .print_buffer =
            cfg->print_buffer ? cfg->print_buffer : TT_CTL_PRINT_BUFFER_DEFAULT,
        .clock_ns = ttx_clock_ns,
        .emu_stat = ttx_emu_stat,
        .io_locked = ttx_io_locked,
        .instructions = ttx_instructions,
        .hart_instructions = ttx_hart_instructions,
        .emu_view = ttx_emu_view,
        .hart_waits = ttx_hart_waits,
        .core_rang = ttx_core_rang,
        .noc_sent = ttx_noc_sent,
        .prof_mark = ttx_prof_mark,
        .cb_filled = ttx_cb_filled,
        .current_pc = ttx_current_pc,
        .race = ttx_race,
        .cb_moved = cfg->racecheck ? ttx_cb_moved : NULL,
        .cb_guard = cfg->cb_guard ? ttx_cb_guard : NULL,
    };
    if (cfg->noc_delay > TTX_NOC_MAX_DELAY) {
        free(chip);
        return NULL;
    }
    if (cfg->threaded) {
        chip->coarse = cfg->racecheck || cfg->noc_delay;
        chip->locks = calloc(chip->ncores, sizeof(*chip->locks));
        if (!chip->locks) {
            free(chip);
            return NULL;
        }
        for (unsigned c = 0; c < chip->ncores; c++) {
            pthread_mutex_init(&chip->locks[c], NULL);
        }
        pthread_mutex_init(&chip->glock, NULL);
    }
    chip->emu = ttx_emu_new(&chip->env);
    chip->noc = ttx_noc_new(&chip->env, cfg->noc_delay, cfg->racecheck);
    chip->cb = ttx_cb_new(&chip->env);
    chip->compute =
        ttx_compute_new(&chip->env, !cfg->threaded && !cfg->tile_inline);
    if (!chip->emu || !chip->noc || !chip->cb || !chip->compute) {
        ttx_chip_free(chip);
        return NULL;
    }
    ttx_chip_map(chip);
    return chip;
}

int ttx_chip_trace(TTChip *chip, const char *path)
{
    int err;

    ttx_chip_trace_end(chip);
    ttx_lock_all(chip);
    chip->trace = ttx_trace_open(path, &chip->env);
    err = chip->trace ? 0 : -errno;
    ttx_unlock_all(chip);
    /* The trace sees every core: from now on one lock for all. */
    if (!err) {
        chip->coarse = true;
    }
    return err;
}

void ttx_chip_trace_end(TTChip *chip)
{
    ttx_lock_all(chip);
    ttx_trace_close(chip->trace);
    chip->trace = NULL;
    ttx_unlock_all(chip);
}

void ttx_chip_free(TTChip *chip)
{
    if (chip) {
        ttx_chip_trace_end(chip);
        ttx_compute_free(chip->compute);
        ttx_cb_free(chip->cb);
        ttx_noc_free(chip->noc);
        ttx_emu_free(chip->emu);
        ttx_link_close(chip->link);
        if (chip->locks) {
            for (unsigned c = 0; c < chip->ncores; c++) {
                pthread_mutex_destroy(&chip->locks[c]);
            }
            pthread_mutex_destroy(&chip->glock);
            free(chip->locks);
        }
        free(chip);
    }
}

unsigned ttx_chip_cores(const TTChip *chip)
{
    return chip->ncores;
}

void ttx_chip_host_caught_up(TTChip *chip)
{
    ttx_lock_all(chip);
    ttx_emu_print_caught_up(chip->emu);
    ttx_unlock_all(chip);
}

void ttx_chip_start(TTChip *chip)
{
    struct tt_evt_hello ev = {
        .version = TT_CTL_VERSION,
        .cores = chip->ncores,
        .deterministic = chip->cfg.deterministic,
    };

    ttx_lock_all(chip);
    ttx_send(chip, TT_EVT_HELLO, &ev, sizeof(ev), NULL, 0);
    ttx_unlock_all(chip);
}
