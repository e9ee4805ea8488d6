/* SPDX-License-Identifier: Apache-2.0 */
/*
 * State of the emulated chip shared by the model's blocks (ttx_chip.c,
 * ttx_noc.c, ttx_cb.c, ttx_compute.c); private to device/model.
 */
#ifndef TTX_PRIV_H
#define TTX_PRIV_H

#include "ttx_cb.h"
#include "ttx_chip.h"
#include "ttx_compute.h"
#include "ttx_noc.h"
#include "ttx_trace.h"
#include "tt_riscv.h"

#define TTX_PRINT_LINE  256

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
    uint32_t fault_kind;        /* kernel API fault (EMU FAULT_*) */
    uint32_t fault_id;
    uint32_t fault_arg0;
    uint32_t fault_arg1;
    uint32_t prof_name;         /* profiler marker operands (EMU PROF_*) */
    uint32_t prof_data_lo;
    uint32_t prof_data_hi;
    TTTileHart tile;            /* tile-engine command registers */
    size_t print_len;
    char print_buf[TTX_PRINT_LINE];
} TTHart;

typedef struct TTCore {
    unsigned x, y;
    uint32_t wall_clock_hi;     /* latched when WALL_CLOCK_L is read */
    TTHart hart[TT_RISCS_PER_CORE];
    TTNoc noc[TT_NOC_COUNT];
    TTCb cb;
    struct TTTileEngine *tile;  /* allocated on first command */
} TTCore;

struct TTChip {
    TTChipConfig cfg;
    const TTChipOps *ops;
    void *opaque;
    unsigned ncores;
    TTCore *core;
    uint8_t *dram;              /* TT_DRAM_BANKS banks, or NULL */
    uint64_t last_host_wake;    /* device clock when the host last woke harts */
    struct TTTrace *trace;      /* timeline trace, or NULL (ttx_trace.h) */
    struct tt_ctl_freed freed;  /* freed buffers (TT_CTL_FREED), checked by the NoC */
    uint32_t ctl_seen;          /* host messages applied */
    bool idle_sent;             /* TT_EVT_IDLE sent for this idle spell */
    uint32_t idle_ctl_seen;     /* ... at ctl_seen and this device clock */
    uint64_t idle_clock;
};

#endif /* TTX_PRIV_H */
