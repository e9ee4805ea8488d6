/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Blackhole memory map as seen by one Tensix RISC-V hart, as far as it is
 * described: Blackhole is not emulated (no machine, no firmware build), so
 * only what the host's architecture descriptor needs is here.  The L1
 * layout below the allocator's region is ours and the same as on every
 * architecture (hal/tt_l1_layout.h); with 64 circular buffers its CB
 * interface region is a page larger than Wormhole's.
 *
 * Not yet described: the MMIO windows (tt-metal's addresses for the debug,
 * NoC and stream blocks are Wormhole's), which emulation would add here.
 */
#ifndef TT_HAL_BLACKHOLE_MEM_MAP_H
#define TT_HAL_BLACKHOLE_MEM_MAP_H

#define TT_MEM_PAGE_SIZE		4096

/* L1, shared by the core's five harts, at address 0. */
#define TT_MEM_L1_SIZE			(1536 * 1024)
#define TT_MEM_ETH_UNRESERVED_SIZE	0	/* ethernet cores: not described yet */
#define TT_MEM_ETH_L1_SIZE		0

/* Circular buffer indices per core (tt-metal NUM_CIRCULAR_BUFFERS). */
#define TT_NUM_CBS			64

/* Private local memory per hart (no NCRISC IRAM on Blackhole). */
#define TT_MEM_LOCAL_BASE		0xFFB00000
#define TT_MEM_BRISC_LOCAL_SIZE		(8 * 1024)
#define TT_MEM_NCRISC_LOCAL_SIZE	(8 * 1024)
#define TT_MEM_TRISC_LOCAL_SIZE		(4 * 1024)
#define TT_MEM_LOCAL_FW_SIZE		768	/* firmware .data, .bss, stack */
#define TT_MEM_STACK_GUARD_SIZE		(64 * 1024)

#include "tt_l1_layout.h"

#endif /* TT_HAL_BLACKHOLE_MEM_MAP_H */
