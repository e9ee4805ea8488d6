/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Control of the harts (ttx_emu.h): the RISCV_DEBUG and EMU register
 * blocks.
 *
 * Per core the block keeps, for each of the five harts: whether it is
 * held in reset and its reset PC (the boot ROM reads BOOT_PC and jumps
 * there), its wait descriptor (what it sleeps on, for hang reports), its
 * trap and kernel-fault registers and a line buffer for the print port.
 * Kernel API faults written to the EMU block are turned into guest errors
 * in words.
 *
 * The print port never makes a hart wait: when the host has not read
 * what the device holds for it (env->backlog) and a line would take that
 * past env->print_buffer, the line is dropped and counted, and the hart's
 * stream says so (TT_EVT_PRINT_DROPPED) at the next point where it goes
 * on: its next line that gets through, its core's doorbell, a trap, or
 * the host catching up (ttx_emu_print_caught_up).
 */
#include "ttx_emu.h"

#include <stdlib.h>
#include <string.h>

#include "tt_ctl.h"
#include "tt_riscv.h"

#define TTX_PRINT_LINE 256

/* A full line buffer is one event: never cut by the channel's limit. */
_Static_assert(sizeof(struct tt_evt_print) + TTX_PRINT_LINE <=
                   TT_CTL_MAX_PAYLOAD,
               "a print event holds a whole line buffer");

typedef struct TTHart {
    bool in_reset;
    uint32_t reset_pc;
    uint32_t wait_kind;
    uint32_t wait_id;
    uint32_t wait_expect;
    uint32_t wait_current;
    uint32_t trap_cause;
    uint32_t trap_epc;
    uint32_t trap_tval;
    uint32_t fault_kind; /* kernel API fault (EMU FAULT_*) */
    uint32_t fault_id;
    uint32_t fault_arg0;
    uint32_t fault_arg1;
    uint32_t prof_name; /* profiler marker operands (EMU PROF_*) */
    uint32_t prof_data_lo;
    uint32_t prof_data_hi;
    uint32_t eth_src; /* ethernet send operands (EMU ETH_TX_*) */
    uint32_t eth_dst;
    uint32_t eth_len;
    size_t print_len;
    char print_buf[TTX_PRINT_LINE];
    bool print_mid_line; /* the last byte printed was not a newline */
    bool print_dprint;   /* ... and the line began with DPRINT's mark */
    uint64_t dropped;    /* bytes dropped since the last event that got out */
    uint64_t dropped_dprint; /* ... of them in DPRINT lines */
} TTHart;

struct TTEmuState {
    const TTBlockEnv *env;
    TTHart *hart;            /* core * TT_RISCS_PER_CORE + risc */
    uint32_t *wall_clock_hi; /* per core, latched when WALL_CLOCK_L is read */
    bool dropped;            /* some hart has a drop not yet reported */
};

static TTHart *ttx_emu_hart(const TTEmuState *es, unsigned core, unsigned risc)
{
    return &es->hart[core * TT_RISCS_PER_CORE + risc];
}

/* Print port ------------------------------------------------------------- */

/* The first byte of a DPRINT line (kernels/include/api/debug/dprint.h). */
#define TTX_DPRINT_MARK '\002'

/* Can the host be handed @len more bytes without passing the bound? */
static bool ttx_emu_print_room(const TTEmuState *es, size_t len)
{
    const TTBlockEnv *env = es->env;

    return !env->backlog ||
           env->backlog(env->opaque) + len <= env->print_buffer;
}

/* Tell the host how much of hart (@core, @risc)'s output it lost, if any. */
static void ttx_emu_print_report_drop(TTEmuState *es, unsigned core,
                                      unsigned risc)
{
    TTHart *h = ttx_emu_hart(es, core, risc);
    struct tt_evt_print_dropped ev = {
        .src = {.core = core, .risc = risc},
        .bytes = h->dropped,
        .dprint = h->dropped_dprint,
    };

    if (h->dropped) {
        h->dropped = h->dropped_dprint = 0;
        es->env->send(es->env->opaque, TT_EVT_PRINT_DROPPED, &ev, sizeof(ev),
                      NULL, 0);
    }
}

/*
 * Send what hart (@core, @risc) printed without a newline yet, or drop and
 * count it when the host is too far behind.
 */
static void ttx_emu_print_flush(TTEmuState *es, unsigned core, unsigned risc)
{
    TTHart *h = ttx_emu_hart(es, core, risc);
    struct tt_evt_print ev = {.src = {.core = core, .risc = risc}};
    size_t msg = sizeof(struct tt_ctl_hdr) + sizeof(ev) + h->print_len;

    if (!h->print_len) {
        return;
    }
    if (ttx_emu_print_room(es, msg)) {
        ttx_emu_print_report_drop(es, core, risc);
        es->env->send(es->env->opaque, TT_EVT_PRINT, &ev, sizeof(ev),
                      h->print_buf, h->print_len);
    } else {
        h->dropped += h->print_len;
        if (h->print_dprint) {
            h->dropped_dprint += h->print_len;
        }
        /* Harts of every core set it (ttx_chip.c, Locking). */
        __atomic_store_n(&es->dropped, true, __ATOMIC_RELAXED);
    }
    h->print_len = 0;
}

void ttx_emu_print_end(TTEmuState *es, unsigned core, unsigned risc)
{
    ttx_emu_print_flush(es, core, risc);
    ttx_emu_print_report_drop(es, core, risc);
}

void ttx_emu_print_caught_up(TTEmuState *es)
{
    if (!es->dropped) {
        return;
    }
    es->dropped = false;
    for (unsigned c = 0; c < es->env->ncores; c++) {
        for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
            ttx_emu_print_report_drop(es, c, r);
        }
    }
}

static void ttx_emu_putc(TTEmuState *es, unsigned core, unsigned risc, char ch)
{
    TTHart *h = ttx_emu_hart(es, core, risc);

    if (!h->print_mid_line) {
        h->print_dprint = ch == TTX_DPRINT_MARK;
    }
    h->print_mid_line = ch != '\n';
    h->print_buf[h->print_len++] = ch;
    if (ch == '\n' || h->print_len == sizeof(h->print_buf)) {
        ttx_emu_print_flush(es, core, risc);
    }
}

/* Reset ------------------------------------------------------------------ */

static void ttx_emu_hold_reset(TTEmuState *es, unsigned core, unsigned risc)
{
    const TTBlockEnv *env = es->env;
    TTHart *h = ttx_emu_hart(es, core, risc);

    ttx_emu_print_end(es, core, risc);
    h->print_mid_line = false;
    h->in_reset = true;
    h->wait_kind = TT_WAIT_RESET;
    h->wait_id = h->wait_expect = h->wait_current = 0;
    env->set_wake(env->opaque, core, risc, false);
    env->reset_hart(env->opaque, core, risc);
}

static void ttx_emu_release_reset(TTEmuState *es, unsigned core, unsigned risc)
{
    ttx_emu_hart(es, core, risc)->in_reset = false;
    es->env->set_wake(es->env->opaque, core, risc, true);
}

void ttx_emu_reset_core(TTEmuState *es, unsigned core, uint32_t boot_pc)
{
    for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
        TTHart *h = ttx_emu_hart(es, core, r);

        h->reset_pc = 0;
        /* A hart already held sits in the boot ROM: resetting its CPU
         * again (a TLB flush each) is what made 8x8 boots slow. */
        if (!h->in_reset) {
            ttx_emu_hold_reset(es, core, r);
        }
    }
    if (boot_pc) {
        ttx_emu_hart(es, core, TT_RISC_BRISC)->reset_pc = boot_pc;
        ttx_emu_release_reset(es, core, TT_RISC_BRISC);
    }
}

/* SOFT_RESET_0 bit of each RISC. */
static uint32_t ttx_emu_soft_reset_bit(unsigned risc)
{
    switch (risc) {
    case TT_RISC_BRISC:
        return TT_R_DBG_SOFT_RESET_0_BRISC_MASK;
    case TT_RISC_NCRISC:
        return TT_R_DBG_SOFT_RESET_0_NCRISC_MASK;
    default:
        return 1u << (TT_R_DBG_SOFT_RESET_0_TRISCS_SHIFT + risc -
                      TT_RISC_TRISC0);
    }
}

static uint32_t ttx_emu_soft_reset_read(const TTEmuState *es, unsigned core)
{
    uint32_t v = 0;

    for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
        if (ttx_emu_hart(es, core, r)->in_reset) {
            v |= ttx_emu_soft_reset_bit(r);
        }
    }
    return v;
}

static void ttx_emu_soft_reset_write(TTEmuState *es, unsigned core, uint32_t v)
{
    for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
        bool hold = v & ttx_emu_soft_reset_bit(r);
        TTHart *h = ttx_emu_hart(es, core, r);

        if (hold && !h->in_reset) {
            ttx_emu_hold_reset(es, core, r);
        } else if (!hold && h->in_reset) {
            ttx_emu_release_reset(es, core, r);
        }
    }
}

/* Waits ------------------------------------------------------------------ */

void ttx_emu_wait_state(const TTEmuState *es, unsigned core, unsigned risc,
                        uint32_t *kind, uint32_t *id, uint32_t *expect,
                        uint32_t *current)
{
    const TTHart *h = ttx_emu_hart(es, core, risc);

    *kind = h->wait_kind;
    *id = h->wait_id;
    *expect = h->wait_expect;
    *current = h->wait_current;
}

/* The hart's WAIT_KIND is @kind now (the rest already written). */
static void ttx_emu_wait_kind(TTEmuState *es, unsigned core, unsigned risc,
                              uint32_t kind)
{
    const TTBlockEnv *env = es->env;
    TTHart *h = ttx_emu_hart(es, core, risc);

    /* After the hart's test of its condition (ttx_emu_l1_waiters) */
    __atomic_store_n(&h->wait_kind, kind, __ATOMIC_RELEASE);
    env->hart_waits(env->opaque, core, risc, kind, h->wait_id, h->wait_expect);
}

void ttx_emu_describe_wait(TTEmuState *es, unsigned core, unsigned risc,
                           uint32_t kind, uint32_t id, uint32_t expect,
                           uint32_t current)
{
    TTHart *h = ttx_emu_hart(es, core, risc);

    if (kind != TT_WAIT_NONE) {
        h->wait_id = id;
        h->wait_expect = expect;
        h->wait_current = current;
    }
    ttx_emu_wait_kind(es, core, risc, kind);
}

/*
 * A hart between its wake-up and its next describe still shows the kind
 * it slept on, or NONE (or RESET, just out of reset) before the first.
 */
/*
 * May be asked from another core's thread (ttx_chip.c, Locking): the
 * fields are read as atomics, and a stale "not waiting" is safe because
 * the hart tests its condition after it lowered its wake.
 */
static bool ttx_emu_waits_on_l1(const TTHart *h)
{
    if (__atomic_load_n(&h->in_reset, __ATOMIC_RELAXED)) {
        return false;
    }
    switch (__atomic_load_n(&h->wait_kind, __ATOMIC_RELAXED)) {
    case TT_WAIT_GO:
    case TT_WAIT_SUBORDINATE_GO:
    case TT_WAIT_SUBORDINATES_DONE:
    case TT_WAIT_CB_FRONT:
    case TT_WAIT_CB_BACK:
    case TT_WAIT_TILE_ENGINE:
    case TT_WAIT_HALTED:
    case TT_WAIT_ETH_TX:
        return false;
    default:
        return true;
    }
}

unsigned ttx_emu_l1_waiters(const TTEmuState *es, unsigned core)
{
    unsigned mask = 0;

    for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
        if (ttx_emu_waits_on_l1(ttx_emu_hart(es, core, r))) {
            mask |= 1u << r;
        }
    }
    return mask;
}

/* RISCV_DEBUG block ------------------------------------------------------ */

static bool ttx_emu_dbg_read(void *opaque, unsigned core, unsigned risc,
                             uint32_t off, uint64_t *val)
{
    TTEmuState *es = opaque;
    uint64_t now;

    (void)risc;
    switch (off) {
    case TT_A_DBG_SOFT_RESET_0:
        *val = ttx_emu_soft_reset_read(es, core);
        return true;
    case TT_A_DBG_WALL_CLOCK_L:
        now = es->env->clock_ns(es->env->opaque);
        es->wall_clock_hi[core] = (uint32_t)(now >> 32);
        *val = (uint32_t)now;
        return true;
    case TT_A_DBG_WALL_CLOCK_H:
        *val = es->wall_clock_hi[core];
        return true;
    default:
        return false;
    }
}

/* A debugger sees the reset bits only: reading the clock latches it. */
static bool ttx_emu_dbg_peek(void *opaque, unsigned core, unsigned risc,
                             uint32_t off, uint64_t *val)
{
    (void)risc;
    if (off != TT_A_DBG_SOFT_RESET_0) {
        return false;
    }
    *val = ttx_emu_soft_reset_read(opaque, core);
    return true;
}

static bool ttx_emu_dbg_write(void *opaque, unsigned core, unsigned risc,
                              uint32_t off, uint32_t val)
{
    (void)risc;
    switch (off) {
    case TT_A_DBG_SOFT_RESET_0:
        ttx_emu_soft_reset_write(opaque, core, val);
        return true;
    default:
        return false;
    }
}

const TTMmioOps ttx_emu_dbg_mmio_ops = {
    .read = ttx_emu_dbg_read,
    .write = ttx_emu_dbg_write,
    .peek = ttx_emu_dbg_peek,
};

/* EMU block -------------------------------------------------------------- */

static bool ttx_emu_read(void *opaque, unsigned core, unsigned risc,
                         uint32_t off, uint64_t *val)
{
    TTEmuState *es = opaque;
    const TTBlockEnv *env = es->env;
    const TTHart *h = ttx_emu_hart(es, core, risc);

    switch (off) {
    case TT_A_EMU_ID:
        *val = TT_FIELD_VAL(EMU, ID, RISC, risc) |
               TT_FIELD_VAL(EMU, ID, X, ttx_block_x(env, core)) |
               TT_FIELD_VAL(EMU, ID, Y, ttx_block_y(env, core)) |
               TT_FIELD_VAL(EMU, ID, ETH, ttx_block_is_eth(env, core));
        return true;
    case TT_A_EMU_NOC_XY:
        *val = TT_FIELD_VAL(EMU, NOC_XY, X, ttx_block_noc_x(env, core)) |
               TT_FIELD_VAL(EMU, NOC_XY, Y, ttx_block_noc_y(env, core));
        return true;
    case TT_A_EMU_CORE_INDEX:
        *val = core;
        return true;
    case TT_A_EMU_ETH_TX_SRC:
    case TT_A_EMU_ETH_TX_DST:
    case TT_A_EMU_ETH_TX_LEN:
    case TT_A_EMU_ETH_TX_CMD:
    case TT_A_EMU_ETH_LINK:
        if (!ttx_block_is_eth(env, core)) {
            return false;
        }
        *val = off == TT_A_EMU_ETH_TX_SRC   ? h->eth_src
               : off == TT_A_EMU_ETH_TX_DST ? h->eth_dst
               : off == TT_A_EMU_ETH_TX_LEN ? h->eth_len
               : off == TT_A_EMU_ETH_TX_CMD ? env->eth_busy(env->opaque, core)
                                            : env->eth_peer(env->opaque, core);
        return true;
    case TT_A_EMU_GRID:
        *val = TT_FIELD_VAL(EMU, GRID, X, env->grid_x) |
               TT_FIELD_VAL(EMU, GRID, Y, env->grid_y);
        return true;
    case TT_A_EMU_WAIT_KIND:
        *val = h->wait_kind;
        return true;
    case TT_A_EMU_WAIT_ID:
        *val = h->wait_id;
        return true;
    case TT_A_EMU_WAIT_EXPECT:
        *val = h->wait_expect;
        return true;
    case TT_A_EMU_WAIT_CURRENT:
        *val = h->wait_current;
        return true;
    case TT_A_EMU_TRAP_CAUSE:
        *val = h->trap_cause;
        return true;
    case TT_A_EMU_TRAP_EPC:
        *val = h->trap_epc;
        return true;
    case TT_A_EMU_TRAP_TVAL:
        *val = h->trap_tval;
        return true;
    case TT_A_EMU_FAULT_KIND:
        *val = h->fault_kind;
        return true;
    case TT_A_EMU_FAULT_ID:
        *val = h->fault_id;
        return true;
    case TT_A_EMU_FAULT_ARG0:
        *val = h->fault_arg0;
        return true;
    case TT_A_EMU_FAULT_ARG1:
        *val = h->fault_arg1;
        return true;
    case TT_A_EMU_PROF_NAME:
        *val = h->prof_name;
        return true;
    case TT_A_EMU_PROF_DATA_LO:
        *val = h->prof_data_lo;
        return true;
    case TT_A_EMU_PROF_DATA_HI:
        *val = h->prof_data_hi;
        return true;
    case TT_A_EMU_BOOT_PC:
        *val = h->in_reset ? 0 : h->reset_pc;
        return true;
    case TT_A_EMU_IO_LOCKED:
        *val = es->env->io_locked(es->env->opaque);
        return true;
    case TT_A_EMU_IO_REWINDS:
    case TT_A_EMU_IO_DIRECT:
    case TT_A_EMU_IO_LATCHED:
    case TT_A_EMU_TBS:
    case TT_A_EMU_TLB_FLUSHES:
        *val = (uint32_t)es->env->emu_stat(es->env->opaque, off);
        return true;
    case TT_A_EMU_TIME_L:
    case TT_A_EMU_TIME_H:
        *val = es->env->instructions(es->env->opaque);
        *val = off == TT_A_EMU_TIME_H ? *val >> 32 : (uint32_t)*val;
        return true;
    case TT_A_EMU_HART_TIME_L:
    case TT_A_EMU_HART_TIME_H:
        *val = es->env->hart_instructions(es->env->opaque, core, risc);
        *val = off == TT_A_EMU_HART_TIME_H ? *val >> 32 : (uint32_t)*val;
        return true;
    default:
        if (off >= TT_A_EMU_RESET_PC0 &&
            off < TT_A_EMU_RESET_PC0 + 4 * TT_RISCS_PER_CORE) {
            *val = ttx_emu_hart(es, core, (off - TT_A_EMU_RESET_PC0) / 4)
                       ->reset_pc;
            return true;
        }
        return es->env->emu_view(es->env->opaque, core, off, val);
    }
}

static void ttx_emu_trap(TTEmuState *es, unsigned core, unsigned risc)
{
    const TTHart *h = ttx_emu_hart(es, core, risc);
    struct tt_evt_trap ev = {
        .src = {.core = core, .risc = risc},
        .mcause = h->trap_cause,
        .mepc = h->trap_epc,
        .mtval = h->trap_tval,
    };

    ttx_emu_print_end(es, core, risc);
    es->env->send(es->env->opaque, TT_EVT_TRAP, &ev, sizeof(ev), NULL, 0);
}

/* A kernel API fault, in words: the host prints it with core and RISC. */
static void ttx_emu_fault(TTEmuState *es, unsigned core, unsigned risc)
{
    const TTBlockEnv *env = es->env;
    const TTHart *h = ttx_emu_hart(es, core, risc);
    uint32_t id = h->fault_id, a = h->fault_arg0, b = h->fault_arg1;

    switch (h->fault_kind) {
    case TT_FAULT_CB_UNCONFIGURED:
        ttx_block_guest_error(env, core, risc, 0,
                              "CB %u is not configured on this core (no CB "
                              "of the program covers index %u here)",
                              id, id);
        break;
    case TT_FAULT_CB_PUSH_UNRESERVED:
        ttx_block_guest_error(env, core, risc, 0,
                              "CB %u: cb_push_back of %u page%s, but only %u "
                              "reserved with cb_reserve_back",
                              id, a, a == 1 ? "" : "s", b);
        break;
    case TT_FAULT_CB_POP_UNWAITED:
        ttx_block_guest_error(env, core, risc, 0,
                              "CB %u: cb_pop_front of %u page%s, but only %u "
                              "waited for with cb_wait_front",
                              id, a, a == 1 ? "" : "s", b);
        break;
    case TT_FAULT_CB_RESERVE_TOO_BIG:
        ttx_block_guest_error(env, core, risc, 0,
                              "CB %u: cb_reserve_back of %u pages, but the CB "
                              "holds only %u",
                              id, a, b);
        break;
    case TT_FAULT_CB_WAIT_TOO_BIG:
        ttx_block_guest_error(env, core, risc, 0,
                              "CB %u: cb_wait_front of %u pages, but the CB "
                              "holds only %u",
                              id, a, b);
        break;
    case TT_FAULT_ASSERT:
        ttx_block_guest_error(env, core, risc, 0, "ASSERT failed on line %u",
                              id);
        break;
    case TT_FAULT_SFPI_SLOTS:
        ttx_block_guest_error(env, core, risc, 0,
                              "sfpi: more than %u vFloat/vInt/vUInt values "
                              "live at once (the SFPU model's slots)",
                              id);
        break;
    case TT_FAULT_RTA_PAST_END:
    case TT_FAULT_CRTA_PAST_END: {
        bool common = h->fault_kind == TT_FAULT_CRTA_PAST_END;

        ttx_block_guest_error(env, core, risc, 0,
                              "%s(%u) reads past the %u %s runtime arg%s set "
                              "for this core",
                              common ? "get_common_arg_val" : "get_arg_val", id,
                              a, common ? "common" : "unique",
                              a == 1 ? "" : "s");
        break;
    }
    default:
        ttx_block_guest_error(env, core, risc, 0,
                              "kernel fault %u (id %u, %u, %u)", h->fault_kind,
                              id, a, b);
        break;
    }
}

static bool ttx_emu_write(void *opaque, unsigned core, unsigned risc,
                          uint32_t off, uint32_t val)
{
    TTEmuState *es = opaque;
    const TTBlockEnv *env = es->env;
    TTHart *h = ttx_emu_hart(es, core, risc);

    switch (off) {
    case TT_A_EMU_WAKE_ACK:
        env->set_wake(env->opaque, core, risc, false);
        return true;
    case TT_A_EMU_NOTIFY:
        for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
            if (val & (1u << r)) {
                env->set_wake(env->opaque, core, r, true);
            }
        }
        return true;
    case TT_A_EMU_WAIT_KIND:
        ttx_emu_wait_kind(es, core, risc, val);
        return true;
    case TT_A_EMU_WAIT_ID:
        h->wait_id = val;
        return true;
    case TT_A_EMU_WAIT_EXPECT:
        h->wait_expect = val;
        return true;
    case TT_A_EMU_WAIT_CURRENT:
        h->wait_current = val;
        return true;
    case TT_A_EMU_DOORBELL:
        /* The core is done (or booted): no RISC will end its line now,
         * and the host must learn what it lost before it hears "done". */
        for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
            ttx_emu_print_end(es, core, r);
        }
        env->core_rang(env->opaque, core, risc, val);
        return true;
    case TT_A_EMU_PUTC:
        ttx_emu_putc(es, core, risc, (char)val);
        return true;
    case TT_A_EMU_TRAP_CAUSE:
        h->trap_cause = val;
        return true;
    case TT_A_EMU_TRAP_EPC:
        h->trap_epc = val;
        return true;
    case TT_A_EMU_TRAP_TVAL:
        h->trap_tval = val;
        return true;
    case TT_A_EMU_TRAP_REPORT:
        ttx_emu_trap(es, core, risc);
        return true;
    case TT_A_EMU_FAULT_KIND:
        h->fault_kind = val;
        return true;
    case TT_A_EMU_FAULT_ID:
        h->fault_id = val;
        return true;
    case TT_A_EMU_FAULT_ARG0:
        h->fault_arg0 = val;
        return true;
    case TT_A_EMU_FAULT_ARG1:
        h->fault_arg1 = val;
        return true;
    case TT_A_EMU_FAULT_REPORT:
        ttx_emu_fault(es, core, risc);
        return true;
    case TT_A_EMU_PROF_NAME:
        h->prof_name = val;
        return true;
    case TT_A_EMU_PROF_DATA_LO:
        h->prof_data_lo = val;
        return true;
    case TT_A_EMU_PROF_DATA_HI:
        h->prof_data_hi = val;
        return true;
    case TT_A_EMU_ETH_TX_SRC:
    case TT_A_EMU_ETH_TX_DST:
    case TT_A_EMU_ETH_TX_LEN:
    case TT_A_EMU_ETH_TX_CMD:
        if (!ttx_block_is_eth(env, core)) {
            return false;
        }
        if (off == TT_A_EMU_ETH_TX_SRC) {
            h->eth_src = val;
        } else if (off == TT_A_EMU_ETH_TX_DST) {
            h->eth_dst = val;
        } else if (off == TT_A_EMU_ETH_TX_LEN) {
            h->eth_len = val;
        } else {
            env->eth_send(env->opaque, core, risc, h->eth_src, h->eth_dst,
                          h->eth_len);
        }
        return true;
    case TT_A_EMU_PROF_MARK:
        env->prof_mark(env->opaque, core, risc, val, h->prof_name,
                       (uint64_t)h->prof_data_hi << 32 | h->prof_data_lo);
        return true;
    default:
        if (off >= TT_A_EMU_RESET_PC0 &&
            off < TT_A_EMU_RESET_PC0 + 4 * TT_RISCS_PER_CORE) {
            ttx_emu_hart(es, core, (off - TT_A_EMU_RESET_PC0) / 4)->reset_pc =
                val;
            return true;
        }
        return false;
    }
}

const TTMmioOps ttx_emu_mmio_ops = {
    .read = ttx_emu_read,
    .write = ttx_emu_write,
    .peek = ttx_emu_read, /* reads have no side effects */
};

/* Life cycle ------------------------------------------------------------- */

TTEmuState *ttx_emu_new(const TTBlockEnv *env)
{
    TTEmuState *es = calloc(1, sizeof(*es));

    if (!es) {
        return NULL;
    }
    es->env = env;
    es->hart =
        calloc((size_t)env->ncores * TT_RISCS_PER_CORE, sizeof(*es->hart));
    es->wall_clock_hi = calloc(env->ncores, sizeof(*es->wall_clock_hi));
    if (!es->hart || !es->wall_clock_hi) {
        ttx_emu_free(es);
        return NULL;
    }
    for (unsigned i = 0; i < env->ncores * TT_RISCS_PER_CORE; i++) {
        es->hart[i].in_reset = true;
        es->hart[i].wait_kind = TT_WAIT_RESET;
    }
    return es;
}

void ttx_emu_free(TTEmuState *es)
{
    if (es) {
        free(es->hart);
        free(es->wall_clock_hi);
        free(es);
    }
}
