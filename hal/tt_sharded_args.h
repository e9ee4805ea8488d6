/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The words of the sharded address generator: the host's
 * tt_buffer_sharded_args() (tt/buffer.h) writes them, the kernel API's
 * ShardedAddrGen (kernels/include/sharded_addr_gen.h) reads them, from
 * runtime args (unique or common).
 *
 *   [FLAGS]             TT_SHARDED_ARGS_DRAM if the shards are in DRAM banks
 *   [PAGE_SIZE]         page size in bytes
 *   [ALIGNED_PAGE_SIZE] the page stride inside a shard
 *   [TENSOR_W_PAGES]    tensor width in pages
 *   [SHARD_H_PAGES]     shard height in pages
 *   [SHARD_W_PAGES]     shard width in pages
 *   [SHARDS_PER_ROW]    shards per row of the grid of shards
 *   [NUM_SHARDS]        number of shards
 *   [HEADER + k]        NoC coordinates of shard k's core or DRAM bank: the
 *                       MID-word x/y encoding (hal/tt_noc_regs.h ADDR_MID)
 *                       as seen on NoC 0 in field NOC0, on NoC 1 in NOC1
 */
#ifndef TT_HAL_SHARDED_ARGS_H
#define TT_HAL_SHARDED_ARGS_H

#include "tt_regfields.h"

#define TT_SHARDED_ARGS_FLAGS			0
#define TT_SHARDED_ARGS_PAGE_SIZE		1
#define TT_SHARDED_ARGS_ALIGNED_PAGE_SIZE	2
#define TT_SHARDED_ARGS_TENSOR_W_PAGES		3
#define TT_SHARDED_ARGS_SHARD_H_PAGES		4
#define TT_SHARDED_ARGS_SHARD_W_PAGES		5
#define TT_SHARDED_ARGS_SHARDS_PER_ROW		6
#define TT_SHARDED_ARGS_NUM_SHARDS		7
#define TT_SHARDED_ARGS_HEADER			8	/* then one word per shard */

/* Bits of word FLAGS. */
#define TT_SHARDED_ARGS_DRAM			1u

/* A shard's coordinate word. */
TT_FIELD(SHARDED_ARGS, XY, NOC0, 0, 16)
TT_FIELD(SHARDED_ARGS, XY, NOC1, 16, 16)

#endif /* TT_HAL_SHARDED_ARGS_H */
