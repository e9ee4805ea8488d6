// SPDX-License-Identifier: Apache-2.0
/*
 * Compute of the reduce test, shaped as tt-metal's reduce kernels: the
 * host picks the op with the REDUCE_OP and REDUCE_DIM defines.  Each of
 * the `outer` output tiles reduces `inner` input tiles of CB 0 into Dst
 * tile 0 with the scaler tile of CB 2, then goes to CB 16.
 * Args: outer, inner.
 */
#include "compute_kernel_api.h"

void kernel_main(void)
{
	uint32_t outer = get_arg_val(0), inner = get_arg_val(1);

	reduce_init(0, 2, 16);
	cb_wait_front(2, 1);
	for (uint32_t o = 0; o < outer; o++) {
		tile_regs_acquire();
		for (uint32_t i = 0; i < inner; i++) {
			cb_wait_front(0, 1);
			reduce_tile(0, 2, 0, 0, 0);
			cb_pop_front(0, 1);
		}
		tile_regs_commit();

		cb_reserve_back(16, 1);
		tile_regs_wait();
		pack_tile(0, 16);
		tile_regs_release();
		cb_push_back(16, 1);
	}
	reduce_uninit();
}
