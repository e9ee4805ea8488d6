/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Emulated Tensix chip: reset, sleep primitive, print port, traps and the
 * control channel.  See ttx_chip.h for the split between model and
 * environment.
 *
 * Per core the model keeps, for each of the five harts: whether it is held
 * in reset and its reset PC (the boot ROM reads BOOT_PC and jumps there),
 * its wait descriptor (what it sleeps on, for hang reports), its trap
 * registers and a line buffer for the print port.
 *
 * The NoC0/NoC1 register windows are forwarded to ttx_noc.c, the stream
 * window (CB counters) to ttx_cb.c, the tile-engine command block to
 * ttx_compute.c.  Kernel API faults written to the EMU block are turned
 * into guest errors in words.
 *
 * Not yet implemented: stream registers other than the CB counters.  They
 * answer with a guest error naming the block, and reads return 0.
 */
#include "ttx_chip.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tt_ctl.h"
#include "tt_emu_regs.h"
#include "tt_mailbox.h"
#include "tt_mem_map.h"
#include "tt_riscv.h"
#include "ttx_cb.h"
#include "ttx_compute.h"
#include "ttx_noc.h"
#include "ttx_priv.h"

/* Outgoing messages ------------------------------------------------------ */

static void ttx_send(TTChip *chip, uint16_t type, const void *a, size_t alen,
                     const void *b, size_t blen)
{
    uint8_t msg[sizeof(struct tt_ctl_hdr) + TT_CTL_MAX_PAYLOAD];
    struct tt_ctl_hdr hdr;

    if (alen + blen > TT_CTL_MAX_PAYLOAD) {
        blen = TT_CTL_MAX_PAYLOAD - alen;
    }
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

void ttx_chip_guest_error(TTChip *chip, unsigned core, unsigned risc,
                          uint32_t addr, const char *fmt, ...)
{
    struct tt_evt_guest_error ev = {
        .src = { .core = core, .risc = risc },
        .addr = addr,
    };
    char text[TT_CTL_MAX_PAYLOAD - sizeof(ev)];
    va_list ap;
    int n;

    ev.pc = chip->ops->current_pc(chip->opaque, core, risc);
    va_start(ap, fmt);
    n = vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    if (n < 0) {
        n = 0;
    } else if ((size_t)n >= sizeof(text)) {
        n = sizeof(text) - 1;
    }
    ttx_send(chip, TT_EVT_GUEST_ERROR, &ev, sizeof(ev), text, (size_t)n);
}

static void ttx_print_flush(TTChip *chip, unsigned core, unsigned risc)
{
    TTHart *h = &chip->core[core].hart[risc];
    struct tt_evt_print ev = { .src = { .core = core, .risc = risc } };

    if (h->print_len) {
        ttx_send(chip, TT_EVT_PRINT, &ev, sizeof(ev), h->print_buf,
                 h->print_len);
        h->print_len = 0;
    }
}

/* Reset ------------------------------------------------------------------ */

static void ttx_hold_reset(TTChip *chip, unsigned core, unsigned risc)
{
    TTHart *h = &chip->core[core].hart[risc];

    ttx_print_flush(chip, core, risc);
    h->in_reset = true;
    h->wait_kind = TT_WAIT_RESET;
    h->wait_id = h->wait_expect = h->wait_current = 0;
    chip->ops->set_wake(chip->opaque, core, risc, false);
    chip->ops->reset_hart(chip->opaque, core, risc);
}

static void ttx_release_reset(TTChip *chip, unsigned core, unsigned risc)
{
    TTHart *h = &chip->core[core].hart[risc];

    h->in_reset = false;
    chip->ops->set_wake(chip->opaque, core, risc, true);
}

/* SOFT_RESET_0 bit of each RISC (reference/ttmetal-facts.md §1.1). */
static uint32_t ttx_soft_reset_bit(unsigned risc)
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

static uint32_t ttx_soft_reset_read(TTChip *chip, unsigned core)
{
    uint32_t v = 0;

    for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
        if (chip->core[core].hart[r].in_reset) {
            v |= ttx_soft_reset_bit(r);
        }
    }
    return v;
}

static void ttx_soft_reset_write(TTChip *chip, unsigned core, uint32_t v)
{
    for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
        bool hold = v & ttx_soft_reset_bit(r);
        TTHart *h = &chip->core[core].hart[r];

        if (hold && !h->in_reset) {
            ttx_hold_reset(chip, core, r);
        } else if (!hold && h->in_reset) {
            ttx_release_reset(chip, core, r);
        }
    }
}

/* MMIO: RISCV_DEBUG block ------------------------------------------------ */

static bool ttx_dbg_read(TTChip *chip, unsigned core, uint32_t off,
                         uint64_t *val)
{
    uint64_t now;

    switch (off) {
    case TT_A_DBG_SOFT_RESET_0:
        *val = ttx_soft_reset_read(chip, core);
        return true;
    case TT_A_DBG_WALL_CLOCK_L:
        now = chip->ops->clock_ns(chip->opaque);
        chip->core[core].wall_clock_hi = (uint32_t)(now >> 32);
        *val = (uint32_t)now;
        return true;
    case TT_A_DBG_WALL_CLOCK_H:
        *val = chip->core[core].wall_clock_hi;
        return true;
    default:
        return false;
    }
}

static bool ttx_dbg_write(TTChip *chip, unsigned core, uint32_t off,
                          uint64_t val)
{
    switch (off) {
    case TT_A_DBG_SOFT_RESET_0:
        ttx_soft_reset_write(chip, core, (uint32_t)val);
        return true;
    default:
        return false;
    }
}

/* MMIO: EMU block -------------------------------------------------------- */

static bool ttx_emu_read(TTChip *chip, unsigned core, unsigned risc,
                         uint32_t off, uint64_t *val)
{
    TTCore *c = &chip->core[core];
    TTHart *h = &c->hart[risc];

    switch (off) {
    case TT_A_EMU_ID:
        *val = TT_FIELD_VAL(EMU, ID, RISC, risc) |
               TT_FIELD_VAL(EMU, ID, X, c->x) | TT_FIELD_VAL(EMU, ID, Y, c->y);
        return true;
    case TT_A_EMU_CORE_INDEX:
        *val = core;
        return true;
    case TT_A_EMU_GRID:
        *val = TT_FIELD_VAL(EMU, GRID, X, chip->cfg.grid_x) |
               TT_FIELD_VAL(EMU, GRID, Y, chip->cfg.grid_y);
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
    case TT_A_EMU_IO_REWINDS:
        *val = chip->ops->io_rewinds ?
               (uint32_t)chip->ops->io_rewinds(chip->opaque) : 0;
        return true;
    default:
        if (off >= TT_A_EMU_RESET_PC0 &&
            off < TT_A_EMU_RESET_PC0 + 4 * TT_RISCS_PER_CORE) {
            *val = c->hart[(off - TT_A_EMU_RESET_PC0) / 4].reset_pc;
            return true;
        }
        return false;
    }
}

static void ttx_emu_doorbell(TTChip *chip, unsigned core, unsigned risc,
                             uint32_t code)
{
    struct tt_evt_doorbell ev = {
        .src = { .core = core, .risc = risc },
        .code = code,
        .icount = chip->ops->clock_ns(chip->opaque) - chip->last_host_wake,
    };

    ttx_send(chip, TT_EVT_DOORBELL, &ev, sizeof(ev), NULL, 0);
}

static void ttx_emu_trap(TTChip *chip, unsigned core, unsigned risc)
{
    TTHart *h = &chip->core[core].hart[risc];
    struct tt_evt_trap ev = {
        .src = { .core = core, .risc = risc },
        .mcause = h->trap_cause,
        .mepc = h->trap_epc,
        .mtval = h->trap_tval,
    };

    ttx_print_flush(chip, core, risc);
    ttx_send(chip, TT_EVT_TRAP, &ev, sizeof(ev), NULL, 0);
}

static void ttx_emu_putc(TTChip *chip, unsigned core, unsigned risc, char ch)
{
    TTHart *h = &chip->core[core].hart[risc];

    h->print_buf[h->print_len++] = ch;
    if (ch == '\n' || h->print_len == sizeof(h->print_buf)) {
        ttx_print_flush(chip, core, risc);
    }
}

/* A kernel API fault, in words: the host prints it with core and RISC. */
static void ttx_emu_fault(TTChip *chip, unsigned core, unsigned risc)
{
    TTHart *h = &chip->core[core].hart[risc];
    uint32_t id = h->fault_id, a = h->fault_arg0, b = h->fault_arg1;

    switch (h->fault_kind) {
    case TT_FAULT_CB_UNCONFIGURED:
        ttx_chip_guest_error(chip, core, risc, 0,
                             "CB %u is not configured on this core (no CB "
                             "of the program covers index %u here)", id, id);
        break;
    case TT_FAULT_CB_PUSH_UNRESERVED:
        ttx_chip_guest_error(chip, core, risc, 0,
                             "CB %u: cb_push_back of %u page%s, but only %u "
                             "reserved with cb_reserve_back", id, a,
                             a == 1 ? "" : "s", b);
        break;
    case TT_FAULT_CB_POP_UNWAITED:
        ttx_chip_guest_error(chip, core, risc, 0,
                             "CB %u: cb_pop_front of %u page%s, but only %u "
                             "waited for with cb_wait_front", id, a,
                             a == 1 ? "" : "s", b);
        break;
    case TT_FAULT_CB_RESERVE_TOO_BIG:
        ttx_chip_guest_error(chip, core, risc, 0,
                             "CB %u: cb_reserve_back of %u pages, but the CB "
                             "holds only %u", id, a, b);
        break;
    case TT_FAULT_CB_WAIT_TOO_BIG:
        ttx_chip_guest_error(chip, core, risc, 0,
                             "CB %u: cb_wait_front of %u pages, but the CB "
                             "holds only %u", id, a, b);
        break;
    case TT_FAULT_ASSERT:
        ttx_chip_guest_error(chip, core, risc, 0,
                             "ASSERT failed on line %u", id);
        break;
    case TT_FAULT_SFPI_SLOTS:
        ttx_chip_guest_error(chip, core, risc, 0,
                             "sfpi: more than %u vFloat/vInt/vUInt values "
                             "live at once (the SFPU model's slots)", id);
        break;
    case TT_FAULT_RTA_PAST_END:
    case TT_FAULT_CRTA_PAST_END: {
        bool common = h->fault_kind == TT_FAULT_CRTA_PAST_END;

        ttx_chip_guest_error(chip, core, risc, 0,
                             "%s(%u) reads past the %u %s runtime arg%s set "
                             "for this core", common ? "get_common_arg_val" :
                             "get_arg_val", id, a, common ? "common" : "unique",
                             a == 1 ? "" : "s");
        break;
    }
    default:
        ttx_chip_guest_error(chip, core, risc, 0,
                             "kernel fault %u (id %u, %u, %u)", h->fault_kind,
                             id, a, b);
        break;
    }
}

static bool ttx_emu_write(TTChip *chip, unsigned core, unsigned risc,
                          uint32_t off, uint64_t val)
{
    TTCore *c = &chip->core[core];
    TTHart *h = &c->hart[risc];

    switch (off) {
    case TT_A_EMU_WAKE_ACK:
        chip->ops->set_wake(chip->opaque, core, risc, false);
        return true;
    case TT_A_EMU_NOTIFY:
        for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
            if (val & (1u << r)) {
                chip->ops->set_wake(chip->opaque, core, r, true);
            }
        }
        return true;
    case TT_A_EMU_WAIT_KIND:
        h->wait_kind = (uint32_t)val;
        if (chip->trace) {
            ttx_trace_wait(chip->trace, core, risc, h->wait_kind, h->wait_id,
                           h->wait_expect);
        }
        if (val != TT_WAIT_NONE) {
            /* About to sleep: nothing of this core stays in flight. */
            ttx_noc_drain(chip, core);
        }
        return true;
    case TT_A_EMU_WAIT_ID:
        h->wait_id = (uint32_t)val;
        return true;
    case TT_A_EMU_WAIT_EXPECT:
        h->wait_expect = (uint32_t)val;
        return true;
    case TT_A_EMU_WAIT_CURRENT:
        h->wait_current = (uint32_t)val;
        return true;
    case TT_A_EMU_DOORBELL:
        /* The core is done (or booted): no RISC will end its line now. */
        ttx_noc_drain(chip, core);
        for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
            ttx_print_flush(chip, core, r);
        }
        if (chip->trace) {
            ttx_trace_done(chip->trace, core);
        }
        ttx_emu_doorbell(chip, core, risc, (uint32_t)val);
        return true;
    case TT_A_EMU_PUTC:
        ttx_emu_putc(chip, core, risc, (char)val);
        return true;
    case TT_A_EMU_TRAP_CAUSE:
        h->trap_cause = (uint32_t)val;
        return true;
    case TT_A_EMU_TRAP_EPC:
        h->trap_epc = (uint32_t)val;
        return true;
    case TT_A_EMU_TRAP_TVAL:
        h->trap_tval = (uint32_t)val;
        return true;
    case TT_A_EMU_TRAP_REPORT:
        ttx_emu_trap(chip, core, risc);
        return true;
    case TT_A_EMU_FAULT_KIND:
        h->fault_kind = (uint32_t)val;
        return true;
    case TT_A_EMU_FAULT_ID:
        h->fault_id = (uint32_t)val;
        return true;
    case TT_A_EMU_FAULT_ARG0:
        h->fault_arg0 = (uint32_t)val;
        return true;
    case TT_A_EMU_FAULT_ARG1:
        h->fault_arg1 = (uint32_t)val;
        return true;
    case TT_A_EMU_FAULT_REPORT:
        ttx_emu_fault(chip, core, risc);
        return true;
    case TT_A_EMU_PROF_NAME:
        h->prof_name = (uint32_t)val;
        return true;
    case TT_A_EMU_PROF_DATA_LO:
        h->prof_data_lo = (uint32_t)val;
        return true;
    case TT_A_EMU_PROF_DATA_HI:
        h->prof_data_hi = (uint32_t)val;
        return true;
    case TT_A_EMU_PROF_MARK:
        if (chip->trace) {
            ttx_trace_prof(chip->trace, core, risc, (uint32_t)val,
                           h->prof_name,
                           (uint64_t)h->prof_data_hi << 32 | h->prof_data_lo);
        }
        return true;
    default:
        if (off >= TT_A_EMU_RESET_PC0 &&
            off < TT_A_EMU_RESET_PC0 + 4 * TT_RISCS_PER_CORE) {
            c->hart[(off - TT_A_EMU_RESET_PC0) / 4].reset_pc = (uint32_t)val;
            return true;
        }
        return false;
    }
}

/* MMIO dispatch ---------------------------------------------------------- */

/* NoC index of the window holding @addr, or -1. */
static int ttx_noc_window(uint32_t addr)
{
    if (addr >= TT_MMIO_NOC0_BASE &&
        addr < TT_MMIO_NOC0_BASE + TT_MMIO_NOC_SIZE) {
        return 0;
    }
    if (addr >= TT_MMIO_NOC1_BASE &&
        addr < TT_MMIO_NOC1_BASE + TT_MMIO_NOC_SIZE) {
        return 1;
    }
    return -1;
}

static uint32_t ttx_noc_base(int noc)
{
    return noc ? TT_MMIO_NOC1_BASE : TT_MMIO_NOC0_BASE;
}

static bool ttx_stream_window(uint32_t addr)
{
    return addr >= TT_MMIO_STREAM_BASE &&
           addr < TT_MMIO_STREAM_BASE + TT_MMIO_STREAM_SIZE;
}

static bool ttx_tile_window(uint32_t addr)
{
    return addr >= TT_MMIO_TILE_BASE &&
           addr < TT_MMIO_TILE_BASE + TT_MMIO_TILE_SIZE;
}

/* Windows of blocks that exist on silicon but are not (fully) modelled. */
static const char *ttx_unmodelled_block(uint32_t addr)
{
    if (ttx_stream_window(addr)) {
        return "stream (only the CB counters are modelled)";
    }
    return NULL;
}

static bool ttx_bad_access(TTChip *chip, unsigned core, unsigned risc,
                           uint32_t addr, unsigned size, bool is_write)
{
    const char *blk = ttx_unmodelled_block(addr);

    if (blk) {
        ttx_chip_guest_error(chip, core, risc, addr,
                             "%s of the %s register block at 0x%08x: "
                             "register not modelled",
                             is_write ? "write" : "read", blk, addr);
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
    int noc = ttx_noc_window(addr);

    *val = 0;
    if (size == 4 && !(addr & 3)) {
        if (noc >= 0 && ttx_noc_read(chip, core, risc, noc,
                                     addr - ttx_noc_base(noc), val)) {
            return true;
        }
        if (ttx_stream_window(addr) &&
            ttx_cb_read(chip, core, addr - TT_MMIO_STREAM_BASE, val)) {
            return true;
        }
        if (ttx_tile_window(addr) &&
            ttx_compute_read(chip, core, risc, addr - TT_MMIO_TILE_BASE,
                             val)) {
            return true;
        }
        if (addr >= TT_MMIO_EMU_BASE &&
            addr < TT_MMIO_EMU_BASE + TT_MMIO_EMU_SIZE &&
            ttx_emu_read(chip, core, risc, addr - TT_MMIO_EMU_BASE, val)) {
            return true;
        }
        if (addr >= TT_MMIO_RISCV_DEBUG_BASE &&
            addr < TT_MMIO_RISCV_DEBUG_BASE + TT_MMIO_RISCV_DEBUG_SIZE &&
            ttx_dbg_read(chip, core, addr - TT_MMIO_RISCV_DEBUG_BASE, val)) {
            return true;
        }
    }
    return ttx_bad_access(chip, core, risc, addr, size, false);
}

bool ttx_chip_peek(TTChip *chip, unsigned core, unsigned risc, uint32_t addr,
                   uint64_t *val)
{
    int noc;

    *val = 0;
    addr &= ~3u;
    noc = ttx_noc_window(addr);
    if (noc >= 0) {
        return ttx_noc_peek(chip, core, noc, addr - ttx_noc_base(noc), val);
    }
    if (addr >= TT_MMIO_EMU_BASE && addr < TT_MMIO_EMU_BASE + TT_MMIO_EMU_SIZE) {
        return ttx_emu_read(chip, core, risc, addr - TT_MMIO_EMU_BASE, val);
    }
    if (ttx_stream_window(addr) &&
        ttx_cb_read(chip, core, addr - TT_MMIO_STREAM_BASE, val)) {
        return true;
    }
    if (ttx_tile_window(addr) &&
        ttx_compute_read(chip, core, risc, addr - TT_MMIO_TILE_BASE, val)) {
        return true;
    }
    if (addr == TT_MMIO_RISCV_DEBUG_BASE + TT_A_DBG_SOFT_RESET_0) {
        *val = ttx_soft_reset_read(chip, core);
        return true;
    }
    return ttx_unmodelled_block(addr) != NULL;
}

bool ttx_chip_write(TTChip *chip, unsigned core, unsigned risc, uint32_t addr,
                    unsigned size, uint64_t val)
{
    int noc = ttx_noc_window(addr);

    if (size == 4 && !(addr & 3)) {
        if (noc >= 0 && ttx_noc_write(chip, core, risc, noc,
                                      addr - ttx_noc_base(noc),
                                      (uint32_t)val)) {
            return true;
        }
        if (ttx_stream_window(addr) &&
            ttx_cb_write(chip, core, risc, addr - TT_MMIO_STREAM_BASE,
                         (uint32_t)val)) {
            return true;
        }
        if (ttx_tile_window(addr) &&
            ttx_compute_write(chip, core, risc, addr - TT_MMIO_TILE_BASE,
                              (uint32_t)val)) {
            return true;
        }
        if (addr >= TT_MMIO_EMU_BASE &&
            addr < TT_MMIO_EMU_BASE + TT_MMIO_EMU_SIZE &&
            ttx_emu_write(chip, core, risc, addr - TT_MMIO_EMU_BASE, val)) {
            return true;
        }
        if (addr >= TT_MMIO_RISCV_DEBUG_BASE &&
            addr < TT_MMIO_RISCV_DEBUG_BASE + TT_MMIO_RISCV_DEBUG_SIZE &&
            ttx_dbg_write(chip, core, addr - TT_MMIO_RISCV_DEBUG_BASE, val)) {
            return true;
        }
    }
    return ttx_bad_access(chip, core, risc, addr, size, true);
}

void ttx_chip_unmapped(TTChip *chip, unsigned core, unsigned risc,
                       uint32_t addr, bool is_write)
{
    ttx_chip_guest_error(chip, core, risc, addr,
                         "%s of unmapped address 0x%08x (L1 ends at 0x%08x)",
                         is_write ? "write" : "read", addr,
                         (uint32_t)TT_MEM_L1_SIZE);
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
        for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
            chip->core[c].hart[r].reset_pc = 0;
            /* A hart already held sits in the boot ROM: resetting its
             * CPU again (a TLB flush each) is what made 8x8 boots slow. */
            if (!chip->core[c].hart[r].in_reset) {
                ttx_hold_reset(chip, c, r);
            }
        }
        ttx_cb_reset(chip, c);
        ttx_compute_reset(chip, c);
        if (m->boot_pc) {
            chip->last_host_wake = chip->ops->clock_ns(chip->opaque);
            chip->core[c].hart[TT_RISC_BRISC].reset_pc = m->boot_pc;
            ttx_release_reset(chip, c, TT_RISC_BRISC);
        }
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
            TTHart *h = &chip->core[c].hart[r];
            struct tt_evt_wait_state ev = {
                .src = { .core = c, .risc = r },
                .kind = h->wait_kind,
                .id = h->wait_id,
                .expect = h->wait_expect,
                .current = h->wait_current,
            };
            bool halted = false;

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
        memset(&chip->freed, 0, sizeof(chip->freed));
        memcpy(&chip->freed, payload, hdr->len < sizeof(chip->freed) ?
               hdr->len : sizeof(chip->freed));
        if (chip->freed.count > TT_CTL_MAX_FREED) {
            chip->freed.count = TT_CTL_MAX_FREED;
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

    while (len - used >= sizeof(struct tt_ctl_hdr)) {
        struct tt_ctl_hdr hdr;

        memcpy(&hdr, buf + used, sizeof(hdr));
        if (len - used - sizeof(hdr) < hdr.len) {
            break;
        }
        if (defer_wakes && ttx_ctl_wakes(&hdr, buf + used + sizeof(hdr))) {
            break;
        }
        ttx_ctl_dispatch(chip, &hdr, buf + used + sizeof(hdr));
        chip->ctl_seen++;
        used += sizeof(hdr) + hdr.len;
    }
    return used;
}

void ttx_chip_idle(TTChip *chip)
{
    uint64_t now = chip->ops->clock_ns(chip->opaque);
    struct tt_evt_idle ev = { .ctl_seen = chip->ctl_seen };

    if (chip->idle_sent && chip->idle_ctl_seen == chip->ctl_seen &&
        chip->idle_clock == now) {
        return;
    }
    chip->idle_sent = true;
    chip->idle_ctl_seen = chip->ctl_seen;
    chip->idle_clock = now;
    ev.icount = now - chip->last_host_wake;
    ttx_send(chip, TT_EVT_IDLE, &ev, sizeof(ev), NULL, 0);
}

/* Life cycle ------------------------------------------------------------- */

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
    chip->ncores = cfg->grid_x * cfg->grid_y;
    chip->dram = ops->dram ? ops->dram(opaque) : NULL;
    chip->core = calloc(chip->ncores, sizeof(*chip->core));
    if (!chip->core || cfg->noc_delay > TTX_NOC_MAX_DELAY ||
        !ttx_noc_init(chip)) {
        ttx_noc_fini(chip);
        free(chip->core);
        free(chip);
        return NULL;
    }
    for (unsigned c = 0; c < chip->ncores; c++) {
        chip->core[c].x = c % cfg->grid_x;
        chip->core[c].y = c / cfg->grid_x;
        for (unsigned r = 0; r < TT_RISCS_PER_CORE; r++) {
            chip->core[c].hart[r].in_reset = true;
            chip->core[c].hart[r].wait_kind = TT_WAIT_RESET;
        }
    }
    return chip;
}

int ttx_chip_trace(TTChip *chip, const char *path)
{
    ttx_chip_trace_end(chip);
    chip->trace = ttx_trace_open(path, chip);
    return chip->trace ? 0 : -errno;
}

void ttx_chip_trace_end(TTChip *chip)
{
    ttx_trace_close(chip->trace);
    chip->trace = NULL;
}

void ttx_chip_free(TTChip *chip)
{
    if (chip) {
        for (unsigned c = 0; c < chip->ncores; c++) {
            ttx_compute_reset(chip, c);
        }
        ttx_chip_trace_end(chip);
        ttx_noc_fini(chip);
        free(chip->core);
        free(chip);
    }
}

unsigned ttx_chip_cores(const TTChip *chip)
{
    return chip->ncores;
}

void ttx_chip_start(TTChip *chip)
{
    struct tt_evt_hello ev = {
        .version = TT_CTL_VERSION,
        .cores = chip->ncores,
        .deterministic = chip->cfg.deterministic,
    };

    ttx_send(chip, TT_EVT_HELLO, &ev, sizeof(ev), NULL, 0);
}
