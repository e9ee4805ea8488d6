/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Emulated Tensix chip: the QEMU-independent device model.
 *
 * The chip owns what every hart's MMIO accesses and the host's control
 * messages act on: reset state and reset PCs, the sleep primitive (wake
 * levels, wait descriptors), print streams, trap reports and doorbells.
 * It knows nothing of QEMU: the environment that runs the harts (QEMU's
 * tensix machine, or a unit test) hands it a TTChipOps table and calls
 * ttx_chip_read/write for every MMIO access a hart makes and
 * ttx_ctl_input for bytes arriving on the control channel.
 *
 * The chip is a floor plan of blocks (ttx_chip.c): hart control
 * (ttx_emu.c), the NoC engines (ttx_noc.c, copying between the L1s the
 * environment exposes through ops->l1 and the DRAM banks it exposes
 * through ops->dram), the CB counters of the stream registers (ttx_cb.c)
 * and the TRISCs' tile-engine command block (ttx_compute.c, engine:
 * ttx_tile.c), with the timeline trace as an observer (ttx_trace.c).
 *
 * Threads: with TTChipConfig.threaded, ttx_chip_read, _write, _peek,
 * _unmapped and _exception may be called by the harts of different cores
 * at once; everything else is called by one control thread, and the
 * chip's ops may be called from any hart's thread (ttx_chip.c, Locking).
 *
 * Not yet implemented: stream registers other than the CB counters
 * (accesses report guest errors).
 */
#ifndef TTX_CHIP_H
#define TTX_CHIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tt_ctl.h"

typedef struct TTChip TTChip;

/* What the environment does for the model. */
typedef struct TTChipOps {
    /*
     * Raise (true) or lower (false) the wake event (MSIP) of one hart.
     * Threaded, it is called from any hart's thread with a model lock
     * held; it may take effect later, but before the access that made it
     * completes, and in the order one thread made its calls.
     */
    void (*set_wake)(void *opaque, unsigned core, unsigned risc, bool level);
    /*
     * Lower the wake event of hart (@core, @risc), whose access is being
     * handled, as if lowered just before that access began: a raise asked
     * (set_wake) since then stays, whichever thread asked it.  May be
     * NULL where set_wake takes effect at once: then set_wake(false).
     */
    void (*ack_wake)(void *opaque, unsigned core, unsigned risc);
    /* Put one hart back at its reset vector (the boot ROM). */
    void (*reset_hart)(void *opaque, unsigned core, unsigned risc);
    /* Send one complete control-channel message to the host. */
    void (*send)(void *opaque, const void *msg, size_t len);
    /* Host pointer to @core's L1 (TT_MEM_L1_SIZE bytes, holds no code the
     * model writes). */
    uint8_t *(*l1)(void *opaque, unsigned core);
    /*
     * Host pointer to every DRAM bank back to back (TT_DRAM_BANKS x
     * TT_DRAM_BANK_SIZE bytes), or NULL if the machine has none; asked
     * once, when the chip is created.  May be NULL.
     */
    uint8_t *(*dram)(void *opaque);
    /*
     * The model wrote [addr, addr + len) of @core's L1 (NoC landing): drop
     * translated code there, if any.  May be NULL.
     */
    void (*l1_written)(void *opaque, unsigned core, uint32_t addr,
                       uint32_t len);
    /* Host code was written to [addr, addr + len) of @core's L1. */
    void (*code_changed)(void *opaque, unsigned core, uint32_t addr,
                         uint32_t len);
    /* Device clock in ns (instructions under -icount shift=0). */
    uint64_t (*clock_ns)(void *opaque);
    /* PC of the hart whose access is being handled right now. */
    uint32_t (*current_pc)(void *opaque, unsigned core, unsigned risc);
    /* PC of any hart, and whether it sleeps in wfi (for hang reports). */
    uint32_t (*hart_pc)(void *opaque, unsigned core, unsigned risc,
                        bool *halted);
    /*
     * Stop the whole machine for a debugger (TT_CTL_DEBUG): at the end of
     * the current instruction when called from a hart's access, with
     * hart (@core, @risc) as the one that stopped it (-1, -1: none).
     * May be NULL (no debugger support).
     */
    void (*debug_stop)(void *opaque, int core, int risc);
    /*
     * Time travel (EMU TIME, HART_TIME): instructions run by the device
     * since it started; the count after hart (@core, @risc)'s last
     * instruction.  May be NULL (the registers read 0).
     */
    uint64_t (*instructions)(void *opaque);
    uint64_t (*hart_instructions)(void *opaque, unsigned core, unsigned risc);
    /*
     * Does the access being handled hold the environment's global lock
     * (EMU_IO_LOCKED)?  May be NULL (there is none).
     */
    bool (*io_locked)(void *opaque);
    /*
     * The environment's statistic read at EMU register @reg: I/O rewinds
     * (IO_REWINDS), MMIO accesses past its memory API and plain-register
     * writes it stored itself (ttx_chip_latches) from the calling thread
     * (IO_DIRECT, IO_LATCHED), translation blocks held (TBS), TLB flushes
     * (TLB_FLUSHES); hal/tt_emu_regs.h has the details.  0 for a count it
     * does not keep.  May be NULL (keeps none).
     */
    uint64_t (*emu_stat)(void *opaque, uint32_t reg);
    /*
     * Bytes of messages sent that the host has not read yet and the
     * environment holds for it.  Kernel output is dropped and counted
     * rather than take this past TTChipConfig.print_buffer.  May be NULL
     * (send() always delivers: nothing is dropped).
     */
    size_t (*backlog)(void *opaque);
    /*
     * Call ttx_chip_link_poll, with every hart asleep, whenever @fd is
     * readable (the chip joined a system's links).  May be NULL.
     */
    void (*watch_fd)(void *opaque, int fd);
} TTChipOps;

/* Largest TTChipConfig.noc_delay: the machine option's limit. */
#define TTX_NOC_MAX_DELAY TT_CTL_NOC_MAX_DELAY

typedef struct TTChipConfig {
    unsigned grid_x;    /* logical worker columns */
    unsigned grid_y;    /* logical worker rows */
    bool deterministic; /* reported in the hello event */
    unsigned noc_delay; /* 0, or NoC commands held per core and NoC
                                 * (delayed completion, ttx_noc.c) */
    bool racecheck;     /* NoC race detector (ttx_noc.c) */
    bool cb_guard;      /* NoC transfers into CB pages not reserved
                         * are guest errors (ttx_cb.c) */
    bool profiler;      /* send profiler markers to the host */
    /*
     * Harts call ttx_chip_read/write from several threads at once, with no
     * lock of the environment's held (parallel mode): the chip locks per
     * core (see "Locking" in ttx_chip.c).  Else every call must come from
     * one thread at a time and the chip takes no lock.
     */
    bool threaded;
    /*
     * Run every MATMUL's arithmetic inside its command.  Else, unless
     * threaded, a thread of the compute block does it meanwhile
     * (ttx_worker.h): same results, a second host CPU put to use.
     */
    bool tile_inline;

    /* Bound on ops->backlog for kernel output; 0: the default. */
    size_t print_buffer;
} TTChipConfig;

/* NULL when out of memory or noc_delay > TTX_NOC_MAX_DELAY. */
TTChip *ttx_chip_new(const TTChipConfig *cfg, const TTChipOps *ops,
                     void *opaque);
void ttx_chip_free(TTChip *chip);
/* Cores: the grid_x * grid_y workers, then TT_ETH_CORES ethernet cores. */
unsigned ttx_chip_cores(const TTChip *chip);

/* Say hello to the host: call once the environment is ready. */
void ttx_chip_start(TTChip *chip);

/*
 * The host has read everything ops->backlog counted: the chip reports
 * the kernel output it dropped meanwhile (TT_EVT_PRINT_DROPPED), hart by
 * hart.
 */
void ttx_chip_host_caught_up(TTChip *chip);

/*
 * MMIO access by hart (@core, @risc) to absolute address @addr (at or
 * above TT_MMIO_BASE).  Returns false when nothing answers at @addr: the
 * environment turns that into a bus error (an access fault for the hart).
 */
bool ttx_chip_read(TTChip *chip, unsigned core, unsigned risc, uint32_t addr,
                   unsigned size, uint64_t *val);
bool ttx_chip_write(TTChip *chip, unsigned core, unsigned risc, uint32_t addr,
                    unsigned size, uint64_t val);

/* A hart touched an address where nothing is mapped (below the MMIO window). */
void ttx_chip_unmapped(TTChip *chip, unsigned core, unsigned risc,
                       uint32_t addr, bool is_write);

/* Report a guest error for hart (@core, @risc) to the host. */
void ttx_chip_guest_error(TTChip *chip, unsigned core, unsigned risc,
                          uint32_t addr, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/*
 * Plain registers of hart (@core, @risc) in the 4 KiB page at @addr: the
 * host words behind the page, or NULL when it has none.  Bit i of *@mask
 * set says that word i only holds what is written to it: the environment
 * may store a write of it there itself (a relaxed atomic 32-bit store),
 * without ttx_chip_write.  The words stay put while the chip exists.
 */
uint32_t *ttx_chip_latches(TTChip *chip, unsigned core, unsigned risc,
                           uint32_t addr, const uint32_t **mask);

/* Read like a debugger: no side effects, no error reports. */
bool ttx_chip_peek(TTChip *chip, unsigned core, unsigned risc, uint32_t addr,
                   uint64_t *val);

/*
 * Handle the complete messages at the start of @buf (host control
 * channel) and return how many bytes were used; keep the rest and call
 * again with more.  With @defer_wakes, stop before the first message that
 * would wake or reset a hart, unless it is a forced reset (the caller
 * retries once every hart sleeps).
 */
/*
 * Record a timeline trace of everything that follows into @path
 * (ttx_trace.h); 0 or a negative errno.  The trace is flushed at each host
 * doorbell and finished by ttx_chip_trace_end() or ttx_chip_free().
 */
int ttx_chip_trace(TTChip *chip, const char *path);
void ttx_chip_trace_end(TTChip *chip);

/*
 * The environment found every hart asleep with no wake pending and no host
 * byte left unapplied: tell the host once per idle spell (TT_EVT_IDLE).
 * A spell ends when the device clock moves or a host message is applied.
 */
void ttx_chip_idle(TTChip *chip);

size_t ttx_ctl_input(TTChip *chip, const uint8_t *buf, size_t len,
                     bool defer_wakes);

/*
 * Ethernet links (TT_CTL_LINK joined a system, hal/tt_link.h).  With every
 * hart asleep and nothing pending, the environment calls
 * ttx_chip_link_poll (which may begin a step: packets land, waiting sends
 * go, harts wake; or tell the host the system is idle), applies the host
 * messages it holds, and if still nothing can run, ttx_chip_link_idle
 * instead of ttx_chip_idle: the chip is done with its step.
 */
bool ttx_chip_linked(const TTChip *chip);
void ttx_chip_link_poll(TTChip *chip);
void ttx_chip_link_idle(TTChip *chip);

/*
 * Debugging (TT_CTL_DEBUG).  Hart (@core, @risc) is about to take trap
 * @cause at @pc: true means do not take it but stop the machine there
 * (the environment does that; the host has been told).  Then: the
 * machine runs again (clears what a stop left pending), and the debugger
 * detached or went away (tells the host).
 */
bool ttx_chip_exception(TTChip *chip, unsigned core, unsigned risc,
                        uint32_t cause, uint32_t pc, uint32_t tval);
void ttx_chip_resumed(TTChip *chip);
void ttx_chip_debugger_gone(TTChip *chip);

#endif /* TTX_CHIP_H */
