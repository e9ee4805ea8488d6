/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Wormhole B0 memory map as seen by one Tensix RISC-V hart.  Preprocessor
 * only: included by C, assembly and the linker scripts.  Selected by the include
 * path (-Ihal/wormhole), so no arch #if appears in any function.
 *
 * This file holds what is Wormhole's: the L1 size, the number of circular
 * buffers, the harts' local memory and the MMIO windows.  The layout of L1
 * below the allocator's region is ours and the same on every architecture
 * (hal/tt_l1_layout.h, included at the end).  The rules for adding a
 * define are at the top of that file.
 */
#ifndef TT_HAL_WORMHOLE_MEM_MAP_H
#define TT_HAL_WORMHOLE_MEM_MAP_H

#define TT_MEM_PAGE_SIZE		4096

/* L1, shared by the core's five harts, at address 0. */
#define TT_MEM_L1_SIZE			(1464 * 1024)

/*
 * L1 of an ethernet core (tt_noc_map.h): our reserved layout, the same as
 * a worker's so one firmware serves both, then as much room for kernels
 * and buffers as Wormhole's active ERISC leaves them (0x11000 up to its
 * config space at 0x3DC00: 179 KiB), rounded up to a page.
 */
#define TT_MEM_ETH_UNRESERVED_SIZE	(180 * 1024)
#define TT_MEM_ETH_L1_SIZE		(TT_MEM_L1_UNRESERVED_BASE + TT_MEM_ETH_UNRESERVED_SIZE)

/* Circular buffer indices per core (tt-metal NUM_CIRCULAR_BUFFERS). */
#define TT_NUM_CBS			32

/*
 * Private local memory per hart, from the top down: the firmware's part
 * (its .data and .bss, then its stack, which starts at the top), the
 * kernel's .data and .bss (linked right below the firmware's part), the
 * kernel's stack (from there down to the base).  Nothing is mapped below
 * the base, so a kernel stack that overflows faults at once, and the
 * first TT_MEM_STACK_GUARD_SIZE bytes under it are reported as a stack
 * overflow: it never runs into the firmware's data.
 */
#define TT_MEM_LOCAL_BASE		0xFFB00000
#define TT_MEM_BRISC_LOCAL_SIZE		(4 * 1024)
#define TT_MEM_NCRISC_LOCAL_SIZE	(4 * 1024)
#define TT_MEM_TRISC_LOCAL_SIZE		(2 * 1024)
#define TT_MEM_LOCAL_FW_SIZE		768	/* firmware .data, .bss, stack */
#define TT_MEM_STACK_GUARD_SIZE		(64 * 1024)

/* MMIO: everything at or above this address is registers, not memory. */
#define TT_MMIO_BASE			0xFF000000
#define TT_MMIO_RISCV_DEBUG_BASE	0xFFB12000
#define TT_MMIO_RISCV_DEBUG_SIZE	0x1000
#define TT_MMIO_NOC0_BASE		0xFFB20000
#define TT_MMIO_NOC1_BASE		0xFFB30000
#define TT_MMIO_NOC_SIZE		0x10000
#define TT_MMIO_STREAM_BASE		0xFFB40000
#define TT_MMIO_STREAM_SIZE		0x40000
#define TT_MMIO_EMU_BASE		0xFFBF0000	/* ours: hal/tt_emu_regs.h */
#define TT_MMIO_EMU_SIZE		0x1000
#define TT_MMIO_TILE_BASE		0xFFBF1000	/* ours: hal/tt_tile_regs.h */
#define TT_MMIO_TILE_SIZE		0x1000
#define TT_MMIO_BOOTROM_BASE		0xFFBF8000	/* ours: reset vector */
#define TT_MMIO_BOOTROM_SIZE		0x1000	/* a whole page: run as memory */

#if TT_MEM_LOCAL_BASE - TT_MEM_STACK_GUARD_SIZE < TT_MMIO_BASE || \
	TT_MEM_LOCAL_BASE > TT_MMIO_RISCV_DEBUG_BASE
#error "the stack guard must be unmapped MMIO space right below local memory"
#endif

#include "tt_l1_layout.h"

#endif /* TT_HAL_WORMHOLE_MEM_MAP_H */
