// SPDX-License-Identifier: Apache-2.0
/*
 * Compute of eltwise_binary, as tt-metal's example: out = in0 op in1 tile
 * by tile, CBs 0 and 1 in, 16 out.  Compile-time arg 0: 0 add, 1 sub,
 * 2 mul.  Args: tiles.
 */
#include "compute_kernel_api.h"

void kernel_main(void)
{
	uint32_t n = get_arg_val(0);

	binary_op_init_common(0, 1, 16);
	add_tiles_init(0, 1);
	for (uint32_t i = 0; i < n; i++) {
		cb_wait_front(0, 1);
		cb_wait_front(1, 1);
		cb_reserve_back(16, 1);

		tile_regs_acquire();
		if (get_compile_time_arg_val(0) == 0)
			add_tiles(0, 1, 0, 0, 0);
		else if (get_compile_time_arg_val(0) == 1)
			sub_tiles(0, 1, 0, 0, 0);
		else
			mul_tiles(0, 1, 0, 0, 0);
		tile_regs_commit();

		tile_regs_wait();
		pack_tile(0, 16);
		tile_regs_release();

		cb_pop_front(0, 1);
		cb_pop_front(1, 1);
		cb_push_back(16, 1);
	}
}
