// SPDX-License-Identifier: Apache-2.0
/*
 * Compute of the transpose + binary SFPU test: out = transpose(in0) op
 * in1 tile by tile, with the op on Dst tiles 0 and 1 by the SFPU
 * (eltwise_reader/eltwise_writer move the tiles, CBs 0 and 1 in, 16 out).
 * Compile-time arg 0: 0 add_binary_tile, 1 mul_binary_tile.  Args: tiles.
 */
#include "compute_kernel_api.h"

void kernel_main(void)
{
	uint32_t n = get_arg_val(0);

	transpose_wh_init(0, 16);
	for (uint32_t i = 0; i < n; i++) {
		cb_wait_front(0, 1);
		cb_wait_front(1, 1);
		cb_reserve_back(16, 1);

		tile_regs_acquire();
		transpose_wh_init_short(0);
		transpose_wh_tile(0, 0, 0);
		copy_tile_to_dst_init_short(1);
		copy_tile(1, 0, 1);
		if (get_compile_time_arg_val(0) == 0) {
			add_binary_tile_init();
			add_binary_tile(0, 1);
		} else {
			mul_binary_tile_init();
			mul_binary_tile(0, 1);
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
