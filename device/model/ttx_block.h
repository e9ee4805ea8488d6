/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What a block of the device model may ask of the chip it sits in.
 *
 * The model is a floor plan (ttx_chip.c) and blocks, one file each: the
 * harts' control and debug registers (ttx_emu.c), the NoCs (ttx_noc.c),
 * the CB counters of the stream block (ttx_cb.c), the tile-engine
 * command block (ttx_compute.c, engine in ttx_tile.c) and the timeline
 * trace (ttx_trace.c, an observer).  A block includes this header and
 * hal/, never the chip or another block: everything it needs from outside
 * comes through the TTBlockEnv the chip hands it, and the chip alone
 * wires one block's effects to another (a hart going to sleep drains the
 * NoC, a NoC landing wakes the harts waiting for L1, ...).
 */
#ifndef TTX_BLOCK_H
#define TTX_BLOCK_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "tt_mem_map.h"
#include "tt_noc_map.h"

typedef struct TTBlockEnv {
    void *opaque;    /* the chip's, passed to every service */
    unsigned grid_x; /* logical worker columns */
    unsigned grid_y;
    unsigned nworkers; /* grid_x * grid_y; worker core = y * grid_x + x */
    unsigned ncores;   /* the workers, then TT_ETH_CORES ethernet cores:
                        * core nworkers + c is ethernet channel c */
    uint8_t *dram;     /* every DRAM bank back to back, or NULL */

    /* Raise (true) or lower (false) the wake event (MSIP) of one hart. */
    void (*set_wake)(void *opaque, unsigned core, unsigned risc, bool level);
    /*
     * Lower the wake event of hart (@core, @risc), whose access is being
     * handled, as a WAKE_ACK written just before that access would: a
     * raise asked since the access began stays.  With describe_wait, a
     * block that finds the access blocked puts the hart's wait protocol
     * (hal/tt_wait.h: ack, test, describe) into that one access.
     */
    void (*ack_wake)(void *opaque, unsigned core, unsigned risc);
    /*
     * Describe hart (@core, @risc)'s wait for it, as its writes to the
     * WAIT registers would; TT_WAIT_NONE ends the wait.
     */
    void (*describe_wait)(void *opaque, unsigned core, unsigned risc,
                          uint32_t kind, uint32_t id, uint32_t expect,
                          uint32_t current);
    /* Put one hart back at its reset vector (the boot ROM). */
    void (*reset_hart)(void *opaque, unsigned core, unsigned risc);
    /* Host pointer to @core's L1 (TT_MEM_L1_SIZE bytes). */
    uint8_t *(*l1)(void *opaque, unsigned core);
    /* A block wrote [addr, addr + len) of @core's L1 (code coherence). */
    void (*l1_written)(void *opaque, unsigned core, uint32_t addr,
                       uint32_t len);
    /*
     * Data arrived in [addr, addr + len) of @core's L1 from the NoC: keep
     * code coherent and wake the harts that may wait for L1 contents,
     * except @self_risc of @core (or -1), which is running.
     */
    void (*l1_landed)(void *opaque, unsigned core, uint32_t addr, uint32_t len,
                      int self_risc);
    /* Report @text as a guest error of hart (@core, @risc) at @addr. */
    void (*guest_error)(void *opaque, unsigned core, unsigned risc,
                        uint32_t addr, const char *text);
    /* Send one control-channel event (hal/tt_ctl.h) of @type to the host. */
    void (*send)(void *opaque, uint16_t type, const void *a, size_t alen,
                 const void *b, size_t blen);
    /*
     * Bytes sent that the host has not read yet and the environment holds
     * (NULL: it holds none), and how many of them kernel output may fill.
     */
    size_t (*backlog)(void *opaque);
    size_t print_buffer;
    /* Device clock in ns (instructions under -icount shift=0). */
    uint64_t (*clock_ns)(void *opaque);
    /* Whether this access holds the emulator's global lock (EMU_IO_LOCKED) */
    bool (*io_locked)(void *opaque);
    /*
     * The emulator's statistic read at EMU register @reg (IO_REWINDS,
     * IO_DIRECT, IO_LATCHED, TBS, TLB_FLUSHES: hal/tt_emu_regs.h says
     * what each counts); 0 where the emulator has no such count.
     */
    uint64_t (*emu_stat)(void *opaque, uint32_t reg);
    /*
     * Time travel (EMU TIME, HART_TIME): instructions the device has run
     * since it started, and the count just after hart (@core, @risc)'s
     * last instruction (0 where the emulator does not count them).
     */
    uint64_t (*instructions)(void *opaque);
    uint64_t (*hart_instructions)(void *opaque, unsigned core, unsigned risc);
    /*
     * Registers of the EMU window that show another block's state to a
     * debugger (the NoC's held commands): false when @off is none.
     */
    bool (*emu_view)(void *opaque, unsigned core, uint32_t off, uint64_t *val);
    /* PC of hart (@core, @risc), whose access is being handled. */
    uint32_t (*current_pc)(void *opaque, unsigned core, unsigned risc);
    /*
     * Report a NoC race (enum tt_race_kind, hal/tt_ctl.h) found while
     * handling an access of hart (@core, @risc): the command that hart
     * (@ocore, @orisc) issued at @opc is unfinished; @text names the bytes.
     */
    void (*race)(void *opaque, unsigned core, unsigned risc, unsigned kind,
                 unsigned ocore, unsigned orisc, uint32_t opc,
                 const char *text);

    /*
     * The ethernet link of ethernet core @core (hal/tt_link.h): send
     * [src, src + len) of its L1 to dst on the far end (errors are the
     * chip's to report); whether a send waits for room; the far end.
     */
    void (*eth_send)(void *opaque, unsigned core, unsigned risc, uint32_t src,
                     uint32_t dst, uint32_t len);
    bool (*eth_busy)(void *opaque, unsigned core);
    uint32_t (*eth_peer)(void *opaque, unsigned core);

    /* Events other blocks react to (wired by the chip). */
    /* Hart (@core, @risc) described a wait of @kind (TT_WAIT_*) or ended it. */
    void (*hart_waits)(void *opaque, unsigned core, unsigned risc,
                       uint32_t kind, uint32_t id, uint32_t expect);
    /*
     * Hart (@core, @risc) rang the host doorbell with @code (enum
     * tt_doorbell: booted, or the launch is done); the chip tells the host.
     */
    void (*core_rang)(void *opaque, unsigned core, unsigned risc,
                      uint32_t code);
    /*
     * A NoC command was sent from the registers @reg (TARG_ADDR_LO to
     * AT_DATA) of a command buffer.
     */
    void (*noc_sent)(void *opaque, unsigned core, unsigned risc, unsigned noc,
                     const uint32_t *reg);
    /*
     * Hart (@core, @risc) set a profiler marker (@mark, the PROF_MARK
     * value: KIND and SITE): @name is the L1 address of its name, @data
     * its data.
     */
    void (*prof_mark)(void *opaque, unsigned core, unsigned risc, uint32_t mark,
                      uint32_t name, uint64_t data);
    /* CB @cb of @core now holds @pages pages. */
    void (*cb_filled)(void *opaque, unsigned core, unsigned cb, unsigned pages);
    /*
     * Hart (@core, @risc) pushed (@push) or popped @pages pages of CB @cb;
     * its CB interface in L1 still points at the first of them.
     */
    void (*cb_moved)(void *opaque, unsigned core, unsigned risc, unsigned cb,
                     bool push, unsigned pages);
    /*
     * CB guard (NULL when off): may @len bytes land at @addr of @core's L1,
     * in CB pages a RISC of it reserved?  If not, @why says which pages.
     */
    bool (*cb_guard)(void *opaque, unsigned core, uint32_t addr, uint32_t len,
                     char *why, size_t whylen);
} TTBlockEnv;

/*
 * A register window of a block, in the chip's memory map.  @off is
 * relative to the window's base; the access is 32 bits, aligned.  Each
 * returns false when no register answers at @off (the chip reports it).
 * peek reads as a debugger does: no side effects, no error reports.
 * latches (may be NULL) gives the words behind the 4 KiB page at @off of
 * the window as hart (@core, @risc) sees it, or NULL: bit i of *@mask set
 * says word i is a plain register, whose writes only store the value
 * there, so the emulator may store them itself (with relaxed atomic
 * stores) instead of calling write.
 */
typedef struct TTMmioOps {
    bool (*read)(void *opaque, unsigned core, unsigned risc, uint32_t off,
                 uint64_t *val);
    bool (*write)(void *opaque, unsigned core, unsigned risc, uint32_t off,
                  uint32_t val);
    bool (*peek)(void *opaque, unsigned core, unsigned risc, uint32_t off,
                 uint64_t *val);
    uint32_t *(*latches)(void *opaque, unsigned core, unsigned risc,
                         uint32_t off, const uint32_t **mask);
} TTMmioOps;

#define TTX_LATCH_PAGE 4096u /* bytes of a page of plain registers */

/* printf-style guest error of hart (@core, @risc) at @addr through @env. */
static inline void ttx_block_guest_error(const TTBlockEnv *env, unsigned core,
                                         unsigned risc, uint32_t addr,
                                         const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static inline void ttx_block_guest_error(const TTBlockEnv *env, unsigned core,
                                         unsigned risc, uint32_t addr,
                                         const char *fmt, ...)
{
    char text[1000];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    env->guest_error(env->opaque, core, risc, addr, text);
}

/* Is @core an ethernet core (hal/<arch>/tt_noc_map.h)? */
static inline bool ttx_block_is_eth(const TTBlockEnv *env, unsigned core)
{
    return core >= env->nworkers;
}

/*
 * Logical coordinates of @core: a worker's (x, y) in the grid; an
 * ethernet core's as tt-metal names it, (0, channel).
 */
static inline unsigned ttx_block_x(const TTBlockEnv *env, unsigned core)
{
    return ttx_block_is_eth(env, core) ? 0 : core % env->grid_x;
}

static inline unsigned ttx_block_y(const TTBlockEnv *env, unsigned core)
{
    return ttx_block_is_eth(env, core) ? core - env->nworkers
                                       : core / env->grid_x;
}

/* Virtual (translated) NoC coordinates of @core, the same on both NoCs. */
static inline unsigned ttx_block_noc_x(const TTBlockEnv *env, unsigned core)
{
    if (ttx_block_is_eth(env, core)) {
        return TT_NOC_VIRTUAL_ETH_X0 + (core - env->nworkers) % TT_ETH_PER_ROW;
    }
    return TT_NOC_VIRTUAL_WORKER_X0 + core % env->grid_x;
}

static inline unsigned ttx_block_noc_y(const TTBlockEnv *env, unsigned core)
{
    if (ttx_block_is_eth(env, core)) {
        return TT_NOC_VIRTUAL_ETH_Y0 + (core - env->nworkers) / TT_ETH_PER_ROW;
    }
    return TT_NOC_VIRTUAL_WORKER_Y0 + core / env->grid_x;
}

/* Bytes of @core's L1 (a worker's or an ethernet core's). */
static inline uint32_t ttx_block_l1_size(const TTBlockEnv *env, unsigned core)
{
    return ttx_block_is_eth(env, core) ? TT_MEM_ETH_L1_SIZE : TT_MEM_L1_SIZE;
}

#endif /* TTX_BLOCK_H */
