/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Firmware internals shared by the BRISC and subordinate loops: the
 * mailbox, waypoints, kernel launch helpers.  The globals the kernel API
 * reads are declared once, in kernels/include/tt_fw_globals.h.
 * CB interfaces are not globals: they live in L1 (hal/tt_cb.h).
 */
#ifndef TT_FIRMWARE_FW_H
#define TT_FIRMWARE_FW_H

#include <stdint.h>

#include "tt_cb.h"
#include "tt_emu_regs.h"
#include "tt_fw_globals.h" /* the globals kernels read */
#include "tt_mailbox.h"
#include "tt_mem_map.h"
#include "tt_noc_regs.h"
#include "tt_riscv.h"
#include "tt_stream_regs.h"
#include "tt_tile_regs.h"
#include "tt_wait.h"

#define FW_MAILBOX ((volatile struct tt_mailbox *)TT_MEM_MAILBOX_BASE)

/* The C library's heap of this RISC (syscalls.c). */
extern uint8_t *fw_heap_ptr;
extern uint8_t *fw_heap_end;

/* 4-character progress marker in mailbox.debug.waypoint[risc]. */
static inline void fw_waypoint(const char code[4])
{
	volatile uint32_t *wp = (volatile uint32_t *)&FW_MAILBOX->debug.waypoint[fw_risc][0];

	*wp = (uint32_t)code[0] | (uint32_t)code[1] << 8 | (uint32_t)code[2] << 16 |
	      (uint32_t)code[3] << 24;
}

/* Identity from the EMU block; fills fw_risc and coordinates. */
void fw_identify(void);

/* Point the command buffers' local coordinates at this core (boot). */
void fw_noc_init(void);

/* Set the software NoC counters to the hardware's (before each kernel). */
void fw_noc_local_state_init(void);

/* Zero the stream counters of the CBs in @mask (BRISC, before a launch). */
void fw_cb_reset_counters(uint32_t mask);

/* Reset the core's tile engine with @cfg (TILE CONFIG fields; BRISC). */
void fw_tile_configure(uint32_t cfg);

/* Set the kernel API globals from launch[0] and run this RISC's kernel. */
uint32_t fw_run_kernel(void);

/* Make firmware, mailbox, bank tables and kernel text read-only for kernels. */
void fw_pmp_init(void);

/* Call a kernel's _start; 0 if it returned, 1 if it trapped (trap.S). */
uint32_t fw_call_kernel(uint32_t entry);

/* A trap in the firmware itself (trap.S): sleep for good, saying so. */
void fw_halt(void) __attribute__((noreturn));

#endif /* TT_FIRMWARE_FW_H */
