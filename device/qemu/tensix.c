/* SPDX-License-Identifier: Apache-2.0 */
/*
 * QEMU machine "tensix": a grid of Tenstorrent Tensix cores, each with five
 * RV32IM harts (BRISC, NCRISC, TRISC0..2) sharing the core's L1.
 *
 * Per Tensix core, as seen by each of its harts (hal/wormhole/tt_mem_map.h):
 *
 *   0x00000000  L1 (1464 KiB on WH B0), one slice of a shared file
 *   (NoC only)  12 DRAM banks of 1 GiB, a sparse shared file mapped for
 *               the model: harts reach DRAM only through the NoC
 *   0xFF000000  MMIO window, decoded by the device model (device/model)
 *   0xFFB00000  private local memory of this hart (4/4/2/2/2 KiB)
 *   0xFFBF8000  boot ROM: sleep until released from reset, then jump
 *   elsewhere   unmapped: a guest error and an access fault
 *
 * Every hart has its own root memory region, so the same addresses reach
 * the hart's own local memory and MMIO; the MMIO opaque says which hart
 * issued the access.  All behaviour lives in the QEMU-independent model;
 * this file only maps memory, creates harts and forwards MMIO, wake-ups
 * and the control channel (a chardev) to it.
 *
 * Waiting: harts sleep in wfi and are woken by MSIP, which the machine
 * claims and the model raises (never by polling memory across harts).
 *
 * Determinism: under -icount, host messages that wake harts are applied
 * only while every hart sleeps, so the same program and inputs give the
 * same instruction counts.
 *
 * Messages to the host never block: what the socket does not take at once
 * waits in a queue that the main loop drains when the host reads, so a
 * host busy elsewhere (polling L1, say) never stops the harts.  Kernel
 * output beyond print-buffer bytes of that queue is dropped by the model
 * and counted (ttx_emu.c); every other event is kept.
 *
 * Register values mirror tt-metal's WH B0 hal, as of its tt-1xx layout of
 * late 2026 (hal/).
 *
 * MMIO without the BQL: the MMIO regions skip QEMU's global lock (patch
 * 0013), so a register access costs no lock of QEMU's.  In deterministic
 * mode every hart runs on the round-robin thread, and the model is that
 * thread's alone: host messages reach it there (tensix_ctl_nudge, and
 * tensix_all_halted), never from the main loop.  In parallel mode (MTTCG,
 * no -icount) each hart is a host thread and the model locks per core
 * (ttx_chip.c, "Locking"), so the cores' register traffic does not queue
 * on one lock.  Either way the model's calls come without the BQL, and
 * what needs it waits: wakes and resets until the model has returned
 * (tensix_defer), messages for the host for a bottom half of the main
 * loop.
 *
 * Debugging: each core is a CPU cluster, which QEMU's gdbstub presents as
 * one gdb inferior (process) with the core's five harts as its threads,
 * so gdb keeps one symbol space per core (cores may run different kernels
 * at the same address) and a breakpoint belongs to one core (QEMU patch
 * 0010).  With TT_CTL_DEBUG_STOP_ON_FAULT the model asks us to stop the
 * machine at a fault (tensix_debug_stop, and tensix_exception_stop through
 * QEMU patch 0011); gdb then attaches to a machine already stopped.
 *
 * Shared translations: every core runs the same firmware and boot ROM, and
 * QEMU translates code once per physical address.  Each core's firmware
 * slots are therefore core 0's (an alias; the host writes the same
 * firmware into every L1), and the cores, which are CPU clusters of one
 * CPU type, share translation blocks (QEMU patch 0015): the firmware is
 * translated once, not once per core.  Kernel text differs among cores,
 * so it stays in each core's L1, but QEMU finds translations by the RAM
 * address of the code, and patch 0019 lets us name another core's copy of
 * the same bytes instead (tensix_code_alias): for each page of kernel
 * text, the cores holding the same bytes form a group whose translations
 * live at one member's copy.  Groups change only when the host loads
 * kernel text (tensix_code_changed), while the core's harts wait in the
 * firmware; a hart whose group changes forgets its cached block lookups.
 *
 * Code coherence of NoC landings: the model tells us which L1 range it
 * wrote (tensix_l1_written); only a range that overlaps a firmware or
 * kernel text slot can hold translated code, so only those are
 * invalidated, and the NoC sanitizer refuses writes there anyway.  Data
 * pages never hold code (hal/wormhole/tt_mem_map.h), so the common case
 * costs two compares.
 *
 * Not yet implemented: the tile engine window and stream registers other
 * than the CB counters (the model reports accesses to them), NCRISC IRAM,
 * Blackhole.
 */

#include "qemu/osdep.h"
#include "qemu/cutils.h"
#include "qemu/error-report.h"
#include "qemu/main-loop.h"
#include "qemu/timer.h"
#include "qemu/units.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "hw/boards.h"
#include "hw/core/cpu.h"
#include "hw/cpu/cluster.h"
#include "hw/qdev-properties.h"
#include "exec/gdbstub.h"
#include "target/riscv/cpu.h"
#include "sysemu/reset.h"
#include "sysemu/runstate.h"
#include "sysemu/sysemu.h"
#include "sysemu/cpu-timers.h"
#include "sysemu/cpus.h"
#include "chardev/char-fe.h"
#include "exec/address-spaces.h"
#include "exec/cputlb.h"
#include "exec/exec-all.h"
#include "tcg/tcg.h"
#include "exec/ram_addr.h"
#include "exec/ramblock.h"

#include <sys/mman.h>

#include "ttx_chip.h"
#include "tt_ctl.h"
#include "tt_mem_map.h"
#include "tt_noc_map.h"
#include "tt_emu_regs.h"
#include "tt_riscv.h"

#define TYPE_TENSIX_MACHINE MACHINE_TYPE_NAME("tensix")
OBJECT_DECLARE_SIMPLE_TYPE(TensixMachineState, TENSIX_MACHINE)

#define TENSIX_MAX_HARTS                                                       \
    ((TT_GRID_X_MAX * TT_GRID_Y_MAX + TT_ETH_CORES) * TT_RISCS_PER_CORE)
/* Each hart's slice of the local-memory RAM block (the largest size). */
#define TENSIX_LOCAL_STRIDE TT_MEM_BRISC_LOCAL_SIZE

/* Global view of all L1s for the device model, outside any hart's space. */
#define TENSIX_L1_GLOBAL_BASE 0x100000000ULL

typedef struct TensixHart {
    TensixMachineState *s;
    unsigned core;
    unsigned risc;
    RISCVCPU *cpu;
    MemoryRegion root;
    MemoryRegion l1;
    MemoryRegion firmware; /* core 0's firmware slots, on cores 1.. */
    MemoryRegion local;
    MemoryRegion mmio;
    MemoryRegion bootrom;
    MemoryRegion unmapped;
    unsigned raises; /* wake raises asked for this hart, an atomic */
} TensixHart;

struct TensixMachineState {
    MachineState parent_obj;

    /* properties */
    char *arch;
    char *grid;
    char *shm;
    char *ctl;
    char *trace;
    Notifier trace_exit;
    char *noc_delay;
    char *racecheck;
    char *cb_guard;
    char *tile_thread;
    char *print_buffer;
    char *profiler;

    unsigned grid_x;
    unsigned grid_y;
    unsigned nworkers; /* grid_x * grid_y */
    unsigned ncores;   /* the workers, then the ethernet cores */
    bool threaded;     /* parallel mode: MMIO without the BQL */
    MemoryRegion l1;   /* every core's L1, back to back */
    uint8_t *dram;     /* every DRAM bank, back to back */
    uint8_t *l1_ptr;   /* every core's L1, back to back (s->l1's RAM) */
    ram_addr_t l1_ram; /* s->l1's RAM address */
    /*
     * Kernel text shared by content ("Shared translations"), per core and
     * text page: a hash of the page, and the core whose copy of the same
     * bytes holds the translations (itself when it is the first).
     */
    uint64_t *text_hash;
    uint16_t *text_copy;
    size_t dram_size;
    MemoryRegion bootrom;
    MemoryRegion local; /* every hart's local memory, one RAM block */
    TensixHart *harts;
    CPUClusterState *clusters; /* one per core: a gdb inferior each */
    TTChip *chip;
    CharBackend ctl_be;
    bool ctl_nudge_queued;   /* tensix_ctl_nudge is pending on a vCPU */
    bool link_nudge_queued;  /* tensix_link_nudge is pending on a vCPU */
    int link_fd;             /* wakes between steps (tensix_watch_fd) */
    GByteArray *ctl_pending; /* host bytes not yet handed to the model */
    GByteArray *ctl_out;     /* bytes for the host the socket did not take */
    size_t ctl_out_head;     /* ... of which this many went out since */
    guint ctl_out_watch;     /* the watch that drains ctl_out, or 0 */
    /* Threaded: ctl_out* are shared with the harts' threads */
    QemuMutex ctl_out_lock;
    QEMUBH *ctl_out_bh; /* writes ctl_out from the main loop */
    bool ctl_out_bh_queued;
};

/*
 * Boot ROM, shared by all harts: enable MSIE, then sleep until the model
 * reports a non-zero BOOT_PC for this hart and jump there.
 *
 *     li    t0, 8               # mie.MSIE
 *     csrs  mie, t0
 *     lui   t1, %hi(TT_MMIO_EMU_BASE)
 * 1:  wfi
 *     sw    zero, 0x10(t1)      # EMU_WAKE_ACK
 *     lw    t2, 0x80(t1)        # EMU_BOOT_PC
 *     beqz  t2, 1b
 *     jr    t2
 */
static const uint32_t tensix_bootrom[] = {
    0x00800293, 0x3042a073, 0xffbf0337, 0x10500073,
    0x00032823, 0x08032383, 0xfe038ae3, 0x00038067,
};
QEMU_BUILD_BUG_ON(TT_A_EMU_WAKE_ACK != 0x10 || TT_A_EMU_BOOT_PC != 0x80);
QEMU_BUILD_BUG_ON(TT_MMIO_EMU_BASE != 0xffbf0000);
QEMU_BUILD_BUG_ON(TT_MEM_NCRISC_LOCAL_SIZE > TENSIX_LOCAL_STRIDE ||
                  TT_MEM_TRISC_LOCAL_SIZE > TENSIX_LOCAL_STRIDE);

static TensixHart *tensix_hart(TensixMachineState *s, unsigned core,
                               unsigned risc)
{
    return &s->harts[core * TT_RISCS_PER_CORE + risc];
}

/*
 * Harts of @core: a worker's five; an ethernet core's one, in BRISC's
 * slot (its ERISC).  The others of its slots have no CPU (h->cpu NULL),
 * and the model's requests for them are dropped: nothing there can run.
 */
static unsigned tensix_core_harts(const TensixMachineState *s, unsigned core)
{
    return core < s->nworkers ? TT_RISCS_PER_CORE : 1;
}

/* QEMU's CPU index of every hart: the workers' harts, then the ERISCs. */
static unsigned tensix_harts(const TensixMachineState *s)
{
    return s->nworkers * TT_RISCS_PER_CORE + (s->ncores - s->nworkers);
}

static bool tensix_hart_of_cpu(const TensixMachineState *s, unsigned index,
                               unsigned *core, unsigned *risc)
{
    if (index < s->nworkers * TT_RISCS_PER_CORE) {
        *core = index / TT_RISCS_PER_CORE;
        *risc = index % TT_RISCS_PER_CORE;
        return true;
    }
    index -= s->nworkers * TT_RISCS_PER_CORE;
    *core = s->nworkers + index;
    *risc = 0;
    return *core < s->ncores;
}

/* The machine (QEMU's hooks take no opaque pointer). */
static TensixMachineState *tensix_instance;

/* Model operations ------------------------------------------------------- */

static void tensix_do_reset_hart(CPUState *cs, run_on_cpu_data data)
{
    RISCVCPU *cpu = RISCV_CPU(cs);

    cpu_reset(cs);
    /* A spurious wake is harmless: the boot ROM re-checks BOOT_PC. */
    riscv_cpu_update_mip(cpu, MIP_MSIP, BOOL_TO_MASK(1));
}

static void tensix_cpu_reset(void *opaque)
{
    cpu_reset(CPU(opaque));
}

/*
 * A hart's MMIO runs without the BQL, in parallel mode with a model lock
 * held; what the model asks of the harts needs the BQL (MSIP, and the
 * halt_cond broadcast of a run_on_cpu kick, which is lost if sent
 * without it while the hart is going to sleep), and the main loop takes
 * the BQL before model locks.  So the thread
 * keeps those requests here and applies them, in order and under the
 * BQL, once the model has returned and before the access completes
 * (tensix_apply_deferred).  That keeps wakes lossless: a raise is asked
 * for after the change it signals, and a hart's lower (its wake ack) is
 * applied before the hart tests its condition again.
 */
typedef struct TensixDeferred {
    TensixHart *h;
    enum { TENSIX_LOWER, TENSIX_RAISE, TENSIX_RESET, TENSIX_ACK } what;
    unsigned raises; /* TENSIX_ACK: h->raises when the access began */
} TensixDeferred;

static __thread GArray *tensix_deferred;
/*
 * The writing hart's raises when its write began (tensix_ack_wake: only a
 * write, a tile command, asks for an ack).  Not taken for reads: a count
 * older than the access only keeps a wake that could have been lowered.
 */
static __thread unsigned tensix_access_raises;

static bool tensix_defer(TensixMachineState *s, TensixHart *h, int what)
{
    TensixDeferred d = {.h = h, .what = what};

    if (qemu_mutex_iothread_locked()) {
        return false;
    }
    /* Lowering a wake that is not raised changes nothing. */
    if ((what == TENSIX_LOWER || what == TENSIX_ACK) &&
        !(qatomic_read(&h->cpu->env.mip) & MIP_MSIP)) {
        return true;
    }
    d.raises = tensix_access_raises;
    if (!tensix_deferred) {
        tensix_deferred = g_array_new(FALSE, FALSE, sizeof(TensixDeferred));
    }
    g_array_append_val(tensix_deferred, d);
    return true;
}

static void tensix_apply_deferred(void)
{
    if (!tensix_deferred || !tensix_deferred->len) {
        return;
    }
    qemu_mutex_lock_iothread();
    for (guint i = 0; i < tensix_deferred->len; i++) {
        TensixDeferred *d = &g_array_index(tensix_deferred, TensixDeferred, i);

        if (d->what == TENSIX_RESET) {
            async_run_on_cpu(CPU(d->h->cpu), tensix_do_reset_hart,
                             RUN_ON_CPU_NULL);
        } else if (d->what != TENSIX_ACK ||
                   qatomic_read(&d->h->raises) == d->raises) {
            riscv_cpu_update_mip(d->h->cpu, MIP_MSIP,
                                 BOOL_TO_MASK(d->what == TENSIX_RAISE));
        }
    }
    qemu_mutex_unlock_iothread();
    g_array_set_size(tensix_deferred, 0);
}

static void tensix_set_wake(void *opaque, unsigned core, unsigned risc,
                            bool level)
{
    TensixMachineState *s = opaque;
    TensixHart *h = tensix_hart(s, core, risc);

    if (!h->cpu) {
        return;
    }
    if (level) {
        qatomic_inc(&h->raises);
    }
    if (!tensix_defer(s, h, level ? TENSIX_RAISE : TENSIX_LOWER)) {
        riscv_cpu_update_mip(h->cpu, MIP_MSIP, BOOL_TO_MASK(level));
    }
}

/*
 * The accessing hart's wake, lowered as if before its access began: the
 * lower is applied (tensix_apply_deferred) only if no thread has asked
 * for a raise of this hart since then (tensix_access_raises), so a raise
 * that another core's thread asks and applies meanwhile is not lost.
 */
static void tensix_ack_wake(void *opaque, unsigned core, unsigned risc)
{
    TensixMachineState *s = opaque;
    TensixHart *h = tensix_hart(s, core, risc);

    if (!h->cpu) {
        return;
    }
    if (!tensix_defer(s, h, TENSIX_ACK) &&
        qatomic_read(&h->raises) == tensix_access_raises) {
        riscv_cpu_update_mip(h->cpu, MIP_MSIP, 0);
    }
}

static void tensix_reset_hart(void *opaque, unsigned core, unsigned risc)
{
    TensixMachineState *s = opaque;
    TensixHart *h = tensix_hart(s, core, risc);

    if (!h->cpu) {
        return;
    }
    if (!tensix_defer(s, h, TENSIX_RESET)) {
        async_run_on_cpu(CPU(h->cpu), tensix_do_reset_hart, RUN_ON_CPU_NULL);
    }
}

/* Bytes waiting in ctl_out: the model bounds kernel output by them. */
static size_t tensix_ctl_backlog(void *opaque)
{
    TensixMachineState *s = opaque;
    size_t n;

    qemu_mutex_lock(&s->ctl_out_lock);
    n = s->ctl_out->len - s->ctl_out_head;
    qemu_mutex_unlock(&s->ctl_out_lock);
    return n;
}

/*
 * Write what the socket takes of ctl_out without waiting; true when all
 * of it went out.  A host that is gone takes nothing more: drop it all
 * (the chardev reports the close, which ends the machine).
 */
static bool tensix_ctl_write_out(TensixMachineState *s)
{
    while (s->ctl_out_head < s->ctl_out->len) {
        size_t left = s->ctl_out->len - s->ctl_out_head;
        int w =
            qemu_chr_fe_write(&s->ctl_be, s->ctl_out->data + s->ctl_out_head,
                              (int)MIN(left, 64 * KiB));

        if (w < 0 && errno != EAGAIN) {
            s->ctl_out_head = s->ctl_out->len;
        } else if (w <= 0) {
            break;
        } else {
            s->ctl_out_head += w;
        }
    }
    if (s->ctl_out_head == s->ctl_out->len) {
        g_byte_array_set_size(s->ctl_out, 0);
        s->ctl_out_head = 0;
        return true;
    }
    /* Keep the queue compact: move the rest down once half is sent. */
    if (s->ctl_out_head > s->ctl_out->len / 2) {
        g_byte_array_remove_range(s->ctl_out, 0, s->ctl_out_head);
        s->ctl_out_head = 0;
    }
    return false;
}

static gboolean tensix_ctl_writable(void *do_not_use, GIOCondition cond,
                                    void *opaque);

static void tensix_ctl_watch(TensixMachineState *s)
{
    if (!s->ctl_out_watch) {
        s->ctl_out_watch = qemu_chr_fe_add_watch(
            &s->ctl_be, G_IO_OUT | G_IO_HUP, tensix_ctl_writable, s);
    }
}

static void tensix_caught_up(CPUState *cs, run_on_cpu_data data)
{
    TensixMachineState *s = data.host_ptr;

    ttx_chip_host_caught_up(s->chip);
}

/* Main loop, BQL held: the host read something, or hung up. */
static gboolean tensix_ctl_writable(void *do_not_use, GIOCondition cond,
                                    void *opaque)
{
    TensixMachineState *s = opaque;
    bool all_out;

    qemu_mutex_lock(&s->ctl_out_lock);
    s->ctl_out_watch = 0;
    all_out = tensix_ctl_write_out(s);
    if (!all_out) {
        tensix_ctl_watch(s);
    }
    qemu_mutex_unlock(&s->ctl_out_lock);
    if (all_out && s->threaded) {
        /* Room again: the model reports what it dropped meanwhile. */
        ttx_chip_host_caught_up(s->chip);
    } else if (all_out) {
        /* ... from the round-robin thread, whose alone the model is */
        async_run_on_cpu(first_cpu, tensix_caught_up, RUN_ON_CPU_HOST_PTR(s));
    }
    return G_SOURCE_REMOVE;
}

/*
 * Write what the socket takes now; while a watch is armed the socket was
 * full a moment ago: leave the writing to it.  ctl_out_lock held.
 */
static void tensix_ctl_push(TensixMachineState *s)
{
    if (!s->ctl_out_watch && !tensix_ctl_write_out(s)) {
        tensix_ctl_watch(s);
    }
}

/* Main loop: messages queued by harts that could not take the BQL. */
static void tensix_ctl_out_bh(void *opaque)
{
    TensixMachineState *s = opaque;

    qemu_mutex_lock(&s->ctl_out_lock);
    s->ctl_out_bh_queued = false;
    tensix_ctl_push(s);
    qemu_mutex_unlock(&s->ctl_out_lock);
}

/*
 * Queue one message and write what the socket takes now, under the BQL
 * (the chardev is the main loop's).  ctl_out_lock comes after the BQL.
 */
static void tensix_send(void *opaque, const void *msg, size_t len)
{
    TensixMachineState *s = opaque;

    /*
     * Deterministic mode: the round-robin thread holds no model lock, so
     * it may take the BQL and write at once (cheaper than waking the main
     * loop for every doorbell).  Parallel mode may hold one: the bottom
     * half writes.
     */
    bool take = !s->threaded && !qemu_mutex_iothread_locked();

    if (!qemu_chr_fe_backend_connected(&s->ctl_be)) {
        return;
    }
    if (take) {
        qemu_mutex_lock_iothread();
    }
    qemu_mutex_lock(&s->ctl_out_lock);
    g_byte_array_append(s->ctl_out, msg, len);
    if (qemu_mutex_iothread_locked()) {
        tensix_ctl_push(s);
    } else if (!s->ctl_out_bh_queued) {
        s->ctl_out_bh_queued = true;
        qemu_bh_schedule(s->ctl_out_bh);
    }
    qemu_mutex_unlock(&s->ctl_out_lock);
    if (take) {
        qemu_mutex_unlock_iothread();
    }
}

static uint8_t *tensix_l1(void *opaque, unsigned core)
{
    TensixMachineState *s = opaque;

    return s->l1_ptr + (size_t)core * TT_MEM_L1_SIZE;
}

/*
 * Re-arm write detection on the L1 pages [start, end) of @core (RAM
 * addresses, page aligned).  QEMU marks a page "code dirty" once its last
 * translated block is invalidated, and the next block translated there
 * would clear the mark by sweeping the TLB of every hart: 320 harts for
 * every page of new kernel text.  Only this core's five harts map this
 * L1, so clear the mark here and sweep just their TLBs; core 0's firmware
 * slots, which every core runs (see "Shared translations"), sweep all.
 */
static void tensix_protect_l1(TensixMachineState *s, unsigned core,
                              ram_addr_t start, ram_addr_t end)
{
    ram_addr_t off = start - s->l1_ram;
    bool firmware = core == 0 && off < TT_MEM_FIRMWARE_END &&
                    end - s->l1_ram > TT_MEM_FIRMWARE_BASE;
    unsigned first = firmware ? 0 : core;
    unsigned end_core = firmware ? s->ncores : core + 1;
    unsigned long page = start >> TARGET_PAGE_BITS;
    unsigned long last = end >> TARGET_PAGE_BITS;
    bool dirty = false;

    WITH_RCU_READ_LOCK_GUARD()
    {
        DirtyMemoryBlocks *blocks =
            qatomic_rcu_read(&ram_list.dirty_memory[DIRTY_MEMORY_CODE]);

        while (page < last) {
            unsigned long idx = page / DIRTY_MEMORY_BLOCK_SIZE;
            unsigned long off = page % DIRTY_MEMORY_BLOCK_SIZE;
            unsigned long num = MIN(last - page, DIRTY_MEMORY_BLOCK_SIZE - off);

            dirty |=
                bitmap_test_and_clear_atomic(blocks->blocks[idx], off, num);
            page += num;
        }
    }
    if (!dirty) {
        return;
    }
    for (unsigned c = first; c < end_core; c++) {
        for (unsigned r = 0; r < tensix_core_harts(s, c); r++) {
            tlb_reset_dirty(CPU(tensix_hart(s, c, r)->cpu),
                            (uintptr_t)(s->l1_ptr + off), end - start);
        }
    }
}

#define TENSIX_TEXT_PAGES                                                      \
    ((TT_MEM_KERNEL_CONFIG_END - TT_MEM_KERNEL_TEXT_BASE) / TARGET_PAGE_SIZE)
QEMU_BUILD_BUG_ON(TT_MEM_KERNEL_TEXT_BASE % TARGET_PAGE_SIZE ||
                  TT_MEM_KERNEL_CONFIG_END % TARGET_PAGE_SIZE);

/* Patch 0019: where the translations of code at RAM address @addr live. */
static ram_addr_t tensix_code_alias(ram_addr_t addr)
{
    TensixMachineState *s = tensix_instance;
    ram_addr_t off = addr - s->l1_ram;
    unsigned core, copy;
    uint32_t in;

    if (off >= (ram_addr_t)s->ncores * TT_MEM_L1_SIZE) {
        return addr;
    }
    core = off / TT_MEM_L1_SIZE;
    in = off % TT_MEM_L1_SIZE;
    if (in < TT_MEM_KERNEL_TEXT_BASE || in >= TT_MEM_KERNEL_CONFIG_END) {
        return addr;
    }
    copy = qatomic_read(
        &s->text_copy[core * TENSIX_TEXT_PAGES +
                      (in - TT_MEM_KERNEL_TEXT_BASE) / TARGET_PAGE_SIZE]);
    return addr - ((ram_addr_t)core - copy) * TT_MEM_L1_SIZE;
}

static uint64_t tensix_page_hash(const uint8_t *p)
{
    uint64_t h = 0x9e3779b97f4a7c15ull, w;

    for (size_t i = 0; i < TARGET_PAGE_SIZE; i += sizeof(w)) {
        memcpy(&w, p + i, sizeof(w));
        h = (h ^ w) * 0x100000001b3ull;
        h ^= h >> 29;
    }
    return h;
}

/*
 * Core @core's translations of text page @page now live at @copy's: its
 * harts forget the blocks they looked up there (a page's TLB flush also
 * clears its entries in the hart's jump cache).
 */
static void tensix_text_move(TensixMachineState *s, unsigned core,
                             unsigned page, unsigned copy)
{
    qatomic_set(&s->text_copy[core * TENSIX_TEXT_PAGES + page], copy);
    for (unsigned r = 0; r < tensix_core_harts(s, core); r++) {
        tlb_flush_page(CPU(tensix_hart(s, core, r)->cpu),
                       TT_MEM_KERNEL_TEXT_BASE + page * TARGET_PAGE_SIZE);
    }
}

/* Text page @page of @core has new bytes: find its group again. */
static void tensix_text_regroup(TensixMachineState *s, unsigned core,
                                unsigned page)
{
    unsigned n = TENSIX_TEXT_PAGES, heir = s->ncores, copy = core;
    uint32_t in = TT_MEM_KERNEL_TEXT_BASE + page * TARGET_PAGE_SIZE;
    uint8_t *mine = s->l1_ptr + (size_t)core * TT_MEM_L1_SIZE + in;
    uint64_t h = tensix_page_hash(mine);

    /* Its old group, if it held the group's copy, moves to the next. */
    if (s->text_copy[core * n + page] == core) {
        for (unsigned c = 0; c < s->ncores; c++) {
            if (c != core && s->text_copy[c * n + page] == core) {
                if (heir == s->ncores) {
                    heir = c; /* the first member left holds the copy now */
                }
                tensix_text_move(s, c, page, heir);
            }
        }
    }
    s->text_hash[core * n + page] = h;
    for (unsigned c = 0; c < s->ncores; c++) {
        if (c != core && s->text_copy[c * n + page] == c &&
            s->text_hash[c * n + page] == h &&
            !memcmp(s->l1_ptr + (size_t)c * TT_MEM_L1_SIZE + in, mine,
                    TARGET_PAGE_SIZE)) {
            copy = c;
            break;
        }
    }
    if (copy != s->text_copy[core * n + page]) {
        tensix_text_move(s, core, page, copy);
    }
}

static void tensix_code_changed(void *opaque, unsigned core, uint32_t addr,
                                uint32_t len)
{
    TensixMachineState *s = opaque;
    ram_addr_t base = s->l1_ram + (ram_addr_t)core * TT_MEM_L1_SIZE;

    if (addr >= TT_MEM_L1_SIZE || len == 0) {
        return;
    }
    len = MIN(len, TT_MEM_L1_SIZE - addr);
    tb_invalidate_phys_range(base + addr, base + addr + len);
    for (uint32_t a = MAX(addr, TT_MEM_KERNEL_TEXT_BASE) & TARGET_PAGE_MASK;
         a < MIN(addr + len, TT_MEM_KERNEL_CONFIG_END); a += TARGET_PAGE_SIZE) {
        tensix_text_regroup(s, core,
                            (a - TT_MEM_KERNEL_TEXT_BASE) / TARGET_PAGE_SIZE);
    }
    tensix_protect_l1(s, core, (base + addr) & TARGET_PAGE_MASK,
                      TARGET_PAGE_ALIGN(base + addr + len));
}

static uint8_t *tensix_dram(void *opaque)
{
    TensixMachineState *s = opaque;

    return s->dram;
}

static bool tensix_overlaps_text(uint32_t addr, uint32_t len)
{
    return (addr < TT_MEM_FIRMWARE_END && addr + len > TT_MEM_FIRMWARE_BASE) ||
           (addr < TT_MEM_KERNEL_CONFIG_END &&
            addr + len > TT_MEM_KERNEL_TEXT_BASE);
}

static void tensix_l1_written(void *opaque, unsigned core, uint32_t addr,
                              uint32_t len)
{
    if (tensix_overlaps_text(addr, len)) {
        tensix_code_changed(opaque, core, addr, len);
    }
}

static uint64_t tensix_clock_ns(void *opaque)
{
    return qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

static uint32_t tensix_current_pc(void *opaque, unsigned core, unsigned risc)
{
    TensixHart *h = tensix_hart(opaque, core, risc);
    CPUState *cs = current_cpu;
    uint64_t data[TARGET_INSN_START_WORDS];

    if (!h->cpu) {
        return 0;
    }
    /* Unwind without side effects: env.pc is stale inside a TB. */
    if (cs == CPU(h->cpu) && cs->mem_io_pc &&
        cpu_unwind_state_data(cs, cs->mem_io_pc, data)) {
        return (uint32_t)data[0];
    }
    return (uint32_t)h->cpu->env.pc;
}

static uint32_t tensix_hart_pc(void *opaque, unsigned core, unsigned risc,
                               bool *halted)
{
    TensixHart *h = tensix_hart(opaque, core, risc);

    if (!h->cpu) {
        *halted = true; /* an ethernet core's missing hart never runs */
        return 0;
    }
    /* Asleep in wfi with its wake raised, it runs again: not asleep. */
    *halted = qatomic_read(&CPU(h->cpu)->halted) &&
              !(qatomic_read(&h->cpu->env.mip) & MIP_MSIP);
    return (uint32_t)h->cpu->env.pc;
}

/*
 * Stop the machine for a debugger.  From a hart's MMIO access the hart
 * finishes the instruction (under -icount an I/O access ends its TB) and
 * the machine stops before the next; gdb, once it attaches, finds it there.
 */
static void tensix_debug_stop(void *opaque, int core, int risc)
{
    if (core >= 0 && risc >= 0 && tensix_hart(opaque, core, risc)->cpu) {
        gdb_set_stop_cpu(CPU(tensix_hart(opaque, core, risc)->cpu));
    }
    vm_stop(core >= 0 ? RUN_STATE_DEBUG : RUN_STATE_PAUSED);
}

/*
 * Time travel (docs/gdb.md): instruction counts, and stopping the
 * machine at one (QEMU patch 0012), which gdb asks for with
 * "monitor qom-set /machine stop-at N" (its writes to MMIO never reach
 * the device).  Under -icount only.
 */
extern int64_t icount_cpu_last_end(CPUState *cpu);
extern void icount_stop_at(int64_t at);

static uint64_t tensix_instructions(void *opaque)
{
    return icount_enabled() ? (uint64_t)icount_get_raw() : 0;
}

static uint64_t tensix_hart_instructions(void *opaque, unsigned core,
                                         unsigned risc)
{
    TensixHart *h = tensix_hart(opaque, core, risc);

    if (!h->cpu) {
        return 0;
    }
    return icount_enabled() ? (uint64_t)icount_cpu_last_end(CPU(h->cpu)) : 0;
}

/* MMIO skips the BQL (patch 0013) in both modes: a test reads this. */
static bool tensix_io_locked(void *opaque)
{
    return qemu_mutex_iothread_locked();
}

/* Patch 0015: the cores (CPU clusters) share translation blocks. */
extern bool tcg_clusters_share_tbs;

/* Counters of our QEMU patches, for tests (hal/tt_emu_regs.h). */
extern __thread uint64_t tcg_io_direct;  /* patch 0014, this thread's */
extern __thread uint64_t tcg_io_latched; /* patch 0020, this thread's */

static uint64_t tensix_emu_stat(void *opaque, uint32_t reg)
{
    size_t full, part, elide;

    switch (reg) {
    case TT_A_EMU_IO_REWINDS: /* cpu_io_recompile calls (patch 0009) */
        return tcg_io_recompiles;
    case TT_A_EMU_IO_DIRECT:
        return tcg_io_direct;
    case TT_A_EMU_IO_LATCHED:
        return tcg_io_latched;
    case TT_A_EMU_TBS: /* blocks held (patch 0015 shares them) */
        return tcg_nb_tbs();
    case TT_A_EMU_TLB_FLUSHES:
        /*
         * Patch 0021.  QEMU counts a flush of every MMU mode as full, and
         * one of some modes (a flush of all finds only the used ones to
         * clean) as one partial flush per mode.
         */
        tlb_flush_counts(&full, &part, &elide);
        return full + part;
    default:
        return 0;
    }
}

static void tensix_watch_fd(void *opaque, int fd);

static const TTChipOps tensix_chip_ops = {
    .set_wake = tensix_set_wake,
    .ack_wake = tensix_ack_wake,
    .reset_hart = tensix_reset_hart,
    .send = tensix_send,
    .l1 = tensix_l1,
    .code_changed = tensix_code_changed,
    .dram = tensix_dram,
    .l1_written = tensix_l1_written,
    .clock_ns = tensix_clock_ns,
    .current_pc = tensix_current_pc,
    .hart_pc = tensix_hart_pc,
    .debug_stop = tensix_debug_stop,
    .instructions = tensix_instructions,
    .hart_instructions = tensix_hart_instructions,
    .emu_stat = tensix_emu_stat,
    .io_locked = tensix_io_locked,
    .backlog = tensix_ctl_backlog,
    .watch_fd = tensix_watch_fd,
};

/* MMIO ------------------------------------------------------------------- */

static MemTxResult tensix_mmio_read(void *opaque, hwaddr addr, uint64_t *val,
                                    unsigned size, MemTxAttrs attrs)
{
    TensixHart *h = opaque;
    uint32_t a = TT_MMIO_BASE + (uint32_t)addr;
    bool ok;

    if (!current_cpu) {
        /* gdb: look without side effects or error reports */
        return ttx_chip_peek(h->s->chip, h->core, h->risc, a, val)
                   ? MEMTX_OK
                   : MEMTX_DECODE_ERROR;
    }
    ok = ttx_chip_read(h->s->chip, h->core, h->risc, a, size, val);
    tensix_apply_deferred();
    return ok ? MEMTX_OK : MEMTX_DECODE_ERROR;
}

static MemTxResult tensix_mmio_write(void *opaque, hwaddr addr, uint64_t val,
                                     unsigned size, MemTxAttrs attrs)
{
    TensixHart *h = opaque;
    bool ok;

    tensix_access_raises = qatomic_read(&h->raises);
    ok = ttx_chip_write(h->s->chip, h->core, h->risc,
                        TT_MMIO_BASE + (uint32_t)addr, size, val);
    tensix_apply_deferred();
    return ok ? MEMTX_OK : MEMTX_DECODE_ERROR;
}

/*
 * Patch 0020: the words behind a page of plain registers of the hart,
 * which TCG stores itself (the NoC command registers of its core, its
 * tile-engine command arguments).
 */
QEMU_BUILD_BUG_ON(TARGET_PAGE_SIZE != 4096); /* ttx_chip_latches' pages */

static uint32_t *tensix_mmio_latches(void *opaque, hwaddr offset,
                                     const uint32_t **mask)
{
    TensixHart *h = opaque;

    return ttx_chip_latches(h->s->chip, h->core, h->risc,
                            TT_MMIO_BASE + (uint32_t)offset, mask);
}

static const MemoryRegionOps tensix_mmio_ops = {
    .read_with_attrs = tensix_mmio_read,
    .write_with_attrs = tensix_mmio_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {.min_access_size = 1, .max_access_size = 4},
    .impl = {.min_access_size = 1, .max_access_size = 4},
};

static MemTxResult tensix_unmapped_read(void *opaque, hwaddr addr,
                                        uint64_t *val, unsigned size,
                                        MemTxAttrs attrs)
{
    TensixHart *h = opaque;

    *val = 0;
    if (current_cpu) {
        ttx_chip_unmapped(h->s->chip, h->core, h->risc, addr, false);
        tensix_apply_deferred();
    }
    return MEMTX_DECODE_ERROR;
}

static MemTxResult tensix_unmapped_write(void *opaque, hwaddr addr,
                                         uint64_t val, unsigned size,
                                         MemTxAttrs attrs)
{
    TensixHart *h = opaque;

    if (current_cpu) {
        ttx_chip_unmapped(h->s->chip, h->core, h->risc, addr, true);
        tensix_apply_deferred();
    }
    return MEMTX_DECODE_ERROR;
}

static const MemoryRegionOps tensix_unmapped_ops = {
    .read_with_attrs = tensix_unmapped_read,
    .write_with_attrs = tensix_unmapped_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {.min_access_size = 1, .max_access_size = 8},
};

/* Control channel -------------------------------------------------------- */

/*
 * Are all harts asleep with nothing pending?  Then no guest instruction can
 * run until we act, and applying a host message here lands at the same
 * instruction count on every run.
 */
static bool tensix_quiescent(void)
{
    CPUState *cs;

    CPU_FOREACH(cs)
    {
        if (!qatomic_read(&cs->halted) || cpu_has_work(cs)) {
            return false;
        }
    }
    return true;
}

/*
 * Hand pending host bytes to the model.  Messages that neither wake nor
 * reset harts are applied at once.  Under -icount the others must land at
 * the same instruction count on every run, so they wait for a moment when
 * every hart sleeps with nothing pending: our patch to QEMU's round-robin
 * loop calls tensix_all_halted() whenever it finds every vCPU halted, and
 * a no-op work item on the first vCPU wakes that loop if it sleeps.  A
 * hart that never sleeps (a kernel spinning forever) is stopped with a
 * forced reset, which the model applies at once.
 */
extern void (*tcg_rr_all_halted_hook)(void);
extern bool (*tcg_exception_stop_hook)(CPUState *cpu);
extern void (*gdbstub_detached_hook)(void);

static void tensix_ctl_apply_now(TensixMachineState *s, bool defer_wakes)
{
    size_t used = ttx_ctl_input(s->chip, s->ctl_pending->data,
                                s->ctl_pending->len, defer_wakes);

    g_byte_array_remove_range(s->ctl_pending, 0, used);
}

/*
 * Round-robin thread, BQL held, every vCPU halted.  In a system with
 * ethernet links the chip runs in steps (hal/tt_link.h): a step may begin
 * here (packets land), released host messages are applied, and a chip
 * with nothing left to run ends its step rather than telling the host it
 * is idle, which only the whole system can be.
 */
static void tensix_all_halted(void)
{
    TensixMachineState *s = tensix_instance;
    bool linked;

    if (!s || !tensix_quiescent()) {
        return;
    }
    linked = ttx_chip_linked(s->chip);
    if (linked) {
        ttx_chip_link_poll(s->chip);
        if (!tensix_quiescent()) {
            return;
        }
    }
    if (s->ctl_pending->len) {
        tensix_ctl_apply_now(s, false);
    }
    if (!tensix_quiescent()) {
        return;
    }
    if (linked) {
        ttx_chip_link_idle(s->chip);
    } else if (!s->ctl_pending->len) {
        /* Nothing can run: only the host can end this (a deadlock,
         * unless the run is done). */
        ttx_chip_idle(s->chip);
    }
}

/* Round-robin thread: the wake below lets the loop call tensix_all_halted. */
static void tensix_link_nudge(CPUState *cs, run_on_cpu_data data)
{
    TensixMachineState *s = data.host_ptr;

    s->link_nudge_queued = false;
}

/* Main loop, BQL held: a step of the system concerns this chip. */
static void tensix_link_readable(void *opaque)
{
    TensixMachineState *s = opaque;
    char drain[64];

    while (read(s->link_fd, drain, sizeof(drain)) > 0) {
    }
    if (!s->link_nudge_queued) {
        s->link_nudge_queued = true;
        async_run_on_cpu(first_cpu, tensix_link_nudge, RUN_ON_CPU_HOST_PTR(s));
    }
}

static void tensix_watch_fd(void *opaque, int fd)
{
    TensixMachineState *s = opaque;

    s->link_fd = fd;
    qemu_set_fd_handler(fd, tensix_link_readable, NULL, s);
    /* Anything already sent to us. */
    tensix_link_readable(s);
}

/*
 * A hart is about to take a synchronous trap (QEMU patch 0011): when the
 * model says so, it stays on the instruction that raised it and the
 * machine stops (the EXCP_DEBUG path) for a debugger.
 */
static bool tensix_exception_stop(CPUState *cs)
{
    TensixMachineState *s = tensix_instance;
    CPURISCVState *env = &RISCV_CPU(cs)->env;
    unsigned core, risc;
    bool locked = qemu_mutex_iothread_locked();
    bool stop;

    if (!s || !tensix_hart_of_cpu(s, cs->cpu_index, &core, &risc)) {
        return false;
    }
    /* The model and the control channel need the BQL; MTTCG comes without */
    if (!locked) {
        qemu_mutex_lock_iothread();
    }
    stop = ttx_chip_exception(s->chip, core, risc, cs->exception_index,
                              (uint32_t)env->pc, (uint32_t)env->badaddr);
    if (!locked) {
        qemu_mutex_unlock_iothread();
    }
    return stop;
}

/* gdb detached from every core, or its connection closed (patch 0010). */
static void tensix_gdb_detached(void)
{
    if (tensix_instance) {
        ttx_chip_debugger_gone(tensix_instance->chip);
    }
}

static void tensix_vm_state(void *opaque, bool running, RunState state)
{
    TensixMachineState *s = opaque;

    if (running) {
        ttx_chip_resumed(s->chip);
    }
}

/*
 * Round-robin thread, BQL held: the model is that thread's alone (its
 * MMIO takes no lock), so host messages are applied here, between turns;
 * under -icount those that wake harts wait for tensix_all_halted.
 */
static void tensix_ctl_nudge(CPUState *cs, run_on_cpu_data data)
{
    TensixMachineState *s = data.host_ptr;

    s->ctl_nudge_queued = false;
    if (s->ctl_pending->len) {
        tensix_ctl_apply_now(s, icount_enabled());
    }
}

/* Main loop, BQL held: host bytes arrived. */
static void tensix_ctl_flush(TensixMachineState *s)
{
    if (!s->ctl_pending->len) {
        return;
    }
    if (s->threaded) {
        /* The model locks for itself: apply them now. */
        tensix_ctl_apply_now(s, false);
    } else if (!s->ctl_nudge_queued) {
        s->ctl_nudge_queued = true;
        async_run_on_cpu(first_cpu, tensix_ctl_nudge, RUN_ON_CPU_HOST_PTR(s));
    }
}

static int tensix_ctl_can_receive(void *opaque)
{
    return 4096;
}

static void tensix_ctl_receive(void *opaque, const uint8_t *buf, int size)
{
    TensixMachineState *s = opaque;

    g_byte_array_append(s->ctl_pending, buf, size);
    tensix_ctl_flush(s);
}

static void tensix_ctl_event(void *opaque, QEMUChrEvent event)
{
    if (event == CHR_EVENT_CLOSED) {
        /* The host library is gone: nobody is left to serve. */
        qemu_system_shutdown_request(SHUTDOWN_CAUSE_HOST_QMP_QUIT);
    }
}

/* Machine ---------------------------------------------------------------- */

static uint32_t tensix_local_size(unsigned risc)
{
    switch (risc) {
    case TT_RISC_BRISC:
        return TT_MEM_BRISC_LOCAL_SIZE;
    case TT_RISC_NCRISC:
        return TT_MEM_NCRISC_LOCAL_SIZE;
    default:
        return TT_MEM_TRISC_LOCAL_SIZE;
    }
}

static void tensix_create_hart_memory(TensixMachineState *s, unsigned core,
                                      unsigned risc)
{
    TensixHart *h = tensix_hart(s, core, risc);
    Object *owner = OBJECT(&s->clusters[core]);
    unsigned id = core * TT_RISCS_PER_CORE + risc;
    g_autofree char *name =
        g_strdup_printf("tensix.c%u.%s", core, tt_risc_name(risc));
    /*
     * Names unique per hart: QEMU adds each region as a "name[*]" child of
     * its owner and probes name[0], name[1]... for a free slot, which is
     * quadratic in the number of harts for a shared name.
     */
    g_autofree char *lname = g_strdup_printf("%s.local", name);
    g_autofree char *uname = g_strdup_printf("%s.unmapped", name);
    g_autofree char *l1name = g_strdup_printf("%s.l1", name);
    g_autofree char *mname = g_strdup_printf("%s.mmio", name);
    g_autofree char *bname = g_strdup_printf("%s.bootrom", name);
    g_autofree char *fname = g_strdup_printf("%s.firmware", name);

    h->s = s;
    h->core = core;
    h->risc = risc;

    memory_region_init(&h->root, owner, name, 1ULL << 32);
    memory_region_init_io(&h->unmapped, owner, &tensix_unmapped_ops, h, uname,
                          1ULL << 32);
    h->unmapped.lockless_io = true;
    memory_region_add_subregion_overlap(&h->root, 0, &h->unmapped, -1);
    /* An ethernet core's harts see only its smaller L1. */
    memory_region_init_alias(
        &h->l1, owner, l1name, &s->l1, (uint64_t)core * TT_MEM_L1_SIZE,
        core < s->nworkers ? TT_MEM_L1_SIZE : TT_MEM_ETH_L1_SIZE);
    memory_region_add_subregion(&h->root, TT_MEM_L1_BASE, &h->l1);
    if (core) {
        /* See "Shared translations" above. */
        memory_region_init_alias(&h->firmware, owner, fname, &s->l1,
                                 TT_MEM_FIRMWARE_BASE,
                                 TT_MEM_FIRMWARE_END - TT_MEM_FIRMWARE_BASE);
        memory_region_add_subregion_overlap(&h->root, TT_MEM_FIRMWARE_BASE,
                                            &h->firmware, 1);
    }
    memory_region_init_io(&h->mmio, owner, &tensix_mmio_ops, h, mname,
                          (1ULL << 32) - TT_MMIO_BASE);
    h->mmio.lockless_io = true; /* see "MMIO without the BQL" above */
    h->mmio.direct_io = true;   /* tensix_mmio_ops take 1-4 bytes, LE */
    h->mmio.latch_page = tensix_mmio_latches;
    memory_region_add_subregion(&h->root, TT_MMIO_BASE, &h->mmio);
    memory_region_init_alias(&h->local, owner, lname, &s->local,
                             (uint64_t)id * TENSIX_LOCAL_STRIDE,
                             tensix_local_size(risc));
    memory_region_add_subregion_overlap(&h->root, TT_MEM_LOCAL_BASE, &h->local,
                                        1);
    memory_region_init_alias(&h->bootrom, owner, bname, &s->bootrom, 0,
                             TT_MMIO_BOOTROM_SIZE);
    memory_region_add_subregion_overlap(&h->root, TT_MMIO_BOOTROM_BASE,
                                        &h->bootrom, 1);
}

/* A hart's CPU, a child of its core's cluster; realized later. */
static void tensix_create_hart_cpu(TensixMachineState *s, MachineState *ms,
                                   unsigned core, unsigned risc)
{
    TensixHart *h = tensix_hart(s, core, risc);
    unsigned id = core * TT_RISCS_PER_CORE + risc;
    g_autofree char *name = g_ascii_strdown(tt_risc_name(risc), -1);
    Object *obj;

    obj = object_new(ms->cpu_type);
    h->cpu = RISCV_CPU(obj);
    qdev_prop_set_uint64(DEVICE(obj), "resetvec", TT_MMIO_BOOTROM_BASE);
    object_property_set_bool(obj, "c", false, &error_abort);
    object_property_set_bool(obj, "a", false, &error_abort);
    object_property_set_bool(obj, "f", false, &error_abort);
    object_property_set_bool(obj, "d", false, &error_abort);
    object_property_set_bool(obj, "mmu", false, &error_abort);
    /* The firmware's PMP entries keep its regions read-only for kernels. */
    object_property_set_bool(obj, "pmp", true, &error_abort);
    object_property_set_link(obj, "memory", OBJECT(&h->root), &error_abort);
    h->cpu->env.mhartid = id;
    object_property_add_child(OBJECT(&s->clusters[core]), name, obj);
    object_unref(obj);
}

static void tensix_realize_hart_cpu(TensixMachineState *s, unsigned core,
                                    unsigned risc)
{
    TensixHart *h = tensix_hart(s, core, risc);
    unsigned id = core * TT_RISCS_PER_CORE + risc;

    qemu_register_reset(tensix_cpu_reset, h->cpu);
    qdev_realize(DEVICE(h->cpu), NULL, &error_fatal);
    if (riscv_cpu_claim_interrupts(h->cpu, MIP_MSIP) < 0) {
        error_report("tensix: MSIP of hart %u already claimed", id);
        exit(1);
    }
}

static void tensix_parse_grid(TensixMachineState *s, MachineState *ms)
{
    unsigned x, y;
    char tail;

    if (!s->grid) {
        x = TT_GRID_X_DEFAULT;
        y = TT_GRID_Y_DEFAULT;
    } else if (sscanf(s->grid, "%ux%u%c", &x, &y, &tail) != 2) {
        error_report("tensix: grid '%s' is not COLSxROWS, e.g. grid=8x8",
                     s->grid);
        exit(1);
    }
    if (x < 1 || y < 1 || x > TT_GRID_X_MAX || y > TT_GRID_Y_MAX) {
        error_report("tensix: grid %ux%u outside 1x1..%ux%u", x, y,
                     TT_GRID_X_MAX, TT_GRID_Y_MAX);
        exit(1);
    }
    s->grid_x = x;
    s->grid_y = y;
    /* The workers, then the ethernet cores (hal/.../tt_noc_map.h). */
    s->nworkers = x * y;
    s->ncores = x * y + TT_ETH_CORES;
    if (ms->smp.cpus != tensix_harts(s)) {
        error_report("tensix: grid %ux%u and %u ethernet cores have %u "
                     "harts; start QEMU with -smp %u",
                     x, y, TT_ETH_CORES, tensix_harts(s), tensix_harts(s));
        exit(1);
    }
}

/* noc-delay=N: NoC commands held per core and NoC (ttx_noc.c), 0 = off. */
static unsigned tensix_parse_noc_delay(TensixMachineState *s)
{
    unsigned n;
    char tail;

    if (!s->noc_delay) {
        return 0;
    }
    if (sscanf(s->noc_delay, "%u%c", &n, &tail) != 1 || n > TTX_NOC_MAX_DELAY) {
        error_report("tensix: noc-delay '%s' is not a number of commands "
                     "0..%u (0 = off)",
                     s->noc_delay, TTX_NOC_MAX_DELAY);
        exit(1);
    }
    return n;
}

/* print-buffer=N[KMG]: the bound on kernel output held for the host. */
static size_t tensix_parse_print_buffer(TensixMachineState *s)
{
    uint64_t n;

    if (!s->print_buffer) {
        return TT_CTL_PRINT_BUFFER_DEFAULT;
    }
    if (qemu_strtosz(s->print_buffer, NULL, &n) < 0 ||
        n < TT_CTL_PRINT_BUFFER_MIN || n > TT_CTL_PRINT_BUFFER_MAX) {
        error_report("tensix: print-buffer '%s' is not a size of %u bytes "
                     "to %u MiB",
                     s->print_buffer, TT_CTL_PRINT_BUFFER_MIN,
                     TT_CTL_PRINT_BUFFER_MAX >> 20);
        exit(1);
    }
    return n;
}

/* An on/off option @name set to @val (NULL: @dflt). */
static bool tensix_parse_on_off(const char *name, const char *val, bool dflt)
{
    if (!val) {
        return dflt;
    }
    if (strcmp(val, "on") && strcmp(val, "off")) {
        error_report("tensix: %s '%s' is not 'on' or 'off'", name, val);
        exit(1);
    }
    return !strcmp(val, "on");
}

static void tensix_create_l1(TensixMachineState *s)
{
    uint64_t size = (uint64_t)s->ncores * TT_MEM_L1_SIZE;

    if (s->shm) {
        g_autofree char *path = g_strdup_printf("%s/l1", s->shm);

        memory_region_init_ram_from_file(&s->l1, OBJECT(s), "tensix.l1", size,
                                         0, RAM_SHARED, path, false,
                                         &error_fatal);
    } else {
        memory_region_init_ram(&s->l1, OBJECT(s), "tensix.l1", size,
                               &error_fatal);
    }
    memory_region_add_subregion(get_system_memory(), TENSIX_L1_GLOBAL_BASE,
                                &s->l1);
    s->l1_ptr = memory_region_get_ram_ptr(&s->l1);
    s->l1_ram = memory_region_get_ram_addr(&s->l1);
}

/*
 * DRAM is touched only by the model (NoC) and the host, never by a hart:
 * a plain shared mapping of the host's sparse file, not a RAM region.
 * Without shm= an anonymous sparse mapping stands in.
 */
static void tensix_create_dram(TensixMachineState *s)
{
    int fd = -1;

    s->dram_size = (size_t)TT_DRAM_BANKS * TT_DRAM_BANK_SIZE;
    if (s->shm) {
        g_autofree char *path = g_strdup_printf("%s/dram", s->shm);

        fd = open(path, O_RDWR | O_CLOEXEC);
        if (fd < 0) {
            error_report("tensix: cannot open %s: %s", path, strerror(errno));
            exit(1);
        }
        s->dram = mmap(NULL, s->dram_size, PROT_READ | PROT_WRITE,
                       MAP_SHARED | MAP_NORESERVE, fd, 0);
        close(fd);
    } else {
        s->dram = mmap(NULL, s->dram_size, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    }
    if (s->dram == MAP_FAILED) {
        error_report("tensix: cannot map %zu bytes of DRAM: %s", s->dram_size,
                     strerror(errno));
        exit(1);
    }
}

/*
 * Every core's kernel text starts as zeros, one group per page held by
 * core 0; from now on QEMU asks tensix_code_alias (patch 0019).
 */
extern ram_addr_t (*tcg_code_alias_hook)(ram_addr_t addr);

static void tensix_share_text(TensixMachineState *s)
{
    static const uint8_t zeros[TARGET_PAGE_SIZE];
    uint64_t h = tensix_page_hash(zeros);

    s->text_hash = g_new(uint64_t, (size_t)s->ncores * TENSIX_TEXT_PAGES);
    s->text_copy = g_new0(uint16_t, (size_t)s->ncores * TENSIX_TEXT_PAGES);
    for (size_t i = 0; i < (size_t)s->ncores * TENSIX_TEXT_PAGES; i++) {
        s->text_hash[i] = h;
    }
    tensix_instance = s;
    tcg_code_alias_hook = tensix_code_alias;
}

static void tensix_create_bootrom(TensixMachineState *s)
{
    memory_region_init_rom(&s->bootrom, OBJECT(s), "tensix.bootrom",
                           TT_MMIO_BOOTROM_SIZE, &error_fatal);
    memcpy(memory_region_get_ram_ptr(&s->bootrom), tensix_bootrom,
           sizeof(tensix_bootrom));
}

static void tensix_create_ctl(TensixMachineState *s)
{
    Chardev *chr;

    s->ctl_pending = g_byte_array_new();
    s->ctl_out = g_byte_array_new();
    s->ctl_out_bh = qemu_bh_new(tensix_ctl_out_bh, s);
    tensix_instance = s;
    tcg_rr_all_halted_hook = tensix_all_halted;
    tcg_exception_stop_hook = tensix_exception_stop;
    gdbstub_detached_hook = tensix_gdb_detached;
    qemu_add_vm_change_state_handler(tensix_vm_state, s);
    if (!s->ctl) {
        return;
    }
    chr = qemu_chr_find(s->ctl);
    if (!chr) {
        error_report("tensix: no chardev '%s' for ctl=; add -chardev "
                     "socket,id=%s,...",
                     s->ctl, s->ctl);
        exit(1);
    }
    qemu_chr_fe_init(&s->ctl_be, chr, &error_fatal);
    qemu_chr_fe_set_handlers(&s->ctl_be, tensix_ctl_can_receive,
                             tensix_ctl_receive, tensix_ctl_event, NULL, s,
                             NULL, true);
}

/* QEMU is exiting: finish the trace file so it is valid JSON. */
static void tensix_trace_exit(Notifier *n, void *data)
{
    TensixMachineState *s = container_of(n, TensixMachineState, trace_exit);

    ttx_chip_trace_end(s->chip);
}

static void tensix_start_trace(TensixMachineState *s)
{
    int err = ttx_chip_trace(s->chip, s->trace);

    if (err) {
        error_report("tensix: cannot write the trace to '%s': %s", s->trace,
                     strerror(-err));
        exit(1);
    }
    s->trace_exit.notify = tensix_trace_exit;
    qemu_add_exit_notifier(&s->trace_exit);
}

static void tensix_machine_init(MachineState *ms)
{
    TensixMachineState *s = TENSIX_MACHINE(ms);
    TTChipConfig cfg;

    if (s->arch && strcmp(s->arch, "wormhole_b0") != 0) {
        error_report("tensix: arch '%s' is not supported; use "
                     "arch=wormhole_b0",
                     s->arch);
        exit(1);
    }
    tensix_parse_grid(s, ms);
    tensix_create_dram(s);
    s->threaded = qemu_tcg_mttcg_enabled();
    tcg_clusters_share_tbs = true; /* QEMU patch 0015 */
    qemu_mutex_init(&s->ctl_out_lock);

    cfg = (TTChipConfig){
        .grid_x = s->grid_x,
        .grid_y = s->grid_y,
        .deterministic = icount_enabled(),
        .noc_delay = tensix_parse_noc_delay(s),
        .racecheck = tensix_parse_on_off("racecheck", s->racecheck, false),
        .cb_guard = tensix_parse_on_off("cb-guard", s->cb_guard, false),
        .profiler = tensix_parse_on_off("profiler", s->profiler, false),
        .tile_inline =
            !tensix_parse_on_off("tile-thread", s->tile_thread, true),
        .print_buffer = tensix_parse_print_buffer(s),
        .threaded = s->threaded,
    };
    s->chip = ttx_chip_new(&cfg, &tensix_chip_ops, s);

    /*
     * One CPU cluster per core (a gdb inferior each).  The cluster owns its
     * harts' regions: QEMU finds an object's path by scanning its owner's
     * children, which for the machine would be every region of every hart.
     */
    s->clusters = g_new0(CPUClusterState, s->ncores);
    for (unsigned c = 0; c < s->ncores; c++) {
        g_autofree char *name = g_strdup_printf("core%u", c);

        object_initialize_child(OBJECT(s), name, &s->clusters[c],
                                TYPE_CPU_CLUSTER);
        qdev_prop_set_uint32(DEVICE(&s->clusters[c]), "cluster-id", c);
    }

    /* Build all address spaces in one transaction: one FlatView rebuild. */
    memory_region_transaction_begin();
    tensix_create_l1(s);
    tensix_share_text(s);
    tensix_create_bootrom(s);
    memory_region_init_ram(&s->local, OBJECT(s), "tensix.local",
                           (uint64_t)s->ncores * TT_RISCS_PER_CORE *
                               TENSIX_LOCAL_STRIDE,
                           &error_fatal);
    s->harts = g_new0(TensixHart, s->ncores * TT_RISCS_PER_CORE);
    for (unsigned c = 0; c < s->ncores; c++) {
        for (unsigned r = 0; r < tensix_core_harts(s, c); r++) {
            tensix_create_hart_memory(s, c, r);
        }
    }
    memory_region_transaction_commit();

    /*
     * Each hart's address space renders its FlatView when the CPU is
     * realized; realizing after the commit renders each view once, not
     * once here and again for every address space at the commit.  A
     * cluster gives its CPUs their cluster index when it is realized,
     * which must come before the CPUs are.
     */
    for (unsigned c = 0; c < s->ncores; c++) {
        for (unsigned r = 0; r < tensix_core_harts(s, c); r++) {
            tensix_create_hart_cpu(s, ms, c, r);
        }
        qdev_realize(DEVICE(&s->clusters[c]), NULL, &error_fatal);
        for (unsigned r = 0; r < tensix_core_harts(s, c); r++) {
            tensix_realize_hart_cpu(s, c, r);
        }
    }

    /*
     * New RAM starts "dirty" for translated code, so the first TB on each
     * L1 page would sweep the TLBs of every hart (quadratic in the grid:
     * about 1 s of an 8x8 boot).  No TLB exists yet: mark all L1 clean now.
     * Stores still find code through QEMU's not-dirty path.
     */
    cpu_physical_memory_test_and_clear_dirty(
        s->l1_ram, memory_region_size(&s->l1), DIRTY_MEMORY_CODE);

    tensix_create_ctl(s);
    if (s->trace) {
        tensix_start_trace(s);
    }
    ttx_chip_start(s->chip);
}

/* Properties ------------------------------------------------------------- */

#define TENSIX_STR_PROP(field, pname)                                          \
    static char *tensix_get_##field(Object *obj, Error **errp)                 \
    {                                                                          \
        return g_strdup(TENSIX_MACHINE(obj)->field);                           \
    }                                                                          \
    static void tensix_set_##field(Object *obj, const char *v, Error **errp)   \
    {                                                                          \
        TensixMachineState *s = TENSIX_MACHINE(obj);                           \
        g_free(s->field);                                                      \
        s->field = g_strdup(v);                                                \
    }

TENSIX_STR_PROP(arch, "arch")
TENSIX_STR_PROP(grid, "grid")
TENSIX_STR_PROP(shm, "shm")
TENSIX_STR_PROP(ctl, "ctl")
TENSIX_STR_PROP(trace, "trace")
TENSIX_STR_PROP(noc_delay, "noc-delay")
TENSIX_STR_PROP(racecheck, "racecheck")
TENSIX_STR_PROP(cb_guard, "cb-guard")
TENSIX_STR_PROP(tile_thread, "tile-thread")
TENSIX_STR_PROP(print_buffer, "print-buffer")
TENSIX_STR_PROP(profiler, "profiler")

/* stop-at=N: stop the machine when it has run N instructions (0: never). */
static void tensix_get_stop_at(Object *obj, Visitor *v, const char *name,
                               void *opaque, Error **errp)
{
    uint64_t n = 0;

    visit_type_uint64(v, name, &n, errp);
}

static void tensix_set_stop_at(Object *obj, Visitor *v, const char *name,
                               void *opaque, Error **errp)
{
    uint64_t n;

    if (!visit_type_uint64(v, name, &n, errp)) {
        return;
    }
    if (!icount_enabled()) {
        error_setg(errp, "stop-at needs -icount (the deterministic mode)");
        return;
    }
    icount_stop_at(n ? (int64_t)n : -1);
}

static void tensix_machine_class_init(ObjectClass *oc, void *data)
{
    MachineClass *mc = MACHINE_CLASS(oc);

    mc->desc = "Tenstorrent Tensix grid (5 RV32IM harts per core)";
    mc->init = tensix_machine_init;
    mc->max_cpus = TENSIX_MAX_HARTS;
    mc->default_cpus =
        TT_GRID_X_DEFAULT * TT_GRID_Y_DEFAULT * TT_RISCS_PER_CORE;
    mc->min_cpus = TT_RISCS_PER_CORE;
    mc->default_cpu_type = TYPE_RISCV_CPU_BASE32;

    object_class_property_add_str(oc, "arch", tensix_get_arch, tensix_set_arch);
    object_class_property_set_description(oc, "arch",
                                          "Chip architecture (wormhole_b0)");
    object_class_property_add_str(oc, "grid", tensix_get_grid, tensix_set_grid);
    object_class_property_set_description(
        oc, "grid",
        "Logical worker grid COLSxROWS (default: the arch's usual grid)");
    object_class_property_add_str(oc, "shm", tensix_get_shm, tensix_set_shm);
    object_class_property_set_description(
        oc, "shm", "Directory holding the shared files 'l1' and 'dram'");
    object_class_property_add_str(oc, "ctl", tensix_get_ctl, tensix_set_ctl);
    object_class_property_set_description(
        oc, "ctl", "Chardev id of the host control channel");
    object_class_property_add_str(oc, "trace", tensix_get_trace,
                                  tensix_set_trace);
    object_class_property_set_description(
        oc, "trace",
        "Write a timeline trace (Chrome JSON, for Perfetto) to this file");
    object_class_property_add_str(oc, "noc-delay", tensix_get_noc_delay,
                                  tensix_set_noc_delay);
    object_class_property_set_description(
        oc, "noc-delay",
        "Delayed NoC completion: commands held per core and NoC (0 = off)");
    object_class_property_add(oc, "stop-at", "uint64", tensix_get_stop_at,
                              tensix_set_stop_at, NULL, NULL);
    object_class_property_set_description(
        oc, "stop-at",
        "Stop when the machine has run this many instructions (gdb)");
    object_class_property_add_str(oc, "racecheck", tensix_get_racecheck,
                                  tensix_set_racecheck);
    object_class_property_set_description(
        oc, "racecheck",
        "Report NoC races: bytes used before their barrier (on/off)");
    object_class_property_add_str(oc, "cb-guard", tensix_get_cb_guard,
                                  tensix_set_cb_guard);
    object_class_property_set_description(
        oc, "cb-guard",
        "Refuse NoC transfers into CB pages not reserved (on/off)");
    object_class_property_add_str(oc, "tile-thread", tensix_get_tile_thread,
                                  tensix_set_tile_thread);
    object_class_property_set_description(
        oc, "tile-thread",
        "Matmul arithmetic on a thread beside the harts (on/off, default "
        "on; deterministic mode only)");
    object_class_property_add_str(oc, "print-buffer", tensix_get_print_buffer,
                                  tensix_set_print_buffer);
    object_class_property_set_description(
        oc, "print-buffer",
        "Kernel output held for a host that does not read it (bytes, "
        "default 1M); more is dropped and counted");
    object_class_property_add_str(oc, "profiler", tensix_get_profiler,
                                  tensix_set_profiler);
    object_class_property_set_description(
        oc, "profiler",
        "Send kernels' profiler markers to the host (on/off, default off)");
}

static const TypeInfo tensix_machine_typeinfo = {
    .name = TYPE_TENSIX_MACHINE,
    .parent = TYPE_MACHINE,
    .class_init = tensix_machine_class_init,
    .instance_size = sizeof(TensixMachineState),
};

static void tensix_machine_register_types(void)
{
    type_register_static(&tensix_machine_typeinfo);
}

type_init(tensix_machine_register_types)
