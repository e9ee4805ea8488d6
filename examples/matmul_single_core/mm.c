// SPDX-License-Identifier: Apache-2.0
/*
 * Compute of matmul_single_core (the three TRISCs): each output tile is
 * the sum over k of in0[m][k] @ in1[k][n], accumulated in Dst tile 0 by
 * Kt matmul_tiles calls, then packed to CB 16.  Args: Mt, Kt, Nt.
 */
#include "compute_kernel_api.h"

void kernel_main(void)
{
	uint32_t mt = get_arg_val(0), kt = get_arg_val(1), nt = get_arg_val(2);

	mm_init(0, 1, 16);
	for (uint32_t t = 0; t < mt * nt; t++) {
		tile_regs_acquire();
		for (uint32_t k = 0; k < kt; k++) {
			cb_wait_front(0, 1);
			cb_wait_front(1, 1);
			matmul_tiles(0, 1, 0, 0, 0, false);
			cb_pop_front(0, 1);
			cb_pop_front(1, 1);
		}
		tile_regs_commit();

		cb_reserve_back(16, 1);
		tile_regs_wait();
		pack_tile(0, 16);
		tile_regs_release();
		cb_push_back(16, 1);
	}
}
