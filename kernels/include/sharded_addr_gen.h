/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Sharded address generator: page id of a HEIGHT, WIDTH or BLOCK sharded
 * buffer -> 64-bit NoC address, as tt-metal's ShardedAddrGen in C.
 *
 * The host describes the buffer with tt_buffer_sharded_args() (tt/buffer.h;
 * the words are hal/tt_sharded_args.h) and passes them as runtime args
 * (unique or common); the kernel points the generator at them:
 *
 *     ShardedAddrGen s;
 *     sharded_addr_gen_init(&s, get_arg_val(0),
 *                           (const volatile uint32_t *)get_arg_addr(1));
 *     noc_async_read_sharded_page(id, &s, dst);
 *
 * Page ids run row-major over the tensor's pages.  Page (row r, col c)
 * lies in shard (r / shard_h) * shards_per_row + c / shard_w at slot
 * (r % shard_h) * shard_w + c % shard_w, and the slot is at
 * bank_base_address + slot * aligned_page_size in the L1 of the shard's
 * core (or its DRAM bank).  The host resolved which core holds which shard
 * (orientation, core range set), so the kernel only reads a table of NoC
 * coordinates: one word per shard, NoC 0's x/y encoding in bits 0..15,
 * NoC 1's in 16..31.
 */
#ifndef TT_SHARDED_ADDR_GEN_H
#define TT_SHARDED_ADDR_GEN_H

#include <stdbool.h>
#include <stdint.h>

#include "dataflow_api.h"
#include "tt_sharded_args.h"

typedef struct ShardedAddrGen {
	uint32_t bank_base_address; /* tt_buffer_address() */
	uint32_t page_size;
	uint32_t aligned_page_size; /* page stride inside a shard */
	uint32_t tensor_w_pages;    /* pages per tensor row */
	uint32_t shard_h_pages;
	uint32_t shard_w_pages;
	uint32_t shards_per_row;
	uint32_t num_shards;
	bool is_dram;
	const volatile uint32_t *shard_noc_xy; /* num_shards words */
} ShardedAddrGen;

/* Set up @s for the buffer at @bank_base_address described by @args. */
static FORCE_INLINE void sharded_addr_gen_init(ShardedAddrGen *s, uint32_t bank_base_address,
					       const volatile uint32_t *args)
{
	s->bank_base_address = bank_base_address;
	s->page_size = args[TT_SHARDED_ARGS_PAGE_SIZE];
	s->aligned_page_size = args[TT_SHARDED_ARGS_ALIGNED_PAGE_SIZE];
	s->tensor_w_pages = args[TT_SHARDED_ARGS_TENSOR_W_PAGES];
	s->shard_h_pages = args[TT_SHARDED_ARGS_SHARD_H_PAGES];
	s->shard_w_pages = args[TT_SHARDED_ARGS_SHARD_W_PAGES];
	s->shards_per_row = args[TT_SHARDED_ARGS_SHARDS_PER_ROW];
	s->num_shards = args[TT_SHARDED_ARGS_NUM_SHARDS];
	s->is_dram = (args[TT_SHARDED_ARGS_FLAGS] & TT_SHARDED_ARGS_DRAM) != 0;
	s->shard_noc_xy = args + TT_SHARDED_ARGS_HEADER;
}

/* Shard holding page @id and the page's slot in it. */
static FORCE_INLINE void sharded_addr_gen_locate(const ShardedAddrGen *s, uint32_t id,
						 uint32_t *shard, uint32_t *slot)
{
	uint32_t r = id / s->tensor_w_pages, c = id % s->tensor_w_pages;

	*shard = (r / s->shard_h_pages) * s->shards_per_row + c / s->shard_w_pages;
	*slot = (r % s->shard_h_pages) * s->shard_w_pages + c % s->shard_w_pages;
}

/* NoC x/y encoding of the core (or DRAM bank) holding shard @shard. */
static FORCE_INLINE uint32_t sharded_addr_gen_shard_xy(const ShardedAddrGen *s, uint32_t shard)
{
	uint32_t w = s->shard_noc_xy[shard];

	return noc_index ? TT_FIELD_GET(SHARDED_ARGS, XY, NOC1, w)
			 : TT_FIELD_GET(SHARDED_ARGS, XY, NOC0, w);
}

/* tt-metal get_noc_addr(id, sharded_addrgen, offset). */
static FORCE_INLINE uint64_t sharded_addr_gen_get_noc_addr(const ShardedAddrGen *s, uint32_t id,
							   uint32_t offset)
{
	uint32_t shard, slot;

	sharded_addr_gen_locate(s, id, &shard, &slot);
	return get_noc_addr_helper(sharded_addr_gen_shard_xy(s, shard),
				   s->bank_base_address + slot * s->aligned_page_size + offset);
}

/* L1 address of page @id if this core holds it, else 0. */
static FORCE_INLINE uint32_t sharded_addr_gen_local_addr(const ShardedAddrGen *s, uint32_t id)
{
	uint64_t a = sharded_addr_gen_get_noc_addr(s, id, 0);

	if ((uint32_t)(a >> TT_NOC_ADDR_COORD_SHIFT) != NOC_XY_ENCODING(my_x, my_y))
		return 0;
	return (uint32_t)a;
}

static FORCE_INLINE void noc_async_read_sharded_page(uint32_t id, const ShardedAddrGen *s,
						     uint32_t dst)
{
	noc_async_read(sharded_addr_gen_get_noc_addr(s, id, 0), dst, s->page_size);
}

static FORCE_INLINE void noc_async_write_sharded_page(uint32_t id, const ShardedAddrGen *s,
						      uint32_t src)
{
	noc_async_write(src, sharded_addr_gen_get_noc_addr(s, id, 0), s->page_size);
}

#endif /* TT_SHARDED_ADDR_GEN_H */
