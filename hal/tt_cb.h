/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Circular buffers: what the host, the firmware and the kernel API agree
 * on.
 *
 *  - The host writes TT_CB_CONFIG_WORDS words per CB index into the
 *    kernel-config blob at local_cb_offset (index i at i * 16 bytes):
 *    address, size, number of pages, page size, all in bytes, for every
 *    index set in launch_msg.local_cb_mask.
 *  - At every launch each RISC's firmware turns them into its own array
 *    of struct tt_cb_interface at TT_MEM_CB_INTERFACE_BASE + risc *
 *    TT_MEM_CB_INTERFACE_SLOT_SIZE (L1: TRISC local memory is too small),
 *    and BRISC zeroes the stream counters (hal/tt_stream_regs.h) of those
 *    CBs before it starts the other RISCs.
 *
 * The interface keeps tt-metal's LocalCBInterface fields except the last
 * word: the packer's tile pointer is replaced by the pages this RISC has
 * reserved (cb_reserve_back) and waited for (cb_wait_front) and not yet
 * pushed or popped, which is how the kernel API catches misuse, and
 * which of the CB calls this RISC has made in this launch (TT_CB_USED_*,
 * set as a call starts, before it waits), which is how a hang report
 * names a CB's producer and consumer.  All pointers are byte addresses on
 * every RISC (tt-metal keeps TRISC's in 16-byte units).
 */
#ifndef TT_HAL_CB_H
#define TT_HAL_CB_H

#include "tt_mem_map.h"

#define TT_CB_CONFIG_WORDS		4
#define TT_CB_CONFIG_ADDR		0
#define TT_CB_CONFIG_SIZE		1
#define TT_CB_CONFIG_NUM_PAGES		2
#define TT_CB_CONFIG_PAGE_SIZE		3
#define TT_CB_CONFIG_BYTES		(TT_CB_CONFIG_WORDS * 4)

/* struct tt_cb_interface.used: the CB calls a RISC made in this launch */
#define TT_CB_USED_RESERVE		0x1	/* cb_reserve_back (or its test) */
#define TT_CB_USED_PUSH			0x2	/* cb_push_back */
#define TT_CB_USED_WAIT			0x4	/* cb_wait_front (or its test) */
#define TT_CB_USED_POP			0x8	/* cb_pop_front */
#define TT_CB_USED_PRODUCER		(TT_CB_USED_RESERVE | TT_CB_USED_PUSH)
#define TT_CB_USED_CONSUMER		(TT_CB_USED_WAIT | TT_CB_USED_POP)

#ifndef __ASSEMBLER__
#include <assert.h>
#include <stddef.h>
#include <stdint.h>

struct tt_cb_interface {
	uint32_t fifo_size;		/* bytes */
	uint32_t fifo_limit;		/* first byte past the CB */
	uint32_t fifo_page_size;
	uint32_t fifo_num_pages;	/* 0: index not configured */
	uint32_t fifo_rd_ptr;
	uint32_t fifo_wr_ptr;
	uint16_t reserved;		/* reserved, not yet pushed */
	uint16_t waited;		/* waited for, not yet popped */
	uint16_t used;			/* TT_CB_USED_* */
	uint16_t pad;
};

static_assert(sizeof(struct tt_cb_interface) == TT_MEM_CB_INTERFACE_ENTRY_SIZE,
	       "CB interface entry size");
static_assert(offsetof(struct tt_cb_interface, fifo_limit) == 4 &&
	       offsetof(struct tt_cb_interface, fifo_page_size) == 8 &&
	       offsetof(struct tt_cb_interface, fifo_num_pages) == 12 &&
	       offsetof(struct tt_cb_interface, fifo_rd_ptr) == 16 &&
	       offsetof(struct tt_cb_interface, fifo_wr_ptr) == 20 &&
	       offsetof(struct tt_cb_interface, reserved) == 24 &&
	       offsetof(struct tt_cb_interface, waited) == 26 &&
	       offsetof(struct tt_cb_interface, used) == 28,
	       "CB interface layout");

/* The CB interface array of RISC @risc. */
#define TT_CB_INTERFACE(risc)							\
	((struct tt_cb_interface *)(uintptr_t)(TT_MEM_CB_INTERFACE_BASE +	\
					       (risc) * TT_MEM_CB_INTERFACE_SLOT_SIZE))
#endif /* __ASSEMBLER__ */

#endif /* TT_HAL_CB_H */
