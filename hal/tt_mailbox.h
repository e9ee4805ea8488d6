/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The mailbox at TT_MEM_MAILBOX_BASE of every core's L1: how the host and
 * the firmware talk.  Modelled on tt-metal's dev_msgs.h:
 * launch message with kernel-config offsets, go
 * message, subordinate sync bytes, core info with the magic number.  Our
 * additions are the per-RISC kernel results and the debug waypoints.
 *
 * Types are fixed-width and carry no volatile: apply it where accessed.
 * Every offset the host or assembly relies on has a _OFFSET macro checked
 * by static_assert below.
 */
#ifndef TT_HAL_MAILBOX_H
#define TT_HAL_MAILBOX_H

#include "tt_mem_map.h"
#include "tt_riscv.h"

/* Run states: 0 and 1 are common stray values, so GO and INIT avoid them. */
#define TT_RUN_MSG_INIT			0x40
#define TT_RUN_MSG_GO			0x80
#define TT_RUN_MSG_DONE			0
#define TT_RUN_SYNC_MSG_INIT		0x40
#define TT_RUN_SYNC_MSG_GO		0x80
#define TT_RUN_SYNC_MSG_DONE		0
#define TT_RUN_SYNC_MSG_ALL_INIT	0x40404040u
#define TT_RUN_SYNC_MSG_ALL_DONE	0

#define TT_CORE_MAGIC_WORKER		0x50ec09a3u

/* Per-RISC outcome of the last launch (tt_kernel_result.status). */
#define TT_KERNEL_STATUS_IDLE		0x1d1e0000u
#define TT_KERNEL_STATUS_RUNNING	0x1d1e0001u
#define TT_KERNEL_STATUS_OK		0x1d1e0002u
#define TT_KERNEL_STATUS_TRAPPED	0x1d1e0003u

#define TT_DISPATCH_MODE_HOST		1

/* Offsets inside struct tt_mailbox (checked below). */
#define TT_MAILBOX_SUBORDINATE_SYNC_OFFSET	8
#define TT_MAILBOX_LAUNCH_OFFSET		16
#define TT_MAILBOX_GO_OFFSET			80
#define TT_MAILBOX_RESULT_OFFSET		88
#define TT_MAILBOX_CORE_INFO_OFFSET		168
#define TT_MAILBOX_DEBUG_OFFSET			184

#ifndef __ASSEMBLER__
#include <stddef.h>
#include <assert.h>
#include <stdint.h>

struct tt_rta_offset {
	uint16_t rta_offset;		/* unique args, from kernel_config_base */
	uint16_t crta_offset;		/* common args, from kernel_config_base */
};

struct tt_kernel_config_msg {
	uint32_t kernel_config_base;
	uint16_t sem_offset;
	uint16_t local_cb_offset;
	struct tt_rta_offset rta_offset[TT_RISCS_PER_CORE];
	uint32_t kernel_text_offset[TT_RISCS_PER_CORE];
	uint32_t local_cb_mask;
	uint8_t brisc_noc_id;
	uint8_t ncrisc_noc_id;
	uint8_t mode;			/* TT_DISPATCH_MODE_* */
	uint8_t compute_cfg;		/* TILE CONFIG fields (tt_tile_regs.h) */
	uint32_t host_assigned_id;
	uint32_t enables;		/* TT_ENABLE_* */
};

struct tt_launch_msg {
	struct tt_kernel_config_msg kernel_config;
};

struct tt_go_msg {
	uint8_t dispatch_message_offset;
	uint8_t master_x;
	uint8_t master_y;
	uint8_t signal;			/* TT_RUN_MSG_* */
};

struct tt_subordinate_sync {
	uint8_t dm1;			/* NCRISC */
	uint8_t trisc0;
	uint8_t trisc1;
	uint8_t trisc2;
};

struct tt_kernel_result {
	uint32_t status;		/* TT_KERNEL_STATUS_* */
	uint32_t mcause;		/* valid when TRAPPED */
	uint32_t mepc;
	uint32_t mtval;
};

struct tt_core_info {
	uint32_t magic;			/* TT_CORE_MAGIC_WORKER once booted */
	uint8_t absolute_logical_x;
	uint8_t absolute_logical_y;
	uint8_t noc_x;			/* virtual NoC coordinates */
	uint8_t noc_y;
	uint8_t grid_x;
	uint8_t grid_y;
	uint16_t pad;
	uint32_t l1_unreserved_start;
};

struct tt_debug_msg {
	char waypoint[TT_RISCS_PER_CORE][4];	/* last waypoint per RISC */
};

struct tt_mailbox {
	uint32_t ncrisc_halt[2];		/* unused, keeps tt-metal's order */
	struct tt_subordinate_sync subordinate_sync;
	uint32_t launch_msg_rd_ptr;
	struct tt_launch_msg launch[1];
	struct tt_go_msg go_message;
	uint32_t go_message_index;
	struct tt_kernel_result result[TT_RISCS_PER_CORE];
	struct tt_core_info core_info;
	struct tt_debug_msg debug;
};

static_assert(offsetof(struct tt_mailbox, subordinate_sync) ==
	       TT_MAILBOX_SUBORDINATE_SYNC_OFFSET, "mailbox layout");
static_assert(offsetof(struct tt_mailbox, launch) == TT_MAILBOX_LAUNCH_OFFSET,
	       "mailbox layout");
static_assert(offsetof(struct tt_mailbox, go_message) == TT_MAILBOX_GO_OFFSET,
	       "mailbox layout");
static_assert(offsetof(struct tt_mailbox, result) == TT_MAILBOX_RESULT_OFFSET,
	       "mailbox layout");
static_assert(offsetof(struct tt_mailbox, core_info) ==
	       TT_MAILBOX_CORE_INFO_OFFSET, "mailbox layout");
static_assert(offsetof(struct tt_mailbox, debug) == TT_MAILBOX_DEBUG_OFFSET,
	       "mailbox layout");
static_assert(sizeof(struct tt_launch_msg) % 16 == 0,
	       "launch message must be a whole number of 16 B words");
static_assert(sizeof(struct tt_go_msg) == 4, "go message is one word");

/* Every field the host writes and the firmware reads, pinned. */
static_assert(offsetof(struct tt_kernel_config_msg, kernel_config_base) == 0 &&
	       offsetof(struct tt_kernel_config_msg, sem_offset) == 4 &&
	       offsetof(struct tt_kernel_config_msg, local_cb_offset) == 6 &&
	       offsetof(struct tt_kernel_config_msg, rta_offset) == 8 &&
	       sizeof(struct tt_rta_offset) == 4 &&
	       offsetof(struct tt_kernel_config_msg, kernel_text_offset) ==
	       8 + 4 * TT_RISCS_PER_CORE &&
	       offsetof(struct tt_kernel_config_msg, local_cb_mask) ==
	       8 + 8 * TT_RISCS_PER_CORE &&
	       offsetof(struct tt_kernel_config_msg, brisc_noc_id) == 52 &&
	       offsetof(struct tt_kernel_config_msg, ncrisc_noc_id) == 53 &&
	       offsetof(struct tt_kernel_config_msg, mode) == 54 &&
	       offsetof(struct tt_kernel_config_msg, compute_cfg) == 55 &&
	       offsetof(struct tt_kernel_config_msg, host_assigned_id) == 56 &&
	       offsetof(struct tt_kernel_config_msg, enables) == 60 &&
	       sizeof(struct tt_kernel_config_msg) == 64, "kernel config layout");
static_assert(offsetof(struct tt_go_msg, signal) == 3, "go message layout");
static_assert(offsetof(struct tt_kernel_result, mcause) == 4 &&
	       offsetof(struct tt_kernel_result, mtval) == 12 &&
	       sizeof(struct tt_kernel_result) == 16, "kernel result layout");
static_assert(offsetof(struct tt_core_info, absolute_logical_x) == 4 &&
	       offsetof(struct tt_core_info, noc_x) == 6 &&
	       offsetof(struct tt_core_info, grid_x) == 8 &&
	       offsetof(struct tt_core_info, l1_unreserved_start) == 12 &&
	       sizeof(struct tt_core_info) == 16, "core info layout");
static_assert(sizeof(struct tt_debug_msg) == 4 * TT_RISCS_PER_CORE,
	       "debug message layout");
static_assert(sizeof(struct tt_mailbox) <= TT_MEM_MAILBOX_SIZE,
	       "the mailbox must fit TT_MEM_MAILBOX_SIZE");
#endif /* __ASSEMBLER__ */

#endif /* TT_HAL_MAILBOX_H */
