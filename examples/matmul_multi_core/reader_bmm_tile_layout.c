// SPDX-License-Identifier: Apache-2.0
/*
 * Reader of matmul_multi_core (NCRISC, NoC 1): brings one in0 block
 * (per_core_M x in0_block_w tiles) to CB 0 and one in1 block
 * (in0_block_w x per_core_N tiles) to CB 1 for each of the num_blocks
 * steps along K.
 *
 * One source, four kernels (tt-metal's reader_bmm_tile_layout_in0_*_in1_*):
 * compile-time arg 0 says this core sends in0 (left column), arg 1 that
 * it sends in1 (top row).  A sender reads its block from DRAM, waits
 * until every receiver of its row (in0) or column (in1) has said it is
 * ready by incrementing the sender's "ready" semaphore, multicasts the
 * block to the same CB address on all of them and then multicasts VALID
 * into their "valid" semaphore.  A receiver reserves the space, clears its
 * "valid" semaphore, increments the sender's "ready" one and sleeps until
 * the sender sets "valid".  Every core reserves the same blocks in the
 * same order, so the CB write pointer is the same on all of them.
 */
#include "dataflow_api.h"

#define IN0_SENDER get_compile_time_arg_val(0)
#define IN1_SENDER get_compile_time_arg_val(1)

#define INVALID 0
#define VALID	1

/* Runtime args of one input; in0 starts at arg 0, in1 at arg ARGS_PER_INPUT. */
enum {
	ARG_ADDR,	/* DRAM buffer, bf16 tiles row-major by tile */
	ARG_START_TILE, /* first tile of this core's first block */
	ARG_STRIDE_H,	/* tiles from one row of a block to the next */
	ARG_NEXT_BLOCK, /* tiles from one block to the next along K */
	ARG_BLOCK_W,
	ARG_BLOCK_H,
	ARG_MCAST_START_X, /* NoC rectangle of the receivers (sender) */
	ARG_MCAST_START_Y,
	ARG_MCAST_END_X,
	ARG_MCAST_END_Y,
	ARG_NUM_DESTS, /* receivers of the multicast (sender) */
	ARG_SENDER_X,  /* NoC coordinates of the sender (receiver) */
	ARG_SENDER_Y,
	ARG_READY_SEM, /* semaphore ids */
	ARG_VALID_SEM,
	ARGS_PER_INPUT,
};
#define ARG_NUM_BLOCKS (2 * ARGS_PER_INPUT)

struct input {
	uint32_t cb;
	uint32_t arg; /* first runtime arg */
	InterleavedAddrGenFast dram;
	uint32_t tile; /* first tile of the next block */
	uint32_t stride_h, next_block, block_w, block_h, num_dests;
	uint32_t mcast_xs, mcast_ys, mcast_xe, mcast_ye;
	uint64_t sender_ready_sem; /* the sender's "ready", over the NoC */
	volatile uint32_t *ready_sem, *valid_sem;
};

static uint32_t arg(const struct input *in, uint32_t i)
{
	return get_arg_val(in->arg + i);
}

static void input_init(struct input *in, uint32_t cb, uint32_t first_arg)
{
	in->cb = cb;
	in->arg = first_arg;
	in->dram.bank_base_address = arg(in, ARG_ADDR);
	in->dram.page_size = TT_TILE_BYTES_FLOAT16_B;
	in->dram.data_format = TT_DF_FLOAT16_B;
	in->dram.is_dram = true;
	in->tile = arg(in, ARG_START_TILE);
	in->stride_h = arg(in, ARG_STRIDE_H);
	in->next_block = arg(in, ARG_NEXT_BLOCK);
	in->block_w = arg(in, ARG_BLOCK_W);
	in->block_h = arg(in, ARG_BLOCK_H);
	in->mcast_xs = arg(in, ARG_MCAST_START_X);
	in->mcast_ys = arg(in, ARG_MCAST_START_Y);
	in->mcast_xe = arg(in, ARG_MCAST_END_X);
	in->mcast_ye = arg(in, ARG_MCAST_END_Y);
	in->num_dests = arg(in, ARG_NUM_DESTS);
	in->ready_sem = (volatile uint32_t *)get_semaphore(arg(in, ARG_READY_SEM));
	in->valid_sem = (volatile uint32_t *)get_semaphore(arg(in, ARG_VALID_SEM));
	in->sender_ready_sem = get_noc_addr(arg(in, ARG_SENDER_X), arg(in, ARG_SENDER_Y),
					    (uint32_t)(uintptr_t)in->ready_sem);
}

static uint64_t input_mcast_addr(const struct input *in, uint32_t addr)
{
	return get_noc_multicast_addr(in->mcast_xs, in->mcast_ys, in->mcast_xe, in->mcast_ye, addr);
}

/* Sender: DRAM -> own CB, then the same bytes to every receiver. */
static void input_send(struct input *in)
{
	uint32_t tiles = in->block_w * in->block_h, start, l1, row = in->tile;
	uint32_t valid = (uint32_t)(uintptr_t)in->valid_sem;

	cb_reserve_back(in->cb, tiles);
	start = l1 = get_write_ptr(in->cb);
	/* The multicast of two blocks ago read this space: let it leave. */
	noc_async_writes_flushed();
	for (uint32_t h = 0; h < in->block_h; h++, row += in->stride_h) {
		for (uint32_t w = 0; w < in->block_w; w++) {
			noc_async_read_tile(row + w, &in->dram, l1);
			l1 += TT_TILE_BYTES_FLOAT16_B;
		}
	}
	in->tile += in->next_block;
	noc_async_read_barrier();

	if (in->num_dests) {
		/* Every receiver has reserved the space for this block. */
		noc_semaphore_wait(in->ready_sem, in->num_dests);
		noc_semaphore_set(in->ready_sem, 0);
		noc_async_write_multicast(start, input_mcast_addr(in, start),
					  tiles * TT_TILE_BYTES_FLOAT16_B, in->num_dests);
		/* Same NoC, after the data: the receivers see VALID last. */
		noc_semaphore_set_multicast(valid, input_mcast_addr(in, valid), in->num_dests);
	}
	cb_push_back(in->cb, tiles);
}

/* Receiver: make room, say so, sleep until the sender's data is here. */
static void input_receive(struct input *in)
{
	uint32_t tiles = in->block_w * in->block_h;

	cb_reserve_back(in->cb, tiles);
	noc_semaphore_set(in->valid_sem, INVALID);
	noc_semaphore_inc(in->sender_ready_sem, 1);
	noc_semaphore_wait(in->valid_sem, VALID);
	cb_push_back(in->cb, tiles);
}

void kernel_main(void)
{
	struct input in0, in1;
	uint32_t num_blocks = get_arg_val(ARG_NUM_BLOCKS);

	input_init(&in0, 0, 0);
	input_init(&in1, 1, ARGS_PER_INPUT);
	/* A sender's own "valid" holds VALID: the value it multicasts. */
	if (IN0_SENDER)
		noc_semaphore_set(in0.valid_sem, VALID);
	if (IN1_SENDER)
		noc_semaphore_set(in1.valid_sem, VALID);

	for (uint32_t b = 0; b < num_blocks; b++) {
		if (IN0_SENDER)
			input_send(&in0);
		else
			input_receive(&in0);
		if (IN1_SENDER)
			input_send(&in1);
		else
			input_receive(&in1);
	}
	noc_async_write_barrier();
	noc_async_atomic_barrier();
}
