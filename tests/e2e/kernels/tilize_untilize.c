// SPDX-License-Identifier: Apache-2.0
/*
 * Compute of the tilize tests, block by block of 32 rows: compile-time
 * arg 0 picks 0 tilize_block (row-major CB 0 -> tiles in CB 16),
 * 1 untilize_block (tiles in CB 0 -> row-major CB 16), 2 both, through
 * the tiles of CB 24, or 3 pack_untilize_block (as 1; the host defines
 * PACK_UNTILIZE_BLOCK_CT_DIM as the block).  Args: blocks, block (tiles
 * per block).
 */
#include "compute_kernel_api.h"

#define MODE get_compile_time_arg_val(0)

void kernel_main(void)
{
	uint32_t nb = get_arg_val(0), block = get_arg_val(1);
	uint32_t tiles = MODE == 0 ? 16 : 24;

	if (MODE == 1)
		untilize_init(0, 16);
	else if (MODE == 3)
		pack_untilize_init(0, 16);
	else
		tilize_init(0, block, tiles);
	for (uint32_t b = 0; b < nb; b++) {
		if (MODE == 0 || MODE == 2) {
			if (MODE == 2 && b)
				tilize_init_short(0, block, tiles);
			cb_wait_front(0, block);
			cb_reserve_back(tiles, block);
			tilize_block(0, block, tiles);
			cb_push_back(tiles, block);
			cb_pop_front(0, block);
		}
		if (MODE == 2) {
			tilize_uninit(0, tiles);
			untilize_init_short(tiles);
		}
		if (MODE == 1 || MODE == 2) {
			uint32_t in = MODE == 1 ? 0 : tiles;

			cb_wait_front(in, block);
			cb_reserve_back(16, block);
			untilize_block(in, block, 16);
			cb_push_back(16, block);
			cb_pop_front(in, block);
		}
		if (MODE == 2)
			untilize_uninit(tiles);
		if (MODE == 3) {
			cb_wait_front(0, block);
			cb_reserve_back(16, block);
			pack_untilize_block(0, 1, 16);
			cb_push_back(16, block);
			cb_pop_front(0, block);
		}
	}
	if (MODE == 3)
		pack_untilize_uninit(16);
}
