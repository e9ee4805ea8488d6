/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The kernel-config blob: what the host writes for every launch at
 * TT_MEM_KERNEL_CONFIG_BASE of each core it launches on, and the
 * firmware and the kernel API read back through the offsets of the launch
 * message (hal/tt_mailbox.h, struct tt_kernel_config_msg):
 *
 *   sem_offset        TT_MAX_SEMAPHORES semaphores, one 32-bit value per
 *                     TT_SEMAPHORE_STRIDE bytes (a NoC atomic target must
 *                     be L1-aligned);
 *   local_cb_offset   TT_NUM_CBS CB configs of TT_CB_CONFIG_BYTES each
 *                     (hal/tt_cb.h), zero for indices not configured;
 *   rta/crta_offset   from TT_KERNEL_CONFIG_ARGS_OFFSET on, per RISC: its
 *                     unique runtime args, then its common runtime args,
 *                     each list starting on a TT_KERNEL_CONFIG_ARGS_ALIGN
 *                     boundary after a TT_ARGS_HEADER_SIZE header whose
 *                     last word (the one right before the first arg) is
 *                     the number of args in the list; the offsets point
 *                     at the first arg.
 *
 * The fixed parts come first, so a semaphore and a CB config have the same
 * address on every core of a program whatever each core's arg count
 * (multicast semaphore sets rely on it).
 */
#ifndef TT_HAL_KERNEL_CONFIG_H
#define TT_HAL_KERNEL_CONFIG_H

#include "tt_cb.h"
#include "tt_mem_map.h"
#include "tt_noc_map.h"

#define TT_MAX_SEMAPHORES		8	/* per core (tt-metal NUM_SEMAPHORES) */
#define TT_SEMAPHORE_STRIDE		TT_NOC_L1_ALIGNMENT

#define TT_KERNEL_CONFIG_SEM_OFFSET	0
#define TT_KERNEL_CONFIG_CB_OFFSET	\
	(TT_KERNEL_CONFIG_SEM_OFFSET + TT_MAX_SEMAPHORES * TT_SEMAPHORE_STRIDE)
#define TT_KERNEL_CONFIG_ARGS_OFFSET	\
	(TT_KERNEL_CONFIG_CB_OFFSET + TT_NUM_CBS * TT_CB_CONFIG_BYTES)
#define TT_KERNEL_CONFIG_ARGS_ALIGN	16
#define TT_ARGS_HEADER_SIZE		16

/* Address of semaphore @id in a blob at @base. */
#define TT_SEMAPHORE_ADDR(base, id)	\
	((base) + TT_KERNEL_CONFIG_SEM_OFFSET + (id) * TT_SEMAPHORE_STRIDE)

#if TT_SEMAPHORE_STRIDE < 4 || TT_SEMAPHORE_STRIDE % TT_NOC_L1_ALIGNMENT
#error "a semaphore must hold a word and be a NoC atomic target"
#endif
#if TT_KERNEL_CONFIG_CB_OFFSET % TT_KERNEL_CONFIG_ARGS_ALIGN || \
	TT_KERNEL_CONFIG_ARGS_OFFSET % TT_KERNEL_CONFIG_ARGS_ALIGN
#error "the blob's parts must start aligned"
#endif
#if TT_ARGS_HEADER_SIZE < 4 || TT_ARGS_HEADER_SIZE % TT_KERNEL_CONFIG_ARGS_ALIGN
#error "the args header must hold the count and keep the args aligned"
#endif
#if TT_KERNEL_CONFIG_ARGS_OFFSET >= TT_MEM_KERNEL_ARGS_SIZE
#error "semaphores and CB configs leave no room for runtime args"
#endif
#if TT_MEM_KERNEL_ARGS_SIZE > 0x10000
#error "blob offsets are 16-bit in the launch message"
#endif
#if TT_MAX_SEMAPHORES > 32
#error "semaphore ids are allocated from a 32-bit mask"
#endif

#endif /* TT_HAL_KERNEL_CONFIG_H */
