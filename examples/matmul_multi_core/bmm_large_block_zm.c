// SPDX-License-Identifier: Apache-2.0
/*
 * Compute of matmul_multi_core (the three TRISCs), tt-metal's
 * bmm_large_block_zm: for each of the num_blocks in0/in1 block pairs
 * along K, every out sub-block (sub_h x sub_w tiles of Dst) accumulates
 * in0_block_w matmul_tiles per tile.  Between blocks the partial sums
 * spill to the intermediate CB 24 and are reloaded into Dst with
 * copy_tile at the next block; the last block packs to CB 16 instead.
 * CB 16 and CB 24 share the same L1 (one CB, two indices), so the output
 * takes no extra space.
 *
 * Compile-time args: in0_block_w, in0 sub-blocks (down), in1 sub-blocks
 * (across), per_core_N (tiles across an in1 block), num_blocks, sub_h,
 * sub_w.
 */
#include "compute_kernel_api.h"

#define CB_IN0	    0
#define CB_IN1	    1
#define CB_OUT	    16
#define CB_PARTIALS 24

#define IN0_BLOCK_W    get_compile_time_arg_val(0)
#define IN0_NUM_SUB    get_compile_time_arg_val(1)
#define IN1_NUM_SUB    get_compile_time_arg_val(2)
#define IN1_PER_CORE_W get_compile_time_arg_val(3)
#define NUM_BLOCKS     get_compile_time_arg_val(4)
#define SUB_H	       get_compile_time_arg_val(5)
#define SUB_W	       get_compile_time_arg_val(6)

#define SUB_TILES	(SUB_H * SUB_W)
#define IN0_BLOCK_TILES (IN0_NUM_SUB * SUB_H * IN0_BLOCK_W)
#define IN1_BLOCK_TILES (IN0_BLOCK_W * IN1_PER_CORE_W)

/*
 * Dst[h * SUB_W + w] += sum over k of in0[@in0_sub + h * IN0_BLOCK_W + k]
 * @ in1[@in1_sub + k * IN1_PER_CORE_W + w], tiles counted from each front.
 */
static void matmul_subblock(uint32_t in0_sub, uint32_t in1_sub)
{
	uint32_t dst = 0;

	for (uint32_t h = 0; h < SUB_H; h++) {
		for (uint32_t w = 0; w < SUB_W; w++, dst++) {
			for (uint32_t k = 0; k < IN0_BLOCK_W; k++)
				matmul_tiles(CB_IN0, CB_IN1, in0_sub + h * IN0_BLOCK_W + k,
					     in1_sub + k * IN1_PER_CORE_W + w, dst, false);
		}
	}
}

void kernel_main(void)
{
	bool reload = false;

	mm_init(CB_IN0, CB_IN1, CB_OUT);
	for (uint32_t block = 0; block < NUM_BLOCKS; block++) {
		bool last = block == NUM_BLOCKS - 1;
		uint32_t out_cb = last ? CB_OUT : CB_PARTIALS;

		cb_wait_front(CB_IN0, IN0_BLOCK_TILES);
		cb_wait_front(CB_IN1, IN1_BLOCK_TILES);
		for (uint32_t sh = 0; sh < IN0_NUM_SUB; sh++) {
			/* First in0 tile of this sub-block's rows. */
			uint32_t in0_sub = sh * SUB_H * IN0_BLOCK_W;

			for (uint32_t sw = 0; sw < IN1_NUM_SUB; sw++) {
				uint32_t in1_sub = sw * SUB_W;

				tile_regs_acquire();
				if (reload) {
					copy_tile_to_dst_init_short(CB_PARTIALS);
					cb_wait_front(CB_PARTIALS, SUB_TILES);
					for (uint32_t i = 0; i < SUB_TILES; i++)
						copy_tile(CB_PARTIALS, i, i);
					cb_pop_front(CB_PARTIALS, SUB_TILES);
					mm_init_short(CB_IN0, CB_IN1);
				}
				matmul_subblock(in0_sub, in1_sub);
				tile_regs_commit();

				cb_reserve_back(out_cb, SUB_TILES);
				tile_regs_wait();
				for (uint32_t i = 0; i < SUB_TILES; i++)
					pack_tile(i, out_cb, i);
				tile_regs_release();
				cb_push_back(out_cb, SUB_TILES);
			}
		}
		reload = NUM_BLOCKS > 1;
		cb_pop_front(CB_IN0, IN0_BLOCK_TILES);
		cb_pop_front(CB_IN1, IN1_BLOCK_TILES);
	}
}
