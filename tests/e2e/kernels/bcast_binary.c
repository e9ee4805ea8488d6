// SPDX-License-Identifier: Apache-2.0
/*
 * Compute of the broadcast test: out = in0 op bcast(in1) tile by tile
 * (eltwise_reader/eltwise_writer move the tiles, CBs 0 and 1 in, 16 out).
 * Compile-time arg 0 picks the call: 0 add_tiles_bcast_rows,
 * 1 sub_tiles_bcast_cols, 2 mul_tiles_bcast_scalar.  Args: tiles.
 */
#include "compute_kernel_api.h"

void kernel_main(void)
{
	uint32_t n = get_arg_val(0);

	init_bcast(0, 1, 16);
	if (get_compile_time_arg_val(0) == 0)
		add_bcast_rows_init_short(0, 1);
	else if (get_compile_time_arg_val(0) == 1)
		sub_bcast_cols_init_short(0, 1);
	else
		mul_tiles_bcast_scalar_init_short(0, 1);
	for (uint32_t i = 0; i < n; i++) {
		cb_wait_front(0, 1);
		cb_wait_front(1, 1);
		cb_reserve_back(16, 1);

		tile_regs_acquire();
		if (get_compile_time_arg_val(0) == 0)
			add_tiles_bcast_rows(0, 1, 0, 0, 0);
		else if (get_compile_time_arg_val(0) == 1)
			sub_tiles_bcast_cols(0, 1, 0, 0, 0);
		else
			mul_tiles_bcast_scalar(0, 1, 0, 0, 0);
		tile_regs_commit();

		tile_regs_wait();
		pack_tile(0, 16);
		tile_regs_release();

		cb_pop_front(0, 1);
		cb_pop_front(1, 1);
		cb_push_back(16, 1);
	}
}
