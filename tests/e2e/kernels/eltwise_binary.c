// SPDX-License-Identifier: Apache-2.0
/*
 * Compute of eltwise_binary, as tt-metal's example: out = in0 op in1 tile
 * by tile, CBs 0 and 1 in, 16 out.  Compile-time arg 0 picks the op:
 * 0 add_tiles, 1 sub_tiles, 2 mul_tiles, and with a broadcast of in1:
 * 3 add_tiles_bcast_rows, 4 sub_tiles_bcast_cols, 5 mul_tiles_bcast_scalar.
 * Args: tiles.
 */
#include "compute_kernel_api.h"

#define OP get_compile_time_arg_val(0)

void kernel_main(void)
{
	uint32_t n = get_arg_val(0);

	if (OP < 3) {
		binary_op_init_common(0, 1, 16);
		add_tiles_init(0, 1);
	} else {
		init_bcast(0, 1, 16);
		if (OP == 3)
			add_bcast_rows_init_short(0, 1);
		else if (OP == 4)
			sub_bcast_cols_init_short(0, 1);
		else
			mul_tiles_bcast_scalar_init_short(0, 1);
	}
	for (uint32_t i = 0; i < n; i++) {
		cb_wait_front(0, 1);
		cb_wait_front(1, 1);
		cb_reserve_back(16, 1);

		tile_regs_acquire();
		switch (OP) {
		case 0:
			add_tiles(0, 1, 0, 0, 0);
			break;
		case 1:
			sub_tiles(0, 1, 0, 0, 0);
			break;
		case 2:
			mul_tiles(0, 1, 0, 0, 0);
			break;
		case 3:
			add_tiles_bcast_rows(0, 1, 0, 0, 0);
			break;
		case 4:
			sub_tiles_bcast_cols(0, 1, 0, 0, 0);
			break;
		default:
			mul_tiles_bcast_scalar(0, 1, 0, 0, 0);
			break;
		}
		tile_regs_commit();

		tile_regs_wait();
		pack_tile(0, 16);
		tile_regs_release();

		cb_pop_front(0, 1);
		cb_pop_front(1, 1);
		cb_push_back(16, 1);
	}
}
